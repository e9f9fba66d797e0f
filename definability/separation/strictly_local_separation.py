"""Separation by SL at every order (docs/decision-procedures.md §11.5): decided exactly.

Write Fact₁ for the factors of the marked words ⋊u⋉, u ∈ L1.  The least SL[k] language
containing L1 is K_k = {w : every k-window of ⋊w⋉ is in Fact₁} (§11.1); K_{k+1} ⊆ K_k, and
L1, L2 are SL-separable iff K_k ∩ L2 = ∅ for some k.

**Theorem** (the window chain).  L1, L2 are *not* SL-separable iff, in the graph on the
pairs (p2, p1) ∈ Q2 × Q1 whose edges are

* the letters: (p2, p1) →a (p2·a, p1·a), and
* the *jumps*: (p2, p1) ⇒ (p2, q1) when the triple (p2, p1, q1) lies on a cycle of the
  triple graph D2 × D1 × D1 (one word z ≠ ε looping on p2 in D2 and on p1 and q1 in D1) and
  p1 leads into F1,

a pair of F2 × F1 is reached from (init2, init1).  Moreover, when it is not, SL[2N + 4]
separates them, N = |Q2|·|Q1|² (the bound that makes the search for the separator's order
end).

The "no" direction is the pumped family of :class:`WindowChain`; the "yes" direction (and the
bound) is proved in the docs.  :func:`window_chain` runs the search: the triple graph's
strongly connected components (scipy), then a breadth-first search over the pairs;
|Q2|·|Q1|² triples against ``limit``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from ...automata.dfa import DFA
from ...kernel.errors import LimitExceeded
from ..algebra.profiles import END, START

__all__ = ["WindowChain", "window_chain", "windows", "SL_PROOFS", "order_bound", "decide_sl", "run_word",
           "accepts_letters", "letters_text", "shortest_word", "co_reachable"]


def windows(word, k: int) -> frozenset:
    """The k-windows of the marked word ⋊word⋉ (the marked word itself when shorter than k),
    computed from the word."""
    marked = (START,) + tuple(word) + (END,)
    if len(marked) < k:
        return frozenset((marked,))
    return frozenset(marked[i:i + k] for i in range(len(marked) - k + 1))


def order_bound(n1: int, n2: int) -> int:
    """The order at which SL separates L1 from L2 when it separates them at all: 2N + 4 with
    N = n2·n1² (the triples of the chain's search)."""
    return 2 * n2 * n1 * n1 + 4


def run_word(d: DFA, q: int, word) -> int:
    """The state of ``d`` reached from ``q`` by ``word`` (letter indices)."""
    for a in word:
        q = int(d.transitions[q, a])
    return q


def accepts_letters(d: DFA, alphabet, word) -> bool:
    """Whether ``d`` accepts ``word``, given as indices into ``alphabet`` (the separator's
    letters, which need not be ``d``'s order)."""
    return bool(d.accepts([alphabet[a] for a in word]))


def letters_text(alphabet, word) -> str:
    """The word as text (the empty word: "")."""
    return "".join(alphabet[a] for a in word)


@dataclass(frozen=True)
class WindowChain:
    """SL: words x0 … xr, loops z1 … zr (≠ ε) and, for each loop, words uⱼ and wⱼ, such that

    * in D2, vₙ = x0·z1ⁿ·x1 ⋯ zrⁿ·xr is accepted for every n (zⱼ loops where D2 reads it);
    * in D1, x0 leads init1 to a state p¹ on which z1 loops and from which w1 accepts;
      uⱼ leads init1 to a state qʲ on which zⱼ loops, and xⱼ leads qʲ to a state pʲ⁺¹ on which
      zⱼ₊₁ loops and from which wⱼ₊₁ accepts; xr leads qʳ into F1.

    Then x0·z1ⁿ·w1, uⱼ·zⱼⁿ·xⱼ·zⱼ₊₁ⁿ·wⱼ₊₁ and ur·zrⁿ·xr are in L1, and for k ≤ n every k-window
    of ⋊vₙ⋉ lies in ⋊x0·z1ⁿ, in some zⱼⁿ·xⱼ·zⱼ₊₁ⁿ or in zrⁿ·xr⋉ (it cannot span a block zⱼⁿ
    of length ≥ n): a factor of one of those words.  So vₙ ∈ L2 lies in the least SL[k]
    language containing L1 for every k ≤ n: no SL language separates L1 from L2.  r = 0 is a
    common word."""

    x: tuple
    z: tuple
    u: tuple
    w: tuple

    def words(self, n: int) -> tuple:
        """(vₙ ∈ L2, the words of L1 whose windows cover vₙ's for k ≤ n)."""
        r = len(self.z)
        v = tuple(self.x[0])
        for j in range(r):
            v += tuple(self.z[j]) * n + tuple(self.x[j + 1])
        if r == 0:
            return v, (v,)
        ones = [tuple(self.x[0]) + tuple(self.z[0]) * n + tuple(self.w[0])]
        for j in range(r):
            tail = tuple(self.z[j + 1]) * n + tuple(self.w[j + 1]) if j + 1 < r else ()
            ones.append(tuple(self.u[j]) + tuple(self.z[j]) * n + tuple(self.x[j + 1]) + tail)
        return v, tuple(ones)

    def check(self, d1: DFA, d2: DFA) -> bool:
        r = len(self.z)
        if len(self.x) != r + 1 or len(self.u) != r or len(self.w) != r or not all(self.z):
            return False
        q = run_word(d2, int(d2.initial), self.x[0])
        for j in range(r):
            if run_word(d2, q, self.z[j]) != q:
                return False
            q = run_word(d2, q, self.x[j + 1])
        if not d2.accepting[q]:
            return False
        p = run_word(d1, int(d1.initial), self.x[0])
        for j in range(r):
            if run_word(d1, p, self.z[j]) != p or not d1.accepting[run_word(d1, p, self.w[j])]:
                return False
            p = run_word(d1, int(d1.initial), self.u[j])
            if run_word(d1, p, self.z[j]) != p:
                return False
            p = run_word(d1, p, self.x[j + 1])
        if not d1.accepting[p]:
            return False
        for k in (2, 3, 4):                     # the windows at n = k, computed from the words
            v, ones = self.words(k)
            have = frozenset().union(*(windows(o, k) for o in ones))
            if not windows(v, k) <= have:
                return False
        return True

    def text(self, alphabet) -> str:
        r = len(self.z)
        if r == 0:
            return f"{letters_text(alphabet, self.x[0]) or 'ε'} is in both languages"
        v = letters_text(alphabet, self.x[0]) + "".join(
            f"({letters_text(alphabet, self.z[j])})ⁿ{letters_text(alphabet, self.x[j + 1])}" for j in range(r))
        return (f"for every n, {v} ∈ L2 has only windows of length ≤ n of words of L1 "
                f"(a chain of {r} pumped block{'s' if r > 1 else ''})")

    def to_json(self, alphabet) -> dict:
        def text(ws):
            return [letters_text(alphabet, w) for w in ws]
        return {"kind": "window chain", "x": text(self.x), "z": text(self.z), "u": text(self.u),
                "w": text(self.w)}


#: the JSON form of a window chain read back (``separate --check``)
SL_PROOFS = {"window chain": lambda j, w: WindowChain(tuple(w(x) for x in j["x"]), tuple(w(z) for z in j["z"]),
                                                      tuple(w(u) for u in j["u"]), tuple(w(x) for x in j["w"]))}


def shortest_word(succ: np.ndarray, sources, target: np.ndarray):
    """A shortest word (letter indices) from one of ``sources`` to a node with ``target``
    True in the graph ``succ`` (node × letter → node), by levels in numpy; None if none."""
    size, m = succ.shape
    seen = np.zeros(size, dtype=bool)
    src = np.full(size, -1, dtype=np.int64)
    lab = np.full(size, -1, dtype=np.int64)
    frontier = np.unique(np.asarray(sources, dtype=np.int64))
    seen[frontier] = True
    while len(frontier):
        hit = frontier[target[frontier]]
        if len(hit):
            node, word = int(hit[0]), []
            while src[node] >= 0:
                word.append(int(lab[node]))
                node = int(src[node])
            return tuple(word[::-1])
        nxt = []
        for a in range(m):
            child = succ[frontier, a]
            child, first = np.unique(child, return_index=True)
            fresh = ~seen[child]
            child = child[fresh]
            seen[child] = True
            src[child], lab[child] = frontier[first[fresh]], a
            nxt.append(child)
        frontier = np.concatenate(nxt)
    return None


def co_reachable(succ: np.ndarray, target: np.ndarray) -> np.ndarray:
    """The nodes of the graph ``succ`` (node × letter → node) from which ``target`` is reached."""
    co = target.copy()
    while True:
        more = co | co[succ].any(axis=1)
        if (more == co).all():
            return co
        co = more


def window_chain(d1: DFA, d2: DFA, limit: int):
    """A :class:`WindowChain` when L1, L2 are not SL-separable, else None (the theorem of the
    module).  LimitExceeded beyond ``limit`` triples of states."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    n1, n2, m = d1.n_states, d2.n_states, d1.transitions.shape[1]
    size = n2 * n1 * n1
    if size > limit:
        raise LimitExceeded("triples of states (the SL window chain)", limit, "raise limit", ("limit",))
    index = np.int32 if size < 2 ** 31 else np.int64         # the triples' graph in 32-bit indices
    T1, T2 = np.asarray(d1.transitions, dtype=index), np.asarray(d2.transitions, dtype=index)
    P2, rest = np.divmod(np.arange(size, dtype=index), n1 * n1)
    P1, Q1 = np.divmod(rest, n1)
    del rest
    succ = np.stack([(T2[P2, a] * n1 + T1[P1, a]) * n1 + T1[Q1, a] for a in range(m)], axis=1)
    graph = csr_matrix((np.ones(size * m, dtype=np.int8), succ.reshape(-1), np.arange(0, size * m + 1, m)),
                       shape=(size, size))
    _, label = connected_components(graph, directed=True, connection="strong")
    del graph
    cyclic = (np.bincount(label)[label] > 1) | (succ == np.arange(size, dtype=index)[:, None]).any(axis=1)
    acc1, acc2 = np.asarray(d1.accepting, dtype=bool), np.asarray(d2.accepting, dtype=bool)
    co1 = co_reachable(T1, acc1)
    jump = (cyclic & co1[P1] & (P1 != Q1)).reshape(n2, n1, n1)
    # breadth-first over the pairs (p2, p1) = p2·n1 + p1: letters and jumps
    start = int(d2.initial) * n1 + int(d1.initial)
    parent: dict = {start: None}
    queue = deque([start])
    end = None
    while queue:
        node = queue.popleft()
        p2, p1 = divmod(node, n1)
        if acc2[p2] and acc1[p1]:
            end = node
            break
        steps = [((int(T2[p2, a]) * n1 + int(T1[p1, a])), ("letter", a)) for a in range(m)]
        steps += [(p2 * n1 + int(q1), ("jump", int(q1))) for q1 in np.flatnonzero(jump[p2, p1])]
        for child, how in steps:
            if child not in parent:
                parent[child] = (node, how)
                queue.append(child)
    if end is None:
        return None
    path = []
    node = end
    while parent[node] is not None:
        node, how = parent[node]
        path.append((node, how))
    path.reverse()
    xs, zs, us, ws = [[]], [], [], []
    for node, (kind, a) in path:
        if kind == "letter":
            xs[-1].append(a)
            continue
        p2, p1 = divmod(node, n1)
        triple = (p2 * n1 + p1) * n1 + a
        here = label == label[triple]
        z = next((b,) + shortest_word(succ, [int(succ[triple, b])], np.arange(size) == triple)
                 for b in range(m) if here[succ[triple, b]])
        zs.append(z)
        ws.append(shortest_word(T1, [p1], acc1))
        us.append(shortest_word(T1, [int(d1.initial)], np.arange(n1) == a))
        xs.append([])
    return WindowChain(tuple(tuple(x) for x in xs), tuple(zs), tuple(us), tuple(ws))


def decide_sl(d1: DFA, d2: DFA, limits, fixed):
    """(separator, proof, method) for SL at every order: the window chain when there is one;
    otherwise SL separates (at an order ≤ :func:`order_bound`) and ``fixed(k, limits)`` — the
    fixed-order procedure, (separator, proof) at SL[k] — is asked for k = 1, 2, … until it
    returns a separator (the least order), or the budget stops it (then no separator is
    claimed: undecided, saying that SL separates)."""
    chain = window_chain(d1, d2, limits.type_states)
    if chain is not None:
        return None, chain, ("a word of L2, with pumped blocks, whose windows all occur in words of L1 "
                             "(every SL[k] language containing L1 contains it)")
    bound = order_bound(d1.n_states, d2.n_states)
    for order in range(1, bound + 1):
        try:
            sep, _ = fixed(order, limits)
        except LimitExceeded as e:
            return None, None, (f"no window chain, so SL separates them at an order ≤ {bound} (§11.5), but no "
                                f"separator was built: SL[{order}] exceeds the budget ({e}); raise limit")
        if sep:
            return sep, None, (f"no window chain; separated at order {order} (the least: an SL[{order}] "
                               "language is an SL language), checked on DFAs")
    raise AssertionError(f"SL: no window chain, yet no separator up to order {bound}")
