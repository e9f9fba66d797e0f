"""PL(GR): unary temporal logic with P and the group modalities — L ∈ PL(GR) iff the GR-kernel
(Ash's type-II submonoid) is R-trivial (Place–Zeitoun; decided, certified and re-checked by
:mod:`.group_kernel_classes`, docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: PL(GR), MeSCaL's name
CLASS = kernel_class('PL(GR)', 'GR', 'R-trivial', False,
                     (('PL(AMT)', 'AMT ⊆ GR'),
                      ('GR', 'a group language is a GR-modality')),
                     "past unary temporal logic with P over GR (MeSCaL's PL(GR)): the GR-kernel (Ash's type-II submonoid) is R-trivial")
