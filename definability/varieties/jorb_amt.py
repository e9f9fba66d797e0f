"""JOrb(AMT): the languages whose AMT-orbits are 𝒥-trivial (MeSCaL's JOrb(AMT)) = PL(AMT) ∩ FL(AMT), since a
finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial and the two classes are the
same orbits ℛ-trivial, ℒ-trivial (:mod:`..contract.intersections`; docs/decision-procedures.md §14.10).
"""

from __future__ import annotations

from . import past_amt, future_amt
from ..contract.intersections import intersection_class

__all__ = ["CLASS"]

#: JOrb(AMT)
CLASS = intersection_class('JOrb(AMT)', (past_amt.CLASS, future_amt.CLASS), "J-trivial orbits",
                           (('JOrb(MOD)', 'the AMT-kernel lies in the MOD-kernel'),),
                           "the AMT-kernel J-trivial, MeSCaL's JOrb(AMT): PL(AMT) ∩ FL(AMT)")
