"""The transformer: letter + EOS embedding, L blocks of masked multi-head attention and a
ReLU feed-forward network with residual connections (optional LayerNorm), a linear readout
at every position.  Plain PyTorch in the style of nanoGPT; which keys a head sees
is its :class:`~attnlogic.kernel.patterns.AttentionPattern` (``HeadSpec``), computed by the kernels
of :mod:`attnlogic.transformer.attention`.

Block, with ``layernorm`` and ``norm_position="post"`` (Li & Cotterell's eq. 7)::

    x ← LN(x + A(x));   x ← LN(x + F(x))

``"pre"``: x ← x + A(LN x); x ← x + F(LN x); final LN before the readout.  Without
``layernorm``: x ← x + A(x); x ← x + F(x).

A(x) = W_O · concat_h head_h(x) + b_O, with head_h = attention of its own mask kind over
q = W_Q x + b_Q, k = W_K x + b_K, v = W_V x + b_V and scores q·k/√d_head.
F(x) = W_2 ReLU(W_1 x + b_1) + b_2.  Readout: y = W_R x + b_R at every position.
"""

from __future__ import annotations

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from .attention import attend
from .config import HeadSpec, TransformerConfig

__all__ = ["Transformer", "MultiHeadAttention", "FeedForward", "Block"]


def _rope(x: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    """Rotary position embedding on the last dim of ``x`` [B, H, N, d] (d even)."""
    N, d = x.shape[-2], x.shape[-1]
    inv = base ** (-torch.arange(0, d, 2, device=x.device, dtype=torch.float32) / d)
    ang = torch.arange(N, device=x.device, dtype=torch.float32).view(-1, 1) * inv.view(1, -1)
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    x1, x2 = x[..., 0::2], x[..., 1::2]
    out = torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)
    return out.flatten(-2)


def sinusoidal_table(n: int, d: int) -> torch.Tensor:
    """The classic sin/cos table, [n, d]."""
    pos = torch.arange(n, dtype=torch.float32).view(-1, 1)
    i = torch.arange(0, d, 2, dtype=torch.float32)
    ang = pos / (10000.0 ** (i / d))
    t = torch.zeros(n, d)
    t[:, 0::2] = torch.sin(ang)
    t[:, 1::2] = torch.cos(ang[:, : d // 2])
    return t


class MultiHeadAttention(nn.Module):
    """Heads with their own mask kinds; heads of the same kind are computed together."""

    def __init__(self, d_model: int, heads: tuple[HeadSpec, ...], d_head: int, dropout: float = 0.0,
                 rope: bool = False, kernel: str = "auto"):
        super().__init__()
        self.heads = tuple(heads)
        self.d_head = d_head
        self.rope = rope
        self.kernel = kernel
        self.dropout = dropout
        n = len(self.heads)
        self.q = nn.Linear(d_model, n * d_head)
        self.k = nn.Linear(d_model, n * d_head)
        self.v = nn.Linear(d_model, n * d_head)
        self.o = nn.Linear(n * d_head, d_model)
        groups: dict[HeadSpec, list[int]] = {}
        for i, h in enumerate(self.heads):
            groups.setdefault(h, []).append(i)
        self._groups = tuple((spec, tuple(idx)) for spec, idx in groups.items())

    def _kernel_for(self, spec: HeadSpec, idx: tuple[int, ...]) -> str:
        """``auto``: the O(N) prefix kernel for global heads whose query is constant
        (W_Q = 0 on their rows, no RoPE), SDPA otherwise (and in a graph being exported or
        compiled: ``torch.export``, ONNX, ``torch.compile`` trace SDPA, as before)."""
        if self.kernel != "auto":
            return self.kernel
        if spec.is_local or self.rope or self.training or torch.compiler.is_compiling():
            return "sdpa"
        rows = torch.cat([torch.arange(i * self.d_head, (i + 1) * self.d_head) for i in idx])
        return "prefix" if bool((self.q.weight[rows] == 0).all()) else "sdpa"

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, N, _ = x.shape
        n, d = len(self.heads), self.d_head
        q = self.q(x).view(B, N, n, d).transpose(1, 2)
        k = self.k(x).view(B, N, n, d).transpose(1, 2)
        v = self.v(x).view(B, N, n, d).transpose(1, 2)
        if self.rope:
            q, k = _rope(q), _rope(k)
        scale = 1.0 / math.sqrt(d)
        if len(self._groups) == 1:
            spec, idx = self._groups[0]
            y = attend(q, k, v, spec, scale=scale, kernel=self._kernel_for(spec, idx),
                       dropout_p=self.dropout, training=self.training)
        else:
            y = torch.empty_like(v)
            for spec, idx in self._groups:
                sel = list(idx)
                y[:, sel] = attend(q[:, sel], k[:, sel], v[:, sel], spec, scale=scale,
                                   kernel=self._kernel_for(spec, idx), dropout_p=self.dropout,
                                   training=self.training)
        return self.o(y.transpose(1, 2).reshape(B, N, n * d))


class FeedForward(nn.Module):
    """F(x) = W_2 ReLU(W_1 x + b_1) + b_2."""

    def __init__(self, d_model: int, d_ff: int):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(F.relu(self.fc1(x)))


class Block(nn.Module):
    """One layer: attention (absent when the layer has no heads) then the feed-forward."""

    def __init__(self, config: TransformerConfig, heads: tuple[HeadSpec, ...]):
        super().__init__()
        c = config
        self.attn = MultiHeadAttention(c.d_model, heads, c.d_head, c.dropout, rope=c.positional == "rope") \
            if heads else None
        self.ffn = FeedForward(c.d_model, c.d_ff) if c.d_ff > 0 else None
        self.layernorm = c.layernorm
        self.pre = c.norm_position == "pre"
        if c.layernorm:
            self.ln1 = nn.LayerNorm(c.d_model, eps=c.layernorm_eps)
            self.ln2 = nn.LayerNorm(c.d_model, eps=c.layernorm_eps)
        self.drop = nn.Dropout(c.dropout)

    def _sub(self, x, f, ln):
        if f is None:
            return x
        if not self.layernorm:
            return x + self.drop(f(x))
        if self.pre:
            return x + self.drop(f(ln(x)))
        return ln(x + self.drop(f(x)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self._sub(x, self.attn, getattr(self, "ln1", None))
        x = self._sub(x, self.ffn, getattr(self, "ln2", None))
        return x


class Transformer(nn.Module):
    """``model(tokens [B, N]) -> [B, N, readout_dim]``; causal, an output at every position."""

    def __init__(self, config: TransformerConfig):
        super().__init__()
        self.config = config
        c = config
        self.embed = nn.Embedding(c.vocab_size, c.d_model)
        if c.positional == "learned":
            self.pos = nn.Embedding(c.max_len, c.d_model)
        elif c.positional == "periodic":
            self.pos = nn.Embedding(c.period, c.d_model)
        elif c.positional == "sinusoidal":
            self.register_buffer("pos_table", sinusoidal_table(c.max_len, c.d_model), persistent=False)
        self.drop = nn.Dropout(c.dropout)
        self.blocks = nn.ModuleList(Block(c, heads) for heads in c.layer_heads)
        self.final_ln = nn.LayerNorm(c.d_model, eps=c.layernorm_eps) \
            if (c.layernorm and c.norm_position == "pre") else None
        self.readout = nn.Linear(c.d_model, c.readout_dim)

    def set_kernel(self, kernel: str) -> "Transformer":
        """Kernel of the global heads: ``"auto"`` (the default: the O(N) prefix kernel where
        the query is constant — every compiled head — SDPA elsewhere and while training),
        ``"sdpa"`` (quadratic time, only when asked), ``"blockwise"`` (online softmax, exact
        division) or ``"prefix"`` (constant-query heads only)."""
        for b in self.blocks:
            if b.attn is not None:
                b.attn.kernel = kernel
        return self

    def hidden(self, tokens: torch.Tensor) -> torch.Tensor:
        """The residual stream after the last block, [B, N, d_model]."""
        if tokens.dim() != 2:
            raise ValueError(f"tokens must be [B, N], got shape {tuple(tokens.shape)}")
        N = tokens.shape[1]
        x = self.embed(tokens)
        if self.config.positional in ("learned", "sinusoidal"):
            if N > self.config.max_len:
                raise ValueError(f"sequence length {N} exceeds max_len {self.config.max_len}")
            p = self.pos.weight[:N] if self.config.positional == "learned" else self.pos_table[:N]
            x = x + p.to(x.dtype)
        elif self.config.positional == "periodic":
            rows = torch.arange(N, device=tokens.device) % self.config.period
            x = x + self.pos.weight[rows].to(x.dtype)
        x = self.drop(x)
        for b in self.blocks:
            x = b(x)
        if self.final_ln is not None:
            x = self.final_ln(x)
        return x

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.readout(self.hidden(tokens))

    def n_parameters(self) -> int:
        return sum(p.numel() for p in self.parameters())
