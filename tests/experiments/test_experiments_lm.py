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
                   train_eval_windows=16)
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


def test_perplexity_covers_the_whole_validation_text():
    from attnlogic.experiments.lm import _windows, cross_entropy_sum

    for n, ctx in ((1000, 16), (17, 16), (18, 16), (5, 16), (2, 3)):
        spans = _windows(n, ctx)
        predicted = [t for a, b in spans for t in range(a + 1, b)]
        assert predicted == list(range(1, n)), (n, ctx)      # every token but the first, once
    ids = np.arange(1001) % 7
    total, count = cross_entropy_sum(Uniform(7), ids, context=16)
    assert count == 1000 and total == pytest.approx(1000 * math.log(7), rel=1e-6)


def test_wikitext_files_are_read_as_distributed(tmp_path):
    import zipfile

    from attnlogic.experiments.lm import SAMPLE_DIR, load_corpus

    sample = load_corpus("sample")
    assert sample.train == (SAMPLE_DIR / "sample.train.raw").read_text()
    folder = tmp_path / "wikitext-2-raw"
    folder.mkdir()
    for split in ("train", "valid", "test"):
        (folder / f"wiki.{split}.raw").write_text(sample.valid if split != "train" else sample.train)
    archive = tmp_path / "wikitext-2-raw-v1.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for split in ("train", "valid", "test"):
            z.write(folder / f"wiki.{split}.raw", f"wikitext-2-raw/wiki.{split}.raw")
    for spec in (folder, archive, folder / "wiki.train.raw"):
        corpus = load_corpus(str(spec))
        assert (corpus.train, corpus.valid) == (sample.train, sample.valid), spec


def test_bpe_is_learned_on_the_training_text_and_is_deterministic():
    pytest.importorskip("tokenizers")
    from attnlogic.experiments.bpe import BPEVocabulary
    from attnlogic.experiments.lm import load_corpus

    corpus = load_corpus("sample")
    a, b = BPEVocabulary(corpus.train, 400), BPEVocabulary(corpus.train, 400)
    ids = a.encode(corpus.valid)
    assert 256 < a.size <= 400 and (ids == b.encode(corpus.valid)).all()
    assert a.decode(ids) == corpus.valid                     # byte-level: nothing is lost
    assert len(ids) < 0.75 * len(corpus.valid.encode())      # merges shorten the text


def test_lm_seeds_and_lrs_are_all_run(capsys):
    rc = main(["experiment", "--lm", "sample", "--patterns", "global", "--seeds", "3,4", "--lrs", "0.001,0.003",
               "--steps", "1", "--d-model", "8", "--layers", "1", "--context", "16", "--json", "--no-progress"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert {(r["seed"], r["lr"]) for r in out["results"]} == {(3, 0.001), (3, 0.003), (4, 0.001), (4, 0.003)}
    assert len({r["perplexity"] for r in out["results"]}) == 4


@pytest.mark.slow
def test_gpt2_small_preset_runs_one_step_on_cpu_with_the_shipped_corpus(capsys):
    pytest.importorskip("tokenizers")
    rc = main(["experiment", "--lm", "sample", "--preset", "gpt2-small", "--device", "cpu", "--steps", "1",
               "--batch-size", "1", "--context", "128", "--patterns", "hybrid:1", "--json", "--no-progress"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    cfg = out["config"]
    assert (cfg["n_layers"], cfg["d_model"], cfg["n_heads"], cfg["tokenizer"]) == (12, 768, 12, "bpe")
    (row,) = out["results"]
    assert 256 < row["vocabulary"] <= 50257 and math.isfinite(row["perplexity"])
    assert row["parameters"] > 85_000_000                     # GPT-2 small's 12 × 7.1M blocks
    from attnlogic.experiments.bpe import BPEVocabulary
    from attnlogic.experiments.lm import load_corpus

    corpus = load_corpus("sample")                            # the whole validation text is scored
    assert row["validation_tokens"] == len(BPEVocabulary(corpus.train, 50257).encode(corpus.valid)) - 1
