r"""Positional sign models: a sign vector ξ ∈ {±1}^T with E ξ = 0 and R = E[ξξᵀ], R_tt = 1.

Models (each a :class:`SignModel`, a frozen value with its R and a sampler):

* ``prefix(T, L)``: ξ_t = y for t ≤ L, iid uniform signs after; R = blockdiag(11ᵀ_L, I).
* ``label_flip(r)``: ξ_t = y with probability (1+r_t)/2, else −y, independently given the
  label y; R = rrᵀ + diag(1 − r_t²).
* ``markov(T, ρ)``: a stationary ±1 chain that keeps its sign with probability (1+ρ)/2;
  R_ts = ρ^{|t−s|}.
* ``iid(T)``: R = I.
* ``from_matrix(R)``: a user-given R, accepted only when it is the correlation of some
  symmetric distribution on {±1}^T (then E ξ = 0 automatically).  Checked by (1) symmetry,
  unit diagonal, entries in [−1, 1], positive semidefinite; then (2) either the arcsine law
  — ξ = sign(g) with g ~ N(0, Σ) has E ξξᵀ = (2/π) arcsin Σ, so Σ = sin(πR/2) PSD gives an
  exact sampler — or (3) for T ≤ 12, an exact linear-programming test of membership in the
  cut polytope (a distribution over the 2^{T−1} sign patterns up to global sign).

Every model also returns the label y that the downstream classifier must recover: the
latent y for prefix and label-flip, and ξ_1 for the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np

from attnlogic.kernel.errors import InputError

from ._checks import in_unit_interval, positive_int, sequence_length

MODEL_NAMES = ("prefix", "flip", "markov", "iid", "custom")
_LP_MAX_T = 12


def _frozen(a) -> np.ndarray:
    a = np.array(a, dtype=float)
    a.setflags(write=False)
    return a


@dataclass(frozen=True)
class SignModel:
    """A positional correlation model.  ``kind`` is one of MODEL_NAMES; ``params`` holds
    what the sampler needs (L, r, ρ, or the sampler of a custom R)."""

    kind: str
    R: np.ndarray
    params: Mapping = field(default_factory=dict, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    @property
    def T(self) -> int:
        return int(self.R.shape[0])

    def describe(self) -> str:
        p = {k: v for k, v in self.params.items() if k in ("L", "rho", "r")}
        if "r" in p:
            p["r"] = [round(float(x), 4) for x in p["r"]]
        return f"{self.kind}(T={self.T}" + "".join(f", {k}={v}" for k, v in p.items()) + ")"


def prefix(T: int, L: int) -> SignModel:
    T = sequence_length("T", T)
    L = positive_int("L", L)
    if L > T:
        raise InputError(f"L must be <= T, got L={L} > T={T}")
    R = np.eye(T)
    R[:L, :L] = 1.0
    return SignModel("prefix", _frozen(R), {"L": L})


def label_flip(r) -> SignModel:
    r = np.atleast_1d(np.asarray(r, dtype=float))
    if r.ndim != 1 or r.size < 1:
        raise InputError("label-flip model needs a non-empty vector r (T >= 1)")
    sequence_length("T", r.size)
    for i, v in enumerate(r):
        in_unit_interval(f"r[{i}]", v)
    R = np.outer(r, r) + np.diag(1.0 - r * r)
    return SignModel("flip", _frozen(R), {"r": _frozen(r)})


def markov(T: int, rho: float) -> SignModel:
    T = sequence_length("T", T)
    rho = in_unit_interval("rho", rho)
    t = np.arange(T)
    R = rho ** np.abs(t[:, None] - t[None, :]).astype(float)
    return SignModel("markov", _frozen(R), {"rho": rho})


def iid(T: int) -> SignModel:
    T = sequence_length("T", T)
    return SignModel("iid", _frozen(np.eye(T)), {})


def _sign_patterns(T: int) -> np.ndarray:
    """All ξ ∈ {±1}^T with ξ_1 = +1, shape (2^{T−1}, T)."""
    n = 1 << (T - 1)
    bits = (np.arange(n)[:, None] >> np.arange(T - 1)[None, :]) & 1
    return np.concatenate([np.ones((n, 1)), 1.0 - 2.0 * bits], axis=1)


def _lp_distribution(R: np.ndarray) -> np.ndarray | None:
    """Probabilities over the sign patterns of :func:`_sign_patterns` with E ξξᵀ = R, or
    None when no distribution exists (R outside the cut polytope)."""
    from scipy.optimize import linprog

    T = R.shape[0]
    P = _sign_patterns(T)
    iu = np.triu_indices(T, 1)
    A = np.vstack([(P[:, iu[0]] * P[:, iu[1]]).T, np.ones((1, P.shape[0]))])
    b = np.concatenate([R[iu], [1.0]])
    res = linprog(np.zeros(P.shape[0]), A_eq=A, b_eq=b, bounds=(0, None), method="highs")
    if res.status != 0:
        return None
    p = np.clip(res.x, 0, None)
    if np.max(np.abs(A @ p - b)) > 1e-7:
        return None
    return p / p.sum()


def from_matrix(R, tol: float = 1e-9) -> SignModel:
    """A user-given correlation R, validated as the correlation of a ±1 vector (see module)."""
    try:
        R = np.array(R, dtype=float)
    except (TypeError, ValueError):
        raise InputError("R must be a square matrix of numbers") from None
    if R.ndim != 2 or R.shape[0] != R.shape[1] or R.shape[0] < 1:
        raise InputError(f"R must be a non-empty square matrix, got shape {R.shape}")
    sequence_length("T", R.shape[0])
    if not np.all(np.isfinite(R)):
        raise InputError("R has non-finite entries")
    T = R.shape[0]
    if np.max(np.abs(R - R.T)) > tol:
        raise InputError("R is not a valid ±1 correlation: not symmetric")
    if np.max(np.abs(np.diag(R) - 1.0)) > tol:
        raise InputError("R is not a valid ±1 correlation: diagonal entries must be 1")
    if np.max(np.abs(R)) > 1.0 + tol:
        raise InputError("R is not a valid ±1 correlation: entries must lie in [-1, 1]")
    R = (R + R.T) / 2.0
    if np.linalg.eigvalsh(R)[0] < -1e-8:
        raise InputError("R is not a valid ±1 correlation: not positive semidefinite")
    sigma = np.sin(np.pi * R / 2.0)
    if np.linalg.eigvalsh(sigma)[0] >= -1e-10:
        vals, vecs = np.linalg.eigh(sigma)
        root = vecs * np.sqrt(np.clip(vals, 0, None))
        return SignModel("custom", _frozen(R), {"sampler": "arcsine", "root": _frozen(root)})
    if T <= _LP_MAX_T:
        p = _lp_distribution(R)
        if p is None:
            raise InputError("R is not a valid ±1 correlation: no distribution on {±1}^T "
                             "has this correlation (outside the cut polytope)")
        return SignModel("custom", _frozen(R), {"sampler": "table", "p": _frozen(p)})
    raise InputError(f"R could not be validated as a ±1 correlation: sin(πR/2) is not PSD "
                     f"and T={T} > {_LP_MAX_T} is too large for the exact test")


def make_model(kind: str, T: int | None = None, L: int | None = None, rho: float | None = None,
               r=None, R=None) -> SignModel:
    """Build a model by name (the CLI's entry point); missing parameters get defaults
    T = 8, L = T // 2, ρ = 0.9 (Markov) or r_t = ρ = 0.5 (label-flip)."""
    if kind not in MODEL_NAMES:
        raise InputError(f"unknown model {kind!r}; expected one of {', '.join(MODEL_NAMES)}")
    if kind == "custom":
        if R is None:
            raise InputError("model 'custom' needs a matrix R")
        return from_matrix(R)
    T = positive_int("T", 8 if T is None else T)
    if kind == "prefix":
        return prefix(T, max(1, T // 2) if L is None else L)
    if kind == "markov":
        return markov(T, 0.9 if rho is None else rho)
    if kind == "flip":
        if r is None:
            r = np.full(T, in_unit_interval("rho", 0.5 if rho is None else rho))
        return label_flip(r)
    return iid(T)


def sample_signs(model: SignModel, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """n independent sign vectors, shape (n, T) as int8, and their labels y, shape (n,)."""
    n = positive_int("n", n)
    T = model.T
    y = rng.choice(np.array([-1, 1], dtype=np.int8), size=n)
    if model.kind == "prefix":
        L = model.params["L"]
        xi = rng.choice(np.array([-1, 1], dtype=np.int8), size=(n, T))
        xi[:, :L] = y[:, None]
    elif model.kind == "flip":
        r = model.params["r"]
        agree = rng.random((n, T)) < (1.0 + r[None, :]) / 2.0
        xi = np.where(agree, y[:, None], -y[:, None]).astype(np.int8)
    elif model.kind == "markov":
        rho = model.params["rho"]
        keep = rng.random((n, T - 1)) < (1.0 + rho) / 2.0
        steps = np.where(keep, 1, -1).astype(np.int8)
        xi = (y[:, None] * np.concatenate([np.ones((n, 1), np.int8),
                                           np.cumprod(steps, axis=1, dtype=np.int8)], axis=1))
        xi = xi.astype(np.int8)
    elif model.kind == "iid":
        xi = rng.choice(np.array([-1, 1], dtype=np.int8), size=(n, T))
        xi[:, 0] = y
    else:
        if model.params["sampler"] == "arcsine":
            g = rng.standard_normal((n, T)) @ model.params["root"].T
            xi = np.where(g >= 0, 1, -1).astype(np.int8)
        else:
            P = _sign_patterns(T).astype(np.int8)
            idx = rng.choice(P.shape[0], size=n, p=model.params["p"])
            flip = rng.choice(np.array([-1, 1], dtype=np.int8), size=n)
            xi = P[idx] * flip[:, None]
        y = xi[:, 0].copy()
    return xi, y
