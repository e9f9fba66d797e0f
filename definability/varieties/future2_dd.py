"""FL₂(DD) = FL(FL(DD)): future unary temporal logic over FL(DD) (F and X), MeSCaL's FL₂(DD): L ∈
FL₂(DD) iff every BPol(DD)-orbit {x ∈ e·M'·e : (x, e) a Pol(DD)-pair} is L-trivial
(Place–Zeitoun; decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_dd_pairs`, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: FL2(DD) (also typed FL₂(DD))
CLASS = pol_group_orbit_class('FL2(DD)', 'DD', 'L-trivial',
                              (("BPol2(DD)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of F_K"
                                              " modalities read from the start, so BPol(D) ⊆ FL(D) and BPol₂(DD) ⊆ FL(FL(DD))"),
                               ('FL(DD)', 'DD ⊆ FL(DD), a modality of FL(DD) is one of FL(FL(DD))'),
                               ('FL(AT)', 'FL(AT) = FL₂(ST) and ST ⊆ DD')),
                              "future unary temporal logic of level two over DD, MeSCaL's FL₂(DD): every "
                              "BPol(DD)-orbit is L-trivial")
