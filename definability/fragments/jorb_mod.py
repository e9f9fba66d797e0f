"""JOrb(MOD): the languages whose MOD-orbits are 𝒥-trivial (MeSCaL's JOrb(MOD)) = LTL[P,MOD] ∩ FL(MOD), since a
finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial and the two classes are the
same orbits ℛ-trivial, ℒ-trivial (:mod:`..contract.intersections`; docs/decision-procedures.md §14.10).
"""

from __future__ import annotations

from . import mod_r_trivial, future_mod
from ..contract.intersections import intersection_class

__all__ = ["CLASS"]

#: JOrb(MOD)
CLASS = intersection_class('JOrb(MOD)', (mod_r_trivial.CLASS, future_mod.CLASS), "J-trivial orbits",
                           (('PT', "a J-trivial monoid's submonoids are J-trivial"),),
                           "the MOD-kernel J-trivial, MeSCaL's JOrb(MOD): LTL[P,MOD] ∩ FL(MOD)",
                           bulk='JOrb(MOD)')
