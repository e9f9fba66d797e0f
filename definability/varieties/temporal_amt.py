"""TL(AMT): unary temporal logic with F, P and the AMT modalities (the infix's letter counts
modulo d) — L ∈ TL(AMT) iff the AMT-kernel is in DA (Place–Zeitoun, CSL 2024; decided,
certified and re-checked by :mod:`.group_kernel_classes`, docs/decision-procedures.md §14.6).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: TL(AMT), MeSCaL's name
CLASS = kernel_class('TL(AMT)', 'AMT', 'DA', False,
                     (('TL(MOD)', 'MOD ⊆ AMT'),
                      ('PL(AMT)', 'P with the AMT modalities is a part of TL(AMT)'),
                      ('FL(AMT)', 'F with the AMT modalities is a part of TL(AMT)')),
                     "unary temporal logic with F, P over AMT (MeSCaL's TL(AMT)): the AMT-kernel is in DA")
