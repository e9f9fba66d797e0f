"""The numpy transition-semigroup enumeration, checked against libsemigroups and against
brute force (words, Cayley graphs, ω-powers, Green classes by our own Tarjan)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from attnlogic.automata.dfa import DFA
from attnlogic.automata.graphs import tarjan_scc
from attnlogic.definability.algebra.semigroup import (_word_graph_table, libsemigroups_elements,
                                          libsemigroups_size, transition_semigroup)
from attnlogic.kernel.errors import LimitExceeded


def random_dfas(seed: int, count: int, max_states: int = 5, max_letters: int = 3):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(1, max_states + 1))
        m = int(rng.integers(1, max_letters + 1))
        yield DFA([chr(97 + i) for i in range(m)], rng.integers(0, n, (n, m)), 0, rng.random(n) < 0.5)


def act(dfa, word) -> np.ndarray:
    x = np.arange(dfa.n_states)
    for a in word:
        x = dfa.transitions[x, a]
    return x


def same_partition(a, b) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    pairs = set(zip(a.tolist(), b.tolist()))
    return len(pairs) == len(set(a.tolist())) == len(set(b.tolist()))


@pytest.mark.parametrize("seed", range(3))
def test_numpy_enumeration_agrees_with_libsemigroups(seed):
    for dfa in random_dfas(seed, 40):
        S = transition_semigroup(dfa)
        elements, n_idem = libsemigroups_elements(dfa)
        assert S.size == len(elements) == libsemigroups_size(dfa)
        assert (S.index_of(elements) >= 0).all()
        assert len(S.idempotents) == n_idem


ARRAYS = ("elements", "right", "left", "parent", "last", "length", "generators",
          "_sorted_keys", "_sorted_index")


@pytest.mark.parametrize("seed", range(3))
def test_both_backends_build_identical_semigroups(seed):
    """libsemigroups' Froidure–Pin read back through its Cayley graphs equals the numpy
    enumeration array for array — element numbering, both Cayley graphs, words, letters.
    Degrees above 16 exercise libsemigroups' general Transf (not HPCombi) and our
    byte-string keys; repeated letters exercise duplicate generators."""
    rng = np.random.default_rng(100 + seed)
    dfas = list(random_dfas(seed, 60, max_states=6))
    for _ in range(6):
        n = int(rng.integers(17, 24))
        dfas.append(DFA("ab", rng.integers(0, 6, (n, 2)), 0, [0]))  # images in 0…5: small
    table = rng.integers(0, 4, (4, 2))
    dfas.append(DFA("abc", np.concatenate([table, table[:, :1]], axis=1), 0, [0]))  # c acts as a
    for dfa in dfas:
        A = transition_semigroup(dfa, backend="numpy")
        B = transition_semigroup(dfa, backend="libsemigroups")
        for name in ARRAYS:
            a, b = getattr(A, name), getattr(B, name)
            assert a.shape == b.shape and (a == b).all(), (name, dfa.transitions.tolist())
    assert B.generators[2] == B.generators[0]


def test_libsemigroups_backend_stops_at_the_limit_and_bad_backend_is_refused():
    dfa = DFA("abc", [[1, 1, 0], [2, 0, 0], [3, 2, 2], [4, 3, 3], [5, 4, 4], [0, 5, 5]], 0, [0])
    with pytest.raises(LimitExceeded, match="semigroup"):
        transition_semigroup(dfa, limit=5000, backend="libsemigroups")
    assert transition_semigroup(dfa, limit=6 ** 6, backend="libsemigroups").size == 6 ** 6
    with pytest.raises(ValueError, match="backend"):
        transition_semigroup(dfa, backend="gap")


class _OddGraph:
    """A word graph whose text form is not libsemigroups' (forces the slow reader)."""

    def __init__(self, table):
        self.table = table

    def __str__(self):
        return "<graph>"

    def target(self, s, a):
        return int(self.table[s][a])


def test_word_graph_reader_falls_back_when_the_text_form_is_unknown():
    table = [[1, 0], [1, 1]]
    assert _word_graph_table(_OddGraph(table), 2, 2).tolist() == table

    class Truncated(_OddGraph):
        def __str__(self):
            return "WordGraph(2, [[1, 0], [1, ...]])"
    assert _word_graph_table(Truncated(table), 2, 2).tolist() == table


def test_words_are_shortlex_least_and_cayley_graphs_are_products():
    for dfa in random_dfas(7, 30, max_states=4):
        S = transition_semigroup(dfa)
        m = len(dfa.alphabet)
        # brute force: first word (in shortlex order) reaching each transformation
        first: dict[bytes, tuple] = {}
        for length in range(1, S.size + 2):
            for w in itertools.product(range(m), repeat=length):
                first.setdefault(act(dfa, w).astype(np.int64).tobytes(), w)
            if len(first) == S.size:
                break
        assert len(first) == S.size
        for i in range(S.size):
            assert (act(dfa, S.word(i)) == S.elements[i]).all()
            assert tuple(S.word(i)) == first[S.elements[i].astype(np.int64).tobytes()]
            for a in range(m):
                assert (S.elements[S.right[i, a]] == act(dfa, S.word(i) + [a])).all()
                assert (S.elements[S.left[i, a]] == act(dfa, [a] + S.word(i))).all()


def test_omega_idempotents_and_green_classes_by_brute_force():
    for dfa in random_dfas(11, 40):
        S = transition_semigroup(dfa)
        for i in range(S.size):
            x = S.elements[i].astype(np.int64)
            p = x.copy()
            while not (p[p] == p).all():
                p = x[p]
            assert S.elements[S.omega[i]].tolist() == p.tolist()
            assert S.idempotent_mask[i] == bool((x[x] == x).all())
        K = S.omega_exponent
        for i in range(S.size):
            x = S.elements[i].astype(np.int64)
            p = x.copy()
            for _ in range(K - 1):
                p = x[p]
            assert (p[p] == p).all()
        right = tarjan_scc(S.size, S.right)
        left = tarjan_scc(S.size, S.left)
        both = tarjan_scc(S.size, np.concatenate([S.right, S.left], axis=1))
        assert same_partition(S.r_classes, right.component)
        assert same_partition(S.l_classes, left.component)
        assert same_partition(S.j_classes, both.component)


def test_enumeration_stops_at_the_limit():
    # the full transformation monoid T_6 (6^6 = 46656 elements) from 3 generators
    dfa = DFA("abc", [[1, 1, 0], [2, 0, 0], [3, 2, 2], [4, 3, 3], [5, 4, 4], [0, 5, 5]], 0, [0])
    with pytest.raises(LimitExceeded, match="semigroup"):
        transition_semigroup(dfa, limit=1000)
    with pytest.raises(LimitExceeded):
        libsemigroups_size(dfa, limit=1000)
    assert transition_semigroup(dfa, limit=50_000).size == 6 ** 6


def test_tarjan_orders_components_topologically():
    rng = np.random.default_rng(5)
    for _ in range(30):
        n = int(rng.integers(1, 30))
        succ = [list(rng.integers(0, n, int(rng.integers(0, 3)))) for _ in range(n)]
        sccs = tarjan_scc(n, succ)
        comp = sccs.component
        for v in range(n):
            for w in succ[v]:
                assert comp[v] <= comp[w]
        # mutual reachability ⇔ same component (Floyd–Warshall on booleans)
        reach = np.eye(n, dtype=bool)
        for v in range(n):
            reach[v, succ[v]] = True
        for k in range(n):
            reach |= reach[:, [k]] & reach[[k], :]
        assert ((reach & reach.T) == (comp[:, None] == comp[None, :])).all()


def test_deep_graph_needs_no_recursion():
    n = 50_000
    succ = [[v + 1] if v + 1 < n else [0] for v in range(n)]
    assert tarjan_scc(n, succ).count == 1


def test_a_dfa_asked_again_shares_its_read_only_semigroup_and_its_limit_still_holds():
    """The decision procedures ask one DFA's semigroup in turn: the enumeration is kept and
    handed out again, which is only sound because nothing in it can be changed in place — and
    a smaller limit asked later must still refuse."""
    dfa = DFA("ab", [[1, 0], [2, 0], [0, 2]], 0, [2])
    first = transition_semigroup(dfa)
    again = transition_semigroup(DFA("ab", np.array(dfa.transitions).copy(), 0, [2]))
    assert again is first
    assert transition_semigroup(dfa, backend="numpy").size == first.size
    for arrays in (first.elements, first.right, first.left, first.parent, first.last, first.length,
                   first.generators, first.squares, first.omega, first.idempotents, first.r_classes):
        with pytest.raises(ValueError, match="read-only"):
            arrays[0] = 0
    with pytest.raises(LimitExceeded, match="semigroup"):
        transition_semigroup(dfa, limit=first.size - 1)
    other = DFA("ab", [[1, 0], [2, 0], [0, 1]], 0, [2])
    assert transition_semigroup(other) is not first
