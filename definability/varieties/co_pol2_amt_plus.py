"""co-Pol₂(AMT⁺): the complements of Pol₂(AMT⁺): L is in it iff every s in the BPol(AMT⁺)-orbit of
every idempotent e of α(A⁺) is above e in the syntactic order (the complement's order is the
reverse; decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the AMT⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import CO_POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: co-Pol2(AMT⁺) (also typed co-Pol₂(AMT⁺), co-Pol2(AMT+))
CLASS = pol_group_orbit_class('co-Pol2(AMT⁺)', 'AMT⁺', CO_POL2,
                              (('BPol(AMT⁺)', 'BPol(AMT⁺) is closed under complement and inside Pol₂(AMT⁺)'),
                               ('co-Pol2(AMT)', 'AMT ⊆ AMT⁺, and Pol and BPol are monotone'),
                               ('co-Pol2(DD)', 'DD = ST⁺ ⊆ AMT⁺, and Pol and BPol are monotone')),
                              "the complements of Pol₂(AMT⁺): every BPol(AMT⁺)-orbit above its idempotent in "
                              "the syntactic order",
                              groups=())
