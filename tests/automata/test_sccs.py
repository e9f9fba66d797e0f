"""Strongly connected components of transition tables: scipy's labelling (table_sccs, used
by dfa_sccs) against our own Tarjan, and the fallback when scipy's order is not topological."""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.automata import graphs
from attnlogic.automata.graphs import table_sccs, tarjan_scc


def _tables(count: int, seed: int):
    rng = np.random.default_rng(seed)
    for t in range(count):
        n, k = int(rng.integers(1, 70)), int(rng.integers(1, 4))
        table = rng.integers(0, n, size=(n, k))
        if t % 3 == 0:                         # mostly forward edges: many components
            table = np.minimum(np.maximum(table, np.arange(n)[:, None]), n - 1)
        yield table


def _is_topological(sccs, table) -> bool:
    n, k = table.shape
    src, dst = np.repeat(np.arange(n), k), table.reshape(-1)
    return bool(np.all(sccs.component[src] <= sccs.component[dst]))


@pytest.fixture
def scipy_route(monkeypatch):
    """table_sccs through scipy at every size."""
    monkeypatch.setattr(graphs, "PYTHON_SCC_CELLS", 0)


@pytest.mark.parametrize("seed", [0, 1])
def test_scipy_components_equal_tarjans_and_are_topologically_numbered(seed, scipy_route):
    for table in _tables(200, seed):
        ours, theirs = tarjan_scc(table.shape[0], table), table_sccs(table)
        assert set(theirs.members) == set(ours.members)
        assert theirs.count == ours.count and theirs.all_trivial() == ours.all_trivial()
        assert _is_topological(theirs, table)
        assert all(theirs.component[v] == c for c, m in enumerate(theirs.members) for v in m)
        assert all(list(m) == sorted(m) for m in theirs.members)


@pytest.mark.parametrize("seed", [2, 3])
def test_small_tables_get_scipys_labels_without_scipy(seed, monkeypatch):
    """The Python route (at most PYTHON_SCC_CELLS cells) gives exactly scipy's labels, so
    printed witnesses and formulas do not depend on which route a size takes."""
    tables = list(_tables(300, seed))
    python = [table_sccs(t).component for t in tables]
    monkeypatch.setattr(graphs, "PYTHON_SCC_CELLS", 0)
    for table, labels in zip(tables, python):
        assert np.array_equal(labels, table_sccs(table).component), table.tolist()


def test_a_labelling_that_is_not_topological_falls_back_to_tarjan(monkeypatch, scipy_route):
    import scipy.sparse.csgraph as csgraph

    real = csgraph.connected_components

    def topological_labels(graph, directed, connection):   # reversed: the check must catch it
        count, labels = real(graph, directed=directed, connection=connection)
        return count, count - 1 - labels

    monkeypatch.setattr(csgraph, "connected_components", topological_labels)
    table = np.array([[1], [2], [2]])                       # 0 → 1 → 2 ↺: three components
    sccs = table_sccs(table)
    assert _is_topological(sccs, table) and sccs.members == ((0,), (1,), (2,))
    assert sccs.members == tarjan_scc(3, table).members


def test_a_million_state_forward_chain_has_a_million_components():
    n = 10**6
    table = np.column_stack([np.minimum(np.arange(n) + 1, n - 1), np.full(n, n - 1)])
    sccs = graphs.dfa_sccs(type("D", (), {"transitions": table})())
    assert sccs.count == n and sccs.all_trivial()
