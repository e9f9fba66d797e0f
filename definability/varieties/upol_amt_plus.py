"""UPol(AMT⁺): the unambiguous polynomial closure of AMT⁺ (AMT and {ε}) — L ∈ UPol(AMT⁺) iff
every orbit eKe of the AMT-kernel (e an idempotent of φ(A⁺)) is trivial, eKe = {e} (Pin–Weil's
UPol(V) ↔ LI ⓜ V read on the AMT⁺-orbits, MeSCaL's test; decided, certified and re-checked by
:mod:`.group_kernel_classes`, docs/decision-procedures.md §14.7).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: UPol(AMT⁺), MeSCaL's name
CLASS = kernel_class('UPol(AMT⁺)', 'AMT', 'trivial', True,
                     (('UPol(MOD⁺)', 'MOD⁺ ⊆ AMT⁺'),
                      ('AMT', 'AMT ⊆ AMT⁺ ⊆ UPol(AMT⁺): a language is its own product of length 0')),
                     "unambiguous polynomial closure of AMT⁺ (MeSCaL's UPol(AMT⁺)): every orbit eKe of the AMT-kernel "
                     "is trivial")
