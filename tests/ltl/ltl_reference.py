"""A literal, quadratic transcription of the semantics (docs/logic.md), for tests only.

``holds(f, w, n)`` follows the definitions position by position (1-based, n ≤ N+1) with
no sharing and no vectorisation, so that the real evaluator is checked against the text
of the specification rather than against itself.  It deliberately shares no code with the
package, not even the Boolean connectives of :mod:`attnlogic.ltl.evaluate`: it is the
independent side of those tests, and is quadratic (or worse) on purpose.
"""

from __future__ import annotations

from attnlogic.ltl.formula import (And, Atom, Const, Mod, Historically, Iff, Implies, Not, Once, Or, Past,
                                   Since, Xor, Yesterday)


def holds(f, w, n: int) -> bool:
    N = len(w)
    t = type(f)
    if t is Atom:
        return n <= N and w[n - 1] == f.name
    if t is Const:
        return f.value
    if t is Mod:  # the 1-based position n is ≡ r (mod m); n = N+1 included
        return n % f.m == f.r % f.m
    if t is Not:
        return not holds(f.arg, w, n)
    if t is And:
        return holds(f.left, w, n) and holds(f.right, w, n)
    if t is Or:
        return holds(f.left, w, n) or holds(f.right, w, n)
    if t is Implies:
        return (not holds(f.left, w, n)) or holds(f.right, w, n)
    if t is Iff:
        return holds(f.left, w, n) == holds(f.right, w, n)
    if t is Xor:
        return holds(f.left, w, n) != holds(f.right, w, n)
    if t is Past:  # ∃ m < n
        return any(holds(f.arg, w, m) for m in range(1, n))
    if t is Yesterday:  # ∃ m, max(1, n−k) ≤ m < n
        return any(holds(f.arg, w, m) for m in range(max(1, n - f.k), n))
    if t is Once:  # ∃ m ≤ n
        return any(holds(f.arg, w, m) for m in range(1, n + 1))
    if t is Historically:  # ∀ m ≤ n
        return all(holds(f.arg, w, m) for m in range(1, n + 1))
    if t is Since:  # ∃ m < n: ψ at m and φ at every m < j < n
        return any(holds(f.right, w, m) and all(holds(f.left, w, j) for j in range(m + 1, n))
                   for m in range(1, n))
    raise TypeError(t)


def accepts(f, w) -> bool:
    return holds(f, w, len(w) + 1)
