"""BPol₂(MOD⁺) = BPol(BPol(MOD⁺)): level two over MOD⁺, BΣ2[<,+1,MOD] (MeSCaL's BPol₂(MOD⁺)). L is
in it iff its syntactic morphism satisfies UPol(BPol₂(MOD⁺))'s equation on the BPol(MOD⁺)-orbits
and Knast's equation on the BPol(MOD⁺)-sets (Place–Zeitoun); decided where two bounds on the
BPol(MOD⁺)-sets meet, certified and re-checked by :mod:`.bpol2_sets` (docs/decision-
procedures.md §14.16).
"""

from __future__ import annotations

from .bpol2_sets import bpol2_class

__all__ = ["CLASS"]

#: BPol2(MOD⁺) (also typed BPol₂(MOD⁺), BPol2(MOD+))
CLASS = bpol2_class("BPol2(MOD⁺)", "MOD⁺",
                    (("Pol2(MOD⁺)", "Pol₂(MOD⁺) = Pol(BPol(MOD⁺)) ⊆ BPol(BPol(MOD⁺))"),
                     ("co-Pol2(MOD⁺)", "the complements of Pol₂(MOD⁺) ⊆ its Boolean closure"),
                     ("BPol(MOD⁺)", "BPol(MOD⁺) ⊆ Pol(BPol(MOD⁺)) ⊆ BPol₂(MOD⁺)"),
                     ("BPol2(ST)", "ST ⊆ MOD⁺, and BPol is monotone"),
                     ("BPol2(MOD)", "MOD ⊆ MOD⁺, and BPol is monotone"),
                     ("BPol2(DD)", "DD = ST⁺ ⊆ MOD⁺, and BPol is monotone")),
                    "level two over MOD⁺, BΣ2[<,+1,MOD] (MeSCaL's BPol₂(MOD⁺)): UPol(BPol)'s equation on the "
                    "BPol(MOD⁺)-orbits and Knast's on the BPol(MOD⁺)-sets, where their two bounds meet")
