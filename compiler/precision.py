"""Where a compiled model is exact, per dtype.

Numerics of the kernels (:mod:`attnlogic.transformer.attention`): activations in the model
dtype; the softmax and the weighted sum accumulated in float32 and rounded once to the dtype
(PyTorch's CPU and CUDA SDPA kernels and our blockwise kernel all do this).

Claim: for a compiled model every prefix decision is exact at every length
(``exact_up_to = None``) in float32, bfloat16 and float16.  Proof sketch:

1. every weight is a small integer or C = 1024, exactly representable in all three dtypes
   (checked here on the actual tensors); the embedding is exactly 0/1;
2. invariant: every residual coordinate x̃ is within ε ≤ 1/8 of its Boolean value x, and a
   head's key (exact atom coordinates plus at most one computed coordinate with
   coefficient ±1) is within ε of −1 (ψ false) or 0 (ψ true);
3. so scores are within 2Cε ≤ C/4 of 0 on ψ-positions and below −3C/4 = −768 elsewhere:
   after subtracting the row max, non-ψ weights are exp(≤ −512) = 0 exactly in float32
   whenever a ψ-position is visible (checked here).  The output is then a convex
   combination of values within ε of 1, i.e. within ε (+ float32 rounding) of 1; with no
   ψ-position visible it is a convex combination of values within ε of 0; an empty window
   gives exactly 0;
4. a ReLU unit ReLU(Σ±x̃ − c) of the compiler is ≤ −1 + rε < 0 (so exactly 0) on every
   assignment but its own, where it is within rε of 1 (r ≤ leaves of its block); gates use
   at most 2 units;
5. in bfloat16 and float16 every value within 2^-10 of 0 or 1 that arises here is rounded
   back to exactly 0 or 1 (head outputs are exact 0 or 1 ± 2^-23 before rounding), so
   ε = 0 throughout: every coordinate is exactly Boolean and the readout exactly ±1.  In
   float32, SDPA multiplies by a rounded reciprocal (41 · (1/41) = 1 − 2^-24), so ε is a few
   ulps per layer (measured ≤ 2^-20 at N = 10^5; exactly 0 with ``kernel="blockwise"``,
   which divides);
6. the readout 2R − 1 is within 4ε of ±1: its sign is the acceptance of the prefix;
7. with ``layernorm`` (post-LN, mirror coordinates 1 − x_i): every vector has mean 1/2 and
   variance 1/4 exactly when its coordinates are Boolean, and γ = √(1/4 + eps), β = 1/2
   make LN the identity up to |γ_stored/√(1/4 + eps) − 1| ≤ 2^-9 (checked here): each LN
   moves a coordinate by at most ~2^-10 plus rounding (measured: zeros become ≤ 2.2·10^-5 in
   bfloat16, ones round back to 1), and the next LN re-centres, so ε stays far below 1/8.

Li & Cotterell's N_max (attention weights *rounded to the dtype*: a float16 softmax
denominator overflows at 65 520 equal scores and every weight becomes 0) does not arise in
this accumulation model; :func:`materialized_span_limit` computes it for the record and
docs/compiler.md compares the two models.
"""

from __future__ import annotations

import math

import torch

from attnlogic.ltl import Atom, to_text

__all__ = ["exact_up_to", "representable", "materialized_span_limit", "fixed_point_exact_up_to"]


def representable(t: torch.Tensor, dtype: torch.dtype) -> bool:
    t64 = t.detach().double().cpu()
    return bool(torch.equal(t64.to(dtype).double(), t64))


def exact_up_to(model, dtype: torch.dtype) -> int | None:
    """None (exact at every length) when the proof's preconditions hold, else 0."""
    from .weights import SCORE_GAP

    for name, p in model.named_parameters():
        if ".ln" in name and name.endswith(".weight"):
            # mirror-coordinate LayerNorm: γ·rstd must be 1 within 2^-9 (values then round back
            # to exact 0/1 in bfloat16/float16, and stay within a few ulps in float32)
            eps = model.config.layernorm_eps
            g = p.detach().double().to(dtype).double()
            if float((g / (0.25 + eps) ** 0.5 - 1).abs().max()) > 2 ** -9:
                return 0
        elif ".ln" in name:
            if not torch.all(p.detach().to(dtype).double() == 0.5):
                return 0
        elif not representable(p, dtype):
            return 0
    if float(torch.exp(torch.tensor(-SCORE_GAP / 2, dtype=torch.float32))) != 0.0:
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


def fixed_point_exact_up_to(plan, fmt) -> int | None:
    """Exactness of a plan compiled with ``cleanup`` on the fixed-point machine ``fmt``
    (:mod:`attnlogic.transformer.fixed_point`: attention weights rounded to p bits).

    With q ≥ 1 ψ-positions visible a head computes e = 1 on them (exp(−C) rounds to 0),
    l = R(q), α = R(1/l), r = R(q·α).  For 1 ≤ q < 2^(p+1): α = 1/q ± 2^-(p+1) so
    r ∈ [2/3, 2) (α = 2^-p gives q·2^-p ∈ (2/3, 2); α ≥ 2·2^-p has relative
    error ≤ 1/4), and clean(r) = 1.  For q ≥ 2^(p+1): l ≥ 2^(p+1) (int_bits ≥ p+2), so
    α = R(≤ 2^-(p+1)) = 0 (ties to even) and r = 0: the weights vanish (Li & Cotterell's
    N_max).  With q = 0 the values are 0 and r = 0.  Every coordinate that is read is
    therefore exactly Boolean while every head sees fewer than 2^(p+1) ψ-positions:
    exact for words of length < 2^(p+1) (a window of k < 2^(p+1) never sees more).
    With ``span_fix`` the head over g = ψ ∧ clean(r₁) sees at most 2^(p+1) − 1 positions
    (the 2nd … 2^(p+1)-th ψ) and P ψ = clean(r₁) ∨ clean(r₂) is right for every q: exact at
    every length (None).  Requires int_bits ≥ max(11, p+2) (C = 1024 and the saturation);
    otherwise nothing is claimed (0).
    """
    if not any(name.startswith("raw ") for name in plan.names) and plan.n_heads:
        return 0  # compiled without cleanup: head outputs in [2/3, 2) reach the gates
    p, i = fmt.frac_bits, fmt.int_bits
    if i < max(11, p + 2):
        return 0
    span = 2 ** (p + 1)
    kinds = [h.spec for layer in plan.heads for h in layer]
    if any(s.is_local and s.k >= span for s in kinds):
        return span - 1
    has_global = any(not s.is_local for s in kinds)
    span_fixed = any(name.startswith("raw P(") for name in plan.names)
    if not has_global or span_fixed:
        return None
    return span - 1


def proof_claim(plan) -> dict:
    """What the sidecar's proof states about a plan (``metadata["proof"]``, checked by
    :mod:`attnlogic.testing.model_proof`, which knows nothing of plans): the formula each
    residual coordinate holds, the stage that writes it (0 the embedding, 2ℓ−1 the heads of
    layer ℓ, 2ℓ its feed-forward network) and the coordinate each head writes."""
    written = [0] * plan.width
    for layer, (heads, units, bias) in enumerate(zip(plan.heads, plan.units, plan.ffn_bias), 1):
        for h in heads:
            written[h.out] = 2 * layer - 1
        for out in [u.out for u in units] + [i for i, _ in bias]:
            written[out] = 2 * layer
    coords = [to_text(Atom(a)) for a in plan.atoms] + list(plan.names[len(plan.atoms):])
    coords += ["false"] * (plan.width - len(coords))      # a width-1 model of a constant formula
    fed = {i for i, _, _ in plan.mods}
    for i in range(len(plan.atoms), plan.width):
        if written[i] == 0 and i not in fed:
            coords[i] = "false"     # a gate no unit writes: its formula never holds (atoms exclusive)
    return {"coordinates": coords, "written": written,
            "heads": [[h.out for h in heads] for heads in plan.heads]}


def proved_bound(model, dtype: str, formula: str, vocab, proof: dict) -> int | None:
    """``exact_up_to`` proved for the weights as they are (in ``dtype``): the largest length
    for which :func:`attnlogic.testing.model_proof.proved_length` goes through (None: every
    length; 0: none)."""
    from attnlogic.testing.model_proof import proved_length

    meta = {"formula": formula, "alphabet": list(vocab.alphabet), "eos": vocab.eos, "proof": proof}
    bound, _ = proved_length(model.state_dict(), model.config.to_dict(), dtype, meta)
    return bound
