"""Syntactic facts, random generation by fragment, and the parse/eval command line."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings

from attnlogic.cli import main
from attnlogic.ltl import facts, fragment, parse, random_formula
from attnlogic.ltl.fragments import operators, windows
from attnlogic.ltl.strategies import formulas


@pytest.mark.parametrize("text, frag, depth, size", [
    ("a & b", "LTL[P]", 0, 3),
    ("P (b & P a)", "LTL[P]", 2, 5),
    ("Y Y a", "LTL[Y]", 2, 3),
    ("Y[<=3] a | Y[<=3] b", "LTL[Y<=3]", 1, 5),
    ("Y[<=2] a | Y b", "LTL[Y]", 1, 5),
    ("P a & Y[<=2] b", "LTL[P,Y<=2]", 1, 5),
    ("P (b & Y a)", "LTL[P,Y]", 2, 5),
    ("O a", "LTL[P]", 1, 2),
    ("H a & Y[<=4] b", "LTL[P,Y<=4]", 1, 5),
    ("a S b", "LTL[S]", 1, 3),
    ("P (a S b) & Y a", "LTL[S]", 2, 7),
])
def test_facts(text, frag, depth, size):
    f = parse(text)
    info = facts(f)
    assert (str(info.fragment), info.depth, info.size) == (frag, depth, size)
    assert info.formula == str(f)


FRAGMENT_OPS = {
    "LTL[P]": ({"P"}, set()), "LTL[Y]": ({"Y"}, {1}), "LTL[P,Y]": ({"P", "Y"}, {1}),
    "LTL[Y<=2]": ({"Y[<=2]"}, {2}), "LTL[P,Y<=3]": ({"P", "Y[<=3]"}, {3}),
}


@pytest.mark.parametrize("frag", sorted(FRAGMENT_OPS))
def test_random_formulas_stay_in_their_fragment(frag):
    allowed, ks = FRAGMENT_OPS[frag]
    rng = np.random.default_rng(1)
    seen_temporal = set()
    for _ in range(200):
        f = random_formula(rng, "abc", int(rng.integers(1, 25)), frag)
        temporal = {op for op in operators(f) if op[0] in "PYOHS"}
        assert temporal <= allowed, (frag, str(f))
        assert windows(f) <= ks
        seen_temporal |= temporal
    assert seen_temporal == allowed


@settings(max_examples=300, deadline=None)
@given(formulas(("a", "b"), max_size=12, fragment="LTL[P,Y<=2]"))
def test_strategy_fragment(f):
    assert str(fragment(f)) in ("LTL[P]", "LTL[Y<=2]", "LTL[P,Y<=2]")


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_parse_json_contract(capsys):
    code, out, _ = _run(capsys, "parse", "a&Y[<=3]!b", "--json")
    assert code == 0
    data = json.loads(out)
    assert data == {"formula": "a & Y[<=3] !b", "fragment": "LTL[Y<=3]", "depth": 1, "size": 5,
                    "atoms": ["a", "b"]}
    assert parse(data["formula"]) is parse("a&Y[<=3]!b")


def test_cli_parse_text_dialects(capsys):
    code, out, _ = _run(capsys, "parse", "P (a -> b)", "--format", "unicode")
    assert code == 0 and out.splitlines()[0] == "P (a → b)"
    code, out, _ = _run(capsys, "parse", "P (a -> b)", "--format", "latex")
    assert out.splitlines()[0] == r"\mathsf{P}\, \left(\mathtt{a} \rightarrow \mathtt{b}\right)"


def test_cli_eval_json_contract(capsys):
    code, out, _ = _run(capsys, "eval", "P (b & Y a)", "cab", "abc", "ba", "", "--json")
    assert code == 0
    assert json.loads(out) == {"results": [
        {"word": "cab", "accepted": True}, {"word": "abc", "accepted": True},
        {"word": "ba", "accepted": False}, {"word": "", "accepted": False}]}


def test_cli_eval_multichar_alphabet(capsys):
    code, out, _ = _run(capsys, "eval", "Y go", "go,stop", "stop,go", "--alphabet", "go,stop", "--json")
    assert code == 0
    assert [r["accepted"] for r in json.loads(out)["results"]] == [False, True]


@pytest.mark.parametrize("argv, needle", [
    (["eval", "Y a", "abd", "--alphabet", "abc"], "letter 'd' is not in the alphabet"),
    (["eval", "Y z", "ab", "--alphabet", "abc"], "atom(s) z"),
    (["eval", "Y a", "ab", "--alphabet", "a,,b"], "empty letter"),
    (["eval", "Y a", "ab", "--alphabet", "aab"], "duplicate letter"),
    (["eval", "Y[<=0] a", "ab"], "column 5"),
    (["parse", "a b"], "column 3"),
])
def test_cli_bad_input_exit_2(capsys, argv, needle):
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert needle in err.splitlines()[0]
    assert "Traceback" not in err


def test_cli_usage_errors_exit_2():
    proc = subprocess.run([sys.executable, "-m", "attnlogic", "parse"], capture_output=True, text=True, cwd="/")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "attnlogic", "nosuchcommand"], capture_output=True, text=True,
                          cwd="/")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_cli_starts_without_torch():
    code = ("import sys, attnlogic.cli as c\n"
            "for argv in (['--help'], ['parse', 'a', '--json'], ['eval', 'Y a', 'ba']):\n"
            "    try:\n        c.main(argv)\n    except SystemExit:\n        pass\n"
            "heavy = [m for m in ('torch', 'scipy', 'sympy', 'matplotlib') if m in sys.modules]\n"
            "print('heavy:' + ','.join(heavy))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "heavy:"


def test_fragment_names_parse_back():
    from attnlogic.ltl.fragments import LTL_S, Fragment
    assert Fragment.parse(str(Fragment(True, None))) == Fragment(True, None)
    for past in (False, True):
        for k in range(1, 6):
            assert Fragment.parse(str(Fragment(past, k))) == Fragment(past, k)
    assert Fragment.parse("LTL[S]") == LTL_S and LTL_S.since
    for bad in ("LTL[Q]", "LTL[Y<=]", "LTL[P,S]", "", None):
        with pytest.raises(ValueError):
            Fragment.parse(bad)
