r"""Outliers of the pooled covariance and their alignment with the signal.

Why ‖m‖² and not ‖μ‖².  Given the sampled table E = μsᵀ + Z, the class-mean half difference
is m = Es/V = μ + Zs/V, and Zs/V ~ N(0, I/V) has squared norm ≈ d/V = δ, so
‖m‖² ≈ ‖μ‖² + δ.  Conditionally on E the pooled vector c has covariance
κ·W + α·mmᵀ, where W is the *within-class* covariance of the table,
W ≈ Z(I − P)Zᵀ/V with P the projector on span{1, s}.  Because Zs and Z(I − P) are
independent Gaussian blocks, W is an MP_δ Wishart independent of m: the population is an
additive rank-one spike θ·m̂m̂ᵀ on MP_δ with θ = (α/κ)‖m‖².  For α = κ (iid signs, mean
pooling) this reduces to the familiar information-plus-noise model EEᵀ/V with x = ‖μ‖².

Let x = θ − δ.  Additive spike on MP_δ (R-transform R(z) = 1/(1 − δz); outlier λ solves
G_W(λ) = 1/θ):

* transition 1 (population): outlier iff x > √δ, at κ(x+δ)(x+1)/x;
* transition 2 (sample, N = d/γ samples of c): the generalised-spike map
  ℓ ↦ ℓ(1 + γ∫t dH(t)/(ℓ − t)) with G_W(ℓ) = 1/(x+δ) gives κ·f(x),
  f(x) = (x+1)(x+δ)(x+γ)/x², an outlier iff f'(x) > 0 ⇔ x > x*, and the squared overlap
  |⟨û_S, m̂⟩|² = [x³ − (δ+γ+δγ)x − 2δγ] / [x²(x+γ)] = x f'(x)/(x+γ).
  With μ̂: multiply by ‖μ‖²/‖m‖² = cos²∠(m, μ),
  since the part of û_S orthogonal to m̂ is asymptotically independent of μ.
* δ → 0 gives the classical BBP: threshold √γ, outlier (1+x)(x+γ)/x, overlap
  (1 − γ/x²)/(1 + γ/x).

These formulas were re-derived for this project; docs/rmt.md records the simulations that
confirm them.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np

from ._checks import finite, nonnegative, positive
from .bulk import edges, f_map, x_star


def spike_x(alpha_over_kappa: float, m_norm_sq: float, delta: float) -> float:
    """x = θ − δ with θ = (α/κ)‖m‖²."""
    return nonnegative("alpha/kappa", alpha_over_kappa) * nonnegative("|m|^2", m_norm_sq) - \
        nonnegative("delta", delta)


def population_threshold(delta: float) -> float:
    """Transition 1: the population covariance has an outlier iff x > √δ."""
    return math.sqrt(nonnegative("delta", delta))


def sample_threshold(delta: float, gamma: float) -> float:
    """Transition 2: S has an outlier iff x > x*(δ, γ)."""
    return x_star(delta, gamma)


def population_outlier(x, delta: float, kappa: float = 1.0):
    """κ(x+δ)(x+1)/x (meaningful for x > √δ)."""
    x = np.asarray(x, dtype=float)
    return kappa * (x + delta) * (x + 1.0) / x


def sample_outlier(x, delta: float, gamma: float, kappa: float = 1.0):
    """κ f(x) (meaningful for x > x*)."""
    return kappa * f_map(np.asarray(x, dtype=float), delta, gamma)


def overlap_with_m(x, delta: float, gamma: float):
    """|⟨û_S, m̂⟩|² = [x³ − (δ+γ+δγ)x − 2δγ]/[x²(x+γ)] above x*, 0 below."""
    x = np.asarray(x, dtype=float)
    num = x ** 3 - (delta + gamma + delta * gamma) * x - 2.0 * delta * gamma
    with np.errstate(divide="ignore", invalid="ignore"):
        val = num / (x * x * (x + gamma))
    return np.where(x > x_star(delta, gamma), val, 0.0)


def population_overlap_with_m(x, delta: float):
    """|⟨u_Σ, m̂⟩|² = 1 − δ/x² above √δ, 0 below: the top eigenvector of the population
    W + θ m̂m̂ᵀ (additive spike on MP_δ: overlap² = −1/(θ² G'(λ)) with G⁻¹(g) = 1/g +
    1/(1 − δg) at g = 1/θ).  The γ → 0 limit of :func:`overlap_with_m`."""
    x = np.asarray(x, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        val = 1.0 - delta / (x * x)
    return np.where(x > math.sqrt(delta), val, 0.0)


def population_top_eigenvalue(x, delta: float, kappa: float = 1.0):
    """Predicted largest eigenvalue of Cov(c | E): κ(x+δ)(x+1)/x above √δ, else the MP_δ
    edge κ(1+√δ)²."""
    x = np.asarray(x, dtype=float)
    xc = math.sqrt(delta)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = population_outlier(x, delta, kappa)
    return np.where(x > xc, out, kappa * (1.0 + xc) ** 2)


def top_eigenvalue(x, delta: float, gamma: float, kappa: float = 1.0):
    """Predicted largest eigenvalue of S: κ f(x) above x*, the right bulk edge below."""
    x = np.asarray(x, dtype=float)
    xs = x_star(delta, gamma)
    return kappa * f_map(np.maximum(x, xs), delta, gamma)


def mu_norm_sq_threshold(which: str, alpha_over_kappa: float, delta: float,
                         gamma: float = 0.0) -> float:
    """Smallest ‖μ‖² for transition ``which`` ('population' or 'sample'), using
    ‖m‖² ≈ ‖μ‖² + δ:  ‖μ‖² > (κ/α)(δ + x_c) − δ."""
    xc = population_threshold(delta) if which == "population" else sample_threshold(delta, gamma)
    return (delta + xc) / positive("alpha/kappa", alpha_over_kappa) - delta


@dataclass(frozen=True)
class SpikePrediction:
    """Theory for one configuration.  ``sample_outlier``/``population_outlier`` are None
    below their transitions; overlaps are 0 below the sample transition."""

    delta: float
    gamma: float
    kappa: float
    alpha_over_kappa: float
    m_norm_sq: float
    mu_norm_sq: float
    x: float
    population_threshold: float
    sample_threshold: float
    population_outlier: float | None
    sample_outlier: float | None
    top_eigenvalue: float
    right_edge: float
    overlap_m: float
    overlap_mu: float
    population_top_eigenvalue: float
    population_overlap_m: float

    def to_dict(self) -> dict:
        return asdict(self)


def predict(delta: float, gamma: float, kappa: float, alpha_over_kappa: float,
            m_norm_sq: float, mu_norm_sq: float | None = None,
            cos2_m_mu: float | None = None) -> SpikePrediction:
    """Everything the theory says about the top of the spectrum of S.

    ``m_norm_sq`` is ‖m‖² of the sampled table (or ‖μ‖² + δ when predicting in advance);
    ``mu_norm_sq`` defaults to ‖m‖² − δ.  ``cos2_m_mu`` is cos²∠(m, μ) of the sampled table
    when known; otherwise its limit ‖μ‖²/‖m‖² is used."""
    delta = nonnegative("delta", delta)
    gamma = nonnegative("gamma", gamma)
    kappa = positive("kappa", kappa)
    m_norm_sq = nonnegative("|m|^2", m_norm_sq)
    mu_norm_sq = max(0.0, m_norm_sq - delta) if mu_norm_sq is None else nonnegative(
        "|mu|^2", mu_norm_sq)
    x = spike_x(alpha_over_kappa, m_norm_sq, delta)
    t1 = population_threshold(delta)
    t2 = sample_threshold(delta, gamma)
    om = float(overlap_with_m(x, delta, gamma))
    cos2 = None if cos2_m_mu is None else min(1.0, nonnegative("cos^2(m, mu)", cos2_m_mu))
    return SpikePrediction(
        delta=delta, gamma=gamma, kappa=kappa, alpha_over_kappa=finite("alpha/kappa", alpha_over_kappa),
        m_norm_sq=m_norm_sq, mu_norm_sq=mu_norm_sq, x=x,
        population_threshold=t1, sample_threshold=t2,
        population_outlier=float(population_outlier(x, delta, kappa)) if x > t1 else None,
        sample_outlier=float(sample_outlier(x, delta, gamma, kappa)) if x > t2 else None,
        top_eigenvalue=float(top_eigenvalue(x, delta, gamma, kappa)),
        right_edge=edges(delta, gamma, kappa).right,
        overlap_m=om,
        overlap_mu=om * (cos2 if cos2 is not None else
                         (mu_norm_sq / m_norm_sq if m_norm_sq > 0 else 0.0)),
        population_top_eigenvalue=float(population_top_eigenvalue(x, delta, kappa)),
        population_overlap_m=float(population_overlap_with_m(x, delta)),
    )
