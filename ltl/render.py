"""Rendering a formula as text in one dialect (ASCII, Unicode, LaTeX): the minimal
parentheses for the precedence and associativity of :mod:`attnlogic.ltl.parser`, computed
for every subformula in one iterative pass (no recursion over the formula).  The printer
(:mod:`.printer`) and the shared form (:mod:`.definitions`) both write through it.
"""

from __future__ import annotations

import re

from .formula import (Always, And, Atom, Const, Eventually, Formula, Historically, Iff, Implies, Mod,
                      Next, Not, Once, Or, Past, Release, Since, Until, WeakNext, Xor, Yesterday,
                      is_future)

__all__ = ["TREE_TEXT_LIMIT", "DIALECTS", "STYLES", "render", "render_all"]

#: a formula whose tree has more nodes than this is printed with shared definitions
TREE_TEXT_LIMIT = 100_000

# precedence levels, loosest first; unary operators bind tightest, atoms are never wrapped
# (the future operator U of LTLf formulas shares the level of S, a formula never mixes
# them; R is a level tighter in an LTLf formula, as in ltlf2dfa's grammar)
_LEVEL = {Iff: 1, Implies: 2, Xor: 3, Or: 4, And: 5, Since: 6, Until: 6, Release: 6}
_RIGHT_ASSOC = {Implies, Since, Until, Release}
_FUTURE_LEVEL = {Release: 7}          # ltlf2dfa: R binds tighter than U
_UNARY_LEVEL = 8
_ATOM_LEVEL = 9

_IDENT = re.compile(r"[a-z_][a-z0-9_]*\Z")
_KEYWORDS = {"true", "false", "xor"}


def _atom_text(name: str) -> str:
    if _IDENT.match(name) and name not in _KEYWORDS:
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


_TEXT = {
    Not: "!", And: " & ", Or: " | ", Implies: " -> ", Iff: " <-> ", Xor: " xor ", Since: " S ",
    Past: "P ", Once: "O ", Historically: "H ", "Y": "Y ", "Yk": "Y[<={k}] ",
    Next: "X ", WeakNext: "WX ", Eventually: "F ", Always: "G ", Until: " U ", Release: " R ",
    True: "true", False: "false", "(": "(", ")": ")", "atom": _atom_text,
    "mod": "MOD[{m},{r}]", "name": "${p}{i}", "define": "{name} := {text}",
}

STYLES = {
    "text": _TEXT,
    # the text style with the connectives, the window and the constants in Unicode
    "unicode": {**_TEXT, Not: "¬", And: " ∧ ", Or: " ∨ ", Implies: " → ", Iff: " ↔ ", Xor: " ⊕ ",
                "Yk": "Y[≤{k}] ", True: "⊤", False: "⊥"},
    "latex": {
        Not: r"\neg ", And: r" \wedge ", Or: r" \vee ", Implies: r" \rightarrow ",
        Iff: r" \leftrightarrow ", Xor: r" \oplus ", Since: r" \mathbin{\mathsf{S}} ",
        Past: r"\mathsf{P}\, ", Once: r"\mathsf{O}\, ", Historically: r"\mathsf{H}\, ",
        "Y": r"\mathsf{Y}\, ", "Yk": r"\mathsf{Y}_{\le {k}}\, ",
        Next: r"\mathsf{X}\, ", WeakNext: r"\mathsf{WX}\, ", Eventually: r"\mathsf{F}\, ",
        Always: r"\mathsf{G}\, ", Until: r" \mathbin{\mathsf{U}} ", Release: r" \mathbin{\mathsf{R}} ",
        True: r"\top", False: r"\bot", "(": r"\left(", ")": r"\right)",
        "atom": lambda name: r"\mathtt{" + re.sub(r"([_{}#$%&^~\\])", r"\\\1", name) + "}",
        "mod": r"\mathrm{MOD}_{{m}}^{{r}}", "name": r"\mathit{{p}}_{{i}}",
        "define": r"{name} \coloneqq {text} \\",
    },
}


def _sans(letter: str) -> str:
    return f'<span style="font-family:sans-serif">{letter}</span>'


def _code(name: str) -> str:
    """An atom in <code>, escaped (html loaded when HTML is made, not when a formula is)."""
    from html import escape

    return "<code>" + escape(name, quote=False) + "</code>"


#: HTML that shows the formula as its LaTeX would look, with no MathJax: Unicode operators,
#: temporal operators in sans-serif, atoms in <code>, windows and MOD as sub/superscripts
STYLES["html"] = {
    Not: "¬", And: " ∧ ", Or: " ∨ ", Implies: " → ", Iff: " ↔ ", Xor: " ⊕ ", Since: f" {_sans('S')} ",
    Past: _sans("P") + " ", Once: _sans("O") + " ", Historically: _sans("H") + " ",
    "Y": _sans("Y") + " ", "Yk": _sans("Y") + "<sub>≤{k}</sub> ",
    True: "⊤", False: "⊥", "(": "(", ")": ")",
    "atom": _code,
    "mod": "MOD<sub>{m}</sub><sup>{r}</sup>", "name": "<i>{p}</i><sub>{i}</sub>",
    "define": "{name} ≔ {text}<br>",
}

DIALECTS = tuple(STYLES)


def render(formula: Formula, style: dict, names: dict | None = None) -> str:
    """The text of ``formula``; ``names`` maps id(node) → a name printed instead of the
    node (shared definitions, :mod:`.definitions`), the root excepted."""
    return render_all(formula, style, names)[id(formula)][0]


def render_all(formula: Formula, style: dict, names: dict | None = None) -> dict[int, tuple[str, int]]:
    """id(node) → (own text, precedence level) of every subformula, in one pass; operands
    in ``names`` are written as their names (the root is never replaced by its name)."""
    out: dict[int, tuple[str, int]] = {}
    lp, rp = style["("], style[")"]
    names = names or {}
    # an LTLf formula is printed so that ltlf2dfa's grammar reads it back as it is: R binds
    # tighter than U, and no chain of -> or <-> is left to its n-ary reading
    future = is_future(formula)

    def operand(child: Formula) -> tuple[str, int]:
        name = names.get(id(child))
        return (name, _ATOM_LEVEL) if name is not None else out[id(child)]

    def wrap(child: Formula, need: bool) -> str:
        text = operand(child)[0]
        return lp + text + rp if need else text

    for node in formula.subformulas():
        cls = type(node)
        if cls is Mod:
            out[id(node)] = (style["mod"].replace("{m}", str(node.m)).replace("{r}", str(node.r)),
                             _ATOM_LEVEL)
        elif cls is Atom:
            out[id(node)] = (style["atom"](node.name), _ATOM_LEVEL)
        elif cls is Const:
            out[id(node)] = (style[node.value], _ATOM_LEVEL)
        elif cls in _LEVEL:
            level = _FUTURE_LEVEL.get(cls, _LEVEL[cls]) if future else _LEVEL[cls]
            left_level = operand(node.left)[1]
            right_level = operand(node.right)[1]
            if future and cls in (Implies, Iff):
                lneed, rneed = left_level <= level, right_level <= level
            elif cls in _RIGHT_ASSOC:
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
            need = operand(child)[1] < _UNARY_LEVEL
            out[id(node)] = (op + wrap(child, need), _UNARY_LEVEL)
    return out
