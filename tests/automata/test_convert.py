"""networkx and automata-lib conversions, both ways, on random DFAs; each side's own
evaluation (a walk along networkx edges, automata-lib's accepts_input) cross-checks ours."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings

from attnlogic.automata.convert import from_automata_lib, from_networkx, to_automata_lib, to_networkx
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.automata.strategies import dfas
from attnlogic.kernel.errors import FileFormatError, InputError

nx = pytest.importorskip("networkx")


def _words(alphabet, up_to=4):
    for n in range(up_to + 1):
        yield from itertools.product(alphabet, repeat=n)


def _walk(g, word) -> bool:
    """Acceptance by following the graph's letter-keyed edges (networkx only)."""
    q = g.graph["initial"]
    for a in word:
        (q,) = [t for _, t, key in g.out_edges(q, keys=True) if key == a]
    return g.nodes[q]["accepting"]


@settings(max_examples=80, deadline=None)
@given(dfas(max_states=7, max_letters=3))
def test_networkx_round_trip_and_walk(d):
    g = to_networkx(d)
    assert g.number_of_nodes() == d.n_states and g.number_of_edges() == d.n_states * len(d.alphabet)
    back = from_networkx(g)
    assert back.alphabet == d.alphabet and back.minimal() == d.minimal()
    for w in _words(d.alphabet, 3):
        assert _walk(g, w) == d.accepts(w)


def test_networkx_graph_made_elsewhere_partial_with_labels():
    g = nx.DiGraph()
    g.add_node("start", initial=True)
    g.add_node("seen a")
    g.add_node("seen ab", final=True)
    g.add_edge("start", "seen a", label="a")
    g.add_edge("seen a", "seen ab", label="b")
    g.add_edge("seen a", "seen a", label="a")
    g.add_edge("seen ab", "seen a", label="a")
    g.add_edge("start", "start", label="b")
    d = from_networkx(g)          # seen ab has no b edge: a rejecting sink
    assert d.minimal() == regex_to_dfa("b*a(a|ba)*b").minimal()
    with pytest.raises(InputError, match="alphabet"):
        from_networkx(g, alphabet=["a"])
    g.add_edge("start", "seen ab", label="b,a")
    with pytest.raises(FileFormatError, match="two transitions"):
        from_networkx(g)


automata_lib = pytest.importorskip("automata.fa.dfa")


@settings(max_examples=80, deadline=None)
@given(dfas(max_states=7, max_letters=3))
def test_automata_lib_round_trip_and_its_own_acceptance(d):
    lib = to_automata_lib(d)
    for w in _words(d.alphabet, 4):
        assert lib.accepts_input(list(w)) == d.accepts(w)
    back = from_automata_lib(lib)
    assert back.minimal() == d.minimal()
    # and from automata-lib's own minimal DFA, with its own state names
    assert from_automata_lib(lib.minify()).minimal() == d.minimal()


def test_automata_lib_nfa_and_partial_dfa():
    from automata.fa.dfa import DFA as LibDFA
    from automata.fa.nfa import NFA

    nfa = NFA(states={"p", "q", "r"}, input_symbols={"a", "b"},
              transitions={"p": {"a": {"p", "q"}, "b": {"p"}}, "q": {"b": {"r"}}, "r": {}},
              initial_state="p", final_states={"r"})
    assert from_automata_lib(nfa).minimal() == regex_to_dfa("(a|b)*ab").minimal()
    partial = LibDFA(states={0, 1, 2}, input_symbols={"a", "b"}, transitions={0: {"a": 1}, 1: {"b": 2}, 2: {}},
                     initial_state=0, final_states={2}, allow_partial=True)
    assert from_automata_lib(partial).minimal() == regex_to_dfa("ab", "ab").minimal()
    with pytest.raises(InputError):
        from_automata_lib("not an automaton")

