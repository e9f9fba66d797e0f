"""COM, the commutative languages: membership does not depend on the order of the letters
(u ∈ L iff every permutation of u is), i.e. the syntactic monoid is commutative, the variety
Com of the identity xy = yx (Eilenberg).  Decided on the letters' maps at any size
(:mod:`.letter_actions`: the monoid is commutative iff the letters commute); a "no" is the
instantiation (x, y) ↦ (a, b) for two letters with ab ≠ ba realised as words and a context, both
re-checked by verify.
"""

from __future__ import annotations

from .letter_actions import letter_action_class

__all__ = ["CLASS"]

#: the commutative languages (xy = yx); the two classes below are the commutative ones of
#: their kind
CLASS = letter_action_class("COM", "[xy=yx]", False, True,
                            (("AMT", "a commutative group is commutative"),
                             ("MOD⁺", "a permutation of the letters keeps the length and emptiness"),
                             ("AMT⁺", "a commutative semigroup, with the identity adjoined or not, is a "
                                      "commutative monoid")),
                            "commutative languages: the letters' order does not matter (xy = yx)", bulk="COM")
