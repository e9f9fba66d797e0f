"""The syntax of identities in the Language Toolkit's notation: terms (variables, the
constants 1 and 0, ω-powers ``x*``/``x^ω``, powers ``x^n``, products), relations (``=``,
and ``≤``/``<`` in the syntactic order) and their parser with position and caret for errors.
:mod:`.identities` decides them on a language's syntactic monoid or semigroup;
:mod:`.verify` re-decides them from scratch; both read identities through this module.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from ...kernel.errors import InputError, ParseError

__all__ = ["Var", "Const", "Omega", "Power", "Product", "Relation", "Identities", "parse_identities"]


# -- terms ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Var:
    """A variable, ranging over the elements of the monoid or semigroup."""
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Const:
    """``1`` (neutral element) or ``0`` (zero)."""
    which: str

    def __str__(self) -> str:
        return self.which


@dataclass(frozen=True)
class Omega:
    """``term^ω``: the idempotent power of the term's value (in a finite monoid, the one
    power ``s^k`` with ``s^k s^k = s^k``, k ≥ 1)."""
    term: object

    def __str__(self) -> str:
        return f"{_atomic(self.term)}^ω"


@dataclass(frozen=True)
class Power:
    """``term^n``, n ≥ 1: the term's value multiplied n times."""
    term: object
    n: int

    def __str__(self) -> str:
        return f"{_atomic(self.term)}^{self.n}"


@dataclass(frozen=True)
class Product:
    """The product of the ``factors``, left to right (a term of two or more factors)."""
    factors: tuple

    def __str__(self) -> str:
        return "".join(str(f) for f in self.factors)


def _atomic(t) -> str:
    return str(t) if isinstance(t, (Var, Const, Omega, Power)) else f"({t})"


@lru_cache(maxsize=4096)
def _relation_text(r: "Relation") -> str:
    """The text of a relation, once per relation (its terms are immutable)."""
    return f"{r.left} {r.op} {r.right}"


_OPS = {"=": "=", "<": "≤", "≤": "≤", "<=": "≤", ">": "≥", "≥": "≥", ">=": "≥"}


@dataclass(frozen=True)
class Relation:
    """``left op right`` with op ``=``, ``≤`` or ``≥`` (in the syntactic order)."""
    left: object
    op: str
    right: object

    def __str__(self) -> str:
        return _relation_text(self)


@dataclass(frozen=True)
class Identities:
    """A parsed system: ``relations`` (each chain split into adjacent pairs), the
    ``variables`` in order of first appearance, the ``text`` as given."""
    text: str
    relations: tuple[Relation, ...]
    variables: tuple[str, ...]

    def __str__(self) -> str:
        return "[" + "; ".join(str(r) for r in self.relations) + "]"

    @property
    def ordered(self) -> bool:
        """Whether an inequality occurs (the syntactic order is then needed)."""
        return any(r.op != "=" for r in self.relations)


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.i = 0

    def error(self, message: str, at: int | None = None):
        err = ParseError("identity", self.text, (self.i if at is None else at) + 1, message)
        err.parameters = ("identities",)
        return err

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.i] if self.i < len(self.text) else ""

    def op(self) -> str | None:
        self.skip()
        for tok in ("<=", ">=", "=", "<", ">", "≤", "≥"):
            if self.text.startswith(tok, self.i):
                self.i += len(tok)
                return _OPS[tok]
        return None

    def parse(self) -> tuple[Relation, ...]:
        if not self.text.strip():
            raise self.error("empty: expected identities such as [xy=yx; x*=x]")
        bracket = self.peek() == "["
        if bracket:
            self.i += 1
        relations: list[Relation] = []
        while True:
            relations += self.chain()
            c = self.peek()
            if c == ";":
                self.i += 1
                if bracket and self.peek() == "]" or not bracket and self.peek() == "":
                    raise self.error("expected an identity after ';'")
                continue
            break
        c = self.peek()
        if bracket:
            if c != "]":
                raise self.error(f"expected ';' or ']', found {c!r}" if c else "missing ']'")
            self.i += 1
            if self.peek():
                raise self.error(f"unexpected {self.peek()!r} after ']'")
        elif c:
            raise self.error(f"unexpected {c!r}" + (" (']' without '[')" if c == "]" else ""))
        return tuple(relations)

    def chain(self) -> list[Relation]:
        left = self.value()
        out = []
        while True:
            op = self.op()
            if op is None:
                break
            right = self.value()
            out.append(Relation(left, op, right))
            left = right
        if not out:
            self.skip()
            c = self.peek()
            raise self.error(f"expected '=', '≤' or '≥', found {c!r}" if c else
                             "expected '=', '≤' or '≥': an identity relates two sides")
        return out

    def value(self):
        factors = []
        while True:
            c = self.peek()
            if not c or c in ";])=<>≤≥":
                break
            factors.append(self.iter())
        if not factors:
            c = self.peek()
            raise self.error(f"expected a variable, 0, 1 or '(', found {c!r}" if c else
                             "expected a variable, 0, 1 or '(' (the input ends here)")
        return factors[0] if len(factors) == 1 else Product(tuple(factors))

    def iter(self):
        c = self.peek()
        if c == "(":
            self.i += 1
            inner = self.value()
            if self.peek() != ")":
                raise self.error("missing ')'" + (f", found {self.peek()!r}" if self.peek() else ""))
            self.i += 1
            term = inner
        elif c in "01":
            self.i += 1
            term = Const(c)
        elif c == "ω":
            raise self.error("ω alone is not a variable: write the ω-power as x* or x^ω")
        elif c.isalpha() and unicodedata.category(c).startswith("L"):
            self.i += 1
            term = Var(c)
        elif c == "*" or c == "^":
            raise self.error(f"{c!r} needs something before it to apply to")
        else:
            raise self.error(f"unexpected {c!r}: expected a variable (one letter), 0, 1 or '('")
        while True:
            c = self.peek()
            if c == "*":
                self.i += 1
                term = Omega(term)
            elif c == "^":
                self.i += 1
                term = self.exponent(term)
            else:
                return term

    def exponent(self, term):
        self.skip()
        braced = self.text.startswith("{", self.i)
        if braced:
            self.i += 1
            self.skip()
        rest = self.text[self.i:]
        if rest.startswith("ω"):
            self.i += 1
            out = Omega(term)
        elif rest.startswith("omega"):
            self.i += 5
            out = Omega(term)
        else:
            j = self.i
            while j < len(self.text) and self.text[j].isdigit():
                j += 1
            if j == self.i:
                raise self.error("expected an exponent after '^': ω, omega or a number ≥ 1")
            n = int(self.text[self.i:j])
            if n < 1 or j - self.i > 6:
                raise self.error("an exponent must be a number from 1 to 999999 (or ω)")
            self.i = j
            out = term if n == 1 else Power(term, n)
        if braced:
            self.skip()
            if not self.text.startswith("}", self.i):
                raise self.error("missing '}'")
            self.i += 1
        return out


def _variables(term, out: dict) -> None:
    if isinstance(term, Var):
        out.setdefault(term.name, None)
    elif isinstance(term, (Omega, Power)):
        _variables(term.term, out)
    elif isinstance(term, Product):
        for f in term.factors:
            _variables(f, out)


def parse_identities(text) -> Identities:
    """Parse a system of identities (module docstring); ParseError (position and caret)
    when it does not parse."""
    if isinstance(text, Identities):
        return text
    if not isinstance(text, str):
        raise InputError(f"identities: a string such as '[xy=yx; x*=x]', got {type(text).__name__}",
                         parameters=("identities",))
    return _parsed(text)


@lru_cache(maxsize=1024)
def _parsed(text: str) -> Identities:
    """The parse of ``text``, once per text (the values are immutable; a ParseError is not kept)."""
    relations = _Parser(text).parse()
    names: dict = {}
    for r in relations:
        _variables(r.left, names)
        _variables(r.right, names)
    return Identities(text, relations, tuple(names))


def _omega_only(term, name: str, under_omega: bool = False) -> bool:
    """Whether every occurrence of the variable ``name`` is directly under an ω-power."""
    if isinstance(term, Var):
        return term.name != name or under_omega
    if isinstance(term, Omega):
        if isinstance(term.term, Var):
            return True
        return _omega_only(term.term, name)
    if isinstance(term, Power):
        return _omega_only(term.term, name)
    if isinstance(term, Product):
        return all(_omega_only(f, name) for f in term.factors)
    return True
