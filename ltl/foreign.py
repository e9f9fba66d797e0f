"""Formulas written for other tools, read exactly with their semantics.

``parse_foreign(text, syntax)`` reads a formula as ltlf2dfa, pylogics or Spot write it and
returns the formula of *this* logic that defines the same language of words over letters
(docs/logic.md, "Other tools' syntax"; ``parse_ltlf2dfa(text)`` is ``syntax="ltlf2dfa"``).

Two logics, never mixed in one formula (the peers parse them with separate grammars):

* **LTLf** (future: X, WX / X[!], F, G, U, R, W, M, ``last``): the formula is read at the
  first letter; the result is a formula with future operators (:mod:`.formula`), whose
  language :mod:`.mirror` turns into a DFA.  A formula without temporal operators is read
  as PPLTL by ltlf2dfa and pylogics (below); Spot has no past, so there it is LTLf.
* **PPLTL** (past: Y, WY, O, H, S, P, ``start``): the formula is read at the last letter.
  Ours reads at position N+1, just after the last letter, so the translation of φ is
  ``Y φ'`` when the empty trace is rejected and ``!Y !φ'`` when it is accepted, where φ' is
  φ position by position: ``start`` ↦ ``!Y true``, ``WY`` ↦ ``!Y !``, ``O``, ``H``, ``Y``
  unchanged, ``a S b`` ↦ ``b' | (a' & (a' S b'))`` (our S is strict), ``a P b`` ↦
  ``!((!a)' S_r (!b)')`` with that reflexive since.

The dialects (docs/logic.md has the tables):

* ``ltlf2dfa``: ltlf2dfa 2.0's grammars (lark files ``ltlf.lark``, ``ppltl.lark``, ``pl.lark``):
  atoms ``[a-z][a-z0-9_]*`` (no upper case anywhere); ``true``/``false`` in any case,
  pylogics' ``tt``/``ff``; ``X`` is the *strong* next, ``WX`` the weak one; ``last``,
  ``start`` in any case.  Chains as its code folds them: ``a -> b -> c`` is
  ``(a -> b) -> c``; ``a <-> b <-> c`` says all are equal; ``U``, ``R``, ``S`` nest to the
  right; a chain of ``P`` is refused (ltlf2dfa's code reads ``a P b P c`` as ``a P (b S c)``).
  Semantics measured with ltlf2dfa 2.0 + MONA 1.4, the empty trace included: atoms, ``X``,
  ``F``, ``U``, ``Y``, ``O``, ``S``, ``false`` are false on it; ``WX``, ``G``, ``R``,
  ``last``, ``WY``, ``H``, ``P``, ``start``, ``true`` true; the connectives combine these.
* ``pylogics``: pylogics 0.2's grammars (``ltl.lark``, ``pltl.lark``, ``pl.lark``): atoms
  ``[a-z_][a-zA-Z0-9_]*`` (hyphens inside), or any printable ASCII in double quotes;
  ``>>`` is implication; ``X`` is the *weak* next, ``X[!]`` the strong one; ``R``/``V``,
  ``W``, ``M``; an operator letter is followed by a space, ``(`` or ``"``.  Chains:
  ``->`` nests to the right (pylogics' ``Implies``), ``<->`` folds to the left (its
  ``Equivalence``), the temporal ones to the right.  pylogics builds no automata: its
  formulas are read with ltlf2dfa's finite-trace semantics and empty-trace convention.
* ``spot``: Spot's LTL syntax read over finite words (its ``from_ltlf``/``ltlf2dfa``):
  ``X`` is the *weak* next, ``X[!]`` the strong one; ``F G U R V W M``; ``-> => -->``,
  ``<-> <=> <-->`` (one level, nesting to the right), ``xor ^``, ``| || \\/``,
  ``& && /\\``, ``! ~``, ``true``/``false``/``1``/``0``; atoms ``[a-zA-Z_.][a-zA-Z0-9_.]*``
  or double-quoted, mixed case allowed, and Spot's rule that a word starting with F, G or X
  (not followed by a digit) starts with that operator (``GFa`` is ``G F a``).  Spot's
  finite words are never empty: the empty word is rejected.
"""

from __future__ import annotations

import re

from attnlogic.kernel.errors import ParseError

from .mirror import empty_trace_value
from .formula import (FALSE, TRUE, Always, And, Atom, Const, Eventually, Formula, Historically, Iff,
                      Implies, Next, Not, Once, Or, Past, Release, Since, Until, WeakNext, Xor, Yesterday,
                      is_future)

__all__ = ["parse_ltlf2dfa", "parse_foreign", "SYNTAXES", "FOREIGN_SYNTAXES"]

#: the formula syntaxes read (``syntax=`` of :func:`~.parser.parse`, ``--syntax``)
SYNTAXES = ("attnlogic", "ltlf2dfa", "pylogics", "spot")
#: the other tools' syntaxes, in which atoms are propositions
FOREIGN_SYNTAXES = SYNTAXES[1:]

_FUTURE_OPS = {"X", "WX", "F", "G", "U", "R", "W", "M"}
_PAST_OPS = {"Y", "WY", "O", "H", "S", "P"}

# -- dialects: tokens and grammar ------------------------------------------------------------
# binary operators: canonical op -> (precedence, associativity); loosest = 1
_GRAMMAR = {
    "ltlf2dfa": {"<->": (1, "all"), "->": (2, "left"), "|": (3, "left"), "&": (4, "left"),
                 "S": (5, "right"), "U": (5, "right"), "P": (6, "refuse"), "R": (6, "right")},
    "pylogics": {"<->": (1, "left"), "->": (2, "right"), "|": (3, "left"), "&": (4, "left"),
                 "S": (5, "right"), "W": (5, "right"), "U": (6, "right"), "R": (7, "right"),
                 "M": (8, "right")},
    "spot": {"<->": (1, "right"), "->": (1, "right"), "|": (2, "left"), "xor": (3, "left"),
             "&": (4, "left"), "U": (5, "right"), "R": (5, "right"), "W": (5, "right"),
             "M": (5, "right")},
}

_SYMBOLS = {
    "ltlf2dfa": {"<->": "<->", "<=>": "<->", "->": "->", "=>": "->", "&&": "&", "&": "&", "||": "|",
                 "|": "|", "!": "!", "~": "!"},
    "pylogics": {"<->": "<->", "->": "->", ">>": "->", "&&": "&", "&": "&", "||": "|", "|": "|",
                 "!": "!", "~": "!"},
    "spot": {"<-->": "<->", "<->": "<->", "<=>": "<->", "-->": "->", "->": "->", "=>": "->",
             "&&": "&", "&": "&", "/\\": "&", "||": "|", "|": "|", "\\/": "|", "^": "xor", "!": "!",
             "~": "!"},
}

_PEER = {"ltlf2dfa": "ltlf2dfa", "pylogics": "pylogics", "spot": "Spot"}


def _symbol_pattern(dialect: str) -> str:
    return "|".join(re.escape(s) for s in sorted(_SYMBOLS[dialect], key=len, reverse=True))


_WORD = {
    "ltlf2dfa": re.compile(r"[A-Za-z_][A-Za-z0-9_]*"),
    "pylogics": re.compile(r"X\[!\]|[A-Za-z_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?"),
    "spot": re.compile(r"X\[!\]|[A-Za-z_.][A-Za-z0-9_.]*|[0-9]+"),
}
_QUOTED = {"pylogics": re.compile(r'"[ !#-~]+"'), "spot": re.compile(r'"(?:[^"\\]|\\.)*"')}


class _Token(tuple):
    """(kind, value, column): kind in atom, const, start, last, unary, binary, (, )."""
    __slots__ = ()

    kind = property(lambda self: self[0])
    value = property(lambda self: self[1])
    column = property(lambda self: self[2])


def _error(text: str, col: int, message: str):
    return ParseError("formula", text, col, message)


def _tokens(text: str, dialect: str) -> list:
    symbols = re.compile(r"\s*(" + _symbol_pattern(dialect) + r"|[()])")
    word = _WORD[dialect]
    quoted = _QUOTED.get(dialect)
    out: list = []
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return out
        col = pos + 1
        m = symbols.match(text, pos)
        if m:
            s = m.group(1)
            if s in "()":
                out.append(_Token((s, s, col)))
            else:
                op = _SYMBOLS[dialect][s]
                out.append(_Token(("unary" if op == "!" else "binary", op, col)))
            pos = m.end()
            continue
        if text[pos] == '"':
            q = quoted.match(text, pos) if quoted else None
            if q is None:
                what = ("quoted atoms are pylogics' and Spot's (the syntaxes pylogics and spot)"
                        if quoted is None else "an unterminated or empty quoted atom")
                raise _error(text, col, f"unexpected '\"' ({_PEER[dialect]} syntax): {what}")
            name = re.sub(r"\\(.)", r"\1", q.group(0)[1:-1])
            if not name:
                raise _error(text, col, "an atom cannot be the empty string")
            out.append(_Token(("atom", name, col)))
            pos = q.end()
            continue
        w = word.match(text, pos)
        if not w:
            hint = ""
            if text.startswith(">>", pos):
                hint = ": '>>' is pylogics' implication (the syntax pylogics); write '->'"
            elif text.startswith("[!]", pos) and dialect == "ltlf2dfa":
                hint = ": X[!] is Spot's and pylogics' strong next; ltlf2dfa's X is strong already"
            elif text[pos] == "[" and out and out[-1].value in ("X", "WX", "F", "G"):
                hint = f": {_PEER[dialect]}'s bounded operators X[n], F[n..m], G[n..m] are not read; write them out"
            raise _error(text, col, f"unexpected {text[pos]!r} ({_PEER[dialect]} syntax){hint}")
        _word_tokens(text, w.group(0), col, dialect, out, w.end())
        pos = w.end()


def _expects_operand(out: list) -> bool:
    return not out or out[-1].kind in ("unary", "binary", "(")


def _word_tokens(text: str, w: str, col: int, dialect: str, out: list, end: int) -> None:
    """The tokens of one word (an atom, a constant, a keyword or operators)."""
    low = w.lower()
    if dialect == "ltlf2dfa":
        if low in ("true", "false") or w in ("tt", "ff"):
            out.append(_Token(("const", low in ("true", "tt"), col)))
        elif low in ("start", "last"):
            out.append(_Token((low, low, col)))
        elif w in ("S", "P", "U", "R"):
            out.append(_Token(("binary", w, col)))
        elif re.fullmatch(r"(?:WY|Y|O|H|WX|X|F|G)+", w):    # glued unary operators: HY a, GF a
            for op in re.findall(r"WY|Y|O|H|WX|X|F|G", w):
                out.append(_Token(("unary", op, col)))
        elif re.fullmatch(r"[a-z][a-z0-9_]*", w):
            out.append(_Token(("atom", w, col)))
        else:
            hint = ("W and M are Spot's and pylogics' (the syntaxes spot and pylogics)" if w in ("W", "M") else
                    "ltlf2dfa's atoms are [a-z][a-z0-9_]*: lower-case letters, digits and _, no upper-case "
                    "letter anywhere (the syntaxes pylogics and spot read mixed-case atoms)")
            raise _error(text, col, f"unknown word {w!r} in ltlf2dfa syntax: {hint}")
        return
    if dialect == "pylogics":
        if w in ("true", "false", "tt", "ff"):
            out.append(_Token(("const", w in ("true", "tt"), col)))
        elif w in ("start", "last"):
            out.append(_Token((w, w, col)))
        elif w == "end":
            raise _error(text, col, "pylogics reserves 'end' but its LTLf grammar does not use it")
        elif w in ("X", "X[!]", "F", "G", "Y", "O", "H", "U", "R", "V", "W", "M", "S"):
            nxt = text[end:end + 1]
            if nxt not in (" ", "(", '"'):
                raise _error(text, col + len(w), f"pylogics needs a space, '(' or '\"' after the operator {w!r}")
            kind = "binary" if w in ("U", "R", "V", "W", "M", "S") else "unary"
            op = {"X": "WX", "X[!]": "X", "V": "R"}.get(w, w)
            out.append(_Token((kind, op, col)))
        elif w[0].islower() or w[0] == "_":
            out.append(_Token(("atom", w, col)))
        else:
            raise _error(text, col, f"unknown word {w!r} in pylogics syntax: atoms start with a lower-case "
                                    "letter or _ (upper-case letters are operators), or are quoted")
        return
    # Spot
    if low in ("true", "false") or w in ("1", "0"):
        out.append(_Token(("const", low == "true" or w == "1", col)))
    elif w.isdigit():
        raise _error(text, col, f"unexpected number {w!r} (Spot syntax): the constants are 1 and 0")
    elif w == "X[!]":
        out.append(_Token(("unary", "X", col)))
    elif w == "xor":
        out.append(_Token(("binary", "xor", col)))
    elif w in ("U", "R", "V", "W", "M"):
        out.append(_Token(("binary", "R" if w == "V" else w, col)))
    elif w[0] in "FGX" and not (len(w) > 1 and w[1].isdigit()) and _expects_operand(out):
        out.append(_Token(("unary", {"X": "WX"}.get(w[0], w[0]), col)))   # GFa is G F a
        if len(w) > 1:
            rest = re.match(r"X\[!\]|[A-Za-z_.][A-Za-z0-9_.]*|[0-9]+", w[1:])
            _word_tokens(text, rest.group(0), col + 1, dialect, out, end)
    elif w[0] in "FGX" and not (len(w) > 1 and w[1].isdigit()):
        raise _error(text, col, f"unexpected {w!r}: {w[0]} is a unary operator (Spot syntax)")
    else:
        out.append(_Token(("atom", w, col)))


# -- building our formula ----------------------------------------------------------------------
def _not(f: Formula) -> Formula:
    """¬f without a double negation."""
    return f.arg if isinstance(f, Not) else Not(f)


def _since(f: Formula, g: Formula) -> Formula:
    """Their reflexive since in our strict one: g now, or f now and f S g strictly before."""
    return Or(g, And(f, Since(f, g)))


class _Past:
    """PPLTL nodes as (ours position by position, truth on the empty trace)."""

    @staticmethod
    def leaf(tok):
        if tok.kind == "const":
            return (TRUE if tok.value else FALSE), tok.value
        if tok.kind == "atom":
            return Atom(tok.value), False
        return Not(Yesterday(TRUE)), True                  # start

    @staticmethod
    def unary(op, x):
        f, e = x
        return {"!": (_not(f), not e), "Y": (Yesterday(f), False), "WY": (Not(Yesterday(_not(f))), True),
                "O": (Once(f), False), "H": (Historically(f), True)}[op]

    @staticmethod
    def binary(op, x, y):
        (f, e), (g, e2) = x, y
        if op == "&":
            return And(f, g), e and e2
        if op == "|":
            return Or(f, g), e or e2
        if op == "->":
            return Implies(f, g), (not e) or e2
        if op == "<->":
            return Iff(f, g), e == e2
        if op == "xor":
            return Xor(f, g), e != e2
        if op == "S":
            return _since(f, g), False
        return Not(_since(_not(f), _not(g))), True          # a P b = !(!a S !b), reflexive

    @staticmethod
    def all_equal(items):
        f = _all_equal([x[0] for x in items])
        return f, len({x[1] for x in items}) == 1

    @staticmethod
    def result(x, dialect):
        f, empty = x
        return Not(Yesterday(_not(f))) if empty else Yesterday(f)


class _Future:
    """LTLf nodes: our future operators, read at the first letter."""

    @staticmethod
    def leaf(tok):
        if tok.kind == "const":
            return TRUE if tok.value else FALSE
        if tok.kind == "atom":
            return Atom(tok.value)
        return WeakNext(FALSE)                               # last

    @staticmethod
    def unary(op, f):
        return {"!": Not, "X": Next, "WX": WeakNext, "F": Eventually, "G": Always}[op](f)

    @staticmethod
    def binary(op, f, g):
        if op in ("&", "|", "->", "<->", "xor"):
            return {"&": And, "|": Or, "->": Implies, "<->": Iff, "xor": Xor}[op](f, g)
        if op == "U":
            return Until(f, g)
        if op == "R":
            return Release(f, g)
        if op == "W":                                        # φ W ψ = (φ U ψ) | G φ
            return Or(Until(f, g), Always(f))
        return Until(g, And(f, g))                           # φ M ψ = ψ U (φ & ψ)

    all_equal = staticmethod(lambda items: _all_equal(items))

    @staticmethod
    def result(f, dialect):
        if not is_future(f):          # no temporal operator (Spot): the first letter, as a past formula
            f = _first_letter(f)
            return And(f, Past(TRUE)) if dialect == "spot" else f
        if dialect == "spot" and empty_trace_value(f):       # Spot's words are never empty
            return And(f, Eventually(TRUE))
        return f


def _all_equal(items: list) -> Formula:
    """ltlf2dfa's n-ary equivalence: all operands equal (two operands: φ <-> ψ)."""
    if len(items) == 2:
        return Iff(items[0], items[1])
    conj = items[0]
    neg = _not(items[0])
    for f in items[1:]:
        conj, neg = And(conj, f), And(neg, _not(f))
    return Or(conj, neg)


def _first_letter(f: Formula) -> Formula:
    """A temporal-free formula read at the first letter, as a past formula read after the
    last: each atom a becomes ``P (a & !Y true)`` (some position is the first and has a)."""
    first = Not(Yesterday(TRUE))
    done: dict = {}
    for g in f.subformulas():
        if isinstance(g, Atom):
            done[g] = Past(And(g, first))
        elif isinstance(g, Const):
            done[g] = g
        else:
            done[g] = g.map_children(tuple(done[c] for c in g.children))
    return done[f]


# -- the parser ---------------------------------------------------------------------------------
def _logic(text: str, tokens: list, dialect: str):
    """_Future or _Past, from the operators used (ParseError where both are)."""
    first = {"future": None, "past": None}
    for tok in tokens:
        kind = None
        if tok.kind in ("unary", "binary"):
            kind = "future" if tok.value in _FUTURE_OPS else "past" if tok.value in _PAST_OPS else None
        elif tok.kind in ("last", "start"):
            kind = "future" if tok.kind == "last" else "past"
        if kind and first[kind] is None:
            first[kind] = tok
    if first["future"] and first["past"]:
        later = max(first.values(), key=lambda t: t.column)
        raise _error(text, later.column, f"{later.value!r} mixes past and future operators: "
                     f"{_PEER[dialect]} reads LTLf (X F G U R ...) and PPLTL (Y O H S ...) separately")
    if first["future"] or dialect == "spot":
        return _Future
    return _Past


def parse_foreign(text: str, syntax: str) -> Formula:
    """Our formula for ``text`` in the ``syntax`` of another tool (the module docstring):
    it accepts exactly the words whose trace satisfies ``text`` in that tool's semantics."""
    if not isinstance(text, str):
        raise TypeError("parse_foreign() takes a string")
    if syntax not in FOREIGN_SYNTAXES:
        raise ValueError(f"syntax: one of {', '.join(FOREIGN_SYNTAXES)}, got {syntax!r}")
    tokens = _tokens(text, syntax)
    if not tokens:
        raise _error(text, 1, "empty formula")
    logic = _logic(text, tokens, syntax)
    grammar = _GRAMMAR[syntax]
    values: list = []          # (value, chain): chain = the binary op that made it, outside parentheses
    ops: list = []             # (kind, op, column, precedence)
    expect = True

    def reduce():
        kind, op, col, _ = ops.pop()
        if kind == "unary":
            value, _ = values.pop()
            values.append((logic.unary(op, value), None))
            return
        (right, _), (left, chain) = values.pop(), values.pop()
        if grammar[op][1] == "all":
            items = chain[1] + [right] if chain and chain[0] == op else [left, right]
            values.append((logic.all_equal(items), (op, items)))
        else:
            values.append((logic.binary(op, left, right), None))

    for tok in tokens + [_Token(("end", None, len(text.rstrip()) + 1))]:
        kind, value, col = tok
        if expect:
            if kind in ("atom", "const", "start", "last"):
                values.append((logic.leaf(tok), None))
                expect = False
            elif kind == "unary":
                ops.append(("unary", value, col, 99))
            elif kind == "(":
                ops.append(("(", "(", col, 0))
            else:
                what = "end of the formula" if kind == "end" else repr(value)
                raise _error(text, col, f"unexpected {what}: expected a formula")
            continue
        if kind == "binary":
            if value not in grammar:
                raise _error(text, col, f"{value!r} is not an operator of {_PEER[syntax]}'s syntax")
            prec, assoc = grammar[value]
            while ops and ops[-1][0] != "(":
                top = ops[-1]
                top_prec = top[3]
                if top_prec > prec:
                    reduce()
                elif top_prec == prec and top[0] == "binary":
                    if assoc == "refuse" or grammar[top[1]][1] == "refuse":
                        raise _error(text, col, f"a chain of {value!r} without parentheses: ltlf2dfa's code "
                                                "reads a P b P c as a P (b S c); write the grouping you mean")
                    if assoc == "right":
                        break
                    reduce()
                else:
                    break
            ops.append(("binary", value, col, prec))
            expect = True
        elif kind == ")":
            while ops and ops[-1][0] != "(":
                reduce()
            if not ops:
                raise _error(text, col, "')' with no matching '('")
            ops.pop()
            values[-1] = (values[-1][0], None)
        elif kind == "end":
            while ops:
                if ops[-1][0] == "(":
                    raise _error(text, ops[-1][2], "'(' never closed")
                reduce()
        else:
            raise _error(text, col, f"unexpected {value!r}: expected an operator")
    (value, _), = values
    return logic.result(value, syntax)


def parse_ltlf2dfa(text: str) -> Formula:
    """Our formula for a formula in ltlf2dfa's syntax (LTLf or PPLTL, the module docstring)."""
    return parse_foreign(text, "ltlf2dfa")
