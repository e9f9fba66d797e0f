"""Reading and writing DFAs: JSON, DOT, HOA, MONA's DOT and the AT&T/OpenFst text format
(docs/file-formats.md describes each with examples).

:func:`read_dfa_text` (and :func:`read_dfa_file`, ``-`` = standard input) recognises the
format from the text itself: JSON starts with ``{``, HOA with ``HOA:``, DOT has a
``digraph`` (``mona-dot`` when it has an ``init ->`` edge; both are read alike), GraphML a
``<graphml`` root element (read by :func:`~.convert.from_graphml`), anything else is read as
AT&T text.  Every reader returns a complete DFA: a missing transition goes to a
new rejecting sink state.

JSON (``dfa_to_json`` / ``dfa_from_json``)
    ``{"alphabet": [...], "initial": q0, "accepting": [...], "transitions": [[...], ...]}``,
    one line, keys in that order, accepting states sorted.  ``transitions[q][i]`` is the
    successor of q on ``alphabet[i]``.  The writer prints the DFA as it is; minimise first
    (:meth:`DFA.minimal`) for the canonical file.  The reader checks every field and raises
    :class:`~attnlogic.kernel.errors.FileFormatError` naming it (``transitions[3][1]``, …).
    Extra keys are ignored.

DOT (``to_dot``)
    Graphviz text; states in numeric order, one edge per (source, target) labelled with
    the letters that take it (in alphabet order), accepting states as double circles.

DOT (``from_dot``)
    Parsed by pydot as Graphviz reads it and read as an automaton by :mod:`.dot_reader`
    (node and subgraph defaults, quoted/HTML IDs, laid-out files, automata-lib, Spot,
    MONA/ltlf2dfa and networkx output); labels are letter lists or propositional guards.
    Our writer records the alphabet in a ``// alphabet: [...]`` comment (JSON).

HOA (``to_hoa`` / ``from_hoa``), convention for finite words (Spot's)
    ``Acceptance: 1 Inf(0)``; a finite word is accepted iff its run *ends* in a state
    marked ``{0}``, or, with marks on edges, iff its last edge is marked.  The writer
    labels every edge with the one-hot minterm of its letter (``[0&!1&!2]``) and marks the
    file ``attnlogic-letters: one-hot`` (read back one-hot, as the same DFA).  Other files
    are read with one letter per valuation of the APs (:mod:`.propositions`), or one-hot
    when asked (an edge that reading would lose is refused).  The reader
    (:mod:`.hoa_reader`) follows the grammar of HOA v1: implicit and state labels, aliases,
    nested comments, white space anywhere.  Sizes are checked before anything is
    allocated; see :mod:`.hoa_reader` for the refusals.

MONA / ltlf2dfa DOT (``from_mona_dot``)
    ltlf2dfa prints MONA's DFA as DOT with propositional guards over its atoms (``~a & b``,
    ``true``): read like any DOT, over valuations, or one-hot over a given alphabet
    (letters that are not propositions: all false).

AT&T / OpenFst text (``from_att``)
    What ``fstprint`` writes: one arc per line, ``src dst label`` (an acceptor) or
    ``src dst ilabel olabel`` with equal labels, optionally followed by a weight; a final
    state is a line ``state`` or ``state weight``.  The source of the first arc is the
    initial state (OpenFst's convention); weights are ignored, except that a final weight
    of ``Infinity`` (the tropical zero) means not final.  Letters are the labels as written
    (numeric labels stay the strings "1", "2", …); the label ``<eps>`` (or ``0`` in an
    all-numeric file, OpenFst's reserved epsilon), transducers with differing labels and
    non-determinism are refused — run ``fstrmepsilon``/``fstdeterminize`` first.

The Language Toolkit's AT&T files (``from_att``)
    plebby's ``:writeATT`` writes the transitions (tab-separated ``src dst in out``, the
    initial state the source of the first line, then the final states) and, optionally,
    the symbol tables; MLRegTest's ``.att`` language files are such transitions files.
    LTK's one-file form appends a ``* * *`` line and the input-symbol table (``symbol
    tag``, ``<EPS> 0``), where a numeric label is a tag of the table.  ``<EPS>`` labels
    (LTK's epsilon, written for several initial states) are refused like ``<eps>``.

The Language Toolkit's pleb programs (``read_pleb_file``, :mod:`.pleb`)
    A ``.plebby`` script (plebby's lines: pleb statements and ``:`` commands, MLRegTest's
    language files) or a ``.pleb`` program is interpreted: its language is ``it`` over its
    ``universe``.  Text without a file name (standard input) is read as a plebby script
    when it has a ``:`` command or ``=`` assignment line (``:import`` relative to the
    current directory; :func:`read_dfa_text` refuses ``:import`` unless given a folder).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Sequence

import numpy as np

from attnlogic.kernel.errors import FileFormatError, InputError
from attnlogic.kernel.limits import FILE_STATE_LIMIT, renamed_parameters
from attnlogic.kernel.fileio import StrictJSONError, read_text_capped, strict_json_loads
from attnlogic.kernel.fileio import write_text_atomic  # noqa: F401  (part of this module's API)

from .convert import from_graphml, to_graphml
from .dfa import DFA, letter_problem
from .dot_reader import read_dot
from .partial import MAX_TABLE_ENTRIES, complete_partial  # noqa: F401  (part of this module's API)
from .pleb import PLEB_SUFFIXES, is_pleb_text, read_pleb, read_pleb_file
from .hoa_reader import HOA_ONE_HOT_HEADER, read_hoa

__all__ = ["dfa_to_json", "dfa_from_json", "dfa_to_dict", "dfa_from_dict", "read_dfa_file",
           "read_dfa_text", "detect_format", "dfa_text", "write_dfa", "WRITE_FORMATS", "complete_partial", "FORMATS", "write_text_atomic", "to_dot", "from_dot",
           "to_hoa", "from_hoa", "from_mona_dot", "from_att"]


# -- JSON -----------------------------------------------------------------------------
#: largest DFA file read (bytes; ``max_bytes``): a bound on the memory reading may take
MAX_DFA_BYTES = 64 * 2**20
#: most states a DFA file may declare by default (``state_limit``, which raises it: a bound on
#: what a file can make the reader allocate before anything is checked;
#: :data:`attnlogic.kernel.limits.FILE_STATE_LIMIT`)
MAX_DFA_STATES = FILE_STATE_LIMIT
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


@renamed_parameters(max_states="state_limit")
def dfa_from_dict(obj, source: str = "<dfa>", state_limit: int = MAX_DFA_STATES) -> DFA:
    """A DFA from the parsed JSON object, checking every field (FileFormatError); at most
    ``state_limit`` states."""
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
    if n > state_limit:
        err = FileFormatError(source, "transitions", f"{n} states: more than state_limit = {state_limit} "
                                                      "(raise state_limit to read it)")
        err.parameters = ("state_limit",)
        raise err
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


@renamed_parameters(max_states="state_limit")
def dfa_from_json(text: str, source: str = "<dfa>", state_limit: int = MAX_DFA_STATES) -> DFA:
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
    return dfa_from_dict(obj, source, state_limit)


FORMATS = ("json", "hoa", "dot", "mona-dot", "att", "graphml", "pleb")


def detect_format(text: str) -> str:
    """``json``, ``hoa``, ``dot``, ``mona-dot``, ``graphml``, ``pleb`` (a plebby script) or
    ``att`` (see the module docstring)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "[", '"')) or re.match(r"(null|true|false)\s*$", head):
        return "json"
    if head.startswith("HOA:"):
        return "hoa"
    if head.startswith("<") and re.search(r"<graphml\b", head[:4096]):
        return "graphml"
    if re.match(r"(strict\s+)?(di)?graph\b", head) or re.search(r"^\s*digraph\b", head, flags=re.M):
        return "mona-dot" if re.search(r"\binit\s*->", head) and "__start" not in head else "dot"
    if is_pleb_text(text):
        return "pleb"
    return "att"


@renamed_parameters(max_states="state_limit")
def read_dfa_text(text: str, source: str = "<dfa>", alphabet: Sequence[str] | None = None,
                  state_limit: int = MAX_DFA_STATES, *, one_hot: bool | None = None,
                  folder: str | None = None) -> DFA:
    """A DFA from text in any format of the module docstring (detected).  ``alphabet``: for
    DOT with letter labels and AT&T text, the alphabet to read over (it must contain every
    label; the rest go to the sink); for guards over propositions (MONA, Spot DOT), the
    letters of the one-hot reading.  ``one_hot``: read HOA and DOT guards with the
    propositions as letters instead of one letter per valuation (:mod:`.propositions`);
    None: the file's own convention (valuations, or one-hot for our HOA files).  ``folder``:
    where a plebby script's ``:import``/``:read`` look; None (text from anywhere, such as
    an upload): they are refused, so that reading text never reads files."""
    kind = detect_format(text)
    if kind == "json":
        return dfa_from_json(text, source, state_limit)
    if kind == "hoa":
        d = from_hoa(text, source, one_hot=one_hot, state_limit=state_limit)
        if alphabet is not None:
            missing = [a for a in d.alphabet if a not in alphabet]
            if missing:
                raise FileFormatError(source, "AP", f"letter {missing[0]!r} is not in the given alphabet "
                                                    f"{list(alphabet)}")
        return d
    if kind in ("dot", "mona-dot"):
        return from_dot(text, source, alphabet, one_hot=bool(one_hot))
    if kind == "graphml":
        return from_graphml(text, source, alphabet)
    if kind == "pleb":
        return read_pleb(text, source, folder, alphabet=alphabet, state_limit=state_limit)
    return from_att(text, source, alphabet)


@renamed_parameters(max_states="state_limit")
def read_dfa_file(path: str, alphabet: Sequence[str] | None = None, max_bytes: int = MAX_DFA_BYTES,
                  state_limit: int = MAX_DFA_STATES, *, one_hot: bool | None = None) -> DFA:
    """Read a DFA file in any supported format (``-`` = standard input), at most
    ``max_bytes`` characters (a device such as /dev/zero is read no further than that).
    A ``.pleb`` or ``.plebby`` file is a pleb program (:func:`~.pleb.read_pleb_file`; its
    ``:import`` files relative to its folder, ``state_limit`` the subset constructions' bound)."""
    if path != "-" and str(path).endswith(PLEB_SUFFIXES):
        return read_pleb_file(path, alphabet=alphabet, state_limit=state_limit, max_bytes=max_bytes)
    text = read_text_capped(path, max_bytes)
    # a plebby script on standard input imports from the working directory, as plebby does
    return read_dfa_text(text, "<stdin>" if path == "-" else path, alphabet, state_limit, one_hot=one_hot,
                         folder="." if path == "-" else str(Path(path).parent))


def _reading_alphabet(labels: Sequence[str], alphabet: Sequence[str] | None, source: str, field: str):
    """The given alphabet (which must contain every label), else the labels in order."""
    if alphabet is None:
        return tuple(labels)
    alphabet = tuple(alphabet)
    missing = [a for a in labels if a not in alphabet]
    if missing:
        raise FileFormatError(source, field, f"letter {missing[0]!r} is not in the given alphabet {list(alphabet)}")
    return alphabet


# -- DOT ------------------------------------------------------------------------------
def _dot_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(dfa: DFA, name: str = "dfa") -> str:
    """Graphviz DOT text (deterministic order)."""
    lines = [f"digraph {_dot_quote(name)} {{", "  rankdir=LR;",
             f"  // alphabet: {json.dumps(list(dfa.alphabet), ensure_ascii=False)}",
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
            if "," in dfa.alphabet:      # the letter ',' cannot share a label: one edge per letter
                lines.extend(f"  {q} -> {t} [label={_dot_quote(a)}];" for a in letters)
            else:
                lines.append(f"  {q} -> {t} [label={_dot_quote(','.join(letters))}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def from_dot(text: str, source: str = "<dot>", alphabet: Sequence[str] | None = None, *,
             one_hot: bool = False) -> DFA:
    """The DFA of DOT text, parsed by pydot as Graphviz reads it (:mod:`.dot_reader`)."""

    return read_dot(text, source, alphabet, one_hot=one_hot)


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
        _HOA_ONE_HOT,
        "--BODY--",
    ]
    T = np.asarray(dfa.transitions)
    for q in range(dfa.n_states):
        out.append(f"State: {q}" + (" {0}" if dfa.accepting[q] else ""))
        for i in range(k):
            out.append(f"[{minterms[i]}] {int(T[q, i])}")
    out.append("--END--")
    return "\n".join(out) + "\n"


#: the header our writer adds: its edges are one-hot minterms, read one-hot by default
_HOA_ONE_HOT = ": ".join(HOA_ONE_HOT_HEADER)


@renamed_parameters(max_states="state_limit")
def from_hoa(text: str, source: str = "<hoa>", *, one_hot: bool | None = None,
             state_limit: int = MAX_DFA_STATES) -> DFA:
    """A DFA from HOA text with the finite-word convention of the module docstring, read by
    :func:`.hoa_reader.read_hoa` (tokens as the HOA v1 grammar says: explicit, implicit and
    state labels, aliases, nested comments).

    Letters: by default one per valuation of the APs (:mod:`.propositions`: ``a&!b`` …),
    so every edge is kept; ``one_hot=True`` (the default for files our writer marked
    ``attnlogic-letters: one-hot``) takes the APs as the letters, and an edge that no
    one-hot valuation takes is an error naming its line.  Acceptance ``1 Inf(0)``: states
    marked ``{0}`` are final (the empty word is accepted iff the initial state is), or
    edges marked ``{0}`` are accepting (a word is accepted iff its last edge is; the empty
    word never, as in Spot's finite-word automata)."""

    return read_hoa(text, source, one_hot=one_hot, state_limit=state_limit)


# -- AT&T / OpenFst text ------------------------------------------------------------------
#: the line that separates the transitions from the symbol tables in the Language Toolkit's
#: one-file AT&T form (its ``embedSymbolsATT``)
LTK_SEPARATOR = "* * *"
#: the Language Toolkit's epsilon label
LTK_EPSILON = "<EPS>"


def _att_symbols(lines, first: int, source: str) -> dict[str, str]:
    """The input-symbol table after the separator: ``symbol tag`` lines → {tag: symbol}
    (tag 0, the epsilon, left out)."""
    table: dict[str, str] = {}
    for offset, raw in enumerate(lines):
        fields = raw.split()
        if not fields:
            continue
        where = f"line {first + offset}"
        if len(fields) != 2 or not _NAT.fullmatch(fields[1]):
            raise FileFormatError(source, where, f"a symbol-table line is 'symbol tag' (tag a number), "
                                                 f"got {raw.strip()[:60]!r}")
        if fields[1] != "0":
            table[fields[1]] = fields[0]
    return table


def from_att(text: str, source: str = "<att>", alphabet: Sequence[str] | None = None) -> DFA:
    """A DFA from AT&T/OpenFst text (see the module docstring), including the Language
    Toolkit's files: plebby's ``:writeATT`` transitions file (MLRegTest's ``.att`` files
    are these) and LTK's one-file form, the transitions followed by a ``* * *`` line and
    the input-symbol table (``symbol tag`` lines; a numeric label is a tag of that table),
    then optionally ``* * *`` and the output table.  A pleb program (``.plebby``) is
    refused here: :func:`read_dfa_text` and :func:`read_dfa_file` interpret it."""
    lines = text.splitlines()
    cut = [i for i, line in enumerate(lines) if line.strip() == LTK_SEPARATOR]
    symbols: dict[str, str] = {}
    if cut:
        end = cut[1] if len(cut) > 1 else len(lines)
        symbols = _att_symbols(lines[cut[0] + 1:end], cut[0] + 2, source)
        lines = lines[:cut[0]]
    if is_pleb_text("\n".join(lines)):
        raise FileFormatError(source, "(file)", "a pleb program of the Language Toolkit (a ':' "
                                                "command or '=' assignment line), not an automaton: "
                                                "read it with read_dfa_text or read_dfa_file")
    arcs, final_lines = [], []
    for lineno, raw in enumerate(lines, 1):
        fields = raw.split()
        if not fields or raw.lstrip().startswith("#"):
            continue
        where = f"line {lineno}"
        if not _NAT.fullmatch(fields[0]) or len(fields) > 5:
            hint = ("; a pleb expression is read from a file named .pleb or .plebby, or from text "
                    "with a ':' command or '=' assignment line" if _PLEB_LOOKING.search(raw) else "")
            raise FileFormatError(source, where, f"cannot read {raw.strip()[:60]!r} as an AT&T arc "
                                                 "'src dst label [weight]' or final state 'state [weight]' "
                                                 f"(not a DFA in JSON, HOA, DOT or AT&T text{hint})")
        if len(fields) <= 2:
            if len(fields) == 2 and not _is_weight(fields[1]):
                raise FileFormatError(source, where, f"final weight {fields[1]!r} is not a number")
            if len(fields) == 1 or fields[1].lower() not in ("infinity", "inf"):
                final_lines.append(int(fields[0]))
            continue
        if not _NAT.fullmatch(fields[1]):
            raise FileFormatError(source, where, f"target {fields[1]!r} is not a state number")
        label = fields[2]
        if len(fields) >= 4 and fields[3] != label and not (len(fields) == 4 and _is_weight(fields[3])):
            raise FileFormatError(source, where, f"input label {label!r} and output label {fields[3]!r} "
                                                 "differ: a transducer, not an acceptor")
        if symbols:
            label = symbols.get(label, label)
        arcs.append((int(fields[0]), int(fields[1]), label, where))
    if not arcs and not final_lines:
        raise FileFormatError(source, "(file)", "empty: not a DFA in JSON, HOA, DOT or AT&T text "
                                                "(no arcs and no final states)")
    numeric = all(_NAT.fullmatch(a[2]) for a in arcs)
    for s_, t_, label, where in arcs:
        if label in ("<eps>", LTK_EPSILON) or (numeric and label == "0"):
            raise FileFormatError(source, where, "an epsilon arc: remove epsilons and determinise first "
                                                 "(fstrmepsilon, fstdeterminize)")
    labels = list(dict.fromkeys(a[2] for a in arcs))
    labels.sort(key=(lambda x: int(x)) if numeric else None)
    letters = _reading_alphabet(labels, alphabet, source, "label")
    index = {a: i for i, a in enumerate(letters)}
    initial = arcs[0][0] if arcs else final_lines[0]
    names: dict[int, int] = {initial: 0}
    for q in [x for a in arcs for x in a[:2]] + final_lines:
        names.setdefault(q, len(names))
    edges = [(names[s_], index[label], names[t_], where) for s_, t_, label, where in arcs]
    return complete_partial(letters, len(names), edges, 0, [names[q] for q in final_lines], source)


_NAT = re.compile(r"[0-9]+")
#: characters of pleb's factors and connectives (<a b>, ~, /\, \/, ⋀, ⋁, ¬, ⟨): a line with one
#: that is no AT&T line gets a hint that pleb programs are read by name or by their commands
_PLEB_LOOKING = re.compile(r"[<~¬⋀⋁⟨]|/\\|\\/")


def _is_weight(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


# -- MONA / ltlf2dfa DOT ----------------------------------------------------------------


def from_mona_dot(text: str, alphabet: Sequence[str] | None = None, source: str = "<mona dot>", *,
                  one_hot: bool = False) -> DFA:
    """The DFA of ltlf2dfa / MONA DOT output (see the module docstring): over the valuations
    of its propositions, or over ``alphabet`` (one-hot: the letter x is "x true, every other
    proposition false"; letters that are no proposition: all false)."""

    return read_dot(text, source, alphabet, one_hot=one_hot)


#: the writer of each format :func:`dfa_text` writes
_WRITERS = {"json": lambda dfa: dfa_to_json(dfa) + "\n", "dot": to_dot, "hoa": to_hoa, "graphml": to_graphml}
#: the formats :func:`dfa_text` writes (``attnlogic dfa --format``)
WRITE_FORMATS = tuple(_WRITERS)


def dfa_text(dfa: DFA, fmt: str = "json") -> str:
    """The text of ``dfa`` in the format named ``fmt`` (:data:`WRITE_FORMATS`): JSON (one
    line and a newline), Graphviz DOT, HOA, GraphML.  InputError naming ``fmt`` for any other."""
    if fmt not in WRITE_FORMATS:
        raise InputError(f"fmt: a format the DFA is written in, one of {', '.join(WRITE_FORMATS)}; "
                         f"got {fmt!r}", parameters=("fmt",))
    return _WRITERS[fmt](dfa)


def write_dfa(dfa: DFA, path, fmt: str = "json") -> None:
    """Write ``dfa`` to ``path`` in the format named ``fmt`` (:func:`dfa_text`), atomically
    (:func:`~attnlogic.kernel.fileio.write_text_atomic`: a complete file or none)."""
    write_text_atomic(path, dfa_text(dfa, fmt))
