"""co-Pol₂(DD): the complements of dot-depth 3/2 (Π2[<, +1, min, max]): L is in it iff every s in
the BPol(DD)-orbit of every idempotent e of α(A⁺) is above e in the syntactic order, p·s·r ∈ L
implying p·e·r ∈ L (the complement's order is the reverse; decided, certified and re-checked by
:mod:`.pol_group_orbits`, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import CO_POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: co-Pol2(DD) (also typed co-Pol₂(DD))
CLASS = pol_group_orbit_class('co-Pol2(DD)', 'DD', CO_POL2,
                              (('DD1', 'BPol(DD) is closed under complement and inside Pol₂(DD)'),
                               ('co-Pol2(ST)', 'ST ⊆ DD, and Pol and BPol are monotone')),
                              "the complements of dot-depth 3/2: every BPol(DD)-orbit above its idempotent in the "
                              "syntactic order",
                              groups=())
