"""A sound "not separable" for LT and LTT at every order: anchored walks with the same arrows
(docs/decision-procedures.md §11.6).

Let α: A⁺ → S be the transition semigroup of D1 ⊔ D2 (it recognises both languages) and E
its idempotents.  The *anchor graph* has the vertices E and an arrow e → f for each s ∈ S
with s = e·s·f.  Fix words u_e with α(u_e) = e and words v with α(v) = s; the arrow (e, s, f)
is realised by u_e^N·v·u_f^N, and a walk e0 → e1 → … → en with arrows s1, …, sn by

    R_N(walk) = u_{e0}^N · v1 · u_{e1}^N · v2 ⋯ vn · u_{en}^N,   α(R_N(walk)) = s1⋯sn

(α(u_e^N) = e since e is idempotent, and e·s·f = s).  **Lemma.** Two coterminal walks with
the same *set* of arrows are realised, for every k ≤ N·min|u_e|, by words with the same
(k−1)-prefix, (k−1)-suffix and set of k-factors of ⋊w⋉; with the same *multiset* of arrows,
by words with the same k-factors counted exactly.  *Proof*: an occurrence of a k-factor
cannot contain a whole anchor block u_e^N and a letter on each side of it, so one that
starts in u_{e(i−1)}^N or in v_i lies inside u_{e(i−1)}^N·v_i·u_{ei}^N — it is an occurrence
of the block of that arrow, at the same offset — and one that starts in the last anchor
block (or at ⋊) lies inside u_{en}^N⋉ (or ⋊u_{e0}^N): the occurrences are the first block's,
the sum over the arrows of the walk of each arrow's occurrences, and the last block's. ∎

LT_k and LTT_{k,t} equivalence are congruences (the k-factors of ⋊xy⋉ are those of ⋊x, of
y⋉ and of the (k−1)-suffix of x followed by the (k−1)-prefix of y), so a path from
(init1, init2) to F1 × F2 in the graph on Q1 × Q2 whose moves are the common letters and
the *generator pairs* (p1, p2) → (p1·g1, p2·g2) gives, for every k, a word of L1 and a word
of L2 that no LT_k (LTT_{k,t}) language tells apart.  The generator pairs (values of two
realised walks):

* ``swap`` (LT and LTT): the walks e →x f →y e →z f and e →z f →y e →x f — one multiset of
  arrows — values (exf·fye·ezf, ezf·fye·exf), for e, f ∈ E, x, z ∈ eSf, y ∈ fSe (with e = f
  and y = e: x·z against z·x in eSe);
* ``square`` (LT): the walks t and t·t around one loop e →t e, t ∈ eSe: (t, t²), (t², t);
* ``power`` (LT and LTT): for t with e = t^ω ≠ t^(ω+1) and p the period of e·t (its p-th power
  is e), u_e^N·(v·u_e^N)^(pN) against u_e^N·(v·u_e^N)^(pN+1): the loop (e, e·t, e) taken pN and
  pN + 1 times, both ≥ t once N ≥ t — values (e, e·t), (e·t, e).

When L2 is the complement of L1 (both DFAs minimal, so S is L1's syntactic semigroup), the
search is complete: L ∉ LT iff some eSe is not an idempotent commutative monoid
(Brzozowski–Simon 1973, McNaughton 1974), i.e. a ``square`` or a ``swap`` with e = f gives
two different elements, which a prefix and a suffix of the minimal DFA tell apart; L ∉ LTT
iff S is not aperiodic (a ``power``) or exf·fye·ezf ≠ ezf·fye·exf (a ``swap``)
(Beauquier–Pin 1989/1991).  For two arbitrary languages it is a sound "no", not a decision.

``verify`` (:meth:`LocalFamily.check`) does not trust the algebra: it re-checks on both
DFAs that each anchor acts idempotently and each power block stabilises, that the walks are
coterminal with the same arrows (set or multiset), that the realised words are in L1 and L2
at two values of N, and compares their k-factors (and counts) computed from the words.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from ...automata.dfa import DFA
from ...kernel.errors import LimitExceeded
from ..algebra.semigroup import transition_semigroup
from .counting_family import window_counts
from .strictly_local_separation import letters_text, run_word

__all__ = ["Swap", "Power", "LocalFamily", "local_family", "LOCAL_PROOFS"]

#: the values of N (and of the pump M = N) at which ``check`` realises the words
CHECK_N = (2, 4)
#: element products computed in one vectorised call of the swap enumeration (speed, not a bound)
SWAP_CHUNK = 20_000


def _acts(d: DFA, word) -> tuple:
    """The transformation of ``word`` on the states of ``d`` (q ↦ q·word)."""
    return tuple(run_word(d, q, word) for q in range(d.n_states))


@dataclass(frozen=True)
class Swap:
    """Two coterminal walks of the anchor graph: ``anchors`` (words), ``arrows`` (i, v, j)
    = u_i^N·v·u_j^N, ``walk1`` and ``walk2`` (arrow indices)."""

    anchors: tuple
    arrows: tuple
    walk1: tuple
    walk2: tuple

    def well_formed(self, multiset: bool) -> bool:
        n = len(self.anchors)
        if not self.walk1 or not self.walk2 or any(not u for u in self.anchors):
            return False
        if any(not (0 <= i < n and 0 <= j < n) or not v for i, v, j in self.arrows):
            return False
        for walk in (self.walk1, self.walk2):
            if any(not 0 <= a < len(self.arrows) for a in walk):
                return False
            if any(self.arrows[a][2] != self.arrows[b][0] for a, b in zip(walk, walk[1:])):
                return False
        ends = lambda w: (self.arrows[w[0]][0], self.arrows[w[-1]][2])
        same = Counter(self.walk1) == Counter(self.walk2) if multiset else set(self.walk1) == set(self.walk2)
        return ends(self.walk1) == ends(self.walk2) and same

    def words(self, n: int) -> tuple:
        def realise(walk):
            out = list(self.anchors[self.arrows[walk[0]][0]]) * n
            for a in walk:
                _, v, j = self.arrows[a]
                out += list(v) + list(self.anchors[j]) * n
            return tuple(out)
        return realise(self.walk1), realise(self.walk2)

    def anchor_words(self) -> tuple:
        return tuple(self.anchors)

    def to_json(self, alphabet) -> dict:
        w = lambda x: letters_text(alphabet, x)
        return {"anchors": [w(u) for u in self.anchors], "arrows": [[i, w(v), j] for i, v, j in self.arrows],
                "walk1": list(self.walk1), "walk2": list(self.walk2)}

    def text(self, alphabet) -> str:
        w = lambda x: letters_text(alphabet, x)
        block = lambda i: f"({w(self.anchors[i])})ᴺ"

        def name(walk):
            return block(self.arrows[walk[0]][0]) + "".join(f"·{w(self.arrows[a][1])}·{block(self.arrows[a][2])}"
                                                            for a in walk)
        return f"⟨{name(self.walk1)} | {name(self.walk2)}⟩"


@dataclass(frozen=True)
class Power:
    """u^N·(v·u^N)^(pN) against u^N·(v·u^N)^(pN+r): the loop (u, v, u) taken pN and pN + r times."""

    u: tuple
    v: tuple
    p: int
    r: int
    #: True: the longer word is the first (in L1)
    longer_first: bool = False

    def well_formed(self, multiset: bool) -> bool:
        return bool(self.u) and bool(self.v) and self.p >= 1 and self.r >= 1

    def words(self, n: int) -> tuple:
        block = tuple(self.v) + tuple(self.u) * n
        head = tuple(self.u) * n
        short, long = head + block * (self.p * n), head + block * (self.p * n + self.r)
        return (long, short) if self.longer_first else (short, long)

    def anchor_words(self) -> tuple:
        return (tuple(self.u),)

    def stable(self, d: DFA) -> bool:
        """u·(v·u)^(2p) acts as u·(v·u)^p: the value of u^N(v·u^N)^(pM) does not depend on M ≥ 1."""
        vu = tuple(self.v) + tuple(self.u)
        return _acts(d, tuple(self.u) + vu * (2 * self.p)) == _acts(d, tuple(self.u) + vu * self.p)

    def to_json(self, alphabet) -> dict:
        return {"anchor": letters_text(alphabet, self.u), "v": letters_text(alphabet, self.v), "p": self.p, "r": self.r,
                "longer_first": self.longer_first}

    def text(self, alphabet) -> str:
        u, v = letters_text(alphabet, self.u), letters_text(alphabet, self.v)
        a, b = f"{self.p}N", f"{self.p}N+{self.r}"
        a, b = (b, a) if self.longer_first else (a, b)
        return f"⟨({u})ᴺ·({v}·({u})ᴺ)^({a}) | ({u})ᴺ·({v}·({u})ᴺ)^({b})⟩"


@dataclass(frozen=True)
class LocalFamily:
    """``segments``: common words (tuples of letters) and generator pieces (:class:`Swap`,
    :class:`Power`); for every N the concatenation of the first realisations is in L1, of
    the second in L2, and the two have the same k-factors of ⋊w⋉ for k ≤ N·(shortest anchor)
    — as a set (``cls`` "LT") or counted up to N (``cls`` "LTT")."""

    cls: str
    segments: tuple

    def words(self, n: int) -> tuple:
        a, b = [], []
        for seg in self.segments:
            if isinstance(seg, tuple):
                a += seg
                b += seg
            else:
                x, y = seg.words(n)
                a += x
                b += y
        return tuple(a), tuple(b)

    def check(self, d1: DFA, d2: DFA) -> bool:
        multiset = self.cls == "LTT"
        pieces = [s for s in self.segments if not isinstance(s, tuple)]
        if self.cls not in ("LT", "LTT") or not pieces:
            return False
        for seg in pieces:
            if not seg.well_formed(multiset):
                return False
            if isinstance(seg, Power) and not (seg.stable(d1) and seg.stable(d2)):
                return False
            for u in seg.anchor_words():           # α(u^N) = α(u) for every N ≥ 1
                if any(_acts(d, u + u) != _acts(d, u) for d in (d1, d2)):
                    return False
        shortest = min(len(u) for s in pieces for u in s.anchor_words())
        for n in CHECK_N:                          # the words themselves, at two values of N
            w1, w2 = self.words(n)
            if not d1.accepting[run_word(d1, int(d1.initial), w1)] or not d2.accepting[run_word(d2, int(d2.initial), w2)]:
                return False
            for k in range(1, min(n * shortest, 4) + 1):
                t = n if multiset else 1
                c1, c2 = window_counts(w1, k, t), window_counts(w2, k, t)
                if (c1 != c2) if multiset else (set(c1) != set(c2)):
                    return False
        return True

    def text(self, alphabet) -> str:
        parts = [letters_text(alphabet, s) if isinstance(s, tuple) else s.text(alphabet) for s in self.segments]
        kind = "k-factors counted up to N" if self.cls == "LTT" else "k-factors"
        return ("for every N, the words ⟨first | second⟩ of " + " · ".join(parts) + ": the first is in L1, the "
                f"second in L2, with the same {kind} for every k ≤ N·(shortest anchor): no {self.cls} language "
                "separates them")

    def to_json(self, alphabet) -> dict:
        segs = []
        for s in self.segments:
            segs.append({"word": letters_text(alphabet, s)} if isinstance(s, tuple) else s.to_json(alphabet))
        return {"kind": "local family", "class": self.cls, "segments": segs}


def _segment_from_json(j: dict, w):
    if "word" in j:
        return w(j["word"])
    if "anchor" in j:
        return Power(w(j["anchor"]), w(j["v"]), int(j["p"]), int(j["r"]), bool(j.get("longer_first", False)))
    return Swap(tuple(w(u) for u in j["anchors"]), tuple((int(i), w(v), int(k)) for i, v, k in j["arrows"]),
                tuple(int(a) for a in j["walk1"]), tuple(int(a) for a in j["walk2"]))


#: the JSON form read back (``separate --check``)
LOCAL_PROOFS = {"local family": lambda j, w: LocalFamily(str(j["class"]),
                                                          tuple(_segment_from_json(s, w) for s in j["segments"]))}


# ---------------------------------------------------------------------------------------------
# the search

def _union_dfa(d1: DFA, d2: DFA) -> DFA:
    """D1 ⊔ D2: its transition semigroup acts on both state sets (first Q1, then Q2)."""
    n1 = d1.n_states
    T = np.concatenate([np.asarray(d1.transitions), np.asarray(d2.transitions) + n1]).astype(np.int64)
    return DFA(d1.alphabet, T, 0, np.zeros(len(T), dtype=bool))


def _generators(S, cls: str, budget: int):
    """The generator pairs of the module docstring: {(g1, g2): a function building the piece},
    and None or the LimitExceeded that cut the swaps short after ``budget`` element triples
    (the pairs found until then are kept).  LimitExceeded when the sets eSf alone exceed it."""
    size = S.size
    every = np.arange(size)
    E = [int(e) for e in S.idempotents]

    def mul(i, j):
        i, j = np.broadcast_arrays(np.asarray(i), np.asarray(j))
        return S.multiply(i, j)
    work = 0
    out = {}

    def spend(n):
        nonlocal work
        work += n
        if work > budget:
            raise LimitExceeded("element triples (the LT/LTT generator pairs)", budget, "raise search_budget",
                                ("search_budget",))

    sides = {}                                     # (e, f) → the elements of eSf
    for e in E:
        left = mul(e, every)
        for f in E:
            sides[e, f] = np.unique(mul(left, f))
        spend(size * len(E))
    word = lambda i: tuple(S.word(int(i)))
    for e in E:
        loops = sides[e, e]
        if cls == "LT":                            # square: (t, t²), (t², t)
            sq = S.squares[loops]
            for t, t2 in zip(loops, sq):
                if t != t2:
                    piece = lambda t=t, e=e: Swap((word(e),), ((0, word(t), 0),), (0,), (0, 0))
                    out.setdefault((int(t), int(t2)), piece)
                    flip = lambda t=t, e=e: Swap((word(e),), ((0, word(t), 0),), (0, 0), (0,))
                    out.setdefault((int(t2), int(t)), flip)
    omega = S.omega.astype(np.int64)               # power: (t^ω, t^(ω+1)) and back
    et = mul(omega, every)
    spend(size)
    period, g, todo = np.ones(size, dtype=np.int64), et.copy(), et != omega
    live = np.flatnonzero(todo & (g != omega))
    while len(live):                               # (e·t)^p = e: the period, vectorised
        g[live] = mul(g[live], et[live])
        period[live] += 1
        spend(len(live))
        live = live[g[live] != omega[live]]
    for t in np.flatnonzero(todo):
        e, p = int(omega[t]), int(period[t])
        out.setdefault((e, int(et[t])), lambda e=e, t=int(t), p=p: Power(word(e), word(t), p, 1))
        out.setdefault((int(et[t]), e), lambda e=e, t=int(t), p=p: Power(word(e), word(t), p, 1, True))
    cut = None
    pairs = [(e, e) for e in E] + [(e, f) for e in E for f in E if e != f]   # e = f: x·z against z·x first
    for e, f in pairs:                             # swap: (exf·fye·ezf, ezf·fye·exf)
        X, Y = sides[e, f], sides[f, e]
        try:
            spend(len(X) * len(X) * len(Y))
        except LimitExceeded as err:               # the pairs found so far are kept: still sound
            cut = err
            break
        if len(X) < 2:
            continue
        xy = mul(X[:, None], Y[None, :])           # [x, y] = x·y
        yx = mul(Y[None, :], X[:, None])           # [x, y] = y·x
        chunk = max(1, SWAP_CHUNK // xy.size)
        for lo in range(0, len(X), chunk):         # [x, y, z] for a slice of z at once
            Z = X[lo:lo + chunk][None, None, :]
            a, b = mul(xy[:, :, None], Z), mul(Z, yx[:, :, None])      # x·y·z, z·y·x
            for xi, yi, zi in zip(*np.nonzero(a != b)):
                key = (int(a[xi, yi, zi]), int(b[xi, yi, zi]))
                if key not in out:
                    out[key] = (lambda e=e, f=f, x=int(X[xi]), y=int(Y[yi]), z=int(Z[0, 0, zi]):
                                Swap((word(e), word(f)), ((0, word(x), 1), (1, word(y), 0), (0, word(z), 1)),
                                     (0, 1, 2), (2, 1, 0)))
    return out, cut


def local_family(d1: DFA, d2: DFA, cls: str, limits):
    """A :class:`LocalFamily` for LT or LTT (``cls``) found by the saturation of the module
    docstring, or None (no generator path: nothing is claimed).  LimitExceeded when the
    semigroup exceeds ``limits.semigroup_elements``, the generator pairs ``limits.search_budget``
    triples, or the moves (pairs × generators) ``limits.search_budget``."""
    S = transition_semigroup(_union_dfa(d1, d2), limit=limits.semigroup_elements, memory_budget=limits.memory_budget)
    gens, cut = _generators(S, cls, limits.search_budget)
    n1, n2, m = d1.n_states, d2.n_states, d1.transitions.shape[1]
    keys = list(gens)
    if n1 * n2 * max(len(keys), 1) > max(limits.search_budget, 1):
        raise LimitExceeded("moves of the LT/LTT generator saturation", limits.search_budget,
                            "raise search_budget", ("search_budget",))
    G1 = S.elements[[k[0] for k in keys]][:, :n1].astype(np.int64) if keys else np.zeros((0, n1), np.int64)
    G2 = (S.elements[[k[1] for k in keys]][:, n1:].astype(np.int64) - n1) if keys else np.zeros((0, n2), np.int64)
    T1, T2 = np.asarray(d1.transitions), np.asarray(d2.transitions)
    psucc = np.stack([T1[np.arange(n1 * n2) // n2, a] * n2 + T2[np.arange(n1 * n2) % n2, a] for a in range(m)], axis=1)
    acc = np.outer(np.asarray(d1.accepting, bool), np.asarray(d2.accepting, bool)).reshape(-1)
    start = int(d1.initial) * n2 + int(d2.initial)
    parent = {start: None}
    queue = [start]
    goal = None
    i = 0
    while i < len(queue):                          # breadth first: letters and generator moves
        node = queue[i]
        i += 1
        if acc[node]:
            goal = node
            break
        p1, p2 = divmod(node, n2)
        nxt = [(int(psucc[node, a]), ("letter", a)) for a in range(m)]
        if keys:
            targets = G1[:, p1] * n2 + G2[:, p2]
            nxt += [(int(c), ("gen", g)) for g, c in enumerate(targets)]
        for child, move in nxt:
            if child not in parent:
                parent[child] = (node, move)
                queue.append(child)
    if goal is None or all(mv is None or mv[1][0] == "letter" for mv in (parent[n] for n in _path(parent, goal))):
        if cut is not None:                        # some swaps were not tried: nothing is claimed
            raise cut
        return None                                # no path, or a common word only (said elsewhere)
    moves = [parent[n][1] for n in _path(parent, goal) if parent[n] is not None]
    segments, word = [], []
    for kind, val in moves:
        if kind == "letter":
            word.append(val)
            continue
        if word:
            segments.append(tuple(word))
            word = []
        segments.append(gens[keys[val]]())
    if word:
        segments.append(tuple(word))
    family = LocalFamily(cls, tuple(segments))
    if not family.check(d1, d2):
        raise AssertionError(f"{cls} local family failed its own check")
    return family


def _path(parent: dict, goal: int) -> list:
    out = []
    node = goal
    while node is not None:
        out.append(node)
        step = parent[node]
        node = None if step is None else step[0]
    return out[::-1]
