"""UPol(BPol₂(AMT)): the unambiguous polynomial closure of level two of the concatenation
hierarchy over AMT, MeSCaL's UPol(BPol₂(AMT)): L is in it iff (esete)^{ω+1} =
(esete)^ω·ete·(esete)^ω for every idempotent e, every s in the BPol(AMT)-orbit
{x ∈ e·M·e : (x, e) a Pol(AMT)-pair} and every t ∈ M (Place–Zeitoun; decided, certified and
re-checked by :mod:`.pol_group_orbits`, docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import UBP2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: UPol(BPol2(AMT)) (also typed UPol(BPol₂(AMT)), UBPol2(AMT))
CLASS = pol_group_orbit_class('UPol(BPol2(AMT))', 'AMT', UBP2,
                              (("BPol2(AMT)", "BPol₂(AMT) ⊆ UPol(BPol₂(AMT))"),
                               ('UPol(BPol2(ST))', 'ST ⊆ AMT, and Pol, BPol and UPol are monotone'),
                               ('BPol(AMT)', 'BPol(AMT) ⊆ BPol₂(AMT) ⊆ UPol(BPol₂(AMT))'),
                               ('Pol2(AMT)', 'Pol₂(AMT) ⊆ BPol₂(AMT) ⊆ UPol(BPol₂(AMT))'),
                               ('co-Pol2(AMT)', 'co-Pol₂(AMT) ⊆ BPol₂(AMT) ⊆ UPol(BPol₂(AMT))')),
                              "the unambiguous closure of level two over AMT, MeSCaL's UPol(BPol₂(AMT)): "
                              "(esete)^(ω+1) = (esete)^ω ete (esete)^ω on the BPol(AMT)-orbits",
                              groups=())
