"""Minimal complete DFAs up to isomorphism, against an independent enumeration: every
complete table with initial state 0 (no canonical form assumed), minimised, the distinct
results counted."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from attnlogic.automata.census import canonical_tables, minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize


def _brute(max_states: int, alphabet: str) -> set:
    k = len(alphabet)
    out = set()
    for n in range(1, max_states + 1):
        for cells in itertools.product(range(n), repeat=n * k):
            table = np.array(cells, dtype=np.int64).reshape(n, k)
            for acc in itertools.product((False, True), repeat=n):
                out.add(minimize(DFA(list(alphabet), table, 0, list(acc))))
    return {d for d in out if d.n_states <= max_states}


@pytest.mark.parametrize("max_states,alphabet", [(3, "ab"), (2, "abc"), (2, "a"), (4, "a")])
def test_minimal_dfas_are_exactly_the_distinct_minimal_languages(max_states, alphabet):
    ours = list(minimal_dfas(max_states, alphabet))
    assert len(set(ours)) == len(ours)                       # no language twice
    assert all(minimize(d) == d for d in ours)               # each minimal and canonical
    assert set(ours) == _brute(max_states, alphabet)


def test_known_counts():
    """2, 24, 1028 minimal DFAs with 1, 2, 3 states over two letters."""
    counts = [sum(1 for _ in canonical_tables(n, 2)) for n in (1, 2, 3)]
    assert counts == [1, 12, 216]
    by_size = [0, 0, 0]
    for d in minimal_dfas(3, "ab"):
        by_size[d.n_states - 1] += 1
    assert by_size == [2, 24, 1028]


@pytest.mark.parametrize("n,k", [(1, 1), (1, 3), (2, 2), (3, 2), (2, 3), (3, 3), (4, 1), (4, 2)])
def test_table_count_is_the_number_of_tables_enumerated(n, k):
    from attnlogic.automata.census import canonical_table_count

    assert canonical_table_count(n, k) == sum(1 for _ in canonical_tables(n, k))


def test_bound_and_canonical_key():
    from attnlogic.automata.census import canonical_key, minimal_dfa_bound

    assert minimal_dfa_bound(3, 2) >= sum(1 for _ in minimal_dfas(3, "ab"))
    for d in minimal_dfas(2, "abc"):
        rows, acc = canonical_key(d.transitions, d.accepting)
        assert np.array_equal(np.array(rows), d.transitions) and acc == tuple(d.accepting)
    # a renumbered copy (states 1 ↔ 2) and an unreachable state change nothing
    assert canonical_key([[1, 2], [2, 0], [1, 1]], [1, 0, 1]) == canonical_key(
        [[2, 1], [2, 2], [1, 0]], [1, 1, 0]) == canonical_key(
        [[1, 2], [2, 0], [1, 1], [3, 0]], [1, 0, 1, 0]) == (((1, 2), (2, 0), (1, 1)), (True, False, True))
    # other acceptance: another key
    assert canonical_key([[1, 2], [2, 0], [1, 1]], [1, 1, 0])[1] == (True, True, False)
