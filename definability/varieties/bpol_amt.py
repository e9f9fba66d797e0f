"""BPol(AMT): level one of the concatenation hierarchy over AMT, the languages of the letter counts modulo m — the
Boolean combinations of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ AMT, L ∈ BPol(AMT) iff
(qr)^ω st (st)^ω = (qr)^ω qt (st)^ω for every AMT-pair (q, s) and all r, t (Place–Zeitoun;
decided, certified and re-checked by :mod:`.bpol_groups`, the pairs by
:func:`..algebra.group_pairs.amt_pairs`; docs/decision-procedures.md §14.8).
"""

from __future__ import annotations

from .bpol_groups import bpol_class

__all__ = ["CLASS"]

#: BPol(AMT), MeSCaL's name
CLASS = bpol_class("BPol(AMT)", "AMT",
                   (("Pol(AMT)", "Pol(AMT) ⊆ BPol(AMT): a union of marked products"),
                    ("BPol(MOD)", "MOD ⊆ AMT"),
                    ("AMT", "AMT ⊆ BPol(AMT): an AMT language is a marked product of length 0")),
                   "level one of the concatenation hierarchy over AMT: Boolean combinations of L0a1L1…anLn with "
                   "letter-count-modulo languages Li ((qr)^ω st (st)^ω = (qr)^ω qt (st)^ω for the AMT-pairs (q, s))")
