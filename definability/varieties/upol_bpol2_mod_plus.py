"""UPol(BPol₂(MOD⁺)): the unambiguous polynomial closure of level two over MOD⁺, MeSCaL's
UPol(BPol₂(MOD⁺)): (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every idempotent e of α(A⁺), every
s in the BPol(MOD⁺)-orbit of e and every t (Place–Zeitoun's equation of UPol(BPol(C));
decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the MOD⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import UBP2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: UPol(BPol2(MOD⁺)) (also typed UPol(BPol₂(MOD⁺)), UBPol2(MOD+))
CLASS = pol_group_orbit_class('UPol(BPol2(MOD⁺))', 'MOD⁺', UBP2,
                              (("BPol2(MOD⁺)", "BPol₂(MOD⁺) ⊆ UPol(BPol₂(MOD⁺))"),
                               ('UPol(BPol2(MOD))', 'MOD ⊆ MOD⁺, and Pol, BPol and UPol are monotone'),
                               ('UPol(BPol2(DD))', 'DD = ST⁺ ⊆ MOD⁺, and Pol, BPol and UPol are monotone'),
                               ('BPol(MOD⁺)', 'BPol(MOD⁺) ⊆ BPol₂(MOD⁺) ⊆ UPol(BPol₂(MOD⁺))'),
                               ('Pol2(MOD⁺)', 'Pol₂(MOD⁺) ⊆ BPol₂(MOD⁺) ⊆ UPol(BPol₂(MOD⁺))'),
                               ('co-Pol2(MOD⁺)', 'co-Pol₂(MOD⁺) ⊆ BPol₂(MOD⁺) ⊆ UPol(BPol₂(MOD⁺))')),
                              "the unambiguous closure of level two over MOD⁺, MeSCaL's UPol(BPol₂(MOD⁺)): "
                              "(esete)^(ω+1) = (esete)^ω ete (esete)^ω on the BPol(MOD⁺)-orbits",
                              groups=())
