"""Attention patterns: which earlier positions a query position sees.

One value type, :class:`AttentionPattern`, names the patterns of the toolkit, as written on
the command line and in model files:

================== ================================== ==================================
name               a query at position n sees m with  the logic (Li & Cotterell)
================== ================================== ==================================
``global``         1 ≤ m < n  (strict causal)         ``P``: LTL[P]
``global_nonstrict`` 1 ≤ m ≤ n  (self-including)      (experiments and rmt's ``causal``)
``local:k``        max(1, n−k) ≤ m < n                ``Y[<=k]``: LTL[Y<=k]
``hybrid:k``       global heads and k-local heads     ``P`` and ``Y[<=k]``: LTL[P,Y<=k]
================== ================================== ==================================

Positions are 1-based in the docs and 0-based in arrays (the comparisons are the same).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InputError

__all__ = ["AttentionPattern", "PATTERN_KINDS"]

PATTERN_KINDS = ("global", "global_nonstrict", "local", "hybrid")

_NAME = re.compile(r"(global|global_nonstrict|causal|local|hybrid)(?::(\d+))?")


@dataclass(frozen=True)
class AttentionPattern:
    """``kind`` in :data:`PATTERN_KINDS`; ``k`` ≥ 1 the window of ``local`` and ``hybrid``."""

    kind: str
    k: int | None = None

    def __post_init__(self):
        if self.kind not in PATTERN_KINDS:
            raise InputError(f"unknown attention pattern {self.kind!r}; expected global, "
                             "global_nonstrict, local:k or hybrid:k")
        if self.kind in ("local", "hybrid"):
            if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
                raise InputError(f"the window k of a {self.kind} pattern must be an integer "
                                 f"≥ 1, got {self.k!r}")
        elif self.k is not None:
            raise InputError(f"a {self.kind} pattern takes no window, got k={self.k!r}")

    @staticmethod
    def parse(text: "str | AttentionPattern") -> "AttentionPattern":
        """``global``, ``global_nonstrict`` (alias ``causal``), ``local:K``, ``hybrid:K``."""
        if isinstance(text, AttentionPattern):
            return text
        m = _NAME.fullmatch(text.strip()) if isinstance(text, str) else None
        if m is None:
            raise InputError(f"unknown attention pattern {text!r}; expected global, "
                             "global_nonstrict, local:K or hybrid:K")
        kind, k = m.group(1), m.group(2)
        kind = "global_nonstrict" if kind == "causal" else kind
        if kind in ("local", "hybrid") and k is None:
            raise InputError(f"the pattern {text!r} needs a window, e.g. {kind}:2")
        if k is not None and len(k) > 9:
            raise InputError(f"the window of {text!r} is too large (at most 9 digits)")
        return AttentionPattern(kind, None if k is None else int(k))

    def __str__(self) -> str:
        return self.kind if self.k is None else f"{self.kind}:{self.k}"
