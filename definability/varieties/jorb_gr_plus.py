"""JOrb(GR⁺): the languages whose GR⁺-orbits are 𝒥-trivial (MeSCaL's JOrb(GR⁺)) = PL(GR⁺) ∩ FL(GR⁺), since a
finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial and the two classes are the
same orbits ℛ-trivial, ℒ-trivial (:mod:`..contract.intersections`; docs/decision-procedures.md §14.10).
"""

from __future__ import annotations

from . import past_gr_plus, future_gr_plus
from ..contract.intersections import intersection_class

__all__ = ["CLASS"]

#: JOrb(GR⁺)
CLASS = intersection_class('JOrb(GR⁺)', (past_gr_plus.CLASS, future_gr_plus.CLASS), "J-trivial orbits",
                           (('JOrb(AMT⁺)', 'a GR⁺-orbit lies in the AMT⁺-orbit of its idempotent'),
                           ('JOrb(GR)', 'a GR⁺-orbit eKe lies in the GR-kernel K (e ∈ K)'),),
                           "every GR⁺-orbit eKe J-trivial, MeSCaL's JOrb(GR⁺): PL(GR⁺) ∩ FL(GR⁺)")
