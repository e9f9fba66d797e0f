"""``attnlogic experiment`` reports what each trained model computes (issue 44, item 3): the
extracted DFA's size and least fragments next to the target's, in results.md, results.json
and extracted_automata.png; every difference word the report prints is a real disagreement,
confirmed here by the experiment's own predict on the cell's checkpoint (independent of
attnlogic.testing) and the language's membership read off the word itself."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from attnlogic.cli import main
from attnlogic.experiments.evaluate import predict
from attnlogic.experiments.grid import cell_name
from attnlogic.experiments.train import TrainConfig, load_checkpoint

#: a tiny grid: ENDS-A × global, hybrid:1, trained briefly, tested on lengths 9–12
TINY = ["--languages", "ENDS-A", "--patterns", "global,hybrid:1", "--steps", "60", "--d-model", "16",
        "--layers", "1", "--train-max", "8", "--test-min", "9", "--test-max", "12", "--samples", "8",
        "--batch-size", "16", "--jobs", "1", "--no-progress"]
#: a printed difference word: `abca`: model accepts, ENDS-A rejects (ε for the empty word)
PRINTED = re.compile(r"(`([a-z]*)`|ε): model (accepts|rejects), (\S+) (accepts|rejects)")


@pytest.mark.slow
def test_the_report_carries_the_extraction_and_every_printed_word_is_a_real_disagreement(tmp_path, capsys):
    assert main(["experiment", *TINY, "--checkpoints", "--out", str(tmp_path), "--extract-states", "12",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["pattern"] for r in out["results"]] == ["global", "hybrid:1"]
    for row in out["results"]:
        x = row["extraction"]
        assert x["budget"]["max_states"] == 12 and x["extracted"] is not None
        assert x["target"]["states"] == 2                        # (a|b|c)*a: two states
        assert x["complete"] or x["reason"] in ("max-states", "queries", "time")
        assert (x["same_as_target"] is True) == (x["differences"] == [])
    md = (tmp_path / "results.md").read_text(encoding="utf-8")
    assert "## What the models compute (extracted automata)" in md
    assert ("| language | pattern | target | pattern can | extracted | pattern can | same language | "
            "shortest differences |") in md
    assert (tmp_path / "extracted_automata.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    section = md.split("## What the models compute")[1]
    rows = [line for line in section.splitlines() if line.startswith("| ENDS-A | ")]
    assert len(rows) == 2
    checked = 0
    for line in rows:
        pattern = line.split(" | ")[1]
        cfg = TrainConfig.from_dict(json.loads(
            (tmp_path / "cells" / f"{_cell(tmp_path, pattern)}.json").read_text())["train_config"])
        _, model, *_ = load_checkpoint(tmp_path / "checkpoints" / cell_name(cfg))
        model.eval()
        same = line.split(" | ")[6]
        printed = PRINTED.findall(line)
        assert (same == "yes") == (printed == [])
        for _, word, model_says, language, target_says in printed:
            assert language == "ENDS-A"
            ids = np.array([["abc".index(a) for a in word]], dtype=np.int64).reshape(1, len(word))
            accepts = bool(predict(model, ids, 3)[0])             # the experiment's own readout
            assert accepts == (model_says == "accepts")
            assert (target_says == "accepts") == word.endswith("a") != accepts
            checked += 1
    assert checked >= 1          # the global cell: global attention cannot express ENDS-A (LTL[P])
    # the JSON's words are the printed ones
    assert checked == sum(len(r["extraction"]["differences"]) for r in out["results"])


def _cell(folder, pattern: str) -> str:
    """The cell file's name of ``pattern`` in the tiny grid."""
    names = [p.stem for p in (folder / "cells").glob("*.json")]
    tag = pattern.replace(":", "")
    return next(n for n in names if f"__{tag}__" in n)


def test_no_extraction_with_extract_states_0_and_bad_budgets_exit_2(tmp_path, capsys):
    tiny = ["--languages", "ENDS-A", "--patterns", "global", "--steps", "2", "--d-model", "8", "--layers", "1",
            "--train-max", "6", "--test-min", "7", "--test-max", "9", "--samples", "4", "--batch-size", "8",
            "--jobs", "1", "--no-progress"]
    assert main(["experiment", *tiny, "--extract-states", "0", "--out", str(tmp_path), "--no-plots", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "extraction" not in out["results"][0]
    assert "What the models compute" not in (tmp_path / "results.md").read_text(encoding="utf-8")
    for bad in (["--extract-states", "-1"], ["--extract-queries", "0"], ["--extract-seconds", "nan"],
                ["--extract-seconds", "0"]):
        assert main(["experiment", *tiny, *bad]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and bad[0] in err[0]
