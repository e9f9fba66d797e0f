"""DOT read through a real DOT parser: every file Graphviz accepts that describes a DFA reads
as that DFA, whatever wrote it (Graphviz's gallery idiom, ``dot -Tdot``/``-Tcanon``,
automata-lib 9's ``show_diagram``, Spot's ``print_dot``, ltlf2dfa/MONA, networkx's
``write_dot``), and what cannot be read as a DFA is refused with the reason — never read as
another language.  Round trips through the producing tools skip cleanly where a tool is
missing; the fixtures in tests/data/dot/ are written by us in those tools' shapes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from attnlogic.automata.dfa import DFA
from attnlogic.automata.dot_reader import read_dot
from attnlogic.automata.io import read_dfa_text, to_dot
from attnlogic.automata.ppltl import ltlf2dfa_dot
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.kernel.errors import FileFormatError

DATA = Path(__file__).resolve().parents[1] / "data" / "dot"
ENDS_AB = regex_to_dfa("(a|b)*ab")
DOT = shutil.which("dot")
needs_dot = pytest.mark.skipif(DOT is None, reason="graphviz's dot is not installed")


def _same(d: DFA, want: DFA = ENDS_AB) -> bool:
    return d.alphabet == want.alphabet and d.minimal() == want.minimal()


def _graphviz(text: str, fmt: str) -> str:
    return subprocess.run([DOT, f"-T{fmt}"], input=text, capture_output=True, text=True, check=True,
                          timeout=60).stdout


def test_the_gallery_idiom_keeps_its_final_states():
    d = read_dot((DATA / "gallery_ends_ab.dot").read_text())
    assert _same(d)


def test_subgraph_defaults_quoted_and_html_ids_and_split_attribute_lists():
    assert _same(read_dot((DATA / "subgraph_defaults.dot").read_text()))


def test_a_node_default_applies_only_to_nodes_created_after_it():
    # MONA's quirk: 1 is created double, then listed again under the circle default: still final
    text = ('digraph { node [shape=doublecircle]; 2; node [shape=circle]; 2; 0; 1; s [shape=point]; s -> 0; '
            '0 -> 1 [label="a"]; 0 -> 0 [label="b"]; 1 -> 1 [label="a"]; 1 -> 2 [label="b"]; '
            '2 -> 1 [label="a"]; 2 -> 0 [label="b"] }')
    assert _same(read_dot(text))


@needs_dot
@pytest.mark.parametrize("fmt", ["dot", "canon", "xdot"])
@pytest.mark.parametrize("source", ["ours", "gallery", "subgraphs"])
def test_graphviz_output_reads_as_the_same_dfa(fmt, source):
    text = {"ours": to_dot(ENDS_AB), "gallery": (DATA / "gallery_ends_ab.dot").read_text(),
            "subgraphs": (DATA / "subgraph_defaults.dot").read_text()}[source]
    laid_out = _graphviz(text, fmt)
    assert "pos=" in laid_out or fmt == "canon"
    assert _same(read_dfa_text(laid_out))


def test_spot_print_dot_over_propositions():
    text = (DATA / "spot_ends_ab.dot").read_text()
    # one-hot (asked for): the letters a, b; exactly "ends with ab"
    assert _same(read_dot(text, one_hot=True))
    # by default one letter per valuation: !a&!b and a&b take no edge (a sink)
    d = read_dot(text)
    assert d.alphabet == ("!a&!b", "a&!b", "!a&b", "a&b")
    assert d.accepts(["a&!b", "!a&b"]) and not d.accepts(["a&b", "!a&b"])
    f_a = read_dot((DATA / "spot_f_a.dot").read_text())
    assert f_a.alphabet == ("!a", "a") and f_a.accepts(["!a", "a", "!a"]) and not f_a.accepts(["!a"])
    # one-hot over the one proposition a: the edge [!a] would be lost, so it is refused
    with pytest.raises(FileFormatError, match="would be lost"):
        read_dot((DATA / "spot_f_a.dot").read_text(), one_hot=True)


_AUTOMATA_LIB = """
from automata.fa.dfa import DFA
lib = DFA(states={"q0", "q1", "q2"}, input_symbols={"a", "b"},
          transitions={"q0": {"a": "q1", "b": "q0"}, "q1": {"a": "q1", "b": "q2"},
                       "q2": {"a": "q1", "b": "q0"}},
          initial_state="q0", final_states={"q2"})
print(lib.show_diagram().to_string())
"""


def test_automata_lib_9_show_diagram(tmp_path):
    # run where the repository's automata/ folder cannot shadow automata-lib
    proc = subprocess.run([sys.executable, "-c", _AUTOMATA_LIB], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    if proc.returncode != 0:
        pytest.skip("automata-lib 9 with its drawing extras (pygraphviz, coloraide) is not installed: "
                    + (proc.stderr.strip().splitlines() or ["?"])[-1])
    assert "shape=point" in proc.stdout
    assert _same(read_dfa_text(proc.stdout))


def test_networkx_write_dot(tmp_path):
    nx = pytest.importorskip("networkx")
    pytest.importorskip("pydot")
    from attnlogic.automata.convert import to_networkx

    path = tmp_path / "g.dot"
    nx.nx_pydot.write_dot(to_networkx(ENDS_AB), path)
    assert _same(read_dfa_text(path.read_text()))


def test_ltlf2dfa_mona_dot_over_valuations():
    pytest.importorskip("ltlf2dfa")
    if shutil.which("mona") is None:
        pytest.skip("mona is not installed")
    text = ltlf2dfa_dot("a S b")
    d = read_dfa_text(text)
    assert d.alphabet == ("!a&!b", "a&!b", "!a&b", "a&b")
    # evaluated at the last letter: b there, or a since a b
    assert d.accepts(["!a&b"]) and d.accepts(["a&b"]) and d.accepts(["!a&b", "a&!b"])
    assert not d.accepts(["a&!b"]) and not d.accepts(["!a&b", "!a&!b"])


def _ours_over(text: str, alphabet):
    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.ltl.parser import parse

    return formula_to_dfa(parse(text), alphabet)


@pytest.mark.parametrize("name, ours", [("ltlf2dfa_pf_not_pt.dot", "P f & !P t"),
                                        ("ltlf2dfa_f_since_t.dot", "f S t")])
def test_atoms_named_f_and_t_in_mona_dot_are_propositions(name, ours):
    """MONA's DFA (through ltlf2dfa, shipped: tests/data/dot/PROVENANCE.md) over the atoms f
    and t reads over their four valuations, and through the DECLARE bridge it is exactly our
    formula's language (HOA's constants t/f would have made it a language over no atom)."""
    from attnlogic.automata.ppltl import from_valuations

    d = read_dot((DATA / name).read_text())
    assert d.alphabet == ("!f&!t", "f&!t", "!f&t", "f&t")
    for alphabet in [("f", "t"), ("f", "t", "x")]:
        assert from_valuations(d, alphabet).minimal() == _ours_over(ours, alphabet)


def test_mona_dot_over_six_atoms_a_to_f_has_its_64_states():
    """The case of issue 38: ``P a & … & P f`` over a–f read back from MONA (live, both the
    reader and the tests' oracle helper) has 2^6 states, one per set of atoms seen."""
    pytest.importorskip("ltlf2dfa")
    if shutil.which("mona") is None:
        pytest.skip("mona is not installed")
    from attnlogic.automata.ppltl import ltlf2dfa_dfa
    from attnlogic.ltl.parser import parse

    atoms = tuple("abcdef")
    d = read_dfa_text(ltlf2dfa_dot(" & ".join(f"O({p})" for p in atoms)))
    assert len(d.alphabet) == 64 and d.minimal().n_states == 64
    ours = " & ".join(f"P {p}" for p in atoms)
    assert ltlf2dfa_dfa(parse(ours), atoms).minimal() == _ours_over(ours, atoms)


def test_spot_true_guard_1_is_a_guard_even_with_no_operator_in_the_file():
    """Spot's drawing of ``a`` has the labels ``a`` and ``1`` only: read as letters they
    were the language over {1, a} (exit 0); Spot's start marker says 1 is its guard true."""
    d = read_dot((DATA / "spot_a.dot").read_text())
    assert d.alphabet == ("!a", "a")
    assert d.accepts(["a"]) and d.accepts(["a", "!a"]) and d.accepts(["a", "a"])
    assert not d.accepts(["!a"]) and not d.accepts(["!a", "a"])
    # elsewhere 1 and 0 stay letters
    letters = read_dot('digraph { s [shape=point]; s -> q; q -> r [label="1"]; r [shape=doublecircle]; '
                       'r -> r [label="0"] }')
    assert letters.alphabet == ("0", "1") and letters.accepts(["1", "0"])


def test_mona_own_dot_is_refused_not_read_as_letters_0_1_x():
    with pytest.raises(FileFormatError, match="MONA's own DOT") as err:
        read_dfa_text((DATA / "mona_gw_one_var.dot").read_text())
    assert err.value.field == "dot"


@pytest.mark.parametrize("text, field, words", [
    ("digraph { a -> }", "dot", "not DOT that Graphviz reads"),
    ("graph { s [shape=point]; s -- q; }", "dot", "undirected"),
    ('digraph { q0 -> q1 [label="a"] }', "initial state", "no start edge"),
    ('digraph { s [shape=point]; t [shape=point]; s -> q0; t -> q1; q0 -> q1 [label="a"] }',
     "initial state", "several start edges"),
    ("digraph { s [shape=point]; s -> q0; q0 -> q1 }", "edge q0 -> q1", "no label"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q1 [label="a b"] }', "edge q0 -> q1", "white space"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q1 [label="a,,b"] }', "edge q0 -> q1", "empty letter"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q0 [label="a"]; q0 -> q1 [label="a"] }', "edge q0 -> q1",
     "two transitions"),
    ('digraph { I [style=invis]; I -> 0; 0 -> 0 [label=<a<br/><font color="#1F78B4">⓿</font>>] }',
     "edge 0 -> 0", "acceptance mark"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q1 [label="a & (b"] }', "edge q0 -> q1", "cannot read guard"),
    ("digraph { s [shape=point]; s -> q0; q0 -> q1 [label=\"a\"] } digraph { x }", "dot", "2 graphs"),
])
def test_what_is_no_dfa_is_refused_with_the_reason(text, field, words):
    with pytest.raises(FileFormatError) as err:
        read_dfa_text(text)
    assert err.value.field == field and words in str(err.value), str(err.value)


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "attnlogic", *args], capture_output=True, text=True,
                          input=stdin, timeout=300, env={**os.environ, "PYTHONWARNINGS": "ignore"})


def _producers(tmp_path) -> dict[str, tuple[str, list[str]]]:
    """What each available tool writes for "ends with ab": name → (text, extra CLI flags)."""
    nx = pytest.importorskip("networkx")
    from attnlogic.automata.convert import to_graphml, to_networkx
    from attnlogic.automata.io import dfa_to_json, to_hoa

    out = {"json": (dfa_to_json(ENDS_AB), []), "our dot": (to_dot(ENDS_AB), []),
           "our hoa": (to_hoa(ENDS_AB), []), "graphml": (to_graphml(ENDS_AB), []),
           "gallery dot": ((DATA / "gallery_ends_ab.dot").read_text(), []),
           "spot dot": ((DATA / "spot_ends_ab.dot").read_text(), ["--one-hot"]),
           "fstprint": ("0\t1\ta\n0\t0\tb\n1\t1\ta\n1\t2\tb\n2\t1\ta\n2\t0\tb\n2\n", [])}
    p = tmp_path / "nx.dot"
    nx.nx_pydot.write_dot(to_networkx(ENDS_AB), p)
    out["networkx dot"] = (p.read_text(), [])
    p = tmp_path / "nx.graphml"
    g = to_networkx(ENDS_AB)
    g.graph.clear()                     # GraphML holds no tuples: the graph as networkx writes it
    nx.write_graphml_xml(g, p)
    out["networkx graphml"] = (p.read_text(), [])
    if DOT is not None:
        out["dot -Tdot"] = (_graphviz(to_dot(ENDS_AB), "dot"), [])
        out["dot -Tcanon gallery"] = (_graphviz((DATA / "gallery_ends_ab.dot").read_text(), "canon"), [])
    return out


@pytest.mark.slow
def test_every_producer_of_ends_with_ab_gives_its_minimal_dfa_or_exit_2(tmp_path):
    want = _cli("dfa", "--regex", "(a|b)*ab").stdout
    assert want
    for name, (text, flags) in _producers(tmp_path).items():
        proc = _cli("dfa", "--dfa", "-", *flags, stdin=text)
        if proc.returncode == 0:
            assert proc.stdout == want, name
        else:
            assert proc.returncode == 2 and proc.stderr.count("\n") == 1, (name, proc.stderr)
