"""GR⁺, MeSCaL's semigroup version of GR (Place and Zeitoun's well-suited extension: the
Boolean combinations of the group languages and of {ε}): on the non-empty words L agrees
with a group language, ε in or out freely.

**Theorem.** L ∈ GR⁺ iff its syntactic *semigroup* S = φ(A⁺) is a group, i.e. satisfies the
identities x^ω·y = y = y·x^ω (every idempotent is neutral; a finite semigroup whose
idempotents are all neutral has one idempotent e, the identity, and x·x^(ω−1) = e makes
every x invertible).  *Proof.* (⇒) If L ∩ A⁺ = K ∩ A⁺ with K recognised by a finite group
G, two non-empty words in a context are both non-empty, so a context tells them apart for L
iff for K: S is a quotient of ψ(A⁺) ⊆ G, a finite subsemigroup of a group — a subgroup —,
and a quotient of a group is a group.  (⇐) With S a group of identity 1_S, sending ε to 1_S
extends φ to a morphism A* → S; the preimage K of φ(L ∩ A⁺) is a group language with
K ∩ A⁺ = L ∩ A⁺, and L is K, K ∪ {ε} or K ∖ {ε}.  ∎

On the minimal DFA (S its transition semigroup): the letters act with one image I and one
kernel, I a transversal of it — then every product does, and S is one ℋ-class of the full
transformation monoid, a group.  Note: one 𝒥-class is *not* enough (a finite simple
semigroup is a Rees matrix semigroup over a group: "ends with a, or ε" has S = {a, b} with
x·y = y, one 𝒥-class and two ℒ-classes, and is not in GR⁺ — b·a^N ∈ L and b ∉ L for every
N, while a group language has b·a^N ≡ b for N a multiple of its group's exponent).

A "yes" is the identity check on S, a "no" the violating instantiation (x, y) ↦ (e, s)
realised as words and a context the language separates (:mod:`.identities`), both
re-checked by verify.
"""

from __future__ import annotations

from .identities import identity_class

__all__ = ["CLASS"]

#: GR⁺: the syntactic semigroup is a group
CLASS = identity_class("[x*y=y; yx*=y]", monoid=False, name="GR⁺", family="group (semigroup)",
                       inclusions=(("GR", "a group language is one on the non-empty words too"),
                                   ("AMT⁺", "a commutative group is a group")),
                       groups=("groups",), bulk="GR⁺",
                       summary="group languages on the non-empty words, ε apart: the syntactic semigroup is "
                               "a group (x^ω y = y = y x^ω)")
