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
    from attnlogic.definability.engine.classify import classify

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
        assert html.startswith('<div style="overflow:auto') and html.count('<g id="node') == 4
    monkeypatch.setattr(shutil, "which", lambda name: None)     # as without graphviz
    html = d._repr_html_()                                      # matplotlib at a networkx layout
    assert html.startswith('<div style="overflow:auto') and 'id="node' not in html
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
    from attnlogic.definability.engine.classify import classify
    from attnlogic.definability.algebra.semigroup import transition_semigroup
    from attnlogic.definability.values.witnesses import Witness

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


# -- notebook output that can be copied back (issue 25, item 6) ---------------------------
_FORMULA_PRE = r'<pre class="attnlogic-formula[^"]*"[^>]*>(.*?)</pre>'


def formulas_in(page: str) -> list[str]:
    """The texts of the formula cells of an HTML page, as a browser shows (and copies) them."""
    import html
    import re

    return [html.unescape(m) for m in re.findall(_FORMULA_PRE, page, flags=re.S)]


def test_classification_html_certificates_parse_back_to_the_same_formulas():
    from attnlogic.definability.engine.classify import classify

    r = classify(regex_to_dfa("(a|b)*b", "ab"))
    page = r._repr_html_()
    texts = formulas_in(page)
    members = [x for x in r.values() if x.formula is not None]
    assert len(texts) == len(members) >= 3
    for text, x in zip(texts, members):
        assert parse(text) == x.formula and "\\|" not in text
    assert "$\\mathsf{Y}\\, \\mathtt{b}$" in page          # the LaTeX, beside the text
    w = r["P"].witness
    assert f"<code>'{''.join(w.accepted)}'</code> in, <code>'{''.join(w.rejected)}'</code> out" in page


def test_a_shared_certificate_is_shown_whole_with_its_definitions():
    from attnlogic.definability.values.results import Classification, FragmentResult
    from attnlogic.ltl.definitions import certificate
    from attnlogic.ltl.fragments import Fragment

    f = parse("P (a & Y b) | Y c")
    for _ in range(7):                                   # a small DAG, a large tree
        f = parse(f"({f}) & P (({f}) | Y a)")
    assert certificate(f).definitions                     # printed with $NAME := lines
    r = Classification(regex_to_dfa("(a|b|c)*"), (FragmentResult(Fragment.parse("LTL[S]"), True, f, None, "test"),))
    [text] = formulas_in(r._repr_html_())
    assert text == certificate(f).text and text.startswith("$") and parse(text) == f
    assert "mathjax_ignore" in r._repr_html_()           # its $NAMEs are not math


def test_census_and_check_results_show_as_tables():
    from attnlogic.definability.census import census

    c = census(2, "ab")
    page = c._repr_html_()
    assert "census: 26 languages with at most 2 states over {a, b}" in page
    assert f"<td>LTL[P]</td><td>global</td><td>{c.count('P')}</td><td>{c.count('P', False)}</td>" in page
    assert repr(c) == "Census(26 languages with at most 2 states over {a, b}, 6 fragments)"
    pytest.importorskip("torch")
    from attnlogic.compiler.check import check_compiled
    from attnlogic.compiler.compile import compile_formula

    model = compile_formula("P (b & Y a)", "abc")
    result = check_compiled(model, max_length=12, samples=1)
    assert repr(result).startswith("ModelReport(agrees; ") and "kinds=" not in repr(result)
    assert formulas_in(result._repr_html_()) == ["P (b & Y a)"]
    assert formulas_in(model.summary()._repr_html_()) == ["P (b & Y a)"]
    from attnlogic.testing import check

    report = check(model, formula="P (b & Y a)", exhaustive_length=2, random=2, boundary=2, contexts=2,
                   long_count=0)
    assert "<td>disagreements</td><td>0</td>" in report._repr_html_()


def test_the_matplotlib_drawing_has_its_self_loops():
    from attnlogic.automata.drawing import draw, edge_labels, to_svg

    d = regex_to_dfa("(a|b)*ab", "ab")
    loops = {p for (p, r) in edge_labels(d) if p == r}
    ax = draw(d)
    drawn = {t.arrow_patch.get_gid() for t in ax.texts
             if getattr(t, "arrow_patch", None) is not None and (t.arrow_patch.get_gid() or "").startswith("loop-")}
    assert len(loops) == 2 and drawn == {f"loop-{q}" for q in loops}
    svg = to_svg(d)
    assert all(f'id="loop-{q}"' in svg for q in loops)
    labels = sorted(t.get_text() for t in ax.texts if t.get_text())
    assert labels.count("a") + labels.count("b") >= len(edge_labels(d))   # every edge labelled


def test_a_50_state_drawing_is_legible():
    """States at least two node diameters apart, text of at least 8 points, and the drawing
    shown at its own size in a notebook (never shrunk to the cell's width)."""
    import numpy as np

    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.drawing import NODE_SIZE, draw, layout_positions, svg_html

    rng = np.random.default_rng(3)
    d = DFA("ab", rng.integers(0, 50, size=(50, 2)), 0, rng.random(50) < 0.5)
    assert d.n_states == 50
    ax = draw(d)
    fig = ax.figure
    pos = layout_positions(d)
    points = ax.transData.transform(np.array([pos[q] for q in range(50)])) * 72 / fig.dpi
    gaps = np.sqrt(((points[:, None] - points[None]) ** 2).sum(-1))
    np.fill_diagonal(gaps, np.inf)
    assert gaps.min() >= 2 * np.sqrt(NODE_SIZE)          # marker diameter: √(area) points
    assert min(t.get_fontsize() for t in ax.texts) >= 8
    html = svg_html('<?xml version="1.0"?><svg width="2000pt" height="900pt"></svg>')
    assert html.startswith('<div style="overflow:auto') and 'style="max-width:none' in html


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz 'dot' not installed")
def test_a_wide_graphviz_drawing_is_laid_out_top_to_bottom():
    from attnlogic.automata.drawing import MAX_WIDE_POINTS, svg_size

    d = regex_to_dfa("(a|b)*a(a|b)(a|b)(a|b)(a|b)", "ab")     # 32 states: 2951 pt wide left to right
    assert d.n_states == 32
    width, height = svg_size(d._repr_svg_())
    assert width <= MAX_WIDE_POINTS < height
    assert 'style="max-width:none' in d._repr_html_()


# -- notebook HTML offline (issue 39): the math needs no MathJax ------------------------------
def _shown_without_mathjax(page: str) -> str:
    """What a browser shows of ``page`` with no MathJax: the text outside the elements MathJax
    is told to ignore (those hold text to copy), tags dropped, entities read."""
    import html
    import re

    page = re.sub(r'<(pre|code) class="[^"]*mathjax_ignore[^"]*"[^>]*>.*?</\1>', "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_the_notebook_table_shows_the_math_without_mathjax():
    from attnlogic.definability.engine.classify import classify

    r = classify(regex_to_dfa("(a|b)*b", "ab"))
    page = r._repr_html_()
    shown = _shown_without_mathjax(page)
    assert "$" not in shown and "\\math" not in shown               # no raw LaTeX on screen
    assert "Y b" in shown                                            # the formula, rendered
    assert '<code class="attnlogic-latex tex2jax_ignore mathjax_ignore"' in page   # its LaTeX, to copy
    assert "$\\mathsf{Y}\\, \\mathtt{b}$" in page


@pytest.mark.parametrize("text", ["P (b & Y[<=2] a) | !(a S b)", "H (a -> O b) <-> (c xor true)",
                                  "Y Y[<=3] (a | b) & false"])
def test_the_html_rendering_reads_as_the_unicode_text(text):
    import html
    import re

    from attnlogic.ltl.printer import to_html, to_unicode

    f = parse(text)
    shown = html.unescape(re.sub(r"<[^>]+>", "", to_html(f)))
    assert shown == re.sub(r"\[≤(\d+)\]", r"≤\1", to_unicode(f))
    assert '<span style="font-family:sans-serif">' in to_html(f) and "<code>" in to_html(f)


def test_an_atoms_name_is_escaped_in_the_html_rendering():
    from attnlogic.ltl.printer import to_html

    assert to_html(parse('P "x<y&z"')).endswith("<code>x&lt;y&amp;z</code>")
