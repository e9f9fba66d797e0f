"""Printing formulas: canonical ASCII text (parses back to the same tree), Unicode and LaTeX.

Parentheses are the minimal ones for the precedence and associativity of
:mod:`attnlogic.ltl.parser`, so ``parse(to_text(f)) is f`` for every formula (the round
trip is a property test).  Printing is iterative: no recursion over the formula.

A formula is a DAG, and its tree can be exponentially larger (60 nested doublings
``$d2 := $d1 & Y $d1`` … have 2^60 tree nodes).  A formula whose tree has more than
:data:`TREE_TEXT_LIMIT` nodes is therefore printed in the shared form of
:mod:`.definitions` (``$d1 := …`` lines, then the formula), whose length is linear in the
DAG, in every dialect; it parses back to the same formula too.
"""

from __future__ import annotations

from .definitions import _named, share
from .formula import Formula
from .render import DIALECTS, STYLES as _STYLES, TREE_TEXT_LIMIT, render as _render, render_all as _render_all

__all__ = ["to_text", "to_unicode", "to_latex", "to_html", "DIALECTS", "format_formula", "node_texts",
           "TREE_TEXT_LIMIT"]

def _bounded(formula: Formula, style: dict) -> str:
    """The tree text, or the shared form when the tree has more than TREE_TEXT_LIMIT nodes."""
    if formula.size <= TREE_TEXT_LIMIT:
        return _render(formula, style)
    return share(formula, style=style).text


def node_texts(formula: Formula) -> dict[int, str]:
    """id(node) → the text of each subformula's own operator applied to its operands, in one
    pass linear in the printed size: the tree text of every subformula when the tree has at
    most TREE_TEXT_LIMIT nodes; otherwise the operands that the shared form names are
    written as their names (``$d3``), and the shared form's definitions say what they are."""
    if formula.size <= TREE_TEXT_LIMIT:
        return {k: v[0] for k, v in _render_all(formula, _STYLES["text"]).items()}
    named = _named(formula)
    names = {id(n): f"$d{i}" for i, n in enumerate(named, 1)}
    style = _STYLES["text"]
    return {k: v[0] for k, v in _render_all(formula, style, names).items()}


def to_text(formula: Formula) -> str:
    """Canonical ASCII syntax; ``parse(to_text(f)) is f``."""
    return _bounded(formula, _STYLES["text"])


def to_unicode(formula: Formula) -> str:
    """Unicode symbols (¬ ∧ ∨ → ↔ ⊕ ⊤ ⊥, ``Y[≤k]``); also parses back."""
    return _bounded(formula, _STYLES["unicode"])


def to_latex(formula: Formula) -> str:
    """LaTeX math-mode source (without the surrounding ``$``)."""
    return _bounded(formula, _STYLES["latex"])


def to_html(formula: Formula) -> str:
    """HTML that looks like the LaTeX, offline (no MathJax): Unicode operators, P, O, H, Y
    and S in sans-serif, atoms in ``<code>``, ``Y<sub>≤k</sub>``; the atoms' names escaped."""
    return _bounded(formula, _STYLES["html"])


def format_formula(formula: Formula, dialect: str = "text") -> str:
    """Print in a dialect: ``text``, ``unicode``, ``latex``, ``html`` or ``json`` (a quoted
    string)."""
    if dialect == "json":
        import json                    # loaded for this dialect only (start-up, issue 45)

        return json.dumps(to_text(formula))
    if dialect not in _STYLES:
        raise ValueError(f"unknown dialect {dialect!r}; choose from {', '.join(DIALECTS + ('json',))}")
    return _bounded(formula, _STYLES[dialect])
