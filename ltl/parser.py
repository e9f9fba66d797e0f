"""Parsing formulas of the past-time logic.

The grammar (``grammar.lark``) is LALR(1); the AST is built by callbacks during the parse
(lark's embedded transformer), bottom-up, so neither parsing nor construction recurses:
10 000 nested negations or a 100 000-character formula parse in linear time.

Precedence, loosest first (as in Spot): ``<->`` (left), ``->`` (right), ``xor`` (left),
``|`` (left), ``&`` (left), ``S`` (right), then the unary operators
``! P Y Y[<=k] O H Z``, which bind tightest: ``P a & b`` is ``(P a) & b``.

Accepted spellings: ``! ~ ¬``; ``& && ∧ /\\``; ``| || ∨ \\/``; ``-> => → ⇒``;
``<-> <=> ↔ ⇔``; ``xor ^ ⊕``; ``true 1 ⊤``; ``false 0 ⊥``; ``Y[<=k]`` also as ``Y[≤k]``.
``Z φ`` (weak yesterday) is sugar for ``!Y !φ``.  Atoms are lower-case identifiers
(``[a-z_][a-z0-9_]*``) or double-quoted strings; upper-case letters are operators.

Errors teach the habits of Spot/LTLf users: the future operators F G X U W R M are named with
their past-time counterparts (:data:`FUTURE_OPERATORS`), and ``Y<=k`` is answered with the
bracketed ``Y[<=k]``.
"""

from __future__ import annotations

import contextvars
import re
from functools import lru_cache

from attnlogic.kernel.errors import LimitExceeded, ParseError

from .formula import (FALSE, TRUE, And, Atom, Formula, Historically, Iff, Implies, Mod, Not, Once,
                      Or, Past, Since, Xor, Yesterday)
from .definitions import Certificate, has_definitions, parse_program as read
from attnlogic.kernel.errors import InputError
from .foreign import SYNTAXES, parse_foreign

__all__ = ["parse", "parse_program", "MAX_WINDOW", "MAX_MODULUS", "MAX_FORMULA_LENGTH", "MAX_FORMULA_HEIGHT",
           "FUTURE_OPERATORS"]

#: largest window accepted in ``Y[<=k]`` (a guard against absurd inputs)
MAX_WINDOW = 1_000_000
#: longest formula text parsed (characters; ``max_length``) and deepest nesting accepted
#: (``max_height``: operators on the longest root-to-leaf path): later stages walk the
#: formula, and some of them cost height × size
MAX_FORMULA_LENGTH = 200_000
MAX_FORMULA_HEIGHT = 40_000

#: largest modulus accepted in ``MOD[m,r]``
MAX_MODULUS = 1_000_000

_MODULAR = re.compile(r"MOD\s*\[\s*([0-9]+)\s*,\s*([0-9]+)\s*\]$")
#: the names defined so far while a program of definitions is read (None outside one)
_NAMES: "contextvars.ContextVar[dict | None]" = contextvars.ContextVar("names", default=None)

#: the future-time operators of LTL/LTLf (Spot's spelling) and what to write instead: this
#: logic is past-time only, and a formula is read at the position after the last letter
FUTURE_OPERATORS = {
    "F": "this logic looks only at the past: 'once' is O φ (now or before) or P φ (strictly before)",
    "G": "this logic looks only at the past: 'always so far' is H φ (historically)",
    "X": "this logic looks only at the past: the previous position is Y φ (yesterday; Z φ is the weak form)",
    "U": "this logic looks only at the past: φ U ψ (until) becomes φ S ψ (since)",
    "W": "this logic looks only at the past: weak until becomes a weak since, φ S ψ | !P !φ",
    "R": "this logic looks only at the past: φ R ψ (release) becomes its past dual !(!φ S !ψ)",
    "M": "this logic looks only at the past: φ M ψ (strong release) becomes ψ S (φ & ψ)",
}

_WINDOW = re.compile(r"Y\s*\[\s*(?:<=|≤)\s*([0-9]+)\s*\]$")


class _CallbackError(Exception):
    """Raised inside a callback; turned into a ParseError with the input text by parse()."""

    def __init__(self, column: int, message: str):
        super().__init__(message)
        self.column = column
        self.message = message


def _infix(operator):
    """The callback of an infix rule ``left OP right``: ``operator(left, right)``."""
    return lambda self, c: operator(c[0], c[2])


class _Build:
    """lark callbacks (stateless): one per grammar alias, each returns a Formula."""

    # the callbacks receive the list of children (tokens and Formulas)
    def true(self, c):
        return TRUE

    def false(self, c):
        return FALSE

    def ident(self, c):
        return Atom(str(c[0]))

    def string(self, c):
        raw = str(c[0])[1:-1]
        name = re.sub(r"\\(.)", r"\1", raw)
        if not name:
            raise _CallbackError(c[0].column, "an atom cannot be the empty string")
        return Atom(name)

    def modular(self, c):
        tok = c[0]
        m = _MODULAR.match(str(tok))
        if not m:
            raise _CallbackError(tok.column, f"malformed modular predicate {str(tok)!r}: write "
                                 "MOD[m,r] with integers m >= 1 and r >= 0")
        modulus, residue = int(m.group(1)), int(m.group(2))
        if not 1 <= modulus <= MAX_MODULUS:
            raise _CallbackError(tok.column, f"the modulus m of MOD[m,r] must be in 1..{MAX_MODULUS}, "
                                 f"got {modulus}")
        return Mod(modulus, residue)

    def ref(self, c):
        tok = c[0]
        names = _NAMES.get()
        if names is None or str(tok) not in names:
            raise _CallbackError(tok.column, f"undefined name {str(tok)}: define it on an earlier "
                                 f"line as '{str(tok)} := formula'")
        return names[str(tok)]

    def parens(self, c):
        return c[1]

    def not_(self, c):
        return Not(c[1])

    def past(self, c):
        return Past(c[1])

    def yesterday(self, c):
        return Yesterday(c[1], 1)

    def window(self, c):
        tok = c[0]
        m = _WINDOW.match(str(tok))
        if not m:
            raise _CallbackError(tok.column,
                                 f"malformed window {str(tok)!r}: write Y[<=k] with k a positive integer")
        digits = m.group(1).lstrip("0") or "0"
        if len(digits) > len(str(MAX_WINDOW)):        # before int(): no 10^5-digit numbers
            raise _CallbackError(tok.column + str(tok).index(m.group(1)),
                                 f"the window of Y[<=k] is at most {MAX_WINDOW}, got a number "
                                 f"of {len(digits)} digits")
        k = int(digits)
        if k < 1:
            raise _CallbackError(tok.column + str(tok).index(m.group(1)),
                                 f"the window of Y[<=k] must be at least 1, got {k}")
        if k > MAX_WINDOW:
            raise _CallbackError(tok.column + str(tok).index(m.group(1)),
                                 f"the window of Y[<=k] is at most {MAX_WINDOW}, got {k}")
        return Yesterday(c[1], k)

    def once(self, c):
        return Once(c[1])

    def hist(self, c):
        return Historically(c[1])

    def weak_yesterday(self, c):
        return Not(Yesterday(Not(c[1]), 1))

    # the infix rules, children [left, operator token, right]
    iff, implies, xor, or_, and_, since = map(_infix, (Iff, Implies, Xor, Or, And, Since))


@lru_cache(maxsize=1)
def _grammar() -> str:
    from importlib import resources       # read once, when the first formula is parsed

    return resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    return Lark(_grammar(), parser="lalr", lexer="contextual", propagate_positions=False,
                maybe_placeholders=False, transformer=_Build())


_TOKEN_NAMES = {
    "IFF": "'<->'", "IMPLIES": "'->'", "XOR": "'xor'", "OR": "'|'", "AND": "'&'", "NOT": "'!'",
    "SINCE": "'S'", "PAST": "'P'", "YWIN": "'Y[<=k]'", "YEST": "'Y'", "ONCE": "'O'", "HIST": "'H'",
    "WEAKY": "'Z'", "LPAR": "'('", "RPAR": "')'", "TRUE": "'true'", "FALSE": "'false'",
    "IDENT": "an atom", "STRING": "a quoted atom", "$END": "end of input",
}

_OPERAND_START = {"NOT", "PAST", "YWIN", "YEST", "ONCE", "HIST", "WEAKY", "LPAR", "TRUE", "FALSE",
                  "IDENT", "STRING"}


def _describe_expected(expected) -> str:
    expected = set(expected)
    if expected & _OPERAND_START and expected <= _OPERAND_START | {"$END"}:
        return "expected a formula (an atom, true/false, '(', or a unary operator ! P Y Y[<=k] O H)"
    names = sorted(_TOKEN_NAMES.get(e, e) for e in expected)
    if "end of input" in names and len(names) > 4:
        return "expected an operator or the end of the formula"
    return "expected " + ", ".join(names)


def _check_parentheses(text: str) -> None:
    stack: list[int] = []
    in_string = False
    escape = False
    for i, ch in enumerate(text):
        if in_string:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch == "(":
            stack.append(i)
        elif ch == ")":
            if not stack:
                raise ParseError("formula", text, i + 1, "unbalanced parentheses: this ')' has no matching '('")
            stack.pop()
    if in_string:
        raise ParseError("formula", text, len(text) + 1, "unterminated quoted atom")
    if stack:
        raise ParseError("formula", text, stack[-1] + 1, "unbalanced parentheses: this '(' is never closed")


def _has_definitions(text: str) -> bool:
    return has_definitions(text)


def _parse_with_names(line: str, names: dict) -> Formula:
    token = _NAMES.set(names)
    try:
        return parse(line)
    finally:
        _NAMES.reset(token)


def parse_program(text: str):
    """Parse definitions ``$NAME := formula`` (one a line, or separated by ``;``) and the
    formula on the last line (:mod:`.definitions`); returns a
    :class:`~attnlogic.ltl.definitions.Certificate` (``.formula`` is the formula).  A text
    without definitions is one formula."""

    if not isinstance(text, str):
        raise TypeError("parse_program() takes a string")
    if not _has_definitions(text):
        f = parse(text)
        return Certificate(f, (), text.strip())
    return read(text, _parse_with_names)


def parse(text: str, max_length: int = MAX_FORMULA_LENGTH, max_height: int = MAX_FORMULA_HEIGHT, *,
          syntax: str = "attnlogic") -> Formula:
    """Parse ``text`` into a :class:`Formula`.

    ``syntax``: ``"attnlogic"`` (this logic, read after the last letter), or another tool's
    syntax with its semantics, ``"ltlf2dfa"``, ``"pylogics"`` or ``"spot"`` (LTLf read from
    the first letter, PPLTL at the last; :func:`~.foreign.parse_foreign`).

    Raises :class:`attnlogic.kernel.errors.ParseError` (with a 1-based column) on malformed input,
    :class:`attnlogic.kernel.errors.LimitExceeded` for a text longer than ``max_length`` characters
    or a formula nested deeper than ``max_height``.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

    if not isinstance(text, str):
        raise TypeError("parse() takes a string")
    if syntax not in SYNTAXES:
        raise InputError(f"syntax: one of {', '.join(SYNTAXES)}, got {syntax!r}", parameters=("syntax",))
    if text.strip() == "":
        raise ParseError("formula", text, 1, "empty formula")
    if len(text) > max_length:
        raise LimitExceeded("formula length (characters)", max_length, f"this one has {len(text)}",
                            parameters=("max_formula_length",))
    if syntax != "attnlogic":
        f = parse_foreign(text, syntax)
        if f.height > max_height:
            raise LimitExceeded("formula nesting (height)", max_height, f"this one has {f.height}",
                                parameters=("max_height",))
        return f
    if _has_definitions(text):
        return parse_program(text).formula
    _check_parentheses(text)
    try:
        f = _parser().parse(text)
        if f.height > max_height:
            raise LimitExceeded("formula nesting (height)", max_height, f"this one has {f.height}",
                                parameters=("max_height",))
        return f
    except _CallbackError as exc:
        raise ParseError("formula", text, exc.column, exc.message) from None
    except VisitError as exc:  # a callback raised, wrapped by lark
        if isinstance(exc.orig_exc, _CallbackError):
            raise ParseError("formula", text, exc.orig_exc.column, exc.orig_exc.message) from None
        raise
    except UnexpectedCharacters as exc:
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        col = exc.pos_in_stream + 1
        before = text[:exc.pos_in_stream].rstrip()
        if ch in FUTURE_OPERATORS:
            msg = (f"{ch!r} is a future-time operator; " + FUTURE_OPERATORS[ch] + "; for an LTLf "
                   "formula read from the first letter, read it in the syntax "
                   "spot (or ltlf2dfa, pylogics), which reads LTLf")
        elif ch.isupper():
            msg = (f"unexpected {ch!r}: upper-case letters are operators (P Y Y[<=k] O H S Z); "
                   "atoms are lower-case identifiers or quoted strings")
        elif ch in "<≤" and before.endswith("Y"):
            k = re.match(r"(?:<=|≤)\s*([0-9]+)", text[exc.pos_in_stream:])
            msg = (f"a window is written in brackets: Y[<={k.group(1) if k else 'k'}], "
                   f"not Y{'<=' if ch == '<' else ch}{k.group(1) if k else 'k'}")
        elif ch == "[" and before.endswith("Y"):
            msg = "malformed window: write Y[<=k] with k a positive integer"
        else:
            msg = f"unexpected character {ch!r}"
        raise ParseError("formula", text, col, msg) from None
    except UnexpectedEOF as exc:
        raise ParseError("formula", text, len(text) + 1,
                         "unexpected end of input; " + _describe_expected(exc.expected)) from None
    except UnexpectedToken as exc:
        tok = exc.token
        if tok.type == "$END":
            raise ParseError("formula", text, len(text.rstrip()) + 1,
                             "unexpected end of input; " + _describe_expected(exc.expected)) from None
        col = tok.column if tok.column is not None else 1
        shown = str(tok)
        if len(shown) > 20:
            shown = shown[:17] + "..."
        raise ParseError("formula", text, col,
                         f"unexpected {shown!r}; " + _describe_expected(exc.expected)) from None
    except UnexpectedInput as exc:  # pragma: no cover - other lark errors
        raise ParseError("formula", text, getattr(exc, "column", 1) or 1, str(exc).splitlines()[0]) from None
