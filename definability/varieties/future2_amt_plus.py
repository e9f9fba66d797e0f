"""FL₂(AMT⁺) = FL(FL(AMT⁺)): future unary temporal logic over FL(AMT⁺), MeSCaL's FL₂(AMT⁺): L ∈ FL₂(AMT⁺)
iff every BPol(AMT⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(AMT⁺)-pair} is L-trivial (Place–Zeitoun;
decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the AMT⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: FL2(AMT⁺) (also typed FL₂(AMT⁺), FL2(AMT+))
CLASS = pol_group_orbit_class('FL2(AMT⁺)', 'AMT⁺', 'L-trivial',
                              (("BPol2(AMT⁺)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of F_K"
                                              " modalities read from the start, so BPol(D) ⊆ FL(D) and BPol₂(AMT⁺) ⊆ FL(FL(AMT⁺))"),
                               ('FL(AMT⁺)', 'AMT⁺ ⊆ FL(AMT⁺), a modality of FL(AMT⁺) is one of FL(FL(AMT⁺))'),
                               ('FL2(AMT)', 'AMT ⊆ AMT⁺'),
                               ('FL2(DD)', 'DD = ST⁺ ⊆ AMT⁺')),
                              "future unary temporal logic of level two over AMT⁺, MeSCaL's FL₂(AMT⁺): every "
                              "BPol(AMT⁺)-orbit is L-trivial")
