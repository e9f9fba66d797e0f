"""Experiments that put the theory next to Monte Carlo: the bulk spectrum against the
density, outliers and overlaps across a sweep of ‖μ‖ (both transitions), and ridge
classification of the label from pooled features.  Each returns a frozen result with
``to_dict()`` (JSON) and ``to_markdown()``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from ._checks import nonnegative, positive_int
from .bulk import BulkEdges, cdf, edges
from .correlation import SignModel, sample_signs
from .io import markdown_table
from .model import pool, sample_table, sample_tokens, sizes
from .simulation import simulate
from .spikes import mu_norm_sq_threshold, sample_threshold
from .weights import alpha_over_kappa, kappa, named_weights


def ks_distance(eigenvalues, delta: float, gamma: float, kappa_: float = 1.0) -> float:
    """sup |F_emp − F| between the empirical eigenvalue distribution and the law
    κ·(MP_δ ⊠ MP_γ)."""
    v = np.sort(np.asarray(eigenvalues, dtype=float))
    n = v.size
    F = cdf(v, delta, gamma, kappa_)
    return float(max(np.max(np.arange(1, n + 1) / n - F), np.max(F - np.arange(n) / n)))


# ---------------------------------------------------------------- spectrum vs density

@dataclass(frozen=True, eq=False)
class SpectrumExperiment:
    model: str
    weights: str
    d: int
    V: int
    N: int
    seed: int
    mu_norm: float
    kappa: float
    edges: BulkEdges
    ks: float
    eigenvalues: np.ndarray

    @property
    def delta(self) -> float:
        return self.d / self.V

    @property
    def gamma(self) -> float:
        return self.d / self.N

    def to_dict(self) -> dict:
        ev = self.eigenvalues
        return {"model": self.model, "weights": self.weights, "d": self.d, "V": self.V,
                "N": self.N, "seed": self.seed, "mu_norm": self.mu_norm, "kappa": self.kappa,
                "delta": self.delta, "gamma": self.gamma, "edges": self.edges.to_dict(),
                "observed_min": float(ev[0]), "observed_max": float(ev[-1]),
                "ks_distance": self.ks}

    def to_markdown(self) -> str:
        e = self.edges
        return markdown_table(
            ["model", "weights", "d", "seed", "left edge", "min eig", "right edge", "max eig", "KS"],
            [[self.model, self.weights, self.d, self.seed, e.left, float(self.eigenvalues[0]),
              e.right, float(self.eigenvalues[-1]), self.ks]])


def spectrum_experiment(model: SignModel, weights: str = "mean", d: int = 400,
                        delta: float = 0.5, gamma: float = 0.25, mu_norm: float = 0.0,
                        seed: int = 0) -> SpectrumExperiment:
    """All eigenvalues of S for one draw and their KS distance to the predicted law
    (realised ratios d/V, d/N).  With μ ≠ 0 the ≤ 1 outlier moves KS by ≤ 1/d."""
    w = named_weights(weights, model.R)
    r = simulate(model, w, d, delta, gamma, mu_norm, seed, keep_spectrum=True)
    k = kappa(w)
    de, ga = r.d / r.V, r.d / r.N
    ev = r.eigenvalues
    return SpectrumExperiment(model.describe(), weights, r.d, r.V, r.N, int(seed),
                              float(mu_norm), k, edges(de, ga, k), ks_distance(ev, de, ga, k), ev)


# ---------------------------------------------------------------- sweep of ‖μ‖

@dataclass(frozen=True)
class SweepRow:
    weights: str
    mu_norm: float
    seed: int
    x: float
    observed_top: float
    predicted_top: float
    observed_overlap_mu: float
    predicted_overlap_mu: float
    observed_overlap_m: float
    predicted_overlap_m: float
    observed_population_top: float | None
    predicted_population_top: float
    observed_population_overlap_m: float | None
    predicted_population_overlap_m: float


@dataclass(frozen=True)
class SweepExperiment:
    model: str
    d: int
    V: int
    N: int
    delta: float
    gamma: float
    x_population: float
    x_sample: float
    thresholds: Mapping  # weights -> {"alpha_over_kappa", "kappa", "mu_population", "mu_sample"}
    rows: tuple

    def __post_init__(self):
        object.__setattr__(self, "thresholds", MappingProxyType(
            {k: MappingProxyType(dict(v)) for k, v in self.thresholds.items()}))

    def summary(self) -> list[dict]:
        """Per (weights, ‖μ‖): means over seeds, the relative outlier error of the mean,
        and the largest per-seed overlap error."""
        out = []
        keys = sorted({(r.weights, r.mu_norm) for r in self.rows},
                      key=lambda k: (list(self.thresholds).index(k[0]), k[1]))
        for wname, mu in keys:
            rs = [r for r in self.rows if r.weights == wname and r.mu_norm == mu]
            obs = np.mean([r.observed_top for r in rs])
            pred = np.mean([r.predicted_top for r in rs])
            out.append({
                "weights": wname, "mu_norm": mu, "seeds": len(rs),
                "x": float(np.mean([r.x for r in rs])),
                "above_sample_threshold": bool(np.mean([r.x for r in rs]) > self.x_sample),
                "observed_top": float(obs), "predicted_top": float(pred),
                "top_relative_error": float(abs(obs - pred) / pred),
                "top_relative_error_max_seed": float(max(abs(r.observed_top - r.predicted_top)
                                                         / r.predicted_top for r in rs)),
                "observed_overlap_mu": float(np.mean([r.observed_overlap_mu for r in rs])),
                "predicted_overlap_mu": float(np.mean([r.predicted_overlap_mu for r in rs])),
                "overlap_error_max_seed": float(max(abs(r.observed_overlap_mu - r.predicted_overlap_mu)
                                                    for r in rs)),
                "observed_population_top": (None if rs[0].observed_population_top is None else
                                            float(np.mean([r.observed_population_top for r in rs]))),
                "predicted_population_top": float(np.mean([r.predicted_population_top for r in rs])),
            })
        return out

    def to_dict(self) -> dict:
        return {"model": self.model, "d": self.d, "V": self.V, "N": self.N,
                "delta": self.delta, "gamma": self.gamma, "x_population": self.x_population,
                "x_sample": self.x_sample,
                "thresholds": {k: dict(v) for k, v in self.thresholds.items()},
                "summary": self.summary(), "rows": [r.__dict__ for r in self.rows]}

    def to_markdown(self) -> str:
        head = (f"Model {self.model}, d = {self.d}, V = {self.V}, N = {self.N} "
                f"(δ = {self.delta:.4g}, γ = {self.gamma:.4g}); transitions at x = √δ = "
                f"{self.x_population:.4g} (population) and x* = {self.x_sample:.4g} (sample).\n\n")
        rows = [[s["weights"], s["mu_norm"], s["seeds"], s["x"], s["observed_top"],
                 s["predicted_top"], s["top_relative_error"], s["observed_overlap_mu"],
                 s["predicted_overlap_mu"], s["overlap_error_max_seed"]] for s in self.summary()]
        return head + markdown_table(
            ["weights", "‖μ‖", "seeds", "x", "top eig (obs)", "top eig (theory)", "rel. err",
             "overlap μ (obs)", "overlap μ (theory)", "max |err| per seed"], rows)


def default_mu_grid(alpha_over_kappa_: float, delta: float, gamma: float, n: int = 9) -> np.ndarray:
    """‖μ‖ values spanning both transitions: from 0 to ~2.5× the sample threshold."""
    t2 = max(mu_norm_sq_threshold("sample", alpha_over_kappa_, delta, gamma), 0.05)
    return np.sqrt(np.linspace(0.0, 3.0 * t2, n))


def sweep_experiment(model: SignModel, weights=("mean", "harmonic", "optimal"), d: int = 400,
                     delta: float = 0.5, gamma: float = 0.25, mu_norms=None,
                     seeds=(0, 1, 2), with_population: bool = True) -> SweepExperiment:
    """Outlier and overlaps, observed vs theory, for each weighting, ‖μ‖ and seed.
    Default ‖μ‖ grid: that of the first weighting (:func:`default_mu_grid`)."""
    d = positive_int("d", d)
    V, N = sizes(d, delta, gamma)
    de, ga = d / V, d / N
    ws = {name: named_weights(name, model.R) for name in weights}
    if mu_norms is None:
        mu_norms = default_mu_grid(alpha_over_kappa(ws[weights[0]], model.R), de, ga)
    mu_norms = [nonnegative("mu_norm", m) for m in mu_norms]
    thresholds = {}
    for name, w in ws.items():
        ak = alpha_over_kappa(w, model.R)
        thresholds[name] = {
            "alpha_over_kappa": ak, "kappa": kappa(w),
            "mu_population": float(np.sqrt(max(0.0, mu_norm_sq_threshold("population", ak, de)))),
            "mu_sample": float(np.sqrt(max(0.0, mu_norm_sq_threshold("sample", ak, de, ga)))),
        }
    rows = []
    for name, w in ws.items():
        for mu in mu_norms:
            for seed in seeds:
                r = simulate(model, w, d, delta, gamma, mu, seed, with_population=with_population)
                p = r.predicted
                rows.append(SweepRow(name, float(mu), int(seed), p.x, r.observed_top_eigenvalue,
                                     p.top_eigenvalue, r.observed_overlap_mu, p.overlap_mu,
                                     r.observed_overlap_m, p.overlap_m, r.observed_population_top,
                                     p.population_top_eigenvalue, r.observed_population_overlap_m,
                                     p.population_overlap_m))
    return SweepExperiment(model.describe(), d, V, N, de, ga, float(np.sqrt(de)),
                           sample_threshold(de, ga), thresholds, tuple(rows))


# ---------------------------------------------------------------- ridge classification

def ridge_accuracy(C_train, y_train, C_test, y_test, ridge: float = 1.0) -> float:
    """Test accuracy of ridge regression on ±1 labels: β = (CᵀC/n + λ·s I)⁻¹ Cᵀy/n on
    train-centred features, s = tr(CᵀC/n)/d (so λ is scale free); predict sign(cβ)."""
    C_train = np.asarray(C_train, dtype=float)
    mean = C_train.mean(axis=0)
    A = C_train - mean
    n, d = A.shape
    G = A.T @ A / n
    scale = np.trace(G) / d
    beta = np.linalg.solve(G + ridge * scale * np.eye(d), A.T @ np.asarray(y_train, float) / n)
    pred = np.where((np.asarray(C_test, float) - mean) @ beta >= 0, 1, -1)
    return float(np.mean(pred == np.asarray(y_test)))


@dataclass(frozen=True)
class RidgeExperiment:
    model: str
    d: int
    n_train: int
    n_test: int
    mu_norm: float
    ridge: float
    alpha_over_kappa: Mapping
    accuracies: Mapping  # weights -> tuple of per-seed accuracies

    def __post_init__(self):
        object.__setattr__(self, "alpha_over_kappa", MappingProxyType(dict(self.alpha_over_kappa)))
        object.__setattr__(self, "accuracies", MappingProxyType(
            {k: tuple(v) for k, v in self.accuracies.items()}))

    def mean_accuracy(self) -> dict:
        return {k: float(np.mean(v)) for k, v in self.accuracies.items()}

    def to_dict(self) -> dict:
        return {"model": self.model, "d": self.d, "n_train": self.n_train, "n_test": self.n_test,
                "mu_norm": self.mu_norm, "ridge": self.ridge,
                "alpha_over_kappa": dict(self.alpha_over_kappa),
                "accuracy": {k: list(v) for k, v in self.accuracies.items()},
                "mean_accuracy": self.mean_accuracy()}

    def to_markdown(self) -> str:
        rows = [[k, self.alpha_over_kappa[k], self.mean_accuracy()[k], len(v),
                 float(np.std(v))] for k, v in self.accuracies.items()]
        return (f"Ridge classification of the label, model {self.model}, d = {self.d}, "
                f"n_train = {self.n_train}, n_test = {self.n_test}, ‖μ‖ = {self.mu_norm:.4g}, "
                f"λ = {self.ridge:g}.\n\n"
                + markdown_table(["weights", "α/κ", "mean accuracy", "seeds", "sd"], rows))


def ridge_experiment(model: SignModel, weights=("mean", "harmonic", "optimal"), d: int = 200,
                     delta: float = 0.5, gamma: float = 0.25, mu_norm: float = 0.5,
                     n_test: int | None = None, seeds=(0, 1, 2),
                     ridge: float = 1.0) -> RidgeExperiment:
    """Per seed: one table, one train and one test set of sequences (shared by all
    weightings), pooled with each weighting; ridge on train, accuracy on test."""
    d = positive_int("d", d)
    V, N = sizes(d, delta, gamma)
    n_test = N if n_test is None else positive_int("n_test", n_test)
    ws = {name: named_weights(name, model.R) for name in weights}
    acc = {name: [] for name in weights}
    for seed in seeds:
        rng = np.random.default_rng(seed)
        table = sample_table(d, V, mu_norm, rng)
        xi_tr, y_tr = sample_signs(model, N, rng)
        xi_te, y_te = sample_signs(model, n_test, rng)
        tok_tr = sample_tokens(table, xi_tr, rng)
        tok_te = sample_tokens(table, xi_te, rng)
        for name, w in ws.items():
            acc[name].append(ridge_accuracy(pool(table, tok_tr, w), y_tr,
                                            pool(table, tok_te, w), y_te, ridge))
    return RidgeExperiment(model.describe(), d, N, n_test, float(mu_norm), float(ridge),
                           {k: alpha_over_kappa(w, model.R) for k, w in ws.items()},
                           {k: tuple(v) for k, v in acc.items()})
