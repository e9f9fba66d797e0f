"""co-Pol₂(AMT): the complements of the languages of Pol₂(AMT) = Pol(BPol(AMT)) — the Π2 of the
concatenation hierarchy over AMT —: L is in it iff every s in the BPol(AMT)-orbit
{x ∈ e·M·e : (x, e) a Pol(AMT)-pair} of every idempotent e is above e in the syntactic order,
p·s·r ∈ L implying p·e·r ∈ L (the order of the complement is the reverse; decided, certified and
re-checked by :mod:`.pol_group_orbits`, docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import CO_POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: co-Pol2(AMT) (also typed co-Pol₂(AMT))
CLASS = pol_group_orbit_class('co-Pol2(AMT)', 'AMT', CO_POL2,
                              (('BPol(AMT)', 'BPol(AMT) is closed under complement and inside Pol₂(AMT)'),
                               ('co-Pol2(ST)', 'ST ⊆ AMT, and Pol and BPol are monotone')),
                              "the complements of Pol₂(AMT): every BPol(AMT)-orbit above its idempotent in the "
                              "syntactic order",
                              groups=())
