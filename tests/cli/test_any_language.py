"""The command line on any model and any language: check --regex/--dfa/--readout with a
user's model, compile --regex/--dfa/any formula, classify --pattern."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from attnlogic.automata.sources import load_language
from attnlogic.cli import main

#: the example's hand-written model, named as users name theirs: FILE.py:FACTORY
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "test_your_model.py"


def run_json(capsys, *argv):
    code = main(list(argv) + ["--json"])
    return code, json.loads(capsys.readouterr().out)


def test_check_a_user_model_given_as_file_and_factory(capsys):
    f = EXAMPLE
    common = ["--regex", "(a|b)*a", "--alphabet", "ab", "--readout", "eos", "--max-length", "200"]
    code, obj = run_json(capsys, "check", "--model", f"{f}:make_model", *common)
    assert code == 0 and obj["disagreements"] == 0 and obj["readout"] == "eos" and obj["decisions"] > 0
    code, obj = run_json(capsys, "check", "--model", f"{f}:make_wrong_model", *common)
    assert code == 1 and obj["counterexample"] == "aaaaaaa" and obj["counterexample_length"] == 7
    assert obj["model_answer"] is False and obj["language_answer"] is True
    assert main(["check", "--model", f"{f}:nothing", *common]) == 2
    assert "has no callable nothing" in capsys.readouterr().err


def test_check_a_compiled_file_against_a_regex_and_a_dfa_file(tmp_path, capsys):
    out = tmp_path / "m.safetensors"
    assert main(["compile", "P (b & Y a)", "--alphabet", "abc", "--out", str(out)]) == 0
    capsys.readouterr()
    code, obj = run_json(capsys, "check", "--model", str(out), "--regex", "(a|b|c)*ab(a|b|c)*",
                         "--alphabet", "abc", "--max-length", "300", "--samples", "2")
    assert code == 0 and obj["disagreements"] == 0 and obj["oracle"].startswith("minimal DFA of the regex")
    from attnlogic.automata.io import dfa_to_json
    from attnlogic.compiler import compile_formula

    other = load_language(regex="(a|b|c)*ba(a|b|c)*", alphabet="abc").dfa
    dfa_file = tmp_path / "ba.json"
    dfa_file.write_text(dfa_to_json(other))
    code, obj = run_json(capsys, "check", "--model", str(out), "--dfa", str(dfa_file), "--max-length", "300",
                         "--samples", "2")
    assert code == 1 and obj["disagreements"] > 0
    ce = obj["counterexample"]
    assert len(ce) == 2 and compile_formula("P (b & Y a)", "abc").accepts(ce) != other.accepts(ce)


def _compile_and_check(capsys, tmp_path, argv, length):
    out = tmp_path / "m.safetensors"
    code, obj = run_json(capsys, "compile", *argv, "--out", str(out), "--check-length", "200")
    assert code == 0 and obj["check"]["disagreements"] == 0, obj
    lang_argv = [a for a in argv]
    code, chk = run_json(capsys, "check", "--model", str(out), *lang_argv, "--max-length", str(length),
                         "--samples", "1")
    assert code == 0 and chk["disagreements"] == 0 and chk["max_length"] == length
    return obj


@pytest.mark.parametrize("argv,fragment", [
    (["--regex", "(a|b|c)*ab(a|b|c)*", "--alphabet", "abc"], "LTL[P,Y<=2]"),   # ⊂ LTL[P,Y]: minimal
    (["b S a"], "LTL[P]"),
])
def test_compile_any_language_then_check_it(tmp_path, capsys, argv, fragment):
    obj = _compile_and_check(capsys, tmp_path, argv, 2000)
    assert obj["fragment"] == fragment


def test_compile_a_dfa_file(tmp_path, capsys):
    from attnlogic.automata.io import dfa_to_json

    d = load_language(regex="(a|b)*b(a|b)", alphabet="ab").dfa     # second-to-last letter is b
    path = tmp_path / "lang.json"
    path.write_text(dfa_to_json(d))
    obj = _compile_and_check(capsys, tmp_path, ["--dfa", str(path)], 2000)
    assert obj["fragment"] in ("LTL[Y]", "LTL[P,Y]", "LTL[Y<=2]", "LTL[P,Y<=2]")


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["--regex", "(a|b|c)*ab(a|b|c)*", "--alphabet", "abc"], ["b S a"]])
def test_compiled_languages_are_exact_on_words_of_100000_letters(tmp_path, capsys, argv):
    _compile_and_check(capsys, tmp_path, argv, 100_000)


def test_compile_a_language_in_no_compilable_fragment_exits_2_with_the_witness(capsys):
    assert main(["compile", "--regex", "(aa)*", "--alphabet", "a"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "not in LTL[P,Y]" in err and "not in LTL[S]" in err
    words = re.findall(r"'(a*)'", err)          # a pair for LTL[P,Y], one for LTL[S] (hard heads)
    assert len(words) == 4
    d = load_language(regex="(aa)*", alphabet="a").dfa
    for accepted, rejected in (words[:2], words[2:]):
        assert d.accepts(accepted) and not d.accepts(rejected)


def test_classify_by_attention_pattern(capsys):
    argv = ["classify", "--regex", "(a|b)*b", "--alphabet", "ab", "--pattern", "global", "--pattern", "hybrid:1"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    glob = next(l for l in lines if l.startswith("global "))
    hyb = next(l for l in lines if l.startswith("hybrid:1 "))
    assert "cannot recognise" in glob and "not LTL[P]" in glob and "' in, '" in glob
    assert "can recognise" in hyb and "cannot" not in hyb and "LTL[P,Y] formula" in hyb
    code, obj = run_json(capsys, *argv)
    assert obj["patterns"]["global"]["fragment"] == "LTL[P]" and obj["patterns"]["global"]["can"] is False
    assert obj["patterns"]["hybrid:1"]["fragment"] == "LTL[P,Y]" and obj["patterns"]["hybrid:1"]["can"] is True
    f = obj["patterns"]["hybrid:1"]["formula"]
    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.ltl import parse
    assert formula_to_dfa(parse(f), ["a", "b"]) == load_language(regex="(a|b)*b", alphabet="ab").dfa
    assert main(["classify", "--regex", "(a|b)*b", "--pattern", "hybrid:2", "--json"]) == 0
    assert "hybrid:2" in json.loads(capsys.readouterr().out)["patterns"]
    assert main(["classify", "--regex", "a", "--pattern", "causal"]) == 2


def test_pattern_lookup_in_the_api():
    from attnlogic.definability.engine.classify import classify

    result = classify(load_language(regex="(a|b)*b", alphabet="ab").dfa)
    assert result["hybrid:1"].fragment == "LTL[P,Y]"
    p = result.for_pattern("hybrid:1")
    assert str(p.pattern) == "hybrid:1" and p.can is True and p.to_json()["fragment"] == "LTL[P,Y]"
