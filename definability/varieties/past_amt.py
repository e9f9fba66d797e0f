"""PL(AMT): unary temporal logic with P and the alphabet-modulo modalities — L ∈ PL(AMT) iff
the AMT-kernel is R-trivial (Place–Zeitoun; decided, certified and re-checked by
:mod:`.group_kernel_classes`, docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: PL(AMT), MeSCaL's name
CLASS = kernel_class('PL(AMT)', 'AMT', 'R-trivial', False,
                     (('LTL[P,MOD]', 'MOD ⊆ AMT: PL(MOD) = LTL[P,MOD]'),
                      ('AMT', 'an AMT language is an AMT-modality')),
                     "past unary temporal logic with P over AMT (MeSCaL's PL(AMT)): the AMT-kernel is R-trivial")
