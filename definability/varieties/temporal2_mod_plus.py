"""TL₂(MOD⁺) = TL(TL(MOD⁺)): level two of the navigational hierarchy over MOD⁺, MeSCaL's TL₂(MOD⁺):
L ∈ TL₂(MOD⁺) iff every BPol(MOD⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(MOD⁺)-pair} is in DA
(Place–Zeitoun; decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the MOD⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: TL2(MOD⁺) (also typed TL₂(MOD⁺), TL2(MOD+))
CLASS = pol_group_orbit_class('TL2(MOD⁺)', 'MOD⁺', 'DA',
                              (('TL(MOD⁺)', 'MOD⁺ ⊆ TL(MOD⁺): a modality of TL(MOD⁺) is one of TL(TL(MOD⁺))'),
                               ('TL2(MOD)', 'MOD ⊆ MOD⁺'),
                               ('TL2(DD)', 'DD = ST⁺ ⊆ MOD⁺'),
                               ('PL2(MOD⁺)', 'PL(PL(MOD⁺)) ⊆ TL(TL(MOD⁺)): its modalities are some of TL₂(MOD⁺)\'s'),
                               ('FL2(MOD⁺)', 'FL(FL(MOD⁺)) ⊆ TL(TL(MOD⁺)): its modalities are some of TL₂(MOD⁺)\'s')),
                              "level two of the navigational hierarchy over MOD⁺, MeSCaL's TL₂(MOD⁺): every "
                              "BPol(MOD⁺)-orbit is in DA")
