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


# -- the orderly generator, shard by shard, against a generate-and-minimise written here ------


def _generate_and_minimise(n: int, k: int) -> list:
    """Every table with n states over k letters, each with every acceptance vector,
    minimised by our Hopcroft (not the generator's Moore refinement), the results with
    exactly n states in breadth-first canonical form, sorted as the census orders them:
    by string representation, then acceptance as a binary number (state q the bit q)."""
    keys = set()
    for cells in itertools.product(range(n), repeat=n * k):
        table = np.array(cells, dtype=np.int64).reshape(n, k)
        for acc in itertools.product((False, True), repeat=n):
            d = minimize(DFA([str(a) for a in range(k)], table, 0, list(acc)))
            if d.n_states == n:
                keys.add((tuple(int(x) for x in d.transitions.ravel()),
                          sum(1 << q for q in range(n) if d.accepting[q])))
    return sorted(keys)


@pytest.mark.parametrize("n,k", [(1, 2), (2, 2), (3, 2), (1, 3), (2, 3), (4, 1)])
def test_orderly_generation_is_generate_and_minimise_in_order(n, k):
    from attnlogic.automata.census import minimal_dfa_arrays

    rows, acc = minimal_dfa_arrays(n, k)
    got = [(tuple(int(x) for x in r), int(b)) for r, b in zip(rows, acc)]
    assert got == _generate_and_minimise(n, k)


@pytest.mark.parametrize("n,k", [(3, 2), (2, 3), (4, 1)])
def test_shards_concatenate_to_the_whole_at_every_depth(n, k):
    from attnlogic.automata.census import minimal_dfa_arrays, shard_depth, shard_prefixes

    whole_rows, whole_acc = minimal_dfa_arrays(n, k)
    for depth in sorted({0, 1, 2, 3, n * k - 1, n * k, shard_depth(n, k)}):
        parts = [minimal_dfa_arrays(n, k, p) for p in shard_prefixes(n, k, depth)]
        assert np.array_equal(np.concatenate([r for r, _ in parts]), whole_rows)
        assert np.array_equal(np.concatenate([a for _, a in parts]), whole_acc)


def test_the_pure_python_kernel_computes_what_the_compiled_one_does():
    """One source, two paths: the kernel run by CPython on 3 states over two letters."""
    from attnlogic.automata import census as mod

    n, k = 3, 2
    rows, acc = mod.minimal_dfa_arrays(n, k)
    cap = len(rows) + 10
    out_rows = np.zeros((cap, n * k), dtype=np.uint8)
    out_acc = np.zeros(cap, dtype=np.int64)
    found, scanned = mod._minimal_kernel(n, k, np.zeros(0, dtype=np.int64), out_rows, out_acc,
                                         np.zeros(n * k + 1, dtype=np.int64),
                                         np.zeros(n * k + 1, dtype=np.int64),
                                         np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64))
    assert scanned == mod.canonical_table_count(n, k) == 216
    assert np.array_equal(out_rows[:found], rows) and np.array_equal(out_acc[:found], acc)


def test_counts_equal_the_published_ones():
    """OEIS A129622 (two letters, n ≤ 4), A059412 (one letter, n ≤ 12), three letters n ≤ 3,
    four letters n ≤ 3 (the values in KNOWN_COUNTS, each recomputed here)."""
    from attnlogic.automata.census import (KNOWN_COUNTS, minimal_dfa_arrays, shard_depth,
                                           shard_prefixes)

    checked = 0
    for k, n_max in [(1, 12), (2, 4), (3, 3), (4, 3)]:
        for n in range(1, n_max + 1):
            total = sum(len(minimal_dfa_arrays(n, k, p)[0])
                        for p in shard_prefixes(n, k, shard_depth(n, k)))
            assert total == KNOWN_COUNTS[k][n], (k, n)
            checked += 1
    assert checked == 22
    assert sorted(KNOWN_COUNTS[1]) == list(range(1, 13))      # every one-letter entry recomputed


def _primitive_binary_words(n: int) -> int:
    """ψ(n), the primitive words of length n over two letters: Σ_{d | n} μ(n/d) 2^d."""
    def mobius(m: int) -> int:
        out, p = 1, 2
        while p * p <= m:
            if m % p == 0:
                m //= p
                if m % p == 0:
                    return 0
                out = -out
            p += 1
        return -out if m > 1 else out

    return sum(mobius(n // d) * 2 ** d for d in range(1, n + 1) if n % d == 0)


def test_one_letter_counts_follow_a059412s_formula():
    """The one-letter entries of KNOWN_COUNTS against OEIS A059412's formula, a(n) = ψ(n) +
    Σ_{j=1}^{n-1} ψ(n−j)·2^(j−1) (ψ: primitive binary words), an independent derivation (a
    minimal unary DFA is a tail of j ≥ 0 states and a cycle of n − j states whose acceptance
    word is primitive; the tail's last state is coloured unlike the cycle state that also leads
    to the cycle's entry, the other j − 1 tail states freely)."""
    from attnlogic.automata.census import KNOWN_COUNTS, known_count

    assert [_primitive_binary_words(n) for n in range(1, 7)] == [2, 2, 6, 12, 30, 54]
    for n, published in KNOWN_COUNTS[1].items():
        formula = _primitive_binary_words(n) + sum(_primitive_binary_words(n - j) * 2 ** (j - 1)
                                                   for j in range(1, n))
        assert formula == published, n
    assert (known_count(6, 1), known_count(7, 1)) == (180, 432)


def test_census_check_counts_one_letter_at_six_and_seven_states(capsys):
    from attnlogic.cli import main

    assert main(["census", "--max-states", "7", "--alphabet", "a", "--check-counts", "--no-windows"]) == 0
    out = capsys.readouterr().out
    assert "n=6: 180  equal" in out and "n=7: 432  equal" in out
    assert "no published count" not in out


def test_bad_prefix_and_size_are_refused():
    from attnlogic.automata.census import minimal_dfa_arrays

    with pytest.raises(ValueError, match="prefix"):
        minimal_dfa_arrays(3, 2, (2,))           # state 2 before state 1
    with pytest.raises(ValueError, match="states"):
        minimal_dfa_arrays(0, 2)


def test_the_shards_weights_add_up_to_every_canonical_table():
    """canonical_extensions (a shard's weight in the progress estimate) of the shards of a
    size sums to canonical_table_count, and each equals the strings the brute force finds."""
    from attnlogic.automata.census import (canonical_extensions, canonical_table_count, shard_depth,
                                           shard_prefixes)

    for n, k in ((4, 2), (6, 2), (3, 3)):
        prefixes = shard_prefixes(n, k, shard_depth(n, k))
        assert sum(canonical_extensions(n, k, p) for p in prefixes) == canonical_table_count(n, k)
    every = [tuple(t.ravel()) for t in canonical_tables(4, 2)]
    for p in shard_prefixes(4, 2, 3):
        assert canonical_extensions(4, 2, p) == sum(1 for t in every if t[:3] == p)
