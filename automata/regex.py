"""Regular expressions → minimal DFAs (Glushkov position automaton + subset construction).

Syntax (docs/syntax.md): letters, concatenation, ``|``, ``*``, ``+``, ``?``, bounded
repetition ``r{n}`` (exactly n), ``r{n,}`` (n or more), ``r{n,m}`` (n to m; n ≤ m ≤
``MAX_REPEAT``), parentheses, ``.`` (any letter), classes ``[abc]`` and ``[^ab]`` (relative
to the alphabet) with ranges ``[a-c]`` (one-character letters by code point, at most
``MAX_CLASS_RANGE``; with an alphabet, its letters in the range), ``()`` or ``ε`` for the
empty word; also ``∅`` for the empty language.  Whitespace between tokens is ignored.
``{`` and ``}`` are operators: a malformed repetition is an error with a caret, never two
letters (write ``\\{`` for the letter).  Other dialects' syntax (``\\d``, ``\\1``, ``$``,
``^`` outside a class) is an error with a caret, never letters.  ``r{n,m}`` is expanded to
n copies of r followed by m − n optional ones (``r{n,}``: n copies and r*), so its positions
grow with m; at most ``MAX_POSITIONS`` positions, counted before anything is expanded.

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
and minimised.  Errors are :class:`~attnlogic.kernel.errors.ParseError` ``("regex", text,
column, message)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from attnlogic.kernel.errors import InputError, LimitExceeded, ParseError
from attnlogic.kernel.limits import DEFAULT_STATE_LIMIT as _STATE_LIMIT
from attnlogic.kernel.words import quoted_letter  # noqa: F401  (its home: letters as text)

from .dfa import DFA
from .minimize import minimize
from .nfa import NFA, brzozowski, determinize, subset_bfs

__all__ = ["parse_regex", "regex_to_dfa", "regex_to_nfa", "regex_alphabet", "tokenize",
           "Token", "Regex", "Sym", "Eps", "Empty", "Cat", "Alt", "Star", "Plus", "Opt",
           "DEFAULT_STATE_LIMIT", "MAX_REPEAT", "MAX_POSITIONS", "MAX_CLASS_RANGE"]

#: the one state bound of every construction (:data:`attnlogic.kernel.limits.DEFAULT_STATE_LIMIT`)
DEFAULT_STATE_LIMIT = _STATE_LIMIT

#: the largest bound accepted in ``r{n}`` / ``r{n,m}`` (the expansion copies r that often)
MAX_REPEAT = 1000
#: most letter positions (letter occurrences, after expanding repetitions) of a regex: checked
#: before any expansion, so ``(a{1000}){1000}`` is refused at once
MAX_POSITIONS = 200_000

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
class Token(str):
    """A token of a regex: its text (the letter, for a LETTER), ``type`` (LETTER, RANGE,
    REPEAT, or a punctuation name of the grammar: _BAR, _STAR, …), ``column`` (1-based),
    ``start_pos`` and ``end_pos`` (0-based, end exclusive) in the regex; a RANGE also carries
    ``members``, the letters in it."""

    __slots__ = ("type", "column", "start_pos", "end_pos", "members")

    def __new__(cls, type_: str, value: str, start_pos: int, column: int, end_pos: int | None = None):
        tok = super().__new__(cls, value)
        tok.type = type_
        tok.start_pos = start_pos
        tok.column = column
        tok.end_pos = start_pos + len(value) if end_pos is None else end_pos
        tok.members = ()
        return tok

    @property
    def value(self) -> str:
        """The token's text."""
        return str(self)

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {str(self)!r})"


def tokenize(text: str, alphabet: Sequence[str] | None = None):
    """The token list of ``text``: :class:`Token` s with 1-based columns (letters as LETTER)."""
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
            tokens.append(Token("_CARET", c, start_pos=i, column=col))
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
            tokens.append(Token(_PUNCT[c], c, start_pos=i, column=col))
            i += 1
            continue
        r = _RANGE_START.match(text, i) if in_class else None
        if r is not None:
            low = Token("LETTER", r.group(1)[-1], start_pos=i, column=col, end_pos=r.end(1))
            tokens.append(_range_token(text, low, r.end() - 1, alphabet))
            i = tokens[-1].end_pos
            continue
        if c == '"':
            quoted = quoted_letter(text, i)
            if quoted is None:
                raise ParseError("regex", text, col, "unterminated quoted letter")
            letter, end = quoted
            if not letter:
                raise ParseError("regex", text, col, "empty quoted letter")
        elif c == "\\":
            if i + 1 >= n:
                raise ParseError("regex", text, col, "a backslash must be followed by a character")
            if text[i + 1].isalnum():
                raise ParseError("regex", text, col, f"escape \\{text[i + 1]} is not supported (no "
                                 "shorthand classes or back-references: write a class such as [0-9], "
                                 "or the letter itself; \\c makes a punctuation character c a letter)")
            letter, end = text[i + 1], i + 2
        elif c == "^":
            raise ParseError("regex", text, col, "'^' is only allowed right after '[' (negated class); "
                                                 "a regex always matches whole words")
        elif c == "$":
            raise ParseError("regex", text, col, "'$': a regex always matches whole words, anchors are "
                                                 "not needed (write \\$ for the letter)")
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
        tokens.append(Token("LETTER", letter, start_pos=i, column=col, end_pos=end))
        i = end
    return tokens


#: most characters a class range such as ``[a-z]`` may span (``[\x00-\U0010ffff]`` would
#: make a million letters)
MAX_CLASS_RANGE = 256


#: a range x-y in a class: x one character (or \\c), then '-' not followed by ']' (the
#: class ``[a-]`` holds the letters a and -)
_RANGE_START = re.compile(r'(\\[^A-Za-z0-9]|[^\\\s"\[\]^])\s*-(?=\s*[^\s\]])')


def _range_token(text: str, low_tok, i: int, alphabet):
    """The RANGE token of ``x-y`` in a class (``low_tok`` the letter x, ``text[i]`` the dash):
    its value is the tuple of letters in it — the one-character letters from x to y (code
    points), restricted to the alphabet when one is given."""
    j = i + 1
    while text[j].isspace():
        j += 1
    col = j + 1
    if text[j] == "\\" and j + 1 < len(text):
        high, end = text[j + 1], j + 2
    elif text[j] in _PUNCT or text[j] in '{}"^$':
        raise ParseError("regex", text, col, f"a range x-y needs a character after '-', found {text[j]!r} "
                                             "(write \\- for the letter '-')")
    else:
        high, end = text[j], j + 1
    low = str(low_tok)
    if len(low) != 1:
        raise ParseError("regex", text, low_tok.column, f"a range x-y is of single characters, "
                                                        f"{low!r} has {len(low)}")
    if ord(high) < ord(low):
        raise ParseError("regex", text, low_tok.column, f"range {low}-{high}: {high!r} comes before {low!r}")
    if ord(high) - ord(low) + 1 > MAX_CLASS_RANGE:
        raise ParseError("regex", text, low_tok.column, f"range {low}-{high} spans "
                         f"{ord(high) - ord(low) + 1} characters, more than {MAX_CLASS_RANGE}")
    members = tuple(chr(x) for x in range(ord(low), ord(high) + 1))
    if alphabet is not None:
        members = tuple(a for a in alphabet if len(a) == 1 and low <= a <= high)
        if not members:
            raise ParseError("regex", text, low_tok.column, f"range {low}-{high} holds no letter of "
                                                            f"the alphabet {list(alphabet)}")
    tok = Token("RANGE", text[low_tok.start_pos:end], start_pos=low_tok.start_pos,
                column=low_tok.column, end_pos=end)
    tok.members = members
    return tok


def _repeat_token(text: str, i: int):
    """The token of a bounded repetition ``{n}``, ``{n,}`` or ``{n,m}`` at ``text[i]``
    (value: the pair (n, m), m None for no upper bound)."""
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
    return Token("REPEAT", m.group(0), start_pos=i, column=i + 1)


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
#: tokens that begin an operand (``primary`` of the grammar automata/regex.lark)
_OPERAND = frozenset({"LETTER", "_DOT", "_LPAR", "_EPS", "_EMPTYSET", "_LBRACK"})
#: postfix operators → the raw node's tag
_POSTFIX = {"_STAR": "star", "_PLUS": "plus", "_QMARK": "opt"}
#: the end of the token list
_END = object()


class _Unexpected(Exception):
    """The first token (or :data:`_END`) that no regex continues with."""

    def __init__(self, token):
        super().__init__(token)
        self.token = token


def _group(parts: list, tag: str):
    """One operand of a concatenation or an alternation: the part itself when alone."""
    return parts[0] if len(parts) == 1 else (tag, *parts)


def _parse_raw(tokens):
    """The raw tree of the token list, by the grammar of automata/regex.lark (loosest first:
    ``|``, juxtaposition, postfix ``* + ? {n,m}``; a primary is a letter, ``.``, ``()``,
    ``ε``, ``∅``, a parenthesised regex or a class), in one pass over the tokens with an
    explicit stack of open parentheses (no recursion: nesting depth is bounded by memory
    only).  Nodes: ``("sym", tok)``, ``("any",)``, ``("class", negated, members)``,
    :class:`Eps`, :class:`Empty`, ``("star"|"plus"|"opt", x)``, ``("repeat", x, (n, m),
    column)``, ``("cat", x, y, …)``, ``("alt", x, y, …)``.  A token that no regex continues
    with raises :class:`_Unexpected` — the same token an LR parser of the grammar stops at
    (tests/automata/test_regex_parser.py compares the two)."""
    frames = [([], [])]         # per open parenthesis: (finished alternatives, current concatenation)
    i, n = 0, len(tokens)
    while True:
        alts, cat = frames[-1]
        tok = tokens[i] if i < n else _END
        if not cat:                                   # an operand is expected
            if tok is _END or tok.type not in _OPERAND:
                if tok is not _END and tok.type == "_RPAR" and not alts and len(frames) > 1 \
                        and tokens[i - 1].type == "_LPAR":       # "()": the empty word
                    frames.pop()
                    frames[-1][1].append(Eps())
                    i += 1
                    continue
                raise _Unexpected(tok)
        elif tok is _END:
            if len(frames) > 1:
                raise _Unexpected(tok)
            alts.append(_group(cat, "cat"))
            return _group(alts, "alt")
        elif tok.type in _POSTFIX:
            cat[-1] = (_POSTFIX[tok.type], cat[-1])
            i += 1
            continue
        elif tok.type == "REPEAT":
            cat[-1] = ("repeat", cat[-1], _bounds(_REPEAT.match(str(tok))), tok.column)
            i += 1
            continue
        elif tok.type == "_BAR":
            alts.append(_group(cat, "cat"))
            frames[-1] = (alts, [])
            i += 1
            continue
        elif tok.type == "_RPAR":
            if len(frames) == 1:
                raise _Unexpected(tok)
            alts.append(_group(cat, "cat"))
            frames.pop()
            frames[-1][1].append(_group(alts, "alt"))
            i += 1
            continue
        elif tok.type not in _OPERAND:
            raise _Unexpected(tok)
        # an operand (after an operand: juxtaposition)
        i += 1
        kind = tok.type
        if kind == "LETTER":
            cat.append(("sym", tok))
        elif kind == "_DOT":
            cat.append(("any",))
        elif kind == "_EPS":
            cat.append(Eps())
        elif kind == "_EMPTYSET":
            cat.append(Empty())
        elif kind == "_LPAR":
            frames.append(([], []))
        else:                                         # "[", "[^": members up to "]"
            negated = i < n and tokens[i].type == "_CARET"
            i += negated
            members = []
            while i < n and tokens[i].type in ("LETTER", "RANGE"):
                members.append(tokens[i])
                i += 1
            if not members or i >= n or tokens[i].type != "_RBRACK":
                raise _Unexpected(tokens[i] if i < n else _END)
            i += 1
            cat.append(("class", negated, tuple(members)))


def _resolve(raw, alphabet: tuple[str, ...] | None, text: str) -> Regex:
    """Turn the raw tuples of the parser into Regex nodes (iteratively), counting the
    letter positions of the expanded tree first: more than MAX_POSITIONS is a ParseError
    (at the repetition that crossed it) before anything is expanded."""
    out: dict[int, Regex] = {}
    size: dict[int, int] = {}
    stack = [(raw, False)]
    while stack:
        node, done = stack.pop()
        if isinstance(node, Regex):
            out[id(node)] = node
            size[id(node)] = 0
            continue
        tag = node[0]
        if tag in ("sym", "any", "class"):
            size[id(node)] = 1
            if tag == "sym":
                out[id(node)] = Sym(frozenset([str(node[1])]))
                continue
            if alphabet is None and (tag == "any" or node[1]):
                raise InputError(f"regex {text!r}: '.' and '[^...]' need an alphabet", parameters=("alphabet",))
            if tag == "any":
                out[id(node)] = Sym(frozenset(alphabet))
            else:
                members = frozenset(a for t in node[2]
                                    for a in (t.members if t.type == "RANGE" else (str(t),)))
                out[id(node)] = Sym(frozenset(alphabet) - members if node[1] else members)
            continue
        kids = node[1:2] if tag == "repeat" else node[1:]
        if not done:
            stack.append((node, True))
            for kid in kids:
                stack.append((kid, False))
            continue
        vals = [out[id(kid)] for kid in kids]
        total = sum(size[id(kid)] for kid in kids)
        if tag == "repeat":
            low, high = node[2]
            total *= high if high is not None else low + 1
        if total > MAX_POSITIONS:
            column = node[3] if tag == "repeat" else 1
            raise ParseError("regex", text, column, f"the regex expands to {total} letter positions, more "
                             f"than {MAX_POSITIONS} (repetitions are expanded: r{{n,m}} copies r m times)")
        size[id(node)] = total
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
    return tuple(sorted({str(t) for t in tokens if t.type == "LETTER"}
                        | {a for t in tokens if t.type == "RANGE" for a in t.members}))


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
    if not tokens:
        raise ParseError("regex", text, 1, "empty regex (write () or ε for the empty word)")
    try:
        raw = _parse_raw(tokens)
    except _Unexpected as exc:
        tok = exc.token
        if tok is _END:
            raise ParseError("regex", text, len(text) + 1, "unexpected end of the regex") from None
        raise ParseError("regex", text, tok.column, f"unexpected {str(tok)!r}") from None
    return _resolve(raw, alphabet, text)


# -- Glushkov automaton and subset construction ----------------------------------------
class _Bitsets:
    """Position sets as Python integers (bit p for position p): compact and fast while the
    regex has few positions (:func:`_glushkov`)."""

    empty = 0

    @staticmethod
    def single(p: int) -> int:
        return 1 << p

    @staticmethod
    def union(x: int, y: int) -> int:
        return x | y

    @staticmethod
    def add_follow(follow: list, positions: int, targets: int) -> None:
        while positions:
            low = positions & -positions
            follow[low.bit_length() - 1] |= targets
            positions ^= low


class _Sets:
    """Position sets as Python sets, owned by the walk (a union reuses the larger operand):
    memory proportional to the follow relation, linear for a literal word, where bitsets
    would take quadratic memory (:func:`_glushkov`)."""

    @property
    def empty(self) -> set:
        return set()

    @staticmethod
    def single(p: int) -> set:
        return {p}

    @staticmethod
    def union(x: set, y: set) -> set:
        if len(x) < len(y):
            x, y = y, x
        x |= y
        return x

    @staticmethod
    def add_follow(follow: list, positions: set, targets: set) -> None:
        for p in positions:
            follow[p].update(targets)


def _glushkov(root: Regex, sets=_Bitsets):
    """Glushkov's position analysis: ``(labels, follow, first, last, nullable)`` with the
    positions (letter occurrences) numbered 1…m and ``labels[p]`` the letter class of p;
    ``follow[p]`` the positions that may come right after p, ``first``/``last`` those that
    may begin/end a word of the language, ``nullable`` whether ε is in it.  ``follow[0]`` is
    ``first`` (position 0 is the start state of the position automaton).  ``sets``:
    :class:`_Bitsets` or :class:`_Sets()`, the representation of the position sets.

    One post-order walk, with the textbook rules: first(e·f) = first(e) ∪ (first(f) if e is
    nullable), last(e·f) = last(f) ∪ (last(e) if f is nullable), follow gains last(e)×first(f)
    for e·f and last(e)×first(e) for e* and e+.  Each occurrence of a node is its own
    position (the tree may share equal subtrees), so results are kept on a value stack, not
    keyed by node identity.
    """
    labels: list[frozenset] = [frozenset()]
    follow: list = [sets.empty]
    values: list[tuple] = []          # (nullable, first, last) of finished nodes
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
            follow.append(sets.empty)
            values.append((False, sets.single(p), sets.single(p)))
        elif isinstance(node, (Eps, Empty)):
            values.append((isinstance(node, Eps), sets.empty, sets.empty))
        elif isinstance(node, Alt):
            n2, f2, l2 = values.pop()
            n1, f1, l1 = values.pop()
            values.append((n1 or n2, sets.union(f1, f2), sets.union(l1, l2)))
        elif isinstance(node, Cat):
            n2, f2, l2 = values.pop()
            n1, f1, l1 = values.pop()
            sets.add_follow(follow, l1, f2)
            first = sets.union(f1, f2) if n1 else f1
            last = sets.union(l2, l1) if n2 else l2
            values.append((n1 and n2, first, last))
        else:
            n1, f1, l1 = values.pop()
            if isinstance(node, (Star, Plus)):
                sets.add_follow(follow, l1, f1)
            values.append((n1 if isinstance(node, Plus) else True, f1, l1))
    (nullable, first, last), = values
    follow[0] = first
    return labels, follow, first, last, nullable


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
    labels, follow, _, last, nullable = _glushkov(root)
    last |= 1 if nullable else 0
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


#: from this many letter positions on, ``regex_to_dfa(method="auto")`` builds the position
#: automaton with sparse follow sets (:func:`_sparse_subsets`): the bit-mask sets of
#: :func:`regex_to_nfa` take quadratic memory and time on long concatenations (one literal
#: word of n letters: n masks of up to n bits)
_SPARSE_FROM = 4096


def _positions(root: Regex) -> int:
    """The number of letter occurrences of the tree (a shared subtree counts each time)."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Sym):
            count += 1
        else:
            stack.extend(_children(node))
    return count


def _sparse_subsets(root: Regex, letters: tuple[str, ...], state_limit: int) -> DFA:
    """The subset construction of Glushkov's automaton with follow sets as Python sets
    (:class:`_Sets`): time and memory proportional to the automaton's transitions and the
    subsets reached (linear for a literal word).  Not minimised; :class:`LimitExceeded`
    beyond ``state_limit`` subsets."""
    labels, follow, _, last, nullable = _glushkov(root, _Sets())
    final = set(last) | ({0} if nullable else set())
    index_of = {a: i for i, a in enumerate(letters)}
    k = len(letters)
    moves: dict[int, list] = {}

    def successors(p: int) -> list:
        row = moves.get(p)
        if row is None:
            row = [[] for _ in range(k)]
            for q in follow[p]:
                for a in labels[q]:
                    if a in index_of:
                        row[index_of[a]].append(q)
            moves[p] = row
        return row

    def post(S: frozenset, a: int) -> frozenset:
        out: set = set()
        for p in S:
            out.update(successors(p)[a])
        return frozenset(out)

    order, table = subset_bfs(frozenset([0]), post, k, state_limit, "regex automaton states",
                              "the subset construction blew up; simplify the regex")
    accepting = np.array([not final.isdisjoint(S) for S in order], dtype=bool)
    return DFA._trusted(letters, table, 0, accepting)


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
    root, letters = _root_and_letters(text, alphabet)
    if method == "auto" and _positions(root) > _SPARSE_FROM:
        return minimize(_sparse_subsets(root, letters, state_limit))
    nfa = regex_to_nfa(root, letters)
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
