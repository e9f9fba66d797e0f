"""SF(AMT): the star-free closure of AMT, FO[<, alphabetic modular predicates] — L ∈ SF(AMT)
iff the AMT-kernel is aperiodic (Place–Zeitoun; decided, certified and re-checked by
:mod:`.group_kernel_classes`, docs/decision-procedures.md §14).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: SF(AMT), MeSCaL's name
CLASS = kernel_class('SF(AMT)', 'AMT', 'aperiodic', False,
                     (('LTL[S,MOD]', 'MOD ⊆ AMT: SF(MOD) = LTL[S,MOD]'),
                      ('PL(AMT⁺)', 'PL(AMT⁺) ⊆ SF(AMT⁺) = SF(AMT)'),
                      ('FL(AMT⁺)', 'FL(AMT⁺) ⊆ SF(AMT⁺) = SF(AMT)')),
                     "the star-free closure of AMT = FO[<, alphabetic modular predicates] (MeSCaL's SF(AMT)): the AMT-kernel is aperiodic")
