"""BPol₂(AMT⁺) = BPol(BPol(AMT⁺)): level two over AMT⁺ (MeSCaL's BPol₂(AMT⁺)). L is in it iff its
syntactic morphism satisfies UPol(BPol₂(AMT⁺))'s equation on the BPol(AMT⁺)-orbits and Knast's
equation on the BPol(AMT⁺)-sets (Place–Zeitoun); decided where two bounds on the BPol(AMT⁺)-sets
meet, certified and re-checked by :mod:`.bpol2_sets` (docs/decision-procedures.md §14.16).
"""

from __future__ import annotations

from .bpol2_sets import bpol2_class

__all__ = ["CLASS"]

#: BPol2(AMT⁺) (also typed BPol₂(AMT⁺), BPol2(AMT+))
CLASS = bpol2_class("BPol2(AMT⁺)", "AMT⁺",
                    (("Pol2(AMT⁺)", "Pol₂(AMT⁺) = Pol(BPol(AMT⁺)) ⊆ BPol(BPol(AMT⁺))"),
                     ("co-Pol2(AMT⁺)", "the complements of Pol₂(AMT⁺) ⊆ its Boolean closure"),
                     ("BPol(AMT⁺)", "BPol(AMT⁺) ⊆ Pol(BPol(AMT⁺)) ⊆ BPol₂(AMT⁺)"),
                     ("BPol2(ST)", "ST ⊆ AMT⁺, and BPol is monotone"),
                     ("BPol2(AMT)", "AMT ⊆ AMT⁺, and BPol is monotone"),
                     ("BPol2(DD)", "DD = ST⁺ ⊆ AMT⁺, and BPol is monotone")),
                    "level two over AMT⁺ (MeSCaL's BPol₂(AMT⁺)): UPol(BPol)'s equation on the BPol(AMT⁺)-orbits and "
                    "Knast's on the BPol(AMT⁺)-sets, where their two bounds meet")
