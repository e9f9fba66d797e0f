"""Pol(GR⁺): the finite unions of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ GR⁺ (the Boolean
combinations of GR and {ε}) — level 1/2 of the concatenation hierarchy over GR⁺.  L ∈ Pol(GR⁺)
iff q^ω s q^ω ≤ q^{ω+1} in Pin's order for every GR⁺-pair (q, s) (the pairs of non-empty
words' images that GR does not separate, and (1, 1)): Place–Zeitoun's theorem for a finite
basis, carried to GR⁺ by the finite sub-basis that separates every non-pair (proof in
:mod:`.pol_groups`); decided, certified and re-checked by :mod:`.pol_groups`, the pairs by
:mod:`..algebra.group_pairs`; docs/decision-procedures.md §14.9.
"""

from __future__ import annotations

from .pol_groups import pol_class

__all__ = ["CLASS"]

#: Pol(GR⁺), MeSCaL's name
CLASS = pol_class("Pol(GR⁺)", "GR",
                  (("Pol(GR)", "GR ⊆ GR⁺"),
                   ("Pol(AMT⁺)", "AMT⁺ ⊆ GR⁺"),
                   ("GR⁺", "GR⁺ ⊆ Pol(GR⁺): a marked product of length 0")),
                  "level 1/2 of the concatenation hierarchy over GR⁺: unions of L0a1L1…anLn, Li group languages and "
                  "{ε} (q^ω s q^ω ≤ q^{ω+1}, Pin's order, for the GR⁺-pairs (q, s))", plus=True)
