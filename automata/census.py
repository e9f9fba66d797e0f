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

__all__ = ["canonical_tables", "canonical_table_count", "canonical_key", "minimal_dfas", "minimal_dfa_bound"]


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


def canonical_table_count(n: int, k: int) -> int:
    """How many tables :func:`canonical_tables` yields, by dynamic programming over the same
    scan: the number of ways to fill the cells i … nk−1 given the largest state seen so far
    (no table is built)."""
    cells = n * k
    # ways[top] = completions of the cells from i on when the largest state seen is top
    ways = [1 if top == n - 1 else 0 for top in range(n)]
    for i in range(cells - 1, -1, -1):
        state = i // k
        new = [0] * n
        for top in range(n):
            if state > top or n - 1 - top > cells - i:
                continue
            new[top] = sum(ways[max(top, q)] for q in range(min(top + 1, n - 1) + 1))
        ways = new
    return ways[0]


def minimal_dfa_bound(max_states: int, k: int) -> int:
    """An upper bound on the number of DFAs :func:`minimal_dfas` yields: every canonical
    table with every acceptance vector, Σ_n canonical_table_count(n, k) · 2^n."""
    return sum(canonical_table_count(n, k) << n for n in range(1, max_states + 1))


def canonical_key(table, accepting) -> tuple:
    """The canonical form of the accessible part of a complete DFA with initial state 0
    (``table[q][a]`` the successor, ``accepting[q]`` a truth value): states renumbered in
    breadth-first order, as (rows, acceptance) of tuples.  Two DFAs whose states are all
    reachable are isomorphic iff their keys are equal; a table of :func:`canonical_tables`
    is its own key's rows."""
    index = {0: 0}
    order = [0]
    for q in order:                                   # grows while read: breadth-first
        for r in table[q]:
            r = int(r)
            if r not in index:
                index[r] = len(order)
                order.append(r)
    rows = tuple(tuple(index[int(r)] for r in table[q]) for q in order)
    return rows, tuple(bool(accepting[q]) for q in order)


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
