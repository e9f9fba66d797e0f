"""Future-time LTLf in the logic layer: the reference evaluator against a literal
transcription of the finite-trace semantics (ltlf2dfa's MONA encoding, the empty suffix
included), formula → DFA (the mirror into the past and the reversal) against the evaluator
on every short word, and the mirror itself."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.kernel.errors import InputError
from attnlogic.ltl import accepts, facts, fragment, prefix_acceptance, random_formula, truth_values
from attnlogic.ltl.formula import (FALSE, TRUE, Always, And, Atom, Eventually, Iff, Implies, Mod, Next, Not,
                                   Or, Past, Release, Until, WeakNext, Xor, is_future)
from attnlogic.ltl.mirror import empty_trace_value, mirror, reversal_formula

LETTERS = ("a", "b", "c")
WORDS = [w for n in range(6) for w in itertools.product(LETTERS, repeat=n)]


def _holds(f, w, i) -> bool:
    """f at the 0-based position i of w; i == len(w) is the empty suffix (the trace has
    ended).  Written from the definitions, quadratic, independent of the evaluator:
    U and R as ltlf2dfa's MONA encoding states them."""
    n = len(w)
    cls = type(f)
    if cls is Atom:
        return i < n and w[i] == f.name
    if f is TRUE or f is FALSE:
        return f is TRUE
    if cls is Not:
        return not _holds(f.arg, w, i)
    if cls in (And, Or, Implies, Iff, Xor):
        x, y = _holds(f.left, w, i), _holds(f.right, w, i)
        return {And: x and y, Or: x or y, Implies: (not x) or y, Iff: x == y, Xor: x != y}[cls]
    if cls is Next:
        return i + 1 < n and _holds(f.arg, w, i + 1)
    if cls is WeakNext:
        return i + 1 >= n or _holds(f.arg, w, i + 1)
    if cls is Eventually:
        return any(_holds(f.arg, w, j) for j in range(i, n))
    if cls is Always:
        return all(_holds(f.arg, w, j) for j in range(i, n))
    if cls is Until:
        return any(_holds(f.right, w, j) and all(_holds(f.left, w, k) for k in range(i, j)) for j in range(i, n))
    if cls is Release:
        return (any(_holds(f.left, w, j) and all(_holds(f.right, w, k) for k in range(i, j + 1))
                    for j in range(i, n))
                or all(_holds(f.right, w, k) for k in range(i, n)))
    raise TypeError(cls)


def _formulas(seed, count, size=(2, 10)):
    rng = np.random.default_rng(seed)
    return [random_formula(rng, ["a", "b"], size, "LTLf") for _ in range(count)]


@pytest.mark.parametrize("f", _formulas(1, 40), ids=str)
def test_evaluator_is_the_finite_trace_semantics(f):
    for w in WORDS[:121]:                      # every word of length <= 4
        values = truth_values(f, list(w))
        assert values.tolist() == [_holds(f, w, i) for i in range(len(w) + 1)], (str(f), w)
        if is_future(f):
            assert accepts(f, list(w)) == _holds(f, w, 0)


@pytest.mark.parametrize("f", [g for g in _formulas(2, 40) if is_future(g)], ids=str)
def test_dfa_agrees_with_the_evaluator_on_every_short_word(f):
    d = formula_to_dfa(f, LETTERS)
    assert d.accepts_many([list(w) for w in WORDS]).tolist() == [accepts(f, list(w)) for w in WORDS], str(f)


@pytest.mark.parametrize("f", [g for g in _formulas(3, 30) if is_future(g)], ids=str)
def test_the_mirror_defines_the_reversed_language(f):
    past = reversal_formula(f)
    assert not is_future(past)
    for w in WORDS:
        assert accepts(past, list(reversed(w))) == accepts(f, list(w)), (str(f), w)
    assert empty_trace_value(f) == accepts(f, [])


def test_empty_trace_values_of_each_operator():
    a, b = Atom("a"), Atom("b")
    values = {Next(a): False, WeakNext(a): True, Eventually(a): False, Always(a): True,
              Until(a, b): False, Release(a, b): True, WeakNext(FALSE): True, Not(Next(a)): True}
    for f, want in values.items():
        assert accepts(f, []) == want == empty_trace_value(f), str(f)


def test_known_languages():
    a, b = Atom("a"), Atom("b")
    cases = [(Always(Implies(a, Eventually(b))), lambda w: all("b" in w[i:] for i in range(len(w)) if w[i] == "a")),
             (Next(a), lambda w: len(w) > 1 and w[1] == "a"),
             (WeakNext(a), lambda w: len(w) <= 1 or w[1] == "a"),
             (And(a, WeakNext(FALSE)), lambda w: w == ("a",))]
    for f, ref in cases:
        d = formula_to_dfa(f, LETTERS)
        assert [d.accepts(list(w)) for w in WORDS] == [ref(w) for w in WORDS], str(f)


def test_prefix_acceptance_of_an_ltlf_formula_reads_each_prefix():
    f = Always(Implies(Atom("a"), Eventually(Atom("b"))))
    assert prefix_acceptance(f, "abab").tolist() == [True, False, True, False, True]


def test_mixed_and_modular_formulas_are_refused_with_the_reason():
    with pytest.raises(InputError, match="mixes past"):
        formula_to_dfa(Eventually(Past(Atom("a"))), LETTERS)
    with pytest.raises(InputError, match="modular"):
        mirror(Eventually(Mod(2, 1)))


def test_an_ltlf_formula_is_in_no_past_fragment():
    f = Eventually(Atom("a"))
    with pytest.raises(InputError, match="LTLf"):
        fragment(f)
    assert facts(f).to_json()["fragment"] == "LTLf"
    assert str(Until(Atom("a"), Until(Atom("b"), Atom("a")))) == "a U b U a"
    assert str(Until(Until(Atom("b"), Atom("a")), Atom("b"))) == "(b U a) U b"


def test_printed_ltlf_formulas_read_back_in_ltlf2dfa_syntax():
    """str(f) of an LTLf formula is ltlf2dfa text that its grammar reads as f (R tighter than
    U, no -> or <-> chain left to its n-ary reading); xor is not theirs."""
    from attnlogic.ltl import parse
    rng = np.random.default_rng(5)
    count = 0
    while count < 300:
        f = random_formula(rng, ["a", "b"], (2, 16), "LTLf")
        if is_future(f) and not any(isinstance(g, Xor) for g in f.subformulas()):
            assert parse(str(f), syntax="ltlf2dfa") is f, str(f)
            count += 1
    a, b, c = Atom("a"), Atom("b"), Atom("c")
    assert str(Release(a, Until(b, c))) == "a R (b U c)"
    assert str(Iff(Iff(a, b), Next(c))) == "(a <-> b) <-> X c"
    assert str(Implies(a, Implies(b, Next(c)))) == "a -> (b -> X c)"
