"""JOrb(GR): the languages whose GR-orbits are 𝒥-trivial (MeSCaL's JOrb(GR)) = PL(GR) ∩ FL(GR), since a
finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial and the two classes are the
same orbits ℛ-trivial, ℒ-trivial (:mod:`..contract.intersections`; docs/decision-procedures.md §14.10).
"""

from __future__ import annotations

from . import past_gr, future_gr
from ..contract.intersections import intersection_class

__all__ = ["CLASS"]

#: JOrb(GR)
CLASS = intersection_class('JOrb(GR)', (past_gr.CLASS, future_gr.CLASS), "J-trivial orbits",
                           (('JOrb(AMT)', 'the GR-kernel lies in the AMT-kernel'),),
                           "the GR-kernel (Ash's type-II submonoid) J-trivial: PL(GR) ∩ FL(GR)")
