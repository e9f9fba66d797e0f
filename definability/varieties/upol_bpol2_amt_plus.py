"""UPol(BPol₂(AMT⁺)): the unambiguous polynomial closure of level two over AMT⁺, MeSCaL's
UPol(BPol₂(AMT⁺)): (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every idempotent e of α(A⁺), every
s in the BPol(AMT⁺)-orbit of e and every t (Place–Zeitoun's equation of UPol(BPol(C));
decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the AMT⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import UBP2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: UPol(BPol2(AMT⁺)) (also typed UPol(BPol₂(AMT⁺)), UBPol2(AMT+))
CLASS = pol_group_orbit_class('UPol(BPol2(AMT⁺))', 'AMT⁺', UBP2,
                              (("BPol2(AMT⁺)", "BPol₂(AMT⁺) ⊆ UPol(BPol₂(AMT⁺))"),
                               ('UPol(BPol2(AMT))', 'AMT ⊆ AMT⁺, and Pol, BPol and UPol are monotone'),
                               ('UPol(BPol2(DD))', 'DD = ST⁺ ⊆ AMT⁺, and Pol, BPol and UPol are monotone'),
                               ('BPol(AMT⁺)', 'BPol(AMT⁺) ⊆ BPol₂(AMT⁺) ⊆ UPol(BPol₂(AMT⁺))'),
                               ('Pol2(AMT⁺)', 'Pol₂(AMT⁺) ⊆ BPol₂(AMT⁺) ⊆ UPol(BPol₂(AMT⁺))'),
                               ('co-Pol2(AMT⁺)', 'co-Pol₂(AMT⁺) ⊆ BPol₂(AMT⁺) ⊆ UPol(BPol₂(AMT⁺))')),
                              "the unambiguous closure of level two over AMT⁺, MeSCaL's UPol(BPol₂(AMT⁺)): "
                              "(esete)^(ω+1) = (esete)^ω ete (esete)^ω on the BPol(AMT⁺)-orbits",
                              groups=())
