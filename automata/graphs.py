"""Graph algorithms on DFAs and on their pair graphs.

* :func:`tarjan_scc` — strongly connected components by Tarjan's algorithm, iterative (no
  recursion limit), numbered in a topological order of the component DAG (every edge goes
  from a component to itself or to one with a larger number).
* :func:`table_sccs` (behind :func:`dfa_sccs`) — the same numbering for a transition table,
  from scipy's compiled strong-components search (Pearce's algorithm), 3–33× faster than
  the Python Tarjan on 10^3–10^6 states (``python -m benchmarks.bench_graphs``); its
  order is checked on every edge, with :func:`tarjan_scc` as the fallback.
* :func:`pair_heights` — the off-diagonal pair graph of a DFA (nodes ``(p, q)``, ``p ≠ q``;
  edge ``(p, q) →a (p·a, q·a)`` when ``p·a ≠ q·a``), optionally restricted to the edges that
  stay inside one strongly connected component ("internal" pair graph).  For every pair it
  computes the number of nodes of the longest path starting there, by a vectorised
  fixed-point iteration; pairs that lie on or reach a cycle keep height ``-1``.
* :func:`pair_cycle` — a cycle of the pair graph through pairs of height ``-1``.
* :func:`reset_rounds` — the definiteness test in linear memory: iterated merging of the
  states with the same successor vector; :func:`quotient_pair_cycle` lifts a cycle of the
  pair graph from what is left when merging stops.
* :func:`internal_pair_heights` — the internal pair graphs one SCC at a time (quadratic in
  the largest SCC only), after :func:`greedy_internal_cycle` has looked for a cycle without
  quadratic memory.
* :func:`shortest_words_from` and :func:`distinguishing_suffix` — breadth-first words.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from attnlogic.kernel.limits import require_memory

__all__ = [
    "SCCs", "tarjan_scc", "table_sccs", "dfa_sccs", "pair_heights", "pair_cycle", "pair_graph_bytes",
    "reset_rounds", "quotient_pair_cycle", "internal_pair_heights", "greedy_internal_cycle",
    "shortest_words_from", "ShortestWords", "distinguishing_suffix", "word_between",
]


@dataclass(frozen=True)
class SCCs:
    """The strongly connected components of a graph.

    ``component[v]`` is the number of v's component; components are numbered in a
    topological order of the condensation (an edge u → v implies
    ``component[u] <= component[v]``).  ``members[c]`` lists the vertices of component c,
    ascending (built on first use: a million singletons cost seconds as Python tuples, and
    ``count`` and ``all_trivial`` do not need them).
    """

    component: np.ndarray

    @property
    def count(self) -> int:
        return int(self.component.max()) + 1 if self.component.size else 0

    @functools.cached_property
    def members(self) -> tuple[tuple[int, ...], ...]:
        order = np.argsort(self.component, kind="stable").tolist()
        cuts = [0, *np.cumsum(np.bincount(self.component, minlength=self.count)).tolist()]
        return tuple(tuple(order[cuts[c]:cuts[c + 1]]) for c in range(self.count))

    def all_trivial(self) -> bool:
        """Every component is a single vertex."""
        return self.count == self.component.size


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
    return SCCs(component)


#: tables of at most this many cells (states × letters) get their components from
#: :func:`tarjan_scc` in Python (under 50 ms), larger ones from scipy's compiled search; both
#: give the same labels (tests/automata/test_sccs.py compares them)
PYTHON_SCC_CELLS = 20_000


def table_sccs(table) -> SCCs:
    """Strongly connected components of the graph with edges v → table[v, j] (every j),
    numbered in a topological order of the condensation, as :func:`tarjan_scc`.

    scipy's ``connected_components(connection="strong")`` labels the components in the order
    its depth-first search completes them, which is a reverse topological order; the labels
    are reversed and the order is then verified on every edge (O(E), vectorised), so a
    different labelling by another scipy release falls back to :func:`tarjan_scc` instead of
    giving a wrong order.  Small tables (:data:`PYTHON_SCC_CELLS`) skip scipy: Tarjan's search
    visiting each state's distinct successors in decreasing order completes the components in
    scipy's order, so the labels are the same.
    """
    table = np.asarray(table)
    n = int(table.shape[0])
    k = int(table.shape[1]) if table.ndim == 2 else 0
    if n == 0:
        return SCCs(np.empty(0, dtype=np.int64))
    if n * k <= PYTHON_SCC_CELLS:
        # the same labels without importing scipy (0.3 s): the depth-first search visits the
        # distinct successors in decreasing order, as scipy's search over its sorted row does
        rows = np.sort(table.reshape(n, k), axis=1)[:, ::-1].tolist()
        return tarjan_scc(n, [list(dict.fromkeys(row)) for row in rows])
    import scipy.sparse as sp       # a large table: scipy's compiled search
    from scipy.sparse.csgraph import connected_components

    src = np.repeat(np.arange(n, dtype=np.int64), k)
    dst = table.reshape(-1).astype(np.int64)
    graph = sp.csr_matrix((np.ones(src.size, dtype=np.int8), (src, dst)), shape=(n, n))
    count, labels = connected_components(graph, directed=True, connection="strong")
    component = (count - 1 - labels).astype(np.int64)
    if not np.all(component[src] <= component[dst]):
        return tarjan_scc(n, table)
    return SCCs(component)


def dfa_sccs(dfa) -> SCCs:
    """Strongly connected components of the transition graph of a DFA."""
    return table_sccs(dfa.transitions)


def pair_graph_bytes(n: int, k: int) -> int:
    """Bytes :func:`pair_heights` allocates for n states and k letters: the n × n height
    table and masks, and two n × n index arrays per letter (int64)."""
    return (n * n) * (27 + 16 * k)


def pair_heights(table: np.ndarray, component: np.ndarray | None = None,
                 memory_budget: int | None = None) -> np.ndarray:
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
    iff every pair gets a value.  Memory Θ(n²·|A|) (:func:`pair_graph_bytes`), refused
    beforehand with :class:`~attnlogic.kernel.errors.MemoryBudgetExceeded` above ``memory_budget``
    bytes (None: the default budget).
    """
    t = np.asarray(table, dtype=np.int64)
    n, m = t.shape
    require_memory(f"the pair graph of {n} states", pair_graph_bytes(n, m), memory_budget)
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
    # worklist (Kahn's order, reversed): a pair gets its value when its last unvalued
    # successor does; each edge is visited once, so O(n²·|A|) in all, not per level
    flat_h = H.reshape(-1)
    nodes = np.flatnonzero(valid.reshape(-1))
    best = np.zeros(n * n, dtype=np.int64)
    remaining = np.zeros(n * n, dtype=np.int64)
    src_list, dst_list = [], []
    for pa, qa in succ:
        target = (pa.reshape(-1) * n + qa.reshape(-1))[nodes]
        h = flat_h[target]
        known = h >= 0
        np.maximum.at(best, nodes[known], h[known])
        remaining += np.bincount(nodes[~known], minlength=n * n)
        src_list.append(nodes[~known])
        dst_list.append(target[~known])
    src = np.concatenate(src_list)
    dst = np.concatenate(dst_list)
    order = np.argsort(dst, kind="stable")
    src, dst = src[order], dst[order]
    frontier = nodes[remaining[nodes] == 0]
    while frontier.size:
        flat_h[frontier] = best[frontier] + 1
        lo = np.searchsorted(dst, frontier, side="left")
        hi = np.searchsorted(dst, frontier, side="right")
        counts = hi - lo
        if not counts.sum():
            break
        idx = np.repeat(lo - np.cumsum(np.concatenate(([0], counts[:-1]))), counts) + np.arange(counts.sum())
        preds = src[idx]
        np.maximum.at(best, preds, np.repeat(flat_h[frontier], counts))
        np.subtract.at(remaining, preds, 1)
        cand = np.unique(preds)
        frontier = cand[remaining[cand] == 0]
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


def reset_rounds(table: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """Iterated merging of states with the same successor vector: ``(rounds, block_of,
    quotient)``.

    Round r merges, in the automaton left by round r − 1, the states whose successors
    under every letter coincide; by induction, after round r two states are merged iff
    every word of length r sends them to the same state.  Merging stops when a round
    merges nothing; ``quotient`` is the table left then (over blocks 0 … c − 1, no two rows
    equal) and ``block_of[q]`` the block of state q.  The automaton is definite iff one
    block remains, and then ``rounds`` is the least m such that every word of length m is
    a reset word (the number of nodes of the longest path of the pair graph).  Each round
    is a sort of the rows: O(n·|A| log n) time and O(n·|A|) memory per round, at most n
    rounds (the number of blocks drops every round).
    """
    Q = np.asarray(table, dtype=np.int64)
    n, k = Q.shape
    block_of = np.arange(n, dtype=np.int64)
    rounds = 0
    c = n
    while c > 1:
        if k == 0:
            inv = np.zeros(c, dtype=np.int64)
        elif k * max(1, (c - 1).bit_length()) <= 62:      # each row as one integer key
            bits = max(1, (c - 1).bit_length())
            key = np.zeros(c, dtype=np.int64)
            for a in range(k):
                key = (key << bits) | Q[:, a]
            _, inv = np.unique(key, return_inverse=True)
        else:
            _, inv = np.unique(Q, axis=0, return_inverse=True)
        inv = inv.reshape(-1).astype(np.int64)
        c2 = int(inv.max()) + 1
        if c2 == c:
            break
        rep = np.zeros(c2, dtype=np.int64)
        rep[inv[::-1]] = np.arange(c - 1, -1, -1)           # first state of each new block
        Q = inv[Q[rep]]
        block_of = inv[block_of]
        c = c2
        rounds += 1
    return rounds, block_of, Q


def quotient_pair_cycle(table: np.ndarray, block_of: np.ndarray,
                        quotient: np.ndarray) -> tuple[int, int, list[int]]:
    """A cycle ``(p, q, z)`` of the pair graph of ``table`` (p ≠ q, (p, q)·z = (p, q) as an
    ordered pair), from a stopped :func:`reset_rounds` with at least two blocks.

    In the quotient no two rows are equal, so every pair of distinct blocks has a letter
    leading to distinct blocks: following the first such letter must close a cycle
    (X, Y)·z = (X, Y) of blocks.  From any p ∈ X, q ∈ Y the pairs (p, q)·z^i stay in
    X × Y, hence distinct states, and repeat within |X|·|Y| steps: a cycle of states.
    """
    Q = np.asarray(quotient)
    T = np.asarray(table)
    seen: dict[tuple[int, int], int] = {}
    path: list[int] = []
    x, y = 0, 1
    while (x, y) not in seen:
        seen[(x, y)] = len(path)
        a = int(np.flatnonzero(Q[x] != Q[y])[0])
        path.append(a)
        x, y = int(Q[x, a]), int(Q[y, a])
    z = path[seen[(x, y)]:]
    p = int(np.flatnonzero(block_of == x)[0])
    q = int(np.flatnonzero(block_of == y)[0])
    visits: dict[tuple[int, int], int] = {}
    i = 0
    while (p, q) not in visits:
        visits[(p, q)] = i
        for a in z:
            p, q = int(T[p, a]), int(T[q, a])
        i += 1
    return p, q, z * (i - visits[(p, q)])


def greedy_internal_cycle(table: np.ndarray, component: np.ndarray, members,
                          max_steps: int) -> tuple[int, int, list[int]] | None:
    """Look for a cycle of the internal pair graph of one SCC without quadratic memory.

    From the pair of its first two states, repeatedly take the first letter that keeps both
    states inside the SCC and apart; a pair seen before closes a cycle ``(p, q, z)``
    (ordered, as in :func:`pair_cycle`).  Deterministic, at most ``max_steps`` steps; None
    when the walk ends (no such letter) or runs out of steps — which proves nothing.  On a
    random SCC of m states the walk is a random function on m² pairs, so it closes after
    about m steps.
    """
    t = np.asarray(table)
    rows = t.tolist()
    comp = np.asarray(component).tolist()
    p, q = int(members[0]), int(members[1])
    c = comp[p]
    seen: dict[tuple[int, int], int] = {}
    path: list[int] = []
    for _ in range(max_steps):
        if (p, q) in seen:
            z = path[seen[(p, q)]:]
            x, y = p, q
            for a in z:
                x, y = rows[x][a], rows[y][a]
            return p, q, z if (x, y) == (p, q) else z + z
        seen[(p, q)] = len(path)
        rp, rq = rows[p], rows[q]
        for a in range(len(rp)):
            pa, qa = rp[a], rq[a]
            if pa != qa and comp[pa] == c and comp[qa] == c:
                path.append(a)
                p, q = pa, qa
                break
        else:
            return None
    return None


def internal_pair_heights(table: np.ndarray, sccs: SCCs, memory_budget: int | None = None
                          ) -> tuple[int, tuple[int, int, list[int]] | None]:
    """The internal pair graphs of all SCCs: ``(h, None)`` when all are acyclic, h the most
    nodes on one of their paths (0 if no SCC has two states); else ``(h, (p, q, z))`` with a
    cycle as in :func:`pair_cycle`.

    Each SCC C with at least two states is treated alone, on its own table (a transition
    leaving C goes to one extra absorbing state outside C's component), so the memory is
    that of :func:`pair_heights` for the largest SCC (checked against ``memory_budget``
    before anything is allocated), not for the whole automaton.  A large SCC is first
    searched by :func:`greedy_internal_cycle`; a cycle found that way needs no pair graph.
    """
    t = np.asarray(table, dtype=np.int64)
    k = t.shape[1]
    comp = np.asarray(sccs.component)
    big = [m for m in sccs.members if len(m) > 1]
    for members in sorted(big, key=len, reverse=True):
        if len(members) > 1000:
            cyc = greedy_internal_cycle(t, comp, members, 4 * len(members) + 1000)
            if cyc is not None:
                return 0, cyc
    if big:
        largest = max(len(m) for m in big) + 1
        require_memory(f"the internal pair graph of an SCC of {largest - 1} states",
                       pair_graph_bytes(largest, k), memory_budget)
    best = 0
    for members in big:
        idx = np.asarray(members, dtype=np.int64)
        m = idx.size
        local = np.full(t.shape[0], m, dtype=np.int64)   # outside C → the extra state m
        local[idx] = np.arange(m)
        sub = np.vstack([local[t[idx]], np.full((1, k), m, dtype=np.int64)])
        lc = np.zeros(m + 1, dtype=np.int64)
        lc[m] = 1
        H = pair_heights(sub, lc, memory_budget)
        if (H < 0).any():
            p, q, z = pair_cycle(sub, H, lc)
            return best, (int(idx[p]), int(idx[q]), z)
        best = max(best, int(H.max()))
    return best, None


class ShortestWords(Sequence):
    """For every state, the shortlex-least word (list of letter indices) leading there from
    a source state, or None if unreachable: ``words[q]``.  Held as the breadth-first tree
    (the parent state and letter of each state), so building it is linear in the table
    (states × letters) and each word is spelled only when asked, in time its length —
    storing every word would be quadratic on a long cycle."""

    def __init__(self, parent: list[int], letter: list[int]):
        self._parent, self._letter = parent, letter

    def __len__(self) -> int:
        return len(self._parent)

    def __getitem__(self, q: int) -> list[int] | None:
        if self._parent[q] == -1:
            return None
        word = []
        while self._parent[q] != q:
            word.append(self._letter[q])
            q = self._parent[q]
        return word[::-1]


def product_successors(t1: np.ndarray, t2: np.ndarray) -> np.ndarray:
    """The transition table of the product of two complete DFAs over one alphabet: the pair
    (p, q) is node p·n2 + q, and (p, q)·a = (p·a, q·a)."""
    t1, t2 = np.asarray(t1), np.asarray(t2)
    n2 = t2.shape[0]
    P, Q = np.divmod(np.arange(t1.shape[0] * n2), n2)
    return np.stack([t1[P, a] * n2 + t2[Q, a] for a in range(t1.shape[1])], axis=1)


def bfs_levels(succ: np.ndarray, start: int):
    """The breadth-first levels (arrays of nodes, sorted) of the graph ``succ`` (node ×
    letter → node) from ``start``, by levels in numpy; their union is the reachable set."""
    seen = np.zeros(len(succ), dtype=bool)
    seen[start] = True
    frontier = np.array([start])
    while len(frontier):
        yield frontier
        nxt = np.unique(succ[frontier].reshape(-1))
        frontier = nxt[~seen[nxt]]
        seen[frontier] = True


def reachable(succ: np.ndarray, start: int) -> np.ndarray:
    """The nodes of the graph ``succ`` reachable from ``start``, as a Boolean mask."""
    seen = np.zeros(len(succ), dtype=bool)
    seen[np.concatenate(list(bfs_levels(succ, start)))] = True
    return seen


def shortest_words_from(table: np.ndarray, source: int) -> ShortestWords:
    """For every state, a shortlex-least word (list of letter indices) leading there from
    ``source``, or None if unreachable (breadth-first, letters in order: the first path to
    reach a state is the shortlex-least)."""
    rows = np.asarray(table).tolist()
    parent, letter = [-1] * len(rows), [-1] * len(rows)
    parent[source] = source
    frontier = [source]
    while frontier:
        nxt = []
        for q in frontier:
            for a, r in enumerate(rows[q]):
                if parent[r] == -1:
                    parent[r], letter[r] = q, a
                    nxt.append(r)
        frontier = nxt
    return ShortestWords(parent, letter)


def word_between(table: np.ndarray, source: int, target: int) -> list[int] | None:
    """A shortest word from ``source`` to ``target`` (None if unreachable)."""
    return shortest_words_from(table, source)[target]


def distinguishing_suffix(table: np.ndarray, accepting: np.ndarray, p: int, q: int,
                          directed: bool = False) -> list[int] | None:
    """A shortest word r with p·r ∈ F ⇎ q·r ∈ F (None when p and q are equivalent); with
    ``directed``, a shortest r with q·r ∈ F and p·r ∉ F (None when L_q ⊆ L_p)."""
    t = np.asarray(table)
    acc = np.asarray(accepting)
    start = (int(p), int(q))
    parent: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for x, y in frontier:
            if (acc[y] and not acc[x]) if directed else (acc[x] != acc[y]):
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
