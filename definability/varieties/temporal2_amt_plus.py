"""TL₂(AMT⁺) = TL(TL(AMT⁺)): level two of the navigational hierarchy over AMT⁺, MeSCaL's TL₂(AMT⁺):
L ∈ TL₂(AMT⁺) iff every BPol(AMT⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(AMT⁺)-pair} is in DA
(Place–Zeitoun; decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the AMT⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: TL2(AMT⁺) (also typed TL₂(AMT⁺), TL2(AMT+))
CLASS = pol_group_orbit_class('TL2(AMT⁺)', 'AMT⁺', 'DA',
                              (('TL(AMT⁺)', 'AMT⁺ ⊆ TL(AMT⁺): a modality of TL(AMT⁺) is one of TL(TL(AMT⁺))'),
                               ('TL2(AMT)', 'AMT ⊆ AMT⁺'),
                               ('TL2(DD)', 'DD = ST⁺ ⊆ AMT⁺'),
                               ('PL2(AMT⁺)', 'PL(PL(AMT⁺)) ⊆ TL(TL(AMT⁺)): its modalities are some of TL₂(AMT⁺)\'s'),
                               ('FL2(AMT⁺)', 'FL(FL(AMT⁺)) ⊆ TL(TL(AMT⁺)): its modalities are some of TL₂(AMT⁺)\'s')),
                              "level two of the navigational hierarchy over AMT⁺, MeSCaL's TL₂(AMT⁺): every "
                              "BPol(AMT⁺)-orbit is in DA")
