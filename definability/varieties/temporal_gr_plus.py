"""TL(GR⁺): unary temporal logic with F, P, X, Y and the group modalities — L ∈ TL(GR⁺) iff
every orbit eKe of the GR-kernel (e an idempotent of φ(A⁺)) is in DA (Place–Zeitoun, CSL
2024; decided, certified and re-checked by :mod:`.group_kernel_classes`,
docs/decision-procedures.md §14.6).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: TL(GR⁺), MeSCaL's name
CLASS = kernel_class('TL(GR⁺)', 'GR', 'DA', True,
                     (('TL(GR)', 'GR ⊆ GR⁺'),
                      ('TL(AMT⁺)', 'AMT⁺ ⊆ GR⁺'),
                      ('PL(GR⁺)', 'P, Y with the group modalities are a part of TL(GR⁺)'),
                      ('FL(GR⁺)', 'F, X with the group modalities are a part of TL(GR⁺)')),
                     "unary temporal logic with F, P, X, Y over GR⁺ (MeSCaL's TL(GR⁺)): every orbit eKe of the "
                     "GR-kernel is in DA")
