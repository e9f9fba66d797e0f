"""Models trained by attnlogic's experiment code, saved with safetensors, checked against
the DFA of their language at EOS (the training API of experiments/train.py as it is)."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
import torch

from attnlogic.cli import main
from attnlogic.experiments.evaluate import predict
from attnlogic.experiments.train import TrainConfig, save_checkpoint, train
from attnlogic.testing import check

ENDS_A = dict(regex="(a|b|c)*a", alphabet="abc")


def _trained(pattern: str, directory):
    cfg = TrainConfig("ENDS-A", pattern=pattern, d_model=32, n_layers=2, n_heads=2, steps=300, batch_size=64,
                      lr=3e-3, train_max_length=20, threads=1)
    res = train(cfg, progress=False)
    save_checkpoint(directory, cfg, res.model, torch.optim.Adam(res.model.parameters()), cfg.steps, res.losses)
    return res.model


def _perfect_length(model, cap: int = 9) -> int:
    """The largest n ≤ cap such that the model is right on every word of length 1 … n,
    measured with the experiment's own predict (independent of attnlogic.testing)."""
    for n in range(1, cap + 1):
        words = np.array(list(itertools.product(range(3), repeat=n)), dtype=np.int64)
        if (predict(model, words, 3) != (words[:, -1] == 0)).any():
            return n - 1
    return cap


@pytest.mark.slow
def test_hybrid_model_trained_on_ends_a_checks_clean_from_its_checkpoint(tmp_path, capsys):
    model = _trained("hybrid:1", tmp_path / "hybrid")
    assert _perfect_length(model) == 9                       # exact on every word up to 9
    code = main(["check", "--model", str(tmp_path / "hybrid"), "--regex", ENDS_A["regex"], "--alphabet", "abc",
                 "--max-length", "2000", "--samples", "4", "--json"])
    obj = json.loads(capsys.readouterr().out)
    assert code == 0 and obj["readout"] == "eos" and obj["disagreements"] == 0


@pytest.mark.slow
def test_global_model_passes_up_to_its_perfect_length_and_fails_just_beyond(tmp_path):
    """ENDS-A is not in LTL[P]: the global-only model's measured perfect length n is finite;
    the check restricted to words of length ≤ n passes, and with length n+1 it fails with a
    counterexample of length n+1 on which predict disagrees with the language."""
    model = _trained("global", tmp_path / "global")
    n = _perfect_length(model)
    assert 0 < n < 9
    short = dict(readout="eos", max_length=n, long_count=0, boundary=0, **ENDS_A)   # no word beyond n
    assert check(model, exhaustive_length=n, **short).ok
    bad = check(model, exhaustive_length=n + 1, **short)
    assert not bad.ok and len(bad.counterexample) == n + 1
    w = np.array([["abc".index(a) for a in bad.counterexample]])
    assert bool(predict(model, w, 3)[0]) == bad.model_answer != bad.language_answer == (bad.counterexample[-1] == "a")


@pytest.mark.slow
def test_a_trained_model_is_extracted_within_its_budget_and_its_difference_words_are_real(tmp_path):
    """attnlogic.extract (issue 44) of the global-only model from its checkpoint: the learning
    ends within its bounds (complete, or stopped by max_states or the time budget, with the
    last hypothesis), and every difference word from ENDS-A is a real disagreement, by the
    experiment's own predict (independent of attnlogic.testing)."""
    from attnlogic import extract

    model = _trained("global", tmp_path / "global")
    result = extract(str(tmp_path / "global"), **ENDS_A, max_states=20, time_budget=120, windows=(1,),
                     exhaustive_length=5, long_length=100, long_count=4)
    x = result.extraction
    assert x.dfa is not None and x.reason in ("complete", "max-states", "time")
    assert x.readout == "eos" and x.differences
    for d in x.differences:
        word = np.array([["abc".index(a) for a in d.word]], dtype=np.int64).reshape(1, len(d.word))
        assert bool(predict(model.eval(), word, 3)[0]) == d.model_accepts and d.confirmed
        assert d.target_accepts == (d.word[-1:] == ("a",))
