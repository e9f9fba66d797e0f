"""JOrb(AMT⁺): the languages whose AMT⁺-orbits are 𝒥-trivial (MeSCaL's JOrb(AMT⁺)) = PL(AMT⁺) ∩ FL(AMT⁺), since a
finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial and the two classes are the
same orbits ℛ-trivial, ℒ-trivial (:mod:`..contract.intersections`; docs/decision-procedures.md §14.10).
"""

from __future__ import annotations

from . import past_amt_plus, future_amt_plus
from ..contract.intersections import intersection_class

__all__ = ["CLASS"]

#: JOrb(AMT⁺)
CLASS = intersection_class('JOrb(AMT⁺)', (past_amt_plus.CLASS, future_amt_plus.CLASS), "J-trivial orbits",
                           (('JOrb(MOD⁺)', 'an AMT⁺-orbit lies in the MOD⁺-orbit of its idempotent'),
                           ('JOrb(AMT)', 'an AMT⁺-orbit eKe lies in the AMT-kernel K (e ∈ K)'),),
                           "every AMT⁺-orbit eKe J-trivial, MeSCaL's JOrb(AMT⁺): PL(AMT⁺) ∩ FL(AMT⁺)")
