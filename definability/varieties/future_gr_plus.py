"""FL(GR⁺): unary temporal logic with F and the GR⁺ modalities — L ∈ FL(GR⁺) iff every orbit
eKe of the GR-kernel (Ash's type-II submonoid) (e an idempotent of φ(A⁺)) is L-trivial
(Place–Zeitoun; decided, certified and re-checked by :mod:`.group_kernel_classes`,
docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: FL(GR⁺), MeSCaL's name
CLASS = kernel_class('FL(GR⁺)', 'GR', 'L-trivial', True,
                     (('FL(GR)', 'GR ⊆ GR⁺'),
                      ('FL(AMT⁺)', 'AMT⁺ ⊆ GR⁺')),
                     "future unary temporal logic with F over GR⁺ (MeSCaL's FL(GR⁺)): every orbit eKe of the GR-kernel is L-trivial")
