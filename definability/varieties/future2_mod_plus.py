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
                              (("BPol2(MOD⁺)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of F_K"
                                              " modalities read from the start, so BPol(D) ⊆ FL(D) and BPol₂(MOD⁺) ⊆ FL(FL(MOD⁺))"),
                               ('FL(MOD⁺)', 'MOD⁺ ⊆ FL(MOD⁺), a modality of FL(MOD⁺) is one of FL(FL(MOD⁺))'),
                               ('FL2(MOD)', 'MOD ⊆ MOD⁺'),
                               ('FL2(DD)', 'DD = ST⁺ ⊆ MOD⁺')),
                              "future unary temporal logic of level two over MOD⁺, MeSCaL's FL₂(MOD⁺): every "
                              "BPol(MOD⁺)-orbit is L-trivial")
