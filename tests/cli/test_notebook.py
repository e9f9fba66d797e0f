"""Notebooks: executed by nbconvert and exported to HTML, a DFA shows as an SVG drawing (when
graphviz is installed), a formula as LaTeX, results as tables.  Skipped cleanly without
nbconvert, nbformat, ipykernel (the `notebook` extra) or graphviz."""

from __future__ import annotations

import shutil

import pytest

nbformat = pytest.importorskip("nbformat")
nbconvert = pytest.importorskip("nbconvert")
pytest.importorskip("ipykernel")

CELLS = [
    "import attnlogic as al\nd = al.regex_to_dfa('(a|b)*ab')\nd",
    "al.parse('P (b & Y a)')",
    "r = al.classify(d)\nr",
    "r['LTL[P]'].witness",
    "al.transition_semigroup(d)",
]


def _executed_html(tmp_path) -> tuple[str, list]:
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import ExecutePreprocessor

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    ExecutePreprocessor(timeout=300, kernel_name="python3").preprocess(nb, {"metadata": {"path": str(tmp_path)}})
    body, _ = HTMLExporter().from_notebook_node(nb)
    return body, [cell.outputs for cell in nb.cells]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot is not installed")
def test_a_notebook_exported_to_html_draws_the_dfa_as_svg(tmp_path):
    body, outputs = _executed_html(tmp_path)
    dfa_out = outputs[0][0]["data"]
    assert "<svg" in dfa_out["text/html"]            # the drawing is what HTML export picks
    assert body.count("<svg") >= 1 and "<table" in body
    formula = outputs[1][0]["data"]
    assert formula["text/latex"].startswith("$") and formula["text/plain"] == "P (b ∧ Y a)"
    assert "witness pair" in outputs[3][0]["data"]["text/html"]
    assert "transformation semigroup: 4 elements" in outputs[4][0]["data"]["text/html"]


#: a notebook of every result that carries formulas: a classification, a census, a compiled
#: model's summary, its check and a model report
COPY_CELLS = [
    "import attnlogic as al\nlang = al.load_language(regex='(a|b)*b', alphabet='ab')\nr = al.classify(lang.dfa)\nr",
    "from attnlogic.definability.census import census\ncensus(2, 'ab')",
    "m = al.compile_formula('P (b & Y a)', 'abc')\nm.summary()",
    "al.check_compiled(m, max_length=12, samples=1)",
    "from attnlogic.testing import check\n"
    "check(m, formula='P (b & Y a)', exhaustive_length=2, random=2, boundary=2, contexts=2, long_count=0)",
]


@pytest.mark.slow
def test_every_certificate_in_the_exported_html_parses_back_to_the_same_formula(tmp_path):
    """Executed, exported to HTML, read as a browser shows it: each formula cell is text that
    ``attnlogic.parse`` reads as the formula of the object it came from (no ``\\|``)."""
    import html
    import re

    pytest.importorskip("torch")
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import ExecutePreprocessor

    import attnlogic as al

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in COPY_CELLS])
    ExecutePreprocessor(timeout=300, kernel_name="python3").preprocess(nb, {"metadata": {"path": str(tmp_path)}})
    body, _ = HTMLExporter().from_notebook_node(nb)
    texts = [html.unescape(t) for t in re.findall(r'<pre class="attnlogic-formula[^"]*"[^>]*>(.*?)</pre>', body, re.S)]
    r = al.classify(al.load_language(regex="(a|b)*b", alphabet="ab").dfa)
    want = [x.formula for x in r.values() if x.formula is not None] + [al.parse("P (b & Y a)")] * 2
    assert len(texts) == len(want)
    for text, formula in zip(texts, want):
        assert "\\|" not in text and al.parse(text) == formula, text
    # the formulas' math reads offline (no MathJax from a CDN): rendered in HTML, each one of
    # the classification, beside its LaTeX kept as text to copy
    members = [x for x in r.values() if x.formula is not None]
    assert body.count('<span class="attnlogic-math"') == body.count('class="attnlogic-latex') == len(members)
    assert "census: 26 languages with at most 2 states over {a, b}" in body
    assert "CheckResult(" not in body or "CheckResult(exact" in body          # never the raw dataclass
    assert "check complete: the model agrees with the language on all 60 prefixes of 15 words" in body
