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
