"""How deep a pair of words is indistinguishable in a fragment — the check every printed
witness passes, written independently of the decision procedures.

For a word w and its positions 1..N+1 (N+1 carries no letter), the depth-d types are

    τ_0(i) = (w_i)
    τ_d(i) = (w_i, W_d(i), P_d(i))                         for LTL[Y<=k], LTL[P], LTL[P,Y<=k]
    τ_d(i) = (w_i, {(τ_{d−1}(j), {τ_{d−1}(j') : j < j' < i}) : j < i})          for LTL[S]

with W_d(i) = {τ_{d−1}(j) : max(1, i−k) ≤ j < i} (only with a window k) and
P_d(i) = {τ_{d−1}(j) : j < i} (only with P).  By induction on formulas: if two positions have
the same depth-d type they satisfy the same formulas of the fragment of temporal depth ≤ d
(an atom reads w_i; a Boolean combination is decided by its parts; ``Y[<=k] φ`` with φ of
depth ≤ d−1 is true iff some type of W_d(i) satisfies φ; ``P φ`` likewise with P_d(i);
``φ S ψ`` iff some pair (τ(j), B) has τ(j) ⊨ ψ and every type in B ⊨ φ; ``Y = Y[<=1]``,
``P φ = ⊤ S φ`` and ``Y φ = ⊥ S φ`` are covered by the same pairs).  Only this direction
is used: equal types at N+1 at depth d ⇒ no formula of depth ≤ d separates the words.

Types are interned level by level in one table shared by the two words, so comparing them
is comparing integers.  Costs: O(d·n·(k + t)) for the P and window types (t the number of
distinct types of a level), O(d·n²·t) for the S types (n the longer length);
:func:`agreement_depth` and :func:`end_types` take ``max_length`` to bound them.  This is the
one type computation of the package: :mod:`.attest` checks every printed witness with it,
:mod:`.verify` re-checks a witness at a stated depth with it, and benchmarks/bench_type_growth.py
counts types with it (the tests check it against the literal recursion of
tests/definability/type_reference.py).
"""

from __future__ import annotations

from ...kernel.errors import InputError
from ...ltl.fragments import Fragment
from ...kernel.validate import integer

__all__ = ["agreement_depth", "end_types", "MAX_CHECK_LENGTH"]

#: longest word (letters) whose types are computed (O(n³) for LTL[S])
MAX_CHECK_LENGTH = 200


def _level(words, prev, k: int | None, past: bool, since: bool, table: dict):
    out = []
    for w, pv in zip(words, prev):
        ids = []
        before: set = set()                    # the level-(d−1) types at positions j < i
        for i in range(len(pv)):
            a = w[i] if i < len(w) else None
            if since:
                pairs = set()
                between: set = set()
                for j in range(i - 1, -1, -1):
                    pairs.add((pv[j], frozenset(between)))
                    between.add(pv[j])
                key = (a, frozenset(pairs))
            else:
                key = (a,
                       frozenset(pv[max(0, i - k):i]) if k else None,
                       frozenset(before) if past else None)
                before.add(pv[i])
            ids.append(table.setdefault(key, len(table)))
        out.append(ids)
    return out


def _levels(words, fragment, max_length: int):
    """The type ids of every position of each word, level 1, 2, … (an iterator; each level
    interned in its own table shared by the words); the words' lengths checked first."""
    fr = Fragment.parse(fragment)
    words = [list(w) for w in words]
    longest = max(map(len, words), default=0)
    if longest > max_length:
        raise InputError(f"words of length {longest} are longer than max_length = "
                         f"{max_length}", parameters=("max_length",))
    return _iterate(words, *fr.type_sets)


def _iterate(words, k, past: bool, since: bool):
    table: dict = {}
    prev = [[table.setdefault((w[i] if i < len(w) else None,), len(table)) for i in range(len(w) + 1)]
            for w in words]
    while True:
        prev = _level(words, prev, k, past, since, {})
        yield prev


def end_types(words, fragment: "Fragment | str", depth: int,
              max_length: int = MAX_CHECK_LENGTH) -> list[int]:
    """The depth-``depth`` type of position N+1 of each word (sequences of letters) in
    ``fragment``, as integers from one table shared by the words: two words get the same
    integer iff their types are equal (no formula of the fragment of temporal depth ≤
    ``depth`` separates them at N+1)."""
    words = list(words)
    integer("depth", depth, 0)
    if depth == 0:                       # τ_0(N+1) = (None,) for every word
        return [0] * len(words)
    for d, ids in enumerate(_levels(words, fragment, max_length), 1):
        if d == depth:
            return [row[-1] for row in ids]


def agreement_depth(u, v, fragment: "Fragment | str", cap: int,
                    max_length: int = MAX_CHECK_LENGTH) -> int:
    """The largest d ≤ ``cap`` such that u and v (sequences of letters) have the same
    depth-d type at position N+1 in ``fragment``: no formula of the fragment of temporal
    depth ≤ d separates them.  (Types at depth d determine those below, so the answer is
    the first level where they differ, minus one.)  0 at least: every N+1 has type (None,)."""
    levels = _levels((u, v), fragment, max_length)
    integer("cap", cap, 0)
    for d in range(1, cap + 1):
        ids = next(levels)                                    # ids of level d, both words
        if ids[0][-1] != ids[1][-1]:
            return d - 1
    return cap
