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
