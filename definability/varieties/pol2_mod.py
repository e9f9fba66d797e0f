"""Pol₂(MOD) = Pol(BPol(MOD)): level 3/2 of the concatenation hierarchy over MOD — finite unions of
L0·a1·L1 ⋯ an·Ln with every Li in BPol(MOD) —, MeSCaL's Pol₂(MOD): L is in it iff every s in the
BPol(MOD)-orbit {x ∈ e·M·e : (x, e) a Pol(MOD)-pair} of every idempotent e is below e in the
syntactic order, p·e·r ∈ L implying p·s·r ∈ L (Place–Zeitoun; decided, certified and re-checked
by :mod:`.pol_group_orbits`, docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: Pol2(MOD) (also typed Pol₂(MOD))
CLASS = pol_group_orbit_class('Pol2(MOD)', 'MOD', POL2,
                              (('Pol(MOD)', 'MOD ⊆ BPol(MOD) and Pol is monotone'),
                               ('BPol(MOD)', 'BPol(MOD) ⊆ Pol(BPol(MOD))'),
                               ('Pol2(ST)', 'ST ⊆ MOD, and Pol and BPol are monotone')),
                              "level 3/2 of the concatenation hierarchy over MOD, MeSCaL's Pol₂(MOD): every "
                              "BPol(MOD)-orbit below its idempotent in the syntactic order",
                              groups=())
