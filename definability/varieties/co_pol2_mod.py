"""co-Pol₂(MOD): the complements of the languages of Pol₂(MOD) = Pol(BPol(MOD)) — the Π2 of the
concatenation hierarchy over MOD —: L is in it iff every s in the BPol(MOD)-orbit
{x ∈ e·M·e : (x, e) a Pol(MOD)-pair} of every idempotent e is above e in the syntactic order,
p·s·r ∈ L implying p·e·r ∈ L (the order of the complement is the reverse; decided, certified and
re-checked by :mod:`.pol_group_orbits`, docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import CO_POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: co-Pol2(MOD) (also typed co-Pol₂(MOD))
CLASS = pol_group_orbit_class('co-Pol2(MOD)', 'MOD', CO_POL2,
                              (('BPol(MOD)', 'BPol(MOD) is closed under complement and inside Pol₂(MOD)'),
                               ('co-Pol2(ST)', 'ST ⊆ MOD, and Pol and BPol are monotone')),
                              "the complements of Pol₂(MOD): every BPol(MOD)-orbit above its idempotent in the "
                              "syntactic order",
                              groups=())
