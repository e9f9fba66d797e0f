"""A corpus of malformed inputs: every case exits with status 2 and one clear error line.

Each case is (argv, stdin, needle): the command runs in-process (so an uncaught exception
fails the test as the traceback it would be), under an alarm (a hang fails it too), and
the first line of stderr must name the problem (``needle``).  Formula and regex errors
add an excerpt and a caret line; everything else is exactly one line.
"""

from __future__ import annotations

import io
import json
import shlex
import sys
from pathlib import Path

import pytest

from cli_under_alarm import Hang, run_main

COMMAND_LINES = Path(__file__).parent.parent / "data" / "malformed" / "command_lines.tsv"


def _command_lines() -> list[tuple[str, str]]:
    """(needle, command line) of the corpus file: one case a line, ``#`` lines are comments."""
    rows = [line.split("\t", 1) for line in COMMAND_LINES.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    assert all(len(r) == 2 for r in rows), "a corpus line without its tab"
    return [(needle, line) for needle, line in rows]


GOOD_DFA = {"alphabet": ["a", "b"], "initial": 0, "accepting": [1], "transitions": [[1, 0], [1, 0]]}


HOA = ('HOA: v1\nStates: 2\nStart: 0\nAP: 1 "a"\nacc-name: Buchi\nAcceptance: 1 Inf(0)\n--BODY--\n'
       'State: 0\n[0] 1\n[!0] 0\nState: 1 {0}\n[t] 1\n--END--\n')


def dfa_text(**changes) -> str:
    d = dict(GOOD_DFA)
    for k, v in changes.items():
        if v is ...:
            d.pop(k)
        else:
            d[k] = v
    return json.dumps(d)


FORMULAS = [
    ("P", "end of input"), ("a &", "end of input"), ("(a", "never closed"), ("a)", "no matching"),
    ("Y[<=0] a", "at least 1"), ("Y[<=x] a", "malformed window"), ("Y[<=-1] a", "malformed window"),
    ("Y[<=2.5] a", "malformed window"), ("a b", "unexpected 'b'"), ("A", "upper-case"),
    ("", "empty formula"), (" ", "empty formula"), ("a & & b", "unexpected '&'"), ("!", "end of input"),
    ("a -> ", "end of input"), ("<-> a", "unexpected '<->'"), ("a S", "end of input"), ("S a", "unexpected 'S'"),
    ("P()", "unexpected ')'"), ("a # b", "'#'"), ("a $ b", "'$'"), ('"abc', "unterminated"), ('""', "empty string"),
    ("((a)", "never closed"), ("a))", "no matching"), ("Y[<= a", "malformed window"), ("Y[<=99999999] a", "at most"),
    ("a & B", "upper-case"), ("Foo", "future-time operator"), ("a ; b", "';'"), ("a && || b", "unexpected '||'"),
    ("!" * 10_000, "end of input"), ("(" * 10_000 + "a", "never closed"), ("a &" * 30_000, "end of input"),
    ("P P P", "end of input"),
]

REGEXES = [
    ("(a|", "column"), ("(a", "column"), ("a)", "column"), ("|", None), ("*a", "column"), ("a|*", "column"),
    ("[", "column"), ("[a", "column"), ("[]", "column"), ("a[^]", "column"), ("(()", "column"),
    ("+", "column"), ("?", "column"), ("a{2", "malformed repetition"), ("a\\", "column"), ("[a-", "column"),
    # unsupported syntax is an error with a caret, never letters; expansions bounded before they happen
    ("[b-a]", "comes before"), ("a\\d", "escape \\d"), ("\\1", "back-references"), ("ab$", "anchors"),
    ("^ab", "whole words"), ("[x-z]", "holds no letter"), ("[a-\U0010ffff]", "more than"),
    ("(a{1000}){1000}", "letter positions"), ("((ab){500}){500}", "letter positions"),
]

DFA_FILES = [
    (dfa_text(alphabet=...), "'alphabet'"), (dfa_text(transitions=...), "'transitions'"),
    (dfa_text(initial=...), "'initial'"), (dfa_text(accepting=...), "'accepting'"),
    (dfa_text(alphabet=["a", "a"]), "duplicate"), (dfa_text(alphabet="ab"), "'alphabet'"),
    (dfa_text(alphabet=[]), "'transitions[0]'"), (dfa_text(alphabet=["a", 3]), "'alphabet[1]'"),
    (dfa_text(alphabet=["a", ""]), "'alphabet[1]'"),
    (dfa_text(initial=2), "'initial'"), (dfa_text(initial=-1), "'initial'"), (dfa_text(initial="0"), "'initial'"),
    (dfa_text(initial=True), "'initial'"), (dfa_text(initial=0.0), "'initial'"),
    (dfa_text(accepting=[5]), "'accepting[0]'"), (dfa_text(accepting=1), "'accepting'"),
    (dfa_text(accepting=["1"]), "'accepting[0]'"),
    (dfa_text(transitions=[[1, 0]]), "out of range"), (dfa_text(transitions=[[1], [1, 0]]), "'transitions[0]'"),
    (dfa_text(transitions=[[1, 0], [1, 2]]), "'transitions[1][1]'"),
    (dfa_text(transitions=[[1, 0], [1, -1]]), "'transitions[1][1]'"),
    (dfa_text(transitions=[[1, 0.5], [1, 0]]), "'transitions[0][1]'"),
    (dfa_text(transitions=[[1, True], [1, 0]]), "'transitions[0][1]'"),
    (dfa_text(transitions=[[1, None], [1, 0]]), "'transitions[0][1]'"),
    (dfa_text(transitions=[]), "'transitions'"), (dfa_text(transitions="x"), "'transitions'"),
    (dfa_text(transitions=[1, 0]), "'transitions[0]'"),
    ("[1, 2]", "top level"), ("not json", "JSON"), ("", "JSON"), ("{", "JSON"), ("null", "top level"),
] + [
    # HOA: never a smaller language with exit 0 (issue 29's cases included)
    (HOA.replace("[0] 1", "[0] 1\n[7] 0"), "names AP 7"),
    (HOA.replace("--END--\n", ""), "'--END--'"),
    (HOA.replace("States: 2", "States: 99999999999999"), "more than"),
    (HOA.replace("States: 2", "States: 1"), "out of range"),
    (HOA.replace("Acceptance: 1 Inf(0)", "Acceptance: 1 Fin(0)"), "'Acceptance'"),
    (HOA.replace("State: 1 {0}", "State: 1 {1}"), "is not 0"),
    (HOA.replace("[0] 1", "[@x] 1"), "alias"),
    (HOA.replace("[0] 1", "[0 &] 1"), "cannot read guard"),
    (HOA + HOA, "several automata"),
    (HOA.replace('AP: 1 "a"', 'AP: 3 "a" "b"'), "'AP'"),
    (HOA.replace('AP: 1 "a"', 'AP: 11 ' + " ".join(f'"p{i}"' for i in range(11))), "more than 10"),
    # DOT: refused with the reason, never read as another language
    ("digraph { a -> }", "not DOT that Graphviz reads"),
    ("graph { s [shape=point]; s -- q }", "undirected"),
    ('digraph { q0 -> q1 [label="a"] }', "no start edge"),
    ('digraph { s [shape=point]; t [shape=point]; s -> q0; t -> q1; q0 -> q1 [label="a"] }', "several start"),
    ("digraph { s [shape=point]; s -> q0; q0 -> q1 }", "no label"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q1 [label="a b"] }', "white space"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q1 [label="a,,b"] }', "empty letter"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q0 [label="a"]; q0 -> q1 [label="a"] }', "two transitions"),
    ('digraph { I [style=invis]; I -> 0; 0 -> 0 [label=<a<br/>⓿>] }', "acceptance mark"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q1 [label="a & (b"] }', "cannot read guard"),
    ('digraph { s [shape=point]; s -> q0; q0 -> q1 [label="a"] } digraph { x }', "2 graphs"),
    ('digraph { s [shape=point]; s -> q0; q0 -> s [label="a"] }', "no start edge"),
    ("digraph { " + "subgraph { " * 300 + "}" * 300 + " }", None),
    ('digraph { init [shape=plaintext, label=""]; init -> 1; 1 -> 1 [label="true"]; }', "no proposition"),
    ("digraph { s [shape=point]; s -> a; " + 'a -> b [label="x"]; ' * 20000 + "}", "longer than"),
]

CASES = (
    [(["parse", f], None, n) for f, n in FORMULAS]
    + [(["eval", f, "ab"], None, n) for f, n in FORMULAS[:12]]
    + [(["dfa", f], None, n) for f, n in FORMULAS[:8]]
    + [(["compile", f], None, n) for f, n in FORMULAS[:4]]
    + [(["dfa", "--regex", r, "--alphabet", "ab"], None, n) for r, n in REGEXES]
    + [(["dfa", "--dfa", "-"], text, n) for text, n in DFA_FILES]
    + [
        (["dfa", "--dfa", "/nonexistent/x.json"], None, "cannot read"),
        (["dfa", "--dfa", "-", "--one-hot"], HOA, "would be lost"),
        (["dfa", "--dfa", "-", "--one-hot"],
         'digraph { I [style=invis]; I -> 0; 0 -> 1 [label=<a &amp; b>]; 1 [peripheries=2] }', "would be lost"),
        (["dfa", "--dfa", "-", "--alphabet", "abc"], json.dumps(GOOD_DFA), "alphabet"),
    ]
    + [(shlex.split(line), None, needle) for needle, line in _command_lines()]
)


@pytest.mark.parametrize("argv, stdin, needle", CASES, ids=[f"{i:03d}-{c[0][0]}" for i, c in enumerate(CASES)])
def test_malformed_input_exits_2_with_one_clear_line(argv, stdin, needle, capsys, monkeypatch):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        code = run_main(argv, 60)
    except Hang:
        pytest.fail(f"{argv[:3]} hung")
    out, err = capsys.readouterr()
    assert code == 2, (argv[:3], err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert lines, "no error message"
    first = lines[-1] if lines[0].startswith("usage:") else lines[0]
    assert "error" in first
    if needle is not None:
        assert needle in first, (needle, first)
    caret = len(lines) == 3 and lines[2].strip() == "^"
    assert len(lines) == 1 or caret or lines[0].startswith("usage:"), err


def test_corpus_is_large_enough():
    assert len(CASES) >= 100
