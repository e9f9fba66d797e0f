"""Character-level language modelling: corpus, vocabulary, perplexity, command line."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
import torch

from attnlogic.cli import main
from attnlogic.experiments.lm import (
    CharVocabulary, LMConfig, builtin_corpus, perplexity, run_lm_patterns, split_corpus,
)


class Uniform(torch.nn.Module):
    def __init__(self, v):
        super().__init__()
        self.v = v
        self.p = torch.nn.Parameter(torch.zeros(1))

    def forward(self, x):
        return torch.zeros(*x.shape, self.v) + 0 * self.p


def test_builtin_corpus_is_deterministic_and_structured():
    a, b = builtin_corpus(200, seed=1), builtin_corpus(200, seed=1)
    assert a == b and a != builtin_corpus(200, seed=2)
    lines = a.strip().split("\n")
    assert len(lines) == 200 and all(line.endswith(" .") for line in lines)
    assert all(line.count("(") == line.count(")") for line in lines)


def test_vocabulary_and_split(tmp_path):
    v = CharVocabulary("abca")
    assert v.chars == ("a", "b", "c") and v.unk == 3 and v.size == 4
    assert v.encode("cab?").tolist() == [2, 0, 1, 3]
    train, valid = split_corpus("x" * 1000)
    assert len(train) == 900 and len(valid) == 100
    (tmp_path / "wiki.train.raw").write_text("t" * 200)
    (tmp_path / "wiki.valid.raw").write_text("v" * 200)
    train, valid = split_corpus("t" * 200, tmp_path / "wiki.train.raw")
    assert valid == "v" * 200


def test_perplexity_of_the_uniform_model_is_the_vocabulary_size():
    ids = np.arange(1000) % 7
    assert perplexity(Uniform(7), ids, context=16) == pytest.approx(7.0, rel=1e-6)


def test_training_lowers_perplexity_below_uniform():
    text = builtin_corpus(400)
    cfg = LMConfig(d_model=16, n_layers=1, n_heads=2, steps=40, batch_size=8, context=32, threads=1,
                   eval_windows=16)
    rows = run_lm_patterns(text, ["global", "hybrid:1"], cfg, progress=False)
    vocab = rows[0]["vocabulary"]
    for r in rows:
        assert math.isfinite(r["perplexity"]) and r["perplexity"] < vocab
        assert r["bits_per_char"] == pytest.approx(math.log2(r["perplexity"]))


def test_cli_lm_builtin(capsys, tmp_path):
    rc = main(["experiment", "--lm", "builtin", "--patterns", "local:1", "--steps", "2", "--d-model", "8",
               "--layers", "1", "--context", "16", "--json", "--no-progress", "--out", str(tmp_path)])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["source"] == "builtin" and out["results"][0]["pattern"] == "local:1"
    assert (tmp_path / "lm_results.md").exists()
