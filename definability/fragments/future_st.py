"""FL(ST): unary temporal logic with the future modality F, read from the first position —
the mirror of PL(ST) = LTL[P] (R-trivial, §3.1), so the L-trivial languages.  Decided as
rev(L) ∈ LTL[P] (:mod:`.mirror`; docs/decision-procedures.md §13): "yes" with the LTL[P]
formula of rev(L), "no" with LTL[P]'s witness pair for rev(L), its words reversed.
"""

from __future__ import annotations

from ...ltl.fragments import LTL_P
from . import r_trivial
from .mirror import mirror_class

__all__ = ["CLASS"]

#: FL(ST), MeSCaL's name; the L-trivial languages
CLASS = mirror_class("FL(ST)", r_trivial.CLASS, LTL_P, "mirror of R-trivial",
                     (), "future unary temporal logic with F (the mirror of LTL[P]: L-trivial)", bulk="FL(ST)")
