"""TL₂(GR⁺) = TL(TL(GR⁺)): level two of the navigational hierarchy over GR⁺, MeSCaL's TL₂(GR⁺):
L ∈ TL₂(GR⁺) iff every BPol(GR⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(GR⁺)-pair} is in DA
(Place–Zeitoun; decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the GR⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: TL2(GR⁺) (also typed TL₂(GR⁺), TL2(GR+))
CLASS = pol_group_orbit_class('TL2(GR⁺)', 'GR⁺', 'DA',
                              (('TL(GR⁺)', 'GR⁺ ⊆ TL(GR⁺): a modality of TL(GR⁺) is one of TL(TL(GR⁺))'),
                               ('TL2(GR)', 'GR ⊆ GR⁺'),
                               ('TL2(DD)', 'DD = ST⁺ ⊆ GR⁺'),
                               ('PL2(GR⁺)', 'PL(PL(GR⁺)) ⊆ TL(TL(GR⁺)): its modalities are some of TL₂(GR⁺)\'s'),
                               ('FL2(GR⁺)', 'FL(FL(GR⁺)) ⊆ TL(TL(GR⁺)): its modalities are some of TL₂(GR⁺)\'s')),
                              "level two of the navigational hierarchy over GR⁺, MeSCaL's TL₂(GR⁺): every "
                              "BPol(GR⁺)-orbit is in DA")
