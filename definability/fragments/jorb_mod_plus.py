"""JOrb(MOD⁺): the languages whose MOD⁺-orbits are 𝒥-trivial (MeSCaL's JOrb(MOD⁺)) = LTL[P,Y,MOD] ∩ FL(MOD⁺), since a
finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial and the two classes are the
same orbits ℛ-trivial, ℒ-trivial (:mod:`..contract.intersections`; docs/decision-procedures.md §14.10).
"""

from __future__ import annotations

from . import mod_locally_r_trivial, future_mod_plus
from ..contract.intersections import intersection_class

__all__ = ["CLASS"]

#: JOrb(MOD⁺)
CLASS = intersection_class('JOrb(MOD⁺)', (mod_locally_r_trivial.CLASS, future_mod_plus.CLASS), "J-trivial orbits",
                           (('JOrb(DD)', 'a MOD⁺-orbit eKe lies in the DD-orbit eS¹e'),
                           ('JOrb(MOD)', 'a MOD⁺-orbit eKe lies in the MOD-kernel K (e ∈ K)'),),
                           "every MOD⁺-orbit eKe J-trivial, MeSCaL's JOrb(MOD⁺): LTL[P,Y,MOD] ∩ FL(MOD⁺)",
                           bulk='JOrb(MOD⁺)')
