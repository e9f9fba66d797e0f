"""One definition of the connectives' semantics (attnlogic.ltl.semantics): each evaluator of
formulas reads it from there (imported from each user here), and one formula builder with
constant folding (attnlogic.ltl.formula: or_all, past_, yesterday_, since_) serves the
syntheses.  The table's values are checked in test_ltl_evaluate.py; here, that every user
answers as the table says on every connective."""

from __future__ import annotations

import importlib
import itertools

import numpy as np
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
    assert synthesis.step_past is semantics.step_past and synthesis.step_since is semantics.step_since
    # the temporal operators: one row each in TEMPORAL, read by the evaluator, formula → DFA
    # and the enumeration of small formulas
    assert evaluate.TEMPORAL is semantics.TEMPORAL is from_formula.TEMPORAL is smallest.TEMPORAL
    assert from_formula._STRICT == semantics.STRICT_PAST == (fm.Past, fm.Yesterday, fm.Since)


def _run_memory(rule, node, columns):
    """The operator's truth at each position, by running its memory letter by letter (the
    recurrence, as the automata read it): strict operators at positions 1 … n+1, O and H at
    1 … n."""
    memory, out = rule.initial(node), []
    if rule.strict:
        out.append(bool(rule.holds(node, memory)))
    for values in zip(*columns):
        memory = rule.step(node, memory, *values)
        assert 0 <= int(memory) < rule.states(node)
        out.append(bool(rule.holds(node, memory)))
    return out


NODES = [fm.P(fm.atom("a")), fm.O(fm.atom("a")), fm.H(fm.atom("a")), fm.S(fm.atom("a"), fm.atom("b"))] + \
    [fm.Y(fm.atom("a"), k) for k in (1, 2, 3, 5, 8)]


@pytest.mark.parametrize("node", NODES, ids=str)
def test_each_scan_is_its_recurrence_on_every_short_sequence(node):
    """The whole-word scans (numpy booleans, every sequence of a length at once along the
    second axis; and 8 sequences bit-packed in a byte) and the letter-by-letter memory of
    each row agree on every truth sequence of length ≤ 9 (≤ 7 for S, whose sequences are
    pairs); and the memory agrees with the operator's definition in words (docs/logic.md)."""
    rule = semantics.TEMPORAL[type(node)]
    arity = len(node.children)
    for n in range(10 if arity == 1 else 8):
        seqs = np.array(list(itertools.product((False, True), repeat=n * arity)), dtype=bool)
        seqs = seqs.reshape(len(seqs), arity, n)
        scanned = rule.scan(node, *(np.ascontiguousarray(seqs[:, j, :].T) for j in range(arity)))
        assert scanned.dtype == bool
        for s, cols in enumerate(seqs):
            columns = [list(c) for c in cols]
            expected = _run_memory(rule, node, columns)
            assert list(scanned[:, s]) == expected, (node, columns)
            # the definition, position by position (positions 1-based; i the position read)
            for i in range(1, len(expected) + 1):
                before = range(1, i) if rule.strict else range(1, i + 1)
                a = [columns[0][m - 1] for m in before]
                if isinstance(node, fm.Past) or isinstance(node, fm.Once):
                    want = any(a)
                elif isinstance(node, fm.Historically):
                    want = all(a)
                elif isinstance(node, fm.Yesterday):
                    want = any(a[-node.k:]) if a else False
                else:
                    b = [columns[1][m - 1] for m in before]
                    want = any(b[m] and all(a[m + 1:]) for m in range(len(b)))
                assert expected[i - 1] == want, (node, columns, i)
        # bit-packed: 8 random sequences in the bits of one byte per position
        rng = np.random.default_rng(n)
        bits = rng.integers(0, 2, size=(arity, n, 8)).astype(bool)
        packed = rule.scan(node, *(np.packbits(bits[j], axis=1)[:, :, None] for j in range(arity)))
        unpacked = np.unpackbits(packed[:, :, 0], axis=1).astype(bool)
        for s in range(8):
            assert list(unpacked[:, s]) == _run_memory(rule, node, [bits[j][:, s] for j in range(arity)])
    if rule.rewrite is not None:       # O, H as strict-past formulas: the same truth
        f = rule.rewrite(fm.atom("a"))
        for n in range(7):
            for w in itertools.product("ab", repeat=n):
                assert list(evaluate.truth_values(f, w)) == list(evaluate.truth_values(node, w))


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
