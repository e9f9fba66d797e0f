"""Every minimal complete DFA with at most n states over an alphabet, up to isomorphism.

A complete DFA whose states are all reachable is isomorphic to exactly one *canonical*
one: states numbered in breadth-first order from the initial state 0, letters tried in
the alphabet's order.  A transition table is canonical iff, scanning the entries
δ(0, a1), δ(0, a2), …, δ(1, a1), … row by row, each entry is at most one more than the
largest state seen so far (state 0 counts as seen), and every state appears.  So the
minimal DFAs with exactly n states, one per language (the minimal DFA of a language is
unique up to isomorphism), are the canonical tables with n states and an acceptance
vector for which no two states are equivalent.  States are enumerated by this scan
(a depth-first search over the entries) rather than by filtering all n^(n|Σ|) tables.
"""

from __future__ import annotations

from typing import Iterator, Sequence

import numpy as np

from .dfa import DFA
from .minimize import coarsest_partition

__all__ = ["canonical_tables", "minimal_dfas"]


def canonical_tables(n: int, k: int) -> Iterator[np.ndarray]:
    """The BFS-canonical complete transition tables with n states over k letters."""
    cells = n * k
    table = np.zeros(cells, dtype=np.int64)

    def rec(i: int, top: int):
        if i == cells:
            if top == n - 1:
                yield table.reshape(n, k).copy()
            return
        state = i // k
        if state > top:                           # this state was never reached
            return
        # the remaining cells must still be able to introduce the missing states
        if n - 1 - top > cells - i:
            return
        for q in range(min(top + 1, n - 1) + 1):
            table[i] = q
            yield from rec(i + 1, max(top, q))

    yield from rec(0, 0)


def minimal_dfas(max_states: int, alphabet: Sequence[str]) -> Iterator[DFA]:
    """Every minimal complete DFA with 1 … ``max_states`` states over ``alphabet``, one per
    language, ordered by size, then table, then acceptance (as a binary number)."""
    letters = tuple(alphabet)
    k = len(letters)
    for n in range(1, max_states + 1):
        for table in canonical_tables(n, k):
            for bits in range(1 << n):
                acc = np.array([(bits >> q) & 1 for q in range(n)], dtype=bool)
                blocks = coarsest_partition(table, acc.astype(np.int64))
                if int(blocks.max()) + 1 == n:
                    yield DFA._trusted(letters, table, 0, acc)
