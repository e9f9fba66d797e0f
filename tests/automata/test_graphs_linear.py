"""The linear-memory definiteness test and the SCC-by-SCC internal pair graphs, against the
quadratic pair-graph computation they replace (an independent method), plus the memory
budget that refuses a quadratic step before it allocates."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from attnlogic.automata.graphs import (dfa_sccs, greedy_internal_cycle, internal_pair_heights,
                                       pair_heights, quotient_pair_cycle, reset_rounds)
from attnlogic.automata.minimize import minimize
from attnlogic.automata.strategies import dfas
from attnlogic.kernel.errors import MemoryBudgetExceeded


def _is_cycle(t, p, q, z, comp=None):
    x, y = p, q
    for a in z:
        x, y = int(t[x, a]), int(t[y, a])
        assert x != y
        if comp is not None:
            assert comp[x] == comp[p] and comp[y] == comp[p]
    return p != q and (x, y) == (p, q) and len(z) > 0


def on_random_minimal_dfas(test):
    """Run ``test`` on 300 random minimal DFAs (up to 9 states, 3 letters)."""
    return settings(max_examples=300, deadline=None)(given(dfas(max_states=9, max_letters=3).map(minimize))(test))


@on_random_minimal_dfas
def test_reset_rounds_agree_with_the_pair_graph(d):
    t = d.transitions
    H = pair_heights(t)
    rounds, block_of, quotient = reset_rounds(t)
    definite = bool((H >= 0).all())
    assert (quotient.shape[0] == 1) == definite
    if definite:
        assert rounds == (int(H.max()) if H.size else 0)
    else:
        p, q, z = quotient_pair_cycle(t, block_of, quotient)
        assert _is_cycle(t, p, q, z)


@on_random_minimal_dfas
def test_internal_pair_heights_one_scc_at_a_time_agree_with_the_whole_table(d):
    m, t = d, d.transitions
    sccs = dfa_sccs(m)
    H = pair_heights(t, sccs.component)
    height, cycle = internal_pair_heights(t, sccs)
    assert (cycle is None) == bool((H >= 0).all())
    if cycle is None:
        assert height == int(H.max())
    else:
        assert _is_cycle(t, *cycle, comp=sccs.component)


def test_greedy_walk_finds_a_cycle_in_a_large_random_scc_without_the_pair_graph():
    rng = np.random.default_rng(3)
    n = 3000
    t = rng.integers(0, n, size=(n, 2))
    d = minimize(__import__("attnlogic.automata.dfa", fromlist=["DFA"]).DFA("ab", t, 0, rng.random(n) < .5))
    sccs = dfa_sccs(d)
    big = max(sccs.members, key=len)
    cyc = greedy_internal_cycle(d.transitions, sccs.component, big, 4 * len(big) + 1000)
    assert cyc is not None and _is_cycle(d.transitions, *cyc, comp=sccs.component)
    # and the whole test answers within a budget far below the pair graph's n² cells
    _, found = internal_pair_heights(d.transitions, sccs, memory_budget=10 * n * n // 100)
    assert found is not None


def test_pair_graph_over_budget_is_refused_before_allocating():
    n = 300
    t = np.column_stack([(np.arange(n) + 1) % n, np.arange(n)])
    with pytest.raises(MemoryBudgetExceeded, match="memory for the pair graph of 300 states") as exc:
        pair_heights(t, memory_budget=1_000_000)
    assert exc.value.parameters == ("memory_budget",)


def _words_by_copying(t, source):
    """Breadth-first, each state's word its parent's word plus a letter (the quadratic
    construction the parent-pointer tree replaced)."""
    n, m = t.shape
    words = [None] * n
    words[source] = []
    frontier = [source]
    while frontier:
        nxt = []
        for q in frontier:
            for a in range(m):
                r = int(t[q, a])
                if words[r] is None:
                    words[r] = words[q] + [a]
                    nxt.append(r)
        frontier = nxt
    return words


def test_shortest_words_from_spells_the_shortlex_least_words():
    from attnlogic.automata.graphs import shortest_words_from, word_between

    rng = np.random.default_rng(4)
    for _ in range(400):
        n, m = int(rng.integers(1, 15)), int(rng.integers(1, 4))
        t = rng.integers(0, n, (n, m))
        s = int(rng.integers(0, n))
        want = _words_by_copying(t, s)
        got = shortest_words_from(t, s)
        assert len(got) == n and list(got) == want
        target = int(rng.integers(0, n))
        assert word_between(t, s, target) == want[target]
    # a 5,000-cycle: the tree is linear (copying every word would be 12.5 M list cells)
    cycle = np.column_stack([(np.arange(5000) + 1) % 5000, np.zeros(5000, dtype=np.int64)])
    assert shortest_words_from(cycle, 0)[4999] == [0] * 4999
