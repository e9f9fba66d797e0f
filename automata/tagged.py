"""Positions tagged with their residue modulo m: the DFA of τ_m(L) over A × Z_m.

τ_m(w1 … wN) = (w1, 1 mod m) … (wN, N mod m) (the letter (a, r) is named ``a@r``); the DFA
of τ_m(L) is the product of the DFA of L with the counter of letters read modulo m, with a
sink for a tag out of turn: (q, c) reads (a, t) to (δ(q, a), c + 1) when t ≡ c + 1 (mod m),
to the sink otherwise, and accepts iff q does.  Used by the MOD-enriched fragments
(attnlogic.definability: docs/decision-procedures.md, "Periodic positional encodings"), to
build their certificates and to check their witnesses.
"""

from __future__ import annotations

import numpy as np

from .dfa import DFA
from .minimize import minimize

__all__ = ["TAG", "tagged_letter", "tagged_dfa"]

#: the separator of a tagged letter's name: (a, r) is ``a@r``
TAG = "@"


def tagged_letter(letter: str, r: int) -> str:
    """The name of the tagged letter (letter, r)."""
    return f"{letter}{TAG}{r}"


def tagged_dfa(dfa, m: int, trust: bool = False) -> DFA:
    """The minimal DFA of τ_m(L(dfa)) over A × Z_m (letters in the order (a, 0), …, (a,
    m−1) for each a of the alphabet in turn; module docstring).  ``trust``: a tag out of
    turn is believed instead of leading to the sink ((q, c) reads (a, t) to (δ(q, a), t)):
    a DFA that agrees with τ_m(L) on the tagged words τ_m(A*) and may accept words off
    them (its language K has K ∩ τ_m(A*) = τ_m(L), all a certificate needs; often simpler)."""
    m = int(m)
    if m < 1:
        raise ValueError(f"the modulus must be >= 1, got {m}")
    table = np.asarray(dfa.transitions, dtype=np.int64)
    n, k = table.shape
    sink = n * m
    letters = tuple(tagged_letter(a, r) for a in dfa.alphabet for r in range(m))
    out = np.full((n * m + 1, k * m), sink, dtype=np.int64)
    for q in range(n):
        for c in range(m):
            nxt = (c + 1) % m
            for a in range(k):
                if trust:
                    out[q * m + c, a * m:(a + 1) * m] = table[q, a] * m + np.arange(m)
                else:
                    out[q * m + c, a * m + nxt] = table[q, a] * m + nxt
    accepting = np.zeros(n * m + 1, dtype=bool)
    acc = np.asarray(dfa.accepting, dtype=bool)
    accepting[:n * m] = np.repeat(acc, m)
    return minimize(DFA(letters, out, int(dfa.initial) * m, accepting))


