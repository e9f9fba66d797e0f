"""BPol₂(DD) = BPol(BPol(DD)): dot-depth two, BΣ2[<,+1] (MeSCaL's BPol₂(DD)). L is in it iff its
syntactic morphism satisfies UPol(BPol₂(DD))'s equation on the BPol(DD)-orbits and Knast's
equation on the BPol(DD)-sets (Place–Zeitoun); decided where two bounds on the BPol(DD)-sets
meet, certified and re-checked by :mod:`.bpol2_sets` (docs/decision-procedures.md §14.16).
"""

from __future__ import annotations

from .bpol2_sets import bpol2_class

__all__ = ["CLASS"]

#: BPol2(DD) (also typed BPol₂(DD))
CLASS = bpol2_class("BPol2(DD)", "DD",
                    (("Pol2(DD)", "Pol₂(DD) = Pol(BPol(DD)) ⊆ BPol(BPol(DD))"),
                     ("co-Pol2(DD)", "the complements of Pol₂(DD) ⊆ its Boolean closure"),
                     ("DD1", "BPol(DD) ⊆ Pol(BPol(DD)) ⊆ BPol₂(DD)"),
                     ("BPol2(ST)", "ST ⊆ DD, and BPol is monotone")),
                    "dot-depth two, BΣ2[<,+1] (MeSCaL's BPol₂(DD)): UPol(BPol)'s equation on the BPol(DD)-orbits and "
                    "Knast's on the BPol(DD)-sets, where their two bounds meet")
