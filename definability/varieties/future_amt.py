"""FL(AMT): unary temporal logic with F and the alphabet-modulo modalities — L ∈ FL(AMT) iff
the AMT-kernel is L-trivial (Place–Zeitoun; decided, certified and re-checked by
:mod:`.group_kernel_classes`, docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: FL(AMT), MeSCaL's name
CLASS = kernel_class('FL(AMT)', 'AMT', 'L-trivial', False,
                     (('FL(MOD)', 'MOD ⊆ AMT'),
                      ('AMT', 'an AMT language is an AMT-modality')),
                     "future unary temporal logic with F over AMT (MeSCaL's FL(AMT)): the AMT-kernel is L-trivial")
