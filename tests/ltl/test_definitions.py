"""Formulas with shared definitions ``$NAME := formula``: printing and reading back."""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.kernel.errors import ParseError
from attnlogic.ltl import P, Y, atom, parse, parse_program, random_formula
from attnlogic.ltl.definitions import certificate, dag_size, share


def _deep_dag(n: int):
    """A formula whose tree unfolds to ~2^n nodes but whose DAG has ~3n."""
    f = atom("a")
    for i in range(n):
        f = P(f) & Y(f) | atom("b")
    return f


def test_shared_form_reads_back_as_the_same_object():
    f = _deep_dag(14)
    assert f.size > 10_000 and dag_size(f) < 60
    cert = certificate(f)
    assert cert.definitions, "a tree this large is printed with definitions"
    assert len(cert.text) < 2_000
    assert parse(cert.text) is f
    assert parse(cert.text.replace("\n", "; ")) is f
    prog = parse_program(cert.text)
    assert prog.formula is f and [n for n, _ in prog.definitions] == [n for n, _ in cert.definitions]
    # each definition uses only earlier names
    for i, (name, body) in enumerate(cert.definitions):
        later = {n for n, _ in cert.definitions[i:]}
        assert not any(n in body.split() or n + ")" in body for n in later)


@pytest.mark.parametrize("seed", range(30))
def test_random_formulas_round_trip_in_both_forms(seed):
    f = random_formula(np.random.default_rng(seed), ["a", "b"], (5, 40))
    assert parse(share(f).text) is f
    assert parse(certificate(f).text) is f


def test_small_formulas_are_printed_as_trees():
    f = parse("P a & Y P a")
    cert = certificate(f)
    assert cert.definitions == () and cert.text == str(f)
    assert cert.to_json() == {"formula": str(f), "definitions": []}


@pytest.mark.parametrize("text,column", [
    ("$x := a\n$x := b\n$x", 9),          # defined twice
    ("$y", 1),                             # undefined
    ("$x := a; $x & $z", 15),              # undefined, column in the whole text
    ("$x := $y\n$y := a\n$x", 7),          # a later name
    ("$x := a", 8),                        # no formula after the definitions
    ("$x := a\nb\nc", 9),                  # two formula lines
])
def test_errors_name_the_column(text, column):
    with pytest.raises(ParseError) as e:
        parse(text)
    assert e.value.column == column, str(e.value)


def _doubling(n: int):
    """$d1 := a | Y b; $d(i+1) := $d(i) & Y $d(i): a tree of ~2^n nodes, a DAG of ~2n."""
    f = atom("a") | Y(atom("b"))
    for _ in range(n - 1):
        f = f & Y(f)
    return f | P(f)


@pytest.mark.parametrize("dialect", ["text", "unicode", "latex"])
def test_an_exponential_tree_prints_with_shared_definitions_in_every_dialect(dialect):
    from attnlogic.ltl import format_formula
    from attnlogic.ltl.printer import TREE_TEXT_LIMIT

    f = _doubling(60)
    assert f.size > 2 ** 60 > TREE_TEXT_LIMIT
    text = format_formula(f, dialect)
    # linear in the DAG: one definition line per shared subformula, each a few symbols
    lines = text.splitlines()
    assert len(lines) == len(share(f).definitions) + 1 and len(text) < 200 * dag_size(f)
    if dialect != "latex":
        assert parse(text) is f
    else:
        assert r"\coloneqq" in text and "$" not in text


def test_str_of_a_small_formula_is_its_tree_and_of_an_exponential_one_its_shared_form():
    from attnlogic.ltl.printer import TREE_TEXT_LIMIT, node_texts, to_text

    small = _doubling(6)
    assert str(small) == to_text(small) and "$" not in str(small) and parse(str(small)) is small
    big = _doubling(20)                      # 2^20 > TREE_TEXT_LIMIT tree nodes
    assert big.size > TREE_TEXT_LIMIT and str(big) == share(big).text and parse(str(big)) is big
    # node_texts: every subformula's text in one pass; each parses back (with the definitions)
    texts = node_texts(small)
    for g in small.subformulas():
        assert texts[id(g)] == str(g)
    defs = "\n".join(f"{n} := {t}" for n, t in share(big).definitions)
    texts = node_texts(big)
    for g in big.subformulas()[-5:]:
        assert parse(defs + "\n" + texts[id(g)]) is g
