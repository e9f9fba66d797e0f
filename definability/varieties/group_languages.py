"""GR, the group languages: L is recognised by a finite group, i.e. its syntactic monoid is
a group, the variety G of the identity x^ω = 1 (every element has a power equal to 1;
equivalently every letter permutes the states of the minimal DFA, a permutation automaton).
MeSCaL names the class GR.  Decided on the letters' maps at any size (:mod:`.letter_actions`:
the monoid is a group iff every letter permutes the states); a "no" is the instantiation
x ↦ a^k (a letter a that is no permutation, a^k idempotent) realised as words with a context
the language separates, both re-checked by verify.
"""

from __future__ import annotations

from .letter_actions import letter_action_class

__all__ = ["CLASS"]

#: the group languages: the syntactic monoid is a group
CLASS = letter_action_class("GR", "[x*=1]", True, False,
                            (("AMT", "a commutative group is a group"), ("MOD", "a cyclic group is a group")),
                            "group languages: the syntactic monoid is a group (x^ω = 1; permutation automata)",
                            bulk="GR")
