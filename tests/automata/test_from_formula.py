"""Formula → DFA agrees with the semantics on every short word and on long random words.

Reference: a batch evaluator written here as a literal transcription of
the semantics of docs/logic.md (quadratic loops over positions, vectorised over all words of one
length), itself checked against the project's reference evaluator
``attnlogic.ltl.evaluate``; long words are checked against the reference evaluator's
``prefix_acceptance`` directly.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from attnlogic.automata.from_formula import formula_alphabet, formula_to_dfa
from attnlogic.automata.minimize import minimize
from attnlogic.kernel.errors import InputError, LimitExceeded
from attnlogic.ltl.formula import (TRUE, And, Atom, Const, Historically, Iff, Implies, Not,
                                   Once, Or, Past, Since, Xor, Yesterday)


def batch_accepts(f, codes: np.ndarray, col: dict) -> np.ndarray:
    """Acceptance of each row of ``codes`` (W words of length L): f at position L+1.

    Index i of the value arrays is position i+1; index L is the readout position, where
    no atom holds.
    """
    W, L = codes.shape
    n1 = L + 1
    val = {}
    for g in f.subformulas():
        if isinstance(g, Atom):
            v = np.zeros((W, n1), dtype=bool)
            if g.name in col:
                v[:, :L] = codes == col[g.name]
        elif isinstance(g, Const):
            v = np.full((W, n1), g.value)
        elif isinstance(g, Not):
            v = ~val[g.arg]
        elif isinstance(g, (And, Or, Implies, Iff, Xor)):
            x, y = val[g.left], val[g.right]
            v = {And: x & y, Or: x | y, Implies: ~x | y, Iff: x == y, Xor: x != y}[type(g)]
        else:
            v = np.zeros((W, n1), dtype=bool)
            for n in range(n1):          # position n+1
                if isinstance(g, Past):        # ∃ m < n
                    v[:, n] = val[g.arg][:, :n].any(axis=1)
                elif isinstance(g, Once):      # ∃ m ≤ n
                    v[:, n] = val[g.arg][:, :n + 1].any(axis=1)
                elif isinstance(g, Historically):  # ∀ m ≤ n
                    v[:, n] = val[g.arg][:, :n + 1].all(axis=1)
                elif isinstance(g, Yesterday):  # ∃ m, max(1, n−k) ≤ m < n
                    v[:, n] = val[g.arg][:, max(0, n - g.k):n].any(axis=1)
                elif isinstance(g, Since):      # ∃ m < n: ψ at m, φ at all m < j < n
                    acc = np.zeros(W, dtype=bool)
                    for m in range(n):
                        acc |= val[g.right][:, m] & val[g.left][:, m + 1:n].all(axis=1)
                    v[:, n] = acc
                else:
                    raise TypeError(type(g))
        val[g] = v
    return val[f][:, L]


def all_codes(k: int, L: int) -> np.ndarray:
    if L == 0:
        return np.zeros((1, 0), dtype=np.int64)
    return np.array(list(itertools.product(range(k), repeat=L)), dtype=np.int64)


def check_all_words(f, alphabet, max_len):
    d = formula_to_dfa(f, alphabet)
    assert d.alphabet == tuple(alphabet)
    col = {a: i for i, a in enumerate(alphabet)}
    for L in range(max_len + 1):
        codes = all_codes(len(alphabet), L)
        want = batch_accepts(f, codes, col)
        got = d.accepts_many(codes)
        if not np.array_equal(got, want):
            bad = codes[np.flatnonzero(got != want)[0]]
            raise AssertionError(f"{f}: disagreement on {[alphabet[i] for i in bad]}")
    return d


def formulas(atoms=("a", "b"), max_size=14):
    from attnlogic.ltl.strategies import formulas as strategy
    return strategy(atoms, max_size)


@settings(max_examples=150, deadline=None)
@given(formulas(max_size=10))
def test_batch_evaluator_matches_reference_evaluator(f):
    from attnlogic.ltl.evaluate import accepts
    col = {"a": 0, "b": 1, "c": 2}
    for L in range(5):
        codes = all_codes(3, L)
        got = batch_accepts(f, codes, col)
        want = [accepts(f, "".join("abc"[i] for i in row)) for row in codes]
        assert got.tolist() == want


@settings(max_examples=1200, deadline=None)
@given(formulas(max_size=14))
def test_every_word_up_to_length_8(f):
    check_all_words(f, ("a", "b"), 8)


@settings(max_examples=300, deadline=None)
@given(formulas(max_size=12))
def test_letters_that_are_not_atoms(f):
    check_all_words(f, ("a", "b", "c"), 6)


@pytest.mark.slow
@settings(max_examples=800, deadline=None)
@given(formulas(("a", "b", "c"), max_size=18))
def test_every_word_up_to_length_6_three_atoms_many_formulas(f):
    check_all_words(f, ("a", "b", "c"), 6)


def test_long_random_words_against_reference_prefix_acceptance():
    from attnlogic.ltl.evaluate import prefix_acceptance
    from attnlogic.ltl.random import random_formula
    rng = np.random.default_rng(2024)
    for _ in range(120):
        f = random_formula(rng, ["a", "b", "c"], int(rng.integers(3, 30)))
        d = formula_to_dfa(f, ("a", "b", "c"))
        word = "".join(rng.choice(list("abc"), size=int(rng.integers(50, 400))))
        assert np.array_equal(d.prefix_acceptance(word), prefix_acceptance(f, word)), str(f)


def test_known_languages():
    a, b = Atom("a"), Atom("b")
    # P a: some a occurred
    d = formula_to_dfa(Past(a), "ab")
    assert d.n_states == 2 and d.accepts("bba") and not d.accepts("bbb")
    # Y a: last letter is a; Y[<=3] a: an a among the last three letters
    assert formula_to_dfa(Yesterday(a), "ab").n_states == 2
    d = formula_to_dfa(Yesterday(a, 3), "ab")
    assert d.n_states == 4 and d.accepts("abb") and not d.accepts("abbb")
    # a at N+1 is false; true everywhere
    assert formula_to_dfa(a, "ab").n_states == 1 and not formula_to_dfa(a, "ab").accepts("a")
    assert formula_to_dfa(TRUE, "ab").accepts("abab")
    # H !a at N+1: no a at all (non-strict, but atoms are false at N+1)
    d = formula_to_dfa(Historically(Not(a)), "ab")
    assert d.accepts("bb") and not d.accepts("ba") and d.accepts("")
    # (Y b) S a: after the last... an a, then only b's followed each step
    d = formula_to_dfa(Since(b, a), "abc")
    assert d.accepts("cab") and d.accepts("a") and not d.accepts("acb") and not d.accepts("")


def test_empty_word_uses_the_skeleton_alone():
    for f, expected in [(Not(Past(Atom("a"))), True), (Once(Atom("a")), False),
                        (Historically(Atom("a")), False), (Not(Atom("a")), True)]:
        assert formula_to_dfa(f, "ab").accepts("") is expected


def test_alphabet_rules():
    f = Or(Past(Atom("b")), Atom("a"))
    assert formula_alphabet(f) == ("a", "b")
    assert formula_to_dfa(f).alphabet == ("a", "b")
    assert formula_to_dfa(f, ["c", "b", "a"]).alphabet == ("c", "b", "a")
    with pytest.raises(InputError, match="not letters"):
        formula_to_dfa(f, ["a", "c"])
    assert formula_to_dfa(f, ["c"], extend=True).alphabet == ("c", "a", "b")
    assert formula_to_dfa(TRUE).alphabet == ()


def test_multicharacter_and_quoted_atoms():
    f = Past(Atom("foo")) & ~Past(Atom("bar baz"))
    d = formula_to_dfa(f, ["foo", "bar baz", "x"])
    assert d.accepts(["x", "foo"]) and not d.accepts(["foo", "bar baz"])


def test_equal_languages_give_identical_dfas():
    a, b = Atom("a"), Atom("b")
    pairs = [(Once(a), Or(a, Past(a))), (Historically(a), And(a, Not(Past(Not(a))))),
             (Yesterday(a, 1), Yesterday(a)), (Past(Past(a)), Past(Yesterday(Once(a)))),
             (Since(TRUE, a), Past(a)), (Or(Yesterday(a, 2), Yesterday(b, 2)),
                                          Yesterday(Or(a, b), 2))]
    for f, g in pairs:
        assert formula_to_dfa(f, "abc") == formula_to_dfa(g, "abc"), (str(f), str(g))


def test_result_is_minimal_and_canonical():
    from attnlogic.ltl.random import random_formula
    rng = np.random.default_rng(5)
    for _ in range(50):
        f = random_formula(rng, ["a", "b"], 20)
        d = formula_to_dfa(f, "abc")
        assert minimize(d) == d


def test_deep_formula_does_not_recurse():
    f = Atom("a")
    for i in range(3000):
        f = Not(f) if i % 3 else Or(f, Atom("b"))
    f = Past(f)
    for _ in range(60):
        f = Yesterday(f)
    d = formula_to_dfa(f, "ab")
    assert d.n_states >= 2


def test_large_window_and_state_limit():
    f = Yesterday(Atom("a"), 500)
    assert formula_to_dfa(f, "ab").n_states == 501
    g = Atom("a")
    for _ in range(12):
        g = Xor(Yesterday(g, 2), Atom("b"))
    with pytest.raises(LimitExceeded):
        formula_to_dfa(g, "ab", state_limit=50)


@settings(max_examples=100, deadline=None)
@given(formulas(("a", "b", "c"), max_size=12), st.permutations(["a", "b", "c", "d"]))
def test_alphabet_order_only_permutes_columns(f, order):
    base = formula_to_dfa(f, ("a", "b", "c", "d"))
    assert formula_to_dfa(f, order) == base.with_alphabet_order(order).minimal()


@pytest.mark.parametrize("text", ["Y[<=5] a", "Y[<=4] (a | b)", "Y[<=6] a & Y[<=5] b", "Y[<=3] !c | P b"])
def test_window_counters_are_minimal_without_hopcroft(text):
    """A window over a letter test is built as its counter, not minimised (it is minimal by
    construction): the result agrees with the reference evaluator on all short words, and
    Hopcroft's refinement of it (run here directly) merges nothing."""
    from attnlogic.automata.minimize import coarsest_partition
    from attnlogic.ltl import accepts, parse

    f = parse(text)
    d = formula_to_dfa(f, ["a", "b", "c"])
    for n in range(8):
        for w in itertools.product("abc", repeat=n):
            assert d.accepts(w) == accepts(f, w), (text, w)
    blocks = coarsest_partition(np.asarray(d.transitions), np.asarray(d.accepting))
    assert int(blocks.max()) + 1 == d.n_states
