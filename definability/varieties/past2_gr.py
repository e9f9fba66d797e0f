"""PL₂(GR) = PL(PL(GR)): past unary temporal logic over PL(GR) — the mirror of FL₂(GR) —:
L ∈ PL₂(GR) iff every BPol(GR)-orbit {x ∈ e·M·e : (x, e) a Pol(GR)-pair} is R-trivial
(Place–Zeitoun; decided, certified and re-checked by :mod:`.pol_group_orbits`,
docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: PL2(GR) (also typed PL₂(GR))
CLASS = pol_group_orbit_class('PL2(GR)', 'GR', 'R-trivial',
                              (("BPol2(GR)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of P_K"
                                              " modalities read from the end, so BPol(D) ⊆ PL(D) and BPol₂(GR) ⊆ PL(PL(GR))"),
                               ('PL(GR)', 'GR ⊆ PL(GR): a modality of PL(GR) is one of '
                                              'PL(PL(GR))'),
                               ('PL(AT)', 'A*aA* (P a, read at the end) is in PL(ST) ⊆ PL(GR), so AT ⊆ PL(GR) '
                                          'and PL(AT) ⊆ PL(PL(GR))')),
                              "past unary temporal logic of level two over GR: every BPol(GR)-orbit is R-trivial")
