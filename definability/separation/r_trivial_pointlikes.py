"""Separation by LTL[P] (= R-trivial languages at the N+1 readout, docs §3.1), decided by the
R-pointlike sets of the pair's transition monoid.

Let α: A* → M be the morphism onto the transition monoid of D1 ⊔ D2
(:func:`.aperiodic_pointlikes.pair_monoid`).  A set X ⊆ M is *R-pointlike* when for every
morphism β: A* → V onto an R-trivial monoid some v ∈ V has X ⊆ α(β⁻¹(v)).  L1 and L2 are
separable by an R-trivial language iff no R-pointlike set meets α(L1) and α(L2) (Almeida 1999,
"Some algorithmic problems for pseudovarieties", for any pseudovariety: ⇒ as for the aperiodic
sets, ⇐ by the product of finitely many separating morphisms).

**The family.**  Almeida, Costa and Zeitoun ("Pointlike sets with respect to R and J",
J. Pure Appl. Algebra 212, 2008) compute the R-pointlike sets of a finite semigroup S as the
least subsemigroup U of the monoid of subsets, closed under subsets, that contains the
singletons and, for each ℛ-class of U, the union of its members.  We compute the same family
through a monotone step, so that only the ⊆-maximal sets need be kept:

  *prefix-ω*: for sets X1, …, Xk of the family with product P = X1⋯Xk, the set
  P^ω ∪ ⋃_i P^ω·X1⋯Xi is in the family.

It is sound: if X_j ⊆ α(β⁻¹(m_j)), then P^ω ⊆ α(β⁻¹(e)) with e = (m1⋯mk)^ω, and in an
R-trivial monoid e·m1⋯mi ℛ e (e·m1⋯mi·m_{i+1}⋯mk·e = e), so e·m1⋯mi = e.  It gives every union
of an ℛ-class: if F_1, …, F_r are the members of the ℛ-class of F in U, F_j = F·W_j and
F = F_j·W_j' (W_j, W_j' ∈ U¹), then with T = W_1 W_1' ⋯ W_r W_r' we have F·T = F, F·T^ω = F and
F·(W_1 W_1' ⋯ W_j) = F_j, so F·prefix-ω(W_1, W_1', …, W_r, W_r') ⊇ F ∪ F_1 ∪ … ∪ F_r.  So the
least family closed under products, subsets and prefix-ω is exactly the R-pointlike family.
Both operations are monotone (X_j ⊆ X_j' gives every power and prefix larger), so the family
is the down-set of what its maximal sets G generate, and prefix-ω need only be applied to
sequences over G: for P in the semigroup T = ⟨G⟩ the union over all sequences with product P
is P^ω·({1} ∪ ⋃{Q ∈ T : P ∈ Q·T¹}) (the prefixes are the Q above P in T's right Cayley
graph; several sequences with one product are joined into one by repeating P's period).

What this module computes: :func:`saturate_r` — rounds of (T = ⟨G⟩ with its right Cayley
graph; the ancestors' union of every P by the strongly connected components; prefix-ω of every
P; G the maximal sets of all these) until nothing new, stopping at the first set meeting α(L1)
and α(L2) with its derivation (a :class:`.aperiodic_pointlikes.PointlikeDerivation` of variety
``R-trivial``, whose ``prefix-omega`` steps name the sequences, re-checked by its ``check``
from the words alone); otherwise None: separable, by the theorem.  Budgets: M within
``semigroup_elements`` (and its table), T and the sets kept within ``type_states``, element
products within :data:`~attnlogic.kernel.limits.POINTLIKE_WORK`; past any :class:`LimitExceeded`.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from ...automata.dfa import DFA
from ...automata.graphs import shortest_words_from
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from .aperiodic_pointlikes import PairMonoid, PointlikeDerivation, idempotent_powers, pair_monoid

__all__ = ["saturate_r"]


class _Budget:
    def __init__(self, work: int, sets: int):
        self.work, self.used, self.sets = work, 0, sets

    def spend(self, n: int) -> None:
        self.used += n
        if self.used > self.work:
            raise LimitExceeded("element products of the R-pointlike saturation", self.work, "raise limit",
                                ("limit",))


def _indices(mask: int) -> np.ndarray:
    """The positions of the 1 bits of ``mask``, in increasing order."""
    if not mask:
        return np.zeros(0, dtype=np.int64)
    raw = np.frombuffer(mask.to_bytes((mask.bit_length() + 7) // 8, "little"), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little")).astype(np.int64)


def _mask(indices) -> int:
    """The bitmask with 1 at the given positions."""
    idx = np.asarray(indices, dtype=np.int64)
    if not len(idx):
        return 0
    bits = np.zeros(int(idx.max()) + 1, dtype=np.uint8)
    bits[idx] = 1
    return int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")


class _Sets:
    """Set products on M by its table, with bitmasks (ints) as the sets."""

    def __init__(self, M: PairMonoid, budget: _Budget):
        self.M, self.budget = M, budget
        self._idx: dict = {}
        self._omega: dict = {}

    def idx(self, mask: int) -> np.ndarray:
        got = self._idx.get(mask)
        if got is None:
            got = self._idx[mask] = _indices(mask)
        return got

    def product(self, x: int, y: int) -> int:
        xs, ys = self.idx(x), self.idx(y)
        self.budget.spend(len(xs) * len(ys))
        return _mask(np.unique(self.M.mult[np.ix_(xs, ys)]))

    def omega(self, x: int) -> int:
        """X^ω (:func:`.aperiodic_pointlikes.idempotent_powers`), remembered."""
        got = self._omega.get(x)
        if got is None:
            got = self._omega[x] = idempotent_powers(x, self.product, bound=self.budget.work)[0]
        return got


def _meets(M: PairMonoid, S: _Sets, mask: int) -> bool:
    xs = S.idx(mask)
    return bool(M.in1[xs].any() and M.in2[xs].any())


def saturate_r(d1: DFA, d2: DFA, limits: Limits | None = None,
               work_budget: int = _limits.POINTLIKE_WORK) -> PointlikeDerivation | None:
    """The R-pointlike family of the transition monoid of D1 ⊔ D2 (module docstring), built
    until a set meets α(L1) and α(L2) — its derivation (variety ``R-trivial``) — or to the
    end: None (no such pair: L1, L2 are separable by an R-trivial language, LTL[P] at the N+1
    readout, by the theorem).  :class:`LimitExceeded` past the budgets."""
    limits = limits if limits is not None else Limits()
    M = pair_monoid(d1, d2, limits)
    budget = _Budget(work_budget, limits.type_states)
    S = _Sets(M, budget)
    identity = M.words.index(())
    steps: list = []                # (mask, kind, sources): the derivation's raw material
    step_of: dict = {}              # mask -> its first step

    def register(mask: int, kind: str, sources: tuple) -> int:
        got = step_of.get(mask)
        if got is not None:
            return got
        steps.append((mask, kind, sources))
        step_of[mask] = len(steps) - 1
        return len(steps) - 1

    gens = []                       # step indices of the maximal sets
    for e, w in enumerate(M.words):
        if len(w) == 1 or e == identity:
            gens.append(register(1 << e, "word", ()))
    for g in gens:
        if _meets(M, S, steps[g][0]):
            return _derivation(M, steps, g)
    while True:
        T, parent, succ = _closure(S, steps, gens, budget)
        for node, mask in enumerate(T):
            if _meets(M, S, mask):
                return _derivation(M, steps, _materialise(steps, register, T, parent, node))
        above = _ancestors(T, succ)
        candidates = list(T)
        made: dict = {}
        for node, mask in enumerate(T):
            out = S.product(S.omega(mask), above[node] | (1 << identity))
            made[node] = out
            candidates.append(out)
            if _meets(M, S, out):
                return _derivation(M, steps, _omega_step(S, register, gens, T, parent, succ, node, out))
        new_gens = _maximal(candidates)
        old = [steps[g][0] for g in gens]
        if all(any(x & ~g == 0 for g in old) for x in new_gens):
            return None
        lookup = {mask: node for node, mask in enumerate(T)}
        made_by = {out: node for node, out in made.items()}
        previous, gens = gens, []
        for x in new_gens:
            if x in step_of:
                gens.append(step_of[x])
            elif x in lookup:
                gens.append(_materialise(steps, register, T, parent, lookup[x]))
            else:
                gens.append(_omega_step(S, register, previous, T, parent, succ, made_by[x], x))
        if len(gens) > budget.sets:
            raise LimitExceeded("sets of the R-pointlike saturation", budget.sets, "raise limit", ("limit",))


def _closure(S: _Sets, steps: list, gens: list, budget: _Budget):
    """T = ⟨G⟩: its sets (bitmasks), for each a parent (node, generator step) or (-1, g) for
    a generator itself, and the right Cayley graph (successor nodes, one per generator)."""
    T, parent, index = [], [], {}
    for g in gens:
        mask = steps[g][0]
        if mask not in index:
            index[mask] = len(T)
            T.append(mask)
            parent.append((-1, g))
    succ: list = []
    head = 0
    while head < len(T):
        row = []
        for g in gens:
            y = S.product(T[head], steps[g][0])
            if y not in index:
                if len(T) >= budget.sets:
                    raise LimitExceeded("sets of the semigroup generated by the R-pointlike sets", budget.sets,
                                        "raise limit", ("limit",))
                index[y] = len(T)
                T.append(y)
                parent.append((head, g))
            row.append(index[y])
        succ.append(row)
        head += 1
    return T, parent, succ


def _ancestors(T: list, succ: list) -> list:
    """For each node P, the union of the sets of every node Q with a path Q → P (P included),
    by the strongly connected components in topological order."""
    n = len(T)
    rows = np.repeat(np.arange(n), [len(r) for r in succ])
    cols = np.fromiter((c for r in succ for c in r), dtype=np.int64, count=len(rows))
    graph = csr_matrix((np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=(n, n))
    k, label = connected_components(graph, directed=True, connection="strong")
    own = [0] * k
    for node in range(n):
        own[label[node]] |= T[node]
    preds: list = [set() for _ in range(k)]
    for u, r in enumerate(succ):
        for v in r:
            if label[u] != label[v]:
                preds[label[v]].add(label[u])
    # Kahn's order on the condensation
    out_edges: list = [[] for _ in range(k)]
    indeg = [len(p) for p in preds]
    for c, ps in enumerate(preds):
        for p in ps:
            out_edges[p].append(c)
    acc = own[:]
    order = [c for c in range(k) if indeg[c] == 0]
    for c in order:
        for d in out_edges[c]:
            acc[d] |= acc[c]
            indeg[d] -= 1
            if indeg[d] == 0:
                order.append(d)
    return [acc[label[node]] for node in range(n)]


def _maximal(sets: list) -> list:
    """The ⊆-maximal ones among distinct bitmasks (largest first)."""
    out: list = []
    for x in sorted(set(sets), key=lambda m: -bin(m).count("1")):
        if not any(x & ~y == 0 for y in out):
            out.append(x)
    return out


def _materialise(steps: list, register, T: list, parent: list, node: int) -> int:
    """The step of T's node: its generator, or a product step of its parent's and a generator."""
    chain = []
    while node >= 0:
        chain.append(node)
        node = parent[node][0]
    chain.reverse()
    cur = parent[chain[0]][1]
    for node in chain[1:]:
        cur = register(T[node], "product", (cur, parent[node][1]))
    return cur


def _generators(parent: list, node: int) -> list:
    """The generator steps along the BFS tree from a generator to ``node``."""
    out = []
    while node >= 0:
        out.append(parent[node][1])
        node = parent[node][0]
    return out[::-1]


def _omega_step(S: _Sets, register, gens: list, T: list, parent: list, succ: list, node: int, target: int) -> int:
    """The prefix-ω step giving ``target`` = P^ω·({1} ∪ ancestors' union) for P = T[node]:
    sequences over the generators, one per ancestor Q needed (chosen greedily to cover the
    target), each the BFS word of Q followed by a path Q → P."""
    P = T[node]
    e = S.omega(P)
    # every node reaching P is an ancestor; the ancestors' sets are what the union is made of
    reach = _reaching(succ, node)
    covered = e | S.product(e, P)
    chosen = []
    gains = {q: S.product(e, T[q]) for q in reach if q != node}
    while covered != target and gains:
        q = max(gains, key=lambda q: bin(gains[q] & ~covered).count("1"))
        if gains[q] & ~covered == 0:
            break
        covered |= gains.pop(q)
        chosen.append(q)
    if covered != target:
        raise AssertionError("the prefix-ω step was not covered by its ancestors")
    base = _generators(parent, node)
    sequences = [tuple(base)]
    table = np.asarray(succ, dtype=np.int64)
    for q in chosen:
        tail = [gens[j] for j in shortest_words_from(table, q)[node]]
        sequences.append(tuple(_generators(parent, q) + tail))
    return register(target, "prefix-omega", tuple(dict.fromkeys(sequences)))


def _reaching(succ: list, goal: int) -> list:
    """The nodes with a path to ``goal`` (``goal`` included)."""
    preds: dict = {}
    for u, r in enumerate(succ):
        for v in r:
            preds.setdefault(v, set()).add(u)
    seen = {goal}
    todo = [goal]
    while todo:
        v = todo.pop()
        for u in preds.get(v, ()):
            if u not in seen:
                seen.add(u)
                todo.append(u)
    return sorted(seen)


def _derivation(M: PairMonoid, steps: list, last: int) -> PointlikeDerivation:
    """The steps ``last`` depends on, renumbered in order, as words; the pair."""
    need, stack = set(), [last]
    while stack:
        i = stack.pop()
        if i in need:
            continue
        need.add(i)
        for s in steps[i][2]:
            stack.extend(s if isinstance(s, tuple) else (s,))
    order = sorted(need)
    new = {old: n for n, old in enumerate(order)}
    out = []
    for old in order:
        mask, kind, src = steps[old]
        ws = tuple(M.words[int(e)] for e in _indices(mask))
        src = tuple(tuple(new[i] for i in s) if isinstance(s, tuple) else new[s] for s in src)
        out.append((kind, ws, src))
    xs = _indices(steps[last][0])
    e1 = next(int(e) for e in xs if M.in1[e])
    e2 = next(int(e) for e in xs if M.in2[e])
    return PointlikeDerivation(tuple(out), M.words[e1], M.words[e2], None, "R-trivial")
