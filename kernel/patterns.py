"""Attention patterns: which positions a query position sees.

One value type, :class:`AttentionPattern`, names the patterns of the toolkit as they are
written on the command line and in model files, and holds the one definition of which key
positions m a query at position n sees (:meth:`AttentionPattern.visible`).  Positions are
0-based here, as in arrays (1-based in the logic's docs: the comparisons are the same, with
max(1, n−k) in place of max(0, n−k)):

====================== ================================ ==================================
name                   a query at n sees the keys m     the logic (Li & Cotterell)
====================== ================================ ==================================
``global``             0 ≤ m < n  (strict causal)       ``P``: LTL[P]
``global_nonstrict``   0 ≤ m ≤ n  (self-including)      (experiments; rmt's ``causal``)
``local:k``            max(0, n−k) ≤ m < n              ``Y[<=k]``: LTL[Y<=k]
``local_nonstrict:k``  max(0, n−k) ≤ m ≤ n              (experiments)
``hybrid:k``           a layer of global and k-local    ``P`` and ``Y[<=k]``: LTL[P,Y<=k]
                       heads (:meth:`~AttentionPattern.heads`)
``hard``               0 ≤ m < n, unique hard           one B-RASP head: the rightmost
                       attention (rightmost maximiser)  maximiser (compiled star-free models)
``masked_hard``        0 ≤ m < n, *unique hard*         LTL[S] = star-free (Yang, Chiang
                       attention (B-RASP), no           and Angluin 2024)
                       positional encoding
====================== ================================ ==================================

``causal`` is read as ``global_nonstrict``.  The first four kinds and ``hard`` are
*single-head* patterns: they are the masks of attention heads (the transformer's
``HeadSpec``); ``hard`` has the mask of ``global`` and attends to one key, the rightmost
of those with the largest score (a head of a compiled ``masked_hard`` model).
``masked_hard`` names an attention *variant* rather than a mask: the strict causal mask of
``global`` with unique hard attention (each query attends to one position, the leftmost or
rightmost maximiser) in place of fixed-precision softmax; the toolkit's transformers have
softmax heads, so it has no heads here (:meth:`~AttentionPattern.heads` and the mask refuse
it) and is a name to ask the classifier by (its fragment is LTL[S]).  A hybrid
pattern has no single mask; ``heads(n_heads)`` splits a layer of ``n_heads`` heads into the
first ⌈n_heads/2⌉ global heads and the rest k-local (at least one of each).  A query whose
window is empty (n = 0 under a strict pattern) sees nothing; attention there outputs 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .errors import InputError
from .validate import integer, is_int

__all__ = ["AttentionPattern", "PATTERN_KINDS", "HEAD_KINDS", "PATTERN_NAMES"]

#: The kinds of a single attention head (each has one mask).
HEAD_KINDS = ("global", "local", "global_nonstrict", "local_nonstrict", "hard")
#: Every kind: the head kinds, ``hybrid`` (a layer of global and local heads) and
#: ``masked_hard`` (strict causal masking with unique hard attention: a variant, no heads).
PATTERN_KINDS = ("global", "global_nonstrict", "local", "local_nonstrict", "hybrid", "masked_hard", "hard")
#: The names :meth:`AttentionPattern.parse` reads before the optional ``:k``.
PATTERN_NAMES = PATTERN_KINDS + ("causal",)

_WINDOWED = ("local", "local_nonstrict", "hybrid")
_EXPECTED = ("expected global, global_nonstrict (or causal), local:k, local_nonstrict:k, hybrid:k, "
             "masked_hard or hard")
_NAME = re.compile(r"(global_nonstrict|global|causal|local_nonstrict|local|hybrid|masked_hard|hard)"
                   r"(?::([0-9]+))?")


def _count(name: str, value, minimum: int) -> int:
    return integer(name, value, minimum)


@dataclass(frozen=True)
class AttentionPattern:
    """``kind`` in :data:`PATTERN_KINDS`; ``k`` ≥ 1 the window of the local kinds and
    ``hybrid`` (None for the others).  ``str()`` is the name :meth:`parse` reads back."""

    kind: str
    k: int | None = None

    def __post_init__(self):
        if self.kind not in PATTERN_KINDS:
            raise InputError(f"unknown attention pattern {self.kind!r}; {_EXPECTED}")
        if self.kind in _WINDOWED:
            if not is_int(self.k) or self.k < 1:
                raise InputError(f"the window k of a {self.kind} pattern must be an integer "
                                 f"≥ 1, got {self.k!r}")
        elif self.k is not None:
            raise InputError(f"a {self.kind} pattern takes no window, got k={self.k!r}")

    @staticmethod
    def parse(text: "str | AttentionPattern") -> "AttentionPattern":
        """``global``, ``global_nonstrict`` (alias ``causal``), ``local:K``,
        ``local_nonstrict:K``, ``hybrid:K``; an :class:`AttentionPattern` is returned as is."""
        if isinstance(text, AttentionPattern):
            return text
        m = _NAME.fullmatch(text.strip()) if isinstance(text, str) else None
        if m is None:
            raise InputError(f"unknown attention pattern {text!r}; {_EXPECTED}")
        kind, k = m.group(1), m.group(2)
        kind = "global_nonstrict" if kind == "causal" else kind
        if kind in _WINDOWED and k is None:
            raise InputError(f"the pattern {text!r} needs a window, e.g. {kind}:2")
        if k is not None and len(k) > 9:
            raise InputError(f"the window of {text!r} is too large (at most 9 digits)")
        if k is not None and kind in _WINDOWED and int(k) < 1:
            raise InputError(f"the window of {text!r} must be ≥ 1")
        return AttentionPattern(kind, None if k is None else int(k))

    def __str__(self) -> str:
        return self.kind if self.k is None else f"{self.kind}:{self.k}"

    @property
    def is_head(self) -> bool:
        """True for the single-head kinds (every kind but ``hybrid`` and ``masked_hard``)."""
        return self.kind in HEAD_KINDS

    @property
    def has_heads(self) -> bool:
        """True when the toolkit's softmax heads implement the pattern (every kind but
        ``masked_hard``): the compiler builds transformers for it."""
        return self.kind != "masked_hard"

    @property
    def strict(self) -> bool:
        """True when a query does not see its own position (m < n rather than m ≤ n)."""
        return not self.kind.endswith("_nonstrict")

    @property
    def is_local(self) -> bool:
        """True for the windowed head kinds ``local`` and ``local_nonstrict``."""
        return self.kind.startswith("local")

    def _require_head(self, what: str) -> None:
        if self.kind == "masked_hard":
            raise InputError(f"{self} is unique hard attention under the strict causal mask, a "
                             f"variant the toolkit's softmax heads do not implement: no {what} or heads")
        if not self.is_head:
            raise InputError(f"{self} is a layer of global and {self.k}-local heads and has "
                             f"no single {what}; use heads(n_heads) for the masks of its heads")

    def visible(self, query, key):
        """Whether a query at position ``query`` sees the key at position ``key`` (0-based).

        Elementwise on ints, numpy arrays and torch tensors (broadcasting): 0 ≤ m < n
        (``global``), 0 ≤ m ≤ n (``global_nonstrict``), and the same with n − k ≤ m for the
        local kinds, where n = ``query`` and m = ``key``.  A key below 0 (a padding slot) is
        never seen.  This is the one definition the float kernels, the fixed-point machine
        and rmt's pooling weights use.  A hybrid pattern has no single mask (InputError).
        """
        self._require_head("mask")
        n, m = query, key
        seen = (m < n) if self.strict else (m <= n)
        seen = seen & (m >= 0)
        if self.is_local:
            seen = seen & (m >= n - self.k)
        return seen

    def mask(self, T: int) -> np.ndarray:
        """The T×T boolean numpy array ``mask[n, m] = visible(n, m)`` (query × key)."""
        T = _count("T", T, 0)
        return np.asarray(self.visible(np.arange(T)[:, None], np.arange(T)[None, :]), dtype=bool)

    def heads(self, n_heads: int) -> tuple["AttentionPattern", ...]:
        """The single-head patterns of a layer of ``n_heads`` heads under this pattern.

        A head kind gives ``n_heads`` copies of itself; ``hybrid:k`` gives ⌈n_heads/2⌉
        ``global`` heads followed by the rest ``local:k`` (n_heads ≥ 2, at least one of each).
        """
        n_heads = _count("n_heads", n_heads, 1)
        if self.kind == "masked_hard":
            self._require_head("mask")
        if self.is_head:
            return (self,) * n_heads
        if n_heads < 2:
            raise InputError(f"a hybrid pattern needs n_heads ≥ 2 (one global and one local "
                             f"head at least), got {n_heads}")
        n_global = (n_heads + 1) // 2
        return ((AttentionPattern("global"),) * n_global
                + (AttentionPattern("local", self.k),) * (n_heads - n_global))
