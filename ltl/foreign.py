"""Formulas written for other tools, translated exactly into this logic.

``parse_ltlf2dfa(text)`` reads pure-past LTL (PPLTL) as ltlf2dfa and pylogics write it and
returns the formula of *this* logic that defines the same language of words over letters
(docs/logic.md, "Other tools' syntax").

Their syntax: atoms ``[a-z][a-z0-9_]*``; ``true``/``false`` in any case, ``tt``/``ff``
(pylogics' constants); ``start``; ``! ~``; ``& &&``; ``| ||``; ``-> =>``; ``<-> <=>``;
unary ``Y`` (yesterday), ``WY`` (weak yesterday), ``O`` (once), ``H`` (historically);
binary ``S`` (since) and ``P`` (past release; *not* "once").  Precedence, loosest first:
``<->``, ``->``, ``|``, ``&``, ``S``, ``P``, then the unary operators.  A chain of ``->``,
``<->``, ``S`` or ``P`` without parentheses is refused (their grammars fold such chains in
ways that are easy to misread): write the parentheses.

Their semantics: a trace is a word; the formula is evaluated **at the last position**; every
operator includes the current position (``O``, ``H``; ``a S b``: b now, or a now and a S b
at the previous position); ``start`` holds at the first position; ``a P b`` is
``!(!a S !b)``.  On the empty trace (ltlf2dfa/MONA's convention, measured with ltlf2dfa 2.0
and MONA 1.4): atoms, ``Y``, ``O``, ``S`` and ``false`` are false, ``WY``, ``H``, ``P``,
``start`` and ``true`` are true, and the Boolean connectives combine these.

Ours reads a formula at position N+1, just after the last letter (docs/logic.md), so the
translation of φ is ``Y φ'`` when the empty trace is rejected and ``Z φ'`` (weak
yesterday) when it is accepted, where φ' is φ position by position: ``start`` ↦ ``!Y true``,
``Y`` ↦ ``Y``, ``WY`` ↦ ``Z``, ``O`` ↦ ``O``, ``H`` ↦ ``H``, ``a S b`` ↦ ``b' | (a' & (a' S
b'))`` (our S is strict), ``a P b`` ↦ ``!((!a)' S_r (!b)')`` with that reflexive since.
"""

from __future__ import annotations

import re

from attnlogic.kernel.errors import ParseError

from .formula import (FALSE, TRUE, And, Atom, Formula, Historically, Iff, Implies, Not, Once, Or,
                      Since, Yesterday)

__all__ = ["parse_ltlf2dfa", "SYNTAXES"]

#: the formula syntaxes read (``syntax=`` of :func:`~.parser.parse`, ``--syntax``)
SYNTAXES = ("attnlogic", "ltlf2dfa")

_TOKEN = re.compile(r"\s*(?:(<->|<=>|->|=>|&&|\|\||[!~&|()])|([A-Za-z_][A-Za-z0-9_]*))")
_BINARY = {"<->": 1, "<=>": 1, "->": 2, "=>": 2, "|": 3, "||": 3, "&": 4, "&&": 4, "S": 5, "P": 6}
_CHAIN_FREE = {1, 2, 5, 6}            # precedences whose chains must be parenthesised
_UNARY = {"!", "~", "Y", "WY", "O", "H"}


def _tokens(text: str):
    """(kind, value, column) with kind in atom, const, start, unary, binary, (, )."""
    pos, out = 0, []
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m:
            col = len(text) - len(text[pos:].lstrip()) + 1
            raise ParseError("formula", text, col, f"unexpected {text[col - 1]!r} (ltlf2dfa syntax)")
        col = m.start(m.lastindex) + 1
        op, word = m.group(1), m.group(2)
        if op is not None:
            kind = "binary" if op in _BINARY else "unary" if op in _UNARY else op
            out.append((kind, op, col))
        elif word.lower() in ("true", "false") or word in ("tt", "ff"):
            out.append(("const", word.lower() in ("true", "tt"), col))
        elif word == "start":
            out.append(("start", word, col))
        elif re.fullmatch(r"(?:WY|Y|O|H)+", word):        # glued unary operators: HY a, YHYO a
            for i, op in enumerate(re.findall(r"WY|Y|O|H", word)):
                out.append(("unary", op, col))
        elif word in ("S", "P"):
            out.append(("binary", word, col))
        elif re.fullmatch(r"[a-z][a-z0-9_]*", word):
            out.append(("atom", word, col))
        else:
            hint = (" (future operators are LTLf, not PPLTL)" if word in ("X", "WX", "F", "G", "U", "R", "W")
                    else " (atoms start with a lower-case letter)")
            raise ParseError("formula", text, col, f"unknown word {word!r} in ltlf2dfa syntax{hint}")
        pos = m.end()
    return out


def _node(kind: str, *args):
    """A node of their formula: (ours position by position, truth on the empty trace)."""
    if kind == "const":
        return (TRUE if args[0] else FALSE), args[0]
    if kind == "atom":
        return Atom(args[0]), False
    if kind == "start":
        return Not(Yesterday(TRUE)), True
    op, (f, e) = args[0], args[1]
    if kind == "unary":
        return {"!": (_not(f), not e), "~": (_not(f), not e), "Y": (Yesterday(f), False),
                "WY": (Not(Yesterday(_not(f))), True), "O": (Once(f), False),
                "H": (Historically(f), True)}[op]
    (g, e2) = args[2]
    if op in ("&", "&&"):
        return And(f, g), e and e2
    if op in ("|", "||"):
        return Or(f, g), e or e2
    if op in ("->", "=>"):
        return Implies(f, g), (not e) or e2
    if op in ("<->", "<=>"):
        return Iff(f, g), e == e2
    if op == "S":
        return _since(f, g), False
    # a P b = !(!a S !b), reflexive since
    return Not(_since(_not(f), _not(g))), True


def _not(f: Formula) -> Formula:
    """¬f without a double negation."""
    return f.arg if isinstance(f, Not) else Not(f)


def _since(f: Formula, g: Formula) -> Formula:
    """Their reflexive since in our strict one: g now, or f now and f S g strictly before."""
    return Or(g, And(f, Since(f, g)))


def parse_ltlf2dfa(text: str) -> Formula:
    """Our formula for the PPLTL formula ``text`` in ltlf2dfa/pylogics syntax (see the module
    docstring): it accepts exactly the words whose trace satisfies ``text`` at its last
    position, the empty word iff ltlf2dfa accepts the empty trace."""
    if not isinstance(text, str):
        raise TypeError("parse_ltlf2dfa() takes a string")
    tokens = _tokens(text)
    if not tokens:
        raise ParseError("formula", text, 1, "empty formula")
    values: list = []
    ops: list = []            # (kind, op, column, precedence)
    expect = True

    def reduce():
        kind, op, col, _ = ops.pop()
        if kind == "unary":
            values.append(_node("unary", op, values.pop()))
        else:
            right, left = values.pop(), values.pop()
            values.append(_node("binary", op, left, right))

    for kind, value, col in tokens + [("end", None, len(text) + 1)]:
        if expect:
            if kind in ("atom", "const", "start"):
                values.append(_node(kind, value))
                expect = False
            elif kind == "unary":
                ops.append(("unary", value, col, 9))
            elif kind == "(":
                ops.append(("(", "(", col, 0))
            else:
                what = "end of the formula" if kind == "end" else repr(value)
                raise ParseError("formula", text, col, f"unexpected {what}: expected a formula")
            continue
        if kind == "binary":
            prec = _BINARY[value]
            while ops and ops[-1][0] != "(" and ops[-1][3] >= prec:
                if ops[-1][0] == "binary" and ops[-1][3] == prec and prec in _CHAIN_FREE:
                    raise ParseError("formula", text, col, f"a chain of {value!r} without parentheses: "
                                                           "write the grouping you mean")
                reduce()
            ops.append(("binary", value, col, prec))
            expect = True
        elif kind == ")":
            while ops and ops[-1][0] != "(":
                reduce()
            if not ops:
                raise ParseError("formula", text, col, "')' with no matching '('")
            ops.pop()
        elif kind == "end":
            while ops:
                if ops[-1][0] == "(":
                    raise ParseError("formula", text, ops[-1][2], "'(' never closed")
                reduce()
        else:
            raise ParseError("formula", text, col, f"unexpected {value!r}: expected an operator")
    (f, empty), = values
    return Not(Yesterday(_not(f))) if empty else Yesterday(f)
