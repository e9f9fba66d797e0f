"""LTL[P], LTL[Y], LTL[P,Y] and LTL[S] decided on thousands of small minimal DFAs at once,
by one compiled kernel (:func:`~attnlogic.automata._compiled.jit`; numba, cached on disk), with
no Python work per DFA.

The four verdicts are those of the procedures :func:`.classify.classify` runs, on the same
objects (the minimal DFA, all of whose states are reachable), and each depends on the
transition table alone, not on the acceptance vector — so consecutive DFAs with the same
table (as the census enumerates them: every minimal acceptance vector of a table in a row)
share one computation:

* LTL[P] (R-trivial, :mod:`.r_trivial`): every strongly connected component is one state.
  The components come from the reachability sets, computed as bit masks
  (reach(q) = {q} ∪ ⋃_a reach(q·a), iterated to the fixed point).
* LTL[Y] (definite, :mod:`.definite`): the off-diagonal pair graph {p, q} →a {p·a, q·a}
  (p·a ≠ q·a) is acyclic.  Unordered pairs suffice: a cycle of ordered pairs is one of
  unordered pairs, and a cycle of unordered pairs run twice is one of ordered pairs.
* LTL[P,Y] (locally R-trivial, :mod:`.locally_r_trivial`): yes when LTL[P] or LTL[Y] is
  (the inclusions the classifier takes first), else the internal pair graph — pairs of
  distinct states of one component, moved by the letters that keep both inside it — is
  acyclic.
* LTL[S] (aperiodic, :mod:`.aperiodic`): yes when LTL[P,Y] is (LTL[P,Y] ⊆ LTL[S]), else no
  element of the transition monoid has a cycle of length ≥ 2 (a counter): the monoid is
  enumerated breadth first from the letters, a transformation stored as its number in base
  n (a table of n^n flags, n ≤ :data:`MAX_STATES`), and each new element x is tested by
  following x n times from every state q and asking whether the state c reached is fixed
  (x·c = c); the enumeration stops at the first counter.

Acyclicity of a pair graph: repeatedly remove the nodes none of whose edges leads to a
node still present; the graph is acyclic iff every node goes.  :func:`classify_tables`
returns one row per DFA: 1 (in) or 0 (not in) for the four fragments, in :data:`FRAGMENTS`
order.  The tests compare it with ``classify`` on every language of 3 states over two
letters and on a seeded sample of 4 states; ``benchmarks/bench_census.py`` on all 57,068
languages of at most 4 states.
"""

from __future__ import annotations

import numpy as np

from ...automata._compiled import jit
from ...ltl.fragments import LTL_P, LTL_PY, LTL_S, LTL_Y

__all__ = ["FRAGMENTS", "MAX_STATES", "classify_tables"]

#: the fragments decided here, in the order of the columns of :func:`classify_tables`
FRAGMENTS = (LTL_P, LTL_Y, LTL_PY, LTL_S)
#: the largest number of states the kernel takes (a table of n^n flags for the monoid)
MAX_STATES = 8


def _acyclic(n, k, t, comp, internal, alive, pa, pb):
    """Whether the pair graph is acyclic: nodes the unordered pairs p < q (of one component
    when ``internal``), an edge by each letter a to {p·a, q·a} when p·a ≠ q·a (and, when
    ``internal``, both stay in the component).  ``alive``, ``pa``, ``pb``: scratch."""
    m = 0
    for p in range(n):
        for q in range(p + 1, n):
            if internal and comp[p] != comp[q]:
                continue
            pa[m] = p
            pb[m] = q
            m += 1
    if m == 0:
        return True
    for i in range(m):
        alive[i] = 1
    left = m
    changed = True
    while changed and left > 0:
        changed = False
        for i in range(m):
            if alive[i] == 0:
                continue
            p = pa[i]
            q = pb[i]
            stuck = False
            for a in range(k):
                x = t[p * k + a]
                y = t[q * k + a]
                if x == y:
                    continue
                if internal and (comp[x] != comp[p] or comp[y] != comp[p]):
                    continue
                if x > y:
                    x, y = y, x
                for j in range(m):          # is the pair {x, y} a node still present?
                    if alive[j] == 1 and pa[j] == x and pb[j] == y:
                        stuck = True
                        break
                if stuck:
                    break
            if not stuck:
                alive[i] = 0
                left -= 1
                changed = True
    return left == 0


#: compiled at import (the kernel below calls it, and numba resolves the call when it compiles
#: the kernel); this module is imported only by a census that classifies in bulk
_acyclic = jit(_acyclic)


def reach_masks(n, k, t, reach):
    """``reach[q]`` = the bit mask of the states reachable from q (q included) in the table
    ``t`` (n·k successors): reach(q) = {q} ∪ ⋃_a reach(q·a), iterated to the fixed point."""
    for q in range(n):
        reach[q] = 1 << q
    changed = True
    while changed:
        changed = False
        for q in range(n):
            r = reach[q]
            for a in range(k):
                r |= reach[t[q * k + a]]
            if r != reach[q]:
                reach[q] = r
                changed = True


reach_masks = jit(reach_masks)


def _batch_kernel(n, k, rows, out, reach, comp, alive, pa, pb, seen, queue, elem, y, t):
    """Fill ``out[i]`` (LTL[P], LTL[Y], LTL[P,Y], LTL[S]: 1 or 0) for each table ``rows[i]``
    (n·k successors, row by row); a row equal to the one before it copies its verdicts.
    Every other argument is scratch space (``seen``: n^n flags, all zero on entry and exit;
    ``t``: the current table, as int64)."""
    m = rows.shape[0]
    cells = n * k
    for i in range(m):
        if i > 0:
            same = True
            for c in range(cells):
                if rows[i, c] != rows[i - 1, c]:
                    same = False
                    break
            if same:
                for f in range(4):
                    out[i, f] = out[i - 1, f]
                continue
        for c in range(cells):
            t[c] = rows[i, c]
        # reachability sets as bit masks, then the components (least member as the name)
        reach_masks(n, k, t, reach)
        singletons = True
        for q in range(n):
            comp[q] = q
            for r in range(q):
                if (reach[q] >> r) & 1 and (reach[r] >> q) & 1:
                    comp[q] = comp[r]
                    singletons = False
                    break
        p_ = singletons
        y_ = _acyclic(n, k, t, comp, False, alive, pa, pb)
        py_ = p_ or y_ or _acyclic(n, k, t, comp, True, alive, pa, pb)
        s_ = py_
        if not s_:
            # the transition monoid, breadth first from the letters; stop at a counter
            s_ = True
            head = 0
            tail = 0
            for a in range(k):
                code = 0
                for q in range(n - 1, -1, -1):
                    code = code * n + t[q * k + a]
                if seen[code] == 0:
                    seen[code] = 1
                    queue[tail] = code
                    tail += 1
            while head < tail and s_:
                code = queue[head]
                head += 1
                x = code
                for q in range(n):               # decode: elem[q] = q·x
                    elem[q] = x % n
                    x //= n
                for q in range(n):               # a counter: q·x^n not fixed by x
                    c = q
                    for _ in range(n):
                        c = elem[c]
                    if elem[c] != c:
                        s_ = False
                        break
                if not s_:
                    break
                for a in range(k):               # the successors x·a
                    for q in range(n):
                        y[q] = t[elem[q] * k + a]
                    code2 = 0
                    for q in range(n - 1, -1, -1):
                        code2 = code2 * n + y[q]
                    if seen[code2] == 0:
                        seen[code2] = 1
                        queue[tail] = code2
                        tail += 1
            for j in range(tail):                # clear the flags for the next table
                seen[queue[j]] = 0
        out[i, 0] = 1 if p_ else 0
        out[i, 1] = 1 if y_ else 0
        out[i, 2] = 1 if py_ else 0
        out[i, 3] = 1 if s_ else 0


def classify_tables(n: int, k: int, rows) -> np.ndarray:
    """The verdicts of LTL[P], LTL[Y], LTL[P,Y], LTL[S] (:data:`FRAGMENTS`; int8 1 = in,
    0 = not in) for minimal DFAs with ``n`` states over ``k`` letters, one per row of
    ``rows`` (an array of shape (m, n·k): the successors of state 0, then of state 1, …;
    initial state 0, every state reachable, no two states equivalent — the acceptance
    vector itself is not needed)."""
    if not (1 <= n <= MAX_STATES) or k < 1:
        raise ValueError(f"n: 1 … {MAX_STATES} states and k ≥ 1 letters, got n={n}, k={k}")
    rows = np.ascontiguousarray(rows, dtype=np.uint8).reshape(-1, n * k)
    m = rows.shape[0]
    out = np.zeros((m, 4), dtype=np.int8)
    if m == 0:
        return out
    pairs = max(1, n * (n - 1) // 2)
    size = n ** n
    jit(_batch_kernel)(n, k, rows, out, np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64),
                       np.zeros(pairs, dtype=np.int64), np.zeros(pairs, dtype=np.int64),
                       np.zeros(pairs, dtype=np.int64), np.zeros(size, dtype=np.uint8),
                       np.zeros(size, dtype=np.int64), np.zeros(n, dtype=np.int64),
                       np.zeros(n, dtype=np.int64), np.zeros(n * k, dtype=np.int64))
    return out
