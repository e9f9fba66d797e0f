"""The Language Toolkit's pleb language (pleb(5)) and plebby scripts, read as languages.

The Language Toolkit (LTK, Dakotah Lambert) describes languages by *pleb* programs
(Piecewise / Local Expression Builder): Boolean and other combinations of adjacency and
precedence factors over named symbol sets.  Its interpreter, plebby, reads scripts line by
line, where a line is pleb statements or a ``:command``; MLRegTest's languages are plebby
scripts (``.plebby``) that ``:import`` an alphabet file and write ``it`` with ``:writeATT``.
:func:`read_pleb` returns the minimal DFA of the program's language; docs/file-formats.md
describes the language with examples.

Program
    Statements: ``= name symbols`` (a symbol set), ``= name expr`` (an expression) or a
    bare ``expr``, which becomes the special variable ``it``.  The language of a program
    is ``it`` after its last statement, over the alphabet ``universe``: every symbol the
    program mentions (in any statement, set or expression).  ``#`` starts a comment (at
    the start of a token).  ``≝`` may stand for ``=``.
Symbol sets
    ``/x`` (the symbol x), a set name, ``{s, …}`` or ``(s, …)`` (union), ``[s, …]``
    (intersection).  A name is a letter followed by anything but whitespace, ``,`` and the
    brackets ``<>⟨⟩()[]{}|``.
Factors
    ``<s1 s2 …, t1 t2 …, …>`` (``⟨…⟩``): the blocks of adjacent symbol sets occur in this
    order, gaps allowed between blocks; anchors ``%|`` (``⋊``: at the start of the word),
    ``|%`` (``⋉``: at the end), ``%||%`` (``⋊⋉``: both).  ``.<f, g, …>`` joins factors
    (variables or factors, nested ones too as pleb(5)'s grammar allows; plebby's parser
    takes only basic factors and names there) by adjacency, ``..<f, g, …>`` (``‥``) by
    precedence.
Operators
    n-ary, written ``op{e, …}`` or ``op(e, …)``: ``/\\`` (``⋀ ⋂ ∧ ∩``) conjunction,
    ``\\/`` (``⋁ ⋃ ∨ ∪``) disjunction, ``@`` (``∙``) concatenation, ``@@`` (``∙∙``)
    concatenation with gaps, ``|_|_|`` (``⧢``) shuffle, ``.^.`` (``⇑``) infiltration,
    ``\\\\`` left quotients (from the left), ``//`` right quotients (from the right),
    ``.@.`` (``.∙.``) strictly ordered overlay; unary: ``~ ! ¬`` negation, ``*`` (``∗``)
    iteration, ``+`` (``+x`` = ``@(x, *x)``), ``-`` (``⇄``) reversal, ``^`` (``↑``)
    upward closure, ``$`` (``↓``) downward closure, ``[s, …] e`` the words whose
    projection to the tier s ∪ … is in e, ``|s, …| e`` the symbols s ∪ … made neutral.

Semantics follow plebby 1.3 where pleb(5) leaves them open, so that a program means here
what plebby writes for it: variables are replaced by their values when a statement is read
(later assignments do not change earlier ones); an empty n-ary operator is Σ* for ``/\\``,
∅ for ``\\/`` and {ε} for the others; in ``.<…>`` and ``..<…>`` the head anchor of the
first factor is kept and every other anchor dropped (plebby 1.3 drops the last factor's
tail anchor too); ``.@.(A, B)`` is (A·Σ*) ∩ (P·B) with P the non-empty prefixes of words of
A, folded from the right with {ε}; ``|s| e`` deletes only the symbols that ``e`` itself
names (a symbol of s that ``e`` does not name is only inserted).  Each expression is
evaluated as plebby's automaton is: over the symbols it names and a wildcard for the others
(:class:`_Value`), extended to the universe at the end; the {ε} of an empty product, the ∅
of ``\\/{}`` and grounded or read automata have no wildcard, so a symbol they do not name
stays rejected under ``~`` and ``^`` (``~@()`` is ∅, ``^@()`` and ``~\\/{}`` are {ε}).

plebby scripts (``.plebby``)
    One statement line or command per line.  ``:import file`` reads a script and
    ``:read file`` a pleb program (multi-line), relative to the folder of the program read
    (plebby's working directory, also inside imported files); ``:reset``, ``:unset name``,
    ``:restrict`` (symbols outside ``universe`` removed from every binding),
    ``:restoreUniverse`` and ``:ground`` (every stored expression fixed to its language
    over the present universe) change the bindings as in plebby; ``:compile`` changes no
    language; ``:quit`` ends the script.  Commands that only print or write
    (``:writeATT``, ``:write``, ``:display``, ``:is…`` queries, ``:equal``, ``:bindings`` …)
    are skipped: they do not change ``it``.  ``:readATT`` and ``:readATTO`` bind ``it`` to
    the projection of an AT&T transducer as plebby reads it (:func:`read_att_projection`).
    Commands that bind automata read from other formats (``:readBin``, ``:readJeff``,
    ``:loadstate``, ``:learnSL``, ``:learnSP``, ``:learnTSL``) and unknown commands are
    refused.

Every error is a :class:`~attnlogic.kernel.errors.ParseError` naming the file, the line and
the column (with a caret), or a :class:`~attnlogic.kernel.errors.InputError` for a file that
cannot be read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from attnlogic.kernel.errors import InputError, ParseError
from attnlogic.kernel.fileio import read_text_capped

from . import rational
from .dfa import DFA, letter_problem
from .nfa import DEFAULT_STATE_LIMIT, NFA, determinize
from .minimize import minimize
from .operations import complement, intersection, union

__all__ = ["read_pleb", "read_pleb_file", "parse_program", "is_pleb_text", "read_att_projection",
           "PLEB_SUFFIXES",
           "MAX_PLEB_BYTES", "MAX_IMPORT_DEPTH"]

#: file names read as pleb programs (``.pleb``) and plebby scripts (``.plebby``)
PLEB_SUFFIXES = (".pleb", ".plebby")
#: largest pleb file read (bytes)
MAX_PLEB_BYTES = 16 * 2 ** 20
#: deepest chain of ``:import``/``:read``
MAX_IMPORT_DEPTH = 32
#: deepest expression, counting the nesting its variables bring (every level is up to eight
#: frames of the recursive parser and three of the evaluation; MLRegTest's deepest is 8)
MAX_NESTING = 50

_DELIMITERS = {"<": ">", "⟨": "⟩", "(": ")", "[": "]", "{": "}", "|": "|"}
_NAME_STOP = set("<>⟨⟩()[]{}|,")

# n-ary operators in plebby's order of trial (a longer spelling before its prefix)
_NARY = (("and", ("⋀", "⋂", "∧", "∩", "/\\")), ("or", ("⋁", "⋃", "∨", "∪", "\\/")),
         ("lquot", ("\\\\",)), ("rquot", ("//",)), ("overlay", (".∙.", ".@.")),
         ("gapcat", ("∙∙", "@@")), ("cat", ("∙", "@")), ("shuffle", ("⧢", "|_|_|")),
         ("infiltrate", ("⇑", ".^.")))
_UNARY = (("down", ("↓", "$")), ("up", ("↑", "^")), ("star", ("*", "∗")), ("plus", ("+",)),
          ("not", ("¬", "~", "!")), ("reverse", ("⇄", "-")))
_ANCHORS = (((True, True), ("⋊⋉", "%||%")), ((True, False), ("⋊", "%|")),
            ((False, True), ("⋉", "|%")))

# plebby's commands: those that only print or write (skipped) and those refused
_OUTPUT_COMMANDS = {
    ":bindings", ":cequal", ":cimplies", ":display", ":dot", ":dotpsg", ":dotsynmon", ":eggbox",
    ":equal", ":help", ":implies", ":jmin", ":orderj", ":orderl", ":orderr", ":psg", ":savestate",
    ":show", ":strictsubset", ":subset", ":synmon", ":synord", ":synsl", ":write", ":writeatt"}
_REFUSED_COMMANDS = {
    ":readbin": "reads a binary automaton", ":readjeff": "reads a Jeff automaton",
    ":loadstate": "restores a saved interpreter state", ":learnsl": "learns from a corpus",
    ":learnsp": "learns from a corpus", ":learntsl": "learns from a corpus"}


# -- tokens ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _Tok:
    kind: str           # "name" or "sym" (one character)
    text: str
    offset: int         # in the program text


def _tokenize(text: str) -> list[_Tok]:
    """plebby's tokens: names (a letter, then anything but whitespace, ',' and brackets),
    and every other character alone; ``#`` at a token's start comments to the line's end."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif c.isspace():
            i += 1
        elif c.isalpha():
            j = i + 1
            while j < n and not text[j].isspace() and text[j] not in _NAME_STOP:
                j += 1
            out.append(_Tok("name", text[i:j], i))
            i = j
        else:
            out.append(_Tok("sym", c, i))
            i += 1
    return out


# -- the parse tree (names not yet replaced) -----------------------------------------------
@dataclass(frozen=True)
class _SetRef:                 # a symbol-set expression before its names are looked up
    kind: str                  # "sym" (text = the symbol), "var" (text = the name), "or", "and"
    text: str = ""
    parts: tuple = ()
    offset: int = 0


@dataclass(frozen=True)
class _FactorRef:
    kind: str                  # "basic", "cat", "gap", "var"
    head: bool = False
    tail: bool = False
    pieces: tuple = ()         # basic: tuple of tuples of _SetRef
    parts: tuple = ()          # cat / gap: tuple of _FactorRef
    name: str = ""
    offset: int = 0


@dataclass(frozen=True)
class _ExprRef:
    kind: str                  # "var", "factor", an n-ary or unary operator, "tier", "neutral"
    parts: tuple = ()          # operands (_ExprRef)
    sets: tuple = ()           # tier / neutral: _SetRef
    factor: _FactorRef | None = None
    name: str = ""
    offset: int = 0


@dataclass(frozen=True)
class _Statement:
    name: str                  # "it" for a bare expression
    value: object              # _ExprRef or _SetRef
    offset: int


# -- values (names replaced) ----------------------------------------------------------
@dataclass(frozen=True)
class Symbols:
    """A symbol set: its value, and every symbol written in it (an intersection mentions
    the symbols of its parts: plebby adds them all to the universe)."""
    value: frozenset
    mentioned: frozenset


@dataclass(frozen=True)
class Factor:
    """A factor: blocks of adjacent symbol sets, in order with gaps between, anchored at the
    head and/or the tail of the word."""
    head: bool
    tail: bool
    pieces: tuple               # tuple of tuples of Symbols


@dataclass(frozen=True, eq=False)
class Expr:
    """An expression tree with its variables replaced: ``op`` is "factor" (``factor``),
    an operator (``args``), "tier" or "neutral" (``symbols``, ``args[0]``).  A variable used
    twice is one shared subtree (compared by identity: the tree is a DAG, whose unfolding
    may be exponentially larger)."""
    op: str
    args: tuple = ()
    factor: Factor | None = None
    symbols: frozenset = frozenset()
    mentioned: frozenset = frozenset()
    automaton: DFA | None = None            # "fixed": a language over its own letters
    depth: int = field(default=1, init=False)
    _used: frozenset = field(default=frozenset(), init=False, repr=False)

    def __post_init__(self):
        own = set(self.mentioned)
        if self.factor is not None:
            for piece in self.factor.pieces:
                for s in piece:
                    own |= s.mentioned
        for a in self.args:
            own |= a._used
        if self.automaton is not None:
            own |= set(self.automaton.alphabet)
        object.__setattr__(self, "_used", frozenset(own))
        object.__setattr__(self, "depth", 1 + max((a.depth for a in self.args), default=0))

    def used(self) -> frozenset:
        """The symbols the expression mentions (plebby's usedSymbols)."""
        return self._used


# -- the parser ------------------------------------------------------------------------
class _Fail(Exception):
    pass


class _Parser:
    """plebby's grammar by recursive descent, its alternatives tried in its order.  A
    multi-character operator is its characters written together.  The error reported is
    the failure that got furthest into the input."""

    def __init__(self, text: str, tokens: list[_Tok]):
        self.text = text
        self.toks = tokens
        self.pos = 0
        self.nesting = 0
        self.far: tuple[int, list[str]] = (-1, [])

    # primitives
    def _here(self) -> int:
        """The offset of the next token (at the end: just after the last one)."""
        if self.pos < len(self.toks):
            return self.toks[self.pos].offset
        return self.toks[-1].offset + len(self.toks[-1].text) if self.toks else 0

    def fail(self, message: str):
        where = self._here()
        if where > self.far[0]:
            self.far = (where, [message])
        elif where == self.far[0] and message not in self.far[1]:
            self.far[1].append(message)
        raise _Fail

    def fail_summary(self, message: str):
        """Fail with ``message`` in place of what the alternatives tried at this token."""
        if self.far[0] == self._here():
            self.far = (self.far[0], [])
        self.fail(message)

    def peek_sym(self, chars: str) -> bool:
        """Whether the next tokens are the characters of ``chars``, written together."""
        toks, p = self.toks, self.pos
        if p + len(chars) > len(toks):
            return False
        for j, c in enumerate(chars):
            t = toks[p + j]
            if t.kind != "sym" or t.text != c or (j and t.offset != toks[p + j - 1].offset + 1):
                return False
        return True

    def eat(self, spellings) -> str | None:
        for s in spellings:
            if self.peek_sym(s):
                self.pos += len(s)
                return s
        return None

    def nested(self, fn: Callable):
        """``fn()`` one level deeper (the grammar's recursion), refused beyond MAX_NESTING."""
        self.nesting += 1
        try:
            if self.nesting > MAX_NESTING:
                raise _SyntaxAt(self._here(), f"nested deeper than {MAX_NESTING} levels")
            return fn()
        finally:
            self.nesting -= 1

    def attempt(self, fn: Callable):
        save = self.pos
        try:
            return fn()
        except _Fail:
            self.pos = save
            return None

    def name(self) -> _Tok:
        if self.pos < len(self.toks) and self.toks[self.pos].kind == "name":
            self.pos += 1
            return self.toks[self.pos - 1]
        self.fail("expected a name")

    def opening(self, chars: str) -> str:
        if self.pos < len(self.toks) and self.toks[self.pos].kind == "sym" and self.toks[self.pos].text in chars:
            self.pos += 1
            return self.toks[self.pos - 1].text
        self.fail("expected " + " or ".join(repr(c) for c in chars))

    def closing(self, opened: str):
        close = _DELIMITERS[opened]
        if not self.eat((close,)):
            self.fail(f"expected {close!r} to close {opened!r}")

    def separated(self, item: Callable) -> list:
        out = [item()]
        while self.eat((",",)):
            out.append(item())
        return out

    def delimited(self, chars: str, item: Callable) -> list:
        opened = self.opening(chars)
        out = self.separated(item)
        self.closing(opened)
        return out

    # symbol sets
    def symbols(self) -> _SetRef:
        return self.nested(self._symbols)

    def _symbols(self) -> _SetRef:
        offset = self._here()
        if self.pos < len(self.toks) and self.toks[self.pos].kind == "sym":
            c = self.toks[self.pos].text
            if c in "{(":
                return _SetRef("or", parts=tuple(self.delimited("{(", self.symbols)), offset=offset)
            if c == "[":
                return _SetRef("and", parts=tuple(self.delimited("[", self.symbols)), offset=offset)
            if c == "/":
                self.pos += 1
                if self.pos < len(self.toks) and self.toks[self.pos].kind == "name":
                    self.pos += 1
                    return _SetRef("sym", self.toks[self.pos - 1].text, offset=offset)
                self.fail("expected a symbol name after '/'")
        if self.pos < len(self.toks) and self.toks[self.pos].kind == "name":
            t = self.name()
            return _SetRef("var", t.text, offset=t.offset)
        self.fail_summary("expected a symbol set: /symbol, a set name, {…}, (…) or […]")

    # factors
    def factor(self) -> _FactorRef:
        return self.nested(self._factor)

    def _factor(self) -> _FactorRef:
        for kind, spellings in (("gap", ("..", "‥")), ("cat", (".",))):
            save = self.pos
            if self.eat(spellings):
                if self.pos < len(self.toks) and self.toks[self.pos].text in "<⟨":
                    offset = self.toks[save].offset
                    parts = self.delimited("<⟨", self.factor)
                    return _FactorRef(kind, parts=tuple(parts), offset=offset)
                self.pos = save
        return self.factor_item()

    def factor_item(self) -> _FactorRef:
        got = self.attempt(self.basic_factor)
        if got is not None:
            return got
        if self.pos < len(self.toks) and self.toks[self.pos].kind == "name":
            t = self.name()
            return _FactorRef("var", name=t.text, offset=t.offset)
        self.fail_summary("expected a factor <…>, %|<…>, |%<…>, %||%<…> or a factor name")

    def basic_factor(self) -> _FactorRef:
        offset = self._here()
        head = tail = False
        for anchors, spellings in _ANCHORS:
            if self.eat(spellings):
                head, tail = anchors
                break
        opened = self.opening("<⟨")
        pieces = self.separated(self.piece)
        self.closing(opened)
        return _FactorRef("basic", head, tail, pieces=tuple(pieces), offset=offset)

    def piece(self) -> tuple:
        out = []
        while True:
            got = self.attempt(self.symbols)
            if got is None:
                return tuple(out)
            out.append(got)

    # expressions
    def expr(self) -> _ExprRef:
        return self.nested(self._expr)

    def _expr(self) -> _ExprRef:
        if self.pos < len(self.toks) and self.toks[self.pos].kind == "name":
            t = self.name()
            return _ExprRef("var", name=t.text, offset=t.offset)
        offset = self._here()
        for op, spellings in _NARY:
            save = self.pos
            if self.eat(spellings):
                args = self.attempt(self.operands)
                if args is not None:
                    return _ExprRef(op, parts=tuple(args), offset=offset)
                self.pos = save
        for op, spellings in _UNARY:
            save = self.pos
            if self.eat(spellings):
                arg = self.attempt(self.expr)
                if arg is not None:
                    return _ExprRef(op, parts=(arg,), offset=offset)
                self.pos = save
        for op, chars in (("tier", "["), ("neutral", "|")):
            save = self.pos
            try:
                sets = self.delimited(chars, self.symbols)
                arg = self.expr()
                return _ExprRef(op, parts=(arg,), sets=tuple(sets), offset=offset)
            except _Fail:
                self.pos = save
        got = self.attempt(self.factor)
        if got is not None:
            return _ExprRef("factor", factor=got, offset=offset)
        self.fail_summary("expected an expression")

    def operands(self) -> list:
        for empty in ("()", "{}"):
            if self.peek_sym(empty[0]) and self.pos + 1 < len(self.toks) \
                    and self.toks[self.pos + 1].kind == "sym" and self.toks[self.pos + 1].text == empty[1]:
                self.pos += 2
                return []
        return self.delimited("({", self.expr)

    # statements
    def statement(self) -> _Statement:
        offset = self._here()
        if self.eat(("≝", "=")):
            t = self.name()
            got = self.attempt(self.expr)
            if got is None:
                got = self.symbols()
            return _Statement(t.text, got, offset)
        return _Statement("it", self.expr(), offset)

    def statements(self) -> list[_Statement]:
        out = []
        while self.pos < len(self.toks):
            out.append(self.statement())
        return out


def parse_program(text: str) -> list:
    """The statements of a pleb program, names not looked up (:class:`_SyntaxAt` at the
    furthest failure when it does not parse)."""
    p = _Parser(text, _tokenize(text))
    try:
        return p.statements()
    except _Fail:
        raise _SyntaxAt(p.far[0], "; or ".join(p.far[1])) from None


class _SyntaxAt(Exception):
    """A syntax or name error at an offset of the text being read (turned into a ParseError
    with the file's line and column by the caller)."""

    def __init__(self, offset: int, message: str):
        super().__init__(message)
        self.offset = offset
        self.message = message


# -- the environment --------------------------------------------------------------------
class _Env:
    """plebby's bindings: symbol sets (``universe`` among them) and expressions (``it``)."""

    def __init__(self):
        self.sets: dict[str, frozenset] = {}
        self.exprs: dict[str, Expr] = {}

    def lookup_set(self, ref: _SetRef) -> Symbols:
        if ref.kind == "sym":
            return Symbols(frozenset([ref.text]), frozenset([ref.text]))
        if ref.kind == "var":
            if ref.text not in self.sets:
                hint = " (an expression, not a symbol set)" if ref.text in self.exprs else ""
                raise _SyntaxAt(ref.offset, f"undefined symbol set {ref.text!r}{hint}")
            value = self.sets[ref.text]
            return Symbols(value, value)
        parts = [self.lookup_set(p) for p in ref.parts]
        mentioned = frozenset().union(*(p.mentioned for p in parts))
        if ref.kind == "or":
            return Symbols(frozenset().union(*(p.value for p in parts)), mentioned)
        value = parts[0].value
        for p in parts[1:]:
            value &= p.value
        return Symbols(value, mentioned)

    def lookup_factor(self, ref: _FactorRef) -> Factor:
        if ref.kind == "basic":
            return Factor(ref.head, ref.tail,
                          tuple(tuple(self.lookup_set(s) for s in piece) for piece in ref.pieces))
        if ref.kind == "var":
            e = self.exprs.get(ref.name)
            if e is None:
                raise _SyntaxAt(ref.offset, f"undefined variable {ref.name!r}")
            if e.op != "factor":
                raise _SyntaxAt(ref.offset, f"{ref.name!r} is not a factor (a factor name is "
                                            "needed inside .<…> and ..<…>)")
            return e.factor
        parts = [self.lookup_factor(p) for p in ref.parts]
        pieces: list = []
        for part in parts:
            if ref.kind == "cat" and pieces and part.pieces:
                pieces[-1] = pieces[-1] + part.pieces[0]
                pieces.extend(part.pieces[1:])
            else:
                pieces.extend(part.pieces)
        # plebby 1.3 keeps the head anchor of the first factor and no tail anchor
        return Factor(parts[0].head, False, tuple(pieces))

    def lookup(self, ref: _ExprRef) -> Expr:
        if ref.kind == "var":
            e = self.exprs.get(ref.name)
            if e is None:
                hint = " (a symbol set, not an expression: write <" + ref.name + "> for " \
                       "'some symbol of it occurs')" if ref.name in self.sets else ""
                raise _SyntaxAt(ref.offset, f"undefined variable {ref.name!r}{hint}")
            return e
        if ref.kind == "factor":
            return Expr("factor", factor=self.lookup_factor(ref.factor))
        args = tuple(self.lookup(p) for p in ref.parts)
        if any(a.depth >= MAX_NESTING for a in args):
            raise _SyntaxAt(ref.offset, f"nested deeper than {MAX_NESTING} levels (counting the "
                                        "expressions its variables stand for)")
        if ref.kind in ("tier", "neutral"):
            sets = [self.lookup_set(s) for s in ref.sets]
            return Expr(ref.kind, args, symbols=frozenset().union(*(s.value for s in sets)),
                        mentioned=frozenset().union(*(s.mentioned for s in sets)))
        return Expr(ref.kind, args)

    def restrict(self):
        """plebby's ``:restrict``: every symbol outside the universe removed from the sets and
        from the stored expressions (their symbol sets, the letters of fixed automata)."""
        universe = self.sets.get("universe", frozenset())
        self.sets = {k: v & universe for k, v in self.sets.items()}
        memo: dict = {}

        def cut(s: Symbols) -> Symbols:
            return Symbols(s.value & universe, s.mentioned & universe)

        def walk(e: Expr) -> Expr:
            got = memo.get(id(e))
            if got is None:
                factor = None if e.factor is None else Factor(
                    e.factor.head, e.factor.tail, tuple(tuple(cut(s) for s in p) for p in e.factor.pieces))
                got = memo[id(e)] = Expr(e.op, tuple(walk(a) for a in e.args), factor,
                                         e.symbols & universe, e.mentioned & universe,
                                         None if e.automaton is None else _contract(e.automaton, universe))
            return got

        self.exprs = {k: walk(e) for k, e in self.exprs.items()}

    def restore_universe(self):
        """plebby's ``:restoreUniverse``: the universe becomes the symbols of the other sets
        and of the stored expressions."""
        out = set()
        for k, v in self.sets.items():
            if k != "universe":
                out |= v
        for e in self.exprs.values():
            out |= e.used()
        self.sets["universe"] = frozenset(out)

    def ground(self, state_limit: int):
        """plebby's ``:ground``: every stored expression becomes the automaton of its language
        over the present universe (and its own symbols); a symbol added later is then in no
        word of it."""
        universe = self.sets.get("universe", frozenset())
        ev = _Evaluator(state_limit)
        for k, e in list(self.exprs.items()):
            v = ev(e)
            # without the wildcard, the universe's other symbols get no transition in plebby's
            # grounded automaton, and stay rejected under ~ and ^: it names only its own
            d = ev.language(e, universe) if v.wild else _with_columns(v.dfa, v.names, {})
            self.exprs[k] = Expr("fixed", automaton=d)

    def bind_it(self, e: Expr):
        """``it`` bound to a value from elsewhere (plebby's insertExpr)."""
        self.sets["universe"] = self.sets.get("universe", frozenset()) | e.used()
        self.exprs["it"] = e

    def run(self, st: _Statement):
        """Bind a statement as plebby does: the value with its names replaced, the universe
        grown by the symbols it mentions."""
        universe = self.sets.get("universe", frozenset())
        if isinstance(st.value, _SetRef):
            s = self.lookup_set(st.value)
            self.sets["universe"] = universe | s.value
            self.sets[st.name] = s.value
        else:
            e = self.lookup(st.value)
            self.sets["universe"] = universe | e.used()
            self.exprs[st.name] = e


def _contract(d: DFA, letters: frozenset) -> DFA:
    """The automaton without the letters outside ``letters`` (plebby's contractAlphabetTo)."""
    keep = [i for i, a in enumerate(d.alphabet) if a in letters]
    return DFA._trusted(tuple(d.alphabet[i] for i in keep), d.transitions[:, keep], d.initial,
                        d.accepting).minimal()


#: the letter that stands, inside an evaluation, for every symbol an automaton does not name
#: (plebby's "semantic" symbol); a space keeps it from being a pleb or AT&T symbol
WILD = "<any other symbol>"


@dataclass(frozen=True)
class _Value:
    """An evaluated expression as plebby holds it: a DFA over the symbols it names and the
    wildcard WILD (its last letter).  ``wild``: whether the wildcard is in plebby's alphabet
    of it; when it is not (an empty product {ε}, the empty disjunction, a grounded or read
    automaton), a symbol it does not name has no transition (WILD's column is a rejecting
    sink) and stays so under complement and closure."""
    dfa: DFA
    wild: bool

    @property
    def names(self) -> tuple:
        return self.dfa.alphabet[:-1]


def _with_columns(d: DFA, letters: tuple, source: dict) -> DFA:
    """``d`` over ``letters``: column j is d's column ``source[letters[j]]`` (a letter of d),
    or a new rejecting sink where ``source`` maps the letter to None."""
    n = d.n_states
    table = np.full((n + 1, len(letters)), n, dtype=np.int64)
    col = {a: i for i, a in enumerate(d.alphabet)}
    for j, a in enumerate(letters):
        src = source.get(a, a)
        if src is not None:
            table[:n, j] = d.transitions[:, col[src]]
    return minimize(DFA._trusted(letters, table, d.initial, np.append(d.accepting, False)))


def _extend(v: _Value, names) -> _Value:
    """plebby's semanticallyExtendAlphabetTo: the new symbols copy the wildcard's column
    (a sink when the wildcard is not in the alphabet)."""
    names = tuple(sorted(set(v.names) | set(names)))
    if names == v.names:
        return v
    new = {a: (WILD if v.wild else None) for a in names if a not in v.names}
    return _Value(_with_columns(v.dfa, names + (WILD,), new), v.wild)


def _fixed(d: DFA) -> _Value:
    """An automaton over its own letters, without the wildcard (plebby's ground form)."""
    return _Value(_with_columns(d, tuple(sorted(d.alphabet)) + (WILD,), {WILD: None}), False)


# -- evaluation -------------------------------------------------------------------------
class _Evaluator:
    """Expressions → _Values as plebby's automatonFromExpr builds them: each node over the
    symbols it names and the wildcard, operands extended to their common symbols before an
    n-ary operator; each subtree once."""

    def __init__(self, state_limit: int):
        self.limit = state_limit
        self.memo: dict = {}
        self.eps = self._constant(False, True)        # plebby's emptyStr: {ε}, no wildcard
        self.none = self._constant(False, False)      # its emptyLanguage: ∅, no wildcard
        self.sigma = self._constant(True, True)       # its univLang: Σ*, the wildcard

    @staticmethod
    def _constant(wild: bool, accepts_all: bool) -> _Value:
        if wild:
            d = rational.universal((WILD,)) if accepts_all else rational.empty((WILD,))
        else:
            d = rational.epsilon((WILD,)) if accepts_all else rational.empty((WILD,))
        return _Value(d, wild)

    def __call__(self, e: Expr) -> _Value:
        got = self.memo.get(id(e))      # a shared subtree (a variable used again) once
        if got is None:
            got = self.memo[id(e)] = self._eval(e)
        return got

    def language(self, e: Expr, universe) -> DFA:
        """The language of ``e`` over ``universe`` and the symbols it names (plebby's
        makeAutomaton: extended to the universe, the wildcard dropped)."""
        v = _extend(self(e), universe)
        return _with_columns(v.dfa, v.names, {})

    def _nary(self, values: list, fn, unit: _Value) -> _Value:
        if not values:
            return unit
        names = set().union(*(v.names for v in values))
        ext = [_extend(v, names) for v in values]
        acc = ext[0].dfa
        for v in ext[1:]:
            acc = fn(acc, v.dfa)
        return _Value(acc, any(v.wild for v in values))

    def _unary(self, v: _Value, fn) -> _Value:
        """An operator over plebby's alphabet of v: without the wildcard, computed over the
        named symbols alone, the wildcard's column a sink again after."""
        if v.wild:
            return _Value(fn(v.dfa), True)
        named = _with_columns(v.dfa, v.names, {})
        return _Value(_with_columns(fn(named), v.names + (WILD,), {WILD: None}), False)

    def _eval(self, e: Expr) -> _Value:
        L = self.limit
        op = e.op
        if op == "factor":
            return self._factor(e.factor)
        if op == "fixed":
            return _fixed(e.automaton)
        args = [self(a) for a in e.args]
        if op == "and":
            return self._nary(args, intersection, self.sigma)
        if op == "or":
            return self._nary(args, union, self.none)
        if op == "cat":
            return self._nary(args, lambda a, b: rational.concatenation(a, b, L), self.eps)
        if op == "gapcat":             # plebby: the operands with Σ* between them, concatenated
            spaced = [x for a in args for x in (self.sigma, a)][1:]
            return self._nary(spaced, lambda a, b: rational.concatenation(a, b, L), self.eps)
        if op == "shuffle":
            return self._nary(args, lambda a, b: rational.shuffle(a, b, L), self.eps)
        if op == "infiltrate":
            return self._nary(args, lambda a, b: rational.infiltration(a, b, L), self.eps)
        if op == "lquot":              # from the left: \\(A, B, C) = (A\\B)\\C
            return self._nary(args, lambda a, b: rational.left_quotient(a, b, L), self.eps)
        if op == "rquot":              # from the right: //(A, B, C) = A / (B / C)
            return self._nary(args[::-1], lambda b, a: rational.right_quotient(a, b, L), self.eps)
        if op == "overlay":            # from the right, starting with {ε}
            if not args:
                return self.eps
            names = set().union(*(v.names for v in args))
            acc = _extend(self.eps, names).dfa
            for v in reversed(args):
                acc = self._overlay(_extend(v, names).dfa, acc)
            return _Value(acc, any(v.wild for v in args))
        x = args[0]
        if op == "not":
            return self._unary(x, complement)
        if op == "star":
            return self._unary(x, lambda d: rational.star(d, L))
        if op == "plus":
            return self._unary(x, lambda d: rational.concatenation(d, rational.star(d, L), L))
        if op == "reverse":
            return self._unary(x, lambda d: rational.reverse(d, L))
        if op == "up":
            return self._unary(x, lambda d: rational.upward_closure(d, L))
        if op == "down":
            return self._unary(x, lambda d: rational.downward_closure(d, L))
        if op == "tier":
            t = _extend(x, e.symbols)
            return _Value(rational.tier_preimage(t.dfa, e.symbols), True)
        if op == "neutral":
            names = tuple(sorted(set(x.names) | e.symbols))
            added = _Value(_with_columns(x.dfa, names + (WILD,), {a: None for a in names if a not in x.names}),
                           x.wild)
            return _Value(rational.neutralize(added.dfa, e.symbols, e.symbols & set(x.names), L), x.wild)
        raise AssertionError(op)  # pragma: no cover - the parser makes no other node

    def _overlay(self, a: DFA, b: DFA) -> DFA:
        """plebby's strict-order overlay: (A·Σ*) ∩ (P·B), P the non-empty prefixes of A."""
        L = self.limit
        sigma = rational.universal(a.alphabet)
        p = intersection(rational.prefixes(a), complement(rational.epsilon(a.alphabet)))
        return intersection(rational.concatenation(a, sigma, L), rational.concatenation(p, b, L))

    def _factor(self, f: Factor) -> _Value:
        names = tuple(sorted(set().union(*(s.value for piece in f.pieces for s in piece))))
        items: list = [] if f.head else [None]
        for i, piece in enumerate(f.pieces):
            if i:
                items.append(None)
            items.extend(s.value for s in piece)
        if not f.tail:
            items.append(None)
        return _Value(rational.sequence(names + (WILD,), items, self.limit), True)


# -- reading programs and scripts ---------------------------------------------------------
def _error(source: str, text: str, offset: int, message: str) -> ParseError:
    """A ParseError at an offset of a (possibly multi-line) text: kind names the source and
    the line, the caret is under the column of that line."""
    line_no = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    line = text[start:] if end < 0 else text[start:end]
    return ParseError(f"pleb {source}, line {line_no}", line, offset - start + 1, message)


class _Reader:
    def __init__(self, state_limit: int, folder: Path | None):
        self.env = _Env()
        self.state_limit = state_limit
        self.folder = folder            # plebby's working directory: the top program's folder
        self.stack: list[str] = []

    def program(self, text: str, source: str, offset_base: int = 0, full: str | None = None):
        """Run the statements of ``text`` (``full``: the whole file, ``text`` a slice of it
        starting at ``offset_base``)."""
        full = text if full is None else full
        try:
            for st in parse_program(text):
                self.env.run(st)
        except _SyntaxAt as err:
            raise _error(source, full, offset_base + err.offset, err.message) from None
        except RecursionError:          # a deep caller's stack: never a traceback
            raise InputError(f"pleb {source}: nested too deeply to read here") from None

    def script(self, text: str, source: str):
        offset = 0
        for raw in text.splitlines(keepends=True):
            line = raw.rstrip("\r\n")
            if line.startswith(":"):
                if self.command(line, source, text, offset) == "quit":
                    return
            else:
                self.program(line, source, offset, text)
            offset += len(raw)

    def command(self, line: str, source: str, text: str, offset: int):
        words = _modwords(line)
        name = words[0].lower()
        where = (source, text, offset)
        if name == ":quit" and len(words) == 1:
            return "quit"
        if name in _OUTPUT_COMMANDS or name.startswith(":is") or name == ":compile":
            return None
        if name in (":import", ":read"):
            if len(words) != 2:
                raise _error(*where, f"{words[0]} takes one file name (quote a name with spaces)")
            if self.folder is None:
                raise _error(*where, f"{words[0]} in a text read without a folder: files are read "
                                     "only from a program read as a file (or given a folder)")
            self.file(self.folder / Path(words[1]).expanduser(), name == ":import", where)
            return None
        if name == ":reset" and len(words) == 1:
            self.env = _Env()
            return None
        if name == ":unset" and len(words) == 2:
            self.env.sets.pop(words[1], None)
            self.env.exprs.pop(words[1], None)
            return None
        if name in (":readatt", ":readatto"):
            if len(words) != 4:
                raise _error(*where, f"{words[0]} takes three file names: transitions, input "
                                     "symbols, output symbols ('_' for none)")
            if self.folder is None:
                raise _error(*where, f"{words[0]} in a text read without a folder: files are read "
                                     "only from a program read as a file (or given a folder)")
            texts = []
            for w in words[1:]:
                path = self.folder / Path(w).expanduser()
                if w != "_" and not path.is_file():
                    raise _error(*where, f"cannot read {str(path)!r}: no such file")
                texts.append(None if w == "_" else read_text_capped(str(path), MAX_PLEB_BYTES))
            d = read_att_projection(*texts, output=name == ":readatto", source=words[1],
                                    state_limit=self.state_limit)
            self.env.bind_it(Expr("fixed", automaton=d))
            return None
        if len(words) == 1 and name in (":restrict", ":restoreuniverse", ":ground"):
            if name == ":restrict":
                self.env.restrict()
            elif name == ":restoreuniverse":
                self.env.restore_universe()
            else:
                self.env.ground(self.state_limit)
            return None
        if name in _REFUSED_COMMANDS:
            raise _error(*where, f"plebby's {words[0]} {_REFUSED_COMMANDS[name]}: not supported "
                                 "in a language file (bind the language with pleb statements)")
        raise _error(*where, f"unknown or malformed plebby command {words[0]!r}")

    def file(self, path: Path, script: bool, where):
        if len(self.stack) >= MAX_IMPORT_DEPTH:
            raise _error(*where, f"more than {MAX_IMPORT_DEPTH} nested :import/:read")
        key = str(path.resolve()) if path.exists() else str(path)
        if key in self.stack:
            raise _error(*where, f"{path} imports itself (a cycle of :import/:read)")
        if not path.is_file():
            raise _error(*where, f"cannot read {str(path)!r}: no such file")
        text = read_text_capped(str(path), MAX_PLEB_BYTES)
        self.stack.append(key)
        try:
            if script:
                self.script(text, str(path))
            else:
                self.program(text, str(path))
        finally:
            self.stack.pop()

    def language(self, source: str, alphabet) -> DFA:
        it = self.env.exprs.get("it")
        if it is None:
            raise InputError(f"pleb {source}: the program has no bare expression, so 'it', its "
                             "language, is undefined")
        universe = self.env.sets.get("universe", frozenset())
        ev = _Evaluator(self.state_limit)
        try:
            d = ev.language(it, universe)
            if alphabet is not None:
                alphabet = tuple(alphabet)
                missing = sorted(set(d.alphabet) - set(alphabet))
                if missing:
                    raise InputError(f"{source}: the program's symbol {missing[0]!r} is not in the given "
                                     f"alphabet {list(alphabet)}", parameters=("alphabet",))
                d = ev.language(it, universe | set(alphabet))
        except RecursionError:
            raise InputError(f"pleb {source}: nested too deeply to evaluate here") from None
        return d if alphabet is None else d.with_alphabet_order(alphabet).minimal()


_ATT_SEPARATOR = "* * *"


def read_att_projection(transitions: str, inputs: str | None = None, outputs: str | None = None, *,
                        output: bool = False, source: str = "<att>",
                        state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The language plebby's ``:readATT`` (``output``: ``:readATTO``) reads from AT&T text:
    the input (output) projection of the transducer, weights ignored (a final state is final
    whatever its weight), ``0`` and the table's epsilon (tag 0) as ε, the source of the
    first arc initial, nondeterminism allowed; its letters are those of the symbol table and
    of the arcs.  The tables, when given, are placed after the transitions as LTK's
    embedSymbolsATT does (each after a ``* * *`` line), and the parts are read back as
    LTK's extractSymbolsATT does: transitions, input table, output table."""
    lines = transitions.splitlines()
    if inputs is not None or outputs is not None:
        lines += [_ATT_SEPARATOR] + ([] if inputs is None else inputs.splitlines())
        if outputs is not None:
            lines += [_ATT_SEPARATOR] + outputs.splitlines()
    parts: list[list[str]] = [[]]
    for line in lines:
        if line == _ATT_SEPARATOR:
            parts.append([])
        else:
            parts[-1].append(line)
    parts += [[], []]
    arcs_part, table_part = parts[0], parts[2 if output else 1]
    tags: dict[str, str] = {}
    epsilon = None
    for line in table_part:
        f = line.split()
        if len(f) >= 2:
            if f[1] == "0":
                epsilon = f[0]
            else:
                tags[f[1]] = f[0]
    symbols = set(tags.values())
    names: dict[str, int] = {}
    arcs, finals, initial = [], set(), None
    for line in arcs_part:
        f = line.split()
        if len(f) in (1, 2):
            finals.add(names.setdefault(f[0], len(names)))
        elif len(f) >= 3:
            if output and len(f) >= 4:
                f[2], f[3] = f[3], f[2]
            s_, d_ = names.setdefault(f[0], len(names)), names.setdefault(f[1], len(names))
            if initial is None:
                initial = s_
            sym = None if f[2] == "0" or f[2] == epsilon else tags.get(f[2], f[2])
            if sym is not None:
                symbols.add(sym)
            arcs.append((s_, d_, sym))
    alphabet = tuple(sorted(symbols))
    for a in alphabet:
        bad = letter_problem(a, alphabet)
        if bad:
            raise InputError(f"{source}: symbol {a!r}: {bad}")
    if initial is None:                 # no arc: plebby's initial state is a fresh one
        initial = names.setdefault("", len(names))
    n = len(names)
    col = {a: i for i, a in enumerate(alphabet)}
    step = [[0] * len(alphabet) for _ in range(n)]
    eps = [1 << q for q in range(n)]
    for s_, d_, sym in arcs:
        if sym is None:
            eps[s_] |= 1 << d_
        else:
            step[s_][col[sym]] |= 1 << d_
    changed = True
    while changed:                      # ε-closures: a fixpoint over bitmasks
        changed = False
        for q in range(n):
            closed = rational.image(eps[q], eps)
            if closed != eps[q]:
                eps[q], changed = closed, True
    columns = [[row[i] for row in step] for i in range(len(alphabet))]
    succ = [tuple(rational.image(rational.image(eps[q], col), eps) for col in columns)
            for q in range(n)]
    final_mask = sum(1 << q for q in finals)
    accepting = sum(1 << q for q in range(n) if eps[q] & final_mask)
    return minimize(determinize(NFA(alphabet, tuple(succ), 1 << initial, accepting), state_limit))


def _modwords(line: str) -> list[str]:
    """plebby's words of a command line: whitespace separates, '…' and "…" quote, \\ escapes."""
    out, cur, i, n, have = [], [], 0, len(line), False
    while i < n:
        c = line[i]
        if c.isspace():
            if have:
                out.append("".join(cur))
                cur, have = [], False
        elif c == "\\" and i + 1 < n:
            cur.append(line[i + 1])
            have = True
            i += 1
        elif c in "'\"":
            j = line.find(c, i + 1)
            j = n if j < 0 else j
            cur.append(line[i + 1:j])
            have = True
            i = j
        else:
            cur.append(c)
            have = True
        i += 1
    if have:
        out.append("".join(cur))
    return out


def is_pleb_text(text: str) -> bool:
    """Whether a text reads as a pleb program or plebby script rather than an automaton: a
    ``:command`` line, or an ``=name`` assignment line."""
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith((":", "≝")) or (line.startswith("=") and len(line) > 1):
            return True
    return False


def read_pleb(text: str, source: str = "<pleb>", folder: str | Path | None = None, *,
              script: bool = True, alphabet=None, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The minimal DFA of the language of a plebby script (``script=True``: line by line,
    with commands) or a pleb program (``script=False``: statements over any lines, no
    commands), over its universe, or over ``alphabet`` when given (it must contain the
    universe; the other letters are read as plebby reads symbols added to the universe
    later).  ``folder``: where ``:import``/``:read`` look; None (the default, for text from
    anywhere, such as an upload): they are refused, so that reading text never reads files."""
    if not isinstance(text, str):
        raise InputError(f"pleb: expected text, got {type(text).__name__}")
    reader = _Reader(state_limit, None if folder is None else Path(folder))
    if script:
        reader.script(text, source)
    else:
        reader.program(text, source)
    return reader.language(source, alphabet)


def read_pleb_file(path: str | Path, *, alphabet=None, state_limit: int = DEFAULT_STATE_LIMIT,
                   max_bytes: int = MAX_PLEB_BYTES) -> DFA:
    """The language of a pleb file: a ``.pleb`` file is a program, anything else (``.plebby``)
    a plebby script; ``:import`` and ``:read`` are relative to the file's folder."""
    path = Path(path)
    text = read_text_capped(str(path), max_bytes)
    return read_pleb(text, str(path), path.parent, script=path.suffix != ".pleb",
                     alphabet=alphabet, state_limit=state_limit)
