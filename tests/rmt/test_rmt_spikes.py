"""Outliers and overlaps: the closed forms against an independent numerical
free-probability computation, their limits, and simulation at d = 400 over several seeds."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.integrate import quad
from scipy.optimize import brentq

from attnlogic.rmt import spikes as S
from attnlogic.rmt.bulk import edges
from attnlogic.rmt.correlation import from_matrix, label_flip, markov, prefix
from attnlogic.rmt.simulation import simulate
from attnlogic.rmt.weights import named_weights


def _mp_numerics(delta):
    """Stieltjes transform G, its derivative and ∫t/(ℓ−t) of MP_δ from the closed-form
    density by adaptive quadrature (no code shared with attnlogic.rmt)."""
    a, b = (1 - np.sqrt(delta)) ** 2, (1 + np.sqrt(delta)) ** 2
    rho = lambda t: np.sqrt(max((b - t) * (t - a), 0.0)) / (2 * np.pi * delta * t)  # noqa: E731
    G = lambda l: quad(lambda t: rho(t) / (l - t), a, b, limit=200)[0]  # noqa: E731
    dG = lambda l: -quad(lambda t: rho(t) / (l - t) ** 2, a, b, limit=200)[0]  # noqa: E731
    M1 = lambda l: quad(lambda t: t * rho(t) / (l - t), a, b, limit=200)[0]  # noqa: E731
    return b, G, dG, M1


@pytest.mark.parametrize("delta,gamma", [(0.5, 0.25), (0.2, 0.8)])
@pytest.mark.parametrize("x_factor", [1.3, 3.0, 10.0])
def test_closed_forms_match_numerical_free_probability(delta, gamma, x_factor):
    """Population outlier: G(λ) = 1/θ; population overlap −1/(θ²G'(λ)); sample outlier
    ψ(ℓ) = ℓ(1 + γ∫t dH/(ℓ−t)); sample overlap (ℓψ'(ℓ)/ψ(ℓ))·population overlap."""
    x = x_factor * S.sample_threshold(delta, gamma)
    theta = x + delta
    b, G, dG, M1 = _mp_numerics(delta)
    lam = brentq(lambda l: G(l) - 1 / theta, b + 1e-9, 1e3)
    assert S.population_outlier(x, delta) == pytest.approx(lam, rel=1e-7)
    pop_ov = -1 / (theta ** 2 * dG(lam))
    assert S.population_overlap_with_m(x, delta) == pytest.approx(pop_ov, rel=1e-6)
    psi = lambda l: l * (1 + gamma * M1(l))  # noqa: E731
    assert S.sample_outlier(x, delta, gamma) == pytest.approx(psi(lam), rel=1e-7)
    h = 1e-5
    dpsi = (psi(lam + h) - psi(lam - h)) / (2 * h)
    assert S.overlap_with_m(x, delta, gamma) == pytest.approx(lam * dpsi / psi(lam) * pop_ov,
                                                              rel=1e-5)


def test_delta_to_zero_is_classical_bbp():
    gamma = 0.3
    x = np.array([0.8, 1.5, 4.0])
    np.testing.assert_allclose(S.sample_outlier(x, 0.0, gamma), (1 + x) * (x + gamma) / x)
    np.testing.assert_allclose(S.overlap_with_m(x, 0.0, gamma),
                               (1 - gamma / x ** 2) / (1 + gamma / x))
    assert S.sample_threshold(0.0, gamma) == pytest.approx(np.sqrt(gamma))


def test_outliers_leave_the_bulk_continuously_at_the_thresholds():
    for delta, gamma in [(0.5, 0.25), (0.3, 0.6)]:
        t1, t2 = S.population_threshold(delta), S.sample_threshold(delta, gamma)
        assert t2 > t1  # the sample needs more signal than the population
        assert S.population_outlier(t1, delta) == pytest.approx((1 + np.sqrt(delta)) ** 2)
        assert S.sample_outlier(t2, delta, gamma) == pytest.approx(edges(delta, gamma).right)
        assert S.overlap_with_m(t2 * (1 + 1e-9), delta, gamma) == pytest.approx(0, abs=1e-6)
        assert S.overlap_with_m(t2 * 0.9, delta, gamma) == 0
        p = S.predict(delta, gamma, 1.0, 1.0, delta + 0.5 * (t1 + t2))  # between the transitions
        assert p.population_outlier is not None and p.sample_outlier is None
        assert p.top_eigenvalue == pytest.approx(edges(delta, gamma).right)


def test_mu_threshold_inverts_x():
    ak, delta, gamma = 2.5, 0.25, 0.25
    mu2 = S.mu_norm_sq_threshold("sample", ak, delta, gamma)
    assert S.spike_x(ak, mu2 + delta, delta) == pytest.approx(S.sample_threshold(delta, gamma))


# ------------------------------------------------------------------ simulation, d = 400

SEEDS = range(6)
CASES = [  # (model, weights, ‖μ‖): all well above the sample transition (x > 2.5 x*)
    (prefix(8, 4), "mean", 1.0),
    (prefix(8, 4), "optimal", 1.0),
    (markov(16, 0.9), "harmonic", 0.8),
]


@pytest.fixture(scope="module")
def runs():
    out = {}
    for model, wname, mu in CASES:
        w = named_weights(wname, model.R)
        out[(model.describe(), wname)] = [simulate(model, w, 400, 0.5, 0.25, mu, seed,
                                                   with_population=True) for seed in SEEDS]
    return out


@pytest.mark.slow
def test_simulation_is_above_the_sample_transition(runs):
    for rs in runs.values():
        for r in rs:
            assert r.predicted.x > 2.5 * r.predicted.sample_threshold


@pytest.mark.slow
def test_sample_outlier_within_3_percent_over_seeds(runs):
    """Mean over 6 seeds within 3 %.  (Per seed the relative error has sd ≈ 2–3 % at
    d = 400 — see docs/rmt.md — so single seeds may exceed 3 %; the mean may not.)"""
    for key, rs in runs.items():
        obs = np.mean([r.observed_top_eigenvalue for r in rs])
        pred = np.mean([r.predicted.top_eigenvalue for r in rs])
        assert abs(obs - pred) / pred < 0.03, key
        assert max(r.outlier_relative_error for r in rs) < 0.10, key


@pytest.mark.slow
def test_population_outlier_and_overlap(runs):
    """Transition-1 side: the exact Cov(c | E) has its outlier at κ(x+δ)(x+1)/x and top
    eigenvector overlap 1 − δ/x² with m̂ (per seed)."""
    for key, rs in runs.items():
        for r in rs:
            p = r.predicted
            assert r.observed_population_top == pytest.approx(p.population_top_eigenvalue, rel=0.05), key
            assert abs(r.observed_population_overlap_m - p.population_overlap_m) < 0.02, key
        obs = np.mean([r.observed_population_top for r in rs])
        pred = np.mean([r.predicted.population_top_eigenvalue for r in rs])
        assert abs(obs - pred) / pred < 0.02, key


@pytest.mark.slow
def test_overlaps_within_005_per_seed(runs):
    for key, rs in runs.items():
        for r in rs:
            assert abs(r.observed_overlap_mu - r.predicted.overlap_mu) < 0.05, key
            assert abs(r.observed_overlap_m - r.predicted.overlap_m) < 0.05, key


@pytest.mark.slow
def test_m_norm_not_mu_norm_sets_the_spike(runs):
    """The spec's correction: θ = (α/κ)‖m‖² (sampled table) predicts the outlier; the same
    formula with ‖μ‖² in place of ‖m‖² misses it by far (optimal prefix weights, ‖μ‖ = 1)."""
    errs_m, errs_mu = [], []
    for r in runs[(prefix(8, 4).describe(), "optimal")]:
        p = r.predicted
        alt = S.top_eigenvalue(S.spike_x(p.alpha_over_kappa, r.mu_norm ** 2, p.delta),
                               p.delta, p.gamma, p.kappa)
        errs_m.append(r.observed_top_eigenvalue / p.top_eigenvalue - 1)
        errs_mu.append(r.observed_top_eigenvalue / float(alt) - 1)
    assert abs(np.mean(errs_m)) < 0.03
    assert min(errs_mu) > 0.15


def test_outlier_without_signal_points_at_m_not_mu():
    """μ = 0: with optimal prefix weights x = δ(α/κ − 1) = 1.5 > x*, so S still has an
    outlier — aligned with the table's class-mean direction m, not with any signal."""
    model = prefix(8, 4)
    r = simulate(model, named_weights("optimal", model.R), 400, 0.5, 0.25, 0.0, 0)
    assert r.predicted.sample_outlier is not None
    assert r.observed_top_eigenvalue == pytest.approx(r.predicted.top_eigenvalue, rel=0.03)
    assert abs(r.observed_overlap_m - r.predicted.overlap_m) < 0.1
    assert r.predicted.overlap_m > 0.3 and r.observed_overlap_mu == 0.0


@pytest.mark.slow
@pytest.mark.parametrize("model,wname", [
    (label_flip([0.9, 0.7, 0.5, 0.3]), "hybrid:1"),
    (from_matrix([[1, 0.5, 0.25], [0.5, 1, 0.5], [0.25, 0.5, 1]]), "local:1"),
])
def test_theory_holds_for_other_models_and_patterns(model, wname):
    """The theory depends on the model only through α/κ: label-flip with a hybrid head and a
    user-given R (arcsine sampler) with a 1-local head, d = 400, mean over 5 seeds, well
    above the sample transition (closer to it, x/x* ≈ 1.5–1.9, the μ̂-overlap misses by
    up to 0.08 per seed at d = 400; docs/rmt.md)."""
    w = named_weights(wname, model.R)
    rs = [simulate(model, w, 400, 0.5, 0.25, 1.5, 10 + s) for s in range(5)]
    assert all(r.predicted.x > 2.3 * r.predicted.sample_threshold for r in rs)
    obs = np.mean([r.observed_top_eigenvalue for r in rs])
    pred = np.mean([r.predicted.top_eigenvalue for r in rs])
    assert abs(obs - pred) / pred < 0.03
    for r in rs:
        assert abs(r.observed_overlap_mu - r.predicted.overlap_mu) < 0.05
