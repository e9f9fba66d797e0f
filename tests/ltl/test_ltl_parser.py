"""Parser and printers: precedence, spellings, round trips, and every error case."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings

from attnlogic.kernel.errors import ParseError
from attnlogic.ltl import (FALSE, TRUE, And, Atom, Historically, Iff, Implies, Not, Once, Or, Past,
                           Since, Xor, Yesterday, parse, to_latex, to_text, to_unicode)
from attnlogic.ltl.strategies import formulas

a, b, c = Atom("a"), Atom("b"), Atom("c")


@pytest.mark.parametrize("text, expected", [
    ("P a & b", And(Past(a), b)),
    ("P a S b", Since(Past(a), b)),
    ("a & b | c", Or(And(a, b), c)),
    ("a | b & c", Or(a, And(b, c))),
    ("a -> b -> c", Implies(a, Implies(b, c))),
    ("a <-> b <-> c", Iff(Iff(a, b), c)),
    ("a <-> b -> c", Iff(a, Implies(b, c))),
    ("a -> b xor c", Implies(a, Xor(b, c))),
    ("a xor b | c", Xor(a, Or(b, c))),
    ("a & b S c", And(a, Since(b, c))),
    ("a S b S c", Since(a, Since(b, c))),
    ("!a & b", And(Not(a), b)),
    ("!(a & b)", Not(And(a, b))),
    ("Y[<=3] a", Yesterday(a, 3)),
    ("Y[ <= 12 ]a", Yesterday(a, 12)),
    ("Y[<=1] a", Yesterday(a, 1)),
    ("Y a", Yesterday(a, 1)),
    ("Pa", Past(a)),
    ("PYa", Past(Yesterday(a, 1))),
    ("O a & H b", And(Once(a), Historically(b))),
    ("Z a", Not(Yesterday(Not(a), 1))),
    ("true & false", And(TRUE, FALSE)),
    ("1 | 0", Or(TRUE, FALSE)),
    ('"x y" & a_1', And(Atom("x y"), Atom("a_1"))),
    ('"say \\"hi\\""', Atom('say "hi"')),
    ("xor_gate xor b", Xor(Atom("xor_gate"), b)),
    ("¬a ∧ b ∨ c → a ↔ b", Iff(Implies(Or(And(Not(a), b), c), a), b)),
    ("~a && b || c => a <=> b", Iff(Implies(Or(And(Not(a), b), c), a), b)),
    ("a ^ b", Xor(a, b)),
    ("a ⊕ b", Xor(a, b)),
    ("⊤ ∧ ⊥", And(TRUE, FALSE)),
    ("Y[≤2] a", Yesterday(a, 2)),
    ("  ( ( a ) )  ", a),
])
def test_precedence_and_spellings(text, expected):
    assert parse(text) is expected


def test_structural_equality_is_identity_and_hashable():
    f1, f2 = parse("P (a & Y b)"), parse("P(a&Y b)")
    assert f1 is f2 and f1 == f2 and hash(f1) == hash(f2)
    assert parse("P (a & Y b)") != parse("P (b & Y a)")
    assert len({f1, f2, parse("a")}) == 2
    with pytest.raises(AttributeError):
        f1.size = 3


@settings(max_examples=2000, deadline=None)
@given(formulas(("a", "b", "c", "x y", "true_"), max_size=25))
def test_round_trip_text_and_unicode(f):
    assert parse(to_text(f)) is f
    assert parse(to_unicode(f)) is f


@settings(max_examples=200, deadline=None)
@given(formulas(("a", "b"), max_size=15))
def test_latex_is_balanced(f):
    s = to_latex(f)
    assert s.count(r"\left(") == s.count(r"\right)")
    assert s.count("{") == s.count("}")


@pytest.mark.parametrize("text, column, fragment", [
    ("P", 2, "end of input"),
    ("a &", 4, "end of input"),
    ("(a", 1, "never closed"),
    ("a)", 2, "no matching"),
    ("((a)", 1, "never closed"),
    ("Y[<=0] a", 5, "at least 1"),
    ("Y[<=x] a", 1, "malformed window"),
    ("Y[<=] a", 1, "malformed window"),
    ("a b", 3, "unexpected 'b'"),
    ("A", 1, "upper-case"),
    ("a & B", 5, "upper-case"),
    ("", 1, "empty formula"),
    ("   ", 1, "empty formula"),
    ("a & & b", 5, "unexpected '&'"),
    ("a # b", 3, "unexpected character '#'"),
    ('"unterminated', 14, "unterminated"),
    ('""', 1, "empty string"),
    ("P a S", 6, "end of input"),
    ("()", 2, "unexpected ')'"),
])
def test_errors_have_column_and_reason(text, column, fragment):
    with pytest.raises(ParseError) as info:
        parse(text)
    err = info.value
    assert err.column == column, str(err)
    assert fragment in str(err)
    assert "\n" not in str(err)
    excerpt, caret = err.details()
    assert caret.index("^") - 2 == min(column - 1, len(text)) or len(text) > 80


def test_deep_nesting_parses_without_recursion():
    f = parse("!" * 10_000 + "a")
    assert f.height == 10_001
    assert parse(to_text(f)) is f
    g = parse("(" * 5_000 + "a" + ")" * 5_000)
    assert g is Atom("a")
    h = parse("P " * 3_000 + "a")
    assert h.depth == 3_000


def test_huge_formula_parses_and_huge_error_is_one_line():
    text = " & ".join(["a", "b"] * 16_667)  # about 100 000 characters
    assert len(text) > 99_990
    f = parse(text)
    assert f.size == 2 * 33_334 - 1
    bad = text + " &"
    with pytest.raises(ParseError) as info:
        parse(bad)
    assert info.value.column == len(bad) + 1
    excerpt, caret = info.value.details()
    assert len(excerpt) < 100 and caret.rstrip().endswith("^")


@pytest.mark.parametrize("text", ["P", "a &", "(a", "Y[<=0] a", "Y[<=x] a", "a b", "A", "a)", "",
                                  "!" * 10_000, "(" * 10_000 + "a"])
def test_cli_error_exit_2_without_traceback(text):
    proc = subprocess.run([sys.executable, "-m", "attnlogic", "parse", text],
                          capture_output=True, text=True, cwd="/")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert lines[0].startswith("attnlogic parse: error: formula, column ")
    assert len(lines) == 3 and lines[2].strip() == "^"
