"""PL(AMT⁺): unary temporal logic with P and the AMT⁺ modalities — L ∈ PL(AMT⁺) iff every orbit
eKe of the AMT-kernel (e an idempotent of φ(A⁺)) is R-trivial (Place–Zeitoun; decided,
certified and re-checked by :mod:`.group_kernel_classes`, docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: PL(AMT⁺), MeSCaL's name
CLASS = kernel_class('PL(AMT⁺)', 'AMT', 'R-trivial', True,
                     (('PL(AMT)', 'AMT ⊆ AMT⁺'),
                      ('LTL[P,Y,MOD]', 'MOD⁺ ⊆ AMT⁺: PL(MOD⁺) = LTL[P,Y,MOD]')),
                     "past unary temporal logic with P over AMT⁺ (AMT and {ε}; MeSCaL's PL(AMT⁺)): every orbit eKe of the AMT-kernel is R-trivial")
