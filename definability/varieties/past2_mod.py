"""PL₂(MOD) = PL(PL(MOD)): past unary temporal logic over PL(MOD) — the mirror of FL₂(MOD) —:
L ∈ PL₂(MOD) iff every BPol(MOD)-orbit {x ∈ e·M·e : (x, e) a Pol(MOD)-pair} is R-trivial
(Place–Zeitoun; decided, certified and re-checked by :mod:`.pol_group_orbits`,
docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: PL2(MOD) (also typed PL₂(MOD))
CLASS = pol_group_orbit_class('PL2(MOD)', 'MOD', 'R-trivial',
                              (("BPol2(MOD)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of P_K"
                                              " modalities read from the end, so BPol(D) ⊆ PL(D) and BPol₂(MOD) ⊆ PL(PL(MOD))"),
                               ('LTL[P,MOD]', 'PL(MOD) (= LTL[P,MOD]): MOD ⊆ PL(MOD), a modality of PL(MOD) is one of '
                                              'PL(PL(MOD))'),
                               ('PL(AT)', 'A*aA* (P a, read at the end) is in PL(ST) ⊆ PL(MOD), so AT ⊆ PL(MOD) '
                                          'and PL(AT) ⊆ PL(PL(MOD))')),
                              "past unary temporal logic of level two over MOD: every BPol(MOD)-orbit is R-trivial")
