"""FL(AT): unary temporal logic with F and the between modalities F_K (K alphabet-testable) —
MeSCaL's FL₂(ST) — L ∈ FL(AT) iff every AT-orbit e·α(B_e*)·e is L-trivial (Place–Zeitoun,
CSL 2024; decided, certified and re-checked by :mod:`.alphabet_orbits`,
docs/decision-procedures.md §14.11).
"""

from __future__ import annotations

from .alphabet_orbits import orbit_class

__all__ = ["CLASS"]

#: FL(AT) (also typed FL2(ST), FL₂(ST))
CLASS = orbit_class('FL(AT)', 'L-trivial',
                    (('FL(ST)', 'L-triviality passes to submonoids: FL(ST) ⊆ FL(AT)'),),
                    "future unary temporal logic with F over AT, MeSCaL's FL₂(ST): every AT-orbit is L-trivial")
