"""FL(DD): unary temporal logic with the future modalities F and X, read from the first
position — the mirror of PL(DD) = LTL[P,Y] (locally R-trivial, §3.3), so the locally
L-trivial languages.  Decided as rev(L) ∈ LTL[P,Y] (:mod:`.mirror`;
docs/decision-procedures.md §13).
"""

from __future__ import annotations

from ...ltl.fragments import LTL_PY
from . import locally_r_trivial
from .mirror import mirror_class

__all__ = ["CLASS"]

#: FL(DD), MeSCaL's name
CLASS = mirror_class("FL(DD)", locally_r_trivial.CLASS, LTL_PY, "mirror of locally R-trivial",
                     (("FL(ST)", "F is X F: every FL(ST) formula is an FL(DD) formula"),),
                     "future unary temporal logic with F and X (the mirror of LTL[P,Y]: locally L-trivial)",
                     bulk="FL(DD)")
