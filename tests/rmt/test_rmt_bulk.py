"""The bulk law κ·(MP_δ ⊠ MP_γ): reference edges, an independent root solver, known limits,
quadrature moments, and the spectrum of simulated pooled covariances."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from attnlogic.kernel.errors import InputError
from attnlogic.rmt import bulk
from attnlogic.rmt.correlation import iid, prefix
from attnlogic.rmt.experiments import ks_distance, spectrum_experiment


@pytest.mark.parametrize("delta,gamma,left,right", [(0.5, 0.25, 0.0559, 3.7467),
                                                    (0.5, 0.5, 0.0284, 4.4091)])
def test_reference_edges_of_spec(delta, gamma, left, right):
    e = bulk.edges(delta, gamma)
    assert e.left == pytest.approx(left, abs=1e-3)
    assert e.right == pytest.approx(right, abs=1e-3)


def _density_by_numpy_roots(lam, delta, gamma):
    """Independent: numpy.roots on the original cubic (C) in ζ, one point at a time."""
    out = []
    for x in lam:
        r = np.roots([delta * gamma, delta + gamma + delta * gamma, 1 + delta + gamma - x, 1.0])
        im = r.imag.min()
        out.append(max(0.0, -im / (np.pi * x)) if im < -1e-10 else 0.0)
    return np.array(out)


@pytest.mark.parametrize("delta,gamma", [(0.5, 0.25), (0.5, 0.5), (0.1, 0.9), (2.0, 0.3),
                                         (0.3, 3.0)])
def test_vectorised_density_matches_per_point_numpy_roots(delta, gamma):
    e = bulk.edges(delta, gamma)
    lam = np.linspace(e.left * 0.5, e.right * 1.2, 301)
    np.testing.assert_allclose(bulk.density(lam, delta, gamma),
                               _density_by_numpy_roots(lam, delta, gamma), atol=1e-7)


@pytest.mark.parametrize("ratio", [0.2, 0.5, 1.7])
def test_gamma_zero_is_marchenko_pastur(ratio):
    a, b = (1 - np.sqrt(ratio)) ** 2, (1 + np.sqrt(ratio)) ** 2
    lam = np.linspace(a + 1e-3, b - 1e-3, 200)
    mp = np.sqrt((b - lam) * (lam - a)) / (2 * np.pi * ratio * lam)
    np.testing.assert_allclose(bulk.density(lam, ratio, 0.0), mp, rtol=1e-7, atol=1e-10)
    np.testing.assert_allclose(bulk.density(lam, 0.0, ratio), mp, rtol=1e-7, atol=1e-10)
    e = bulk.edges(ratio, 0.0)
    assert (e.left, e.right) == pytest.approx((a, b), abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(st.floats(0.05, 3.0), st.floats(0.05, 3.0))
def test_mass_and_moments_by_quadrature(delta, gamma):
    """Mass 1 − atom, m1 = 1, m2 = 1 + δ + γ, and zero density outside [left, right].
    (Hard edges at 0 — δ = 1, γ = 1 or δ = γ > 1 — are integrable singularities the
    trapezoid rule cannot handle; they have their own test below.)"""
    e = bulk.edges(delta, gamma)
    assume(e.left > 1e-3)
    t = np.linspace(np.pi, 0, 20001)
    lam = e.left + (e.right - e.left) * (np.cos(t) + 1) / 2
    rho = bulk.density(lam, delta, gamma)
    mass = np.trapezoid(rho, lam)
    assert mass == pytest.approx(1 - bulk.zero_atom(delta, gamma), abs=2e-4)
    assert np.trapezoid(rho * lam, lam) == pytest.approx(1.0, abs=2e-4)
    assert np.trapezoid(rho * lam ** 2, lam) == pytest.approx(1 + delta + gamma, rel=2e-4)
    w = e.right - e.left
    outside = np.concatenate([np.linspace(max(1e-6, e.left - w), e.left * (1 - 1e-3), 50),
                              np.linspace(e.right * (1 + 1e-3), e.right + w, 50)])
    assert np.all(bulk.density(outside, delta, gamma) == 0)
    inside = lam[(lam > e.left + 1e-3 * w) & (lam < e.right - 1e-3 * w)]
    assert np.all(bulk.density(inside, delta, gamma) > 0)


@pytest.mark.parametrize("delta,gamma", [(1.0, 1.0), (2.0, 2.0), (1.0, 0.5), (0.4, 1.0)])
def test_hard_edge_cases_keep_their_mass(delta, gamma):
    """Left edge 0 with a λ^(-1/2) or λ^(-2/3) singularity: integrate in u with λ = u³."""
    e = bulk.edges(delta, gamma)
    assert e.left == pytest.approx(0.0, abs=1e-9)
    u = np.linspace(1e-6, e.right ** (1 / 3), 200001)
    lam = u ** 3
    integrand = bulk.density(lam, delta, gamma) * 3 * u ** 2
    assert np.trapezoid(integrand, u) == pytest.approx(1 - bulk.zero_atom(delta, gamma), abs=2e-3)
    assert np.trapezoid(integrand * lam, u) == pytest.approx(1.0, abs=2e-3)


def test_kappa_scales_the_law():
    lam = np.linspace(0.01, 2.0, 50)
    np.testing.assert_allclose(bulk.density(lam, 0.5, 0.25, kappa=0.4),
                               bulk.density(lam / 0.4, 0.5, 0.25) / 0.4)
    e1, e4 = bulk.edges(0.5, 0.25), bulk.edges(0.5, 0.25, 0.4)
    assert (e4.left, e4.right) == pytest.approx((0.4 * e1.left, 0.4 * e1.right))
    assert bulk.moments(0.5, 0.25, 0.4) == pytest.approx((0.4, 0.16 * 1.75))


def test_x_star_is_where_f_turns():
    """f'(x*) = 0 and f is increasing beyond x* (finite differences, independent of the cubic)."""
    for delta, gamma in [(0.5, 0.25), (0.2, 0.7), (1.5, 0.5)]:
        xs = bulk.x_star(delta, gamma)
        h = 1e-5
        fp = (bulk.f_map(xs + h, delta, gamma) - bulk.f_map(xs - h, delta, gamma)) / (2 * h)
        assert abs(fp) < 1e-6
        xx = np.linspace(xs * 1.01, xs * 5, 50)
        assert np.all(np.diff(bulk.f_map(xx, delta, gamma)) > 0)


def test_cdf_is_monotone_and_complete():
    lam = np.linspace(-1, 6, 500)
    F = bulk.cdf(lam, 0.5, 0.25)
    assert np.all(np.diff(F) >= 0) and F[0] == 0 and F[-1] == pytest.approx(1.0)
    assert bulk.cdf(np.array([1e-9]), 2.0, 0.3)[0] == pytest.approx(0.5)  # atom 1 − 1/2


@pytest.mark.parametrize("bad", [dict(delta=-0.1, gamma=0.2), dict(delta=0.3, gamma=-1),
                                 dict(delta=float("nan"), gamma=0.2),
                                 dict(delta=0.3, gamma=0.2, kappa=0)])
def test_bad_parameters_raise_input_error(bad):
    with pytest.raises(InputError):
        bulk.edges(**bad)


def test_benchmark_size_density_is_a_density_on_its_support():
    """The 10,000 points of benchmarks/bench_rmt.py (which measures the time; no test does):
    finite, non-negative, zero beyond the right edge, positive inside the support."""
    lam = np.linspace(0.001, 4.0, 10_000)
    rho = bulk.density(lam, 0.5, 0.25)
    e = bulk.edges(0.5, 0.25)
    assert rho.shape == lam.shape and np.all(np.isfinite(rho)) and np.all(rho >= 0)
    assert np.all(rho[lam > e.right * 1.001] == 0)
    inside = (lam > e.left) & (lam < e.right)
    assert inside.any() and np.all(rho[inside & (lam < 0.999 * e.right)] > 0)


# ------------------------------------------------------------------ simulation


@pytest.mark.parametrize("model,weights,seed", [(iid(4), "mean", 0), (prefix(8, 4), "harmonic", 1),
                                                (prefix(8, 4), "optimal", 2)])
def test_simulated_spectrum_matches_density_ks(model, weights, seed):
    """d = 400: KS distance between the eigenvalues of S and the predicted law < 0.02."""
    exp = spectrum_experiment(model, weights, d=400, delta=0.5, gamma=0.25, mu_norm=0.0, seed=seed)
    assert exp.ks < 0.02
    # the smallest eigenvalue sits at the (small) left edge: measured 0.99–1.07 × edge
    assert exp.eigenvalues[0] == pytest.approx(exp.edges.left, rel=0.10)


def test_ks_distance_detects_a_wrong_law():
    """The KS test has power: the same spectrum against a wrong γ is far away."""
    exp = spectrum_experiment(iid(4), "mean", d=400, delta=0.5, gamma=0.25, seed=3)
    wrong = ks_distance(exp.eigenvalues, exp.delta, 0.5, exp.kappa)
    assert exp.ks < 0.02 < wrong


@settings(max_examples=40, deadline=None)
@given(st.floats(1e-3, 20.0), st.floats(1e-3, 20.0), st.floats(0.0, 1.0))
def test_density_agrees_with_numpy_roots_over_wide_parameters(delta, gamma, u):
    """Robustness of the Cardano solve: random (δ, γ) over four decades and λ across
    [max(0.5·left, 1e-3·right), 1.1·right].  (Closer to a hard edge at 0 — δ = γ = 1 makes
    the cubic a triple root — numpy.roots itself loses accuracy; those cases are covered
    by test_hard_edge_cases_keep_their_mass.)"""
    e = bulk.edges(delta, gamma)
    lo = max(0.5 * e.left, 1e-3 * e.right)
    lam = np.array([lo + u * (1.1 * e.right - lo)])
    fast = bulk.density(lam, delta, gamma)
    slow = _density_by_numpy_roots(lam, delta, gamma)
    np.testing.assert_allclose(fast, slow, rtol=1e-6, atol=1e-6 * (1 + slow.max(initial=0)))
