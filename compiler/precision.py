"""Where a compiled model is exact, per dtype.

Numerics of the kernels (:mod:`attnlogic.transformer.attention`): activations in the model
dtype, softmax accumulated in float32 and rounded once.  For a compiled model:

1. every weight is a small integer or C = 1024, exactly representable in float32, bfloat16
   and float16 (checked here on the actual tensors);
2. so every residual coordinate is 0 or 1 and every score is exactly 0 or −C;
3. the softmax subtracts the row max and accumulates in float32, where exp(−C) = 0 exactly
   (checked here): with q ψ-positions visible the weights are exactly 1 on them and 0
   elsewhere; numerator Σ p·v and denominator Σ p add the same terms (v = 1 wherever
   p = 1), so their quotient is exactly 1 — whatever q is, even past 2^24 where float32
   stops counting, because both sums round identically.  With no ψ-position the value is
   Σ p·0 = 0; an empty window gives 0 by the kernel;
4. the readout 2R − 1 is ±1.

Hence ``exact_up_to = None`` (every length) for float32, bfloat16 and float16 when 1–3 hold.
Li & Cotterell's N_max (attention weights *rounded to the dtype*, e.g. a float16 softmax
denominator overflowing at 65 520 positions) does not arise in this accumulation model;
:func:`materialized_span_limit` computes it for the record and docs/compiler.md explains.
"""

from __future__ import annotations

import math

import torch

__all__ = ["exact_up_to", "representable", "materialized_span_limit"]


def representable(t: torch.Tensor, dtype: torch.dtype) -> bool:
    t64 = t.detach().double().cpu()
    return bool(torch.equal(t64.to(dtype).double(), t64))


def exact_up_to(model, dtype: torch.dtype) -> int | None:
    """None (exact at every length) when the proof's preconditions hold, else 0."""
    from .weights import SCORE_GAP

    if not all(representable(p, dtype) for p in model.parameters()):
        return 0
    if float(torch.exp(torch.tensor(-SCORE_GAP, dtype=torch.float32))) != 0.0:
        return 0
    if float(torch.tensor(-SCORE_GAP, dtype=dtype).double()) != -SCORE_GAP:
        return 0
    return None


def materialized_span_limit(dtype: torch.dtype) -> int | None:
    """Largest count q of equal top scores for which softmax weights *rounded to dtype*
    (α = round(1/round(q))) still sum to ≈ 1: the denominator round(q) must stay finite and
    1/q must not round to 0.  float16: 65 519 (round(65 520) = inf); None when beyond 2^53."""
    info = torch.finfo(dtype)
    limit = None
    # denominator overflow: the smallest integer rounding to inf is max + ulp(max)/2
    ulp = 2.0 ** (math.floor(math.log2(info.max)) - (info.bits - (1 + _exp_bits(dtype))))
    overflow_at = info.max + ulp / 2
    if overflow_at < 2 ** 53:
        limit = int(math.ceil(overflow_at)) - 1
    # weight underflow: 1/q below half the smallest subnormal
    underflow_at = 2.0 / info.smallest_normal * 2 ** (info.bits - 1 - _exp_bits(dtype))
    if underflow_at < 2 ** 53:
        limit = min(limit, int(underflow_at)) if limit else int(underflow_at)
    return limit


def _exp_bits(dtype: torch.dtype) -> int:
    return {torch.float16: 5, torch.bfloat16: 8, torch.float32: 8, torch.float64: 11}[dtype]
