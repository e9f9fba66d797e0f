"""GR, the group languages: L is recognised by a finite group, i.e. its syntactic monoid is
a group, the variety G of the identity x^ω = 1 (every element has a power equal to 1;
equivalently every letter permutes the states of the minimal DFA, a permutation automaton).
MeSCaL names the class GR.  A "yes" is the identity check on the syntactic monoid (every
element instantiated), a "no" the instantiation x ↦ s with s^ω ≠ 1 realised as words and a
context the language separates (:mod:`.identities`), both re-checked by verify.
"""

from __future__ import annotations

from .identities import identity_class

__all__ = ["CLASS"]

#: the group languages: the syntactic monoid is a group
CLASS = identity_class("[x*=1]", monoid=True, name="GR", family="group",
                       inclusions=(("AMT", "a commutative group is a group"),
                                   ("MOD", "a cyclic group is a group")), groups=("groups",), bulk="GR",
                       summary="group languages: the syntactic monoid is a group (x^ω = 1; permutation "
                               "automata)")
