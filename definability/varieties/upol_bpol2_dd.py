"""UPol(BPol₂(DD)): the unambiguous polynomial closure of dot-depth two, MeSCaL's UPol(BPol₂(DD)):
L is in it iff (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every idempotent e of α(A⁺), every s
in the BPol(DD)-orbit of e and every t (Place–Zeitoun's equation of UPol(BPol(C)); decided,
certified and re-checked by :mod:`.pol_group_orbits`, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from ..checks.verify_pol_group_orbits import UBP2
from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: UPol(BPol2(DD)) (also typed UPol(BPol₂(DD)), UBPol2(DD))
CLASS = pol_group_orbit_class('UPol(BPol2(DD))', 'DD', UBP2,
                              (("BPol2(DD)", "BPol₂(DD) ⊆ UPol(BPol₂(DD))"),
                               ('UPol(BPol2(ST))', 'ST ⊆ DD, and Pol, BPol and UPol are monotone'),
                               ('DD1', 'BPol(DD) ⊆ BPol₂(DD) ⊆ UPol(BPol₂(DD))'),
                               ('Pol2(DD)', 'Pol₂(DD) ⊆ BPol₂(DD) ⊆ UPol(BPol₂(DD))'),
                               ('co-Pol2(DD)', 'co-Pol₂(DD) ⊆ BPol₂(DD) ⊆ UPol(BPol₂(DD))')),
                              "the unambiguous closure of dot-depth two, MeSCaL's UPol(BPol₂(DD)): "
                              "(esete)^(ω+1) = (esete)^ω ete (esete)^ω on the BPol(DD)-orbits",
                              groups=())
