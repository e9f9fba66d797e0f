"""UPol(BPol₂(ST)): the unambiguous polynomial closure of level two of the Straubing–Thérien
hierarchy — disjoint unions of unambiguous products L0·a1·L1 ⋯ an·Ln with Li ∈ BΣ2[<].  L is in it
iff (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every idempotent e, every s in the AT-orbit of e
and every t (Place–Zeitoun; decided, certified and re-checked by :mod:`.level_two_st`;
docs/decision-procedures.md §14.13).
"""

from __future__ import annotations

from .level_two_st import level_two_class

__all__ = ["CLASS"]

#: UPol(BPol₂(ST)), MeSCaL's name (its UBPol₂(ST); typed UPol(BPol2(ST)))
CLASS = level_two_class("UPol(BPol2(ST))", False,
                        (("BPol2(ST)", "D ⊆ UPol(D)"),
                         ("FO2[<]", "DA = UPol(BPol(ST)) ⊆ UPol(BPol₂(ST))")),
                        "the unambiguous products of BΣ2[<] languages (MeSCaL's UBPol₂(ST)): (esete)^{ω+1} = "
                        "(esete)^ω ete (esete)^ω for s in the AT-orbit of e")
