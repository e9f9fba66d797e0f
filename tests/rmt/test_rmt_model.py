"""Sign models and the generative model: empirical correlations, validation of a user R,
pooling and covariance against naive loops, the exact conditional population covariance
against Monte Carlo, and ‖m‖² ≈ ‖μ‖² + δ."""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.kernel.errors import InputError
from attnlogic.rmt import correlation as C
from attnlogic.rmt import model as M
from attnlogic.rmt.correlation import _sign_patterns


def _empirical(model, n=100_000, seed=0):
    xi, y = C.sample_signs(model, n, np.random.default_rng(seed))
    x = xi.astype(float)
    return x.T @ x / n, x.mean(axis=0), x, y


@pytest.mark.parametrize("model", [C.prefix(6, 3), C.label_flip([0.9, 0.5, 0.0, -0.4]),
                                   C.markov(7, 0.7), C.markov(5, -0.5), C.iid(4)])
def test_sampled_signs_have_the_model_correlation(model):
    R_hat, mean, _, _ = _empirical(model)
    tol = 5 / np.sqrt(100_000)  # 5 standard errors of a ±1 average
    assert np.max(np.abs(R_hat - model.R)) < tol
    assert np.max(np.abs(mean)) < tol


def test_labels_agree_with_the_latent_sign():
    _, _, x, y = _empirical(C.prefix(5, 2), n=1000)
    assert np.all(x[:, :2] == y[:, None])
    _, _, x, y = _empirical(C.label_flip([1.0, -1.0, 0.3]), n=1000)
    assert np.all(x[:, 0] == y) and np.all(x[:, 1] == -y)


def test_custom_R_via_arcsine_law():
    t = -1 / 3  # on the boundary of the cut polytope, still valid
    R = np.array([[1, t, t], [t, 1, t], [t, t, 1]])
    model = C.from_matrix(R)
    assert model.params["sampler"] == "arcsine"
    R_hat, mean, _, _ = _empirical(model)
    assert np.max(np.abs(R_hat - R)) < 5 / np.sqrt(100_000)


def test_custom_R_via_linear_programme():
    P = _sign_patterns(5)
    p = np.zeros(len(P))
    p[[0, 3, 9]] = [0.5, 0.3, 0.2]
    R = (P.T * p) @ P  # a genuine ±1 correlation the arcsine sampler cannot produce
    model = C.from_matrix(R)
    assert model.params["sampler"] == "table"
    R_hat, mean, _, _ = _empirical(model)
    assert np.max(np.abs(R_hat - R)) < 5 / np.sqrt(100_000)
    assert np.max(np.abs(mean)) < 5 / np.sqrt(100_000)


@pytest.mark.parametrize("R,why", [
    ([[1, -0.5, -0.5], [-0.5, 1, -0.5], [-0.5, -0.5, 1]], "cut polytope"),  # PSD, not ±1
    ([[1, -0.6, -0.6], [-0.6, 1, -0.6], [-0.6, -0.6, 1]], "semidefinite"),
    ([[1, 0.2], [0.3, 1]], "symmetric"),
    ([[2, 0], [0, 1]], "diagonal"),
    ([[1, 1.5], [1.5, 1]], "[-1, 1]"),
    ([1, 2, 3], "square"),
    ([["a"]], "numbers"),
])
def test_invalid_R_is_rejected_with_a_reason(R, why):
    with pytest.raises(InputError, match=None) as err:
        C.from_matrix(R)
    assert why in str(err.value)


@pytest.mark.parametrize("kwargs", [dict(kind="markov", rho=1.2), dict(kind="markov", rho=-1.01),
                                    dict(kind="prefix", T=0), dict(kind="prefix", T=4, L=5),
                                    dict(kind="nope"), dict(kind="flip", r=[0.5, 2.0]),
                                    dict(kind="custom")])
def test_bad_model_parameters(kwargs):
    with pytest.raises(InputError):
        C.make_model(**kwargs)


def test_pool_and_covariance_match_naive_loops():
    rng = np.random.default_rng(3)
    table = M.sample_table(12, 20, 1.5, rng)
    xi, _ = C.sample_signs(C.prefix(5, 2), 30, rng)
    tokens = M.sample_tokens(table, xi, rng)
    assert np.all(table.s[tokens] == xi)  # tokens come from the class ξ_t
    w = np.array([0.5, -0.2, 0.1, 0.3, 0.05])
    C_fast = M.pool(table, tokens, w)
    C_loop = np.array([sum(w[t] * table.E[:, tokens[i, t]] for t in range(5)) for i in range(30)])
    np.testing.assert_allclose(C_fast, C_loop, atol=1e-12)
    np.testing.assert_allclose(M.centred_covariance(C_fast), np.cov(C_loop.T, bias=True), atol=1e-12)


def test_table_signs_balanced_and_m_norm():
    """‖m‖² = ‖μ‖² + δ up to O(1/√V) fluctuations (the correction used by the theory)."""
    vals = []
    for seed in range(5):
        table = M.sample_table(400, 800, 1.0, np.random.default_rng(seed))
        assert table.s.sum() == 0
        np.testing.assert_allclose(table.m, table.E @ table.s / 800)
        vals.append(table.m_norm_sq)
    assert np.mean(vals) == pytest.approx(1.0 + 0.5, abs=0.06)


def test_population_covariance_matches_monte_carlo():
    """Cov(c | E) = κW + αmmᵀ against the sample covariance of 400 000 pooled draws."""
    rng = np.random.default_rng(5)
    table = M.sample_table(6, 10, 1.0, rng)
    model = C.markov(4, 0.6)
    w = np.array([0.4, 0.3, 0.2, 0.1])
    xi, _ = C.sample_signs(model, 400_000, rng)
    feats = M.pool(table, M.sample_tokens(table, xi, rng), w)
    emp = M.centred_covariance(feats)
    exact = M.population_covariance(table, w, model.R)
    assert np.max(np.abs(emp - exact)) < 0.02 * np.max(np.abs(exact))
    # the signal term matters: dropping it is detectably wrong
    no_signal = float(w @ w) * M.within_class_covariance(table)
    assert np.max(np.abs(emp - no_signal)) > 0.1 * np.max(np.abs(exact))


@pytest.mark.parametrize("args", [(10, 7, 1.0), (10, 0, 1.0), (0, 8, 1.0), (10, 8, -1.0)])
def test_bad_table_parameters(args):
    with pytest.raises(InputError):
        M.sample_table(*args, np.random.default_rng(0))
