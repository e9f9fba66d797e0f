"""Grids, aggregation, reports and the ``attnlogic experiment`` command (tiny runs)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from attnlogic.cli import main
from attnlogic.kernel.errors import InputError
from attnlogic.experiments import grid as grid_module
from attnlogic.experiments.evaluate import EvalConfig
from attnlogic.experiments.grid import GridSpec, PRESETS, aggregate, cell_name, run_grid
from attnlogic.experiments.languages import LOCAL_GRID, QUICK, TABLE1
from attnlogic.experiments.report import write_report
from attnlogic.experiments.train import TrainConfig

TINY_TRAIN = TrainConfig("ENDS-A", d_model=8, n_layers=1, n_heads=2, batch_size=8, steps=3,
                         train_max_length=6, threads=1)
TINY_EVAL = EvalConfig(test_min=7, test_max=9, samples=4, train_max=6)
TINY_ARGS = ["--steps", "2", "--d-model", "8", "--layers", "1", "--train-max", "6", "--test-min", "7",
             "--test-max", "9", "--samples", "4", "--batch-size", "8", "--no-progress",
             "--extract-states", "0"]                  # extraction: test_experiment_extraction.py


def tiny_grid(**kw):
    base = dict(name="tiny", languages=("ENDS-A", "STARTS-A"), patterns=("global", "hybrid:1"), seeds=(0,),
                lrs=(1e-2,), template=TINY_TRAIN, evaluation=TINY_EVAL)
    base.update(kw)
    return GridSpec(**base)


def test_presets_follow_the_papers():
    q, t, loc = PRESETS["quick"], PRESETS["table1"], PRESETS["local"]
    assert q.languages == QUICK and q.patterns == ("global", "local:1", "hybrid:1")
    assert q.template.train_max_length == 20 and (q.evaluation.test_min, q.evaluation.test_max) == (21, 100)
    assert t.languages == TABLE1 and t.patterns == ("global", "lstm")   # Table 1: transformer and LSTM
    assert len(t.seeds) == 5 and t.lrs == (1e-4, 3e-4, 5e-4)
    assert (t.template.n_layers, t.template.d_model, t.template.batch_size) == (5, 64, 128)
    assert t.template.positional == "none" and t.template.train_max_length == 40
    assert (t.evaluation.test_min, t.evaluation.test_max, t.evaluation.samples) == (41, 500, 512)
    assert loc.languages == LOCAL_GRID
    assert {f"{kind}:{k}" for kind in ("local", "hybrid") for k in (1, 2, 4)} < set(loc.patterns)
    assert t.template.lstm_hidden == 256                                  # the paper's LSTM
    assert len(t.cells()) == 12 * 2 * 15


def test_grid_runs_resumes_and_reports(tmp_path, monkeypatch):
    spec = tiny_grid()
    records = run_grid(spec, tmp_path, progress=False)
    assert len(records) == 4
    assert len(list((tmp_path / "cells").glob("*.json"))) == 4
    # a second run reads the cells back instead of training again
    monkeypatch.setattr(grid_module, "train", lambda *a, **k: pytest.fail("retrained a finished cell"))
    again = run_grid(spec, tmp_path, progress=False)
    assert again == records
    rows = aggregate(records)
    assert [(r["language"], r["pattern"]) for r in rows] == [
        ("ENDS-A", "global"), ("ENDS-A", "hybrid:1"), ("STARTS-A", "global"), ("STARTS-A", "hybrid:1")]
    files = write_report(tmp_path, spec.to_dict(), rows, records, title="tiny")
    names = {p.name for p in files}
    assert {"results.json", "results.md", "per_length_random.png", "longest_perfect_length.png"} <= names
    assert (tmp_path / "per_length_random.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    md = (tmp_path / "results.md").read_text()
    assert "| ENDS-A |" in md and "## adversarial test set" in md
    data = json.loads((tmp_path / "results.json").read_text())
    assert len(data["cells"]) == 4 and data["results"] == rows


def _record(lang, pattern, seed, acc, nstar, adv=0.5):
    return {"language": lang, "pattern": pattern, "positional": "none", "seed": seed, "lr": 1e-3,
            "sets": {"random": {"accuracy": acc, "longest_perfect_length": nstar},
                     "adversarial": {"accuracy": adv, "longest_perfect_length": 0}}}


def test_aggregate_takes_the_best_run_and_the_mean():
    rows = aggregate([_record("LAST", "global", 0, 0.6, 40), _record("LAST", "global", 1, 0.9, 45, adv=0.7),
                      _record("LAST", "global", 2, 0.75, 41)])
    (row,) = rows
    assert row["accuracy"] == 0.9 and row["longest_perfect_length"] == 45
    assert row["adversarial_accuracy"] == 0.7 and row["best_run"]["seed"] == 1
    assert row["accuracy_mean"] == pytest.approx(0.75) and row["runs"] == 3


def test_grid_spec_validation():
    with pytest.raises(InputError):
        tiny_grid(languages=("NOPE",))
    with pytest.raises(InputError):
        tiny_grid(evaluation=replace(TINY_EVAL, test_min=5))
    assert cell_name(replace(TINY_TRAIN, language="DYCK-(1,1)", pattern="hybrid:2")) == \
        "DYCK-1-1__hybrid2__none__s0__lr0.0003"


def test_cli_experiment_json(capsys, tmp_path):
    rc = main(["experiment", "--languages", "ENDS-A", "--patterns", "local:1,hybrid:1", "--json",
               "--out", str(tmp_path), "--no-plots", *TINY_ARGS])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["pattern"] for r in out["results"]] == ["local:1", "hybrid:1"]
    for r in out["results"]:
        assert r["language"] == "ENDS-A" and 0.0 <= r["accuracy"] <= 1.0
        assert isinstance(r["longest_perfect_length"], int)
    assert (tmp_path / "results.md").exists()


@pytest.mark.parametrize("bad", [
    ["--languages", "NOPE"],
    ["--patterns", "window:3"],
    ["--patterns", "hybrid:0"],
    ["--test-min", "50", "--test-max", "40"],
    ["--test-stride", "0"],
    ["--device", "tpu"],
    ["--lrs", "fast"],
    ["--lm", "/nonexistent/corpus.txt"],
])
def test_cli_bad_input_exits_2(bad, capsys):
    rc = main(["experiment", *TINY_ARGS, *bad])
    assert rc == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "error" in err[0]


def test_cli_list(capsys):
    assert main(["experiment", "--list"]) == 0
    out = capsys.readouterr().out
    assert "DYCK-(1,1)" in out and "CNT" in out


def test_parallel_jobs_give_the_same_records(tmp_path):
    spec = tiny_grid(languages=("ENDS-A",))
    serial = run_grid(spec, None, progress=False)
    parallel = run_grid(spec, tmp_path, progress=False, jobs=2)
    strip = lambda rs: [{k: v for k, v in r.items() if not k.endswith("_seconds")} for r in rs]  # noqa: E731
    assert strip(parallel) == strip(serial)
    assert len(list((tmp_path / "cells").glob("*.json"))) == 2


def test_resuming_into_a_folder_of_another_configuration_is_refused(tmp_path):
    spec = tiny_grid(languages=("ENDS-A",), patterns=("global",))
    run_grid(spec, tmp_path, progress=False)
    with pytest.raises(InputError):
        run_grid(replace(spec, evaluation=replace(TINY_EVAL, samples=6)), tmp_path, progress=False)


def test_table1_runs_the_lstm_baseline_beside_the_transformer(capsys, tmp_path):
    rc = main(["experiment", "--preset", "table1", "--languages", "FIRST", "--seeds", "0", "--lrs", "0.01",
               "--lstm-hidden", "8", "--json", "--out", str(tmp_path), "--no-plots", *TINY_ARGS])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["pattern"] for r in out["results"]] == ["global", "lstm"]
    cells = json.loads((tmp_path / "results.json").read_text())["cells"]
    assert cells[1]["train_config"]["lstm_hidden"] == 8
    assert "| FIRST |" in (tmp_path / "results.md").read_text()
    assert "LSTM hidden size 8" in (tmp_path / "results.md").read_text()
