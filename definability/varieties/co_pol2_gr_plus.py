"""co-Pol₂(GR⁺): the complements of Pol₂(GR⁺): L is in it iff every s in the BPol(GR⁺)-orbit of
every idempotent e of α(A⁺) is above e in the syntactic order (the complement's order is the
reverse; decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the GR⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import CO_POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: co-Pol2(GR⁺) (also typed co-Pol₂(GR⁺), co-Pol2(GR+))
CLASS = pol_group_orbit_class('co-Pol2(GR⁺)', 'GR⁺', CO_POL2,
                              (('BPol(GR⁺)', 'BPol(GR⁺) is closed under complement and inside Pol₂(GR⁺)'),
                               ('co-Pol2(GR)', 'GR ⊆ GR⁺, and Pol and BPol are monotone'),
                               ('co-Pol2(DD)', 'DD = ST⁺ ⊆ GR⁺, and Pol and BPol are monotone')),
                              "the complements of Pol₂(GR⁺): every BPol(GR⁺)-orbit above its idempotent in "
                              "the syntactic order",
                              groups=())
