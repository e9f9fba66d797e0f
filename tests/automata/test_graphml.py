"""GraphML through networkx: our writer, format detection, the reader on files made
elsewhere; an XML parser of the standard library reads our files independently."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.automata.strategies import dfas
from attnlogic.kernel.errors import FileFormatError

pytest.importorskip("networkx")


@settings(max_examples=60, deadline=None)
@given(dfas(max_states=7, max_letters=3))
def test_graphml_round_trip_through_text_detection_and_an_xml_parser(d):
    import xml.etree.ElementTree as ET

    from attnlogic.automata.convert import from_graphml, to_graphml
    from attnlogic.automata.io import detect_format, read_dfa_text

    text = to_graphml(d)
    assert detect_format(text) == "graphml"
    back = read_dfa_text(text)
    assert back.alphabet == d.alphabet and back.minimal() == d.minimal()
    assert from_graphml(text) == back
    # independent reading: the standard library's XML parser, no networkx
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    root = ET.fromstring(text)
    keys = {k.get("id"): k.get("attr.name") for k in root.findall("g:key", ns)}
    delta = {}
    for e in root.iter("{http://graphml.graphdrawing.org/xmlns}edge"):
        (letter,) = [x.text for x in e.findall("g:data", ns) if keys[x.get("key")] == "letter"]
        delta[(int(e.get("source")), letter)] = int(e.get("target"))
    assert delta == {(q, a): int(d.transitions[q, i]) for q in range(d.n_states) for i, a in enumerate(d.alphabet)}


def test_graphml_from_elsewhere_long_letters_and_bad_files():
    from attnlogic.automata.convert import from_graphml, to_graphml

    d = regex_to_dfa("(ab)*")
    odd = type(d)(["xy", "z"], d.transitions, d.initial, d.accepting)
    assert from_graphml(to_graphml(odd)) == odd            # multi-character letters survive
    hand = """<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="f" for="node" attr.name="final" attr.type="boolean"/>
  <key id="i" for="node" attr.name="initial" attr.type="boolean"/>
  <key id="l" for="edge" attr.name="label" attr.type="string"/>
  <graph edgedefault="directed">
    <node id="s"><data key="i">true</data></node>
    <node id="t"><data key="f">true</data></node>
    <edge source="s" target="t"><data key="l">a</data></edge>
    <edge source="t" target="s"><data key="l">a,b</data></edge>
    <edge source="s" target="s"><data key="l">b</data></edge>
  </graph>
</graphml>"""
    assert from_graphml(hand).minimal() == regex_to_dfa("b*a((a|b)b*a)*").minimal()
    with pytest.raises(FileFormatError, match="field 'graphml'"):
        from_graphml("<graphml><graph><node id='0'></graph>", "f.graphml")
    with pytest.raises(FileFormatError, match="field 'graph'.*initial"):
        from_graphml(hand.replace('<data key="i">true</data>', ""), "f.graphml")
    with pytest.raises(FileFormatError, match="field 'alphabet'"):
        from_graphml(to_graphml(d).replace('["a", "b"]', "[a"), "f.graphml")


# -- GraphML and graphs from other producers: start/final markers (issue 39) -------------------

def _nx_graphml(g) -> str:
    """The GraphML networkx's own writer makes of ``g`` (the producer under test)."""
    import networkx as nx

    return "\n".join(nx.generate_graphml(g))


def _ends_with_a(mark_initial: dict, mark_final: dict, final_state: str = "y"):
    """Σ*a over {a, b} as a networkx MultiDiGraph with labelled edges, the nodes marked by
    the attributes given (name → value for the marked node, the other node's value too)."""
    import networkx as nx

    g = nx.MultiDiGraph()
    for q in ("x", "y"):
        attrs = {name: (on if q == "x" else off) for name, (on, off) in mark_initial.items()}
        attrs.update({name: (on if q == final_state else off) for name, (on, off) in mark_final.items()})
        g.add_node(q, **attrs)
    for s, t, a in [("x", "y", "a"), ("x", "x", "b"), ("y", "y", "a"), ("y", "x", "b")]:
        g.add_edge(s, t, label=a)
    return g


@pytest.mark.parametrize("initial, final", [
    ({"start": (True, False)}, {"final": (True, False)}),                    # booleans
    ({"start": ("true", "false")}, {"final": ("True", "False")}),            # strings
    ({"start": (1, 0)}, {"final": (1, 0)}),                                  # integers
    ({"is_start": (True, False)}, {"is_final": (True, False)}),              # pyformlang's names
    ({"initial": (True, False), "start": (True, False)}, {"accept": ("yes", "no")}),
])
def test_networkx_graphml_with_start_and_final_attributes(initial, final):
    from attnlogic.automata.convert import from_graphml, from_networkx

    want = regex_to_dfa("(a|b)*a").minimal()
    g = _ends_with_a(initial, final)
    text = _nx_graphml(g)
    assert from_graphml(text).minimal() == want
    assert from_networkx(g).minimal() == want
    # "false" is read as false: only y is final (as a truthy string it would make both final)
    assert not from_graphml(text).accepts("ab")


@pytest.mark.parametrize("initial, final, needle", [
    ({"start": (True, True)}, {"final": (True, False)}, "several initial nodes ('x', 'y')"),
    ({"start": (False, False)}, {"final": (True, False)}, "no initial node"),
    ({"start": (True, False), "initial": (False, False)}, {"final": (True, False)},
     "node 'x' has initial=False, start=True: the attributes disagree"),
    ({"start": (True, False)}, {"final": ("maybe", "no")}, "final='maybe', which is not a truth value"),
    ({"start": (True, False)}, {"final": (2, 0)}, "final=2, which is not a truth value"),
    ({"start": (True, False)}, {"final": (True, False), "accepting": (False, False)}, "disagree"),
])
def test_ambiguous_markers_are_refused(initial, final, needle):
    from attnlogic.automata.convert import from_graphml

    with pytest.raises(FileFormatError) as err:
        from_graphml(_nx_graphml(_ends_with_a(initial, final)), "m.graphml")
    assert err.value.field == "graph" and needle in str(err.value), str(err.value)


def test_graphml_key_defaults_and_edge_ids():
    """A <default> of a marker key holds for every node without its own value; an edge with
    no letter is refused, never read as its GraphML id."""
    from attnlogic.automata.convert import from_graphml

    text = """<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="s" for="node" attr.name="start" attr.type="boolean"><default>false</default></key>
  <key id="f" for="node" attr.name="final" attr.type="boolean"><default>true</default></key>
  <key id="l" for="edge" attr.name="label" attr.type="string"/>
  <graph edgedefault="directed">
    <node id="p"><data key="s">true</data><data key="f">false</data></node>
    <node id="q"/>
    <edge id="e0" source="p" target="q"><data key="l">a</data></edge>
    <edge id="e1" source="q" target="q"><data key="l">a</data></edge>
  </graph>
</graphml>"""
    d = from_graphml(text)
    assert d.minimal() == regex_to_dfa("aa*").minimal()         # q final by the default
    with pytest.raises(FileFormatError, match="an edge has no letter"):
        from_graphml(text.replace('<data key="l">a</data></edge>\n  </graph>', "</edge>\n  </graph>"))
    with pytest.raises(FileFormatError, match="undirected"):
        from_graphml(text.replace('edgedefault="directed"', 'edgedefault="undirected"'))


def test_pyformlang_shaped_graphs():
    """pyformlang's to_networkx: is_start/is_final nodes, a 'starting_q' node with an empty
    label and an unlabelled edge to q (its start arrow, left out), ε-moves labelled 'ɛ'
    (refused: an ε-NFA)."""
    from attnlogic.automata.convert import from_networkx

    g = _ends_with_a({"is_start": (True, False)}, {"is_final": (True, False)})
    g.add_node("starting_x", label="", height=0.0, width=0.0)
    g.add_edge("starting_x", "x")
    assert from_networkx(g).minimal() == regex_to_dfa("(a|b)*a").minimal()
    g.add_edge("y", "x", label="ɛ")
    with pytest.raises(Exception, match="ε-move"):
        from_networkx(g)


def test_a_bad_graphml_file_is_one_line_exit_2(tmp_path, capsys):
    from attnlogic.cli import main

    path = tmp_path / "two.graphml"
    path.write_text(_nx_graphml(_ends_with_a({"start": (True, True)}, {"final": (True, False)})))
    assert main(["classify", "--dfa", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"attnlogic classify: error: {path}: field 'graph': several initial nodes")
    good = tmp_path / "one.graphml"
    good.write_text(_nx_graphml(_ends_with_a({"start": (True, False)}, {"final": ("true", "false")})))
    assert main(["dfa", "--dfa", str(good)]) == 0
    assert capsys.readouterr().out == main_output(["dfa", "--regex", "(a|b)*a"], capsys)


def main_output(argv, capsys) -> str:
    from attnlogic.cli import main

    assert main(argv) == 0
    return capsys.readouterr().out
