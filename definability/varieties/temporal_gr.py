"""TL(GR): unary temporal logic with F, P and the group modalities — L ∈ TL(GR) iff the
GR-kernel (Ash's type-II submonoid) is in DA (Place–Zeitoun, CSL 2024; decided, certified and
re-checked by :mod:`.group_kernel_classes`, docs/decision-procedures.md §14.6).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: TL(GR), MeSCaL's name
CLASS = kernel_class('TL(GR)', 'GR', 'DA', False,
                     (('TL(AMT)', 'AMT ⊆ GR'),
                      ('PL(GR)', 'P with the group modalities is a part of TL(GR)'),
                      ('FL(GR)', 'F with the group modalities is a part of TL(GR)')),
                     "unary temporal logic with F, P over GR (MeSCaL's TL(GR)): the GR-kernel (Ash's type-II "
                     "submonoid) is in DA")
