"""Type refinement, the exact formula checker, lassos and S-types, each checked against an
independent route (the reference evaluator, formula_to_dfa, random formulas of bounded
depth)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from attnlogic.definability.engine.classify import classify
from attnlogic.ltl.fragments import Fragment
from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.automata.operations import equivalent
from attnlogic.definability.certify.synthesis import check_formula
from attnlogic.definability.algebra.types import lasso_search, since_type_automaton, type_automaton
from type_reference import same_type_at_end, types_at_end
from attnlogic.ltl import accepts, parse, random_formula
from attnlogic.ltl.strategies import formulas

AB = ["a", "b"]


def words_upto(alphabet, n):
    for length in range(n + 1):
        yield from itertools.product(alphabet, repeat=length)


def test_checker_agrees_with_formula_to_dfa():
    rng = np.random.default_rng(3)
    fs = [random_formula(rng, AB, int(rng.integers(1, 9))) for _ in range(40)]
    dfas = [formula_to_dfa(f, AB) for f in fs]
    for f, d in zip(fs, dfas):
        assert check_formula(f, d) is None
    for (f, df), (g, dg) in itertools.product(list(zip(fs, dfas))[:15], repeat=2):
        counter = check_formula(g, df)
        assert (counter is None) == equivalent(df, dg)
        if counter is not None:
            assert accepts(g, counter) != df.accepts(counter)


@pytest.mark.parametrize("text,k,past", [
    ("Y[<=2] a", 2, False), ("Y[<=3] a", 2, False), ("a & Y[<=2] b", 2, True),
    ("P a & Y[<=2] b", 2, True), ("Y[<=2] (b & Y[<=2] a)", 2, False), ("!Y[<=2] b", 2, True),
])
def test_type_formulas_define_the_language(text, k, past):
    d = formula_to_dfa(parse(text), AB)
    for depth in range(1, 4):
        res = type_automaton(d, k, past, depth)
        if res.definable:
            f = res.formula
            assert Fragment.parse(f"LTL[{'P,' if past else ''}Y<={k}]").allows(f)
            assert f.depth <= depth
            for w in words_upto(AB, 6):
                assert accepts(f, w) == d.accepts(w)
            return
        w = res.witness
        assert d.accepts(w.accepted) and not d.accepts(w.rejected)
        assert same_type_at_end(w.accepted, w.rejected, k, past, depth)
    pytest.fail(f"{text} should be definable at depth ≤ 3")


@pytest.mark.parametrize("k,past", [(1, False), (2, False), (2, True), (3, True)])
def test_equal_types_mean_equal_formula_values(k, past):
    """The type recursion is what the logic sees: words with equal depth-d types at N+1
    agree on random formulas of depth ≤ d (and unequal types are found to differ)."""
    rng = np.random.default_rng(k * 10 + past)
    frag = f"LTL[{'P,' if past else ''}Y<={k}]"
    fs = [random_formula(rng, AB, int(rng.integers(2, 10)), operators=frag) for _ in range(150)]
    words = list(words_upto(AB, 6))
    for depth in (1, 2):
        classes: dict = {}
        for w in words:
            classes.setdefault(types_at_end(w, k, past, depth), []).append(w)
        assert len(classes) > 1
        for f in fs:
            if f.depth > depth:
                continue
            for ws in classes.values():
                assert len({accepts(f, w) for w in ws}) == 1, (str(f), ws)


@pytest.mark.parametrize("text,k,past", [
    ("Y a", 2, False), ("Y a", 2, True), ("Y a", 3, True), ("Y[<=2] a", 3, False),
    ("Y[<=2] a", 3, True), ("Y b & Y Y a", 2, True),
])
def test_lasso_witnesses_are_indistinguishable_when_pumped(text, k, past):
    d = formula_to_dfa(parse(text), AB)
    lw = lasso_search(d, k, past, max_period=k + 2, max_tail=3)
    assert lw is not None
    for depth in (1, 2, 3):
        u, v = lw.words(*lw.exponents_for_depth(k, depth))
        u = [d.alphabet[a] for a in u]
        v = [d.alphabet[a] for a in v]
        assert d.accepts(u) != d.accepts(v)
        assert same_type_at_end(u, v, k, past, depth)


def test_no_lasso_for_definable_languages():
    for text in ("Y[<=2] a", "P a & Y[<=2] b", "!Y[<=2] a"):
        d = formula_to_dfa(parse(text), AB)
        assert lasso_search(d, 2, True, max_period=4, max_tail=3) is None


@pytest.mark.parametrize("text,alphabet", [("c S a", "abc"), ("a S b", "ab"), ("Y a", "ab"),
                                           ("(a | b) S c", "abc")])
def test_since_types_give_star_free_formulas(text, alphabet):
    d = formula_to_dfa(parse(text), list(alphabet))
    for depth in (1, 2):
        res = since_type_automaton(d, depth)
        if res.definable:
            for w in words_upto(list(alphabet), 5):
                assert accepts(res.formula, w) == d.accepts(w)
            return
    pytest.fail("a depth-1 S formula should be found")


def test_since_type_witness_for_a_non_star_free_language():
    from attnlogic.automata.regex import regex_to_dfa
    d = regex_to_dfa("(aa)*", ["a"])
    for depth in (1, 2):
        res = since_type_automaton(d, depth)
        assert not res.definable
        w = res.witness
        assert d.accepts(w.accepted) and not d.accepts(w.rejected)


def _fragment_is_never_refuted(fragment, k):
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(f=formulas(("a", "b"), max_size=8, fragment=fragment))
    def check(f):
        d = formula_to_dfa(f, AB)
        r = classify(d, windows=(k,), max_depth=2, limit=5_000)[fragment]
        assert r.member is not False, (str(f), r)
        if r.member and r.formula is not None:
            assert check_formula(r.formula, d) is None and Fragment.parse(fragment).allows(r.formula)
    return check


@pytest.mark.parametrize("fragment,k", [("LTL[Y<=2]", 2), ("LTL[P,Y<=2]", 2), ("LTL[Y<=3]", 3)])
def test_formulas_of_a_window_fragment_are_never_refuted(fragment, k):
    _fragment_is_never_refuted(fragment, k)()


def test_maximal_sets_avoiding_a_family_by_minimal_transversals():
    """The S-type formula's maximal sets X ⊆ R containing no U of a family (the complements
    of its minimal transversals, types._Avoiding) against the enumeration of every subset of
    R by decreasing size: the same sets in the same order (so the same formulas)."""
    import random

    from attnlogic.definability.algebra.types import _Avoiding

    rng = random.Random(38)
    avoiding = _Avoiding()
    for _ in range(400):
        lower = sorted(rng.sample(range(12), rng.randint(0, 7)))
        family = [frozenset(x for x in lower + [99] if rng.random() < 0.35) for _ in range(rng.randint(0, 4))]
        expected: list = []
        for size in range(len(lower), -1, -1):
            for X in itertools.combinations(lower, size):
                Xs = frozenset(X)
                if not any(U <= Xs for U in family) and not any(Xs < Y for Y in expected):
                    expected.append(Xs)
        assert list(avoiding(lower, family)) == expected, (lower, family)
