"""TL(AMT⁺): unary temporal logic with F, P, X, Y and the AMT modalities — L ∈ TL(AMT⁺) iff
every orbit eKe of the AMT-kernel (e an idempotent of φ(A⁺)) is in DA (Place–Zeitoun, CSL
2024; decided, certified and re-checked by :mod:`.group_kernel_classes`,
docs/decision-procedures.md §14.6).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: TL(AMT⁺), MeSCaL's name
CLASS = kernel_class('TL(AMT⁺)', 'AMT', 'DA', True,
                     (('TL(AMT)', 'AMT ⊆ AMT⁺'),
                      ('TL(MOD⁺)', 'MOD⁺ ⊆ AMT⁺'),
                      ('PL(AMT⁺)', 'P, Y with the AMT modalities are a part of TL(AMT⁺)'),
                      ('FL(AMT⁺)', 'F, X with the AMT modalities are a part of TL(AMT⁺)')),
                     "unary temporal logic with F, P, X, Y over AMT⁺ (MeSCaL's TL(AMT⁺)): every orbit eKe of the "
                     "AMT-kernel is in DA")
