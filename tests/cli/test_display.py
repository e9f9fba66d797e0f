"""Objects display well in Jupyter: formulas as LaTeX, DFAs as SVG (graphviz, else matplotlib)
or a table."""

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
    assert "| no | `acacacacab` in, `acacacacb` out (no formula of depth ≤ 4 separates them); " \
           "family in: (ac)^K·ab, out: (ac)^K·b, K = 2, 3, 4, … |" in rows["LTL[P]"]


def test_dfa_html_is_the_drawing_or_the_table(monkeypatch):
    d = regex_to_dfa("(ab)*")
    if shutil.which("dot") is not None:
        html = d._repr_html_()
        assert html.startswith("<div><svg") and html.count('<g id="node') == 4
    monkeypatch.setattr(shutil, "which", lambda name: None)     # as without graphviz
    html = d._repr_html_()                                      # matplotlib at a networkx layout
    assert html.startswith("<div><svg") and 'id="node' not in html
    big = regex_to_dfa("(a|b)*a(a|b)(a|b)(a|b)(a|b)(a|b)")       # 64 states: too many to draw
    html = big._repr_html_()
    assert "<svg" not in html and "DFA, 64 states" in html
    assert "<tr><td>→0</td>" in html


def test_formula_plain_text_is_unicode():
    printed = []

    class Printer:               # the one method of IPython's pretty printer that is used
        def text(self, s):
            printed.append(s)

    parse("P (b & Y a) -> !H c")._repr_pretty_(Printer(), False)
    assert printed == ["P (b ∧ Y a) → ¬H c"]


def test_witness_semigroup_and_compiled_model_tables():
    from attnlogic.definability.classify import classify
    from attnlogic.definability.semigroup import transition_semigroup
    from attnlogic.definability.witnesses import Witness

    w = Witness(tuple("ab" * 8225), tuple("ab" * 8224 + "a"), None)
    html = w._repr_html_()
    assert "(16450 letters)" in html and len(html) < 600 and "depth not checked" in html
    assert "at depth ≤ 3" in Witness(("a",), ("b",), 3)._repr_html_()
    d = regex_to_dfa("(a|b|c)*ab(a|b|c)*", "abc")
    s = transition_semigroup(d)
    assert f"{s.size} elements, {len(s.idempotents)} idempotents" in s._repr_html_()
    assert classify(d)["LTL[P]"].witness._repr_html_().count("<tr>") == 3
    pytest.importorskip("torch")
    from attnlogic.compiler.compile import compile_formula

    html = compile_formula("P (b & Y a)", ["a", "b", "c"])._repr_html_()
    assert "2 layers, 2 heads" in html and "<td>local:1</td><td>Y a</td>" in html


def test_long_witness_words_are_shortened_in_text_but_whole_in_json(capsys):
    import json

    from attnlogic.cli import main

    # (a^100)* has witnesses of more than 60 letters against LTL[P]
    argv = ["classify", "--regex", "(a{100})*", "--alphabet", "a", "--search-budget", "0"]
    assert main(argv + ["--json"]) == 0
    w = json.loads(capsys.readouterr().out)["fragments"]["LTL[P]"]["witness"]
    assert len(w["accepted"]) > 60 and set(w["accepted"] + w["rejected"]) == {"a"}
    assert main(argv) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("LTL[P] "))
    shown = f"'{'a' * 29}'…'{'a' * 29}' ({len(w['accepted'])} letters) in, "
    assert shown in line and len(line) < 220
