"""BPol₂(GR⁺) = BPol(BPol(GR⁺)): level two over GR⁺ (MeSCaL's BPol₂(GR⁺)). L is in it iff its
syntactic morphism satisfies UPol(BPol₂(GR⁺))'s equation on the BPol(GR⁺)-orbits and Knast's
equation on the BPol(GR⁺)-sets (Place–Zeitoun); decided where two bounds on the BPol(GR⁺)-sets
meet, certified and re-checked by :mod:`.bpol2_sets` (docs/decision-procedures.md §14.16).
"""

from __future__ import annotations

from .bpol2_sets import bpol2_class

__all__ = ["CLASS"]

#: BPol2(GR⁺) (also typed BPol₂(GR⁺), BPol2(GR+))
CLASS = bpol2_class("BPol2(GR⁺)", "GR⁺",
                    (("Pol2(GR⁺)", "Pol₂(GR⁺) = Pol(BPol(GR⁺)) ⊆ BPol(BPol(GR⁺))"),
                     ("co-Pol2(GR⁺)", "the complements of Pol₂(GR⁺) ⊆ its Boolean closure"),
                     ("BPol(GR⁺)", "BPol(GR⁺) ⊆ Pol(BPol(GR⁺)) ⊆ BPol₂(GR⁺)"),
                     ("BPol2(ST)", "ST ⊆ GR⁺, and BPol is monotone"),
                     ("BPol2(GR)", "GR ⊆ GR⁺, and BPol is monotone"),
                     ("BPol2(DD)", "DD = ST⁺ ⊆ GR⁺, and BPol is monotone")),
                    "level two over GR⁺ (MeSCaL's BPol₂(GR⁺)): UPol(BPol)'s equation on the BPol(GR⁺)-orbits and "
                    "Knast's on the BPol(GR⁺)-sets, where their two bounds meet")
