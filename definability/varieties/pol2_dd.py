"""Pol₂(DD) = Pol(BPol(DD)): dot-depth 3/2, Σ2[<, +1, min, max] — finite unions of L0·a1·L1 ⋯ an·Ln
with every Li of dot-depth one —: L is in it iff every s in the BPol(DD)-orbit
{x ∈ e·M'·e : (x, e) a Pol(DD)-pair} of every idempotent e of α(A⁺) is below e in the syntactic
order, p·e·r ∈ L implying p·s·r ∈ L (Place–Zeitoun; decided, certified and re-checked by
:mod:`.pol_group_orbits`, the pairs by :mod:`..algebra.pol_dd_pairs`, docs/decision-procedures.md
§14.15).  MeSCaL's Pol₂(DD) reverses the order (tests/data/mescal/mapping.json: not compared).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import POL2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: Pol2(DD) (also typed Pol₂(DD))
CLASS = pol_group_orbit_class('Pol2(DD)', 'DD', POL2,
                              (('Pol(DD)', 'DD ⊆ BPol(DD) and Pol is monotone'),
                               ('DD1', 'BPol(DD) ⊆ Pol(BPol(DD))'),
                               ('Pol2(ST)', 'ST ⊆ DD, and Pol and BPol are monotone')),
                              "dot-depth 3/2 (level 3/2 over DD): every BPol(DD)-orbit below its idempotent in the "
                              "syntactic order",
                              groups=())
