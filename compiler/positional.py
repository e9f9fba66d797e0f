"""A periodic positional encoding feeding the modular predicates ``MOD[m,r]``.

``MOD[m,r]`` holds at the 1-based position i iff i ≡ r (mod m); the model's 0-based index
n is the position n+1 (index N, the EOS slot, is the readout position N+1).  With M the
lcm of the moduli, the encoding is a table of M rows added to the embedding, row n mod M at
index n (``positional="periodic"`` of :class:`~attnlogic.transformer.TransformerConfig`):
row c has a 1 in the coordinate of ``MOD[m,r]`` iff c + 1 ≡ r (mod m) and 0 elsewhere.
The coordinate then holds the predicate's exact Boolean value at every index, at any
length, so the compiler treats it like an atom coordinate that is not exclusive with the
letters (:mod:`.plan`).

Li & Cotterell (2026, Prop. 2.13): with MOD_m, m ≥ k, ``Y ψ = ⋁_{i=1..m} (MOD_m^i ∧
Y[<=k](MOD_m^{i−1} ∧ ψ))`` — at a position ≡ i the window of the k ≤ m previous positions
holds exactly one position ≡ i−1, the previous one — so k-local heads with a periodic
encoding do what a 1-local head does.
"""

from __future__ import annotations

import math

import torch
from attnlogic.ltl.formula import Mod, Yesterday, and_, disj

__all__ = ["period_of", "periodic_table", "prop_2_13"]


def period_of(mods) -> int:
    """The lcm of the moduli of ``mods`` ((coordinate, m, r) triples); 1 when empty."""
    return math.lcm(*(m for _, m, _ in mods)) if mods else 1


def periodic_table(mods, width: int) -> torch.Tensor:
    """The [M, width] float64 table of the module docstring."""
    M = period_of(mods)
    table = torch.zeros(M, width, dtype=torch.float64)
    for coord, m, r in mods:           # rows c with c + 1 ≡ r (mod m): c = r − 1, r − 1 + m, … (mod m)
        table[(r - 1) % m::m, coord] = 1.0
    return table


def prop_2_13(psi, m: int, k: int):
    """The formula ⋁_{i=1..m} (MOD[m,i] ∧ Y[<=k](MOD[m,i−1] ∧ ψ)), equal to ``Y ψ`` when
    m ≥ k (Li & Cotterell 2026, Prop. 2.13)."""

    return disj(and_(Mod(m, i), Yesterday(and_(Mod(m, i - 1), psi), k)) for i in range(1, m + 1))
