"""FL(MOD): unary temporal logic with F and the MOD modalities ("a later position whose
infix with this one has a length ≡ r mod m"), read from the first position — the mirror of
PL(MOD) = LTL[P,MOD] (every component of the minimal DFA a counter, §12.4).  Decided as
rev(L) ∈ LTL[P,MOD] (:mod:`.mirror`; docs/decision-procedures.md §13): "yes" with the
LTL[P,MOD] formula of rev(L) — its MOD[m,r] atoms count the positions of rev(w) from its
start, i.e. those of w from its end —, "no" with LTL[P,MOD]'s witness for rev(L), reversed.
"""

from __future__ import annotations

from ...ltl.fragments import LTL_P
from . import mod_r_trivial
from .mirror import mirror_class

__all__ = ["CLASS"]

#: FL(MOD), MeSCaL's name
CLASS = mirror_class("FL(MOD)", mod_r_trivial.CLASS, LTL_P, "mirror of counter components",
                     (("FL(ST)", "no MOD modality needed"),
                      ("MOD⁺", "MOD⁺ is closed under reversal and MOD⁺ ⊆ LTL[P,MOD]")),
                     "future unary temporal logic with F and the MOD modalities (the mirror of LTL[P,MOD])",
                     bulk="FL(MOD)")
