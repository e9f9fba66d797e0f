"""FL₂(GR) = FL(FL(GR)): future unary temporal logic over FL(GR), MeSCaL's FL₂(GR): L ∈
FL₂(GR) iff every BPol(GR)-orbit {x ∈ e·M·e : (x, e) a Pol(GR)-pair} is L-trivial
(Place–Zeitoun; decided, certified and re-checked by :mod:`.pol_group_orbits`,
docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: FL2(GR) (also typed FL₂(GR))
CLASS = pol_group_orbit_class('FL2(GR)', 'GR', 'L-trivial',
                              (("BPol2(GR)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of F_K"
                                              " modalities read from the start, so BPol(D) ⊆ FL(D) and BPol₂(GR) ⊆ FL(FL(GR))"),
                               ('FL(GR)', 'GR ⊆ FL(GR): a modality of FL(GR) is one of FL(FL(GR))'),
                               ('FL(AT)', 'A*aA* = F a is in FL(ST) ⊆ FL(GR), so AT ⊆ FL(GR) and FL(AT) ⊆ '
                                          'FL(FL(GR))')),
                              "future unary temporal logic of level two over GR, MeSCaL's FL₂(GR): every "
                              "BPol(GR)-orbit is L-trivial")
