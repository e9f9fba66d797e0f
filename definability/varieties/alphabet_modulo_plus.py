"""AMT⁺, MeSCaL's semigroup version of AMT (Place and Zeitoun's well-suited extension: the
Boolean combinations of the alphabet modulo testable languages and of {ε}): membership of a
*non-empty* word depends only on its letters' counts modulo some n, ε in or out freely.

**Theorem.** L ∈ AMT⁺ iff its syntactic semigroup S = φ(A⁺) is a commutative group, the
identities x·y = y·x and x^ω·y = y.  *Proof.* As for GR⁺ (:mod:`.group_languages_plus`),
with commutative groups: a subsemigroup of a finite commutative group is a commutative
group, and so is its quotient; conversely the preimage of φ(L ∩ A⁺) under φ extended by
ε ↦ 1_S is recognised by the commutative group S, i.e. is AMT (Eilenberg: the commutative
group languages are the Boolean combinations of {w : |w|_a ≡ r (mod n)}).  With xy = yx,
x^ω y = y already makes every idempotent neutral.  ∎  Not the same as "the syntactic
monoid is commutative and S is a group" read on one 𝒥-class (see GR⁺'s note):
"ends with a, or ε" is not AMT⁺.

A "yes" is the identity check on S, a "no" the violating instantiation realised as words and
a context (:mod:`.identities`), both re-checked by verify.
"""

from __future__ import annotations

from .identities import identity_class

__all__ = ["CLASS"]

#: AMT⁺: the syntactic semigroup is a commutative group
CLASS = identity_class("[xy=yx; x*y=y]", monoid=False, name="AMT⁺", family="commutative group (semigroup)",
                       inclusions=(("AMT", "an AMT language is one on the non-empty words too"),
                                   ("MOD⁺", "the length modulo m is a count of the letters")),
                       groups=("groups",), bulk="AMT⁺",
                       summary="letters' counts modulo n on the non-empty words, ε apart: the syntactic "
                               "semigroup is a commutative group (xy = yx, x^ω y = y)")
