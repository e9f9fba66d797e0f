"""Pol₂(MOD⁺) = Pol(BPol(MOD⁺)): level 3/2 of the concatenation hierarchy over MOD⁺: L is in it iff
every s in the BPol(MOD⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(MOD⁺)-pair} of every idempotent e of
α(A⁺) is below e in the syntactic order, p·e·r ∈ L implying p·s·r ∈ L (Place–Zeitoun;
decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the MOD⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: Pol2(MOD⁺) (also typed Pol₂(MOD⁺), Pol2(MOD+))
CLASS = pol_group_orbit_class('Pol2(MOD⁺)', 'MOD⁺', POL2,
                              (('Pol(MOD⁺)', 'MOD⁺ ⊆ BPol(MOD⁺) and Pol is monotone'),
                               ('BPol(MOD⁺)', 'BPol(MOD⁺) ⊆ Pol(BPol(MOD⁺))'),
                               ('Pol2(MOD)', 'MOD ⊆ MOD⁺, and Pol and BPol are monotone'),
                               ('Pol2(DD)', 'DD = ST⁺ ⊆ MOD⁺, and Pol and BPol are monotone')),
                              "level 3/2 of the concatenation hierarchy over MOD⁺: every BPol(MOD⁺)-orbit below "
                              "its idempotent in the syntactic order",
                              groups=())
