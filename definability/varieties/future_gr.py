"""FL(GR): unary temporal logic with F and the group modalities — L ∈ FL(GR) iff the GR-kernel
(Ash's type-II submonoid) is L-trivial (Place–Zeitoun; decided, certified and re-checked by
:mod:`.group_kernel_classes`, docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: FL(GR), MeSCaL's name
CLASS = kernel_class('FL(GR)', 'GR', 'L-trivial', False,
                     (('FL(AMT)', 'AMT ⊆ GR'),
                      ('GR', 'a group language is a GR-modality')),
                     "future unary temporal logic with F over GR (MeSCaL's FL(GR)): the GR-kernel is L-trivial")
