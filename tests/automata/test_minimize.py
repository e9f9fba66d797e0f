"""Minimisation: the result is equivalent, minimal, and canonically numbered.

Independent checks: a brute-force Moore refinement written here, exhaustive comparison of
acceptance on short words, and invariance of the output under renaming of the input states.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import coarsest_partition, minimize, bfs_order, canonical
from attnlogic.automata.strategies import dfas


def moore_classes(T: np.ndarray, acc: np.ndarray) -> list[int]:
    """Nerode classes by naive Moore refinement (dicts of signatures), for reference."""
    n, k = T.shape
    label = [int(x) for x in acc]
    n_classes = len(set(label))
    while True:
        sigs = {}
        new = [sigs.setdefault((label[q],) + tuple(label[T[q, a]] for a in range(k)), len(sigs))
               for q in range(n)]
        if len(sigs) == n_classes:
            return new
        label, n_classes = new, len(sigs)


def same_partition(x, y) -> bool:
    pairs = set(zip(list(x), list(y)))
    return len(pairs) == len(set(x)) == len(set(y))


def random_dfas(max_states=12, max_letters=3):
    return dfas(max_states, max_letters)


def all_words(alphabet, max_len):
    for n in range(max_len + 1):
        yield from itertools.product(alphabet, repeat=n)


def test_partition_matches_moore_on_many_random_tables():
    rng = np.random.default_rng(7)
    for _ in range(400):
        n, k = int(rng.integers(1, 40)), int(rng.integers(1, 4))
        T = rng.integers(0, n, size=(n, k))
        acc = rng.random(n) < rng.random()
        assert same_partition(coarsest_partition(T, acc), moore_classes(T, acc))


def test_partition_with_integer_labels_matches_moore():
    # any initial labelling (e.g. Mealy outputs) is refined to the coarsest stable partition
    rng = np.random.default_rng(8)
    for _ in range(200):
        n, k = int(rng.integers(1, 40)), int(rng.integers(1, 4))
        T = rng.integers(0, n, size=(n, k))
        labels = rng.integers(0, int(rng.integers(1, 5)), size=n) * 7 - 3
        assert same_partition(coarsest_partition(T, labels), moore_classes(T, labels))


@pytest.mark.parametrize("n,k", [(3000, 2), (2000, 3)])
def test_partition_matches_moore_on_larger_tables(n, k):
    rng = np.random.default_rng(n + k)
    T = rng.integers(0, n, size=(n, k))
    acc = rng.random(n) < 0.3
    assert same_partition(coarsest_partition(T, acc), moore_classes(T, acc))


def test_deep_chain_uses_scalar_steps_and_stays_correct():
    # counter modulo n with one accepting state: minimal, n states; plus a duplicated copy
    n = 300
    T = np.concatenate([(np.arange(n) + 1) % n, n + (np.arange(n) + 1) % n])[:, None]
    acc = np.zeros(2 * n, dtype=bool)
    acc[[0, n]] = True
    T[n - 1, 0] = n  # first copy flows into the second
    T[2 * n - 1, 0] = 0
    d = DFA(["a"], T, 0, acc)
    m = minimize(d)
    assert m.n_states == n
    assert all(m.accepts("a" * L) == d.accepts("a" * L) for L in range(3 * n))


@settings(max_examples=300, deadline=None)
@given(random_dfas())
def test_minimize_is_equivalent_minimal_and_canonical(d):
    m = minimize(d)
    ws = list(all_words(d.alphabet, 6))
    assert np.array_equal(m.accepts_many(ws), d.accepts_many(ws))
    # minimal: all states reachable and pairwise inequivalent
    assert m.reachable.all()
    assert len(set(moore_classes(np.asarray(m.transitions), m.accepting))) == m.n_states
    # canonical numbering: BFS from 0 with letters in order visits 0, 1, 2, ...
    assert m.initial == 0
    assert bfs_order(m.transitions, 0).tolist() == list(range(m.n_states))
    # idempotent
    assert minimize(m) == m


@settings(max_examples=200, deadline=None)
@given(random_dfas(), st.randoms(use_true_random=False))
def test_renaming_states_gives_identical_minimal_dfa(d, rnd):
    n = d.n_states
    perm = list(range(n))
    rnd.shuffle(perm)
    perm = np.array(perm)  # old state q becomes perm[q]
    inv = np.argsort(perm)
    T = perm[np.asarray(d.transitions)[inv]]
    e = DFA(d.alphabet, T, int(perm[d.initial]), d.accepting[inv])
    assert minimize(e) == minimize(d)


def test_known_minimal_sizes():
    # "second-to-last letter is a" over {a, b}: 4 states; a redundant 8-state version
    T = [[(2 * q) % 8 + 1, (2 * q) % 8] for q in range(8)]  # last three letters, a = 1 bit
    acc = [q for q in range(8) if q & 2]
    d = DFA("ab", T, 0, acc)
    m = minimize(d)
    assert m.n_states == 4
    for w in all_words("ab", 7):
        assert m.accepts(w) == (len(w) >= 2 and w[-2] == "a")


def test_empty_and_universal_languages_have_one_state():
    for acc in ([], [0, 1, 2]):
        d = DFA("ab", [[1, 2], [2, 0], [0, 1]], 0, acc)
        m = minimize(d)
        assert m.n_states == 1 and m.accepting.tolist() == [bool(acc)]


def test_unreachable_states_are_dropped():
    d = DFA("a", [[0], [1], [0]], 0, [1])
    assert minimize(d).n_states == 1
    assert canonical(d).n_states == 1


def test_empty_alphabet():
    d = DFA([], np.zeros((2, 0), dtype=int), 1, [1])
    m = minimize(d)
    assert m.n_states == 1 and m.accepts("") and m.alphabet == ()


def test_minimal_method_is_cached_and_minimal():
    d = DFA("ab", [[1, 1], [0, 0], [2, 2]], 0, [0])
    assert d.minimal() is d.minimal()
    assert d.minimal() == minimize(d) and d.minimal().n_states == 2


@pytest.mark.parametrize("work,stack", [(0, 256), (10**9, 10**9), (10**9, 2), (8, 4), (48, 256)])
def test_vectorised_and_scalar_paths_each_correct(monkeypatch, work, stack):
    # pure vectorised rounds; pure classic steps; classic steps handing back constantly; mixed
    import attnlogic.automata.minimize as M
    monkeypatch.setattr(M, "_SCALAR_WORK", work)
    monkeypatch.setattr(M, "_SCALAR_STACK", stack)
    monkeypatch.setattr(M, "_SMALL", 0)  # no shortcut for small automata
    rng = np.random.default_rng(work % 97 + stack)
    for _ in range(120):
        n, k = int(rng.integers(1, 60)), int(rng.integers(1, 4))
        T = rng.integers(0, n, size=(n, k))
        if rng.random() < 0.3:  # deep structure: a chain with a few random edges
            T[:, 0] = np.minimum(np.arange(n) + 1, n - 1)
        labels = rng.integers(0, int(rng.integers(1, 4)), size=n)
        assert same_partition(coarsest_partition(T, labels), moore_classes(T, labels))


@pytest.mark.parametrize("work,stack", [(0, 4096), (10**9, 0), (10**9, 2), (8, 4)])
def test_compiled_steps_match_moore(monkeypatch, work, stack):
    # the numba kernels (bfs order, Hopcroft steps) on small tables: alone (stack 0 = never
    # hand back), handing back constantly, mixed with vectorised rounds
    import attnlogic.automata._compiled as C
    import attnlogic.automata.minimize as M
    if not C.available():
        pytest.skip("numba is not installed")
    monkeypatch.setattr(C, "MIN_CELLS", 0)
    monkeypatch.setattr(M, "_SCALAR_WORK", work)
    monkeypatch.setattr(M, "_COMPILED_STACK", stack)
    monkeypatch.setattr(M, "_SMALL", 0)
    rng = np.random.default_rng(work % 89 + stack)
    for _ in range(150):
        n, k = int(rng.integers(1, 60)), int(rng.integers(1, 4))
        T = rng.integers(0, n, size=(n, k))
        if rng.random() < 0.3:
            T[:, 0] = np.minimum(np.arange(n) + 1, n - 1)
        labels = rng.integers(0, int(rng.integers(1, 4)), size=n)
        assert same_partition(coarsest_partition(T, labels), moore_classes(T, labels))
        q0 = int(rng.integers(0, n))
        want = bfs_order(T, q0)
        monkeypatch.setattr(C, "MIN_CELLS", 10**12)       # the numpy/deque BFS
        monkeypatch.setattr(C, "LOADED_MIN_CELLS", 10**12)
        assert np.array_equal(bfs_order(T, q0), want)
        monkeypatch.setattr(C, "MIN_CELLS", 0)


def test_deep_counter_compiled_and_pure_paths_agree(monkeypatch):
    # 30 000 states × 2 letters: above the compiled kernels' threshold; the same automaton
    # minimised with them disabled must give the identical (canonical) DFA
    import attnlogic.automata._compiled as C
    monkeypatch.setattr(C, "NATIVE", None)     # the numba and numpy routes, not the C extension
    n = 30_000
    T = np.column_stack([(np.arange(n) + 1) % n, np.zeros(n, dtype=np.int64)])
    T = np.vstack([T, T + n])                 # two copies; the second is unreachable
    fast = minimize(DFA("ab", T, 0, [0, n]))
    monkeypatch.setattr(C, "MIN_CELLS", 10**12)
    monkeypatch.setattr(C, "LOADED_MIN_CELLS", 10**12)   # even with numba loaded
    slow = minimize(DFA("ab", T, 0, [0, n]))     # a fresh object: a DFA remembers its minimum
    assert fast == slow and fast.n_states == n


def test_numba_is_loaded_only_by_large_inputs_then_used_at_every_size(monkeypatch):
    # a fresh process does not import numba for a small input (start-up); once loaded, the
    # compiled kernels serve every size (the pure and compiled paths agree: tests above)
    import attnlogic.automata._compiled as C
    if not C.available():
        pytest.skip("numba is not installed")
    monkeypatch.setattr(C, "_KERNELS", {})
    assert C.kernel("bfs_order", 10) is None and "numba" not in C._KERNELS
    assert C.kernel("bfs_order", C.MIN_CELLS) is not None          # a large input loads it
    assert C.kernel("bfs_order", 10) is not None                   # ... then small ones use it
    monkeypatch.setattr(C, "LOADED_MIN_CELLS", 10**12)
    assert C.kernel("bfs_order", 10) is None


def test_the_list_route_for_small_dfas_gives_the_array_routes_canonical_dfa(monkeypatch):
    """_minimize_small (Python lists, Hopcroft) and the array route (numpy/numba) give the
    same canonical minimal DFA on random small DFAs, chains included, from any initial
    state and with unreachable states."""
    from attnlogic.automata import _compiled, minimize as M

    monkeypatch.setattr(_compiled, "NATIVE", None)   # the fallback routes of minimize()
    rng = np.random.default_rng(7)
    checked = 0
    for trial in range(1500):
        n, k = int(rng.integers(1, 40)), int(rng.integers(1, 5))
        t = rng.integers(0, n, size=(n, k))
        if trial % 4 == 0:                                   # deep: chains and counters
            t = np.minimum(np.arange(n)[:, None] + rng.integers(0, 2, size=(n, k)), n - 1)
        acc = rng.random(n) < rng.random()
        d = DFA._trusted(tuple("abcd"[:k]), t, int(rng.integers(0, n)), acc)
        small = M._minimize_small(d)
        monkeypatch.setattr(M, "SMALL_CELLS", 0)
        big = M.minimize(DFA._trusted(d.alphabet, d.transitions, d.initial, d.accepting))
        monkeypatch.setattr(M, "SMALL_CELLS", 1500)
        assert small.initial == big.initial == 0
        assert np.array_equal(small.transitions, big.transitions), (t.tolist(), acc.tolist())
        assert np.array_equal(small.accepting, big.accepting)
        checked += 1
    assert checked == 1500
