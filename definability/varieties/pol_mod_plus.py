"""Pol(MOD⁺): the finite unions of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ MOD⁺ (the Boolean
combinations of MOD and {ε}) — level 1/2 of the concatenation hierarchy over MOD⁺.  L ∈ Pol(MOD⁺)
iff q^ω s q^ω ≤ q^{ω+1} in Pin's order for every MOD⁺-pair (q, s) (the pairs of non-empty
words' images that MOD does not separate, and (1, 1)): Place–Zeitoun's theorem for a finite
basis, carried to MOD⁺ by the finite sub-basis that separates every non-pair (proof in
:mod:`.pol_groups`); decided, certified and re-checked by :mod:`.pol_groups`, the pairs by
:mod:`..algebra.group_pairs`; docs/decision-procedures.md §14.9.
"""

from __future__ import annotations

from .pol_groups import pol_class

__all__ = ["CLASS"]

#: Pol(MOD⁺), MeSCaL's name
CLASS = pol_class("Pol(MOD⁺)", "MOD",
                  (("Pol(MOD)", "MOD ⊆ MOD⁺"),
                   ("Pol(DD)", "DD = {∅, A*, {ε}, A⁺} ⊆ MOD⁺"),
                   ("MOD⁺", "MOD⁺ ⊆ Pol(MOD⁺): a marked product of length 0")),
                  "level 1/2 of the concatenation hierarchy over MOD⁺: unions of L0a1L1…anLn, Li length classes "
                  "and {ε} (q^ω s q^ω ≤ q^{ω+1}, Pin's order, for the MOD⁺-pairs (q, s))", plus=True)
