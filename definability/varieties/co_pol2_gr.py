"""co-Pol₂(GR): the complements of the languages of Pol₂(GR) = Pol(BPol(GR)) — the Π2 of the
concatenation hierarchy over GR —: L is in it iff every s in the BPol(GR)-orbit
{x ∈ e·M·e : (x, e) a Pol(GR)-pair} of every idempotent e is above e in the syntactic order,
p·s·r ∈ L implying p·e·r ∈ L (the order of the complement is the reverse; decided, certified and
re-checked by :mod:`.pol_group_orbits`, docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import CO_POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: co-Pol2(GR) (also typed co-Pol₂(GR))
CLASS = pol_group_orbit_class('co-Pol2(GR)', 'GR', CO_POL2,
                              (('BPol(GR)', 'BPol(GR) is closed under complement and inside Pol₂(GR)'),
                               ('co-Pol2(ST)', 'ST ⊆ GR, and Pol and BPol are monotone')),
                              "the complements of Pol₂(GR): every BPol(GR)-orbit above its idempotent in the "
                              "syntactic order",
                              groups=())
