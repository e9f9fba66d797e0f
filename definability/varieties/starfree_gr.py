"""SF(GR): the star-free closure of GR, FO[<, group predicates] — L ∈ SF(GR) iff the GR-kernel
(Ash's type-II submonoid) is aperiodic (Place–Zeitoun; decided, certified and re-checked by
:mod:`.group_kernel_classes`, docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: SF(GR), MeSCaL's name
CLASS = kernel_class('SF(GR)', 'GR', 'aperiodic', False,
                     (('SF(AMT)', 'AMT ⊆ GR'),
                      ('PL(GR⁺)', 'PL(GR⁺) ⊆ SF(GR⁺) = SF(GR)'),
                      ('FL(GR⁺)', 'FL(GR⁺) ⊆ SF(GR⁺) = SF(GR)')),
                     "the star-free closure of GR = FO[<, group predicates] (MeSCaL's SF(GR)): the GR-kernel is aperiodic")
