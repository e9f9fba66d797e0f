"""Pol(GR): the finite unions of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ GR (group languages) —
level 1/2 of the concatenation hierarchy over GR.  L ∈ Pol(GR) iff q^ω s q^ω ≤ q^{ω+1} in
Pin's order for every GR-pair (q, s) (Place–Zeitoun; decided, certified and re-checked by
:mod:`.pol_groups`, the pairs by :mod:`..algebra.group_pairs`; docs/decision-procedures.md
§14.9).
"""

from __future__ import annotations

from .pol_groups import pol_class

__all__ = ["CLASS"]

#: Pol(GR), MeSCaL's name
CLASS = pol_class("Pol(GR)", "GR",
                  (("Pol(AMT)", "AMT ⊆ GR"),
                   ("GR", "GR ⊆ Pol(GR): a GR language is a marked product of length 0")),
                  "level 1/2 of the concatenation hierarchy over GR: unions of L0a1L1…anLn with group languages Li "
                  "(q^ω s q^ω ≤ q^{ω+1}, Pin's order, for the GR-pairs (q, s))")
