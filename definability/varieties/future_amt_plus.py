"""FL(AMT⁺): unary temporal logic with F and the AMT⁺ modalities — L ∈ FL(AMT⁺) iff every orbit
eKe of the AMT-kernel (e an idempotent of φ(A⁺)) is L-trivial (Place–Zeitoun; decided,
certified and re-checked by :mod:`.group_kernel_classes`, docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: FL(AMT⁺), MeSCaL's name
CLASS = kernel_class('FL(AMT⁺)', 'AMT', 'L-trivial', True,
                     (('FL(AMT)', 'AMT ⊆ AMT⁺'),
                      ('FL(MOD⁺)', 'MOD⁺ ⊆ AMT⁺')),
                     "future unary temporal logic with F over AMT⁺ (MeSCaL's FL(AMT⁺)): every orbit eKe of the AMT-kernel is L-trivial")
