"""Objects display well in Jupyter: formulas as LaTeX, DFAs as SVG (graphviz) or a table."""

from __future__ import annotations

import shutil

import pytest

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.ltl import parse


def test_formula_latex():
    assert parse("P (b & Y a)")._repr_latex_() == r"$\mathsf{P}\, \left(\mathtt{b} \wedge \mathsf{Y}\, \mathtt{a}\right)$"


def test_dfa_markdown_table():
    text = regex_to_dfa("(ab)*")._repr_markdown_()
    lines = text.splitlines()
    assert lines[0] == "| state | `a` | `b` |"
    assert lines[2] == "| →*0 | 1 | 2 |"
    assert lines[4] == "| 2 | 2 | 2 |"


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz 'dot' not installed")
def test_dfa_svg():
    svg = regex_to_dfa("(ab)*")._repr_svg_()
    assert svg is not None and "<svg" in svg
    assert svg.count("<g id=\"node") == 4  # three states and the start point


def test_classification_table():
    from attnlogic.definability.classify import classify

    text = classify(regex_to_dfa("(a|b|c)*ab(a|b|c)*", "abc"))._repr_markdown_()
    lines = text.splitlines()
    assert lines[0] == "minimal DFA: 3 states over {a, b, c}"
    assert lines[2] == "| fragment | member | certificate | method |"
    rows = {ln.split(" | ")[0].lstrip("| "): ln for ln in lines[4:]}
    assert set(rows) == {"LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]", "LTL[Y<=2]", "LTL[P,Y<=2]"}
    assert "| yes | `P (b & Y a)` |" in rows["LTL[P,Y]"]
    assert "| no | `acacab` in, `acacb` out (every depth) |" in rows["LTL[P]"]
