"""Pol₂(AMT⁺) = Pol(BPol(AMT⁺)): level 3/2 of the concatenation hierarchy over AMT⁺: L is in it iff
every s in the BPol(AMT⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(AMT⁺)-pair} of every idempotent e of
α(A⁺) is below e in the syntactic order, p·e·r ∈ L implying p·s·r ∈ L (Place–Zeitoun;
decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the AMT⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: Pol2(AMT⁺) (also typed Pol₂(AMT⁺), Pol2(AMT+))
CLASS = pol_group_orbit_class('Pol2(AMT⁺)', 'AMT⁺', POL2,
                              (('Pol(AMT⁺)', 'AMT⁺ ⊆ BPol(AMT⁺) and Pol is monotone'),
                               ('BPol(AMT⁺)', 'BPol(AMT⁺) ⊆ Pol(BPol(AMT⁺))'),
                               ('Pol2(AMT)', 'AMT ⊆ AMT⁺, and Pol and BPol are monotone'),
                               ('Pol2(DD)', 'DD = ST⁺ ⊆ AMT⁺, and Pol and BPol are monotone')),
                              "level 3/2 of the concatenation hierarchy over AMT⁺: every BPol(AMT⁺)-orbit below "
                              "its idempotent in the syntactic order",
                              groups=())
