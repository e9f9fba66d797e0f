"""Pol₂(GR⁺) = Pol(BPol(GR⁺)): level 3/2 of the concatenation hierarchy over GR⁺: L is in it iff
every s in the BPol(GR⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(GR⁺)-pair} of every idempotent e of
α(A⁺) is below e in the syntactic order, p·e·r ∈ L implying p·s·r ∈ L (Place–Zeitoun;
decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the GR⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: Pol2(GR⁺) (also typed Pol₂(GR⁺), Pol2(GR+))
CLASS = pol_group_orbit_class('Pol2(GR⁺)', 'GR⁺', POL2,
                              (('Pol(GR⁺)', 'GR⁺ ⊆ BPol(GR⁺) and Pol is monotone'),
                               ('BPol(GR⁺)', 'BPol(GR⁺) ⊆ Pol(BPol(GR⁺))'),
                               ('Pol2(GR)', 'GR ⊆ GR⁺, and Pol and BPol are monotone'),
                               ('Pol2(DD)', 'DD = ST⁺ ⊆ GR⁺, and Pol and BPol are monotone')),
                              "level 3/2 of the concatenation hierarchy over GR⁺: every BPol(GR⁺)-orbit below "
                              "its idempotent in the syntactic order",
                              groups=())
