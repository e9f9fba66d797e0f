"""Boolean operations, emptiness, equivalence, shortest witnesses and enumeration,
checked against brute force over all short words."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from attnlogic.automata.dfa import DFA
from attnlogic.automata.enumerate import enumerate_words, words_of_length
from attnlogic.automata.minimize import minimize
from attnlogic.automata.operations import (complement, difference, equivalent, intersection,
                                           is_empty, is_subset, is_universal, shortest_accepted,
                                           shortest_distinguishing_word, symmetric_difference,
                                           union)
from attnlogic.kernel.errors import InputError


@st.composite
def dfa_pairs(draw, max_states=5, k=2):
    def one():
        n = draw(st.integers(1, max_states))
        table = draw(st.lists(st.lists(st.integers(0, n - 1), min_size=k, max_size=k),
                              min_size=n, max_size=n))
        acc = draw(st.lists(st.booleans(), min_size=n, max_size=n))
        return DFA("ab"[:k], table, draw(st.integers(0, n - 1)), np.array(acc))
    return one(), one()


def length_lex(alphabet, max_len):
    for n in range(max_len + 1):
        yield from itertools.product(alphabet, repeat=n)


@settings(max_examples=100, deadline=None)
@given(dfa_pairs())
def test_boolean_operations_match_brute_force(pair):
    a, b = pair
    words = list(length_lex("ab", 7))
    x, y = a.accepts_many(words), b.accepts_many(words)
    assert np.array_equal(complement(a).accepts_many(words), ~x)
    assert np.array_equal(intersection(a, b).accepts_many(words), x & y)
    assert np.array_equal(union(a, b).accepts_many(words), x | y)
    assert np.array_equal(difference(a, b).accepts_many(words), x & ~y)
    assert np.array_equal(symmetric_difference(a, b).accepts_many(words), x ^ y)
    assert intersection(a, b) == minimize(intersection(a, b))  # minimal and canonical


@settings(max_examples=300, deadline=None)
@given(dfa_pairs())
def test_shortest_distinguishing_word_is_the_first_difference_in_length_lex_order(pair):
    a, b = pair
    # two inequivalent states of the disjoint union (n_a + n_b states) are told apart by a
    # word of length <= n_a + n_b - 2 (Moore), so the search below is exhaustive
    bound = a.n_states + b.n_states
    first = next((w for w in length_lex("ab", bound) if a.accepts(w) != b.accepts(w)), None)
    assert shortest_distinguishing_word(a, b) == first
    assert equivalent(a, b) == (first is None)
    assert (minimize(a) == minimize(b)) == (first is None)


@settings(max_examples=200, deadline=None)
@given(dfa_pairs())
def test_shortest_accepted_emptiness_universality_inclusion(pair):
    a, b = pair
    words = list(length_lex("ab", a.n_states + b.n_states))
    first = next((w for w in words if a.accepts(w)), None)
    assert shortest_accepted(a) == first
    assert is_empty(a) == (first is None)
    assert is_universal(a) == all(a.accepts(w) for w in words)
    assert is_subset(a, b) == all(b.accepts(w) for w in words if a.accepts(w))


@settings(max_examples=150, deadline=None)
@given(dfa_pairs(max_states=6))
def test_enumeration_is_length_lexicographic_and_complete(pair):
    a, _ = pair
    want = [w for w in length_lex("ab", 7) if a.accepts(w)]
    assert list(enumerate_words(a, 7)) == want
    assert list(words_of_length(a, 5)) == [w for w in want if len(w) == 5]
    assert list(enumerate_words(a, 7, min_len=3)) == [w for w in want if len(w) >= 3]


def test_enumeration_follows_alphabet_order_not_spelling():
    d = DFA(["b", "a"], [[0, 0]], 0, [0])
    assert list(enumerate_words(d, 2)) == [(), ("b",), ("a",), ("b", "b"), ("b", "a"),
                                           ("a", "b"), ("a", "a")]


def test_alphabets_must_have_the_same_letters():
    a = DFA("ab", [[0, 0]], 0, [0])
    b = DFA("ba", [[0, 1], [1, 1]], 0, [0])  # words without a... in b's order: column 0 is b
    c = DFA("abc", [[0, 0, 0]], 0, [0])
    assert intersection(a, b).alphabet == ("a", "b")
    assert shortest_distinguishing_word(a, b) == ("a",)
    with pytest.raises(InputError):
        union(a, c)
    with pytest.raises(InputError):
        equivalent(a, c)


@pytest.fixture(scope="module")
def compiled_everywhere():
    """Make the compiled (numba) kernels run on the tiny automata of these tests (the
    setting is the same for every example, so a module-scoped fixture); skipped where
    numba is not installed."""
    from attnlogic.automata import _compiled
    if not _compiled.available():
        pytest.skip("numba is not installed")
    mp = pytest.MonkeyPatch()
    mp.setattr(_compiled, "NATIVE", None)      # the numba kernel, not the C extension
    mp.setattr(_compiled, "MIN_CELLS", 0)
    yield
    mp.undo()


@settings(max_examples=200, deadline=None)
@given(dfa_pairs())
def test_inclusion_counterexample_is_the_first_word_of_the_difference(pair):
    from attnlogic.automata.operations import inclusion_counterexample
    a, b = pair
    # a shortest word of L(a)∖L(b) is shorter than the number of product pairs; the pairs
    # reachable are at most n_a·n_b ≤ 25, but brute force over 2^25 words is too slow, so
    # the reference is the minimal DFA of the difference, whose states bound the length
    d = difference(a, b)
    first = next((w for w in length_lex("ab", d.n_states) if a.accepts(w) and not b.accepts(w)),
                 None)
    assert inclusion_counterexample(a, b) == first
    assert (first is None) == is_empty(d)


@settings(max_examples=300, deadline=None)
@given(dfa_pairs(max_states=7))
def test_union_find_equivalence_agrees_with_minimisation(compiled_everywhere, pair):
    a, b = pair
    assert equivalent(a, b) == (minimize(a) == minimize(b))


def test_an_early_difference_stops_the_product_search_before_the_product_is_built():
    # L(a) ∋ "a" and L(b) ∌ "a"; both have 2^16 states behind that first letter, so the
    # full product (2^32 pairs) cannot be the one that answers under a limit of 10 pairs
    from attnlogic.automata.regex import regex_to_dfa
    a = regex_to_dfa("a|(a|b)*a(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)")
    b = regex_to_dfa("b(a|b)*")
    assert shortest_distinguishing_word(a, b, state_limit=10) == ("a",)
    assert not equivalent(a, b, state_limit=10)


def test_an_equivalence_search_over_the_limit_is_refused():
    from attnlogic.kernel.errors import LimitExceeded
    n = 50
    a = DFA("ab", np.column_stack([(np.arange(n) + 1) % n, np.arange(n)]), 0, [0])
    with pytest.raises(LimitExceeded, match="product states"):
        shortest_distinguishing_word(a, a, state_limit=10)


def test_python_union_find_equivalence_agrees_with_the_product_search(monkeypatch):
    # the uncompiled Hopcroft–Karp of `equivalent` against the breadth-first product search
    # (an independent route), on random pairs, renumbered copies (equivalent) and deep ones
    from attnlogic.automata import _compiled
    from attnlogic.automata.operations import equivalent, first_difference
    monkeypatch.setattr(_compiled, "NATIVE", None)
    monkeypatch.setattr(_compiled, "MIN_CELLS", 10**12)
    monkeypatch.setattr(_compiled, "LOADED_MIN_CELLS", 10**12)
    rng = np.random.default_rng(5)
    seen = set()
    for i in range(300):
        n, m, k = int(rng.integers(1, 9)), int(rng.integers(1, 9)), int(rng.integers(1, 4))
        a = DFA("abc"[:k], rng.integers(0, n, (n, k)), 0, rng.random(n) < 0.5)
        if i % 3 == 0:          # a renumbered copy: equivalent
            perm = rng.permutation(n)
            t = np.empty_like(a.transitions)
            t[perm] = perm[a.transitions]
            acc = np.empty(n, dtype=bool)
            acc[perm] = a.accepting
            b = DFA(a.alphabet, t, int(perm[0]), acc)
        elif i % 3 == 1:        # a counter modulo n against one modulo m
            a = DFA("ab", [[(q + 1) % n, 0] for q in range(n)], 0, [q == 0 for q in range(n)])
            b = DFA("ab", [[(q + 1) % m, 0] for q in range(m)], 0, [q == 0 for q in range(m)])
        else:
            b = DFA(a.alphabet, rng.integers(0, m, (m, k)), 0, rng.random(m) < 0.5)
        same = first_difference(a, b, np.not_equal) is None
        assert equivalent(a, b) == same
        seen.add(same)
    assert seen == {True, False}
