"""JOrb(AT): the languages whose AT-orbits are 𝒥-trivial (MeSCaL's JOrb(AT)) = PL(AT) ∩ FL(AT),
since a finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial and the two classes are
the same orbits ℛ-trivial, ℒ-trivial (:mod:`..contract.intersections`;
docs/decision-procedures.md §14.10–14.11).
"""

from __future__ import annotations

from . import future_at, past_at
from ..contract.intersections import intersection_class

__all__ = ["CLASS"]

#: JOrb(AT)
CLASS = intersection_class('JOrb(AT)', (past_at.CLASS, future_at.CLASS), "J-trivial orbits",
                           (('PT', '𝒥-triviality passes to submonoids: a PT language has 𝒥-trivial AT-orbits'),),
                           "the AT-orbits J-trivial, MeSCaL's JOrb(AT): PL(AT) ∩ FL(AT)", groups=("navigational",))
