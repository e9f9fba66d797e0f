"""Conversions between our :class:`~.dfa.DFA` and the automata of neighbouring libraries:
networkx graphs and automata-lib's ``DFA``/``NFA``.  Both libraries are imported only
when a conversion is called (networkx is a dependency, automata-lib is optional).

networkx (:func:`to_networkx` / :func:`from_networkx`)
    A ``MultiDiGraph`` with the states 0 … n−1 as nodes and one edge per transition
    δ(q, a) = r, keyed by the letter a and carrying ``letter=a``; each node has
    ``accepting`` and ``initial`` (booleans); the graph has ``alphabet`` (the letters, in
    order) and ``initial``.  The reader also takes graphs made elsewhere: node names of any
    kind (numbered in the graph's node order, the initial state first), edge letters in
    ``letter``, ``letters`` (a list) or ``label`` (a letter, or letters separated by
    commas), the initial state in the graph's ``initial`` or the one node marked by
    :data:`INITIAL_ATTRIBUTES` (``initial``, ``start``, pyformlang's ``is_start``), finals
    marked by :data:`FINAL_ATTRIBUTES` (``accepting``, ``final``, ``is_final``, ``accept``):
    booleans, 0/1 or the strings true/false, 1/0, yes/no, GraphML key defaults applied;
    markers of one node that disagree, other values, several initial nodes, undirected
    graphs and ε-edges are refused; a plain ``DiGraph`` works when each edge lists its
    letters.  A missing transition goes to a new rejecting sink; two targets for one
    (state, letter) are refused (:class:`~attnlogic.kernel.errors.FileFormatError`).

GraphML (:func:`to_graphml` / :func:`from_graphml`), through networkx
    The graph of :func:`to_networkx` in GraphML, the XML format of graph editors and
    libraries (yEd, Gephi, igraph, networkx): nodes with the boolean data ``accepting`` and
    ``initial``, one edge per transition with the string data ``letter``, and the graph's
    ``alphabet`` as a JSON list in a string.  The reader takes that, and GraphML from
    elsewhere in the shapes :func:`from_networkx` reads (node ids are strings there).
    ``attnlogic dfa --format graphml`` writes it and ``--dfa FILE`` reads it (detected by its
    ``<graphml`` root element).

automata-lib (:func:`to_automata_lib` / :func:`from_automata_lib`)
    Its ``DFA(states, input_symbols, transitions, initial_state, final_states)`` with the
    states as the integers 0 … n−1; the reader takes any of its DFAs (partial ones too:
    missing transitions go to a sink) and NFAs (determinised by automata-lib's subset
    construction first).  The alphabet is the sorted set of input symbols, which must be
    strings.

Any of these objects (:func:`as_dfa`)
    ``classify``, ``verify_formula``/``verify_witness``, ``load_language(dfa=…)`` and
    ``attnlogic.testing.check(dfa=…)`` take our DFA, an automata-lib DFA or NFA, or a networkx
    graph directly, converted by :func:`as_dfa`.

Round trips preserve the language exactly; tests/automata/test_convert.py checks it on
random DFAs both ways (equal minimal DFAs, so equal languages).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from attnlogic.kernel.errors import InputError

from .dfa import DFA
from .partial import complete_partial
from attnlogic.kernel.errors import FileFormatError

__all__ = ["from_aalpy", "to_networkx", "from_networkx", "to_graphml", "from_graphml", "to_automata_lib",
           "from_automata_lib", "is_automata_lib", "is_networkx"]


# -- networkx ---------------------------------------------------------------------------
def to_networkx(dfa: DFA):
    """The DFA as a networkx ``MultiDiGraph`` (see the module docstring)."""
    import networkx as nx

    g = nx.MultiDiGraph(alphabet=tuple(dfa.alphabet), initial=int(dfa.initial))
    for q in range(dfa.n_states):
        g.add_node(q, accepting=bool(dfa.accepting[q]), initial=q == dfa.initial)
    T = np.asarray(dfa.transitions)
    for q in range(dfa.n_states):
        for i, a in enumerate(dfa.alphabet):
            g.add_edge(q, int(T[q, i]), key=a, letter=a)
    return g


#: node attributes that mark the initial state, and the final states, in the graphs of the
#: producers we know: ours (``initial``/``accepting``), pyformlang's ``to_networkx``
#: (``is_start``/``is_final``), and hand-made graphs and editors (``start``, ``final``,
#: ``accept``); a node's attributes of one kind must agree
INITIAL_ATTRIBUTES = ("initial", "start", "is_start")
FINAL_ATTRIBUTES = ("accepting", "final", "is_final", "accept")
#: the truth values read from attributes that are strings (GraphML ``attr.type="string"``,
#: a DOT-like ``"true"``), compared without case or surrounding spaces
_TRUTH = {"true": True, "false": False, "1": True, "0": False, "yes": True, "no": False}
#: edge labels that are pyformlang's ε (its ``to_networkx`` writes ε-moves so): not letters
_EPSILON_LABELS = ("ɛ", "ε")


def _truth(value, node, name: str) -> bool:
    """A marker attribute's value as a truth value: booleans, the integers 0 and 1, and the
    strings of :data:`_TRUTH`; InputError naming the node and attribute for anything else
    (``"false"`` is never read as true, nor ``"maybe"`` as anything)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUTH:
        return _TRUTH[value.strip().lower()]
    raise InputError(f"graph: node {node!r} has {name}={value!r}, which is not a truth value "
                     "(true/false, 1/0)")


def _marked(graph, node, data: dict, names: tuple[str, ...], defaults: dict) -> bool:
    """Whether the node is marked by the attributes ``names`` (each its own value or the
    graph's default for it, GraphML's ``<default>``); InputError when two of them disagree."""
    values = {n: _truth(data[n] if n in data else defaults[n], node, n)
              for n in names if n in data or n in defaults}
    if len(set(values.values())) > 1:
        raise InputError(f"graph: node {node!r} has " + ", ".join(f"{n}={v}" for n, v in values.items())
                         + ": the attributes disagree")
    return any(values.values())


def _start_decorations(graph, initial_nodes) -> set:
    """pyformlang's start arrows (its ``to_networkx`` adds a node ``starting_q`` with an empty
    label and one unlabelled edge to the start state q): the nodes to leave out."""
    out = set()
    for node, data in graph.nodes(data=True):
        if not (isinstance(node, str) and node.startswith("starting_") and data.get("label", "") == ""):
            continue
        edges = list(graph.out_edges(node, data=True))
        if (len(edges) == 1 and edges[0][1] in initial_nodes and graph.in_degree(node) == 0
                and not any(k in edges[0][2] for k in ("letter", "letters", "label"))
                and not any(k in data for k in INITIAL_ATTRIBUTES + FINAL_ATTRIBUTES)):
            out.add(node)
    return out


def _edge_letters(data: dict, key) -> list[str]:
    if "letter" in data:
        return [data["letter"]]
    if "letters" in data:
        return list(data["letters"])
    if "label" in data:
        label = data["label"]
        return [x.strip() for x in str(label).split(",") if x.strip()] if isinstance(label, str) else [label]
    if isinstance(key, str):
        return [key]
    raise InputError("graph: an edge has no letter (give it 'letter', 'letters' or 'label')")


def from_networkx(graph, alphabet: Sequence[str] | None = None, *, keys_are_letters: bool = True) -> DFA:
    """The DFA of a networkx graph (see the module docstring); ``alphabet`` fixes the
    letters and their order (default: the graph's ``alphabet``, else the letters on the
    edges, sorted).  ``keys_are_letters``: a multigraph edge without letter data is taken
    by its key when that is a string (False for GraphML, whose edge ids are no letters)."""
    if not graph.is_directed():
        raise InputError("graph: undirected, but the transitions of an automaton have a direction "
                         "(in GraphML: <graph edgedefault=\"directed\">)")
    if not len(graph):
        raise InputError("graph: no nodes (a DFA needs at least one state)")
    defaults = graph.graph.get("node_default", {}) or {}
    marked = [q for q, d in graph.nodes(data=True) if _marked(graph, q, d, INITIAL_ATTRIBUTES, defaults)]
    initial = graph.graph.get("initial")
    if initial is None:
        if len(marked) != 1:
            raise InputError(f"graph: {'no' if not marked else 'several'} initial node"
                             + (f"s ({', '.join(repr(q) for q in marked[:5])})" if marked else "")
                             + " (set graph.graph['initial'], or mark one node true in one of "
                             + ", ".join(INITIAL_ATTRIBUTES) + ")")
        initial = marked[0]
    elif marked and marked != [initial]:
        raise InputError(f"graph: the graph's initial state {initial!r} and the nodes marked initial "
                         f"{marked[:5]} disagree")
    if initial not in graph:
        raise InputError(f"graph: the initial state {initial!r} is not a node")
    skipped = _start_decorations(graph, {initial})
    nodes = [q for q in graph.nodes if q not in skipped]
    multi = graph.is_multigraph()
    triples = []
    for e in (graph.edges(keys=True, data=True) if multi else graph.edges(data=True)):
        s, t, key, data = (e if multi else (e[0], e[1], None, e[2]))
        if s in skipped:
            continue
        for a in _edge_letters(data, key if keys_are_letters else None):
            if a in _EPSILON_LABELS:
                raise InputError(f"graph: the edge {s!r} -> {t!r} is an ε-move (pyformlang's label "
                                 f"{a!r}): an ε-NFA, not a DFA (remove ε-moves and determinise first)")
            triples.append((s, a, t))
    letters = graph.graph.get("alphabet") if alphabet is None else alphabet
    letters = tuple(letters) if letters is not None else tuple(sorted({a for _, a, _ in triples}))
    if not all(isinstance(a, str) and a for a in letters):
        raise InputError(f"graph: letters must be non-empty strings, got {list(letters)[:5]}")
    index = {a: i for i, a in enumerate(letters)}
    unknown = sorted({repr(a) for _, a, _ in triples if a not in index})
    if unknown:
        raise InputError(f"graph: letter {unknown[0]} is not in the alphabet {list(letters)}",
                         parameters=("alphabet",))
    number = {initial: 0}
    for q in nodes:
        number.setdefault(q, len(number))
    finals = [number[q] for q, d in graph.nodes(data=True)
              if q not in skipped and _marked(graph, q, d, FINAL_ATTRIBUTES, defaults)]
    return complete_partial(letters, len(number),
                            [(number[s], index[a], number[t], f"edge {s!r} -> {t!r}") for s, a, t in triples],
                            0, finals, "graph")


# -- GraphML ---------------------------------------------------------------------------
def to_graphml(dfa: DFA) -> str:
    """The DFA as GraphML text (see the module docstring)."""
    import json

    import networkx as nx

    g = to_networkx(dfa)
    g.graph["alphabet"] = json.dumps(list(dfa.alphabet), ensure_ascii=False)
    del g.graph["initial"]                  # GraphML node ids are strings: the nodes carry it
    return "\n".join(nx.generate_graphml(g)) + "\n"


def from_graphml(text: str, source: str = "<graphml>", alphabet: Sequence[str] | None = None) -> DFA:
    """The DFA of GraphML text (see the module docstring); ``alphabet`` as in
    :func:`from_networkx`."""
    import json
    from xml.etree.ElementTree import ParseError

    import networkx as nx


    try:
        g = nx.parse_graphml(text, force_multigraph=True)
    except (ParseError, nx.NetworkXError, KeyError, ValueError) as exc:
        raise FileFormatError(source, "graphml", f"not readable GraphML: {exc}") from None
    letters = g.graph.get("alphabet")
    if alphabet is None and isinstance(letters, str):
        try:
            letters = json.loads(letters)
        except ValueError:
            raise FileFormatError(source, "alphabet", "expected a JSON list of letters in a string") from None
        if not isinstance(letters, list):
            raise FileFormatError(source, "alphabet", "expected a JSON list of letters in a string")
        g.graph["alphabet"] = letters
    if "initial" in g.graph and g.graph["initial"] not in g and str(g.graph["initial"]) in g:
        g.graph["initial"] = str(g.graph["initial"])
    try:
        return from_networkx(g, alphabet, keys_are_letters=False)
    except FileFormatError:
        raise
    except InputError as exc:
        raise FileFormatError(source, "graph", str(exc).removeprefix("graph: ")) from None


# -- automata-lib -----------------------------------------------------------------------
def to_automata_lib(dfa: DFA):
    """automata-lib's ``automata.fa.dfa.DFA`` with states 0 … n−1."""
    from automata.fa.dfa import DFA as LibDFA

    T = np.asarray(dfa.transitions)
    return LibDFA(states=set(range(dfa.n_states)), input_symbols=set(dfa.alphabet),
                  transitions={q: {a: int(T[q, i]) for i, a in enumerate(dfa.alphabet)}
                               for q in range(dfa.n_states)},
                  initial_state=int(dfa.initial),
                  final_states={int(q) for q in np.flatnonzero(dfa.accepting)})


def from_automata_lib(automaton) -> DFA:
    """Our DFA of an automata-lib ``DFA`` or ``NFA`` (an NFA is determinised first)."""
    from automata.fa.dfa import DFA as LibDFA
    from automata.fa.nfa import NFA as LibNFA

    if isinstance(automaton, LibNFA):
        automaton = LibDFA.from_nfa(automaton)
    if not isinstance(automaton, LibDFA):
        raise InputError(f"expected an automata-lib DFA or NFA, got {type(automaton).__name__}")
    letters = sorted(automaton.input_symbols, key=str)
    if not all(isinstance(a, str) and a for a in letters):
        raise InputError("automata-lib automaton: input symbols must be non-empty strings")
    states = [automaton.initial_state] + sorted((q for q in automaton.states if q != automaton.initial_state),
                                                key=repr)
    number = {q: i for i, q in enumerate(states)}
    index = {a: i for i, a in enumerate(letters)}
    edges = [(number[q], index[a], number[t], f"transitions[{q!r}][{a!r}]")
             for q, row in automaton.transitions.items() for a, t in row.items()]
    return complete_partial(letters, len(states), edges, 0, [number[q] for q in automaton.final_states],
                            "automata-lib automaton")


# -- any automaton object ----------------------------------------------------------------
def is_automata_lib(obj) -> bool:
    """An automata-lib finite automaton (checked without importing automata-lib)."""
    return any(c.__module__.startswith("automata.fa.") for c in type(obj).__mro__)


def is_networkx(obj) -> bool:
    """A networkx graph (checked without importing networkx)."""
    return any(c.__module__.startswith("networkx.") for c in type(obj).__mro__)


def from_aalpy(automaton, alphabet: Sequence[str]) -> DFA:
    """An AALpy DFA (``states``, ``initial_state``, each state's ``transitions`` by letter and
    ``is_accepting``) as our DFA over ``alphabet`` (its input letters, in this order)."""
    letters = tuple(alphabet)
    states = list(automaton.states)
    index = {id(s): i for i, s in enumerate(states)}
    table = [[index[id(s.transitions[a])] for a in letters] for s in states]
    return DFA(letters, table, index[id(automaton.initial_state)], [bool(s.is_accepting) for s in states])
