"""Per-length evaluation of a trained recogniser and the summary metrics.

For a test set S_N of words of length N, accuracy(N) = |{w ∈ S_N : [logit(w) > 0] = [w ∈ L]}| / |S_N|.
Summaries over a set of evaluated lengths:

* ``accuracy``: the mean of accuracy(N) over the unseen (test) lengths that have data;
* ``longest_perfect_length`` N*: the largest N such that accuracy(N′) = 1 for every evaluated
  length N′ ≤ N (training lengths included); 0 when the shortest evaluated length is already
  imperfect.  Lengths without data (e.g. odd lengths of (ab)*) are skipped, not counted as
  failures.

The random, adversarial and periodic sets (:mod:`attnlogic.experiments.data`) are evaluated
and reported separately; the periodic accuracy is the fraction of all periodic words (both
members of every pair, every length of the test range) classified correctly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from .data import LanguageData, LengthSet, with_eos

__all__ = ["SetResult", "EvalConfig", "predict", "evaluate_sets", "evaluate_model",
           "longest_perfect_length", "mean_accuracy"]


@dataclass(frozen=True)
class EvalConfig:
    """Test lengths ``test_min, test_min + test_stride, … ≤ test_max`` (stride 1: every length,
    the protocol; a larger stride only to scale a run down), ``samples`` words per length (half
    positive), and whether the training lengths ``1 … train_max`` are also evaluated (for N*)."""

    test_min: int = 41
    test_max: int = 500
    samples: int = 512
    train_max: int = 40
    seed: int = 12345
    batch_size: int = 512
    include_train_lengths: bool = True
    test_stride: int = 1

    def test_lengths(self) -> range:
        return range(self.test_min, self.test_max + 1, self.test_stride)


@dataclass(frozen=True)
class SetResult:
    """Accuracy per length on one kind of set; ``accuracy`` = mean over the test lengths."""

    name: str
    per_length: dict[int, float]
    counts: dict[int, int]
    accuracy: float | None
    longest_perfect_length: int

    def to_dict(self) -> dict:
        return {"accuracy": self.accuracy, "longest_perfect_length": self.longest_perfect_length,
                "per_length": {str(n): a for n, a in sorted(self.per_length.items())},
                "samples": {str(n): c for n, c in sorted(self.counts.items())}}


def predict(model, words: np.ndarray, eos: int, batch_size: int = 512) -> np.ndarray:
    """Accept (logit at EOS > 0) for every row of ``words`` (all of one length)."""
    import torch

    device = next(model.parameters()).device
    out = []
    with torch.no_grad():
        for i in range(0, len(words), batch_size):
            tokens = torch.from_numpy(with_eos(words[i:i + batch_size], eos)).to(device)
            out.append((model(tokens)[:, -1, 0] > 0).cpu().numpy())
    return np.concatenate(out) if out else np.zeros(0, dtype=bool)


def evaluate_sets(model, sets: Iterable[LengthSet], eos: int, batch_size: int = 512) -> tuple[dict, dict]:
    """(accuracy per length, number of words per length)."""
    acc, counts = {}, {}
    for s in sets:
        pred = predict(model, s.words, eos, batch_size)
        acc[s.length] = float((pred == s.labels).mean())
        counts[s.length] = int(len(s.labels))
    return acc, counts


def mean_accuracy(per_length: dict[int, float], lengths: Iterable[int]) -> float | None:
    vals = [per_length[n] for n in lengths if n in per_length]
    return float(np.mean(vals)) if vals else None


def longest_perfect_length(per_length: dict[int, float]) -> int:
    """N*: see the module docstring."""
    best = 0
    for n in sorted(per_length):
        if per_length[n] < 1.0:
            break
        best = n
    return best


def _summarise(name: str, acc: dict, counts: dict, test_lengths: Sequence[int]) -> SetResult:
    return SetResult(name, acc, counts, mean_accuracy(acc, test_lengths), longest_perfect_length(acc))


def evaluate_model(model, data: LanguageData, cfg: EvalConfig,
                   kinds: Sequence[str] = ("random", "adversarial", "periodic")) -> dict[str, SetResult]:
    """Evaluate on the kinds of sets asked for; deterministic given ``cfg.seed``.

    The random set also covers the training lengths when ``cfg.include_train_lengths`` (so
    that N* starts at length 1); the other sets cover the test lengths only.
    """
    test = data.usable_lengths(cfg.test_lengths())
    out = {}
    if "random" in kinds:
        lengths = (data.usable_lengths(range(1, cfg.train_max + 1)) if cfg.include_train_lengths else []) + test
        rng = np.random.default_rng([cfg.seed, 0])
        sets = (data.random_set(n, cfg.samples, rng) for n in lengths)
        out["random"] = _summarise("random", *evaluate_sets(model, sets, data.eos, cfg.batch_size), test)
    if "adversarial" in kinds:
        rng = np.random.default_rng([cfg.seed, 1])
        sets = (data.adversarial_set(n, cfg.samples, rng) for n in test)
        out["adversarial"] = _summarise("adversarial", *evaluate_sets(model, sets, data.eos, cfg.batch_size), test)
    if "periodic" in kinds:
        # every length of the range (not only every stride-th): a pair's two words differ in length
        sets = data.periodic_sets(range(cfg.test_min, cfg.test_max + 1))
        acc, counts = evaluate_sets(model, sets, data.eos, cfg.batch_size)
        total = sum(counts.values())
        pooled = (sum(acc[n] * counts[n] for n in acc) / total) if total else None
        out["periodic"] = SetResult("periodic", acc, counts, pooled, longest_perfect_length(acc))
    return out
