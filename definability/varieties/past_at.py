"""PL(AT): unary temporal logic with P and the between modalities P_K (K alphabet-testable) —
MeSCaL's PL₂(ST) — L ∈ PL(AT) iff every AT-orbit e·α(B_e*)·e is R-trivial (Place–Zeitoun,
CSL 2024; decided, certified and re-checked by :mod:`.alphabet_orbits`,
docs/decision-procedures.md §14.11).
"""

from __future__ import annotations

from .alphabet_orbits import orbit_class

__all__ = ["CLASS"]

#: PL(AT) (also typed PL2(ST), PL₂(ST))
CLASS = orbit_class('PL(AT)', 'R-trivial',
                    (('LTL[P]', 'R-triviality passes to submonoids: PL(ST) = LTL[P] ⊆ PL(AT)'),),
                    "past unary temporal logic with P over AT, MeSCaL's PL₂(ST): every AT-orbit is R-trivial")
