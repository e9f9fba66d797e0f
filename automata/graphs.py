"""Graph algorithms on DFAs and on their pair graphs.

* :func:`tarjan_scc` — strongly connected components by Tarjan's algorithm, iterative (no
  recursion limit), numbered in a topological order of the component DAG (every edge goes
  from a component to itself or to one with a larger number).
* :func:`pair_heights` — the off-diagonal pair graph of a DFA (nodes ``(p, q)``, ``p ≠ q``;
  edge ``(p, q) →a (p·a, q·a)`` when ``p·a ≠ q·a``), optionally restricted to the edges that
  stay inside one strongly connected component ("internal" pair graph).  For every pair it
  computes the number of nodes of the longest path starting there, by a vectorised
  fixed-point iteration; pairs that lie on or reach a cycle keep height ``-1``.
* :func:`pair_cycle` — a cycle of the pair graph through pairs of height ``-1``.
* :func:`shortest_words_from` and :func:`distinguishing_suffix` — breadth-first words.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = [
    "SCCs", "tarjan_scc", "dfa_sccs", "pair_heights", "pair_cycle",
    "shortest_words_from", "distinguishing_suffix", "word_between",
]


@dataclass(frozen=True)
class SCCs:
    """The strongly connected components of a graph.

    ``component[v]`` is the number of v's component; components are numbered in a
    topological order of the condensation (an edge u → v implies
    ``component[u] <= component[v]``).  ``members[c]`` lists the vertices of component c.
    """

    component: np.ndarray
    members: tuple[tuple[int, ...], ...]

    @property
    def count(self) -> int:
        return len(self.members)

    def all_trivial(self) -> bool:
        """Every component is a single vertex."""
        return all(len(m) == 1 for m in self.members)


def tarjan_scc(n: int, successors) -> SCCs:
    """Tarjan's algorithm without recursion.

    ``successors(v)`` (a callable) or ``successors[v]`` (a sequence / 2-D array) gives the
    out-neighbours of v.  O(V + E).
    """
    succ = successors if callable(successors) else (lambda v, s=successors: s[v])
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    comps: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] != -1:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, iter(list(succ(root))))]
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                w = int(w)
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, iter(list(succ(w)))))
                    advanced = True
                    break
                if on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
            if advanced:
                continue
            work.pop()
            if work:
                u = work[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp.append(w)
                    if w == v:
                        break
                comps.append(sorted(comp))
    comps.reverse()  # Tarjan emits components in reverse topological order
    component = np.empty(n, dtype=np.int64)
    for c, members in enumerate(comps):
        component[members] = c
    return SCCs(component, tuple(tuple(m) for m in comps))


def dfa_sccs(dfa) -> SCCs:
    """Strongly connected components of the transition graph of a DFA."""
    return tarjan_scc(dfa.n_states, dfa.transitions)


def pair_heights(table: np.ndarray, component: np.ndarray | None = None) -> np.ndarray:
    """Longest-path heights in the off-diagonal pair graph.

    ``table[q, a]`` is the transition table.  Returns an ``n × n`` int array H with
    ``H[p, p] = 0`` and, for p ≠ q, ``H[p, q]`` = the number of nodes on the longest path
    of the pair graph starting at (p, q), or ``-1`` when some path from (p, q) reaches a
    cycle.  With ``component`` given, only pairs inside one component are nodes and only
    edges whose two targets stay in that component count (the internal pair graph of
    every SCC at once); pairs across components get height 0.

    Method: H(p,q) = 1 + max_a H(p·a, q·a) over the edges, where a merged or leaving edge
    contributes 0; a pair gets a value once all its successors have one.  One vectorised
    sweep per height level, so O(h · n² · |A|) for longest path h; the graph is acyclic
    iff every pair gets a value.
    """
    t = np.asarray(table, dtype=np.int64)
    n, m = t.shape
    H = np.full((n, n), -1, dtype=np.int64)
    np.fill_diagonal(H, 0)
    P = np.arange(n)[:, None]
    Q = np.arange(n)[None, :]
    if component is None:
        valid = np.ones((n, n), dtype=bool)
    else:
        comp = np.asarray(component)
        valid = comp[:, None] == comp[None, :]
        H[~valid] = 0
    np.fill_diagonal(valid, False)
    # successor pairs per letter; an edge leaving the component (internal variant) goes to
    # a virtual node of height 0, as does a merging edge (p·a = q·a, diagonal has H = 0)
    succ = []
    comp = None if component is None else np.asarray(component)
    for a in range(m):
        pa = np.broadcast_to(t[:, a][:, None], (n, n))
        qa = np.broadcast_to(t[:, a][None, :], (n, n))
        if comp is not None:
            stays = (comp[pa] == comp[P]) & (comp[qa] == comp[Q])
            pa = np.where(stays, pa, 0)
            qa = np.where(stays, qa, 0)  # (0, 0) is on the diagonal: height 0
        succ.append((pa, qa))
    pending = valid.copy()
    while pending.any():
        best = np.zeros((n, n), dtype=np.int64)
        ready = pending.copy()
        for pa, qa in succ:
            h = H[pa, qa]
            ready &= h >= 0
            best = np.maximum(best, h)
        newly = ready
        if not newly.any():
            break
        H[newly] = best[newly] + 1
        pending &= ~newly
    return H


def pair_cycle(table: np.ndarray, heights: np.ndarray,
               component: np.ndarray | None = None) -> tuple[int, int, list[int]] | None:
    """A cycle of the (internal) pair graph: ``(p, q, letters)`` with p ≠ q and
    ``(p, q)·letters = (p, q)`` as an ORDERED pair, or None when the graph is acyclic.

    Every pair of height -1 has a successor of height -1 (otherwise it would have a
    value), so following such successors from any of them must close a cycle.
    """
    t = np.asarray(table)
    bad = np.argwhere(heights < 0)
    if len(bad) == 0:
        return None
    comp = None if component is None else np.asarray(component)
    p, q = (int(x) for x in bad[0])
    seen: dict[tuple[int, int], int] = {}
    path: list[tuple[int, int, int]] = []
    while (p, q) not in seen:
        seen[(p, q)] = len(path)
        for a in range(t.shape[1]):
            pa, qa = int(t[p, a]), int(t[q, a])
            if pa == qa or heights[pa, qa] >= 0:
                continue
            if comp is not None and not (comp[pa] == comp[p] and comp[qa] == comp[q]):
                continue
            path.append((p, q, a))
            p, q = pa, qa
            break
        else:  # pragma: no cover - contradicts the invariant above
            raise AssertionError("pair of height -1 without a successor of height -1")
    start = seen[(p, q)]
    letters = [a for (_, _, a) in path[start:]]
    # make the cycle return to the ordered pair: go around twice if it swaps
    x, y = p, q
    for a in letters:
        x, y = int(t[x, a]), int(t[y, a])
    if (x, y) != (p, q):
        letters = letters + letters
    return p, q, letters


def shortest_words_from(table: np.ndarray, source: int) -> list[list[int] | None]:
    """For every state, a shortlex-least word (list of letter indices) leading there from
    ``source``, or None if unreachable."""
    t = np.asarray(table)
    n, m = t.shape
    words: list[list[int] | None] = [None] * n
    words[source] = []
    frontier = [source]
    while frontier:
        nxt = []
        for q in frontier:
            for a in range(m):
                r = int(t[q, a])
                if words[r] is None:
                    words[r] = words[q] + [a]
                    nxt.append(r)
        frontier = nxt
    return words


def word_between(table: np.ndarray, source: int, target: int) -> list[int] | None:
    """A shortest word from ``source`` to ``target`` (None if unreachable)."""
    return shortest_words_from(table, source)[target]


def distinguishing_suffix(table: np.ndarray, accepting: np.ndarray, p: int, q: int) -> list[int] | None:
    """A shortest word r with p·r ∈ F ⇎ q·r ∈ F (None when p and q are equivalent)."""
    t = np.asarray(table)
    acc = np.asarray(accepting)
    start = (int(p), int(q))
    parent: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for x, y in frontier:
            if acc[x] != acc[y]:
                word = []
                node = (x, y)
                while parent[node] is not None:
                    node, a = parent[node]
                    word.append(a)
                return word[::-1]
            for a in range(t.shape[1]):
                s = (int(t[x, a]), int(t[y, a]))
                if s not in parent:
                    parent[s] = ((x, y), a)
                    nxt.append(s)
        frontier = nxt
    return None
