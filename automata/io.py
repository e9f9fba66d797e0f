"""Reading and writing DFAs: the JSON of shared/spec/cli.md, DOT, HOA, and MONA's DOT.

JSON (``dfa_to_json`` / ``dfa_from_json``)
    ``{"alphabet": [...], "initial": q0, "accepting": [...], "transitions": [[...], ...]}``,
    one line, keys in that order, accepting states sorted.  ``transitions[q][i]`` is the
    successor of q on ``alphabet[i]``.  The writer prints the DFA as it is; minimise first
    (:meth:`DFA.minimal`) for the canonical file.  The reader checks every field and raises
    :class:`~attnlogic.errors.FileFormatError` naming it (``transitions[3][1]``, …).
    Extra keys are ignored.

DOT (``to_dot``)
    Graphviz text; states in numeric order, one edge per (source, target) labelled with
    the letters that take it (in alphabet order), accepting states as double circles.

HOA (``to_hoa`` / ``from_hoa``), convention for finite words
    HOA v1 has no finite-word acceptance, so we fix one (as Spot does for LTLf): the
    atomic propositions are the letters, ``AP: k "a" "b" …``, and a position carries
    exactly one of them; every edge is labelled with the full minterm of its letter
    (``[0&!1&!2]``), so the automaton is deterministic over any valuations.  Final states
    are marked with state-based acceptance set 0 under ``Acceptance: 1 Inf(0)``: a finite
    word is accepted iff its run *ends* in a state marked ``{0}``.  A header comment
    repeats this; tools must not read the automaton with Büchi semantics.

MONA / ltlf2dfa DOT (``from_mona_dot``)
    ltlf2dfa prints MONA's DFA as DOT with propositional guards over its atoms
    (``~a & b``, ``a | b``, ``true``).  Reading it over a letter alphabet interprets the
    letter x as the valuation "x true, every other proposition false" (letters that are
    not propositions: all false).  A state listed on the ``doublecircle`` line is final,
    even when the next line lists it again as a circle (a quirk of that output); states
    that occur only as edge targets are ordinary states; missing transitions go to a sink.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Sequence

import numpy as np

from attnlogic.errors import FileFormatError, InputError
from attnlogic.fileio import StrictJSONError, read_text_capped, strict_json_loads
from attnlogic.fileio import write_text_atomic  # noqa: F401  (part of this module's API)

from .dfa import DFA, letter_problem

__all__ = ["dfa_to_json", "dfa_from_json", "dfa_to_dict", "dfa_from_dict", "read_dfa_file",
           "write_text_atomic", "to_dot", "to_hoa", "from_hoa", "from_mona_dot"]


# -- JSON -----------------------------------------------------------------------------
#: largest DFA file read (bytes; ``max_bytes``): a bound on the memory reading may take
MAX_DFA_BYTES = 64 * 2**20
#: most states a DFA file may declare (``max_states``)
MAX_DFA_STATES = 200_000
#: most digits of an integer in a DFA file (state numbers are below MAX_DFA_STATES)
MAX_INT_DIGITS = 12


def dfa_to_dict(dfa: DFA) -> dict:
    return {
        "alphabet": list(dfa.alphabet),
        "initial": dfa.initial,
        "accepting": np.flatnonzero(dfa.accepting).tolist(),
        "transitions": np.asarray(dfa.transitions).tolist(),
    }


def dfa_to_json(dfa: DFA) -> str:
    """One line of JSON (no trailing newline), keys in the order of cli.md."""
    return json.dumps(dfa_to_dict(dfa), ensure_ascii=False)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _kind(x) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "an object", type(None): "null"}.get(type(x), type(x).__name__)


def dfa_from_dict(obj, source: str = "<dfa>", max_states: int = MAX_DFA_STATES) -> DFA:
    """A DFA from the parsed JSON object, checking every field (FileFormatError); at most
    ``max_states`` states."""
    if not isinstance(obj, dict):
        raise FileFormatError(source, "(top level)", f"expected a JSON object, found {_kind(obj)}")
    for key in ("alphabet", "initial", "accepting", "transitions"):
        if key not in obj:
            raise FileFormatError(source, key, "missing")
    alphabet = obj["alphabet"]
    if not isinstance(alphabet, list):
        raise FileFormatError(source, "alphabet", f"expected a list of letters, found {_kind(alphabet)}")
    seen: dict[str, int] = {}
    for i, a in enumerate(alphabet):
        if not isinstance(a, str):
            raise FileFormatError(source, f"alphabet[{i}]", f"expected a string, found {_kind(a)}")
        if a == "":
            raise FileFormatError(source, f"alphabet[{i}]", "empty letter")
        if a in seen:
            raise FileFormatError(source, f"alphabet[{i}]",
                                  f"duplicate letter {a!r} (also alphabet[{seen[a]}])")
        bad = letter_problem(a, alphabet)
        if bad:
            raise FileFormatError(source, f"alphabet[{i}]", bad)
        seen[a] = i
    k = len(alphabet)
    rows = obj["transitions"]
    if not isinstance(rows, list):
        raise FileFormatError(source, "transitions", f"expected a list of rows, found {_kind(rows)}")
    n = len(rows)
    if n == 0:
        raise FileFormatError(source, "transitions", "no states (a DFA needs at least one)")
    if n > max_states:
        raise FileFormatError(source, "transitions", f"{n} states: more than max_states = {max_states}")
    for q, row in enumerate(rows):
        if not isinstance(row, list):
            raise FileFormatError(source, f"transitions[{q}]", f"expected a list, found {_kind(row)}")
        if len(row) != k:
            raise FileFormatError(source, f"transitions[{q}]",
                                  f"has {len(row)} {'entry' if len(row) == 1 else 'entries'}, expected {k} "
                                  f"(one per letter)")
        for i, t in enumerate(row):
            if not _is_int(t):
                raise FileFormatError(source, f"transitions[{q}][{i}]",
                                      f"expected a state number, found {_kind(t)}")
            if not 0 <= t < n:
                raise FileFormatError(source, f"transitions[{q}][{i}]",
                                      f"state {t} out of range 0..{n - 1}")
    initial = obj["initial"]
    if not _is_int(initial):
        raise FileFormatError(source, "initial", f"expected a state number, found {_kind(initial)}")
    if not 0 <= initial < n:
        raise FileFormatError(source, "initial", f"state {initial} out of range 0..{n - 1}")
    accepting = obj["accepting"]
    if not isinstance(accepting, list):
        raise FileFormatError(source, "accepting", f"expected a list of states, found {_kind(accepting)}")
    for j, q in enumerate(accepting):
        if not _is_int(q):
            raise FileFormatError(source, f"accepting[{j}]", f"expected a state number, found {_kind(q)}")
        if not 0 <= q < n:
            raise FileFormatError(source, f"accepting[{j}]", f"state {q} out of range 0..{n - 1}")
    table = np.array(rows, dtype=np.int64).reshape(n, k)
    acc = np.zeros(n, dtype=bool)
    acc[np.asarray(accepting, dtype=np.int64)] = True
    return DFA._trusted(tuple(alphabet), table, initial, acc)


def dfa_from_json(text: str, source: str = "<dfa>", max_states: int = MAX_DFA_STATES) -> DFA:
    """Parse the DFA JSON of cli.md (errors name the field: FileFormatError).  Refused as
    well: duplicate keys, integers of more than MAX_INT_DIGITS digits, NaN/Infinity."""
    try:
        obj = strict_json_loads(text, MAX_INT_DIGITS)
    except StrictJSONError as exc:
        raise FileFormatError(source, "(json)", str(exc)) from None
    except json.JSONDecodeError as exc:
        raise FileFormatError(source, "(json)", f"not valid JSON: {exc.msg} at line {exc.lineno} "
                                                f"column {exc.colno}") from None
    except RecursionError:
        raise FileFormatError(source, "(json)", "nested too deeply") from None
    return dfa_from_dict(obj, source, max_states)


def read_dfa_file(path: str, max_bytes: int = MAX_DFA_BYTES, max_states: int = MAX_DFA_STATES) -> DFA:
    """Read a DFA JSON file (``-`` = standard input), at most ``max_bytes`` characters
    (a device such as /dev/zero is read no further than that)."""
    text = read_text_capped(path, max_bytes)
    return dfa_from_json(text, "<stdin>" if path == "-" else path, max_states)


# -- DOT ------------------------------------------------------------------------------
def _dot_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(dfa: DFA, name: str = "dfa") -> str:
    """Graphviz DOT text (deterministic order)."""
    lines = [f"digraph {_dot_quote(name)} {{", "  rankdir=LR;",
             '  node [shape=circle];', '  __start [shape=point, label=""];']
    for q in range(dfa.n_states):
        shape = "doublecircle" if dfa.accepting[q] else "circle"
        lines.append(f"  {q} [shape={shape}];")
    lines.append(f"  __start -> {dfa.initial};")
    T = np.asarray(dfa.transitions)
    for q in range(dfa.n_states):
        groups: dict[int, list[str]] = {}
        for i, t in enumerate(T[q].tolist()):
            groups.setdefault(t, []).append(dfa.alphabet[i])
        for t, letters in groups.items():
            lines.append(f"  {q} -> {t} [label={_dot_quote(','.join(letters))}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


# -- HOA ------------------------------------------------------------------------------
def _hoa_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_hoa(dfa: DFA, name: str = "attnlogic DFA") -> str:
    """HOA v1 text with the finite-word convention of the module docstring."""
    k = len(dfa.alphabet)
    minterms = ["&".join(str(j) if j == i else f"!{j}" for j in range(k)) for i in range(k)]
    out = [
        "HOA: v1",
        "/* Finite-word DFA (attnlogic convention): a finite word is accepted iff its run ends",
        "   in a state marked {0}; each position makes exactly one AP (letter) true.",
        "   Do not read this automaton with Buchi (infinite-word) semantics. */",
        f"name: {_hoa_quote(name)}",
        f"States: {dfa.n_states}",
        f"Start: {dfa.initial}",
        f"AP: {k}" + "".join(" " + _hoa_quote(a) for a in dfa.alphabet),
        "acc-name: Buchi",
        "Acceptance: 1 Inf(0)",
        "properties: trans-labels explicit-labels state-acc deterministic",
        "--BODY--",
    ]
    T = np.asarray(dfa.transitions)
    for q in range(dfa.n_states):
        out.append(f"State: {q}" + (" {0}" if dfa.accepting[q] else ""))
        for i in range(k):
            out.append(f"[{minterms[i]}] {int(T[q, i])}")
    out.append("--END--")
    return "\n".join(out) + "\n"


def from_hoa(text: str, source: str = "<hoa>") -> DFA:
    """Read back HOA written with our convention (state-based {0}, one minterm per letter)."""
    header, sep, body = text.partition("--BODY--")
    if not sep:
        raise FileFormatError(source, "--BODY--", "missing")
    header = re.sub(r"/\*.*?\*/", " ", header, flags=re.S)
    m = re.search(r"^AP:\s*(\d+)((?:\s+\"(?:[^\"\\]|\\.)*\")*)", header, flags=re.M)
    if not m:
        raise FileFormatError(source, "AP", "missing")
    aps = [json.loads(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', m.group(2))]
    start = re.search(r"^Start:\s*(\d+)", header, flags=re.M)
    states = re.search(r"^States:\s*(\d+)", header, flags=re.M)
    if not start or not states:
        raise FileFormatError(source, "Start" if not start else "States", "missing")
    n, k = int(states.group(1)), len(aps)
    table = np.full((n, k), -1, dtype=np.int64)
    acc = np.zeros(n, dtype=bool)
    q = None
    for line in body.replace("--END--", "").splitlines():
        line = line.strip()
        if not line:
            continue
        sm = re.fullmatch(r"State:\s*(\d+)(?:\s*\"[^\"]*\")?\s*(\{[\d\s]*\})?", line)
        if sm:
            q = int(sm.group(1))
            acc[q] = bool(sm.group(2)) and "0" in sm.group(2).strip("{}").split()
            continue
        em = re.fullmatch(r"\[([^\]]*)\]\s*(\d+)", line)
        if not em or q is None:
            raise FileFormatError(source, "--BODY--", f"cannot read line {line!r}")
        positive = [int(t) for t in re.findall(r"(?<![!\d])(\d+)", em.group(1))]
        if len(positive) != 1:
            raise FileFormatError(source, "--BODY--", f"label {em.group(1)!r} is not one letter")
        table[q, positive[0]] = int(em.group(2))
    return DFA(tuple(aps), table, int(start.group(1)), acc)


# -- MONA / ltlf2dfa DOT ----------------------------------------------------------------
_GUARD_TOKEN = re.compile(r"\s*(?:(true|false)\b|([A-Za-z_][A-Za-z0-9_]*)|(~|!|&|\||\(|\)))")


def _eval_guard(guard: str, true_atom: str | None, source: str) -> bool:
    """Truth of a propositional guard when exactly ``true_atom`` holds (None: nothing holds)."""
    tokens: list[tuple[str, object]] = []
    pos = 0
    guard = guard.strip()
    while pos < len(guard):
        m = _GUARD_TOKEN.match(guard, pos)
        if not m or m.end() == pos:
            raise FileFormatError(source, "label", f"cannot read guard {guard!r}")
        if m.group(1):
            tokens.append(("val", m.group(1) == "true"))
        elif m.group(2):
            tokens.append(("val", m.group(2) == true_atom))
        else:
            tokens.append(("op", m.group(3)))
        pos = m.end()
    # shunting-yard evaluation: ~/! > & > |
    prec = {"|": 1, "&": 2}
    values: list[bool] = []
    ops: list[str] = []

    def reduce_top():
        op = ops.pop()
        b, a = values.pop(), values.pop()
        values.append(a and b if op == "&" else a or b)

    negs: list[int] = [0]
    try:
        for kind, tok in tokens:
            if kind == "val":
                v = bool(tok)
                while negs[-1]:
                    v, negs[-1] = not v, negs[-1] - 1
                values.append(v)
            elif tok in ("~", "!"):
                negs[-1] += 1
            elif tok == "(":
                ops.append("(")
                negs.append(0)
            elif tok == ")":
                while ops[-1] != "(":
                    reduce_top()
                ops.pop()
                negs.pop()
                v = values.pop()
                while negs[-1]:
                    v, negs[-1] = not v, negs[-1] - 1
                values.append(v)
            else:
                while ops and ops[-1] != "(" and prec[ops[-1]] >= prec[tok]:
                    reduce_top()
                ops.append(tok)
        while ops:
            reduce_top()
        (result,) = values
    except (IndexError, KeyError, ValueError):
        raise FileFormatError(source, "label", f"cannot read guard {guard!r}") from None
    return result


def from_mona_dot(text: str, alphabet: Sequence[str], source: str = "<mona dot>") -> DFA:
    """The DFA of ltlf2dfa / MONA DOT output over a letter alphabet (see module doc)."""
    alphabet = tuple(alphabet)
    init = re.search(r"\binit\s*->\s*(\w+)\s*;", text)
    if not init:
        raise FileFormatError(source, "init", "no 'init -> state' edge")
    finals: set[str] = set()
    for m in re.finditer(r"node\s*\[\s*shape\s*=\s*doublecircle\s*\]\s*;([^\n]*)", text):
        finals.update(t for t in re.findall(r"(\w+)\s*;", m.group(1)))
    edges = [(m.group(1), m.group(2), m.group(3))
             for m in re.finditer(r"^\s*(\w+)\s*->\s*(\w+)\s*\[\s*label\s*=\s*\"([^\"]*)\"\s*\]\s*;",
                                  text, flags=re.M)
             if m.group(1) != "init"]
    names: dict[str, int] = {}
    for s in [init.group(1)] + [x for e in edges for x in e[:2]] + sorted(finals):
        names.setdefault(s, len(names))
    n, k = len(names), len(alphabet)
    table = np.full((n, k), -1, dtype=np.int64)
    for s, t, guard in edges:
        for i, letter in enumerate(alphabet):
            if _eval_guard(guard, letter, source):
                if table[names[s], i] not in (-1, names[t]):
                    raise FileFormatError(source, f"edge {s} -> {t}",
                                          f"two transitions from {s} on letter {letter!r}")
                table[names[s], i] = names[t]
    return DFA(alphabet, table, names[init.group(1)], [names[s] for s in finals])
