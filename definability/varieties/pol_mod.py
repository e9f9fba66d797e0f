"""Pol(MOD): the finite unions of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ MOD (length classes) —
level 1/2 of the concatenation hierarchy over MOD.  L ∈ Pol(MOD) iff q^ω s q^ω ≤ q^{ω+1} in
Pin's order for every MOD-pair (q, s) (Place–Zeitoun; decided, certified and re-checked by
:mod:`.pol_groups`, the pairs by :mod:`..algebra.group_pairs`; docs/decision-procedures.md
§14.9).
"""

from __future__ import annotations

from .pol_groups import pol_class

__all__ = ["CLASS"]

#: Pol(MOD), MeSCaL's name
CLASS = pol_class("Pol(MOD)", "MOD",
                  (("Pol(ST)", "ST ⊆ MOD, Pol(ST) the polynomial closure of ST"),
                   ("MOD", "MOD ⊆ Pol(MOD): a length class is a marked product of length 0")),
                  "level 1/2 of the concatenation hierarchy over MOD: unions of L0a1L1…anLn with length classes Li "
                  "(q^ω s q^ω ≤ q^{ω+1}, Pin's order, for the MOD-pairs (q, s))")
