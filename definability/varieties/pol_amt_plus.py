"""Pol(AMT⁺): the finite unions of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ AMT⁺ (the Boolean
combinations of AMT and {ε}) — level 1/2 of the concatenation hierarchy over AMT⁺.  L ∈ Pol(AMT⁺)
iff q^ω s q^ω ≤ q^{ω+1} in Pin's order for every AMT⁺-pair (q, s) (the pairs of non-empty
words' images that AMT does not separate, and (1, 1)): Place–Zeitoun's theorem for a finite
basis, carried to AMT⁺ by the finite sub-basis that separates every non-pair (proof in
:mod:`.pol_groups`); decided, certified and re-checked by :mod:`.pol_groups`, the pairs by
:mod:`..algebra.group_pairs`; docs/decision-procedures.md §14.9.
"""

from __future__ import annotations

from .pol_groups import pol_class

__all__ = ["CLASS"]

#: Pol(AMT⁺), MeSCaL's name
CLASS = pol_class("Pol(AMT⁺)", "AMT",
                  (("Pol(AMT)", "AMT ⊆ AMT⁺"),
                   ("Pol(MOD⁺)", "MOD⁺ ⊆ AMT⁺"),
                   ("AMT⁺", "AMT⁺ ⊆ Pol(AMT⁺): a marked product of length 0")),
                  "level 1/2 of the concatenation hierarchy over AMT⁺: unions of L0a1L1…anLn, Li letter counts modulo "
                  "n and {ε} (q^ω s q^ω ≤ q^{ω+1}, Pin's order, for the AMT⁺-pairs (q, s))", plus=True)
