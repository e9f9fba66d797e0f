"""PL₂(DD) = PL(PL(DD)): past unary temporal logic over PL(DD) = LTL[P,Y] — its modalities P_K ask
an earlier position with the infix between in K ∈ PL(DD): L ∈ PL₂(DD) iff every BPol(DD)-orbit
{x ∈ e·M'·e : (x, e) a Pol(DD)-pair} is R-trivial (Place–Zeitoun; decided, certified and
re-checked by :mod:`.pol_group_orbits`, the pairs by :mod:`..algebra.pol_dd_pairs`,
docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: PL2(DD) (also typed PL₂(DD))
CLASS = pol_group_orbit_class('PL2(DD)', 'DD', 'R-trivial',
                              (("BPol2(DD)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of P_K"
                                              " modalities read from the end, so BPol(D) ⊆ PL(D) and BPol₂(DD) ⊆ PL(PL(DD))"),
                               ('LTL[P,Y]', 'PL(DD) (= LTL[P,Y]): DD ⊆ PL(DD), a modality of PL(DD) is one of '
                                            'PL(PL(DD))'),
                               ('PL(AT)', 'PL(AT) = PL₂(ST) and ST ⊆ DD')),
                              "past unary temporal logic of level two over DD: every BPol(DD)-orbit is R-trivial")
