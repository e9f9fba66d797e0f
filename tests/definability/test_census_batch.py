"""The bulk classifier of LTL[P], LTL[Y], LTL[P,Y], LTL[S] (definability/batch.py) against
``classify``, one DFA at a time: every language of at most 3 states over two letters and of
at most 2 over three, and a seeded sample of 4 states over two letters and 3 over three.
The full comparison on all 57,068 languages of at most 4 states over two letters is the
recorded command ``python -m benchmarks.bench_census --compare`` (docs/census.md)."""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfa_arrays
from attnlogic.automata.dfa import DFA
from attnlogic.definability.census.batch import FRAGMENTS, classify_tables
from attnlogic.definability.engine.classify import classify


def _dfa(n, k, row, bits):
    return DFA("abc"[:k], np.asarray(row, dtype=np.int64).reshape(n, k).tolist(), 0,
               [q for q in range(n) if (int(bits) >> q) & 1])


def _classify_verdicts(n, k, rows, accs):
    out = []
    for row, bits in zip(rows, accs):
        c = classify(_dfa(n, k, row, bits), windows=(), minimal=True, certificates=False)
        out.append([int(c[f].member) for f in FRAGMENTS])
    return np.array(out, dtype=np.int8).reshape(-1, 4)


@pytest.mark.parametrize("n,k", [(1, 2), (2, 2), pytest.param(3, 2, marks=pytest.mark.slow),
                                 (1, 3), (2, 3), (3, 1), (6, 1)])
def test_every_small_language_as_classify_says(n, k):
    rows, accs = minimal_dfa_arrays(n, k)
    assert np.array_equal(classify_tables(n, k, rows), _classify_verdicts(n, k, rows, accs))


@pytest.mark.parametrize("n,k,size", [(4, 2, 400), (3, 3, 300)])
def test_a_seeded_sample_as_classify_says(n, k, size):
    rows, accs = minimal_dfa_arrays(n, k)
    pick = np.sort(np.random.default_rng(27).choice(len(rows), size=size, replace=False))
    got = classify_tables(n, k, rows[pick])
    want = _classify_verdicts(n, k, rows[pick], accs[pick])
    assert np.array_equal(got, want)
    assert got.any(axis=0).all() and (got == 0).any(axis=0).all()     # both answers occur


def test_reuse_of_a_repeated_table_changes_nothing():
    """Rows in enumeration order (one table repeated for each acceptance vector) and the
    same rows shuffled (no two neighbours equal) get the same verdicts."""
    rows, _ = minimal_dfa_arrays(4, 2)
    perm = np.random.default_rng(1).permutation(len(rows))
    assert np.array_equal(classify_tables(4, 2, rows)[perm], classify_tables(4, 2, rows[perm]))


def test_the_pure_python_kernel_computes_what_the_compiled_one_does():
    from attnlogic.definability.census import batch

    n, k = 3, 2
    rows, _ = minimal_dfa_arrays(n, k)
    out = np.zeros((len(rows), 4), dtype=np.int8)
    z = lambda m, t=np.int64: np.zeros(m, dtype=t)  # noqa: E731
    batch._batch_kernel(n, k, rows, out, z(n), z(n), z(3), z(3), z(3), z(n ** n, np.uint8),
                        z(n ** n), z(n), z(n), z(n * k))
    assert np.array_equal(out, classify_tables(n, k, rows))


def test_refusals():
    with pytest.raises(ValueError, match="states"):
        classify_tables(9, 2, np.zeros((1, 18)))
    assert classify_tables(2, 2, np.zeros((0, 4))).shape == (0, 4)
