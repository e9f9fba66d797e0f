"""Stage 2 of the compiler: a :class:`~.plan.Plan` → the weights of a
:class:`~attnlogic.transformer.Transformer` (no LayerNorm, no positional encoding, d_head = 1).

Every weight is a small integer or the score constant C (a power of two), so it is exactly
representable in float32, bfloat16 and float16 and the model can be cast to any of them.

Head h of layer ℓ for ``P ψ`` / ``Y[<=k] ψ`` with ψ = a·x + b (an affine form in {0,1}):
q = C (W_Q = 0, b_Q = C), k = a·x + b − 1 ∈ {−1, 0}, v = a·x + b, W_O copies v into the
head's coordinate.  Scores (d_head = 1, scale 1) are 0 on ψ-positions and −C elsewhere.
"""

from __future__ import annotations

import torch

from attnlogic.transformer.config import TransformerConfig
from attnlogic.transformer.model import Transformer
from attnlogic.transformer.vocab import Vocabulary

from .plan import Affine, Plan
from .positional import period_of, periodic_table

__all__ = ["SCORE_GAP", "build_model"]

#: the score gap C: exp(−C) is exactly 0 in float32 (and so in every accumulator we use)
SCORE_GAP = 1024.0


def _set_row(row: torch.Tensor, a: Affine) -> float:
    """Write the coefficients of ``a`` into ``row`` (zero elsewhere); return its constant."""
    row.zero_()
    for i, c in a.terms:
        row[i] += c
    return a.const


@torch.no_grad()
def build_model(plan: Plan, vocab: Vocabulary, layernorm: bool = False, eps: float = 1e-5) -> Transformer:
    """The compiled model in float32, eval mode.

    ``layernorm``: a standard post-LN model (x ← LN(x + A(x)), x ← LN(x + F(x)), eps as
    given) with Li & Cotterell's mirror coordinates: coordinate D + i holds 1 − x_i, so every
    position's vector has 2D entries, half 0 and half 1 (mean 1/2, variance 1/4), and
    LN with γ = √(1/4 + eps), β = 1/2 is the identity.  Every write to x_i also writes its
    negation to the mirror; reads use x_i only.

    The weights are written in place into the model's own float32 parameters (every value
    is a small integer or C, exact in float32, and every sum of them here too), so the
    memory used is the model's, once.
    """
    D = plan.width
    width = 2 * D if layernorm else D
    config = TransformerConfig(
        vocab_size=vocab.size, d_model=width, n_layers=plan.n_layers,
        heads=tuple(tuple(h.spec for h in layer) for layer in plan.heads) if plan.n_layers else (),
        d_head=1, d_ff=plan.d_ff, layernorm=layernorm, norm_position="post", layernorm_eps=eps,
        positional="periodic" if plan.mods else "none", period=period_of(plan.mods),
        readout_dim=1, dropout=0.0)
    # built on the CPU and overwritten below: not on torch's meta device, whose random
    # initialisation imports torch._dynamo (seconds, more than the whole compilation); the
    # constructor's random draws come from a forked generator, so the caller's stays as it was
    with torch.random.fork_rng(devices=[]):
        model = Transformer(config)
    sd = model.state_dict()          # the parameters themselves (shared storage)
    for v in sd.values():
        if v.is_floating_point():
            v.zero_()
    for i, a in enumerate(plan.atoms):
        if a in vocab.alphabet:
            sd["embed.weight"][vocab.index(a), i] = 1.0
    if plan.mods:  # the periodic positional encoding of the MOD[m,r] leaves
        sd["pos.weight"][:, :D] = periodic_table(plan.mods, D).to(sd["pos.weight"].dtype)
    for l, (heads, units, fbias) in enumerate(zip(plan.heads, plan.units, plan.ffn_bias)):
        p = f"blocks.{l}."
        for h, hp in enumerate(heads):
            if hp.key is not None:        # a hard head: score = key ∈ {0, 1}, value = arg
                sd[p + "attn.q.bias"][h] = 1.0
                sd[p + "attn.k.bias"][h] = _set_row(sd[p + "attn.k.weight"][h], hp.key)
                sd[p + "attn.v.bias"][h] = _set_row(sd[p + "attn.v.weight"][h], hp.arg)
                sd[p + "attn.o.weight"][hp.out, h] = 1.0
                continue
            sd[p + "attn.q.bias"][h] = SCORE_GAP
            b = _set_row(sd[p + "attn.k.weight"][h], hp.arg)
            sd[p + "attn.k.bias"][h] = b - 1.0
            sd[p + "attn.v.weight"][h] = sd[p + "attn.k.weight"][h]
            sd[p + "attn.v.bias"][h] = b
            sd[p + "attn.o.weight"][hp.out, h] = 1.0
        for u, unit in enumerate(units):
            sd[p + "ffn.fc1.bias"][u] = _set_row(sd[p + "ffn.fc1.weight"][u], unit.inp)
            sd[p + "ffn.fc2.weight"][unit.out, u] = unit.coef
        for i, c in fbias:
            sd[p + "ffn.fc2.bias"][i] += c
    if layernorm:
        gamma = (0.25 + eps) ** 0.5
        sd["embed.weight"][:, D:] = 1.0 - sd["embed.weight"][:, :D]
        if plan.mods:
            sd["pos.weight"][:, D:] = -sd["pos.weight"][:, :D]
        for l in range(plan.n_layers):
            p = f"blocks.{l}."
            for name in ("attn.o.weight", "ffn.fc2.weight"):
                if p + name in sd:
                    sd[p + name][D:] = -sd[p + name][:D]
            for name in ("attn.o.bias", "ffn.fc2.bias"):
                if p + name in sd:
                    sd[p + name][D:] = -sd[p + name][:D]
            for ln in ("ln1", "ln2"):
                sd[p + ln + ".weight"].fill_(gamma)
                sd[p + ln + ".bias"].fill_(0.5)
    b = _set_row(sd["readout.weight"][0], plan.readout)
    sd["readout.weight"][0] *= 2.0
    sd["readout.bias"][0] = 2.0 * b - 1.0
    return model.eval()
