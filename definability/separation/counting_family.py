"""A sound "not separable" for every class of aperiodic languages (LT, LTT and the star-free
classes below them): a common word whose square loops and whose odd powers tell L1 from L2
(docs/decision-procedures.md §11.6).

If x·z²ᴹ·y ∈ L1 and x·z²ᴹ⁺¹·y ∈ L2 for every M, no aperiodic language separates L1 from L2:
an aperiodic language L has an index m with p·zᵐ·s ∈ L ⇔ p·zᵐ⁺¹·s ∈ L for all p, s, so it
contains both words or neither once 2M ≥ m.  For LT[k] and LTT[k,t] this is seen directly:
for 2M ≥ k + t the two words have the same k-windows of ⋊w⋉, each counted up to t (the
windows inside the z-blocks are z-periodic and occur ≥ t times in both; those touching x or y
occur once in both) — :meth:`CountingFamily.check` compares them, computed from the words.

Search: in the pair graph D1 × D2 (lockstep) a reachable pair A and a pair B ≠ A with a common
word z mapping A to B and B to A, and the mixed pair (A's D1 state, B's D2 state) led into
F1 × F2 by a common word y.  z maps A to B and B to A iff (B, A) is reachable from (A, B) in
the graph of pairs of pairs (reading the same word swaps them back: (B, A)·z = (A, B)), i.e.
iff (A, B) and (B, A) lie in one strongly connected component of it: (|Q1|·|Q2|)² nodes,
against ``limit``.  Sound, not complete: only pairs that z swaps are looked for, so a counter
of another period (e.g. (aaa)* against a(aaa)*) is not found here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...automata.dfa import DFA
from ...kernel.errors import LimitExceeded
from ..algebra.profiles import END, START
from .strictly_local_separation import co_reachable, letters_text, run_word, shortest_word

__all__ = ["CountingFamily", "counting_family", "counting_family_within", "COUNTING_PROOFS", "window_counts"]


def window_counts(word, k: int, t: int) -> dict:
    """The k-windows of ⋊word⋉ with their numbers of occurrences capped at t, from the word."""
    marked = (START,) + tuple(word) + (END,)
    if len(marked) < k:
        return {marked: 1}
    out: dict = {}
    for i in range(len(marked) - k + 1):
        f = marked[i:i + k]
        out[f] = min(t, out.get(f, 0) + 1)
    return out


@dataclass(frozen=True)
class CountingFamily:
    """Words x, z (≠ ε), y with z² looping on init1·x in D1 and on init2·x in D2, x·y ∈ L1
    (so x·z²ᴹ·y ∈ L1) and x·z·y ∈ L2 (so x·z²ᴹ⁺¹·y ∈ L2) for every M.  No aperiodic language
    contains one of x·z²ᴹ·y, x·z²ᴹ⁺¹·y and not the other once M is large: none separates L1
    from L2 (LT, LTT, LTL[S] = FO[<] and every class inside them)."""

    x: tuple
    z: tuple
    y: tuple

    def words(self, m: int) -> tuple:
        """(x·z²ᵐ·y ∈ L1, x·z²ᵐ⁺¹·y ∈ L2)."""
        return (tuple(self.x) + tuple(self.z) * (2 * m) + tuple(self.y),
                tuple(self.x) + tuple(self.z) * (2 * m + 1) + tuple(self.y))

    def check(self, d1: DFA, d2: DFA) -> bool:
        if not self.z:
            return False
        p1, p2 = run_word(d1, int(d1.initial), self.x), run_word(d2, int(d2.initial), self.x)
        zz = tuple(self.z) * 2
        if run_word(d1, p1, zz) != p1 or run_word(d2, p2, zz) != p2:
            return False
        if not d1.accepting[run_word(d1, p1, self.y)] or not d2.accepting[run_word(d2, run_word(d2, p2, self.z), self.y)]:
            return False
        for k, t in ((2, 1), (3, 2), (2, 3)):      # the windows and their counts, from the words
            m = -(-(k + t) // 2)
            u, v = self.words(m)
            if window_counts(u, k, t) != window_counts(v, k, t):
                return False
        return True

    def text(self, alphabet) -> str:
        x, z, y = (letters_text(alphabet, w) for w in (self.x, self.z, self.y))
        return (f"for every M, {x}({z})²ᴹ{y} ∈ L1 and {x}({z})²ᴹ⁺¹{y} ∈ L2: no aperiodic language "
                "(z^m = z^(m+1) for large m) tells them apart")

    def to_json(self, alphabet) -> dict:
        return {"kind": "counting family", "x": letters_text(alphabet, self.x), "z": letters_text(alphabet, self.z),
                "y": letters_text(alphabet, self.y)}


#: the JSON form read back (``separate --check``)
COUNTING_PROOFS = {"counting family": lambda j, w: CountingFamily(w(j["x"]), w(j["z"]), w(j["y"]))}


def counting_family(d1: DFA, d2: DFA, limit: int):
    """A :class:`CountingFamily` of the shape of the module's search, or None.  LimitExceeded
    beyond ``limit`` pairs of pairs of states."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    n1, n2, m = d1.n_states, d2.n_states, d1.transitions.shape[1]
    pairs = n1 * n2
    size = pairs * pairs
    if size > limit:
        raise LimitExceeded("pairs of pairs of states (the counting family)", limit, "raise limit", ("limit",))
    index = np.int32 if size < 2 ** 31 else np.int64         # 32-bit indices where they fit
    T1, T2 = np.asarray(d1.transitions, dtype=index), np.asarray(d2.transitions, dtype=index)
    P, Q = np.divmod(np.arange(pairs, dtype=index), n2)
    psucc = np.stack([T1[P, a] * n2 + T2[Q, a] for a in range(m)], axis=1)
    acc = np.outer(np.asarray(d1.accepting, dtype=bool), np.asarray(d2.accepting, dtype=bool)).reshape(-1)
    reach = np.zeros(pairs, dtype=bool)
    frontier = np.array([int(d1.initial) * n2 + int(d2.initial)])
    reach[frontier] = True
    while len(frontier):
        nxt = np.unique(psucc[frontier].reshape(-1))
        frontier = nxt[~reach[nxt]]
        reach[frontier] = True
    co = co_reachable(psucc, acc).reshape(n1, n2)
    A, B = np.divmod(np.arange(size, dtype=index), pairs)
    # candidates: A reachable, B ≠ A, the mixed pair (A's D1 state, B's D2 state) leads into F1 × F2
    cand = reach[A] & (A != B) & co[P[A], Q[B]]
    if not cand.any():
        return None
    qsucc = np.stack([psucc[A, a] * pairs + psucc[B, a] for a in range(m)], axis=1)
    graph = csr_matrix((np.ones(size * m, dtype=np.int8), qsucc.reshape(-1), np.arange(0, size * m + 1, m)),
                       shape=(size, size))
    _, label = connected_components(graph, directed=True, connection="strong")
    del graph
    swapped = B * pairs + A
    hits = np.flatnonzero(cand & (label == label[swapped]))
    if not len(hits):
        return None
    node = int(hits[0])
    a, b = divmod(node, pairs)
    x = shortest_word(psucc, [int(d1.initial) * n2 + int(d2.initial)], np.arange(pairs) == a)
    z = shortest_word(qsucc, [node], np.arange(size) == b * pairs + a)
    y = shortest_word(psucc, [int(P[a]) * n2 + int(Q[b])], acc)
    return CountingFamily(x, z, y)


def counting_family_within(d1: DFA, d2: DFA, limit: int):
    """:func:`counting_family`, or None when its graph exceeds ``limit`` (the search is only a
    sound shortcut to "not separable": nothing is claimed without it)."""
    try:
        return counting_family(d1, d2, limit)
    except LimitExceeded:
        return None
