"""Attention kernels for the four head kinds, none of which materialises an N×N matrix.

Which keys a query sees is :meth:`attnlogic.kernel.patterns.AttentionPattern.visible` (0-based:
global m < n, global_nonstrict m ≤ n, local:k n−k ≤ m < n, local_nonstrict:k n−k ≤ m ≤ n);
the kernels below compute attention over exactly those keys (the tests extract each
kernel's mask and compare it with ``visible``).

Shapes: ``q, k, v`` are ``[B, H, N, d]`` (all heads of a call share one mask kind).  Every
kernel returns ``[B, H, N, d_v]`` in the dtype of ``q``.

Numerics ("accumulate in float32", the convention of GPU flash kernels and of PyTorch's
own softmax for half types): scores are formed in the input dtype, the softmax and the
weighted sum are accumulated in float32 and the result is rounded once to the input dtype.
A position whose window is empty gets the zero vector.

* global: query n ≥ 1 against keys 0…n−1 is exactly a causal
  ``scaled_dot_product_attention`` of queries 1…N−1 against keys 0…N−2 (the causal mask of
  SDPA aligns query i with keys j ≤ i); query 0 gets 0.  SDPA's CPU and CUDA kernels
  are blockwise (flash / memory-efficient): memory O(N·d).
* global_nonstrict: causal SDPA as is.
* local and local_nonstrict: the k (or k+1) window keys of every query are gathered from a
  left-padded strided view, the slots ``visible`` rejects (padding) masked out: O(N·k)
  time and memory.
* :func:`constant_query_attention`: when a global head's query does not depend on the
  position (W_Q = 0, no RoPE: q = b_Q, as in every compiled head), the score s_m = q·k_m
  does not depend on n and the causal softmax is a ratio of two prefix log-sum-exps:
  out_n = Σ_{m<n} e^{s_m} v_m / Σ_{m<n} e^{s_m} = exp(LSE(s + log v⁺)_{<n} − LSE(s)_{<n}) −
  exp(LSE(s + log v⁻)_{<n} − LSE(s)_{<n}), computed with ``logcumsumexp`` in float32:
  O(N·d) time.  Used by ``kernel="auto"`` (every model's default).
* :func:`blockwise_attention` is a plain online-softmax kernel (query and key blocks,
  running max and float32 sums) used to cross-check SDPA in the tests and available as
  ``kernel="blockwise"``.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from attnlogic.kernel.patterns import AttentionPattern

from .config import HeadSpec

__all__ = ["attend", "global_attention", "local_attention", "blockwise_attention",
           "constant_query_attention", "hard_attention"]

_ACC = torch.float32


def _acc_dtype(dtype: torch.dtype) -> torch.dtype:
    return torch.float64 if dtype == torch.float64 else _ACC


def global_attention(q, k, v, strict: bool = True, scale: float | None = None,
                     kernel: str = "sdpa", dropout_p: float = 0.0):
    """Causal attention over the whole past: m < n when ``strict``, m ≤ n otherwise."""
    B, H, N, _ = q.shape
    out = q.new_zeros((B, H, N, v.shape[-1]))
    if N == 0:
        return out
    if strict:
        if N == 1:
            return out
        qq, kk, vv = q[:, :, 1:], k[:, :, :-1], v[:, :, :-1]
    else:
        qq, kk, vv = q, k, v
    if kernel == "sdpa":
        res = _sdpa_causal(qq, kk, vv, scale, dropout_p)
    elif kernel == "blockwise":
        res = blockwise_attention(qq, kk, vv, scale=scale)
    else:
        raise ValueError(f"unknown kernel {kernel!r}")
    if strict:
        out = torch.cat([out[:, :, :1], res.to(out.dtype)], dim=2)
        return out
    return res


def _pad_last(x, to: int):
    return F.pad(x, (0, to - x.shape[-1])) if x.shape[-1] < to else x


def _sdpa_causal(q, k, v, scale, dropout_p, pad_to: int | None = None):
    """Causal SDPA; on CUDA the head dim is zero-padded to a multiple of 8 (scores and
    outputs unchanged: zero coordinates add 0 to q·k, padded value columns are dropped)
    so that the flash / memory-efficient kernels apply instead of the N×N math kernel."""
    d, dv = q.shape[-1], v.shape[-1]
    if pad_to is None:
        pad_to = 8 if q.is_cuda else 1
    if scale is None:
        scale = 1.0 / math.sqrt(d)
    m = -(-max(d, dv) // pad_to) * pad_to
    if m != d or m != dv:
        q, k, v = _pad_last(q, m), _pad_last(k, m), _pad_last(v, m)
    res = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=scale, dropout_p=dropout_p)
    return res[..., :dv]


def blockwise_attention(q, k, v, scale: float | None = None, block: int = 1024):
    """Causal (query i sees keys j ≤ i) attention by online softmax over key blocks.

    Running max m, float32 running sums l = Σ exp(s − m) and acc = Σ exp(s − m) v; when the
    max grows both are rescaled by exp(m_old − m_new).  Never holds more than block×block
    scores.
    """
    B, H, N, d = q.shape
    scale = 1.0 / math.sqrt(d) if scale is None else scale
    acc_t = _acc_dtype(q.dtype)
    out = torch.empty((B, H, N, v.shape[-1]), dtype=q.dtype, device=q.device)
    for qs in range(0, N, block):
        qe = min(N, qs + block)
        qb = q[:, :, qs:qe]
        m = torch.full((B, H, qe - qs, 1), -math.inf, dtype=acc_t, device=q.device)
        l = torch.zeros((B, H, qe - qs, 1), dtype=acc_t, device=q.device)
        acc = torch.zeros((B, H, qe - qs, v.shape[-1]), dtype=acc_t, device=q.device)
        qi = torch.arange(qs, qe, device=q.device).view(-1, 1)
        for ks in range(0, qe, block):
            ke = min(qe, ks + block)
            s = (torch.matmul(qb, k[:, :, ks:ke].transpose(-1, -2)) * scale).to(acc_t)
            if ke > qs:  # diagonal block: mask the future
                kj = torch.arange(ks, ke, device=q.device).view(1, -1)
                s = s.masked_fill(kj > qi, -math.inf)
            m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
            safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
            p = torch.exp(s - safe)
            corr = torch.exp(torch.where(torch.isinf(m), torch.full_like(m, -math.inf), m - safe))
            l = l * corr + p.sum(dim=-1, keepdim=True)
            acc = acc * corr + torch.matmul(p, v[:, :, ks:ke].to(acc_t))
            m = m_new
        out[:, :, qs:qe] = torch.where(l > 0, acc / l.clamp_min(torch.finfo(acc_t).tiny), 0.0).to(q.dtype)
    return out


def constant_query_attention(q, k, v, strict: bool = True, scale: float | None = None):
    """Causal attention when every query of a head is the same vector ``q[:, :, :1]``.

    ``q`` [B, H, 1 or N, d] (only the first query is used), ``k`` [B, H, N, d], ``v``
    [B, H, N, dv].  Exact rewrite of the causal softmax (see the module docstring), float32
    prefix log-sum-exps, result rounded once to the input dtype.
    """
    B, H, N, d = k.shape
    scale = 1.0 / math.sqrt(d) if scale is None else scale
    acc_t = _acc_dtype(k.dtype)
    out = k.new_zeros((B, H, N, v.shape[-1]))
    if N == 0 or (strict and N == 1):
        return out
    s = (torch.matmul(k, q[:, :, :1].transpose(-1, -2)) * scale).to(acc_t)   # [B, H, N, 1]
    vv = v.to(acc_t)
    with torch.no_grad() if not (q.requires_grad or k.requires_grad or v.requires_grad) else torch.enable_grad():
        lse = torch.logcumsumexp(s, dim=2)
        pos = torch.logcumsumexp(s + torch.log(vv.clamp_min(0)), dim=2)
        neg = torch.logcumsumexp(s + torch.log((-vv).clamp_min(0)), dim=2)
        res = torch.exp(pos - lse) - torch.exp(neg - lse)                      # keys m <= n
    if strict:
        return torch.cat([out[:, :, :1], res[:, :, :-1].to(out.dtype)], dim=2)
    return res.to(out.dtype)


def local_attention(q, k, v, window: int, strict: bool = True, scale: float | None = None,
                    dropout_p: float = 0.0, training: bool = False):
    """Attention to the ``window`` positions before n (and n itself unless ``strict``).

    Keys and values are left-padded by ``window`` zero rows and viewed as overlapping windows
    (``unfold``): O(N·window) memory, no N×N mask.  Padding slots are masked out; a query
    with no real key (position 1 when strict) gets 0.
    """
    B, H, N, d = q.shape
    scale = 1.0 / math.sqrt(d) if scale is None else scale
    acc_t = _acc_dtype(q.dtype)
    w = window if strict else window + 1
    kp = F.pad(k, (0, 0, window, 0))
    vp = F.pad(v, (0, 0, window, 0))
    # windows[n, :, j] = padded row n + j, i.e. original position n − window + j
    kw = kp.unfold(2, w, 1)[:, :, :N]           # [B, H, N, d, w]
    vw = vp.unfold(2, w, 1)[:, :, :N]           # [B, H, N, dv, w]
    s = torch.einsum("bhnd,bhndw->bhnw", q, kw) * scale
    n = torch.arange(N, device=q.device).view(-1, 1)
    pos = n - window + torch.arange(w, device=q.device).view(1, -1)
    valid = AttentionPattern("local" if strict else "local_nonstrict", window).visible(n, pos)  # [N, w]
    s = s.to(acc_t).masked_fill(~valid, -math.inf)
    m = s.amax(dim=-1, keepdim=True)
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    p = torch.exp(s - m)
    l = p.sum(dim=-1, keepdim=True)
    if dropout_p and training:
        p = F.dropout(p, dropout_p, training=True)
    o = torch.einsum("bhnw,bhndw->bhnd", p, vw.to(acc_t))
    o = torch.where(l > 0, o / l.clamp_min(torch.finfo(acc_t).tiny), torch.zeros_like(o))
    return o.to(q.dtype)


def hard_attention(q, k, v, scale: float | None = None, block: int = 256):
    """Unique hard attention under the strict causal mask (B-RASP, Yang, Chiang and Angluin
    2024): the query at n ≥ 1 takes the value of the rightmost key m < n with the largest
    score q_n·k_m·scale (scores formed in the input dtype and compared exactly); position 0
    gets 0.  When every query of a head is the same vector (a compiled head) the scores do
    not depend on n and the rightmost prefix maximiser is found by two cumulative maxima:
    O(N); otherwise query blocks against all keys, O(N²) time, O(block·N) memory."""
    B, H, N, d = q.shape
    scale = 1.0 / math.sqrt(d) if scale is None else scale
    out = v.new_zeros((B, H, N, v.shape[-1]))
    if N <= 1:
        return out
    idx_keys = torch.arange(N, device=q.device)
    if bool((q == q[:, :, :1]).all()):
        s = ((k * q[:, :, :1]).sum(-1) * scale).to(q.dtype).float()          # [B, H, N]
        run = torch.cummax(s, dim=-1).values                              # max of s_0..s_m
        last = torch.where(s == run, idx_keys, torch.full_like(idx_keys, -1))
        arg = torch.cummax(last, dim=-1).values                           # rightmost maximiser ≤ m
        pick = arg[:, :, :-1]                                             # query n sees keys < n
        out[:, :, 1:] = torch.gather(v, 2, pick.unsqueeze(-1).expand(-1, -1, -1, v.shape[-1]))
        return out
    for s0 in range(1, N, block):
        n = torch.arange(s0, min(N, s0 + block), device=q.device)
        s = (torch.matmul(q[:, :, n], k.transpose(-1, -2)) * scale).to(q.dtype).float()
        s = s.masked_fill(~(idx_keys.view(1, -1) < n.view(-1, 1)), -math.inf)
        arg = (N - 1) - torch.argmax(s.flip(-1), dim=-1)                  # rightmost of the maxima
        out[:, :, n] = torch.gather(v, 2, arg.unsqueeze(-1).expand(-1, -1, -1, v.shape[-1]))
    return out


def attend(q, k, v, spec: HeadSpec, scale: float | None = None, kernel: str = "sdpa",
           dropout_p: float = 0.0, training: bool = False):
    """Dispatch on the mask kind of ``spec`` (a single-head pattern)."""
    if not spec.is_head:
        raise ValueError(f"attend needs a single-head pattern, got {spec}")
    if spec.kind == "hard":
        return hard_attention(q, k, v, scale=scale)
    if spec.is_local:
        return local_attention(q, k, v, spec.k, strict=spec.strict, scale=scale,
                               dropout_p=dropout_p, training=training)
    if kernel == "prefix":
        return constant_query_attention(q, k, v, strict=spec.strict, scale=scale)
    return global_attention(q, k, v, strict=spec.strict, scale=scale, kernel=kernel,
                            dropout_p=dropout_p if training else 0.0)
