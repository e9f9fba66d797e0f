"""FL(MOD⁺): unary temporal logic with F, X and the MOD modalities, read from the first
position — the mirror of PL(MOD⁺) = LTL[P,Y,MOD] (τ_2s(L) locally R-trivial, §12.3).
Decided as rev(L) ∈ LTL[P,Y,MOD] (:mod:`.mirror`; docs/decision-procedures.md §13).
"""

from __future__ import annotations

from ...ltl.fragments import LTL_PY
from . import mod_locally_r_trivial
from .mirror import mirror_class

__all__ = ["CLASS"]

#: FL(MOD⁺), MeSCaL's name (typed FL(MOD+))
CLASS = mirror_class("FL(MOD⁺)", mod_locally_r_trivial.CLASS, LTL_PY, "mirror of tagged locally R-trivial",
                     (("FL(DD)", "no MOD modality needed"), ("FL(MOD)", "X not needed")),
                     "future unary temporal logic with F, X and the MOD modalities (the mirror of LTL[P,Y,MOD])",
                     bulk="FL(MOD⁺)")
