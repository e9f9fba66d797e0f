"""Pol(AMT): the finite unions of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ AMT (letter-count-
modulo languages) — level 1/2 of the concatenation hierarchy over AMT. L ∈ Pol(AMT) iff q^ω
s q^ω ≤ q^{ω+1} in Pin's order for every AMT-pair (q, s) (Place–Zeitoun; decided, certified
and re-checked by :mod:`.pol_groups`, the pairs by :mod:`..algebra.group_pairs`;
docs/decision-procedures.md §14.9).
"""

from __future__ import annotations

from .pol_groups import pol_class

__all__ = ["CLASS"]

#: Pol(AMT), MeSCaL's name
CLASS = pol_class("Pol(AMT)", "AMT",
                  (("Pol(MOD)", "MOD ⊆ AMT"),
                   ("AMT", "AMT ⊆ Pol(AMT): an AMT language is a marked product of length 0")),
                  "level 1/2 of the concatenation hierarchy over AMT: unions of L0a1L1…anLn with letter-count-modulo "
                  "languages Li (q^ω s q^ω ≤ q^{ω+1}, Pin's order, for the AMT-pairs (q, s))")
