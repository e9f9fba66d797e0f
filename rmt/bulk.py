r"""The bulk of the pooled sample covariance: the law κ·(MP_δ ⊠ MP_γ).

Notation.  f(x) = (x+1)(x+δ)(x+γ)/x² for real or complex x.  The free multiplicative
convolution MP_δ ⊠ MP_γ of two Marchenko–Pastur laws (ratio δ, ratio γ, both of mean 1)
has, for λ > 0, the density

    ρ(λ) = −Im ζ(λ) / (π λ),

where ζ is the root with Im ζ < 0 of

    δγ ζ³ + (δ+γ+δγ) ζ² + (1+δ+γ−λ) ζ + 1 = 0.                         (C)

Dividing (C) by ζ³ and writing y = 1/ζ gives the *monic* cubic

    y³ + (1+δ+γ−λ) y² + (δ+γ+δγ) y + δγ = 0,   i.e.   f(y) = λ,          (C')

so λ = f(1/ζ) and ρ(λ) = Im y / (π λ |y|²) for the root y with Im y > 0.  We solve (C')
— well conditioned for every δ, γ ≥ 0, including δγ = 0 where (C) degenerates — with
Cardano's formula on whole arrays (no loop per point) and polish each root with two Newton
steps.  Outside the support the three roots are real and ρ = 0.

Edges.  The support edges are critical values of f: f'(x) = 0 ⇔
x³ − (δ+γ+δγ)x − 2δγ = 0.  This cubic has exactly one positive root x* (Descartes) and the
right edge is f(x*); the left edge of the continuous part is the largest value of f at a
negative critical point (the other negative critical point gives f ≤ 0).

Moments.  m₁ = 1, m₂ = 1 + δ + γ (free multiplicative convolution multiplies the first
moments and adds the variances for mean-one laws).  When max(δ, γ) > 1 the law has an
atom at 0 of mass 1 − 1/max(δ, γ) and ρ is the density of its continuous part.

Everything is scaled by κ: the law of κ·X has density ρ(λ/κ)/κ and edges κ·edge.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._checks import nonnegative, positive


def _params(delta, gamma, kappa=1.0):
    return nonnegative("delta", delta), nonnegative("gamma", gamma), positive("kappa", kappa)


def f_map(x, delta: float, gamma: float):
    """f(x) = (x+1)(x+δ)(x+γ)/x²: maps y (= 1/ζ) to λ; also the sample-outlier map."""
    x = np.asarray(x)
    return (x + 1.0) * (x + delta) * (x + gamma) / (x * x)


def cubic_roots_monic(b, c, d) -> np.ndarray:
    """All three complex roots of y³ + b y² + c y + d = 0, elementwise over arrays.

    Cardano's formula in complex arithmetic, vectorised, followed by two Newton steps per
    root.  Returns an array of shape ``broadcast(b, c, d).shape + (3,)``.
    """
    b, c, d = np.broadcast_arrays(np.asarray(b, dtype=complex), np.asarray(c, dtype=complex),
                                  np.asarray(d, dtype=complex))
    p = c - b * b / 3.0
    q = 2.0 * b ** 3 / 27.0 - b * c / 3.0 + d
    disc = np.sqrt(q * q / 4.0 + p ** 3 / 27.0)
    # choose the sign that avoids cancellation in −q/2 ± sqrt(...)
    w1 = -q / 2.0 + disc
    w2 = -q / 2.0 - disc
    w = np.where(np.abs(w1) >= np.abs(w2), w1, w2)
    u = w ** (1.0 / 3.0)
    omega = np.exp(2j * np.pi / 3.0)
    us = np.stack([u, u * omega, u * omega * omega], axis=-1)
    safe = np.where(us == 0, 1.0, us)
    t = np.where(us == 0, 0.0, us - p[..., None] / (3.0 * safe))
    y = t - b[..., None] / 3.0
    bb, cc, dd = b[..., None], c[..., None], d[..., None]
    for _ in range(2):
        val = ((y + bb) * y + cc) * y + dd
        der = (3.0 * y + 2.0 * bb) * y + cc
        step = np.where(der != 0, val / np.where(der == 0, 1.0, der), 0.0)
        y = y - step
    return y


def stieltjes_root(lam, delta: float, gamma: float) -> np.ndarray:
    """The root y of (C') with the largest imaginary part, for each λ (κ = 1).

    Inside the support Im y > 0 and ζ = 1/y is the root of (C) with Im ζ < 0."""
    lam = np.asarray(lam, dtype=float)
    roots = cubic_roots_monic(1.0 + delta + gamma - lam, delta + gamma + delta * gamma,
                              delta * gamma)
    idx = np.argmax(roots.imag, axis=-1)
    return np.take_along_axis(roots, idx[..., None], axis=-1)[..., 0]


def density(lam, delta: float, gamma: float, kappa: float = 1.0) -> np.ndarray:
    """Density of κ·(MP_δ ⊠ MP_γ) at the points ``lam`` (continuous part; 0 for λ ≤ 0).

    Accuracy: agrees with per-point numpy.roots to 1e-6 for λ ≥ 1e-3·right edge.  At a
    hard edge (left = 0) the density diverges like λ^(−1/2) or λ^(−2/3); it is returned as
    0 once λ/κ is below the rounding unit of 1 + δ + γ (≈ 1e-16), where the cubic's
    coefficients no longer depend on λ."""
    delta, gamma, kappa = _params(delta, gamma, kappa)
    lam = np.asarray(lam, dtype=float) / kappa
    pos = lam > 0
    lam_safe = np.where(pos, lam, 1.0)
    y = stieltjes_root(lam_safe, delta, gamma)
    rho = y.imag / (np.pi * lam_safe * np.abs(y) ** 2)
    # Im y is O(1e-9) noise outside the support after Newton polishing
    rho = np.where(pos & (y.imag > 1e-9), rho, 0.0)
    return rho / kappa


@dataclass(frozen=True)
class BulkEdges:
    """Support [left, right] of the continuous part of κ·(MP_δ ⊠ MP_γ); ``x_star`` is the
    positive critical point of f (the sample phase-transition threshold in x)."""

    left: float
    right: float
    x_star: float

    def to_dict(self) -> dict:
        return {"left": self.left, "right": self.right, "x_star": self.x_star}


def critical_points(delta: float, gamma: float) -> np.ndarray:
    """Real nonzero roots of x³ − (δ+γ+δγ)x − 2δγ = 0 (the critical points of f), sorted."""
    roots = np.roots([1.0, 0.0, -(delta + gamma + delta * gamma), -2.0 * delta * gamma])
    real = roots[np.abs(roots.imag) <= 1e-9 * (1 + np.abs(roots.real))].real
    real = real[np.abs(real) > 1e-12]
    # polish (the cubic is tiny; Newton in float64)
    for _ in range(3):
        real = real - (real ** 3 - (delta + gamma + delta * gamma) * real - 2 * delta * gamma) / (
            3 * real ** 2 - (delta + gamma + delta * gamma))
    return np.sort(real)


def x_star(delta: float, gamma: float) -> float:
    """The positive root of x³ − (δ+γ+δγ)x − 2δγ = 0; 0 when δ = γ = 0."""
    delta, gamma, _ = _params(delta, gamma)
    if delta == 0 and gamma == 0:
        return 0.0
    cp = critical_points(delta, gamma)
    return float(cp[cp > 0].max())


def edges(delta: float, gamma: float, kappa: float = 1.0) -> BulkEdges:
    """Edges of the support of κ·(MP_δ ⊠ MP_γ) (continuous part) and x*."""
    delta, gamma, kappa = _params(delta, gamma, kappa)
    if delta == 0 and gamma == 0:
        return BulkEdges(kappa, kappa, 0.0)
    cp = critical_points(delta, gamma)
    xs = float(cp[cp > 0].max())
    neg = cp[cp < 0]
    left = max(0.0, float(np.max(f_map(neg, delta, gamma)))) if neg.size else 0.0
    right = float(f_map(xs, delta, gamma))
    return BulkEdges(kappa * left, kappa * right, xs)


def zero_atom(delta: float, gamma: float) -> float:
    """Mass of the atom at 0: 1 − 1/max(δ, γ) when max(δ, γ) > 1, else 0."""
    delta, gamma, _ = _params(delta, gamma)
    m = max(delta, gamma)
    return 1.0 - 1.0 / m if m > 1 else 0.0


def moments(delta: float, gamma: float, kappa: float = 1.0) -> tuple[float, float]:
    """(m₁, m₂) of κ·(MP_δ ⊠ MP_γ): (κ, κ²(1+δ+γ))."""
    delta, gamma, kappa = _params(delta, gamma, kappa)
    return kappa, kappa * kappa * (1.0 + delta + gamma)


def cdf(lam, delta: float, gamma: float, kappa: float = 1.0, grid: int = 4001) -> np.ndarray:
    """Distribution function of κ·(MP_δ ⊠ MP_γ) at ``lam`` (including the atom at 0).

    The continuous part is integrated numerically on a Chebyshev-spaced grid across the
    support (dense near the square-root edges) with the trapezoid rule, then interpolated."""
    delta, gamma, kappa = _params(delta, gamma, kappa)
    e = edges(delta, gamma, kappa)
    lam = np.asarray(lam, dtype=float)
    atom = zero_atom(delta, gamma)
    if e.right <= e.left:
        return np.where(lam >= e.right, 1.0, 0.0)
    theta = np.linspace(np.pi, 0.0, grid)
    xs = e.left + (e.right - e.left) * (np.cos(theta) + 1.0) / 2.0
    rho = density(xs, delta, gamma, kappa)
    cum = np.concatenate([[0.0], np.cumsum(0.5 * (rho[1:] + rho[:-1]) * np.diff(xs))])
    cum *= (1.0 - atom) / cum[-1]  # renormalise the quadrature error away
    out = atom * (lam >= 0) + np.interp(lam, xs, cum, left=0.0, right=1.0 - atom)
    return out
