"""Language sources: a formula, a regex or a DFA (object, file or standard input) → the
minimal DFA of its language, with where it came from.

``load_language(formula=…)`` / ``(regex=…)`` / ``(dfa=…)`` returns a :class:`Language`:
the minimal, canonically numbered DFA (marked minimal, so later stages never minimise it
again), the kind of source, its text, and — for a formula — the parsed formula, which is a
certificate candidate for every fragment it lies in.  Each source is read once: a formula is
parsed once, a regex tokenised once, the automaton minimised once.

Alphabets (``alphabet``: a sequence of letters, or None):

* formula — the given letters, in order, followed by the formula's other atoms (sorted);
  without an alphabet, the atoms sorted;
* regex — required for ``.`` and ``[^…]``; otherwise the letters that occur, sorted;
* DFA (ours, automata-lib's DFA or NFA, a networkx graph, or a file) — must be the DFA's letters (possibly reordered; the result follows the given order);
  for a DOT or AT&T file it may add letters the file never uses (they lead to a rejecting
  sink), for MONA DOT it names the letters read over the propositions.

Every command of the command line reads its language through this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..kernel.errors import FileFormatError, InputError
from ..kernel.validate import integer
from ..kernel.limits import renamed_parameters
from ..ltl.formula import Formula, is_future
from .convert import from_automata_lib, from_networkx, is_automata_lib, is_networkx
from .dfa import DFA, letter_problem
from .. import ltl
from .from_formula import formula_to_dfa
from .regex import regex_to_dfa

__all__ = ["Language", "load_language", "language_from_formula", "language_from_regex",
           "language_from_dfa", "as_dfa", "SOURCE_KINDS"]

SOURCE_KINDS = ("formula", "regex", "dfa")


@dataclass(frozen=True)
class Language:
    """A regular language: ``dfa`` (minimal), ``kind`` in :data:`SOURCE_KINDS`, ``text``
    (the formula or regex as given, the file path, ``-`` for standard input, or
    ``<DFA object>``) and ``formula`` (the parsed formula of a formula source, else None).
    ``state_limit`` of the constructors bounds the intermediate automata (default: that of
    :func:`~.from_formula.formula_to_dfa`, resp. :func:`~.regex.regex_to_dfa`) and the
    states a DFA file may declare (default 200,000)."""

    dfa: DFA
    kind: str
    text: str
    formula: Formula | None = None
    #: what the reading of the source narrowed, said on stderr by the commands
    notices: tuple[str, ...] = ()

    @property
    def alphabet(self) -> tuple[str, ...]:
        return self.dfa.alphabet

    def describe(self) -> str:
        """``formula P a``, ``regex (a|b)*b``, ``DFA file lang.json``, ``DFA object``."""
        if self.kind == "dfa":
            return "DFA object" if self.text == "<DFA object>" else f"DFA file {self.text}"
        return f"{self.kind} {self.text}"

    @property
    def triviality(self) -> str | None:
        """``"empty"`` when no word is in the language, ``"universal"`` when every word over
        the alphabet is (the minimal DFA then has one state), else None."""
        d = self.dfa
        if d.n_states != 1:
            return None
        return "universal" if bool(d.accepting[d.initial]) else "empty"

    def warnings(self) -> tuple[str, ...]:
        """Why the language is empty or universal, when it is: for a formula, the readout
        is at the position after the last letter, where no letter holds — the usual cause
        (``a`` or ``H a`` are false there, ``!a`` is true)."""
        kind = self.triviality
        if kind is None:
            return self.notices
        what = ("no word is in it" if kind == "empty"
                else f"every word over {{{', '.join(self.alphabet)}}} is in it")
        if self.kind == "formula":
            hint = ("a bare atom a, or H a, is false there: write Y a for 'the last letter is a', "
                    "P a for 'some letter is a'" if kind == "empty" else
                    "!a is true there: write Y !a for 'the last letter is not a', !P a for 'no letter is a'")
            if self.formula is None:          # LTLf, read from the first letter
                return self.notices + (f"the formula defines the {kind} language ({what})",)
            return self.notices + (f"the formula defines the {kind} language ({what}): it is read at the "
                                   f"position after the last letter, where no letter holds, so {hint}",)
        return self.notices + (f"the {'regex' if self.kind == 'regex' else 'DFA'} defines the {kind} language ({what})",)

    def to_json(self) -> dict:
        return {"kind": self.kind, "text": self.text, "states": int(self.dfa.n_states),
                "alphabet": list(self.dfa.alphabet)}


def _limit(state_limit: int | None) -> dict:
    """``state_limit`` when given (each construction keeps its own default otherwise)."""
    return {} if state_limit is None else {"state_limit": state_limit}


def language_from_formula(formula: "str | Formula", alphabet: Sequence[str] | None = None, *,
                          state_limit: int | None = None, syntax: str = "attnlogic",
                          one_hot: bool | None = None) -> Language:
    """The language {w : w, |w|+1 ⊨ formula} (text is parsed once); for an LTLf formula
    (future operators) {w : w, 1 ⊨ formula}, and ``Language.formula`` is None (it is no
    certificate of a past fragment).

    In another tool's ``syntax`` (:data:`~attnlogic.ltl.foreign.FOREIGN_SYNTAXES`) atoms are
    propositions and a position is a valuation: without ``alphabet`` the letters are every
    valuation of the atoms (:func:`~.propositions.valuation_letters`, at most
    :data:`~.propositions.MAX_PROPOSITIONS`); ``one_hot=True`` takes the propositions as
    the letters instead (one true per position), and the language says, in
    ``Language.notices``, which valuations that drops; so does a given alphabet that is not
    one of valuations."""
    from .propositions import over_valuations       # a formula's reading (not a regex's, a DFA's)

    f = ltl.parse(formula, syntax=syntax) if isinstance(formula, str) else formula
    if not isinstance(f, Formula):
        raise InputError(f"formula: expected text or a Formula, got {type(formula).__name__}")
    notices: tuple[str, ...] = ()
    if syntax != "attnlogic" and f.atoms:
        alphabet, notices = proposition_alphabet(sorted(f.atoms), alphabet, bool(one_hot))
    elif syntax != "attnlogic" and alphabet is None:     # no letter at all would drop every word but ε
        raise InputError("the formula names no proposition, so every position is the one empty valuation: "
                         "give an alphabet (each letter is then that valuation)", parameters=("alphabet",))
    if alphabet is not None:
        f = over_valuations(f, tuple(alphabet))      # propositions as atoms over valuation letters
    dfa = formula_to_dfa(f, alphabet, extend=True, **_limit(state_limit))
    return Language(dfa, "formula", formula if isinstance(formula, str) else str(f),
                    None if is_future(f) else f, notices)


def proposition_alphabet(props: Sequence[str], alphabet: Sequence[str] | None,
                         one_hot: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(letters, notices) of a formula whose atoms are the propositions ``props``: every
    valuation by default; the propositions themselves with ``one_hot``; a given alphabet
    as it is.  A notice names the valuations that are no letter (one-hot or a given alphabet
    of plain letters), so the narrowing is never silent."""
    from .propositions import MAX_PROPOSITIONS, parse_valuation_letter, propositions_of, valuation_letters

    if alphabet is None and not one_hot:
        odd = [p for p in props if parse_valuation_letter(p) != {p: True}]
        if odd:                              # a minterm letter names its propositions plainly
            raise InputError(f"the proposition {odd[0]!r} cannot name a valuation letter (letters are "
                             "minterms such as a&!b, of names made of letters, digits and _): rename it, "
                             "or take the one-hot reading (the propositions as the letters)",
                             parameters=("one_hot",))
        if len(props) > MAX_PROPOSITIONS:
            raise InputError(f"the formula has {len(props)} propositions: at most {MAX_PROPOSITIONS} are "
                             f"read with one letter per valuation (2^{MAX_PROPOSITIONS} letters); the one-hot "
                             "reading takes the propositions as the letters, one true per position",
                             parameters=("alphabet", "one_hot"))
        return valuation_letters(tuple(props)), ()
    letters = tuple(props) if alphabet is None else tuple(alphabet)
    if propositions_of(letters) is not None:
        return letters, ()
    props = tuple(props)
    kept = {1 << props.index(a) if a in props else 0 for a in letters}
    count = 2 ** len(props) - len(kept)
    if count == 0:
        return letters, ()
    first: list[str] = []
    v = 0
    while len(first) < 6 and v < 2 ** len(props):
        if v not in kept:
            first.append("&".join(p if (v >> i) & 1 else f"!{p}" for i, p in enumerate(props)))
        v += 1
    shown = ", ".join(first)
    more = f" and {count - len(first)} more" if count > len(first) else ""
    how = ("the one-hot reading" if alphabet is None else f"the alphabet {','.join(letters)}")
    return letters, (f"{how} takes each letter as one proposition true (a letter that is no "
                     f"proposition: none true), so {count} valuation(s) of the propositions "
                     f"{', '.join(props)} are no letter and no word has them: {shown}{more}; without "
                     "the one-hot reading or an alphabet, the letters are every valuation",)


def language_from_regex(regex: str, alphabet: Sequence[str] | None = None, *,
                        state_limit: int | None = None) -> Language:
    """The language of a regular expression (tokenised once)."""

    if not isinstance(regex, str):
        raise InputError(f"regex: expected text, got {type(regex).__name__}")
    return Language(regex_to_dfa(regex, alphabet, **_limit(state_limit)), "regex", regex)


@renamed_parameters(max_states="state_limit")
def language_from_dfa(dfa: "DFA | str", alphabet: Sequence[str] | None = None, *,
                      one_hot: bool | None = None, state_limit: int | None = None) -> Language:
    """The language of a DFA object — ours, an automata-lib ``DFA``/``NFA`` or a networkx
    graph (:func:`as_dfa`) — or of a DFA file (``-`` = standard input) in any
    format :func:`~.io.read_dfa_text` recognises: JSON, HOA, DOT, MONA DOT, AT&T/OpenFst
    text, GraphML.  ``one_hot``: for files over atomic propositions, the propositions are the letters
    (default: one letter per valuation; :mod:`.propositions`).  ``state_limit``: the most
    states a file may declare (None: 200,000, :data:`~.io.MAX_DFA_STATES`)."""
    if isinstance(dfa, str):
        from .io import MAX_DFA_STATES, read_dfa_file     # the file readers: only for a file

        d = read_dfa_file(dfa, None if alphabet is None else tuple(alphabet), one_hot=one_hot,
                          state_limit=MAX_DFA_STATES if state_limit is None else state_limit)
        text = dfa
        source = "<stdin>" if dfa == "-" else dfa
    else:
        d = as_dfa(dfa, None if alphabet is None else tuple(alphabet))
        text, source = "<DFA object>", "<DFA object>"
    if alphabet is not None:
        alphabet = tuple(alphabet)
        if sorted(alphabet) != sorted(d.alphabet):
            raise FileFormatError(source, "alphabet", f"{list(d.alphabet)} does not match the "
                                                      f"given alphabet {list(alphabet)}")
        d = d.with_alphabet_order(alphabet)
    return Language(d.minimal(), "dfa", text)


def load_language(*, formula: "str | Formula | None" = None, regex: str | None = None,
                  dfa: "DFA | str | None" = None, alphabet: Sequence[str] | None = None,
                  state_limit: int | None = None, one_hot: bool | None = None,
                  syntax: str = "attnlogic") -> Language:
    """The language of exactly one source: ``formula``, ``regex`` or ``dfa`` (a DFA object,
    a file path or ``-``), over ``alphabet`` (see the module docstring).  ``one_hot``: how a
    DFA file over atomic propositions is read (:func:`language_from_dfa`); ``syntax``: that
    of a formula given as text (``"attnlogic"`` or ``"ltlf2dfa"``, :func:`~attnlogic.ltl.parse`)."""
    given = [name for name, v in (("formula", formula), ("regex", regex), ("dfa", dfa)) if v is not None]
    if len(given) != 1:
        raise InputError("give exactly one language source: formula, regex or dfa"
                         + (f" (got {', '.join(given)})" if given else ""),
                         parameters=("formula", "regex", "dfa"))
    if alphabet is not None:
        _check_letters(tuple(alphabet))
    if state_limit is not None:
        state_limit = integer("state_limit", state_limit, 1)
    if formula is not None:
        lang = language_from_formula(formula, alphabet, state_limit=state_limit, syntax=syntax, one_hot=one_hot)
    elif regex is not None:
        lang = language_from_regex(regex, alphabet, state_limit=state_limit)
    else:
        lang = language_from_dfa(dfa, alphabet, one_hot=one_hot, state_limit=state_limit)
    _check_letters(lang.dfa.alphabet)
    return lang


def _check_letters(alphabet) -> None:
    """Every letter printable and words splittable (:func:`~.dfa.letter_problem`)."""
    for a in alphabet:
        bad = letter_problem(a, alphabet) if isinstance(a, str) else "not a string"
        if bad:
            shown = a.encode("utf-8", "backslashreplace").decode() if isinstance(a, str) else repr(a)
            raise InputError(f"letter {shown!r}: {bad}", parameters=("alphabet",))


def as_dfa(automaton, alphabet: Sequence[str] | None = None, parameter: str = "dfa") -> DFA:
    """Our :class:`~.dfa.DFA` of an automaton object: our DFA as it is, an automata-lib
    ``DFA``/``NFA`` (:func:`~.convert.from_automata_lib`), a networkx graph (:func:`~.convert.from_networkx`,
    ``alphabet`` fixing its letters), or a :class:`Language` (its minimal DFA).
    The language is the same; InputError naming ``parameter`` for any other object."""
    if isinstance(automaton, DFA):
        return automaton
    if is_automata_lib(automaton):
        return from_automata_lib(automaton)
    if is_networkx(automaton):
        return from_networkx(automaton, alphabet)
    if isinstance(automaton, Language):
        return automaton.dfa
    raise InputError(f"{parameter}: expected a DFA (attnlogic, automata-lib DFA or NFA, networkx graph) "
                     f"or a Language, got {type(automaton).__name__}", parameters=(parameter,))
