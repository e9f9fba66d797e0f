"""PL₂(AMT⁺) = PL(PL(AMT⁺)): past unary temporal logic over PL(AMT⁺): L ∈ PL₂(AMT⁺) iff every
BPol(AMT⁺)-orbit {x ∈ e·M'·e : (x, e) a Pol(AMT⁺)-pair} is R-trivial (Place–Zeitoun;
decided, certified and re-checked by :mod:`.pol_group_orbits`, the pairs by
:mod:`..algebra.pol_plus_pairs` from the AMT⁺-pairs, docs/decision-procedures.md §14.15).
"""

from __future__ import annotations

from .pol_group_orbits import pol_group_orbit_class

__all__ = ["CLASS"]

#: PL2(AMT⁺) (also typed PL₂(AMT⁺), PL2(AMT+))
CLASS = pol_group_orbit_class('PL2(AMT⁺)', 'AMT⁺', 'R-trivial',
                              (("BPol2(AMT⁺)", "a marked product K0·a1·K1 ⋯ an·Kn of languages of a class D is a nesting of P_K"
                                              " modalities read from the end, so BPol(D) ⊆ PL(D) and BPol₂(AMT⁺) ⊆ PL(PL(AMT⁺))"),
                               ('PL(AMT⁺)', 'PL(AMT⁺): AMT⁺ ⊆ PL(AMT⁺), a modality of PL(AMT⁺) is one of PL(PL(AMT⁺))'),
                               ('PL2(AMT)', 'AMT ⊆ AMT⁺'),
                               ('PL2(DD)', 'DD = ST⁺ ⊆ AMT⁺')),
                              "past unary temporal logic of level two over AMT⁺: every BPol(AMT⁺)-orbit is "
                              "R-trivial")
