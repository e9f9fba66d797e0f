"""Training: determinism, checkpoints (safetensors + JSON), exact resumption, devices."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from attnlogic.kernel.errors import InputError
from attnlogic.experiments.data import LanguageData
from attnlogic.experiments.evaluate import EvalConfig, evaluate_model
from attnlogic.experiments.languages import LANGUAGES
from attnlogic.experiments.train import TrainConfig, load_checkpoint, resolve_device, train

TINY = dict(d_model=8, n_layers=1, n_heads=2, batch_size=8, train_max_length=6, lr=1e-2, threads=1)


@pytest.fixture(scope="module")
def ends_a():
    return LanguageData(LANGUAGES["ENDS-A"], 30)


def _params(model):
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def test_training_is_deterministic(ends_a):
    cfg = TrainConfig("ENDS-A", "hybrid:1", steps=5, seed=3, **TINY)
    a = train(cfg, data=ends_a, progress=False)
    b = train(cfg, data=ends_a, progress=False)
    assert a.losses == b.losses
    pa, pb = _params(a.model), _params(b.model)
    assert all(torch.equal(pa[k], pb[k]) for k in pa)
    c = train(TrainConfig("ENDS-A", "hybrid:1", steps=5, seed=4, **TINY), data=ends_a, progress=False)
    assert c.losses != a.losses


def test_resumed_run_equals_uninterrupted_run(ends_a, tmp_path):
    full = train(TrainConfig("ENDS-A", "global", steps=6, **TINY), data=ends_a, progress=False)
    first = train(TrainConfig("ENDS-A", "global", steps=3, **TINY), data=ends_a,
                  checkpoint_dir=tmp_path, progress=False)
    assert first.resumed_from == 0
    resumed = train(TrainConfig("ENDS-A", "global", steps=6, **TINY), data=ends_a,
                    checkpoint_dir=tmp_path, progress=False)
    assert resumed.resumed_from == 3
    assert resumed.losses == full.losses
    pf, pr = _params(full.model), _params(resumed.model)
    assert all(torch.equal(pf[k], pr[k]) for k in pf)


def test_checkpoint_files_are_safetensors_and_json(ends_a, tmp_path):
    cfg = TrainConfig("ENDS-A", "local:1", steps=4, checkpoint_every=2, **TINY)
    result = train(cfg, data=ends_a, checkpoint_dir=tmp_path, progress=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkpoint.json", "checkpoint.safetensors"]
    meta = json.loads((tmp_path / "checkpoint.json").read_text())
    assert meta["step"] == 4 and meta["train_config"]["pattern"] == "local:1"
    assert (tmp_path / "checkpoint.safetensors").read_bytes()[8:9] == b"{"   # safetensors header
    cfg2, model, opt_state, step, losses = load_checkpoint(tmp_path)
    assert cfg2 == cfg and step == 4 and losses == result.losses
    x = torch.randint(0, 4, (3, 9))
    with torch.no_grad():
        assert torch.equal(model.eval()(x), result.model(x))


def test_resuming_a_different_run_is_refused(ends_a, tmp_path):
    train(TrainConfig("ENDS-A", "global", steps=2, **TINY), data=ends_a, checkpoint_dir=tmp_path, progress=False)
    with pytest.raises(InputError):
        train(TrainConfig("ENDS-A", "local:1", steps=4, **TINY), data=ends_a, checkpoint_dir=tmp_path,
              progress=False)


def test_bad_configs_and_devices():
    with pytest.raises(InputError):
        TrainConfig("NOT-A-LANGUAGE")
    with pytest.raises(InputError):
        TrainConfig("ENDS-A", lr=0.0)
    with pytest.raises(InputError):
        TrainConfig("ENDS-A", train_min_length=5, train_max_length=4)
    assert resolve_device("cpu") == "cpu"
    assert resolve_device("auto") in ("cpu", "cuda")
    with pytest.raises(InputError):
        resolve_device("tpu")
    if not torch.cuda.is_available():
        with pytest.raises(InputError):
            resolve_device("cuda")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")
def test_cuda_training_runs(ends_a):
    r = train(TrainConfig("ENDS-A", "hybrid:1", steps=3, device="cuda", **TINY), data=ends_a, progress=False)
    assert next(r.model.parameters()).is_cuda


def test_local1_learns_ends_with_a_and_generalises(ends_a):
    """ENDS-A = Y a is one 1-local head: a few hundred small steps suffice, at lengths never seen."""
    cfg = TrainConfig("ENDS-A", "local:1", d_model=16, n_layers=1, n_heads=2, batch_size=32,
                      train_max_length=10, lr=1e-2, steps=150, threads=1)
    result = train(cfg, data=ends_a, progress=False)
    sets = evaluate_model(result.model, ends_a, EvalConfig(test_min=11, test_max=30, samples=32, train_max=10))
    assert sets["random"].accuracy >= 0.95
    assert np.mean(result.losses[-20:]) < np.mean(result.losses[:20])


@pytest.mark.parametrize("positional", ["learned", "sinusoidal", "rope"])
def test_positional_encodings_train(ends_a, positional):
    r = train(TrainConfig("ENDS-A", "hybrid:2", positional=positional, steps=2, **TINY), data=ends_a,
              progress=False)
    assert r.model.config.positional == positional and all(np.isfinite(r.losses))


def test_the_lstm_baseline_trains_checkpoints_and_resumes(ends_a, tmp_path):
    from attnlogic.experiments.lstm import LSTMConfig

    cfg = dict(TINY, lstm_hidden=12)
    full = train(TrainConfig("ENDS-A", "lstm", steps=6, **cfg), data=ends_a, progress=False)
    assert full.model.config == LSTMConfig(vocab_size=4, hidden=12)
    assert sum(p.numel() for p in full.model.parameters()) == \
        4 * 12 + 4 * (12 * 12 + 12 * 12 + 2 * 12) + 12 + 1     # embedding, LSTM gates, readout
    train(TrainConfig("ENDS-A", "lstm", steps=3, **cfg), data=ends_a, checkpoint_dir=tmp_path, progress=False)
    resumed = train(TrainConfig("ENDS-A", "lstm", steps=6, **cfg), data=ends_a, checkpoint_dir=tmp_path,
                    progress=False)
    assert resumed.resumed_from == 3 and resumed.losses == full.losses
    sets = evaluate_model(resumed.model, ends_a, EvalConfig(test_min=7, test_max=9, samples=4, train_max=6))
    assert 0.0 <= sets["random"].accuracy <= 1.0
