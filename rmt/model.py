r"""The generative model of docs/rmt.md, vectorised and seeded.

* Embedding table E ∈ R^{d×V}: e_v = s_v μ + z_v, balanced signs s (Σ s_v = 0), z_v iid
  N(0, I_d) (unit variance, no 1/d), ‖μ‖ = O(1).
* A sequence with sign vector ξ ∈ {±1}^T has at position t a token drawn uniformly from
  {v : s_v = ξ_t}; X_t = e_{v_t}.
* Pooling c = Σ_t w_t X_t; S = (1/N) Σ_i (c_i − c̄)(c_i − c̄)ᵀ (centred: uncentred data
  carry one more outlier from the common mean).

Pooling uses a sparse N×V matrix A with A[i, v_{it}] += w_t, so C = A Eᵀ costs O(N T d).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.limits import require_memory

from ._checks import nonnegative, positive, positive_int


def _frozen(a, dtype=float) -> np.ndarray:
    a = np.asarray(a, dtype=dtype)
    a.setflags(write=False)
    return a


@dataclass(frozen=True, eq=False)
class EmbeddingTable:
    """E (d×V), the balanced signs s (V,) and the hidden signal μ (d,)."""

    E: np.ndarray
    s: np.ndarray
    mu: np.ndarray

    @property
    def d(self) -> int:
        return int(self.E.shape[0])

    @property
    def V(self) -> int:
        return int(self.E.shape[1])

    @property
    def m(self) -> np.ndarray:
        """The class-mean half difference m = E s / V of the sampled table."""
        return self.E @ self.s / self.V

    @property
    def m_norm_sq(self) -> float:
        m = self.m
        return float(m @ m)


def sample_table(d: int, V: int, mu_norm: float, rng: np.random.Generator) -> EmbeddingTable:
    """A table with μ = ‖μ‖·u for a uniformly random unit vector u; V must be even."""
    d = positive_int("d", d)
    V = positive_int("V", V, minimum=2)
    if V % 2:
        raise InputError(f"V must be even (balanced signs), got {V}")
    mu_norm = nonnegative("mu_norm", mu_norm)
    u = rng.standard_normal(d)
    mu = mu_norm * u / np.linalg.norm(u)
    s = np.repeat(np.array([1.0, -1.0]), V // 2)
    rng.shuffle(s)
    E = rng.standard_normal((d, V)) + np.outer(mu, s)
    return EmbeddingTable(_frozen(E), _frozen(s), _frozen(mu))


def sample_tokens(table: EmbeddingTable, xi: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Token ids (N, T): position t uniform among {v : s_v = ξ_t}."""
    xi = np.asarray(xi)
    plus = np.flatnonzero(table.s > 0)
    minus = np.flatnonzero(table.s < 0)
    j = rng.integers(0, plus.size, size=xi.shape)
    return np.where(xi > 0, plus[j], minus[j])


def pool(table: EmbeddingTable, tokens: np.ndarray, w) -> np.ndarray:
    """Pooled features C (N, d), row i = Σ_t w_t e_{v_it}."""
    from scipy import sparse

    tokens = np.asarray(tokens)
    w = np.asarray(w, dtype=float)
    N, T = tokens.shape
    if w.shape != (T,):
        raise InputError(f"weights have length {w.size}, sequences have length {T}")
    A = sparse.csr_matrix((np.broadcast_to(w, (N, T)).ravel(),
                           (np.repeat(np.arange(N), T), tokens.ravel())),
                          shape=(N, table.V))
    return np.asarray(A @ table.E.T)


def centred_covariance(C: np.ndarray) -> np.ndarray:
    """S = (1/N) Σ (c_i − c̄)(c_i − c̄)ᵀ for the rows c_i of C."""
    C = np.asarray(C, dtype=float)
    Cc = C - C.mean(axis=0, keepdims=True)
    return Cc.T @ Cc / C.shape[0]


def sizes(d: int, delta: float, gamma: float, memory_budget: int | None = None) -> tuple[int, int]:
    """(V, N) for a target (δ, γ) = (d/V, d/N): V rounded to an even number.

    Refused (:class:`~attnlogic.kernel.errors.MemoryBudgetExceeded`, before anything is sampled)
    when the float64 matrices of a simulation at these sizes, the embedding table (d×V),
    the pooled samples (N×d) and their covariance (d×d), would exceed ``memory_budget``
    bytes (None: :data:`attnlogic.kernel.limits.DEFAULT_MEMORY_BUDGET`)."""


    d = positive_int("d", d)
    delta = positive("delta", delta)
    gamma = positive("gamma", gamma)
    if d / delta > 2 ** 40 or d / gamma > 2 ** 40:
        require_memory("the simulation's matrices", 2 ** 63, memory_budget)
    V = max(2, 2 * int(round(d / delta / 2)))
    N = max(2, int(round(d / gamma)))
    require_memory(f"the simulation's matrices at d={d}, V={V}, N={N}", 8 * (d * V + N * d + d * d),
                   memory_budget)
    return V, N


def within_class_covariance(table: EmbeddingTable) -> np.ndarray:
    """W = (1/V) Σ_v (e_v − μ_{s_v})(e_v − μ_{s_v})ᵀ, μ_± the two class means of the table."""
    E = table.E
    plus = table.s > 0
    centred = np.empty_like(E)
    centred[:, plus] = E[:, plus] - E[:, plus].mean(axis=1, keepdims=True)
    centred[:, ~plus] = E[:, ~plus] - E[:, ~plus].mean(axis=1, keepdims=True)
    return centred @ centred.T / table.V


def population_covariance(table: EmbeddingTable, w, R) -> np.ndarray:
    """Cov(c | E) = κ W + α m mᵀ exactly (E ξ_t = 0, tokens independent given ξ):
    e_{v_t} = a + ξ_t m + u_t with u_t drawn from the within-class deviations of class ξ_t."""
    w = np.asarray(w, dtype=float)
    R = np.asarray(R, dtype=float)
    m = table.m
    return float(w @ w) * within_class_covariance(table) + float(w @ R @ w) * np.outer(m, m)
