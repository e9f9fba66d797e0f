"""Simulated fixed-point arithmetic: p fractional bits, i integer bits, round to nearest
after EVERY operation, saturating at ±(2^i − 2^-p).

This is the numeric model of Li & Cotterell's Assumption 3.1 with a concrete format: the
attention weights are rounded too, so a softmax can put weight on at most about 2^(p+1)
positions (1/q rounds to 0 beyond), and the normaliser saturates at 2^i.

``fixed_point_forward(model, tokens, fmt)`` runs a :class:`Transformer` (no LayerNorm, no
positional encoding) on that machine.  Values are held in float64, which represents every
value of the format exactly; sums of products are formed exactly (float64 is exact for
them when 2(p+i) + log2(terms) ≤ 53) and rounded once, as in the paper's model.

Per head: s = R(q·k/√d) on the keys the head sees (``spec.visible``, the one definition in
:mod:`attnlogic.kernel.patterns`), M = max s, e = R(exp(s − M)),
l = R(Σ e), α = R(e / l), out = R(Σ α v); an empty window gives 0.  R = round + saturate.
Quadratic in N (query blocks of 256): meant for N up to a few 10^4.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch

__all__ = ["FixedPoint", "fixed_point_forward"]


@dataclass(frozen=True)
class FixedPoint:
    """The format Q(i).(p): multiples of 2^-p in [−(2^i − 2^-p), 2^i − 2^-p]."""

    frac_bits: int
    int_bits: int = 16

    def __post_init__(self):
        if self.frac_bits < 0 or self.int_bits < 1 or self.frac_bits + self.int_bits > 26:
            raise ValueError("need frac_bits >= 0, int_bits >= 1 and frac_bits + int_bits <= 26")

    @property
    def max(self) -> float:
        return 2.0 ** self.int_bits - 2.0 ** -self.frac_bits

    @property
    def eps(self) -> float:
        return 2.0 ** -self.frac_bits

    def __call__(self, x: torch.Tensor) -> torch.Tensor:
        """Round to nearest (ties to even) and saturate; NaN-free for ±inf inputs."""
        x = x.double()
        s = 2.0 ** self.frac_bits
        top = 2.0 ** (self.int_bits + self.frac_bits) - 1
        return torch.clamp(torch.round(torch.clamp(x, -2 * self.max, 2 * self.max) * s), -top, top) / s

    def __str__(self) -> str:
        return f"Q{self.int_bits}.{self.frac_bits}"


def _head(q, k, v, spec, scale, R, block: int = 256):
    """One head on one word: q, k, v [N, d] (already rounded)."""
    N = q.shape[0]
    out = torch.zeros((N, v.shape[1]), dtype=torch.float64)
    m = torch.arange(N).view(1, -1)
    for s0 in range(0, N, block):
        n = torch.arange(s0, min(N, s0 + block)).view(-1, 1)
        vis = spec.visible(n, m)
        s = R(q[s0:s0 + block] @ k.T * scale).masked_fill(~vis, -math.inf)
        M = s.amax(dim=1, keepdim=True)
        has = torch.isfinite(M)
        e = R(torch.exp(s - torch.where(has, M, torch.zeros_like(M))))
        e = torch.where(vis, e, torch.zeros_like(e))
        l = R(e.sum(dim=1, keepdim=True))
        alpha = R(e / torch.where(l > 0, l, torch.ones_like(l)))
        o = R(alpha @ v)
        out[s0:s0 + block] = torch.where(has & (l > 0), o, torch.zeros_like(o))
    return out


@torch.no_grad()
def fixed_point_forward(model, tokens: torch.Tensor, fmt: FixedPoint) -> torch.Tensor:
    """Readout [B, N, readout_dim] (float64 holding format values)."""
    c = model.config
    if c.layernorm or c.positional != "none":
        raise ValueError("fixed_point_forward supports models without LayerNorm and positional encoding")
    R = fmt
    W = {k: R(v.detach().cpu()) for k, v in model.state_dict().items()}

    def lin(name, x):
        return R(x @ W[name + ".weight"].T + W[name + ".bias"])

    outs = []
    for b in range(tokens.shape[0]):
        x = W["embed.weight"][tokens[b].cpu()]
        for li, heads in enumerate(c.layer_heads):
            p = f"blocks.{li}."
            if heads:
                d = c.d_head
                q, k, v = (lin(p + "attn." + n, x) for n in "qkv")
                ys = [_head(q[:, h * d:(h + 1) * d], k[:, h * d:(h + 1) * d], v[:, h * d:(h + 1) * d],
                            spec, 1.0 / math.sqrt(d), R) for h, spec in enumerate(heads)]
                x = R(x + lin(p + "attn.o", torch.cat(ys, dim=1)))
            if c.d_ff > 0:
                h = R(torch.relu(lin(p + "ffn.fc1", x)))
                x = R(x + lin(p + "ffn.fc2", h))
        outs.append(lin("readout", x))
    return torch.stack(outs)
