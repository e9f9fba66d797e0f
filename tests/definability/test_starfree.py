"""definability/starfree.py: LTL[S] formulas for every star-free language (local divisors)."""

from __future__ import annotations

import numpy as np
import pytest
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.fragments.aperiodic import decide_aperiodic
from attnlogic.automata.dfa import DFA
from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.automata.minimize import minimize
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.certify.starfree import (
    NotAperiodic,
    raw_formula,
    semantic_reduce,
    star_free_certificate,
    star_free_formula,
    verify,
)
from attnlogic.definability.certify.synthesis import check_formula
from attnlogic.ltl import accepts, parse
from attnlogic.ltl.random import random_formula

DYCK12 = "(a(ab)*b)*"


def _random_aperiodic(rng, count, max_states=5):
    out = []
    while len(out) < count:
        n = int(rng.integers(2, max_states + 1))
        k = int(rng.integers(2, 4))
        t = rng.integers(0, n, size=(n, k))
        acc = rng.random(n) < 0.5
        d = minimize(DFA("abc"[:k], t, 0, acc))
        if d.n_states >= 2 and decide_aperiodic(d).member:
            out.append(d)
    return out


def test_dyck12_through_classify():
    d = regex_to_dfa(DYCK12, ["a", "b"])
    r = classify(d, windows=(), certificate_factor=10_000)["LTL[S]"]
    assert r.member is True
    assert r.formula is not None, r.method
    assert "local-divisor" in r.method
    assert check_formula(r.formula, minimize(d)) is None
    assert parse(str(r.formula)) is r.formula
    for w in ["", "ab", "aabb", "aababb", "abab", "ba", "aab", "aabbab"]:
        assert accepts(r.formula, w) == d.accepts(w)


def test_dyck12_direct_and_deterministic():
    d = minimize(regex_to_dfa(DYCK12, ["a", "b"]))
    f = star_free_formula(d, strategies=(0,))
    assert check_formula(f, d) is None
    assert str(star_free_formula(d, strategies=(0,))) == str(f)  # no wall clock


def test_small_examples():
    for rx in ["a*b", "(ab)*", "b*(ab*a)?", "(a|b)*abb(a|b)*", "((a|b)(a|b))?", "a*|b*", ""]:
        d = minimize(regex_to_dfa(rx or "()", ["a", "b"]))
        f = star_free_formula(d)
        assert check_formula(f, d) is None, rx


def test_random_tables():
    """Random minimal aperiodic DFAs (2–5 states, 2–3 letters): every construction is
    exact (compositional DFA of the formula = the DFA, an independent check), and at least
    100 of the certificates pass check_formula (the others are checked by formula_to_dfa
    because their evaluator × DFA product exceeds 50 000 states)."""
    rng = np.random.default_rng(20261130)
    by = {"check_formula": 0, "formula_to_dfa": 0}
    for d in _random_aperiodic(rng, 105):
        f, how = star_free_certificate(d, limit=5_000, strategies=(0,))
        assert formula_to_dfa(f, d.alphabet) == d
        if how == "check_formula" and f.size < 5_000:
            assert check_formula(f, d) is None
        by[how] += 1
    assert by["check_formula"] >= 100, by


def test_random_formulas_with_since():
    rng = np.random.default_rng(7)
    done = 0
    while done < 30:
        g = random_formula(rng, ["a", "b"], (3, 9), "LTL[S]")
        d = formula_to_dfa(g, ["a", "b"])
        f = star_free_formula(d, limit=5_000)
        assert check_formula(f, d) is None, (str(g), str(f))
        done += 1


def test_raw_construction_is_exact_without_simplification():
    rng = np.random.default_rng(3)
    for d in _random_aperiodic(rng, 15, max_states=4):
        assert formula_to_dfa(raw_formula(d), d.alphabet) == d


def test_semantic_reduce_preserves_every_position():
    f = parse("(a | a & P b) S (b & (Y a | Y a & b)) | !!P (a & a)")
    g = semantic_reduce(f, ["a", "b"])
    assert g.size < f.size
    # inclusive semantics at every position: compare Y f and Y g at N+1
    from attnlogic.ltl.formula import Yesterday
    assert formula_to_dfa(Yesterday(f), ["a", "b"]) == formula_to_dfa(Yesterday(g), ["a", "b"])


def test_refuses_non_aperiodic():
    for rx in ["(aa)*", "(b*ab*a)*b*", "((ab)(ab))*"]:
        d = regex_to_dfa(rx, ["a", "b"])
        with pytest.raises(NotAperiodic, match="not star-free"):
            star_free_formula(d)
    rng = np.random.default_rng(11)
    refused = 0
    while refused < 10:
        n = int(rng.integers(2, 5))
        d = minimize(DFA("ab", rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5))
        if decide_aperiodic(d).member:
            continue
        with pytest.raises(NotAperiodic):
            star_free_formula(d)
        refused += 1


def test_verify_reports_disagreement():
    d = minimize(regex_to_dfa("a*b", ["a", "b"]))
    with pytest.raises(AssertionError):
        verify(parse("Y b"), d)
    assert verify(star_free_formula(d), d) == "check_formula"


def test_hand_written_dyck_certificate_agrees():
    """An independent route to DYCK-(1,2) ∈ LTL[S]: a hand-derived formula (doubles aa/bb must
    alternate, starting with aa and ending with bb; first letter a, last letter b)."""
    from attnlogic.automata.operations import equivalent
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.ltl import parse

    a2, b2 = "(a & Y a)", "(b & Y b)"
    since = f"((!{a2} & !{b2}) S {a2})"
    violation = f"({a2} & {since} | {b2} & !{since})"
    f = parse(f"!Y true | P (a & !Y true) & Y b & !P {violation} & !{since}")
    assert f.size == 78
    assert equivalent(formula_to_dfa(f, ["a", "b"]), regex_to_dfa("(a(ab)*b)*", "ab"))
