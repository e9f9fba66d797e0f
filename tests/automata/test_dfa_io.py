"""DFA files: JSON round trips and field-naming errors, DOT, HOA, MONA DOT, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings

from attnlogic.automata.dfa import DFA
from attnlogic.automata.io import (dfa_from_json, dfa_to_json, from_hoa, from_mona_dot,
                                   read_dfa_file, to_dot, to_hoa, write_text_atomic)
from attnlogic.automata.strategies import dfas
from attnlogic.kernel.errors import FileFormatError, InputError


def random_dfas(max_states=8, max_letters=3):
    return dfas(max_states, max_letters, min_letters=0,
                letter_names=["a", "b", "c", "foo", "x y", 'q"t', "é"])


GOOD = {"alphabet": ["a", "b"], "initial": 0, "accepting": [1], "transitions": [[1, 0], [1, 0]]}


def test_json_layout_is_the_contract():
    d = DFA(["a", "b"], [[1, 0], [1, 0]], 0, [1])
    assert dfa_to_json(d) == ('{"alphabet": ["a", "b"], "initial": 0, "accepting": [1], '
                              '"transitions": [[1, 0], [1, 0]]}')


@settings(max_examples=150, deadline=None)
@given(random_dfas())
def test_json_and_hoa_round_trip(d):
    assert dfa_from_json(dfa_to_json(d)) == d
    assert from_hoa(to_hoa(d)) == d


def _bad(**change):
    obj = json.loads(json.dumps(GOOD))
    for key, value in change.items():
        if value is ...:
            del obj[key]
        else:
            obj[key] = value
    return json.dumps(obj)


@pytest.mark.parametrize("text,field", [
    (_bad(alphabet=...), "alphabet"),
    (_bad(initial=...), "initial"),
    (_bad(accepting=...), "accepting"),
    (_bad(transitions=...), "transitions"),
    (_bad(alphabet="ab"), "alphabet"),
    (_bad(alphabet=["a", "a"]), "alphabet[1]"),
    (_bad(alphabet=["a", 3]), "alphabet[1]"),
    (_bad(alphabet=["a", ""]), "alphabet[1]"),
    (_bad(initial=2), "initial"),
    (_bad(initial=True), "initial"),
    (_bad(initial=0.0), "initial"),
    (_bad(initial="0"), "initial"),
    (_bad(accepting=[5]), "accepting[0]"),
    (_bad(accepting=[0, False]), "accepting[1]"),
    (_bad(accepting=1), "accepting"),
    (_bad(transitions=[[1, 0], [1]]), "transitions[1]"),
    (_bad(transitions=[[1, 0], [1, 0, 0]]), "transitions[1]"),
    (_bad(transitions=[[1, 0], [1, 2]]), "transitions[1][1]"),
    (_bad(transitions=[[1, 0], [-1, 0]]), "transitions[1][0]"),
    (_bad(transitions=[[1, 0], [1, True]]), "transitions[1][1]"),
    (_bad(transitions=[[1, 0.5], [1, 0]]), "transitions[0][1]"),
    (_bad(transitions=[[1, 0], "ab"]), "transitions[1]"),
    (_bad(transitions=[]), "transitions"),
    (_bad(transitions={"0": [1, 0]}), "transitions"),
    ("[1, 2]", "(top level)"),
    ("{not json", "(json)"),
])
def test_malformed_files_name_the_field(text, field):
    with pytest.raises(FileFormatError) as info:
        dfa_from_json(text, "lang.json")
    assert info.value.field == field and info.value.source == "lang.json"
    assert f"field '{field}'" in str(info.value) and "\n" not in str(info.value)


def test_extra_keys_are_ignored_and_files_are_read(tmp_path):
    path = tmp_path / "d.json"
    path.write_text(json.dumps({**GOOD, "comment": "hello"}))
    assert read_dfa_file(str(path)).accepts("ba")
    with pytest.raises(InputError):
        read_dfa_file(str(tmp_path / "missing.json"))


def test_atomic_write_replaces_whole_file(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("old contents that are longer")
    write_text_atomic(str(path), "new")
    assert path.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_dot_output_is_deterministic_and_complete():
    d = DFA(["a", "b"], [[1, 0], [1, 1]], 0, [1])
    text = to_dot(d)
    assert text == to_dot(DFA(["a", "b"], [[1, 0], [1, 1]], 0, [1]))
    assert "1 [shape=doublecircle]" in text and "0 [shape=circle]" in text
    assert '0 -> 1 [label="a"]' in text and '0 -> 0 [label="b"]' in text
    assert '1 -> 1 [label="a,b"]' in text and "__start -> 0" in text


def test_hoa_header_states_the_finite_word_convention():
    text = to_hoa(DFA(["a", "b"], [[1, 0], [1, 1]], 0, [1]))
    assert text.startswith("HOA: v1\n") and "Acceptance: 1 Inf(0)" in text
    assert "finite word" in text.lower() and 'AP: 2 "a" "b"' in text
    assert "State: 1 {0}" in text and "[0&!1] 1" in text


MONA_H = """digraph MONA_DFA {
 rankdir = LR;
 node [shape = doublecircle]; 1; 2;
 node [shape = circle]; 1;
 init [shape = plaintext, label = ""];
 init -> 1;
 1 -> 1 [label="~a & ~b"];
 1 -> 2 [label="b & ~a"];
 1 -> 3 [label="a"];
 2 -> 1 [label="~b"];
 2 -> 2 [label="b"];
 3 -> 3 [label="true"];
}"""


def test_mona_dot_reader_with_the_doublecircle_quirk():
    # ltlf2dfa's H(a -> Y b): every a is immediately preceded by b (read at the last position)
    d = from_mona_dot(MONA_H, ["a", "b", "c"])
    assert d.accepts("") and d.accepts("cb") and not d.accepts("a") and d.accepts("cba") and not d.accepts("cca")
    assert d.accepts("bcb") and not d.accepts("ca")
    guard = MONA_H.replace('"b & ~a"', '"~(a | ~b)"').replace('"~b"', '"!(b) & true"')
    assert from_mona_dot(guard, ["a", "b", "c"]) == d
    with pytest.raises(FileFormatError):
        from_mona_dot(MONA_H.replace('"~b"', '"~b & ("'), ["a", "b"])


def _cli(*args, stdin=None):
    """Run ``attnlogic dfa ARGS`` in-process; returns (returncode, stdout, stderr)."""
    import contextlib
    import io
    import types

    from attnlogic.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(["dfa", *args])
            except SystemExit as exc:  # argparse usage errors
                code = exc.code
    finally:
        sys.stdin = old
    return types.SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


def test_cli_entry_point_subprocess():
    r = subprocess.run([sys.executable, "-m", "attnlogic", "dfa", "--regex", "a*b", "--json"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0
    assert json.loads(r.stdout) == {"alphabet": ["a", "b"], "initial": 0, "accepting": [1],
                                    "transitions": [[0, 1], [2, 2], [2, 2]]}


def test_cli_formula_regex_and_file_agree_byte_for_byte(tmp_path):
    a = _cli("P a & !P b", "--alphabet", "ab")
    b = _cli("--regex", "a+(a|b)*&", "--alphabet", "ab")  # & is not an operator: error
    assert a.returncode == 0 and b.returncode == 2 and b.stderr.count("\n") >= 1
    c = _cli("--regex", "a+", "--alphabet", "ab")
    assert c.returncode == 0 and c.stdout == a.stdout
    path = tmp_path / "x.json"
    path.write_text(a.stdout)
    assert _cli("--dfa", str(path)).stdout == a.stdout
    assert _cli("--dfa", "-", stdin=a.stdout).stdout == a.stdout


def test_cli_errors_exit_2_with_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(_bad(transitions=[[1, 0], [1, 7]]))
    r = _cli("--dfa", str(path))
    assert r.returncode == 2 and "transitions[1][1]" in r.stderr and "Traceback" not in r.stderr
    path.write_text(json.dumps(GOOD))
    r = _cli("--dfa", str(path), "--alphabet", "abc")
    assert r.returncode == 2 and "'alphabet'" in r.stderr
    r = _cli("--regex", "(ab", "--alphabet", "ab")
    assert r.returncode == 2 and "column 4" in r.stderr and "^" in r.stderr
    r = _cli("P a", "--regex", "a")
    assert r.returncode == 2


def test_cli_formats_and_out_file(tmp_path):
    out = tmp_path / "d.dot"
    r = _cli("--regex", "(ab)*", "--format", "dot", "--out", str(out))
    assert r.returncode == 0 and r.stdout == "" and out.read_text().startswith("digraph")
    r = _cli("Y[<=2] a", "--alphabet", "a,b,c", "--format", "hoa")
    assert r.returncode == 0 and from_hoa(r.stdout).n_states == 3
    r = _cli("--dfa", "-", "--alphabet", "ba", stdin=json.dumps(GOOD))
    assert json.loads(r.stdout)["alphabet"] == ["b", "a"]


def test_graphviz_renders_the_dot_output():
    import shutil
    if shutil.which("dot") is None:
        pytest.skip("graphviz 'dot' is not on PATH")
    d = DFA(["a", 'q"t', "x y"], [[1, 0, 2], [1, 1, 1], [2, 2, 2]], 0, [1])
    r = subprocess.run(["dot", "-Tsvg"], input=to_dot(d), capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0 and "<svg" in r.stdout, r.stderr
