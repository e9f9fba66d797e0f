"""PL(GR⁺): unary temporal logic with P and the GR⁺ modalities — L ∈ PL(GR⁺) iff every orbit
eKe of the GR-kernel (Ash's type-II submonoid) (e an idempotent of φ(A⁺)) is R-trivial
(Place–Zeitoun; decided, certified and re-checked by :mod:`.group_kernel_classes`,
docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: PL(GR⁺), MeSCaL's name
CLASS = kernel_class('PL(GR⁺)', 'GR', 'R-trivial', True,
                     (('PL(GR)', 'GR ⊆ GR⁺'),
                      ('PL(AMT⁺)', 'AMT⁺ ⊆ GR⁺')),
                     "past unary temporal logic with P over GR⁺ (GR and {ε}; MeSCaL's PL(GR⁺)): every orbit eKe of the GR-kernel is R-trivial")
