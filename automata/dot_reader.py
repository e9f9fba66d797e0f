"""Reading a DFA from Graphviz DOT, through a real DOT parser (pydot).

Whatever Graphviz accepts is parsed as Graphviz does (pydot's grammar: quoted, HTML and
numeral IDs, ``node``/``edge`` default statements, subgraphs and their defaults, repeated
and multi-line attribute lists, edge chains ``a -> b -> c``, comments), and then read as an
automaton:

* **states**: the nodes, except start markers; each node gets the ``node [...]`` defaults in
  force where it is first mentioned (in its subgraph), then its own attributes, as Graphviz
  applies them;
* **final states**: ``shape=doublecircle`` (or ``Mdoublecircle``), ``peripheries`` ≥ 2
  (Spot), or a true ``accepting``/``final`` attribute (networkx ``write_dot`` of a graph
  from :func:`~.convert.to_networkx`);
* **the initial state**: the target of the one edge from a *start marker* — a node with no
  incoming edge that is invisible (``style=invis``), a ``point``, or ``none``/``plaintext``/
  ``plain``, or is named ``__start``/``start``/``init``/``I`` — or else the one node with a
  true ``initial`` attribute;
* **letters**: each other edge's ``label`` (HTML labels with their tags removed and entities
  decoded), or ``letter``/``letters`` (networkx).  A label is *either* a list of letters
  separated by commas (attnlogic, automata-lib) *or* a propositional guard over atomic
  propositions (Spot: ``!a``, ``a & !b``, ``1``; MONA/ltlf2dfa: ``~a & b``, ``true``): a file
  is read as guards when some label has an operator (``& | ! ~``) or is ``true``/``false``
  (or ``1``/``0`` in Spot's drawing, recognised by its start marker ``I``), and then every
  label must be a guard.  Guards are read over the valuations of the
  propositions (:mod:`.propositions`), one letter per valuation, or one-hot when asked.

Refused, naming the node, edge or attribute: text Graphviz would not parse, DOT longer than
``MAX_PARSED_DOT_CHARS`` that is not our writer's exact shape (bounded time), an undirected
or multiple graph, no start marker or several, an edge without letters, an empty letter,
a letter with white space (letters are separated by commas), a label with an acceptance
mark (transition-based acceptance), two edges taken by one letter from one state, MONA's own
``mona -gw`` DOT (bit columns of unnamed variables, not letters).  The guard constants are
those of the producers: ``1``/``0`` (Spot) and ``true``/``false`` (ltlf2dfa); every other name,
``t`` and ``f`` included, is a proposition.  Nothing
is ever read as another language.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
from typing import Sequence

from attnlogic.kernel.errors import FileFormatError

from .dfa import DFA
from .partial import complete_partial
from .propositions import eval_guard, guard_alphabet, guard_names

__all__ = ["read_dot", "parse_dot_graph", "MAX_PARSED_DOT_CHARS"]

_START_NAMES = {"__start", "start", "init", "I", "__start0"}
_MARKER_SHAPES = {"point", "none", "plaintext", "plain"}
_FINAL_SHAPES = {"doublecircle", "Mdoublecircle"}
#: the constants DOT guards are written with: Spot's ``1``/``0`` and ltlf2dfa's (sympy's)
#: ``true``/``false``.  HOA's ``t``/``f`` are no constants here: in DOT they are
#: propositions (ltlf2dfa writes the atoms ``t`` and ``f`` as they are)
_GUARD_CONSTANTS = {"true": True, "false": False, "1": True, "0": False}
#: characters Spot draws for acceptance marks on transitions (⓿ ❶ …)
_MARKS = re.compile("[\u24ea\u2460-\u2473\u24ff\u2776-\u2793]")


#: escString escapes in quoted strings: \\n \\l \\r line breaks, \\c the character c
_ESCAPES = re.compile(r"\\(.)", re.S)


def _unquote(value) -> str:
    """A DOT ID as Graphviz reads it: quotes removed (``\\"`` unescaped, ``\\`` + newline
    joined), HTML strings ``<...>`` with tags removed and entities decoded."""
    if value is None:
        return ""
    s = str(value)
    if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
        return _ESCAPES.sub(lambda m: "\n" if m.group(1) in "nlr" else m.group(1),
                            s[1:-1].replace("\\\n", ""))
    if len(s) >= 2 and s[0] == "<" and s[-1] == ">":
        inner = s[1:-1]
        inner = re.sub(r"<br\s*/?>", "\n", inner, flags=re.I)
        return html.unescape(re.sub(r"<[^>]*>", "", inner))
    return s


def parse_dot_graph(text: str, source: str):
    """The pydot graph of ``text`` (FileFormatError with pydot's reason when Graphviz's
    grammar does not accept it)."""
    try:
        import pydot
    except ImportError:  # pragma: no cover - a dependency
        raise FileFormatError(source, "dot", "reading DOT needs the pydot package (pip install pydot)") from None
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            graphs = pydot.graph_from_dot_data(text)
    except Exception as exc:       # pydot raises assorted errors on odd input
        raise FileFormatError(source, "dot", f"not DOT that Graphviz reads: {exc}") from None
    if not graphs:
        lines = [x.strip() for x in buf.getvalue().splitlines() if x.strip()]
        reason = lines[-1] if lines else "no graph"
        raise FileFormatError(source, "dot", f"not DOT that Graphviz reads: {reason}")
    if len(graphs) > 1:
        raise FileFormatError(source, "dot", f"{len(graphs)} graphs in one file: give one automaton")
    g = graphs[0]
    if g.get_type() != "digraph":
        raise FileFormatError(source, "dot", "an undirected graph: an automaton is a digraph")
    return g


def _flatten(graph):
    """(nodes: name → attributes, node order, edges: (src, dst, attributes)) with the
    defaults of ``node [...]``/``edge [...]`` statements applied in statement order, scoped
    by subgraph, as Graphviz does."""
    nodes: dict[str, dict] = {}
    edges: list[tuple[str, str, dict]] = []

    def attrs(obj) -> dict:
        return {k: _unquote(v) for k, v in (obj.get_attributes() or {}).items()}

    def touch(name: str, defaults: dict) -> str:
        name = _unquote(name)
        if name not in nodes:
            nodes[name] = dict(defaults)
        return name

    def endpoint(x, defaults) -> list[str]:
        if isinstance(x, (str, int, float)):
            s = str(x)
            if not s.startswith(('"', "<")) and ":" in s:   # a port: q0:n
                s = s.split(":", 1)[0]
            return [touch(s, defaults)]
        # a subgraph as an edge end ({b c}): its nodes
        sub = x.get("nodes", {}) if hasattr(x, "get") else {}
        return [touch(n, defaults) for n in sub]

    def visit(g, node_def: dict, edge_def: dict, depth: int) -> None:
        if depth > _MAX_NESTING:
            raise _TooDeep()
        items = []
        for n in g.get_nodes():
            items.append((n.obj_dict.get("sequence", 0), 0, n))
        for e in g.get_edges():
            items.append((e.obj_dict.get("sequence", 0), 1, e))
        for s_ in g.get_subgraphs():
            items.append((s_.obj_dict.get("sequence", 0), 2, s_))
        items.sort(key=lambda t: (t[0], t[1]))
        node_def, edge_def = dict(node_def), dict(edge_def)
        for _, kind, obj in items:
            if kind == 0:
                name = obj.get_name()
                if name == "node":
                    node_def.update(attrs(obj))
                elif name == "edge":
                    edge_def.update(attrs(obj))
                elif name != "graph":
                    nodes[touch(name, node_def)].update(attrs(obj))
            elif kind == 1:
                srcs = endpoint(obj.get_source(), node_def)
                dsts = endpoint(obj.get_destination(), node_def)
                a = {**edge_def, **attrs(obj)}
                edges.extend((s_, t_, a) for s_ in srcs for t_ in dsts)
            else:                       # a subgraph inherits the defaults in force here
                visit(obj, node_def, edge_def, depth + 1)

    visit(graph, {}, {}, 0)
    return nodes, edges


#: longest DOT text given to the parser (characters): pydot's parser reads a few
#: thousand lines a second, so larger files (other than our writer's) are refused at once
MAX_PARSED_DOT_CHARS = 256 * 1024

#: deepest subgraph nesting read
_MAX_NESTING = 200


class _TooDeep(Exception):
    pass


def _truthy(v) -> bool:
    return str(v).strip().lower() in ("true", "1", "yes")


def _is_marker(name: str, a: dict) -> bool:
    style = a.get("style", "")
    return (a.get("shape") in _MARKER_SHAPES or "invis" in style or name in _START_NAMES)


def _is_final(a: dict) -> bool:
    try:
        peripheries = int(float(a.get("peripheries", "1") or 1))
    except ValueError:
        peripheries = 1
    return (a.get("shape") in _FINAL_SHAPES or peripheries >= 2
            or _truthy(a.get("accepting", "")) or _truthy(a.get("final", "")))


def _label(a: dict) -> str | None:
    for key in ("label", "letters", "letter"):
        if key in a and a[key] != "\\E":
            return a[key]
    return None


_Q = r'"(?:[^"\\]|\\.)*"'
#: exactly the text :func:`~.io.to_dot` writes (a strict subset of DOT whose reading is
#: plain): such files skip pydot, whose parser takes seconds per thousand lines
_OURS = re.compile(r'digraph ' + _Q + r' \{\n  rankdir=LR;\n  // alphabet: (\[[^\n]*\])\n'
                   r'  node \[shape=circle\];\n  __start \[shape=point, label=""\];\n'
                   r'((?:  \d+ \[shape=(?:double)?circle\];\n)*)  __start -> (\d+);\n'
                   r'((?:  \d+ -> \d+ \[label=' + _Q + r'\];\n)*)\}\n?')
_OUR_EDGE = re.compile(r'  (\d+) -> (\d+) \[label=(' + _Q + r')\];')


def _read_ours(text: str, source: str, alphabet) -> DFA | None:
    """The DFA of a file in exactly our writer's shape, else None (read through pydot)."""

    m = _OURS.fullmatch(text.lstrip("\ufeff"))
    if m is None:
        return None
    try:
        declared = json.loads(m.group(1))
    except json.JSONDecodeError:
        return None
    if not isinstance(declared, list) or not all(isinstance(a, str) and a for a in declared):
        return None
    letters = tuple(alphabet) if alphabet is not None else tuple(declared)
    if set(declared) - set(letters) or len(set(letters)) != len(letters):
        return None
    states = [(int(q), "double" in line) for line in m.group(2).splitlines()
              for q in re.findall(r"\d+", line)[:1]]
    if len(states) > 1_000_000 or any(len(str(q)) > 9 for q, _ in states):
        return None
    names = {q: i for i, (q, _) in enumerate(states)}
    initial = int(m.group(3))
    index = {a: i for i, a in enumerate(letters)}
    edges = []
    for e in _OUR_EDGE.finditer(m.group(4)):
        s_, t_ = int(e.group(1)), int(e.group(2))
        if s_ not in names or t_ not in names:
            return None
        label = _unquote(e.group(3))
        for a in ([label] if label in index else label.split(",")):
            if a not in index:
                return None
            edges.append((names[s_], index[a], names[t_], f"edge {s_} -> {t_}"))
    if initial not in names:
        return None
    order = [initial] + [q for q, _ in states if q != initial]
    renum = {names[q]: i for i, q in enumerate(order)}
    edges = [(renum[a], i, renum[b], w) for a, i, b, w in edges]
    finals = [renum[names[q]] for q, f in states if f]
    return complete_partial(letters, len(states), edges, 0, finals, source)


def _refuse_mona_native(graph, nodes: dict, source: str) -> None:
    """FileFormatError for the DOT that ``mona -gw`` writes itself (graph ``MONA_DFA`` with
    MONA's box-shaped states 0 and 1): its labels are bit columns ``0``/``1``/``X`` of
    free variables the file does not name (``X``: either value), and its state 0 reads the
    extra first position of MONA's encoding, so read as letters it would be another
    language.  ltlf2dfa's DOT (same graph name, guards over named atoms, no box) is read."""
    if _unquote(graph.get_name()) == "MONA_DFA" and any(a.get("shape") == "box" for a in nodes.values()):
        raise FileFormatError(source, "dot", "MONA's own DOT (mona -gw): its labels are bit columns of "
                                             "unnamed variables (X: either) and state 0 reads MONA's "
                                             "extra first position, so it is not read as letters; give "
                                             "ltlf2dfa's DOT of the formula, or the DFA as JSON or HOA")


def read_dot(text: str, source: str = "<dot>", alphabet: Sequence[str] | None = None, *,
             one_hot: bool = False) -> DFA:
    """The DFA of DOT text (see the module docstring).  ``alphabet``: for letter labels, the
    letters to read over (it must hold every label; others go to a sink); for guards, the
    letters of the one-hot reading (letters that are no proposition: every proposition
    false).  ``one_hot``: read guards one-hot (the propositions are the letters)."""

    ours = _read_ours(text, source, alphabet)
    if ours is not None:
        return ours
    if len(text) > MAX_PARSED_DOT_CHARS:
        raise FileFormatError(source, "dot", f"{len(text)} characters: DOT longer than {MAX_PARSED_DOT_CHARS} "
                                             "is read only in attnlogic's own shape (the DOT parser takes "
                                             "seconds per thousand lines); give the DFA as JSON or HOA")
    graph = parse_dot_graph(text, source)
    try:
        nodes, edges = _flatten(graph)
    except _TooDeep:
        raise FileFormatError(source, "subgraph", f"subgraphs nested more than {_MAX_NESTING} deep") from None
    _refuse_mona_native(graph, nodes, source)
    incoming = {t for _, t, _ in edges}
    markers = {q for q, a in nodes.items() if q not in incoming and _is_marker(q, a)
               and all(_label(e) in (None, "") for s_, _, e in edges if s_ == q)}
    start_edges = [(s_, t_) for s_, t_, _ in edges if s_ in markers]
    flagged = [q for q, a in nodes.items() if _truthy(a.get("initial", "")) and q not in markers]
    if len({t for _, t in start_edges}) > 1:
        raise FileFormatError(source, "initial state", "several start edges ("
                              + ", ".join(f"{s_} -> {t_}" for s_, t_ in start_edges[:3])
                              + "): a DFA has one initial state")
    if start_edges:
        initial = start_edges[0][1]
        if flagged and flagged != [initial]:
            raise FileFormatError(source, "initial state", f"the start edge points to {initial}, "
                                                           f"the 'initial' attribute to {flagged[0]}")
    elif len(flagged) == 1:
        initial = flagged[0]
    elif flagged:
        raise FileFormatError(source, "initial state", f"{len(flagged)} nodes marked initial")
    else:
        raise FileFormatError(source, "initial state", "no start edge: draw one from an invisible or "
                                                       "point node (__start [shape=point]; __start -> q0)")
    states = [q for q in nodes if q not in markers]
    labelled = []
    for s_, t_, a in edges:
        if s_ in markers:
            continue
        if t_ in markers:
            raise FileFormatError(source, f"edge {s_} -> {t_}", "an edge into the start marker")
        label = _label(a)
        where = f"edge {s_} -> {t_}"
        if label is None or label.strip() == "":
            raise FileFormatError(source, where, "no label (the letters or the guard of the edge)")
        if _MARKS.search(label):
            raise FileFormatError(source, where, f"label {label!r} carries an acceptance mark: "
                                                 "transition-based acceptance is not read from DOT "
                                                 "(write it as HOA, or mark final states)")
        labelled.append((s_, t_, label.strip(), where))
    declared = re.search(r"//\s*alphabet:\s*(\[.*\])", text)
    if declared and alphabet is None:
        try:
            alphabet = json.loads(declared.group(1))
        except json.JSONDecodeError:
            raise FileFormatError(source, "// alphabet", "not a JSON list") from None
    # Spot's drawing (its start marker I, invisible, of width 0) writes the guard "true" as
    # 1: there a label 1 (or 0) is a guard; elsewhere 0 and 1 are letters like any other
    spot = any(q == "I" and "invis" in nodes[q].get("style", "") and nodes[q].get("width") == "0"
               for q in markers)
    guards = not declared and any(re.search(r"[&|!~]", lab) or lab in ("true", "false")
                                  or (spot and lab in ("1", "0")) for _, _, lab, _ in labelled)
    names = {q: i for i, q in enumerate([initial] + [q for q in states if q != initial])}
    finals = [names[q] for q in states if _is_final(nodes[q])]
    if not guards:
        triples, labels = [], []
        for s_, t_, lab, where in labelled:
            whole = alphabet is not None and lab in alphabet
            for letter in ([lab] if whole else (x.strip() for x in lab.split(","))):
                if letter == "":
                    raise FileFormatError(source, where, f"label {lab!r} has an empty letter")
                if re.search(r"\s", letter) and (alphabet is None or letter not in alphabet):
                    raise FileFormatError(source, where, f"letter {letter!r} contains white space "
                                                         "(separate letters with commas)")
                if letter not in labels:
                    labels.append(letter)
                triples.append((s_, letter, t_, where))
        if alphabet is None:
            letters = tuple(sorted(labels))
        else:
            letters = tuple(alphabet)
            missing = [x for x in labels if x not in letters]
            if missing:
                raise FileFormatError(source, "label", f"letter {missing[0]!r} is not in the given "
                                                       f"alphabet {list(letters)}")
        index = {x: i for i, x in enumerate(letters)}
        edges_ = [(names[s_], index[x], names[t_], where) for s_, x, t_, where in triples]
        return complete_partial(letters, len(names), edges_, 0, finals, source)
    props = sorted({n for _, _, lab, where in labelled for n in guard_names(lab, _GUARD_CONSTANTS, source, where)})
    if alphabet is None and not one_hot and not props:
        raise FileFormatError(source, "label", "guards over no proposition (only true/false): give "
                                               "the letters (alphabet)")
    reading = guard_alphabet(props, source, "label", one_hot=bool(one_hot), letters=alphabet)
    bit = {p: i for i, p in enumerate(props)}
    edges_ = []
    for s_, t_, lab, where in labelled:
        def holds(v, lab=lab, where=where):
            return eval_guard(lab, lambda p: bool((v >> bit[p]) & 1), _GUARD_CONSTANTS, source, where)

        taken = reading.letters_taken(holds, source, where, f"guard {lab!r}")
        edges_.extend((names[s_], i, names[t_], where) for i in taken)
    letters = reading.letters
    return complete_partial(letters, len(names), edges_, 0, finals, source)
