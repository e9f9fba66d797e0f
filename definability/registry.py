"""The registry of decision procedures, one per fragment family, in the order the
classification runs them (later procedures may use earlier answers through known
inclusions).  A new procedure is one new module exposing ``PROCEDURE`` plus one line here.
"""

from __future__ import annotations

from ..errors import InputError
from ..ltl.fragments import Fragment
from . import aperiodic, definite, locally_r_trivial, r_trivial, windows
from .procedure import Procedure

__all__ = ["PROCEDURES", "procedure_for"]

PROCEDURES: tuple[Procedure, ...] = (
    r_trivial.PROCEDURE,          # LTL[P]
    definite.PROCEDURE,           # LTL[Y]
    locally_r_trivial.PROCEDURE,  # LTL[P,Y]
    aperiodic.PROCEDURE,          # LTL[S]
    windows.PROCEDURE,            # LTL[Y<=k], LTL[P,Y<=k], k ≥ 2
)


def procedure_for(fragment: Fragment) -> Procedure:
    """The first registered procedure that handles ``fragment``."""
    for p in PROCEDURES:
        if p.handles(fragment):
            return p
    raise InputError(f"no decision procedure handles {fragment}")  # pragma: no cover
