"""UPol(GR⁺): the unambiguous polynomial closure of GR⁺ (the group languages and {ε}) — L ∈
UPol(GR⁺) iff every orbit eKe of the GR-kernel (e an idempotent of φ(A⁺)) is trivial,
eKe = {e} (Pin–Weil's UPol(V) ↔ LI ⓜ V read on the GR⁺-orbits, MeSCaL's test; decided,
certified and re-checked by :mod:`.group_kernel_classes`, docs/decision-procedures.md §14.7).
"""

from __future__ import annotations

from .group_kernel_classes import kernel_class

__all__ = ["CLASS"]

#: UPol(GR⁺), MeSCaL's name
CLASS = kernel_class('UPol(GR⁺)', 'GR', 'trivial', True,
                     (('UPol(AMT⁺)', 'AMT⁺ ⊆ GR⁺'),
                      ('GR', 'GR ⊆ GR⁺ ⊆ UPol(GR⁺): a language is its own product of length 0')),
                     "unambiguous polynomial closure of GR⁺ (MeSCaL's UPol(GR⁺)): every orbit eKe of the GR-kernel "
                     "(Ash's type-II submonoid) is trivial")
