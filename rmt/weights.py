r"""Pooling weights w ∈ R^T and the two numbers the spectrum depends on:
κ(w) = ‖w‖² (the bulk scale) and α(w) = wᵀRw (the signal gain); the spike strength is
θ = (α/κ)‖m‖², so α/κ — a Rayleigh quotient of R — measures how well w pools signal.

* mean pooling: w = 1/T, α/κ = 1ᵀR1/T.
* optimal: the top eigenvector of R, α/κ = λ_max(R) (Rayleigh quotient maximum) [paper].
* causal attention, scores τ⟨x_t, x_s⟩/d over s ≤ t, no learned weights: as d → ∞,
  ⟨x_t, x_t⟩/d → 1 and ⟨x_t, x_s⟩/d → 0 (s ≠ t), so query q puts e^τ/(e^τ+q−1) on
  itself and 1/(e^τ+q−1) on each earlier key; averaging over the T queries gives
  w_s(τ) = (1/T)[e^τ/(e^τ+s−1) + Σ_{q=s+1}^{T} 1/(e^τ+q−1)]  (ours, re-derived).
  τ = 0: w_s = (H_T − H_{s−1})/T ("harmonic").  Queries that exclude themselves:
  w_s = (H_{T−1} − H_{s−1})/(T−1) ("harmonic, self-excluding").
* the toolkit's attention patterns (:class:`attnlogic.kernel.patterns.AttentionPattern`, whose
  ``visible`` says which keys a query sees): a global head lets position n attend to
  m < n, a k-local head to max(1, n−k) ≤ m < n, ``causal`` (= ``global_nonstrict``) to
  m ≤ n with self score τ; a hybrid layer is ``hybrid:k``'s ``heads(2)``, one global and
  one k-local head (outputs summed with equal weight); a position with no visible key
  outputs 0.  In the same τ/d limit the scores are equal on the visible keys other than
  the query itself, so each head is uniform over its window (up to the self score) and the
  pooled weights are the query average of the attention matrix.

All weight functions return read-only float arrays; α/κ is invariant to rescaling w.
"""

from __future__ import annotations

import numpy as np

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.patterns import PATTERN_NAMES, AttentionPattern

from ._checks import finite, positive_int


def _frozen(a) -> np.ndarray:
    a = np.asarray(a, dtype=float)
    a.setflags(write=False)
    return a


def harmonic_numbers(n: int) -> np.ndarray:
    """H_0 … H_n (H_0 = 0)."""
    return np.concatenate([[0.0], np.cumsum(1.0 / np.arange(1, n + 1))])


def mean_weights(T: int) -> np.ndarray:
    T = positive_int("T", T)
    return _frozen(np.full(T, 1.0 / T))


def optimal_weights(R) -> np.ndarray:
    """Unit top eigenvector of R, signed so that its entries sum to ≥ 0."""
    R = np.asarray(R, dtype=float)
    vals, vecs = np.linalg.eigh(R)
    v = vecs[:, -1]
    if v.sum() < 0:
        v = -v
    return _frozen(v)


def causal_weights(T: int, tau: float = 0.0) -> np.ndarray:
    """w_s(τ) of the causal-attention limit (module docstring), s = 1 … T; sums to 1."""
    T = positive_int("T", T)
    tau = finite("tau", tau)
    a = np.exp(tau)
    s = np.arange(1, T + 1, dtype=float)
    tail = 1.0 / (a + s - 1.0)  # 1/(e^τ + q − 1) for q = s
    # Σ_{q=s+1}^{T} 1/(e^τ+q−1) as a reversed cumulative sum
    after = np.concatenate([np.cumsum(tail[::-1])[::-1][1:], [0.0]])
    return _frozen((a * tail + after) / T)


def harmonic_weights(T: int) -> np.ndarray:
    """The τ = 0 limit: w_s = (H_T − H_{s−1})/T."""
    T = positive_int("T", T)
    H = harmonic_numbers(T)
    return _frozen((H[T] - H[:T]) / T)


def harmonic_self_excluding_weights(T: int) -> np.ndarray:
    """Queries excluding themselves: w_s = (H_{T−1} − H_{s−1})/(T−1); needs T ≥ 2."""
    T = positive_int("T", T, minimum=2)
    H = harmonic_numbers(T)
    return _frozen((H[T - 1] - H[:T]) / (T - 1))


def attention_mask(pattern: "str | AttentionPattern", T: int) -> np.ndarray:
    """Boolean (query, key) visibility of a single head, ``AttentionPattern.mask``:
    ``global`` (m < n), ``causal`` (m ≤ n) or ``local:k`` (max(1, n−k) ≤ m < n).  Positions
    are 1-based in the docs, 0-based here."""
    T = positive_int("T", T)
    return AttentionPattern.parse(pattern).mask(T)


def limit_attention_matrix(mask: np.ndarray, tau: float = 0.0) -> np.ndarray:
    """Row-stochastic attention in the d → ∞ limit: score τ on the diagonal, 0 elsewhere,
    softmax over the visible keys; rows with no visible key are 0."""
    tau = finite("tau", tau)
    T = mask.shape[0]
    logits = np.where(np.eye(T, dtype=bool), tau, 0.0)
    weights = np.where(mask, np.exp(logits - max(tau, 0.0)), 0.0)
    totals = weights.sum(axis=1, keepdims=True)
    return np.divide(weights, totals, out=np.zeros_like(weights), where=totals > 0)


def pattern_weights(pattern: "str | AttentionPattern", T: int, tau: float = 0.0) -> np.ndarray:
    """Pooling weights induced by an attention pattern of the toolkit, query-averaged:
    ``global``, ``local:k``, ``hybrid:k`` (its ``heads(2)``: a global and a k-local head,
    summed), or ``causal`` (self-including, with self score τ).  Raises InputError when the
    pattern sees nothing (T = 1 for the strict patterns)."""
    p = AttentionPattern.parse(pattern)
    T = positive_int("T", T)
    heads = (p,) if p.is_head else p.heads(2)
    A = sum(limit_attention_matrix(h.mask(T), tau) for h in heads)
    w = A.mean(axis=0)
    if not np.any(w):
        raise InputError(f"pattern {str(pattern)!r} pools nothing at T={T} (no position has a "
                         "visible key)")
    return _frozen(w)


def kappa(w) -> float:
    """κ(w) = ‖w‖²."""
    w = np.asarray(w, dtype=float)
    return float(w @ w)


def alpha(w, R) -> float:
    """α(w) = wᵀRw."""
    w = np.asarray(w, dtype=float)
    return float(w @ np.asarray(R, dtype=float) @ w)


def alpha_over_kappa(w, R) -> float:
    """α/κ = wᵀRw/‖w‖² (scale invariant)."""
    w = np.asarray(w, dtype=float)
    R = np.asarray(R, dtype=float)
    if w.shape != (R.shape[0],):
        raise InputError(f"weights have length {w.size}, the correlation has T={R.shape[0]}")
    k = kappa(w)
    if k == 0:
        raise InputError("weights are all zero")
    return alpha(w, R) / k


def named_weights(name: str, R) -> np.ndarray:
    """Weights by name for a correlation R: ``mean``, ``optimal``, ``harmonic``,
    ``harmonic_self_excluding``, ``causal:τ`` (τ a number), or a pattern
    (``global``, ``local:k``, ``hybrid:k``)."""
    R = np.asarray(R, dtype=float)
    T = R.shape[0]
    if name == "mean":
        return mean_weights(T)
    if name == "optimal":
        return optimal_weights(R)
    if name == "harmonic":
        return harmonic_weights(T)
    if name == "harmonic_self_excluding":
        return harmonic_self_excluding_weights(T)
    if name.startswith("causal:"):
        try:
            tau = float(name.split(":", 1)[1])
        except ValueError:
            raise InputError(f"bad weights {name!r}: causal:TAU needs a number") from None
        return causal_weights(T, tau)
    if name.partition(":")[0] in PATTERN_NAMES:
        return pattern_weights(name, T)
    raise InputError(f"unknown weights {name!r}; expected mean, optimal, harmonic, "
                     "harmonic_self_excluding, causal:TAU, global, local:k or hybrid:k")


def alpha_over_kappa_table(R, taus=(), windows=(1, 2)) -> dict[str, float | None]:
    """α/κ of every named weighting under R: mean, harmonic, harmonic_self_excluding,
    optimal, causal:τ for each τ, global, local:k and hybrid:k for each k.  A weighting
    that pools nothing (T = 1 for strict heads) maps to None."""
    R = np.asarray(R, dtype=float)
    names = ["mean", "harmonic", "harmonic_self_excluding", "optimal"]
    names += [f"causal:{finite('tau', t):g}" for t in taus]
    names += ["global"] + [f"local:{positive_int('k', k)}" for k in windows]
    names += [f"hybrid:{positive_int('k', k)}" for k in windows]
    table: dict[str, float | None] = {}
    for name in names:
        try:
            table[name] = alpha_over_kappa(named_weights(name, R), R)
        except InputError:
            if R.shape[0] >= 2:
                raise
            table[name] = None
    return table
