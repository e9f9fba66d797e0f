"""PL₂(AMT) = PL(PL(AMT)): past unary temporal logic over PL(AMT) — the mirror of FL₂(AMT) —:
L ∈ PL₂(AMT) iff every BPol(AMT)-orbit {x ∈ e·M·e : (x, e) a Pol(AMT)-pair} is R-trivial
(Place–Zeitoun; decided, certified and re-checked by :mod:`.pol_group_orbits`,
docs/decision-procedures.md §14.14).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: PL2(AMT) (also typed PL₂(AMT))
CLASS = pol_group_orbit_class('PL2(AMT)', 'AMT', 'R-trivial',
                              (("BPol2(AMT)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of P_K"
                                              " modalities read from the end, so BPol(D) ⊆ PL(D) and BPol₂(AMT) ⊆ PL(PL(AMT))"),
                               ('PL(AMT)', 'AMT ⊆ PL(AMT): a modality of PL(AMT) is one of '
                                              'PL(PL(AMT))'),
                               ('PL(AT)', 'A*aA* (P a, read at the end) is in PL(ST) ⊆ PL(AMT), so AT ⊆ PL(AMT) '
                                          'and PL(AT) ⊆ PL(PL(AMT))')),
                              "past unary temporal logic of level two over AMT: every BPol(AMT)-orbit is R-trivial")
