"""One Monte-Carlo draw of the whole pipeline, compared with the theory.

``simulate`` samples a table, N sequences of a sign model, pools them with weights w,
forms the centred covariance S and reads off its top eigenpair; the prediction uses the
*sampled* ‖m‖² (see :mod:`attnlogic.rmt.spikes` for why) and the realised ratios
δ = d/V, γ = d/N."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ._checks import nonnegative, positive_int
from .correlation import SignModel, sample_signs
from .model import (centred_covariance, pool, population_covariance, sample_table,
                    sample_tokens, sizes)
from .spikes import SpikePrediction, predict
from .weights import alpha_over_kappa, kappa


@dataclass(frozen=True)
class SimulationResult:
    """Observed top eigenvalue and squared overlaps against the prediction."""

    d: int
    V: int
    N: int
    seed: int
    model: str
    mu_norm: float
    observed_top_eigenvalue: float
    observed_overlap_m: float
    observed_overlap_mu: float
    predicted: SpikePrediction
    observed_population_top: float | None = None
    observed_population_overlap_m: float | None = None
    eigenvalues: np.ndarray | None = None

    @property
    def outlier_relative_error(self) -> float:
        p = self.predicted.top_eigenvalue
        return abs(self.observed_top_eigenvalue - p) / p

    @property
    def overlap_error(self) -> float:
        return abs(self.observed_overlap_mu - self.predicted.overlap_mu)

    def to_dict(self) -> dict:
        out = {k: v for k, v in asdict(self).items() if k not in ("predicted", "eigenvalues")}
        out["predicted"] = self.predicted.to_dict()
        out["outlier_relative_error"] = self.outlier_relative_error
        out["overlap_error"] = self.overlap_error
        return out


def _top_pair(M: np.ndarray) -> tuple[float, np.ndarray]:
    import scipy.linalg

    n = M.shape[0]
    val, vec = scipy.linalg.eigh(M, subset_by_index=[n - 1, n - 1])
    return float(val[0]), vec[:, 0]


def simulate(model: SignModel, w, d: int, delta: float, gamma: float, mu_norm: float,
             seed: int = 0, keep_spectrum: bool = False,
             with_population: bool = False) -> SimulationResult:
    """Sample, pool, and compare the top of the spectrum of S with :func:`predict`.

    ``keep_spectrum`` keeps all eigenvalues of S; ``with_population`` also diagonalises the
    exact conditional population Cov(c | E) = κW + αmmᵀ (transition 1)."""
    d = positive_int("d", d)
    mu_norm = nonnegative("mu_norm", mu_norm)
    V, N = sizes(d, delta, gamma)
    rng = np.random.default_rng(seed)
    table = sample_table(d, V, mu_norm, rng)
    xi, _ = sample_signs(model, N, rng)
    C = pool(table, sample_tokens(table, xi, rng), w)
    S = centred_covariance(C)
    if keep_spectrum:
        vals, vecs = np.linalg.eigh(S)
        top_val, u = vals[-1], vecs[:, -1]
    else:
        vals = None
        top_val, u = _top_pair(S)
    m = table.m
    m_sq = float(m @ m)
    pop_top = pop_ov = None
    if with_population:
        pop_top, pu = _top_pair(population_covariance(table, w, model.R))
        pop_ov = float((pu @ m) ** 2 / m_sq) if m_sq > 0 else 0.0
    cos2 = float((m @ table.mu) ** 2 / (m_sq * mu_norm ** 2)) if mu_norm > 0 and m_sq > 0 else 0.0
    pred = predict(d / V, d / N, kappa(w), alpha_over_kappa(w, model.R), m_sq,
                   mu_norm ** 2, cos2)
    ov_m = float((u @ m) ** 2 / m_sq) if m_sq > 0 else 0.0
    ov_mu = float((u @ table.mu) ** 2 / mu_norm ** 2) if mu_norm > 0 else 0.0
    return SimulationResult(d, V, N, int(seed), model.describe(), mu_norm, float(top_val),
                            ov_m, ov_mu, pred, pop_top, pop_ov, vals)
