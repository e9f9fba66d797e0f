"""Evaluation metrics, checked with models whose answers are known in advance."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from attnlogic.experiments.data import LanguageData
from attnlogic.experiments.evaluate import (
    EvalConfig, evaluate_model, longest_perfect_length, mean_accuracy, predict,
)
from attnlogic.experiments.languages import LANGUAGES


class DFAOracle(torch.nn.Module):
    """Runs the DFA on the letters before EOS: logit +1 on accepted words, −1 otherwise."""

    def __init__(self, dfa, flip_after: int | None = None):
        super().__init__()
        self.table = torch.tensor(np.array(dfa.transitions), dtype=torch.long)
        self.accepting = torch.tensor(np.array(dfa.accepting))
        self.initial = dfa.initial
        self.flip_after = flip_after
        self.dummy = torch.nn.Parameter(torch.zeros(1))

    def forward(self, tokens):
        b, n = tokens.shape
        q = torch.full((b,), self.initial, dtype=torch.long)
        for i in range(n - 1):
            q = self.table[q, tokens[:, i]]
        logit = self.accepting[q].float() * 2 - 1
        if self.flip_after is not None and n - 1 > self.flip_after:
            logit = -logit
        return logit.view(b, 1, 1).expand(b, n, 1)


class Constant(torch.nn.Module):
    def __init__(self, value: float):
        super().__init__()
        self.value = torch.nn.Parameter(torch.tensor(value))

    def forward(self, tokens):
        return self.value.expand(tokens.shape[0], tokens.shape[1], 1)


@pytest.fixture(scope="module")
def lt2():
    return LanguageData(LANGUAGES["LT-2"], 60)


CFG = EvalConfig(test_min=21, test_max=40, samples=16, train_max=20)


def test_metrics_on_synthetic_curves():
    acc = {1: 1.0, 2: 1.0, 3: 0.9, 4: 1.0}
    assert longest_perfect_length(acc) == 2
    assert longest_perfect_length({1: 0.5}) == 0
    assert longest_perfect_length({2: 1.0, 4: 1.0, 6: 1.0}) == 6       # gaps are skipped
    assert mean_accuracy(acc, [3, 4, 9]) == pytest.approx(0.95)
    assert mean_accuracy(acc, [9]) is None


def test_a_perfect_model_scores_one_everywhere(lt2):
    res = evaluate_model(DFAOracle(lt2.dfa), lt2, CFG)
    for kind in ("random", "adversarial", "periodic"):
        assert res[kind].accuracy == 1.0
    assert res["random"].longest_perfect_length == 40
    assert sorted(res["random"].per_length) == list(range(2, 41))    # lengths 0–1 have no positive
    assert sorted(res["adversarial"].per_length) == list(range(21, 41))


def test_a_constant_model_scores_one_half_on_balanced_sets(lt2):
    for value in (5.0, -5.0):
        res = evaluate_model(Constant(value), lt2, CFG)
        assert res["random"].accuracy == 0.5 and res["adversarial"].accuracy == 0.5
        assert res["random"].longest_perfect_length == 0


def test_a_model_that_breaks_beyond_length_30(lt2):
    res = evaluate_model(DFAOracle(lt2.dfa, flip_after=30), lt2, CFG, kinds=("random",))
    r = res["random"]
    assert r.longest_perfect_length == 30
    assert all(r.per_length[n] == 0.0 for n in range(31, 41))
    assert r.accuracy == pytest.approx(10 / 20)


def test_predict_batches_consistently(lt2):
    s = lt2.random_set(25, 30, np.random.default_rng(0))
    oracle = DFAOracle(lt2.dfa)
    assert (predict(oracle, s.words, lt2.eos, batch_size=7) == s.labels).all()
    assert predict(oracle, s.words[:0], lt2.eos).shape == (0,)


def test_evaluation_is_deterministic(lt2):
    m = Constant(0.3)
    a = evaluate_model(m, lt2, CFG, kinds=("random", "adversarial"))
    b = evaluate_model(m, lt2, CFG, kinds=("random", "adversarial"))
    assert a["random"].to_dict() == b["random"].to_dict()
