"""co-Pol₂(MOD⁺): the complements of Pol₂(MOD⁺): L is in it iff every s in the BPol(MOD⁺)-orbit of
every idempotent e of α(A⁺) is above e in the syntactic order (the complement's order is the
reverse; decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the MOD⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import CO_POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: co-Pol2(MOD⁺) (also typed co-Pol₂(MOD⁺), co-Pol2(MOD+))
CLASS = pol_group_orbit_class('co-Pol2(MOD⁺)', 'MOD⁺', CO_POL2,
                              (('BPol(MOD⁺)', 'BPol(MOD⁺) is closed under complement and inside Pol₂(MOD⁺)'),
                               ('co-Pol2(MOD)', 'MOD ⊆ MOD⁺, and Pol and BPol are monotone'),
                               ('co-Pol2(DD)', 'DD = ST⁺ ⊆ MOD⁺, and Pol and BPol are monotone')),
                              "the complements of Pol₂(MOD⁺): every BPol(MOD⁺)-orbit above its idempotent in "
                              "the syntactic order",
                              groups=())
