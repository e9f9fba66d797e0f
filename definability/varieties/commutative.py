"""COM, the commutative languages: membership does not depend on the order of the letters
(u ∈ L iff every permutation of u is), i.e. the syntactic monoid is commutative, the variety
Com of the identity xy = yx (Eilenberg).  A "yes" is the identity check on the syntactic
monoid, a "no" the instantiation (x, y) ↦ (s, t) with st ≠ ts realised as words and a
context (:mod:`.identities`), both re-checked by verify.
"""

from __future__ import annotations

from .identities import identity_class

__all__ = ["CLASS"]

#: the commutative languages (xy = yx); the two classes below are the commutative ones of
#: their kind
CLASS = identity_class("[xy=yx]", monoid=True, name="COM", family="commutative",
                       inclusions=(("AMT", "a commutative group is commutative"),
                                   ("MOD⁺", "a permutation of the letters keeps the length and emptiness"),
                                   ("AMT⁺", "a commutative semigroup, with the identity adjoined or not, is a "
                                            "commutative monoid")),
                       groups=("groups",), bulk="COM",
                       summary="commutative languages: the letters' order does not matter (xy = yx)")
