"""Printing formulas: canonical ASCII text (parses back to the same tree), Unicode and LaTeX.

Parentheses are the minimal ones for the precedence and associativity of
:mod:`attnlogic.ltl.parser`, so ``parse(to_text(f)) is f`` for every formula (the round
trip is a property test).  Printing is iterative: no recursion over the formula.
"""

from __future__ import annotations

import json
import re

from .formula import (And, Atom, Const, Formula, Historically, Iff, Implies, Mod, Not, Once, Or,
                      Past, Since, Xor, Yesterday)

__all__ = ["to_text", "to_unicode", "to_latex", "DIALECTS", "format_formula"]

# precedence levels, loosest first; unary operators bind tightest, atoms are never wrapped
_LEVEL = {Iff: 1, Implies: 2, Xor: 3, Or: 4, And: 5, Since: 6}
_RIGHT_ASSOC = {Implies, Since}
_UNARY_LEVEL = 7
_ATOM_LEVEL = 8

_IDENT = re.compile(r"[a-z_][a-z0-9_]*\Z")
_KEYWORDS = {"true", "false", "xor"}


def _atom_text(name: str) -> str:
    if _IDENT.match(name) and name not in _KEYWORDS:
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


_STYLES = {
    "text": {
        Not: "!", And: " & ", Or: " | ", Implies: " -> ", Iff: " <-> ", Xor: " xor ", Since: " S ",
        Past: "P ", Once: "O ", Historically: "H ", "Y": "Y ", "Yk": "Y[<={k}] ",
        True: "true", False: "false", "(": "(", ")": ")", "atom": _atom_text,
        "mod": "MOD[{m},{r}]",
    },
    "unicode": {
        Not: "¬", And: " ∧ ", Or: " ∨ ", Implies: " → ", Iff: " ↔ ", Xor: " ⊕ ", Since: " S ",
        Past: "P ", Once: "O ", Historically: "H ", "Y": "Y ", "Yk": "Y[≤{k}] ",
        True: "⊤", False: "⊥", "(": "(", ")": ")", "atom": _atom_text,
        "mod": "MOD[{m},{r}]",
    },
    "latex": {
        Not: r"\neg ", And: r" \wedge ", Or: r" \vee ", Implies: r" \rightarrow ",
        Iff: r" \leftrightarrow ", Xor: r" \oplus ", Since: r" \mathbin{\mathsf{S}} ",
        Past: r"\mathsf{P}\, ", Once: r"\mathsf{O}\, ", Historically: r"\mathsf{H}\, ",
        "Y": r"\mathsf{Y}\, ", "Yk": r"\mathsf{Y}_{\le {k}}\, ",
        True: r"\top", False: r"\bot", "(": r"\left(", ")": r"\right)",
        "atom": lambda name: r"\mathtt{" + re.sub(r"([_{}#$%&^~\\])", r"\\\1", name) + "}",
        "mod": r"\mathrm{MOD}_{{m}}^{{r}}",
    },
}

DIALECTS = tuple(_STYLES)


def _render(formula: Formula, style: dict, names: dict | None = None) -> str:
    """The text of ``formula``; ``names`` maps id(node) → a name printed instead of the
    node (shared definitions, :mod:`.definitions`), the root excepted."""
    out: dict[int, tuple[str, int]] = {}
    lp, rp = style["("], style[")"]
    names = names or {}

    def wrap(child: Formula, need: bool) -> str:
        text = out[id(child)][0]
        return lp + text + rp if need else text

    for node in formula.subformulas():
        cls = type(node)
        if id(node) in names and node is not formula:
            out[id(node)] = (names[id(node)], _ATOM_LEVEL)
        elif cls is Mod:
            out[id(node)] = (style["mod"].replace("{m}", str(node.m)).replace("{r}", str(node.r)),
                             _ATOM_LEVEL)
        elif cls is Atom:
            out[id(node)] = (style["atom"](node.name), _ATOM_LEVEL)
        elif cls is Const:
            out[id(node)] = (style[node.value], _ATOM_LEVEL)
        elif cls in _LEVEL:
            level = _LEVEL[cls]
            left_level = out[id(node.left)][1]
            right_level = out[id(node.right)][1]
            if cls in _RIGHT_ASSOC:
                lneed, rneed = left_level <= level, right_level < level
            else:
                lneed, rneed = left_level < level, right_level <= level
            out[id(node)] = (wrap(node.left, lneed) + style[cls] + wrap(node.right, rneed), level)
        else:
            if cls is Yesterday:
                op = style["Y"] if node.k == 1 else style["Yk"].replace("{k}", str(node.k))
            else:
                op = style[cls]
            child = node.arg
            need = out[id(child)][1] < _UNARY_LEVEL
            out[id(node)] = (op + wrap(child, need), _UNARY_LEVEL)
    return out[id(formula)][0]


def to_text(formula: Formula) -> str:
    """Canonical ASCII syntax; ``parse(to_text(f)) is f``."""
    return _render(formula, _STYLES["text"])


def to_unicode(formula: Formula) -> str:
    """Unicode symbols (¬ ∧ ∨ → ↔ ⊕ ⊤ ⊥, ``Y[≤k]``); also parses back."""
    return _render(formula, _STYLES["unicode"])


def to_latex(formula: Formula) -> str:
    """LaTeX math-mode source (without the surrounding ``$``)."""
    return _render(formula, _STYLES["latex"])


def format_formula(formula: Formula, dialect: str = "text") -> str:
    """Print in a dialect: ``text``, ``unicode``, ``latex`` or ``json`` (a quoted string)."""
    if dialect == "json":
        return json.dumps(to_text(formula))
    if dialect not in _STYLES:
        raise ValueError(f"unknown dialect {dialect!r}; choose from {', '.join(DIALECTS + ('json',))}")
    return _render(formula, _STYLES[dialect])
