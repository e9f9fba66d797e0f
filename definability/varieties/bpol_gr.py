"""BPol(GR): level one of the concatenation hierarchy over GR, the group languages — the
Boolean combinations of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ GR, L ∈ BPol(GR) iff
(qr)^ω st (st)^ω = (qr)^ω qt (st)^ω for every GR-pair (q, s) and all r, t (Place–Zeitoun;
decided, certified and re-checked by :mod:`.bpol_groups`, the pairs by
:func:`..algebra.group_pairs.gr_pairs`; docs/decision-procedures.md §14.8).
"""

from __future__ import annotations

from .bpol_groups import bpol_class

__all__ = ["CLASS"]

#: BPol(GR), MeSCaL's name
CLASS = bpol_class("BPol(GR)", "GR",
                   (("Pol(GR)", "Pol(GR) ⊆ BPol(GR): a union of marked products"),
                    ("BPol(AMT)", "AMT ⊆ GR"),
                    ("GR", "GR ⊆ BPol(GR): a group language is a marked product of length 0")),
                   "level one of the concatenation hierarchy over GR: Boolean combinations of L0a1L1…anLn with group"
                   " languages Li ((qr)^ω st (st)^ω = (qr)^ω qt (st)^ω for the GR-pairs (q, s): α⁻¹(q), α⁻¹(s) not "
                   "GR-separable, by their closures in the free group)")
