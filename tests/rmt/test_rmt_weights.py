"""Pooling weights: reference α/κ values of spec/rmt.md, the attention limit against real
softmax attention at finite d, the attention patterns of the toolkit, optimality."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attnlogic.kernel.errors import InputError
from attnlogic.rmt import weights as W
from attnlogic.rmt.correlation import iid, label_flip, markov, prefix


def test_reference_alpha_over_kappa_prefix():
    R = prefix(8, 4).R
    t = W.alpha_over_kappa_table(R)
    assert t["mean"] == pytest.approx(2.500, abs=5e-4)
    assert t["harmonic"] == pytest.approx(3.269, abs=5e-4)
    assert t["optimal"] == pytest.approx(4.0, abs=1e-9)


def test_reference_alpha_over_kappa_markov():
    t = W.alpha_over_kappa_table(markov(16, 0.9).R)
    assert t["mean"] == pytest.approx(9.835, abs=5e-4)
    assert t["harmonic"] == pytest.approx(6.238, abs=5e-4)
    assert t["optimal"] == pytest.approx(9.927, abs=5e-4)


def test_harmonic_is_tau_zero_and_brute_force_sums():
    for T in (1, 2, 5, 9):
        brute = [sum(1.0 / q for q in range(s, T + 1)) / T for s in range(1, T + 1)]
        np.testing.assert_allclose(W.harmonic_weights(T), brute)
        np.testing.assert_allclose(W.causal_weights(T, 0.0), brute)
        assert W.causal_weights(T, 0.7).sum() == pytest.approx(1.0)
    for T in (2, 5, 9):
        brute = [sum(1.0 / (q - 1) for q in range(s + 1, T + 1)) / (T - 1) for s in range(1, T + 1)]
        np.testing.assert_allclose(W.harmonic_self_excluding_weights(T), brute)


def _softmax_attention_pooling(T, tau, d, n_seq, mask_kind, rng, mu_norm=1.0):
    """Real softmax attention on random embeddings (distinct tokens e_v = s_v μ + z_v),
    scores τ⟨x_t, x_s⟩/d, the given mask; returns the query-averaged attention weights."""
    mu = np.zeros(d)
    mu[0] = mu_norm
    X = rng.standard_normal((n_seq, T, d)) + rng.choice([-1.0, 1.0], (n_seq, T, 1)) * mu
    scores = tau * np.einsum("ntd,nsd->nts", X, X) / d
    mask = W.attention_mask(mask_kind, T)
    scores = np.where(mask, scores, -np.inf)
    has = mask.any(axis=1)
    scores[:, ~has, :] = 0.0
    A = np.exp(scores - scores.max(axis=2, keepdims=True))
    A = np.where(mask, A, 0.0)
    A = np.divide(A, A.sum(axis=2, keepdims=True), out=np.zeros_like(A),
                  where=A.sum(axis=2, keepdims=True) > 0)
    return A.mean(axis=1).mean(axis=0)


@pytest.mark.parametrize("tau", [0.0, 1.0, 3.0])
def test_causal_limit_matches_finite_d_softmax_attention(tau):
    rng = np.random.default_rng(7)
    emp = _softmax_attention_pooling(6, tau, d=3000, n_seq=60, mask_kind="causal", rng=rng)
    theory = W.causal_weights(6, tau)
    assert np.max(np.abs(emp - theory)) < 0.002
    # and it is not the τ = 0 answer when τ ≠ 0 (the comparison has power)
    if tau:
        assert np.max(np.abs(W.causal_weights(6, 0.0) - theory)) > 0.03


@pytest.mark.parametrize("pattern", ["global", "local:1", "local:2"])
def test_pattern_limit_matches_finite_d_softmax_attention(pattern):
    rng = np.random.default_rng(11)
    emp = _softmax_attention_pooling(7, 2.0, d=3000, n_seq=60, mask_kind=pattern, rng=rng)
    assert np.max(np.abs(emp - W.pattern_weights(pattern, 7))) < 0.002


def test_pattern_weights_by_hand():
    # global, T = 4: query 2 sees {1}, query 3 sees {1,2}, query 4 sees {1,2,3}
    np.testing.assert_allclose(W.pattern_weights("global", 4),
                               np.array([1 + 1 / 2 + 1 / 3, 1 / 2 + 1 / 3, 1 / 3, 0]) / 4)
    # local:1 is the previous token: every key but the last gets 1/T
    np.testing.assert_allclose(W.pattern_weights("local:1", 4), [0.25, 0.25, 0.25, 0])
    np.testing.assert_allclose(W.pattern_weights("hybrid:1", 4),
                               W.pattern_weights("global", 4) + W.pattern_weights("local:1", 4))
    # global = self-excluding harmonic up to scale
    w = W.pattern_weights("global", 9)
    np.testing.assert_allclose(w / w.sum(), W.harmonic_self_excluding_weights(9))
    # a window as long as the sequence is the global head
    np.testing.assert_allclose(W.pattern_weights("local:8", 9), W.pattern_weights("global", 9))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 10), st.floats(-0.95, 0.95), st.integers(0, 2 ** 31 - 1))
def test_optimal_weights_maximise_the_rayleigh_quotient(T, rho, seed):
    R = markov(T, rho).R
    best = W.alpha_over_kappa(W.optimal_weights(R), R)
    assert best == pytest.approx(np.linalg.eigvalsh(R)[-1])
    w = np.random.default_rng(seed).standard_normal((50, T))
    quotients = np.einsum("nt,ts,ns->n", w, R, w) / np.einsum("nt,nt->n", w, w)
    assert np.all(quotients <= best + 1e-9)


def test_causal_beats_mean_for_prefix_not_for_stationary_markov():
    for T, L in [(4, 2), (8, 4), (16, 4)]:
        t = W.alpha_over_kappa_table(prefix(T, L).R)
        assert t["harmonic_self_excluding"] > t["mean"] and t["harmonic"] > t["mean"]
    for T, rho in [(8, 0.5), (16, 0.9)]:
        t = W.alpha_over_kappa_table(markov(T, rho).R)
        assert t["harmonic"] < t["mean"]
    t = W.alpha_over_kappa_table(iid(6).R)
    assert all(v == pytest.approx(1.0) for v in t.values())


def test_label_flip_optimal_weights_follow_r():
    r = np.array([0.9, 0.6, 0.3, 0.1])
    R = label_flip(r).R
    t = W.alpha_over_kappa_table(R)
    assert t["optimal"] >= max(v for v in t.values() if v is not None) - 1e-12


@pytest.mark.parametrize("name", ["bogus", "local:0", "hybrid:x", "causal:abc", "local:-1"])
def test_unknown_weights_raise_input_error(name):
    with pytest.raises(InputError):
        W.named_weights(name, np.eye(4))


def test_strict_patterns_need_two_positions():
    with pytest.raises(InputError):
        W.pattern_weights("global", 1)
    assert W.alpha_over_kappa_table(np.eye(1))["global"] is None
    with pytest.raises(InputError):
        W.alpha_over_kappa(np.zeros(3), np.eye(3))


def test_early_signal_alone_does_not_make_causal_beat_mean():
    """spec/rmt.md: "early tokens carry more signal" is not sufficient.  A label-flip model
    with strictly decreasing reliability r_t still has α/κ(mean) > α/κ(causal)."""
    R = label_flip([0.75, 0.6, 0.55, 0.2]).R
    t = W.alpha_over_kappa_table(R)
    assert t["mean"] > t["harmonic"] and t["mean"] > t["harmonic_self_excluding"]
    # while a sharp prefix (r = 1, 1, 0, 0) does favour causal pooling
    t2 = W.alpha_over_kappa_table(label_flip([1.0, 1.0, 0.0, 0.0]).R)
    assert t2["harmonic"] > t2["mean"]
