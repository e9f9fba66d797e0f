"""Reading HOA (the Hanoi Omega-Automata format, version 1) as a DFA over finite words.

The text is read by tokens, as the format's grammar says (adl.github.io/hoaf, "The Hanoi
Omega-Automata Format", version 1): white space only separates tokens (a file folded by
``fmt``, or Spot's one-line ``-Hl`` output, reads as the same automaton), comments
``/* … */`` nest and may stand between any two tokens, and the header items come in any
order.  Besides explicit labels ``[0 & !1]``:

* **implicit labels**: a state without a label whose edges have none lists exactly 2^a
  edges (a the number of APs), and its i-th edge (from 0) is taken by the valuation in which
  AP j is true iff bit j of i is set — the order of the valuation letters
  (:mod:`.propositions`), so the i-th edge is the i-th letter;
* **aliases**: ``Alias: @name label-expr`` names a label expression (over AP numbers,
  ``t``, ``f`` and the aliases defined on earlier lines, never redefined), usable in labels;
* **state labels**: ``State: [label] q`` labels every edge leaving q (its edges then have
  no label of their own).

A label expression has ``!`` above ``&`` above ``|``, and parentheses.  The finite-word
convention (Spot's) is that of :mod:`.io`: ``Acceptance: 1 Inf(0)``, a word accepted iff its
run ends in a state marked ``{0}``, or, with the marks on edges, iff its last edge is
marked.  Whatever the reader cannot take exactly is refused, naming the header item or the
body line: another acceptance condition or version, an unknown header item whose name
starts with an upper-case letter (the format says such items may change the automaton's
meaning), ``--ABORT--``, several initial states or a conjunction of states (alternation),
a state listed twice, a mix of labelled and unlabelled edges in one state, a number of
implicit edges other than 2^a, an AP or alias that is not declared, an alias defined twice
or used before its definition, and two edges of a state taken by one letter.

Labels are evaluated as bit sets over the valuations (one bit per valuation of the
universe read): ``!`` is a complement, ``&`` and ``|`` are intersections and unions.
"""

from __future__ import annotations

import json
import re

import numpy as np

from attnlogic.kernel.errors import FileFormatError
from attnlogic.kernel.limits import FILE_STATE_LIMIT, renamed_parameters

from .dfa import DFA
from .partial import MAX_TABLE_ENTRIES
from .propositions import guard_alphabet

__all__ = ["read_hoa", "HOA_ONE_HOT_HEADER", "MAX_LABEL_NESTING"]

#: the header item our writer adds: its edges are one-hot minterms, read one-hot by default
HOA_ONE_HOT_HEADER = ("attnlogic-letters", "one-hot")
#: the deepest nesting of parentheses read in a label (a bound on the reader's recursion)
MAX_LABEL_NESTING = 100
#: most digits of a number in the file (state numbers are bounded far below)
_MAX_DIGITS = 12
#: one-hot readings with at most this many APs check over every valuation whether an edge
#: that no letter takes is satisfiable at all (above it, such an edge is refused unchecked)
_FULL_UNIVERSE_APS = 16

_TOKEN = re.compile(r"""
    (?P<space>[ \t\r\n]+)
  | (?P<comment>/\*)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<marker>--(?:BODY|END|ABORT)--)
  | (?P<header>[A-Za-z_][0-9A-Za-z_.-]*:)
  | (?P<int>[0-9]+)
  | (?P<alias>@[0-9A-Za-z_-]+)
  | (?P<ident>[A-Za-z_][0-9A-Za-z_-]*)
  | (?P<punct>[\[\](){}!&|.])
""", re.X)
_COMMENT_EDGE = re.compile(r"/\*|\*/")
#: header items read for their meaning; every other lower-case item is ignored, as the
#: format allows, and every other upper-case item is refused
_KNOWN = {"HOA", "States", "Start", "AP", "Alias", "Acceptance"}
#: the items that may occur several times
_REPEATABLE = {"Start", "Alias", "properties"}


class _Lexer:
    """The tokens of ``text`` as (kind, text, position), one at a time, comments skipped."""

    def __init__(self, text: str, source: str, max_states: int = FILE_STATE_LIMIT):
        self.text, self.source, self.max_states = text, source, max_states
        self.pos = 1 if text.startswith("\ufeff") else 0        # a byte-order mark is no token
        self.body_at: int | None = None          # where --BODY-- starts: lines are counted from it
        self._counted = (0, 1)                   # (position, its line) of the last line asked
        self._body_line: int | None = None
        self._peeked = None

    def line(self, pos: int) -> int:
        """The line of ``pos`` (from 1), counted on from the last position asked: positions
        are asked in increasing order while reading, so the whole count is linear."""
        if pos < self._counted[0]:
            self._counted = (0, 1)
        at, line = self._counted
        line += self.text.count("\n", at, pos)
        self._counted = (pos, line)
        return line

    def where(self, pos: int) -> str:
        if self.body_at is None or pos < self.body_at:
            return f"line {self.line(pos)}"
        if self._body_line is None:
            self._body_line = self.line(self.body_at)
        return f"--BODY-- line {self.line(pos) - self._body_line + 1}"

    def error(self, pos: int, reason: str, field: str | None = None) -> FileFormatError:
        return FileFormatError(self.source, field or self.where(pos), reason)

    def _scan(self):
        text = self.text
        while self.pos < len(text):
            m = _TOKEN.match(text, self.pos)
            if m is None:
                raise self.error(self.pos, f"cannot read {text[self.pos:self.pos + 30]!r}")
            kind, start = m.lastgroup, self.pos
            self.pos = m.end()
            if kind == "space":
                continue
            if kind == "comment":
                depth = 1
                while depth:
                    edge = _COMMENT_EDGE.search(text, self.pos)
                    if edge is None:
                        raise self.error(start, "a comment '/*' is never closed")
                    depth += 1 if edge.group() == "/*" else -1
                    self.pos = edge.end()
                continue
            return kind, m.group(), start
        return None

    def peek(self):
        if self._peeked is None:
            self._peeked = self._scan() or ("eof", "", len(self.text))
        return self._peeked

    def next(self):
        tok = self.peek()
        self._peeked = None
        return tok


def _number(lex: _Lexer, tok, field: str | None, what: str, limit: int | None = None,
            declared: int | None = None) -> int:
    """The INT token ``tok``, refused when it is no number, has too many digits or is above
    ``limit`` (a state number beyond ``declared`` states, or beyond max_states)."""
    kind, text, pos = tok
    if kind != "int":
        raise lex.error(pos, f"expected {what}, found {text[:40] or 'the end of the file'!r}", field)
    if len(text) > _MAX_DIGITS or (limit is not None and int(text) > limit):
        if declared is not None:
            raise lex.error(pos, f"state {text[:40]} out of range 0..{declared - 1}", field)
        raise lex.error(pos, f"{text[:40]}: more than the limit of {limit} states (max_states)", field)
    return int(text)


class _Labels:
    """Label expressions as bit sets over a universe of valuations (bit u: the u-th
    valuation of ``universe``), with the aliases defined so far."""

    def __init__(self, n_aps: int, universe: list[int]):
        self.n_aps = n_aps
        self.universe = universe
        self.full = (1 << len(universe)) - 1
        self.ap = [sum(1 << u for u, v in enumerate(universe) if (v >> j) & 1) for j in range(n_aps)]
        self.aliases: dict[str, int] = {}
        self._seen: dict[str, tuple[int, int, int]] = {}       # label text -> parse (see bracketed)

    def parse(self, lex: _Lexer, stop: str | None, field: str | None = None) -> tuple[int, int, int]:
        """Read a label expression up to the token ``stop`` (``]``; None: up to the next
        header item); returns (bit set, start, end) of its text."""
        start = lex.peek()[2]
        value = self._disjunction(lex, 0, field, start)
        end = lex.peek()[2]
        if stop is not None:
            kind, text, pos = lex.next()
            if text != stop:
                raise self._bad(lex, start, pos, f"expected '{stop}', found {text[:20] or 'the end'!r}", field)
        return value, start, end

    def bracketed(self, lex: _Lexer) -> tuple[int, int, int]:
        """The label after a ``[`` just read, up to its ``]``: :meth:`parse`, remembered by its
        text (files repeat their labels: a minterm per valuation, ``[t]``)."""
        end = lex.text.find("]", lex.pos)
        raw = lex.text[lex.pos:end] if end >= 0 else None
        if raw in self._seen and lex._peeked is None:
            lex.pos = end + 1
            return self._seen[raw]
        value = self.parse(lex, "]")
        if raw is not None and "/*" not in raw and lex.pos == end + 1 and lex._peeked is None:
            self._seen[raw] = value
        return value

    def _bad(self, lex: _Lexer, start: int, pos: int, reason: str, field: str | None) -> FileFormatError:
        label = lex.text[start:max(pos, start)].strip()
        return lex.error(pos, f"cannot read guard {label!r}: {reason}", field)

    def _disjunction(self, lex, depth, field, start) -> int:
        value = self._conjunction(lex, depth, field, start)
        while lex.peek()[1] == "|":
            lex.next()
            value |= self._conjunction(lex, depth, field, start)
        return value

    def _conjunction(self, lex, depth, field, start) -> int:
        value = self._negation(lex, depth, field, start)
        while lex.peek()[1] == "&":
            lex.next()
            value &= self._negation(lex, depth, field, start)
        return value

    def _negation(self, lex, depth, field, start) -> int:
        flips = 0
        while lex.peek()[1] == "!":
            lex.next()
            flips += 1
        value = self._atom(lex, depth, field, start)
        return value ^ self.full if flips % 2 else value

    def _atom(self, lex, depth, field, start) -> int:
        kind, text, pos = lex.next()
        if kind == "int":
            if len(text) > _MAX_DIGITS or int(text) >= self.n_aps:
                raise lex.error(pos, f"label [{lex.text[start:lex.pos].strip()}] names AP {text[:20]}, but "
                                     f"'AP:' declares {self.n_aps} (numbers 0..{self.n_aps - 1})", field)
            return self.ap[int(text)]
        if kind == "ident" and text in ("t", "f"):
            return self.full if text == "t" else 0
        if kind == "alias":
            if text not in self.aliases:
                raise lex.error(pos, f"the alias {text} is not defined (by an 'Alias:' line before "
                                     "its use)", field)
            return self.aliases[text]
        if text == "(":
            if depth >= MAX_LABEL_NESTING:
                raise self._bad(lex, start, pos, f"nested deeper than {MAX_LABEL_NESTING} parentheses", field)
            value = self._disjunction(lex, depth + 1, field, start)
            kind, text, pos = lex.next()
            if text != ")":
                raise self._bad(lex, start, pos, "expected ')'", field)
            return value
        raise self._bad(lex, start, pos, f"expected an AP number, t, f, an @alias, '!' or '(', found "
                                         f"{text[:20] or 'the end'!r}", field)


@renamed_parameters(max_states="state_limit")
def read_hoa(text: str, source: str = "<hoa>", *, one_hot: bool | None = None,
             state_limit: int = FILE_STATE_LIMIT) -> DFA:
    """The DFA of HOA text (module docstring): one letter per valuation of the APs (the
    minterms of :mod:`.propositions`), or the APs as letters with ``one_hot`` (None: one-hot
    for files that carry our writer's ``attnlogic-letters: one-hot``).  At most
    ``state_limit`` states; FileFormatError naming the header item or body line otherwise."""
    lex = _Lexer(text, source, state_limit)
    header = _read_header(lex)
    kind, word, pos = lex.next()                      # --BODY--
    lex.body_at = pos

    aps = header["AP"]
    marked = header["one_hot"]
    one_hot = marked if one_hot is None else one_hot
    if not one_hot and not aps:
        raise FileFormatError(source, "AP", "no propositions: a one-letter alphabet needs one AP "
                                            "(read it with one_hot)")
    reading = guard_alphabet(aps, source, "AP", one_hot=bool(one_hot))
    letters, n_aps = reading.letters, len(aps)
    if not one_hot or n_aps <= _FULL_UNIVERSE_APS:
        universe = list(range(2 ** n_aps))
    else:
        universe = sorted(set(reading.valuations))
    index = {v: u for u, v in enumerate(universe)}
    letter_bits = np.array([index[v] for v in reading.valuations], dtype=np.int64)
    labels = _Labels(n_aps, universe)
    for name, at in header["aliases"]:                # in order: each may use the earlier ones
        lex_alias = _Lexer(text, source)
        lex_alias.pos = at
        value, start, _ = labels.parse(lex_alias, None, "Alias")
        after = lex_alias.peek()
        if after[0] not in ("header", "marker"):
            raise labels._bad(lex_alias, start, after[2], f"unexpected {after[1][:20]!r}", "Alias")
        labels.aliases[name] = value

    declared = header["States"]
    limit = state_limit if declared is None else declared - 1
    initial = header["Start"]
    if declared is not None and initial > declared - 1:
        raise FileFormatError(source, "Start", f"state {initial} out of range 0..{declared - 1}")
    k = len(letters)
    if declared is not None and declared * k > MAX_TABLE_ENTRIES:
        raise FileFormatError(source, "States", f"{declared} states × {k} letters: more than "
                                                f"{MAX_TABLE_ENTRIES} transitions")

    single = {int(u): i for i, u in enumerate(letter_bits)}       # universe bit -> its letter

    def taken(mask: int, at: int, what) -> list[int] | np.ndarray:
        """The letters a label's bit set takes; a one-hot reading refuses an edge it would
        lose (``what()``: the label as written, for the message; ``at``: its position)."""
        if mask & (mask - 1) == 0:               # no valuation or one (a minterm, an implicit edge)
            hit = [single[mask.bit_length() - 1]] if mask and mask.bit_length() - 1 in single else []
        else:
            raw = np.frombuffer(mask.to_bytes((len(universe) + 7) // 8, "little"), dtype=np.uint8)
            hit = np.flatnonzero(np.unpackbits(raw, bitorder="little")[letter_bits])
        if one_hot and not len(hit) and (mask != 0 or len(universe) < 2 ** n_aps):
            raise lex.error(at, f"{what()} holds for no letter of the one-hot reading {list(letters)}: "
                                "the edge would be lost (read the file over valuations)")
        return hit

    edges: list[tuple] = []                      # (state, letters, target, marked, position)
    finals: set[int] = set()
    marks_on: set[str] = set()
    listed: set[int] = set()
    n_seen = initial + 1
    while (item := _next_item(lex, "--END--", "missing (a truncated file?)")) is not None:
        kind, word, pos = item
        if word != "State:":
            raise lex.error(pos, f"expected 'State:', found {word[:40]!r}")
        state_at = pos
        state_label = None
        if lex.peek()[1] == "[":
            lex.next()
            state_label = labels.bracketed(lex)
        q = _number(lex, lex.next(), None, "a state number", limit, declared)
        if q in listed:
            raise lex.error(state_at, f"state {q} is listed twice")
        listed.add(q)
        n_seen = max(n_seen, q + 1)
        if lex.peek()[0] == "string":
            lex.next()
        if _acc_sig(lex):
            finals.add(q)
            marks_on.add("state")
        unlabelled: list[tuple[int, bool, int]] = []
        labelled = 0
        while True:
            tok = lex.peek()
            if tok[0] != "int" and tok[1] != "[":
                break
            at = tok[2]
            label = None
            if tok[1] == "[":
                lex.next()
                if state_label is not None:
                    raise lex.error(at, f"state {q} has a label, so its edges may not have their own")
                label = labels.bracketed(lex)
            t = _number(lex, lex.next(), None, "a target state", limit, declared)
            if lex.peek()[1] == "&":
                raise lex.error(at, "a conjunction of target states (an alternating automaton): not a DFA")
            if t >= n_seen:
                n_seen = t + 1
            mark = _acc_sig(lex)
            if mark:
                marks_on.add("edge")
            if label is None and state_label is None:
                unlabelled.append((t, mark, at))
                continue
            labelled += 1
            mask, start, end = label if label is not None else state_label
            edges.append((q, taken(mask, at, lambda: f"label [{text[start:end].strip()}]"), t, mark, at))
        if unlabelled and labelled:
            raise lex.error(unlabelled[0][2], "an edge without a label in a state whose other edges have "
                                              f"labels (implicit labels label all 2^{n_aps} edges of a "
                                              "state, in order)")
        if unlabelled:
            if len(unlabelled) != 2 ** n_aps:
                raise lex.error(unlabelled[0][2], f"state {q} lists {len(unlabelled)} edges without labels: "
                                                  f"implicit labels need exactly 2^{n_aps} = {2 ** n_aps} (one "
                                                  "per valuation of the APs, in order)")
            for i, (t, mark, at) in enumerate(unlabelled):
                mask = 1 << index[i] if i in index else 0
                edges.append((q, taken(mask, at, lambda i=i: f"implicit label {i} (valuation {i})"), t, mark, at))
        if declared is None and n_seen * k > MAX_TABLE_ENTRIES:
            raise FileFormatError(source, "States", f"{n_seen} states × {k} letters: more than "
                                                    f"{MAX_TABLE_ENTRIES} transitions")
    if re.search(r"\bHOA:", text[lex.pos:]):
        raise FileFormatError(source, "--END--", "several automata in one file: give one")
    if len(marks_on) > 1:
        raise FileFormatError(source, "Acceptance", "both states and edges carry acceptance marks: "
                                                    "use one kind")
    n = n_seen if declared is None else declared
    return _table(lex, letters, n, initial, edges, finals, "edge" in marks_on)


def _next_item(lex: _Lexer, end: str, missing: str):
    """The next token of a header or body, or None at its ``end`` marker (``--BODY--`` is
    left for the body's reader, ``--END--`` taken); FileFormatError naming ``end`` when the
    text stops first, and at ``--ABORT--``."""
    kind, word, pos = lex.peek()
    if kind == "eof":
        raise FileFormatError(lex.source, end, missing)
    if kind == "marker" and word == end:
        if end == "--END--":
            lex.next()
        return None
    if kind == "marker":
        raise _marker_error(lex, word, pos)
    return lex.next()


def _marker_error(lex: _Lexer, word: str, pos: int) -> FileFormatError:
    if word == "--ABORT--":
        return lex.error(pos, "the producer aborted this automaton (--ABORT--)")
    return lex.error(pos, f"unexpected {word}")


def _acc_sig(lex: _Lexer) -> bool:
    """An optional acceptance signature ``{…}``: whether it holds the set 0 (the only set of
    ``Acceptance: 1 Inf(0)``; any other is refused)."""
    if lex.peek()[1] != "{":
        return False
    at = lex.next()[2]
    sets = []
    while True:
        kind, text, pos = lex.next()
        if text == "}":
            break
        if kind != "int":
            raise lex.error(pos, f"expected an acceptance set number or '}}', found {text[:20] or 'the end'!r}")
        sets.append(text)
    if any(s != "0" for s in sets):
        raise lex.error(at, f"acceptance set {sets} of 'Acceptance: 1 Inf(0)' is not 0")
    return bool(sets)


def _read_header(lex: _Lexer) -> dict:
    """The header items up to ``--BODY--`` (which is left as the next token): AP names,
    States, the initial state, the aliases (name and where their expression starts), and
    whether our writer's one-hot item is present.  Aliases are checked in order later."""
    source = lex.source
    kind, word, pos = lex.next()
    if word != "HOA:":
        raise lex.error(pos, "an HOA file starts with 'HOA:'", "HOA")
    version = ""
    while lex.peek()[0] in ("ident", "int") or lex.peek()[1] == ".":
        version += lex.next()[1]
    if version not in ("v1", "v1.1"):
        raise FileFormatError(source, "HOA", f"version {version!r}: only v1 (and v1.1) are read")
    seen: dict[str, int] = {}
    out = {"AP": None, "States": None, "Start": None, "aliases": [], "one_hot": False}
    starts = []
    acceptance = None
    while (item := _next_item(lex, "--BODY--", "missing")) is not None:
        kind, word, pos = item
        if kind != "header":
            raise lex.error(pos, f"expected a header item such as 'States:', found {word[:40]!r}")
        name = word[:-1]
        if name == "State":
            raise FileFormatError(source, "--BODY--", "missing")
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1 and name not in _REPEATABLE:
            raise lex.error(pos, f"'{word}' is given twice", name)
        if name == "Alias":
            tok = lex.next()
            if tok[0] != "alias":
                raise lex.error(tok[2], f"expected an alias name @…, found {tok[1][:20]!r}", "Alias")
            if any(a == tok[1] for a, _ in out["aliases"]):
                raise lex.error(tok[2], f"the alias {tok[1]} is defined twice", "Alias")
            out["aliases"].append((tok[1], lex.peek()[2]))
            _skip_expression(lex)
            continue
        values = []
        while lex.peek()[0] not in ("header", "marker", "eof"):
            values.append(lex.next())
        if name in _KNOWN:
            if name == "AP":
                out["AP"] = _aps(lex, values, pos)
            elif name == "States":
                if len(values) != 1:
                    raise lex.error(pos, "expected one number", "States")
                out["States"] = _number(lex, values[0], "States", "a number of states", lex.max_states)
            elif name == "Start":
                starts.append(values)
            elif name == "Acceptance":
                acceptance = "".join(v[1] for v in values)
                if acceptance != "1Inf(0)":
                    raise lex.error(pos, f"{' '.join(v[1] for v in values)!r}: only '1 Inf(0)' is read "
                                         "(final states or accepting edges of a finite-word automaton)",
                                    "Acceptance")
        elif name[0].isupper():
            raise lex.error(pos, f"the header item '{word}' is not read here, and an item whose name "
                                 "starts with an upper-case letter may change the automaton's meaning",
                            name)
        elif (name, tuple(v[1] for v in values)) == (HOA_ONE_HOT_HEADER[0], (HOA_ONE_HOT_HEADER[1],)):
            out["one_hot"] = True
    if out["AP"] is None:
        raise FileFormatError(source, "AP", "missing")
    if acceptance is None:
        raise FileFormatError(source, "Acceptance", "missing (the finite-word convention is "
                                                    "'Acceptance: 1 Inf(0)')")
    if not starts:
        raise FileFormatError(source, "Start", "missing")
    if len(starts) > 1 or len(starts[0]) != 1:
        raise FileFormatError(source, "Start", "several initial states (an alternating or "
                                               "nondeterministic automaton)")
    declared = out["States"]
    limit = lex.max_states if declared is None else declared - 1
    out["Start"] = _number(lex, starts[0][0], "Start", "a state number", limit, declared)
    return out


def _skip_expression(lex: _Lexer) -> None:
    """Pass over an alias's label expression (read later, once AP: is known)."""
    while lex.peek()[0] not in ("header", "marker", "eof"):
        lex.next()


def _aps(lex: _Lexer, values, pos: int) -> list[str]:
    if not values or values[0][0] != "int" or any(v[0] != "string" for v in values[1:]):
        raise lex.error(pos, "expected a number and the names of the propositions in double quotes", "AP")
    count, names = values[0][1], [json.loads(v[1]) if _json_string(v[1]) else v[1][1:-1] for v in values[1:]]
    if len(count) > _MAX_DIGITS or int(count) != len(names):
        raise lex.error(pos, f"announces {count[:20]} propositions, names {len(names)}", "AP")
    if len(set(names)) != len(names):
        raise lex.error(pos, "a proposition is named twice", "AP")
    return names


def _json_string(s: str) -> bool:
    try:
        json.loads(s)
    except ValueError:
        return False
    return True


def _table(lex: _Lexer, letters, n: int, initial: int, edges, finals, on_edges: bool) -> DFA:
    """The complete DFA of the edges (a missing transition to a new rejecting sink); with
    marks on edges, the states are (q, whether the last edge was marked).  Two edges of a
    state taken by one letter to different targets (or, with marks on edges, differently
    marked) are refused at the later one, as a nondeterministic automaton."""
    k = len(letters)
    if n == 0:
        raise FileFormatError(lex.source, "States", "no states")
    sizes = np.array([len(e[1]) for e in edges], dtype=np.int64)
    order = np.repeat(np.arange(len(edges)), sizes)                 # the edge of each entry
    letter = (np.concatenate([np.asarray(e[1], dtype=np.int64) for e in edges]) if edges
              else np.zeros(0, dtype=np.int64))
    state = np.array([e[0] for e in edges], dtype=np.int64)[order]
    target = np.array([2 * e[2] + (e[3] if on_edges else 0) for e in edges], dtype=np.int64)[order]
    cell = state * k + letter
    by_cell = np.lexsort((order, cell))
    cell, target, order, letter = cell[by_cell], target[by_cell], order[by_cell], letter[by_cell]
    clash = np.flatnonzero((cell[1:] == cell[:-1]) & (target[1:] != target[:-1]))
    if len(clash):
        j = clash[np.argmin(order[clash + 1])] + 1       # the first edge in the file that clashes
        raise lex.error(edges[order[j]][4], f"two transitions on letter {letters[letter[j]]!r} from the "
                                            "same state (a nondeterministic automaton; determinise it first)")
    flat = np.full(n * k, -1, dtype=np.int64)
    flat[cell] = target
    table = flat.reshape(n, k)
    missing = table < 0
    if on_edges:        # state 2q + b: in q, the last edge marked iff b
        table = np.repeat(table, 2, axis=0)
        n, initial = 2 * n, 2 * initial
        acc = np.tile([False, True], n // 2)
        missing = table < 0
    else:
        table = np.where(missing, -1, table // 2)
        acc = np.zeros(n, dtype=bool)
        acc[sorted(finals)] = True
    if missing.any():
        table = np.vstack([table, np.full((1, k), n, dtype=np.int64)])
        table[table < 0] = n
        acc = np.append(acc, False)
    return DFA(tuple(letters), table, initial, acc)
