"""Regular expressions → minimal DFAs (Glushkov position automaton + subset construction).

Syntax (docs/syntax.md): letters, concatenation, ``|``, ``*``, ``+``, ``?``, bounded
repetition ``r{n}`` (exactly n), ``r{n,}`` (n or more), ``r{n,m}`` (n to m; n ≤ m ≤
``MAX_REPEAT``), parentheses, ``.`` (any letter), classes ``[abc]`` and ``[^ab]`` (relative
to the alphabet), ``()`` or ``ε`` for the empty word; also ``∅`` for the empty language.
Whitespace between tokens is ignored.  ``{`` and ``}`` are operators: a malformed
repetition is an error with a caret, never two letters (write ``\\{`` for the letter).
``r{n,m}`` is expanded to n copies of r followed by m − n optional ones (``r{n,}``: n
copies and r*), so its positions grow with m.

Letters
-------
* Without an alphabet every other character is a one-character letter, and the alphabet
  is the set of letters that occur, sorted; ``.`` and ``[^…]`` then need an alphabet.
* With an alphabet, letters are tokenised *greedily*: at each position the longest letter
  of the alphabet that starts there is taken (so with letters ``ab``, ``a``, ``b`` the text
  ``ab`` is the one letter ``ab``; write ``a b`` or ``(a)(b)`` for two).  A letter that is
  not in the alphabet is an error.
* Any letter may be written in double quotes, ``"foo bar"`` (``\\"`` and ``\\\\`` inside),
  and ``\\c`` is the one-character letter c (to use an operator character as a letter).

The parse tree (immutable nodes :class:`Sym`, :class:`Eps`, :class:`Empty`, :class:`Cat`,
:class:`Alt`, :class:`Star`, :class:`Plus`, :class:`Opt`) is turned into Glushkov's
ε-free NFA (one state per letter occurrence; nullable / first / last / follow sets as
bitmasks), determinised by the subset construction over the reachable subsets only,
and minimised.  Errors are :class:`~attnlogic.errors.ParseError` ``("regex", text,
column, message)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from attnlogic.errors import InputError, LimitExceeded, ParseError

from .dfa import DFA
from .minimize import minimize
from .nfa import NFA, brzozowski, determinize

__all__ = ["parse_regex", "regex_to_dfa", "regex_to_nfa", "regex_alphabet", "tokenize",
           "Regex", "Sym", "Eps", "Empty", "Cat", "Alt", "Star", "Plus", "Opt",
           "DEFAULT_STATE_LIMIT", "MAX_REPEAT"]

DEFAULT_STATE_LIMIT = 1_000_000

#: the largest bound accepted in ``r{n}`` / ``r{n,m}`` (the expansion copies r that often)
MAX_REPEAT = 1000

_REPEAT = re.compile(r"\{\s*([0-9]+)\s*(?:(,)\s*([0-9]*)\s*)?\}")

_PUNCT = {"|": "_BAR", "*": "_STAR", "+": "_PLUS", "?": "_QMARK", "(": "_LPAR", ")": "_RPAR",
          ".": "_DOT", "[": "_LBRACK", "]": "_RBRACK", "ε": "_EPS", "∅": "_EMPTYSET"}


# -- the tree --------------------------------------------------------------------------
class Regex:
    """Base class of regex nodes (frozen dataclasses)."""
    __slots__ = ()


@dataclass(frozen=True)
class Sym(Regex):
    """One occurrence of a letter class: matches any single letter in ``letters``."""
    letters: frozenset


@dataclass(frozen=True)
class Eps(Regex):
    """The empty word."""


@dataclass(frozen=True)
class Empty(Regex):
    """The empty language."""


@dataclass(frozen=True)
class Cat(Regex):
    left: Regex
    right: Regex


@dataclass(frozen=True)
class Alt(Regex):
    left: Regex
    right: Regex


@dataclass(frozen=True)
class Star(Regex):
    arg: Regex


@dataclass(frozen=True)
class Plus(Regex):
    arg: Regex


@dataclass(frozen=True)
class Opt(Regex):
    arg: Regex


def _children(node: Regex) -> tuple:
    if isinstance(node, (Cat, Alt)):
        return (node.left, node.right)
    if isinstance(node, (Star, Plus, Opt)):
        return (node.arg,)
    return ()


# -- tokens ----------------------------------------------------------------------------
def tokenize(text: str, alphabet: Sequence[str] | None = None):
    """The token list of ``text``: lark Tokens with 1-based columns (letters as LETTER)."""
    from lark import Token

    letters = sorted(set(alphabet), key=len, reverse=True) if alphabet is not None else None
    tokens = []
    i, n = 0, len(text)
    in_class = False
    while i < n:
        c = text[i]
        col = i + 1
        if c.isspace():
            i += 1
            continue
        if c == "^" and in_class and tokens and tokens[-1].type == "_LBRACK":
            tokens.append(Token("_CARET", c, start_pos=i, line=1, column=col))
            i += 1
            continue
        if c == "{" and not in_class:
            tokens.append(_repeat_token(text, i))
            i = text.index("}", i) + 1
            continue
        if c == "}":
            raise ParseError("regex", text, col, "'}' without an opening '{' (write \\} for the letter)")
        if c in _PUNCT:
            in_class = (c == "[") or (in_class and c != "]")
            tokens.append(Token(_PUNCT[c], c, start_pos=i, line=1, column=col))
            i += 1
            continue
        if c == '"':
            j = i + 1
            buf = []
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n:
                    j += 1
                buf.append(text[j])
                j += 1
            if j >= n:
                raise ParseError("regex", text, col, "unterminated quoted letter")
            letter = "".join(buf)
            if not letter:
                raise ParseError("regex", text, col, "empty quoted letter")
            end = j + 1
        elif c == "\\":
            if i + 1 >= n:
                raise ParseError("regex", text, col, "a backslash must be followed by a character")
            letter, end = text[i + 1], i + 2
        elif c == "^":
            raise ParseError("regex", text, col, "'^' is only allowed right after '[' (negated class)")
        elif letters is None:
            letter, end = c, i + 1
        else:
            letter = next((a for a in letters if text.startswith(a, i)), None)
            if letter is None:
                raise ParseError("regex", text, col,
                                 f"no letter of the alphabet {sorted(set(alphabet))} starts here")
            end = i + len(letter)
        if letters is not None and letter not in alphabet:
            raise ParseError("regex", text, col, f"letter {letter!r} is not in the alphabet "
                                                 f"{list(alphabet)}")
        tokens.append(Token("LETTER", letter, start_pos=i, line=1, column=col))
        i = end
    return tokens


def _repeat_token(text: str, i: int):
    """The token of a bounded repetition ``{n}``, ``{n,}`` or ``{n,m}`` at ``text[i]``
    (value: the pair (n, m), m None for no upper bound)."""
    from lark import Token

    m = _REPEAT.match(text, i)
    if not m:
        raise ParseError("regex", text, i + 1, "malformed repetition: write r{n}, r{n,} or r{n,m} with "
                                               "numbers n <= m (or \\{ for the letter '{')")
    low, high = _bounds(m)
    for bound in (low, high):
        if bound is not None and bound > MAX_REPEAT:
            raise ParseError("regex", text, i + 1, f"repetition bound {bound} exceeds {MAX_REPEAT}")
    if high is not None and high < low:
        raise ParseError("regex", text, i + 1, f"repetition {{{low},{high}}}: the upper bound is below the lower")
    return Token("REPEAT", m.group(0), start_pos=i, line=1, column=i + 1)


def _bounds(m) -> tuple[int, int | None]:
    """(n, m) of a match of ``{n}``, ``{n,}``, ``{n,m}`` (m None: no upper bound)."""
    low = int(m.group(1))
    return low, (low if not m.group(2) else (int(m.group(3)) if m.group(3) else None))


def _repeated(r: Regex, low: int, high: int | None) -> Regex:
    """r{low,high}: low copies of r, then r* (high None) or high − low nested optionals."""
    tail: Regex | None = Star(r) if high is None else None
    if high is not None:
        for _ in range(high - low):
            tail = Opt(r if tail is None else Cat(r, tail))
    parts = [r] * low + ([tail] if tail is not None else [])
    if not parts:
        return Eps()
    out = parts[0]
    for p in parts[1:]:
        out = Cat(out, p)
    return out


# -- parsing ---------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _parser():
    from lark import Lark, Transformer
    from lark.lexer import Lexer

    class _TokenLexer(Lexer):
        def __init__(self, lexer_conf):
            pass

        def lex(self, data):
            yield from data

    class _Build(Transformer):
        """Callbacks run at each LALR reduction: no recursion over the tree."""

        def letter(self, items):
            return ("sym", items[0])

        def any(self, items):
            return ("any",)

        def klass(self, items):
            return ("class", False, tuple(items))

        def negklass(self, items):
            return ("class", True, tuple(items))

        def epsilon(self, items):
            return Eps()

        def empty(self, items):
            return Empty()

        def star(self, items):
            return ("star", items[0])

        def plus(self, items):
            return ("plus", items[0])

        def optional(self, items):
            return ("opt", items[0])

        def repeat(self, items):
            return ("repeat", items[0], _bounds(_REPEAT.match(str(items[1]))))

        def concat(self, items):
            return ("cat",) + tuple(items)

        def alt(self, items):
            return ("alt",) + tuple(items)

    grammar = (Path(__file__).with_name("regex.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer=_TokenLexer, transformer=_Build())


def _resolve(raw, alphabet: tuple[str, ...] | None, text: str) -> Regex:
    """Turn the raw tuples of the parser into Regex nodes (iteratively)."""
    out: dict[int, Regex] = {}
    stack = [(raw, False)]
    while stack:
        node, done = stack.pop()
        if isinstance(node, Regex):
            out[id(node)] = node
            continue
        tag = node[0]
        if tag in ("sym", "any", "class"):
            if tag == "sym":
                out[id(node)] = Sym(frozenset([str(node[1])]))
                continue
            if alphabet is None and (tag == "any" or node[1]):
                raise InputError(f"regex {text!r}: '.' and '[^...]' need an alphabet", parameters=("alphabet",))
            if tag == "any":
                out[id(node)] = Sym(frozenset(alphabet))
            else:
                members = frozenset(str(t) for t in node[2])
                out[id(node)] = Sym(frozenset(alphabet) - members if node[1] else members)
            continue
        kids = node[1:2] if tag == "repeat" else node[1:]
        if not done:
            stack.append((node, True))
            for kid in kids:
                stack.append((kid, False))
            continue
        vals = [out[id(kid)] for kid in kids]
        if tag == "star":
            r = Star(vals[0])
        elif tag == "plus":
            r = Plus(vals[0])
        elif tag == "opt":
            r = Opt(vals[0])
        elif tag == "repeat":
            r = _repeated(vals[0], *node[2])
        else:
            make = Cat if tag == "cat" else Alt
            r = vals[0]
            for v in vals[1:]:
                r = make(r, v)
        out[id(node)] = r
    return out[id(raw)]


def regex_alphabet(text: str, alphabet: Sequence[str] | None = None) -> tuple[str, ...]:
    """The given alphabet, or the sorted letters occurring in ``text``."""
    if alphabet is not None:
        return tuple(alphabet)
    return _letters_of(tokenize(text))


def _letters_of(tokens) -> tuple[str, ...]:
    return tuple(sorted({str(t) for t in tokens if t.type == "LETTER"}))


def parse_regex(text: str, alphabet: Sequence[str] | None = None) -> Regex:
    """The regex tree of ``text`` (letter classes resolved against the alphabet)."""
    return _parse_tokens(text, *_checked_tokens(text, alphabet))


def _checked_tokens(text: str, alphabet):
    if alphabet is not None:
        alphabet = tuple(alphabet)
        if len(set(alphabet)) != len(alphabet):
            raise InputError(f"alphabet {list(alphabet)} has a duplicate letter")
    return tokenize(text, alphabet), alphabet


def _parse_tokens(text: str, tokens, alphabet) -> Regex:
    from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

    if not tokens:
        raise ParseError("regex", text, 1, "empty regex (write () or ε for the empty word)")
    try:
        raw = _parser().parse(tokens)
    except UnexpectedToken as exc:
        tok = exc.token
        if tok.type == "$END":
            raise ParseError("regex", text, len(text) + 1, "unexpected end of the regex") from None
        raise ParseError("regex", text, tok.column, f"unexpected {str(tok)!r}") from None
    except UnexpectedEOF:
        raise ParseError("regex", text, len(text) + 1, "unexpected end of the regex") from None
    except UnexpectedInput as exc:  # pragma: no cover - other lark errors
        raise ParseError("regex", text, getattr(exc, "column", 1) or 1, str(exc)) from None
    return _resolve(raw, alphabet, text)


# -- Glushkov automaton and subset construction ----------------------------------------
def _glushkov(root: Regex):
    """(labels, follow, last, nullable) with positions numbered 1…m (0 = start).

    Each occurrence of a node is its own position (the tree may share equal subtrees), so
    results are kept on a value stack, not keyed by node identity.
    """
    labels: list[frozenset] = [frozenset()]
    follow: list[int] = [0]
    values: list[tuple[bool, int, int]] = []  # (nullable, first, last) of finished nodes
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        kids = _children(node)
        if kids and not done:
            stack.append((node, True))
            for kid in reversed(kids):
                stack.append((kid, False))
            continue
        if isinstance(node, Sym):
            p = len(labels)
            labels.append(node.letters)
            follow.append(0)
            values.append((False, 1 << p, 1 << p))
        elif isinstance(node, Eps):
            values.append((True, 0, 0))
        elif isinstance(node, Empty):
            values.append((False, 0, 0))
        elif isinstance(node, (Cat, Alt)):
            n2, f2, l2 = values.pop()
            n1, f1, l1 = values.pop()
            if isinstance(node, Alt):
                values.append((n1 or n2, f1 | f2, l1 | l2))
            else:
                _add_follow(follow, l1, f2)
                values.append((n1 and n2, f1 | (f2 if n1 else 0), l2 | (l1 if n2 else 0)))
        else:
            n1, f1, l1 = values.pop()
            if isinstance(node, (Star, Plus)):
                _add_follow(follow, l1, f1)
            values.append((n1 if isinstance(node, Plus) else True, f1, l1))
    (nullable, first, last), = values
    follow[0] = first
    return labels, follow, last | (1 if nullable else 0), nullable


def _add_follow(follow: list[int], positions: int, targets: int) -> None:
    while positions:
        low = positions & -positions
        follow[low.bit_length() - 1] |= targets
        positions ^= low


def _root_and_letters(text, alphabet):
    if isinstance(text, Regex):
        if alphabet is None:
            raise InputError("a parsed regex needs the alphabet", parameters=("alphabet",))
        return text, tuple(alphabet)
    tokens, alphabet = _checked_tokens(text, alphabet)  # one tokenisation: parse and alphabet
    root = _parse_tokens(text, tokens, alphabet)
    return root, tuple(alphabet if alphabet is not None else _letters_of(tokens))


def regex_to_nfa(text: str | Regex, alphabet: Sequence[str] | None = None) -> NFA:
    """Glushkov's position automaton of the regex: state 0 is the start, state p ≥ 1 the
    p-th letter occurrence; p →a q iff q follows p and q's class contains a."""
    root, letters = _root_and_letters(text, alphabet)
    labels, follow, last, _ = _glushkov(root)
    masks = []
    for a in letters:
        m = 0
        for p, lab in enumerate(labels):
            if a in lab:
                m |= 1 << p
        masks.append(m)
    succ = tuple(tuple(f & m for m in masks) for f in follow)
    return NFA(letters, succ, 1, last)


#: Brzozowski's double reversal is tried first when the regex has at most this many
#: positions: it is then the faster route on the measured families (benchmarks/bench_regex.py)
#: as long as the mirror automaton stays small, see :func:`regex_to_dfa`
_BRZOZOWSKI_MIRROR_LIMIT = 4096


def regex_to_dfa(text: str | Regex, alphabet: Sequence[str] | None = None, *,
                 state_limit: int = DEFAULT_STATE_LIMIT, method: str = "auto") -> DFA:
    """The minimal, canonically numbered DFA of the regex (alphabet: see the module doc).

    ``method``: ``"subset"`` — subset construction of the Glushkov automaton, then
    Hopcroft minimisation; ``"brzozowski"`` — determinise the reversal, reverse and
    determinise again (the result is minimal without refinement); ``"auto"`` — Brzozowski
    when the first determinisation (the mirror language's DFA) has at most
    _BRZOZOWSKI_MIRROR_LIMIT states, else the subset route.  All give the same DFA.
    """
    if method not in ("auto", "subset", "brzozowski"):
        raise InputError(f"method: 'auto', 'subset' or 'brzozowski', got {method!r}",
                         parameters=("method",))
    nfa = regex_to_nfa(text, alphabet)
    try:
        if method == "brzozowski":
            return brzozowski(nfa, state_limit)
        if method == "auto":
            try:
                return brzozowski(nfa, state_limit, _BRZOZOWSKI_MIRROR_LIMIT)
            except LimitExceeded:
                pass
        return minimize(determinize(nfa, state_limit))
    except LimitExceeded:
        raise LimitExceeded("regex automaton states", state_limit,
                            "the subset construction blew up; simplify the regex",
                            ("state_limit",)) from None
