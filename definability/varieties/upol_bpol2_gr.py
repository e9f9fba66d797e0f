"""UPol(BPol₂(GR)): the unambiguous polynomial closure of level two of the concatenation
hierarchy over GR, MeSCaL's UPol(BPol₂(GR)): L is in it iff (esete)^{ω+1} =
(esete)^ω·ete·(esete)^ω for every idempotent e, every s in the BPol(GR)-orbit
{x ∈ e·M·e : (x, e) a Pol(GR)-pair} and every t ∈ M (Place–Zeitoun; decided, certified and
re-checked by :mod:`.pol_group_orbits`, docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import UBP2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: UPol(BPol2(GR)) (also typed UPol(BPol₂(GR)), UBPol2(GR))
CLASS = pol_group_orbit_class('UPol(BPol2(GR))', 'GR', UBP2,
                              (("BPol2(GR)", "BPol₂(GR) ⊆ UPol(BPol₂(GR))"),
                               ('UPol(BPol2(ST))', 'ST ⊆ GR, and Pol, BPol and UPol are monotone'),
                               ('BPol(GR)', 'BPol(GR) ⊆ BPol₂(GR) ⊆ UPol(BPol₂(GR))'),
                               ('Pol2(GR)', 'Pol₂(GR) ⊆ BPol₂(GR) ⊆ UPol(BPol₂(GR))'),
                               ('co-Pol2(GR)', 'co-Pol₂(GR) ⊆ BPol₂(GR) ⊆ UPol(BPol₂(GR))')),
                              "the unambiguous closure of level two over GR, MeSCaL's UPol(BPol₂(GR)): "
                              "(esete)^(ω+1) = (esete)^ω ete (esete)^ω on the BPol(GR)-orbits",
                              groups=())
