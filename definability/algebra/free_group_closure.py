"""The closure of a regular language in the free group F(A) for the pro-group topology, and
the pairs of states whose languages' closures meet (docs/decision-procedures.md §11.11).

*The closure* (Pin–Reutenauer 1991; Pin, "Profinite methods in automata theory", 2009): for
a trim automaton D of L, let D̂ be D over A ∪ A⁻¹ with, for every transition p –a→ q whose
ends lie in ONE strongly connected component, the transition q –a⁻¹→ p added.  The closure
of L is the set of free-group elements read by D̂'s accepting paths.  (The easy inclusion:
such an inverse letter from q to p can be replaced by the positive word (v a)^{N-1} v, v a
path q → p in the component; in a group of order N this word equals a⁻¹, so every element
read by D̂ is, in every finite quotient, the image of a word of L: it lies in the closure.)
L1 and L2 are GR-separable iff their closures are disjoint (a consequence of the
Ribes–Zalesskii product theorem, as used by Pin–Reutenauer 1991 and
Henckell–Margolis–Pin–Rhodes 1991 for the group pointlikes).

*The reduced words* (Benois 1969): the set E of pairs (p, q) joined by a word of D̂ that
reduces to 1 is the least reflexive-transitive relation containing every p –x→ r E s –x⁻¹→ q;
with it, the reduced words read by the automaton T_x = E·M_x·E are exactly the reductions of
D̂'s words.  So the closures meet iff some reduced word is read by both T-automata: a product
of the two with the last letter (to forbid x x⁻¹), explored level by level on Boolean
matrices — to its first accepting pair (:func:`closures_meet`, :func:`group_family`), or
whole, for every pair of target states of one automaton at once (:func:`closure_pairs`: the
GR-pairs of a monoid, :mod:`.group_pairs`).

*The witness* (:func:`group_family`): the common reduced word's paths in D̂1, D̂2 written out
(each E-step expanded into the words that reduce to 1 that made it), every inverse letter
a⁻¹ from q to p turned into the block (v a)^{N-1} v (v a shortest path q → p in the
component), re-checked by :func:`..checks.verify_group.check_group_family`.

Budgets: the multiply-adds of the Boolean matrix products (n³ for two n × n matrices; the
saturation's rounds and the product's levels, counted before each product) against
``Limits.type_states`` × :data:`~attnlogic.kernel.limits.CLOSURE_PRODUCTS_PER_TYPE_STATE`, the
tables' bytes against ``Limits.memory_budget``; the witness's words against
``Limits.synthesis_states`` letters.
"""

from __future__ import annotations

import sys
from collections import deque
from dataclasses import dataclass

import numpy as np

from ...automata.dfa import DFA
from ...automata.graphs import dfa_sccs
from ...kernel.errors import LimitExceeded
from ...kernel.limits import CLOSURE_PRODUCTS_PER_TYPE_STATE, Limits

__all__ = ["hat", "bool_product", "closures_meet", "closure_pairs", "group_family"]


# ---------------------------------------------------------------------------------------------
# the closure: D̂, the saturation, the product

@dataclass(frozen=True)
class _Hat:
    """D̂ of a trim DFA: states 0 … n−1 (the useful states of D, ``states[i]`` in D),
    ``move[x]`` the n × n Boolean matrix of letter x (x < k: a, x ≥ k: (x−k)⁻¹), the levels
    of the saturation (``level[p, q]``: the round at which (p, q) entered E, −1 never), the
    initial state (None: L empty), the accepting ones, and the DFA's components and table
    (its own state numbering)."""

    states: tuple
    move: tuple
    level: np.ndarray
    initial: int | None
    accepting: np.ndarray
    component: np.ndarray
    table: np.ndarray

    def E(self, below: int | None = None) -> np.ndarray:
        return (self.level >= 0) if below is None else ((self.level >= 0) & (self.level < below))


def _table_bytes(n: int, k: int) -> int:
    """Bytes of the n × n tables of one automaton: a Boolean and a float32 matrix per letter
    of A ∪ A⁻¹ and of T, the levels, a few float32 products (an upper bound)."""
    return n * n * (2 * k * 10 + 4 * (2 * k + 1) + 32)


def bool_product(*ms) -> np.ndarray:
    """The Boolean product of Boolean matrices (float32 products: a sum of non-negative terms is
    positive iff one of them is, whatever the rounding)."""
    out = ms[0].astype(np.float32)
    for m in ms[1:]:
        out = out @ m.astype(np.float32)
    return out > 0


class _Work:
    """The multiply-adds of the Boolean matrix products of one decision, counted before each
    product: LimitExceeded before the one that would pass ``limits.type_states`` ×
    CLOSURE_PRODUCTS_PER_TYPE_STATE."""

    def __init__(self, limits: Limits):
        self.limit = limits.type_states * CLOSURE_PRODUCTS_PER_TYPE_STATE
        self.done = 0

    def product(self, *ms) -> np.ndarray:
        """:func:`bool_product` of ``ms``, counted."""
        cost = sum(ms[0].shape[0] * m.shape[0] * m.shape[1] for m in ms[1:])
        if self.done + cost > self.limit:
            raise LimitExceeded("multiply-adds of the closure's Boolean matrix products (type_states × "
                                f"{CLOSURE_PRODUCTS_PER_TYPE_STATE:,})", self.limit, "raise limit",
                                parameters=("limit",))
        self.done += cost
        return bool_product(*ms)


def _closure(m: np.ndarray, work: _Work) -> np.ndarray:
    """The reflexive-transitive closure of a Boolean matrix (squaring)."""
    n = m.shape[0]
    r = m | np.eye(n, dtype=bool)
    while True:
        nxt = work.product(r, r)
        if (nxt == r).all():
            return r
        r = nxt


def hat(d: DFA, limits: Limits, work: _Work | None = None) -> _Hat:
    """D̂ of D's useful states, saturated (module docstring).  LimitExceeded past the products'
    budget (``work``: the decision's count so far; a new one from ``limits`` when None)."""
    work = _Work(limits) if work is None else work
    useful = np.asarray(d.coreachable(), dtype=bool) & np.asarray(d.reachable, dtype=bool)
    states = tuple(np.flatnonzero(useful).tolist())
    n, k = len(states), len(d.alphabet)
    if _table_bytes(n, k) > limits.memory_budget:
        raise LimitExceeded("bytes of the saturation's tables (memory_budget)", limits.memory_budget,
                            "raise memory_budget", parameters=("memory_budget",))
    index = {q: i for i, q in enumerate(states)}
    comp = dfa_sccs(d).component
    t = np.asarray(d.transitions)
    move = [np.zeros((n, n), dtype=bool) for _ in range(2 * k)]
    for i, p in enumerate(states):
        for a in range(k):
            q = int(t[p, a])
            if q in index:
                move[a][i, index[q]] = True
                if comp[p] == comp[q]:
                    move[a + k][index[q], i] = True
    level = np.where(np.eye(n, dtype=bool), 0, -1).astype(np.int32)
    rnd = 0
    while True:
        e = level >= 0
        step = e.copy()
        for x in range(k):
            for a, b in ((x, x + k), (x + k, x)):
                step |= work.product(move[a], e, move[b])
        grown = _closure(step, work)
        new = grown & (level < 0)
        if not new.any():
            break
        rnd += 1
        level[new] = rnd
    acc = np.asarray(d.accepting, dtype=bool)[list(states)] if n else np.zeros(0, dtype=bool)
    initial = index.get(int(d.initial))
    return _Hat(states, tuple(move), level, initial, acc, np.asarray(comp), t)


def _inverse(x: int, k: int) -> int:
    return x - k if x >= k else x + k


def _reach(h1: _Hat, h2: _Hat, k: int, limits: Limits, work: _Work, stop: bool = True):
    """The product of the two T-automata with the last letter, level by level: (levels, hit)
    where ``levels[x]`` is the n1 × n2 array of the round at which (p1, p2) was reached by a
    reduced word ending in x (index 2k: the empty word), and ``hit`` an accepting (x, p1, p2)
    or None (``stop`` False: every pair explored, ``hit`` None)."""
    n1, n2 = len(h1.states), len(h2.states)
    if _table_bytes(max(n1, n2), k) > limits.memory_budget:
        raise LimitExceeded("bytes of the product's tables (memory_budget)", limits.memory_budget,
                            "raise memory_budget", parameters=("memory_budget",))
    e1, e2 = h1.E(), h2.E()
    T1 = [work.product(e1, m, e1) for m in h1.move]
    T2 = [work.product(e2, m, e2) for m in h2.move]
    levels = np.full((2 * k + 1, n1, n2), -1, dtype=np.int32)
    levels[2 * k, h1.initial, h2.initial] = 0
    acc = np.outer(h1.accepting, h2.accepting)
    first = np.zeros((n1, n2), dtype=bool)
    first[h1.initial, h2.initial] = True
    if stop and (e1[h1.initial] & h1.accepting).any() and (e2[h2.initial] & h2.accepting).any():
        return levels, (2 * k, h1.initial, h2.initial), (T1, T2)
    rnd = 0
    frontier = {2 * k: first}
    while frontier:
        rnd += 1
        nxt = {}
        for y in range(2 * k):
            src = np.zeros((n1, n2), dtype=bool)
            for x, f in frontier.items():
                if x == 2 * k or x != _inverse(y, k):
                    src |= f
            if not src.any():
                continue
            reached = work.product(T1[y].T, src, T2[y])
            new = reached & (levels[y] < 0)
            if new.any():
                levels[y][new] = rnd
                nxt[y] = new
                hits = np.argwhere(new & acc) if stop else ()
                if len(hits):
                    return levels, (y, int(hits[0][0]), int(hits[0][1])), (T1, T2)
        frontier = nxt
    return levels, None, (T1, T2)


def closures_meet(d1: DFA, d2: DFA, limits: Limits) -> bool:
    """Whether the closures of L1, L2 in the free group meet (a reduced word read by both
    T-automata): the decision, without the witness."""
    work = _Work(limits)
    h1, h2 = hat(d1, limits, work), hat(d2, limits, work)
    if h1.initial is None or h2.initial is None:
        return False
    return _reach(h1, h2, len(d1.alphabet), limits, work)[1] is not None


def closure_pairs(d: DFA, limits: Limits) -> np.ndarray:
    """``R[p1, p2]`` (states of ``d``): the closures in the free group of L_{p1} and L_{p2}
    meet, L_p the words leading ``d`` from its initial state to p — one saturation and one
    product explored whole, for every pair of states at once (:mod:`..algebra.group_pairs`).
    The accepting states of ``d`` are ignored (every reachable state is a target)."""
    full = DFA(d.alphabet, d.transitions, d.initial, np.ones(d.n_states, dtype=bool))
    work = _Work(limits)
    h = hat(full, limits, work)
    levels, _, _ = _reach(h, h, len(d.alphabet), limits, work, stop=False)
    e = h.E()
    reached = (levels[:-1] >= 0).any(axis=0) | np.outer(e[h.initial], e[h.initial])
    out = np.zeros((d.n_states, d.n_states), dtype=bool)
    idx = np.asarray(h.states, dtype=np.int64)
    out[np.ix_(idx, idx)] = reached
    return out


def group_family(d1: DFA, d2: DFA, limits: Limits) -> tuple | None:
    """(parts1, parts2): two patterns — parts ``(word,)`` or blocks ``(v, a)`` standing for
    (v a)^{N-1} v — of the common element of the closures of L1 and L2, the D̂-paths written
    out (module docstring); None when the closures do not meet.  The family is checked by
    :func:`..checks.verify_group.check_group_family`."""
    k = len(d1.alphabet)
    work = _Work(limits)
    h1, h2 = hat(d1, limits, work), hat(d2, limits, work)
    if h1.initial is None or h2.initial is None:
        return None
    levels, hit, (T1, T2) = _reach(h1, h2, k, limits, work)
    if hit is None:
        return None
    letters, s1, s2 = _path_back(levels, hit, T1, T2, k)
    try:
        return _expanded(h1, h2, letters, s1, s2, k, limits)
    except RecursionError:                         # derivations nested past Python's stack
        raise LimitExceeded("nesting of the saturation's derivations (Python's recursion limit)",
                            sys.getrecursionlimit(),
                            "the witness is too deep to write out", parameters=("limit",)) from None


# ---------------------------------------------------------------------------------------------
# the witness

class _Expander:
    """Words of D̂ (triples (letter, from, to)) for the E-pairs and T-steps of one automaton,
    expanded from the saturation's levels; LimitExceeded past ``budget`` letters."""

    def __init__(self, h: _Hat, k: int, budget: int):
        self.h, self.k, self.budget, self.memo = h, k, budget, {}

    def _count(self, word):
        if len(word) > self.budget:
            raise LimitExceeded("letters of the group family's words (synthesis_states)", self.budget,
                                "raise limit", parameters=("limit",))
        return word

    def empty(self, p: int, q: int) -> tuple:
        """A word of D̂ from p to q that reduces to 1 (the pair's derivation)."""
        if p == q:
            return ()
        if (p, q) in self.memo:
            return self.memo[(p, q)]
        h, k = self.h, self.k
        below = h.E(int(h.level[p, q]))
        # one step of the pair's round: a pair of an earlier round, or x · (earlier pair) · x⁻¹
        parent = {p: None}
        queue = deque([p])
        while queue and q not in parent:
            u = queue.popleft()
            for x in [None] + list(range(2 * k)):
                if x is None:
                    targets = below[u]
                else:
                    targets = bool_product(h.move[x][u][None, :], below, h.move[_inverse(x, k)])[0]
                for v in np.flatnonzero(targets).tolist():
                    if v not in parent:
                        parent[v] = (u, x)
                        queue.append(v)
        steps = []
        v = q
        while parent[v] is not None:
            u, x = parent[v]
            steps.append((u, v, x))
            v = u
        word: list = []
        for u, v, x in reversed(steps):
            if x is None:
                word.extend(self.empty(u, v))
            else:
                rs = np.argwhere(h.move[x][u][:, None] & below & h.move[_inverse(x, k)][:, v][None, :])
                r, s = int(rs[0][0]), int(rs[0][1])
                word.append((x, u, r))
                word.extend(self.empty(r, s))
                word.append((_inverse(x, k), s, v))
            self._count(word)
        self.memo[(p, q)] = tuple(word)
        return self.memo[(p, q)]

    def letter(self, p: int, x: int, q: int) -> tuple:
        """A word of D̂ from p to q reducing to x (a step of T_x = E·M_x·E)."""
        h = self.h
        e = h.E()
        rs = np.argwhere(e[p][:, None] & h.move[x] & e[:, q][None, :])
        r, s = int(rs[0][0]), int(rs[0][1])
        return self.empty(p, r) + ((x, r, s),) + self.empty(s, q)


def _path_back(levels, hit, T1, T2, k) -> tuple:
    """The reduced word and the state sequences in each T-automaton leading to ``hit``."""
    y, q1, q2 = hit
    letters, s1, s2 = [], [q1], [q2]
    rnd = int(levels[y, q1, q2])
    while rnd > 0:
        found = None
        for x in range(2 * k + 1):
            if x != 2 * k and x == _inverse(y, k):
                continue
            cand = np.argwhere((levels[x] == rnd - 1) & T1[y][:, q1][:, None] & T2[y][:, q2][None, :])
            if len(cand):
                found = (x, int(cand[0][0]), int(cand[0][1]))
                break
        letters.append(y)
        y, q1, q2 = found
        s1.append(q1)
        s2.append(q2)
        rnd -= 1
    return tuple(reversed(letters)), tuple(reversed(s1)), tuple(reversed(s2))


def _parts(h: _Hat, word, k: int) -> tuple:
    """D̂'s word as a pattern: positive letters as words, each inverse letter a⁻¹ from q to p
    as the block (v, a), v a shortest path q → p inside their component."""
    t = h.table
    parts: list = []
    for x, u, v in word:
        if x < k:
            if parts and len(parts[-1]) == 1:
                parts[-1] = (parts[-1][0] + (x,),)
            else:
                parts.append(((x,),))
            continue
        a = x - k
        q, p = h.states[u], h.states[v]
        inside = set(np.flatnonzero(h.component == h.component[q]).tolist())
        path = {q: ()}
        queue = deque([q])
        while queue and p not in path:
            s = queue.popleft()
            for b in range(k):
                r = int(t[s, b])
                if r in inside and r not in path:
                    path[r] = path[s] + (b,)
                    queue.append(r)
        parts.append((path[p], a))
    return tuple(parts)


def _expanded(h1: _Hat, h2: _Hat, letters, s1, s2, k: int, limits: Limits) -> tuple:
    """The two T-paths of the common reduced word written out as D̂'s words, then as patterns."""
    out = []
    for h, seq in ((h1, s1), (h2, s2)):
        ex = _Expander(h, k, limits.synthesis_states)
        word: tuple = ()
        for x, p, q in zip(letters, seq, seq[1:]):
            word = ex._count(word + ex.letter(p, x, q))
        final = int(np.flatnonzero(h.E()[seq[-1]] & h.accepting)[0])
        word = ex._count(word + ex.empty(seq[-1], final))
        out.append(_parts(h, word, k))
    return out[0], out[1]
