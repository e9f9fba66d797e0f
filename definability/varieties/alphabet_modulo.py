"""AMT, the alphabet modulo testable languages (MeSCaL's name): membership depends only on
the number of occurrences of each letter modulo some n, i.e. the syntactic monoid is a
commutative group, the variety Ab of the identities xy = yx and x^ω = 1 (Eilenberg).  Decided
on the letters' maps at any size (:mod:`.letter_actions`: every letter a permutation, the
letters commuting); a "no" is an instantiation of the identity that fails, by letters, realised
as words and a context, both re-checked by verify.
"""

from __future__ import annotations

from .letter_actions import letter_action_class

__all__ = ["CLASS"]

#: the languages of a commutative group: letter counts modulo n
CLASS = letter_action_class("AMT", "[xy=yx; x*=1]", True, True,
                            (("MOD", "a cyclic group is a commutative group (the length counts the letters)"),),
                            "alphabet modulo testable: the letters' counts modulo n (a commutative group: xy = yx, "
                            "x^ω = 1)", bulk="AMT")
