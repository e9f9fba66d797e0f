"""Reliability, round 2: what the hostile-input corpora (which expect a refusal) do not
cover — inputs that must *work* within bounds, and the shape of the command line (usage on
stderr, words after options, limits named where the option is)."""

from __future__ import annotations

import json

import pytest

from attnlogic.cli import main

#: 60 doubling definitions: a tree of ~2^60 nodes, a DAG of ~120
DOUBLING = ";".join(["$d1 := a | Y b"] + [f"$d{i} := $d{i - 1} & Y $d{i - 1}" for i in range(2, 61)]
                    + ["$d60 | P $d60"])


def _run(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_bare_attnlogic_prints_its_usage_on_stderr(capsys):
    code, out, err = _run([], capsys)
    assert code == 2 and out == ""
    assert err.startswith("usage: attnlogic") and "classify" in err and "compile" in err


def test_bare_rmt_prints_its_usage_on_stderr(capsys):
    code, out, err = _run(["rmt"], capsys)
    assert code == 2 and out == "" and "usage: attnlogic rmt" in err and "simulate" in err


@pytest.mark.parametrize("argv", [["eval", "Y a", "--json", "ab", "ba"], ["eval", "--json", "Y a", "ab", "ba"],
                                  ["eval", "Y a", "ab", "--json", "ba"]])
def test_words_may_follow_options(argv, capsys):
    code, out, err = _run(argv, capsys)
    assert code == 0, err
    results = json.loads(out)["results"]
    assert [(r["word"], r["accepted"]) for r in results] == [("ab", False), ("ba", True)]


def test_a_refusal_names_only_flags_the_command_has(capsys):
    # the library asks for memory_budget; `rmt simulate` has no --memory-budget option
    code, out, err = _run(["rmt", "simulate", "--d", "1000000"], capsys)
    assert code == 2 and "memory_budget" in err and "--memory-budget" not in err


def test_rmt_help_states_the_limits_of_its_sizes(capsys):
    from attnlogic.rmt._checks import MAX_T
    from attnlogic.commands.rmt import MAX_R_BYTES

    code, out, _ = _run(["rmt", "weights", "--help"], capsys)
    assert code == 0
    text = " ".join(out.split())
    assert f"1..{MAX_T}" in text and f"{MAX_R_BYTES // 2 ** 20} MiB" in text
    code, out, _ = _run(["rmt", "simulate", "--help"], capsys)
    assert "4 GiB" in " ".join(out.split())


@pytest.mark.parametrize("argv", [["parse", DOUBLING], ["parse", DOUBLING, "--json"],
                                  ["parse", DOUBLING, "--format", "latex"], ["dfa", DOUBLING],
                                  ["eval", DOUBLING, "abab", "bbbb"]])
def test_a_formula_exponential_as_a_tree_works(argv, capsys):
    code, out, err = _run(argv, capsys)
    assert code == 0, err[-500:]
    assert "Traceback" not in err and len(out) < 100_000
    if argv[0] == "parse" and "--format" not in argv:
        text = json.loads(out)["formula"] if "--json" in argv else out.split("\nfragment:")[0]
        from attnlogic.ltl import parse
        assert parse(text) is parse(DOUBLING)


def test_compile_of_a_formula_exponential_as_a_tree_names_its_coordinates_shortly(capsys):
    code, out, err = _run(["compile", DOUBLING, "--json"], capsys)
    assert code == 0, err[-500:]
    obj = json.loads(out)
    assert obj["layers"] == 61 and obj["heads"] == 61


def test_the_formula_limits_are_stated_in_the_help_of_the_formula_option(capsys):
    from attnlogic.automata.from_formula import DEFAULT_STATE_LIMIT, MAX_TEMPORAL_OPERATORS

    for command in ["dfa", "classify", "compile"]:
        code, out, _ = _run([command, "--help"], capsys)
        text = " ".join(out.split())
        assert code == 0
        assert f"at most {MAX_TEMPORAL_OPERATORS} distinct temporal subformulas" in text
        assert f"{DEFAULT_STATE_LIMIT:,} states" in text


def test_the_census_limit_is_stated_in_its_help(capsys):
    from attnlogic.definability.census import DEFAULT_MAX_DFAS, MAX_MAX_DFAS

    code, out, _ = _run(["census", "--help"], capsys)
    text = " ".join(out.split())
    exponent = len(str(MAX_MAX_DFAS)) - 1
    assert MAX_MAX_DFAS == 10 ** exponent and f"at most 10^{exponent}" in text
    assert f"default {DEFAULT_MAX_DFAS}" in text


def test_an_ltl_s_yes_without_a_formula_says_so_and_gives_its_proof(capsys):
    # a star-free language outside LTL[P,Y]; with limit 8 the semigroup (8 elements) is
    # decided but neither formula construction fits, so the yes has no formula
    argv = ["classify", "--regex", "((a|b)*c(a|b)*d)*", "--alphabet", "abcd", "--limit", "8"]
    code, out, err = _run(argv, capsys)
    assert code == 0, err
    lines = out.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("LTL[S] "))
    assert lines[i].split()[1] == "yes" and "no formula: not built" in lines[i]
    assert "aperiodic" in lines[i + 1] and "the formula was not built" in lines[i + 1]
    code, out, err = _run(argv + ["--json"], capsys)
    s = json.loads(out)["fragments"]["LTL[S]"]
    assert s["member"] is True and s["formula"] is None and "the formula was not built" in s["method"]
    code, out, _ = _run(["classify", "--help"], capsys)
    assert "says that the formula was not built and why" in " ".join(out.split())
