"""Alphabets of valuations: the letters of an automaton over atomic propositions.

Tools of the LTL world (Spot, MONA, ltlf2dfa) label transitions with propositional guards
over atomic propositions p₀ … p_{n−1}; a position of a word is a *valuation* (the set of
propositions true there), and the alphabet is 2^{p₀…p_{n−1}}.  attnlogic reads such files
exactly, with one letter per valuation, printed as its minterm: over the propositions a, b
the four letters are ``!a&!b``, ``a&!b``, ``!a&b``, ``a&b`` (valuation v: proposition i true
iff bit i of v is set; letters in the order of v).  Over one proposition a: ``!a`` and ``a``.

The *one-hot* reading (``one_hot=True``) takes the propositions themselves as the letters:
the letter p is the valuation "p true, every other proposition false" (the DECLARE
assumption; our own HOA files are written so).  It is exact only when no transition needs
another valuation: an edge that no one-hot valuation takes would be lost, and is refused
by the readers, naming it.

Formulas over a valuation alphabet may use the propositions as atoms
(:func:`over_valuations`): the atom a stands for the letters whose valuation makes a true.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from attnlogic.kernel.errors import FileFormatError, InputError
from attnlogic.ltl.formula import Atom, FALSE, Or

__all__ = ["valuation_letters", "parse_valuation_letter", "propositions_of", "over_valuations",
           "over_letters_and_valuations",
           "MAX_PROPOSITIONS", "eval_guard", "guard_names", "GuardAlphabet", "guard_alphabet"]

#: most propositions read with one letter per valuation (2^10 = 1024 letters)
MAX_PROPOSITIONS = 10

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def valuation_letters(props: Sequence[str]) -> tuple[str, ...]:
    """The 2^n minterm letters over ``props`` (see the module docstring), in valuation order."""
    n = len(props)
    return tuple("&".join(p if (v >> i) & 1 else f"!{p}" for i, p in enumerate(props))
                 for v in range(2 ** n))


def parse_valuation_letter(letter: str) -> dict[str, bool] | None:
    """The valuation a minterm letter names (``a&!b`` → {a: True, b: False}), or None when
    the letter is no minterm."""
    out: dict[str, bool] = {}
    for lit in letter.split("&"):
        neg = lit.startswith("!")
        name = lit[1:] if neg else lit
        if not _NAME.fullmatch(name) or name in out:
            return None
        out[name] = not neg
    return out


def propositions_of(alphabet: Sequence[str]) -> tuple[str, ...] | None:
    """The propositions when ``alphabet`` is exactly :func:`valuation_letters` of them (in
    that order), else None."""
    if not alphabet:
        return None
    first = parse_valuation_letter(alphabet[0])
    if first is None:
        return None
    props = tuple(first)
    return props if tuple(alphabet) == valuation_letters(props) else None


def over_valuations(formula, alphabet: Sequence[str]):
    """``formula`` with every atom that is a proposition of the valuation ``alphabet`` (and no
    letter of it) replaced by the disjunction of the letters whose valuation makes it true;
    the formula itself when the alphabet is not one of valuations."""

    props = propositions_of(alphabet)
    if props is None:
        return formula
    letters = set(alphabet)
    names = [a for a in formula.atoms if a in props and a not in letters]
    if not names:
        return formula
    table = {}
    for p in names:
        i = props.index(p)
        f = FALSE
        for v, letter in enumerate(alphabet):
            if (v >> i) & 1:
                f = Atom(letter) if f is FALSE else Or(f, Atom(letter))
        table[p] = f
    return _substitute(formula, table)


def over_letters_and_valuations(formula):
    """``formula`` over words whose letters are either propositions or minterms of its atoms
    (``eval`` in another tool's syntax, without an alphabet): the atom p stands for the
    letter p (p alone true) and for every minterm letter that makes p true; a letter that
    is neither makes no proposition true.  The formula itself beyond MAX_PROPOSITIONS atoms."""

    props = tuple(sorted(formula.atoms))
    if not props or len(props) > MAX_PROPOSITIONS:
        return formula
    letters = valuation_letters(props)
    table = {}
    for i, p in enumerate(props):
        f = Atom(p)
        for v, letter in enumerate(letters):
            if (v >> i) & 1 and letter != p:
                f = Or(f, Atom(letter))
        table[p] = f
    return _substitute(formula, table)


def _substitute(formula, table):
    """``formula`` with the atoms named in ``table`` replaced (bottom-up, no recursion)."""

    done: dict = {}
    for g in formula.subformulas():
        if isinstance(g, Atom):
            done[g] = table.get(g.name, g)
        else:
            kids = g.children
            done[g] = g.map_children(tuple(done[c] for c in kids)) if kids else g
    return done[formula]


# -- guards --------------------------------------------------------------------------------
_GUARD_TOKEN = re.compile(r"\s*(?:(\"(?:[^\"\\]|\\.)*\"|[A-Za-z_0-9][A-Za-z0-9_]*)|(~|!|&&|\|\||&|\||\(|\)))")


def guard_names(guard: str, constants: dict, source: str, where: str) -> list[str]:
    """The proposition names of a guard (constants excluded), FileFormatError if it does
    not tokenise."""
    names, pos, guard = [], 0, guard.strip()
    while pos < len(guard):
        m = _GUARD_TOKEN.match(guard, pos)
        if not m or m.end() == pos:
            raise FileFormatError(source, where, f"cannot read guard {guard!r}")
        if m.group(1) and m.group(1) not in constants:
            names.append(_unquote(m.group(1)))
        pos = m.end()
    return names


def _unquote(name: str) -> str:
    return re.sub(r"\\(.)", r"\1", name[1:-1]) if name.startswith('"') else name


def eval_guard(guard: str, holds: Callable[[str], bool], constants: dict, source: str, where: str) -> bool:
    """Truth of a propositional guard (``! ~ & && | || ( )``, names, ``constants``) under the
    valuation ``holds``; FileFormatError naming ``where`` when it is malformed."""
    tokens: list[tuple[str, object]] = []
    pos, guard = 0, guard.strip()
    while pos < len(guard):
        m = _GUARD_TOKEN.match(guard, pos)
        if not m or m.end() == pos:
            raise FileFormatError(source, where, f"cannot read guard {guard!r}")
        if m.group(1):
            name = m.group(1)
            tokens.append(("val", constants[name] if name in constants else bool(holds(_unquote(name)))))
        else:
            tokens.append(("op", {"&&": "&", "||": "|"}.get(m.group(2), m.group(2))))
        pos = m.end()
    prec = {"|": 1, "&": 2}
    values: list[bool] = []
    ops: list[str] = []
    negs: list[int] = [0]
    expect_value = True

    def reduce_top():
        op = ops.pop()
        b, a = values.pop(), values.pop()
        values.append(a and b if op == "&" else a or b)

    def push(v: bool):
        while negs[-1]:
            v, negs[-1] = not v, negs[-1] - 1
        values.append(v)

    try:
        for kind, tok in tokens:
            if kind == "val":
                if not expect_value:
                    raise ValueError
                push(bool(tok))
                expect_value = False
            elif tok in ("~", "!"):
                if not expect_value:
                    raise ValueError
                negs[-1] += 1
            elif tok == "(":
                if not expect_value:
                    raise ValueError
                ops.append("(")
                negs.append(0)
            elif tok == ")":
                if expect_value:
                    raise ValueError
                while ops[-1] != "(":
                    reduce_top()
                ops.pop()
                negs.pop()
                push(values.pop())
            else:
                if expect_value:
                    raise ValueError
                while ops and ops[-1] != "(" and prec[ops[-1]] >= prec[tok]:
                    reduce_top()
                ops.append(tok)
                expect_value = True
        if expect_value or negs != [0] or "(" in ops:
            raise ValueError
        while ops:
            reduce_top()
        (result,) = values
    except (IndexError, KeyError, ValueError):
        raise FileFormatError(source, where, f"cannot read guard {guard!r}") from None
    return result


def check_proposition_count(props: Sequence[str], source: str, where: str) -> None:
    """FileFormatError when 2^len(props) letters would be too many."""
    if len(props) > MAX_PROPOSITIONS:
        raise FileFormatError(source, where, f"{len(props)} propositions: more than {MAX_PROPOSITIONS} "
                                             f"(2^{len(props)} valuation letters); read one proposition "
                                             "per letter with one_hot")


@dataclass(frozen=True)
class GuardAlphabet:
    """The letters an automaton with guarded edges is read over, each with its valuation (a
    bitmask over the propositions: bit i set iff proposition i is true).  ``one_hot``: the
    reading takes one valuation per letter out of the 2^n (exact only if every edge is taken
    by one of them: :meth:`letters_taken` refuses an edge that would be lost)."""

    letters: tuple[str, ...]
    valuations: tuple[int, ...]
    n_propositions: int
    one_hot: bool

    def letters_taken(self, holds: Callable[[int], bool], source: str, where: str,
                      what: str) -> list[int]:
        """The indices of the letters whose valuation satisfies the guard (``holds``: the
        guard evaluated on a valuation).  FileFormatError at ``where`` when a one-hot reading
        would drop an edge that some valuation takes (``what``: the guard as the file wrote
        it)."""
        taken = [i for i, v in enumerate(self.valuations) if holds(v)]
        if not taken and self.one_hot:
            every = range(2 ** self.n_propositions) if self.n_propositions <= 16 else None
            if every is None or any(holds(v) for v in every):
                raise FileFormatError(source, where, f"{what} holds for no letter of the one-hot "
                                                     f"reading {list(self.letters)}: the edge would "
                                                     "be lost (read the file over valuations)")
        return taken


def guard_alphabet(props: Sequence[str], source: str, where: str, *, one_hot: bool,
                   letters: Sequence[str] | None = None) -> GuardAlphabet:
    """The alphabet a file with guards over ``props`` is read over (module docstring):
    one letter per valuation (the minterms, :func:`valuation_letters`) unless ``one_hot``
    or ``letters`` are given; then the letters are ``letters`` (default: the propositions),
    the letter p meaning "p alone true" and a letter that is no proposition "all false".
    FileFormatError (``where``) for too many propositions over valuations; the caller refuses
    an empty ``props`` over valuations in its format's words."""
    props = tuple(props)
    if one_hot or letters is not None:
        chosen = tuple(letters) if letters is not None else props
        index = {p: i for i, p in enumerate(props)}
        return GuardAlphabet(chosen, tuple(1 << index[x] if x in index else 0 for x in chosen),
                             len(props), True)
    check_proposition_count(props, source, where)
    minterms = valuation_letters(props)
    return GuardAlphabet(minterms, tuple(range(len(minterms))), len(props), False)
