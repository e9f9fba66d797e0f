"""The depth-d type of position N+1 by the defining recursion, literally: the test oracle
that the library's one type computation (:mod:`attnlogic.definability.checks.indistinguishable`)
and the type automata are checked against.

    τ_0(i) = (w_i),   τ_d(i) = (w_i, {τ_{d−1}(j) : i−k ≤ j < i} [, {τ_{d−1}(j) : j < i}])

(the last set only with P); nested tuples and frozensets, so that types of different words
compare directly.  Exponential in d in the worst case: for short words only.
"""

from __future__ import annotations


def types_at_end(word, k: int, past: bool, depth: int) -> object:
    """The depth-``depth`` type of position N+1 of ``word`` in LTL[Y<=k] (with P:
    LTL[P,Y<=k]; k = 0 with P: LTL[P]).  Letters are any hashables; None marks N+1."""
    letters = list(word) + [None]
    prev = [(a,) for a in letters]                     # τ_0
    for _ in range(depth):
        cur = []
        for i, a in enumerate(letters):
            window = frozenset(prev[max(0, i - k):i])
            entry = (a, window, frozenset(prev[:i])) if past else (a, window)
            cur.append(entry)
        prev = cur
    return prev[-1]


def same_type_at_end(u, v, k: int, past: bool, depth: int) -> bool:
    return types_at_end(u, k, past, depth) == types_at_end(v, k, past, depth)


def since_types_at_end(word, depth: int) -> object:
    """The depth-``depth`` S-type of position N+1 (LTL[S]): τ_d(i) = (w_i, {(τ_{d−1}(m),
    {τ_{d−1}(j) : m < j < i}) : m < i}), literally (the pairs that decide ψ S χ at i)."""
    letters = list(word) + [None]
    prev = [(a,) for a in letters]
    for _ in range(depth):
        prev = [(a, frozenset((prev[m], frozenset(prev[m + 1:i])) for m in range(i)))
                for i, a in enumerate(letters)]
    return prev[-1]


def closest_since_types_at_end(word, depth: int) -> object:
    """The depth-``depth`` closest-pair S-type of position N+1: τ_d(i) = (w_i, {(τ_{d−1}(m),
    {τ_{d−1}(j) : m < j < i}) : m < i, no position strictly between m and i has m's type}),
    literally.  Exactly formula equivalence for LTL[S] at depth d (ψ S χ with ψ, χ unions of
    types holds iff the closest position of some type of χ has every type between in ψ), so
    coarser than :func:`since_types_at_end`."""
    letters = list(word) + [None]
    prev = [(a,) for a in letters]
    for _ in range(depth):
        prev = [(a, frozenset((prev[m], frozenset(prev[m + 1:i])) for m in range(i)
                              if prev[m] not in prev[m + 1:i]))
                for i, a in enumerate(letters)]
    return prev[-1]
