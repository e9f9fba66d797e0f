"""Training on languages given by a regex, a formula or a DFA; names with commas; the grid
axes --seeds, --lrs and --positional on the command line."""

from __future__ import annotations

import itertools
import json
import re

import numpy as np
import pytest

from attnlogic.automata.io import dfa_to_json
from attnlogic.cli import main
from attnlogic.kernel.errors import InputError
from attnlogic.experiments.data import LanguageData
from attnlogic.experiments.grid import cell_name
from attnlogic.experiments.languages import (
    display_name, get_language, source_language_name, split_language_list,
)
from attnlogic.experiments.train import TrainConfig

from test_experiments_grid import TINY_ARGS as GRID_ARGS

TINY_ARGS = [*GRID_ARGS, "--json"]                     # the grid tests' tiny cell, printed as JSON


def test_language_lists_keep_bracketed_commas():
    assert split_language_list("DYCK-(1,1)") == ("DYCK-(1,1)",)
    assert split_language_list("ENDS-A, DYCK-(1,2),LT-2") == ("ENDS-A", "DYCK-(1,2)", "LT-2")
    assert split_language_list("a,,b") == ("a", "b")


def test_a_regex_language_is_labelled_by_its_dfa():
    name = source_language_name("regex", "(a|b)*aba(a|b)*", ["a", "b"])
    assert name == "regex:(a|b)*aba(a|b)*@a,b"
    spec = get_language(name)
    assert spec.alphabet == ("a", "b") and spec.adversarial == "flip"
    data = LanguageData(spec, 12)
    rng = np.random.default_rng(0)
    for n in (3, 7, 12):          # labels agree with Python's own regex engine
        s = data.random_set(n, 40, rng)
        for word, label in zip(s.words, s.labels):
            text = "".join("ab"[i] for i in word)
            assert bool(re.fullmatch("(a|b)*aba(a|b)*", text)) == bool(label), text
    # the minimal DFA: every word of length ≤ 8 classified as the regex says
    dfa = spec.dfa()
    for n in range(9):
        for w in itertools.product("ab", repeat=n):
            assert dfa.accepts(list(w)) == bool(re.fullmatch("(a|b)*aba(a|b)*", "".join(w)))


def test_formula_and_dfa_sources_name_the_same_language_as_the_builtin():
    ends_a = get_language("ENDS-A")
    formula = get_language(source_language_name("formula", "Y a", ["a", "b", "c"]))
    dfa = get_language(source_language_name("dfa", dfa_to_json(ends_a.dfa())))
    for spec in (formula, dfa):
        assert spec.dfa().alphabet == ends_a.dfa().alphabet
        assert dfa_to_json(spec.dfa()) == dfa_to_json(ends_a.dfa().minimal())
    assert display_name(dfa.name).startswith("dfa[2 states, ")
    name = cell_name(TrainConfig(dfa.name))
    assert name.startswith("dfa-") and "{" not in name and "/" not in name


@pytest.mark.parametrize("kind,text", [("regex", "(a|"), ("formula", "a &"), ("dfa", "{}")])
def test_bad_sources_are_input_errors(kind, text):
    with pytest.raises(InputError):
        source_language_name(kind, text, ["a", "b"] if kind != "dfa" else None)


def _cells(capsys, argv, tmp_path):
    assert main(["experiment", *argv, *TINY_ARGS, "--out", str(tmp_path), "--no-plots"]) == 0
    out = json.loads(capsys.readouterr().out)
    cells = json.loads((tmp_path / "results.json").read_text())["cells"]
    return out, cells


def test_cli_lrs_and_seeds_give_four_cells_per_language_and_pattern(capsys, tmp_path):
    out, cells = _cells(capsys, ["--languages", "DYCK-(1,1)", "--patterns", "global,hybrid:1",
                                 "--lrs", "0.001,0.003", "--seeds", "0,1"], tmp_path)
    assert [(r["language"], r["pattern"], r["runs"]) for r in out["results"]] == [
        ("DYCK-(1,1)", "global", 4), ("DYCK-(1,1)", "hybrid:1", 4)]
    for pattern in ("global", "hybrid:1"):
        runs = {(c["seed"], c["lr"]) for c in cells if c["pattern"] == pattern}
        assert runs == {(0, 0.001), (0, 0.003), (1, 0.001), (1, 0.003)}
    assert {c["train_config"]["lr"] for c in cells} == {0.001, 0.003}   # the lr reached training


def test_cli_trains_on_a_regex(capsys, tmp_path):
    out, cells = _cells(capsys, ["--regex", "(a|b)*aba(a|b)*", "--alphabet", "ab", "--patterns", "global"],
                        tmp_path)
    (row,) = out["results"]
    assert row["language"] == "regex:(a|b)*aba(a|b)*@a,b" and 0.0 <= row["accuracy"] <= 1.0
    assert cells[0]["train_config"]["train_max_length"] == 6
    assert set(cells[0]["sets"]["random"]["per_length"]) >= {"7", "8", "9"}


def test_cli_trains_on_a_dfa_file_and_a_formula(capsys, tmp_path):
    path = tmp_path / "ends_a.json"
    path.write_text(dfa_to_json(get_language("ENDS-A").dfa()))
    out, _ = _cells(capsys, ["--dfa", str(path), "--formula", "Y a", "--alphabet", "abc", "--patterns", "local:1"],
                    tmp_path / "out")
    assert [r["language"].split(":")[0] for r in out["results"]] == ["formula", "dfa"]


def test_cli_positional_sweep(capsys, tmp_path):
    out, cells = _cells(capsys, ["--languages", "ENDS-A", "--patterns", "global", "--positional",
                                 "none,learned,SiPE,rope"], tmp_path)
    assert [r["positional"] for r in out["results"]] == ["none", "learned", "sinusoidal", "rope"]
    md = (tmp_path / "results.md").read_text()
    assert "global SiPE" in md and "global RoPE" in md and "global NoPE" in md


@pytest.mark.parametrize("bad", [
    ["--regex", "(a|", "--alphabet", "ab"],
    ["--alphabet", "ab"],
    ["--languages", "DYCK-(1,1"],
    ["--positional", "alibi"],
    ["--preset", "gpt2-small"],
    ["--address", "auto"],
    ["--formula", "a &&", "--alphabet", "ab"],
])
def test_cli_bad_sources_exit_2(bad, capsys):
    assert main(["experiment", *TINY_ARGS, *bad]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "error" in err[0]
