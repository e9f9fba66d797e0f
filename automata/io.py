"""Reading and writing DFAs: JSON, DOT, HOA, MONA's DOT and the AT&T/OpenFst text format
(docs/file-formats.md describes each with examples).

:func:`read_dfa_text` (and :func:`read_dfa_file`, ``-`` = standard input) recognises the
format from the text itself: JSON starts with ``{``, HOA with ``HOA:``, DOT has a
``digraph`` (MONA's when it has an ``init ->`` edge and propositional guards), GraphML a
``<graphml`` root element (read by :func:`~.convert.from_graphml`), anything else is read as
AT&T text.  Every reader returns a complete DFA: a missing transition goes to a
new rejecting sink state.

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

DOT (``from_dot``)
    Reads our DOT back, and DOT in the same shape from elsewhere: ``q -> r [label="a,b"]``
    edges (the label lists letters separated by commas), ``shape=doublecircle`` for final
    states, the initial state as the target of an edge from a ``shape=point`` (or
    ``plaintext``) node or a node named ``__start``/``start``/``init``.  Our writer records the
    alphabet in a ``// alphabet: [...]`` comment (JSON), which the reader uses when present.

HOA (``to_hoa`` / ``from_hoa``), convention for finite words
    HOA v1 has no finite-word acceptance, so we fix one (as Spot does for LTLf): the
    atomic propositions are the letters, ``AP: k "a" "b" …``, and a position carries
    exactly one of them; every edge is labelled with the full minterm of its letter
    (``[0&!1&!2]``), so the automaton is deterministic over any valuations.  Final states
    are marked with state-based acceptance set 0 under ``Acceptance: 1 Inf(0)``: a finite
    word is accepted iff its run *ends* in a state marked ``{0}``.  A header comment
    repeats this; tools must not read the automaton with Büchi semantics.

    The reader takes any explicit Boolean label over the APs, as Spot writes them
    (``[!0]``, ``[0&!1]``, ``[0|1]``, ``[t]``, ``[f]``, parentheses), with the same
    *one-letter-per-position* reading: letter i is the valuation "AP i true, every other AP
    false", so ``[!0]`` over APs a, b is taken by the letter b only.  (A label that no
    letter satisfies, such as ``[0&1]``, is never taken.)  Implicit labels, aliases,
    several start states, transition-based acceptance marks and two edges taken by one
    letter are refused, naming the line.

MONA / ltlf2dfa DOT (``from_mona_dot``)
    ltlf2dfa prints MONA's DFA as DOT with propositional guards over its atoms
    (``~a & b``, ``a | b``, ``true``).  Reading it over a letter alphabet interprets the
    letter x as the valuation "x true, every other proposition false" (letters that are
    not propositions: all false).  A state listed on the ``doublecircle`` line is final,
    even when the next line lists it again as a circle (a quirk of that output); states
    that occur only as edge targets are ordinary states; missing transitions go to a sink.

AT&T / OpenFst text (``from_att``)
    What ``fstprint`` writes: one arc per line, ``src dst label`` (an acceptor) or
    ``src dst ilabel olabel`` with equal labels, optionally followed by a weight; a final
    state is a line ``state`` or ``state weight``.  The source of the first arc is the
    initial state (OpenFst's convention); weights are ignored, except that a final weight
    of ``Infinity`` (the tropical zero) means not final.  Letters are the labels as written
    (numeric labels stay the strings "1", "2", …); the label ``<eps>`` (or ``0`` in an
    all-numeric file, OpenFst's reserved epsilon), transducers with differing labels and
    non-determinism are refused — run ``fstrmepsilon``/``fstdeterminize`` first.
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
           "read_dfa_text", "detect_format", "complete_partial", "FORMATS", "write_text_atomic", "to_dot", "from_dot",
           "to_hoa", "from_hoa", "from_mona_dot", "from_att"]


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


FORMATS = ("json", "hoa", "dot", "mona-dot", "att", "graphml")


def detect_format(text: str) -> str:
    """``json``, ``hoa``, ``dot``, ``mona-dot``, ``graphml`` or ``att`` (see the module
    docstring)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "[", '"')) or re.match(r"(null|true|false)\s*$", head):
        return "json"
    if head.startswith("HOA:"):
        return "hoa"
    if head.startswith("<") and re.search(r"<graphml\b", head[:4096]):
        return "graphml"
    if re.match(r"(strict\s+)?(di)?graph\b", head) or re.search(r"^\s*digraph\b", head, flags=re.M):
        return "mona-dot" if re.search(r"\binit\s*->", head) and "__start" not in head else "dot"
    return "att"


def read_dfa_text(text: str, source: str = "<dfa>", alphabet: Sequence[str] | None = None,
                  max_states: int = MAX_DFA_STATES) -> DFA:
    """A DFA from text in any format of the module docstring (detected).  ``alphabet``: the
    letters for MONA DOT (default: its propositions, sorted); for DOT and AT&T text the
    alphabet to read over (it must contain every label; the rest go to the sink)."""
    kind = detect_format(text)
    if kind == "json":
        return dfa_from_json(text, source, max_states)
    if kind == "hoa":
        return from_hoa(text, source)
    if kind == "mona-dot":
        if alphabet is None:
            alphabet = sorted({t for m in re.finditer(r'label\s*=\s*"([^"]*)"', text)
                               for t in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", m.group(1))}
                              - {"true", "false"})
            if not alphabet:
                raise FileFormatError(source, "label", "MONA DOT without propositions: give the alphabet")
        return from_mona_dot(text, alphabet, source)
    if kind == "dot":
        return from_dot(text, source, alphabet)
    if kind == "graphml":
        from .convert import from_graphml
        return from_graphml(text, source, alphabet)
    return from_att(text, source, alphabet)


def read_dfa_file(path: str, alphabet: Sequence[str] | None = None, max_bytes: int = MAX_DFA_BYTES,
                  max_states: int = MAX_DFA_STATES) -> DFA:
    """Read a DFA file in any supported format (``-`` = standard input), at most
    ``max_bytes`` characters (a device such as /dev/zero is read no further than that)."""
    text = read_text_capped(path, max_bytes)
    return read_dfa_text(text, "<stdin>" if path == "-" else path, alphabet, max_states)


def complete_partial(alphabet: Sequence[str], n: int, edges, initial: int, finals, source: str) -> DFA:
    """The complete DFA of partial ``edges`` (source, letter index, target) over states
    0..n-1: a missing transition goes to a new rejecting sink (added only when needed);
    two different targets for one (state, letter) are refused."""
    k = len(alphabet)
    table = np.full((n, k), -1, dtype=np.int64)
    for q, i, t, where in edges:
        if table[q, i] not in (-1, t):
            raise FileFormatError(source, where, f"two transitions on letter {alphabet[i]!r} from the "
                                                 f"same state (a nondeterministic automaton; determinise it first)")
        table[q, i] = t
    acc = np.zeros(n, dtype=bool)
    acc[list(finals)] = True
    if (table < 0).any():
        table = np.vstack([table, np.full((1, k), n, dtype=np.int64)])
        table[table < 0] = n
        acc = np.append(acc, False)
    return DFA(tuple(alphabet), table, initial, acc)


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
            lines.append(f"  {q} -> {t} [label={_dot_quote(','.join(letters))}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


_DOT_ID = r'(?:"(?:[^"\\]|\\.)*"|[A-Za-z0-9_.]+)'
_DOT_NODE = re.compile(rf"^\s*({_DOT_ID})\s*(?:\[(.*)\])?\s*$", re.S)
_DOT_EDGE = re.compile(rf"^\s*({_DOT_ID})\s*->\s*({_DOT_ID})\s*(?:\[(.*)\])?\s*$", re.S)


def _dot_statements(text: str) -> list[str]:
    """The statements of a DOT body: split at ';' and line ends outside quotes, comments dropped."""
    body = text[text.find("{") + 1:text.rfind("}")] if "{" in text else text
    out, cur = [], []
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*.*?\*/|[;\n]|[^;\n"/]+|/', body, flags=re.S):
        piece = m.group(0)
        if piece in (";", "\n"):
            out.append("".join(cur))
            cur = []
        elif not piece.startswith(("//", "/*")):
            cur.append(piece)
    out.append("".join(cur))
    return [x.strip() for x in out if x.strip()]


_DOT_ATTR = re.compile(rf'(\w+)\s*=\s*({_DOT_ID})')


def _dot_unquote(s: str) -> str:
    return re.sub(r"\\(.)", r"\1", s[1:-1]) if s.startswith('"') else s


def from_dot(text: str, source: str = "<dot>", alphabet: Sequence[str] | None = None) -> DFA:
    """The DFA of DOT text in the shape of :func:`to_dot` (see the module docstring)."""
    attrs: dict[str, dict[str, str]] = {}
    statements = _dot_statements(text)
    for st in statements:
        m = _DOT_NODE.match(st)
        if not m or "->" in st or "=" in m.group(1):
            continue
        name = _dot_unquote(m.group(1))
        if name in ("node", "edge", "graph", "rankdir", "size"):
            continue
        attrs.setdefault(name, {}).update((k, _dot_unquote(v)) for k, v in _DOT_ATTR.findall(m.group(2) or ""))
    start_nodes = {q for q, a in attrs.items() if a.get("shape") in ("point", "plaintext", "none")}
    start_nodes |= {"__start", "start", "init"}
    initial, edges, labels = None, [], []
    for st in statements:
        m = _DOT_EDGE.match(st)
        if not m:
            continue
        s_, t_ = _dot_unquote(m.group(1)), _dot_unquote(m.group(2))
        if s_ in start_nodes:
            if initial is not None and initial != t_:
                raise FileFormatError(source, f"edge {s_} -> {t_}", "a second initial state")
            initial = t_
            continue
        label = dict((k, _dot_unquote(v)) for k, v in _DOT_ATTR.findall(m.group(3) or "")).get("label")
        if label is None:
            raise FileFormatError(source, f"edge {s_} -> {t_}", "no label (the letters of the edge)")
        letters = [x.strip() for x in label.split(",") if x.strip()]
        edges.append((s_, t_, letters))
        labels.extend(a for a in letters if a not in labels)
    if initial is None:
        raise FileFormatError(source, "initial state", "no edge from a start node (__start -> q)")
    declared = re.search(r"//\s*alphabet:\s*(\[.*\])", text)
    if declared and alphabet is None:
        try:
            alphabet = json.loads(declared.group(1))
        except json.JSONDecodeError:
            raise FileFormatError(source, "// alphabet", "not a JSON list") from None
    alphabet = _reading_alphabet(labels, alphabet, source, "label")
    names: dict[str, int] = {initial: 0}
    for q in [q for q in attrs if q not in start_nodes] + [x for e in edges for x in e[:2]]:
        names.setdefault(q, len(names))
    index = {a: i for i, a in enumerate(alphabet)}
    triples = [(names[s_], index[a], names[t_], f"edge {s_} -> {t_}") for s_, t_, letters in edges for a in letters]
    finals = [names[q] for q, a in attrs.items() if q in names and a.get("shape") == "doublecircle"]
    return complete_partial(alphabet, len(names), triples, 0, finals, source)


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
    """A DFA from HOA text: ours, or Spot-style explicit labels over the APs, with the
    one-letter-per-position reading and state-based finals (see the module docstring)."""
    header, sep, body = text.partition("--BODY--")
    if not sep:
        raise FileFormatError(source, "--BODY--", "missing")
    header = re.sub(r"/\*.*?\*/", " ", header, flags=re.S)
    body = re.sub(r"/\*.*?\*/", " ", body, flags=re.S)
    m = re.search(r"^AP:\s*(\d+)((?:\s+\"(?:[^\"\\]|\\.)*\")*)", header, flags=re.M)
    if not m:
        raise FileFormatError(source, "AP", "missing")
    aps = [json.loads(s_) for s_ in re.findall(r'"(?:[^"\\]|\\.)*"', m.group(2))]
    if len(aps) != int(m.group(1)):
        raise FileFormatError(source, "AP", f"announces {m.group(1)} propositions, names {len(aps)}")
    if len(set(aps)) != len(aps):
        raise FileFormatError(source, "AP", "a proposition is named twice")
    starts = re.findall(r"^Start:\s*(.*)$", header, flags=re.M)
    states = re.search(r"^States:\s*(\d+)", header, flags=re.M)
    if not starts:
        raise FileFormatError(source, "Start", "missing")
    if len(starts) > 1 or not re.fullmatch(r"\d+", starts[0].strip()):
        raise FileFormatError(source, "Start", "several initial states (an alternating or "
                                               "nondeterministic automaton)")
    if re.search(r"^Alias:", header, flags=re.M):
        raise FileFormatError(source, "Alias", "aliases are not supported: expand them in the labels")
    edges, finals, declared = [], set(), set()
    n_from_body = 0
    q = None
    for lineno, raw in enumerate(body.replace("--END--", "").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        sm = re.fullmatch(r"State:\s*(?:\[[^\]]*\]\s*)?(\d+)(?:\s*\"(?:[^\"\\]|\\.)*\")?\s*(\{[\d\s]*\})?", line)
        if sm:
            q = int(sm.group(1))
            declared.add(q)
            n_from_body = max(n_from_body, q + 1)
            if sm.group(2) and sm.group(2).strip("{}").split():
                finals.add(q)
            continue
        where = f"--BODY-- line {lineno}"
        em = re.fullmatch(r"\[([^\]]*)\]\s*(\d+)\s*(\{[\d\s]*\})?", line)
        if q is None or not em:
            if q is not None and re.fullmatch(r"\d+(\s+\d+)*\s*(\{[\d\s]*\})?", line):
                raise FileFormatError(source, where, "implicit labels are not supported: label every edge")
            raise FileFormatError(source, where, f"cannot read {line!r}")
        if em.group(3) and em.group(3).strip("{}").split():
            raise FileFormatError(source, where, "transition-based acceptance is not supported for finite "
                                                 "words: mark the final states ('State: q {0}')")
        t = int(em.group(2))
        n_from_body = max(n_from_body, t + 1)
        for i in range(len(aps)):
            if _eval_guard(em.group(1), lambda name, i=i: name == str(i), source, _HOA_CONSTANTS):
                edges.append((q, i, t, where))
    n = int(states.group(1)) if states else n_from_body
    initial = int(starts[0])
    for x in [initial, n_from_body - 1]:
        if x >= n:
            raise FileFormatError(source, "States", f"state {x} out of range 0..{n - 1}")
    return complete_partial(aps, n, edges, initial, finals, source)


# -- AT&T / OpenFst text ------------------------------------------------------------------
def from_att(text: str, source: str = "<att>", alphabet: Sequence[str] | None = None) -> DFA:
    """A DFA from AT&T/OpenFst text (see the module docstring)."""
    arcs, final_lines = [], []
    for lineno, raw in enumerate(text.splitlines(), 1):
        fields = raw.split()
        if not fields or raw.lstrip().startswith("#"):
            continue
        where = f"line {lineno}"
        if not _NAT.fullmatch(fields[0]) or len(fields) > 5:
            raise FileFormatError(source, where, f"cannot read {raw.strip()[:60]!r} as an AT&T arc "
                                                 "'src dst label [weight]' or final state 'state [weight]' "
                                                 "(not a DFA in JSON, HOA, DOT or AT&T text)")
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
        arcs.append((int(fields[0]), int(fields[1]), label, where))
    if not arcs and not final_lines:
        raise FileFormatError(source, "(file)", "empty: not a DFA in JSON, HOA, DOT or AT&T text "
                                                "(no arcs and no final states)")
    numeric = all(_NAT.fullmatch(a[2]) for a in arcs)
    for s_, t_, label, where in arcs:
        if label == "<eps>" or (numeric and label == "0"):
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


def _is_weight(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


# -- MONA / ltlf2dfa DOT ----------------------------------------------------------------
_GUARD_TOKEN = re.compile(r"\s*(?:([A-Za-z_0-9][A-Za-z0-9_]*)|(~|!|&|\||\(|\)))")
_MONA_CONSTANTS = {"true": True, "false": False}
_HOA_CONSTANTS = {"t": True, "f": False}


def _eval_guard(guard: str, holds, source: str, constants=None) -> bool:
    """Truth of a propositional guard (``! ~ & | ( )``, names and ``constants``) when the
    propositions for which ``holds(name)`` is true hold and no other.  ``holds`` may also be
    the one name that holds (None: nothing holds)."""
    constants = _MONA_CONSTANTS if constants is None else constants
    if not callable(holds):
        holds = (lambda name, one=holds: name == one)
    tokens: list[tuple[str, object]] = []
    pos = 0
    guard = guard.strip()
    while pos < len(guard):
        m = _GUARD_TOKEN.match(guard, pos)
        if not m or m.end() == pos:
            raise FileFormatError(source, "label", f"cannot read guard {guard!r}")
        if m.group(1):
            name = m.group(1)
            tokens.append(("val", constants[name] if name in constants else bool(holds(name))))
        else:
            tokens.append(("op", m.group(2)))
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
