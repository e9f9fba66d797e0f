"""JOrb(DD): the languages whose DD-orbits are 𝒥-trivial (MeSCaL's JOrb(DD)) = LTL[P,Y] ∩ FL(DD), since a
finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial and the two classes are the
same orbits ℛ-trivial, ℒ-trivial (:mod:`..contract.intersections`; docs/decision-procedures.md §14.10).
"""

from __future__ import annotations

from . import locally_r_trivial, future_dd
from ..contract.intersections import intersection_class

__all__ = ["CLASS"]

#: JOrb(DD)
CLASS = intersection_class('JOrb(DD)', (locally_r_trivial.CLASS, future_dd.CLASS), "J-trivial orbits",
                           (('PT', "a J-trivial monoid's submonoids eS¹e are J-trivial"),),
                           "the DD-orbits eS¹e J-trivial (locally J-trivial), MeSCaL's JOrb(DD): LTL[P,Y] ∩ FL(DD)",
                           bulk='JOrb(DD)')
