"""One definition of the connectives' semantics (attnlogic.ltl.semantics): each evaluator of
formulas reads it from there (imported from each user here), and one formula builder with
constant folding (attnlogic.ltl.formula: or_all, past_, yesterday_, since_) serves the
syntheses.  The table's values are checked in test_ltl_evaluate.py; here, that every user
answers as the table says on every connective."""

from __future__ import annotations

import importlib
import itertools

import pytest

from attnlogic.automata import from_formula
from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.compiler import plan
from attnlogic.definability.certify import smallest, starfree, synthesis
from attnlogic.ltl import evaluate, semantics
from attnlogic.ltl import formula as fm
from attnlogic.ltl import parse

CONNECTIVES = ["!Y a", "Y a & P b", "Y a | P b", "Y a -> P b", "Y a <-> P b", "Y a ^ P b"]


def test_every_user_reads_the_one_table():
    assert evaluate.BOOLEAN is semantics.BOOLEAN and evaluate.PY_BOOLEAN is semantics.PY_BOOLEAN
    assert from_formula.BOOLEAN is semantics.BOOLEAN
    assert synthesis.BOOLEAN is semantics.BOOLEAN
    assert plan.PY_BOOLEAN is semantics.PY_BOOLEAN and plan.boolean_block is semantics.boolean_block
    assert starfree.PY_BOOLEAN is semantics.PY_BOOLEAN
    assert smallest.BOOLEAN is semantics.BOOLEAN
    simplify = importlib.import_module("attnlogic.ltl.simplify")  # the package exports a function of that name
    assert simplify.boolean_block is semantics.boolean_block
    assert from_formula.step_past is semantics.step_past is synthesis.step_past
    assert from_formula.step_since is semantics.step_since is synthesis.step_since is smallest.step_since


def test_one_formula_builder():
    for user in (synthesis, starfree):
        assert user._P is fm.past_ and user._Y is fm.yesterday_ and user._disj is fm.or_all
    assert starfree._S is fm.since_
    a, b = fm.atom("a"), fm.atom("b")
    assert fm.past_(fm.FALSE) is fm.FALSE and fm.yesterday_(fm.FALSE) is fm.FALSE
    assert fm.since_(a, fm.FALSE) is fm.FALSE and fm.since_(fm.FALSE, b) == fm.Y(b)
    assert fm.since_(fm.TRUE, b) == fm.P(b) and fm.since_(a, b) == fm.S(a, b)
    assert fm.or_all([]) is fm.FALSE and fm.and_all([]) is fm.TRUE
    assert fm.or_all([fm.FALSE, a, fm.FALSE, b]) == fm.Or(a, b)
    assert fm.and_all([a, fm.TRUE, b]) == fm.And(a, b) and fm.and_all([a, fm.FALSE]) is fm.FALSE


@pytest.mark.parametrize("text", CONNECTIVES)
def test_the_users_agree_with_the_table_on_each_connective(text):
    """The reference evaluator, formula → DFA, the exact check's evaluation automaton and
    the star-free construction's subformula DFAs give each connective the same language."""
    f = parse(text)
    d = formula_to_dfa(f, ["a", "b"])
    words = [w for n in range(6) for w in itertools.product("ab", repeat=n)]
    assert [d.accepts(w) for w in words] == [evaluate.accepts(f, w) for w in words]
    assert synthesis.check_formula(f, d) is None
    # the star-free construction reads O/H-free formulas over Y, P, S: its DFA of f
    # (inclusive convention, atoms at the last letter) agrees with the table on each word
    sem = starfree._Semantics(("a", "b"), 10_000)
    g, _ = sem.get(f)
    for w in words[1:]:
        truth = evaluate.truth_values(f, w)[len(w) - 1]        # f at position |w|
        assert g.accepts(w) == bool(truth), (text, w)
