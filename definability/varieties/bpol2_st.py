"""BPol₂(ST) = BΣ2[<]: level two of the Straubing–Thérien hierarchy, the Boolean combinations of
Σ2[<] sentences (of unions of A0*·a1·A1* ⋯ an·An*).  L ∈ BPol₂(ST) iff its syntactic morphism
satisfies UPol(BPol(PT))'s equation on the AT-orbits and Knast's equation on the AT-sets
(Place–Zeitoun; decided, certified and re-checked by :mod:`.level_two_st`;
docs/decision-procedures.md §14.13).
"""

from __future__ import annotations

from .level_two_st import level_two_class

__all__ = ["CLASS"]

#: BPol₂(ST), MeSCaL's name (typed BPol2(ST))
CLASS = level_two_class("BPol2(ST)", True,
                        (("Pol2(ST)", "Σ2 = Pol(BPol(ST)) ⊆ BPol(BPol(ST))"),
                         ("co-Pol2(ST)", "Π2, the complements of Σ2, ⊆ its Boolean closure"),
                         ("DD1", "dot-depth one ⊆ level two of Straubing–Thérien (Straubing 1985: B_n ⊆ V_{n+1})")),
                        "BΣ2[<], level two of the Straubing–Thérien hierarchy (MeSCaL's BPol₂(ST)): Boolean "
                        "combinations of A0*a1A1*…anAn* (UPol(BPol)'s equation on the AT-orbits and Knast's on the "
                        "AT-sets)")
