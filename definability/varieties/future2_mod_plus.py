"""FL₂(MOD⁺) = FL(FL(MOD⁺)): future unary temporal logic over FL(MOD⁺), MeSCaL's FL₂(MOD⁺): L ∈ FL₂(MOD⁺)
iff every BPol(MOD⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(MOD⁺)-pair} is L-trivial (Place–Zeitoun;
decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the MOD⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: FL2(MOD⁺) (also typed FL₂(MOD⁺), FL2(MOD+))
CLASS = pol_group_orbit_class('FL2(MOD⁺)', 'MOD⁺', 'L-trivial',
                              (('FL(MOD⁺)', 'MOD⁺ ⊆ FL(MOD⁺), a modality of FL(MOD⁺) is one of FL(FL(MOD⁺))'),
                               ('FL2(MOD)', 'MOD ⊆ MOD⁺'),
                               ('FL2(DD)', 'DD = ST⁺ ⊆ MOD⁺')),
                              "future unary temporal logic of level two over MOD⁺, MeSCaL's FL₂(MOD⁺): every "
                              "BPol(MOD⁺)-orbit is L-trivial")
