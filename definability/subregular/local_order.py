"""The least order k of a locally testable language (and the least threshold t of a locally
threshold testable one), by the path category of the de Bruijn graph over the syntactic
semigroup — polynomial for a fixed k, where the exact profile test of :mod:`.profiles`
(sets of k-factors × DFA states) is exponential in the alphabet.

Words of length ≥ k − 1 are walks in the de Bruijn graph G_k: nodes are the words of length
k − 1, a letter a leads from x to the last k − 1 letters of x·a, and the k-factors of a word
are the edges of its walk (with their multiplicities); the k-profile of ⋊w⋉ is the first
node, the last node, and the edges used (LT_k: as a set; LTT_{k,t}: counted up to t).  Words
shorter than k − 1 have profiles of their own (the marked word is shorter than k + 1), so
they constrain nothing.

Theorem (graph congruences, on the coterminal walks of any finite graph, here G_k): two
coterminal walks with the same edges counted up to t are related by the moves α·β·γ ↔ γ·β·α
(α, γ walks x → y, β a walk y → x, in any context) and y^t ↔ y^(t+1) (y a closed walk);
for t = 1 (the same set of edges) y ↔ y² and y·z ↔ z·y for closed walks y, z at one node
suffice.  Sources — LT: the graph-congruence theorem behind Brzozowski and Simon's
characterization ("Characterizations of locally testable events", Discrete Math. 4, 1973:
L is LT iff eSe is an idempotent commutative monoid for every idempotent e; McNaughton
1974 independently); Brzozowski and Knast ("Graph congruences and pair testing", RAIRO ITA
20, 1986) state that the LT characterization rests on a theorem on graph congruences and
prove the analogue for pairs.  LTT: Thérien and Weiss, "Graph congruences and wreath
products", J. Pure Appl. Algebra 36 (1985) — to our knowledge the graph congruence generated
by x^t = x^(t+1) (loops) and x·z·y = y·z·x (x, y coterminal, z back), whose classes are the
walks with equal edge counts up to t; and Beauquier and Pin ("Factors of words", ICALP 1989,
LNCS 372; "Languages and scanners", TCS 84, 1991): L is LTT iff S is aperiodic and
e·a·f·u·e·b·f = e·b·f·u·e·a·f for all idempotents e, f — the move α·β·γ ↔ γ·β·α with e, f
in the roles of the nodes x, y.  Confirmed from the sources we could search (excerpts, not
the papers): the titles, Brzozowski–Simon's and Beauquier–Pin's semigroup conditions, and
Brzozowski–Knast's remark; not confirmed: the exact wording and number of the graph
theorems (Simon's for sets, Thérien–Weiss's for threshold counts).  The code uses the graph
form above on G_k; tests/definability/test_local_order.py checks it against the exact
profile test and a brute force.  Both moves keep the profile, so with Q·x the states the
minimal DFA can be in after a word ending with x:

    L ∈ LTT_{k,t}  iff  (B) q·αβγ = q·γβα for all nodes x, y, walks α, γ: x → y, β: y → x
                          and q ∈ Q·x, and
                        (A) q·y^t = q·y^(t+1) for every closed walk y at x and q ∈ Q·x;
    L ∈ LT_k       iff  (B) and (A) with t = 1.

(B) does not depend on t, and on an aperiodic semigroup (A) holds for t = the largest index
of a closed walk on Q·x (≤ n), so the least k of LTT is the least k with (B), and its least
t is that largest index; the least k of LT is the least k with (B) and every closed walk
idempotent on Q·x.  A failing instance is the witness: u·x·αβγ·r against u·x·γβα·r (the
same k-factors with the same counts: every threshold), or u·x·y^(t−1)·r against u·x·y^t·r
(the same k-factors counted up to t − 1), u reaching a state p with p·x·… different and r
separating the two states reached.

Computed on the syntactic semigroup S (already enumerated for the verdict): a walk α from x
is represented by the element of x·α (its action on Q·x); for each node x a breadth-first
search over (node, element) finds the classes of walks x → y with a shortest word each, at
most |Σ|^(k−1)·(|S| + 1) per node; (B) costs Σ_{x,y} |P(x,y)|²·|P(y,x)| products, (A) one
power sequence (≤ n + 1 products) per class of closed walks.  So O(|Σ|^(2(k−1))·|S|) states
and at most |Σ|^(2(k−1))·|S|³ products for one k: polynomial for a fixed k (Trahtman 2000,
TCS 235, checks j-testability of a DFA in O(n^(j+1)); Kim and McNaughton, LNCS 560 (1991),
show that the least k is NP-hard to compute in general, and it is at most (n² − n)/2 + 1
for a locally testable minimal DFA with n states: Trahtman, LNCS 1436 (1998), TCS 231
(2000)).  Letters acting alike are merged first (:func:`merged_letters`).  Budgets: ``states`` (search
states over all nodes of one k) and ``products`` (products of one k); beyond them
:class:`~attnlogic.kernel.errors.LimitExceeded`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...automata.dfa import DFA
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..algebra.profiles import Tracker, factor_profiles_at_least, parent_word, profile_test
from ..values.pumped import ClassWitness
from . import (TABLE_ENTRIES, ClassAnswer, context_of, decide_on_semigroup, letters,
               member_by_semigroup, multiplication_table, semigroup)

__all__ = ["OrderTest", "PathCertificate", "order_test", "least_orders", "extended_table", "merged_letters",
           "listed_profiles", "yes_with_order", "local_class"]


@dataclass(frozen=True)
class OrderTest:
    """The path-category test at order k: ``commutes`` ((B) holds), ``index`` (the least t
    with (A); None when (B) fails, or a closed walk is not aperiodic), ``swap`` (when (B)
    fails: (u·x·αβγ·r, u·x·γβα·r) as letter-index lists, the first in L), ``loop`` (when the
    index is ≥ 2: (u·x·y^(t−1)·r, u·x·y^t·r) ordered the same way, t the index)."""

    k: int
    commutes: bool
    index: int | None
    swap: tuple | None = None
    loop: tuple | None = None


@dataclass(frozen=True)
class PathCertificate:
    """The certificate of LT_k (``t`` = 1) or LTT_{k,t} when the accepted profiles are too
    many to list: the order itself, which the verifier checks by computing the path
    category of order k on the DFA's transformations with its own code (kind ``path
    category``)."""

    k: int
    t: int
    threshold: bool

    def to_json(self, sep: str = "") -> dict:
        out = {"kind": "path category", "k": self.k}
        if self.threshold:
            out["t"] = self.t
        return out

    def text(self, sep: str = "", limit: int = 4) -> str:
        what = (f"its set of {self.k}-factors of ⋊w⋉" if not self.threshold else
                f"its {self.k}-factors of ⋊w⋉ counted up to {self.t}")
        return (f"w ∈ L depends only on {what} (the accepted profiles are too many to list: the "
                f"path category of order {self.k} is the proof)")


def extended_table(M: np.ndarray) -> np.ndarray:
    """The multiplication table with one more index, |S|, for the empty word (the identity)."""
    n = M.shape[0]
    M1 = np.empty((n + 1, n + 1), dtype=np.int64)
    M1[:n, :n] = M
    M1[n, :] = np.arange(n + 1)
    M1[:, n] = np.arange(n + 1)
    return M1


def _node_word(x: int, k: int, m: int) -> list[int]:
    """The letters of node x (base-m digits, most significant first, k − 1 of them)."""
    out = []
    for _ in range(k - 1):
        out.append(x % m)
        x //= m
    return out[::-1]


def _walk_classes(S, k: int, m: int, x: int, ident: int, budget: list):
    """For node x: {y: [(element of x·α, element of α, α)]} over the classes of walks
    α: x → y, each with a shortest word (breadth-first); ``budget[0]`` search states left."""
    width = m ** (k - 1)
    word_x = _node_word(x, k, m)
    start = S.element_of_word(word_x) if word_x else ident
    key0 = (x, start)
    parent = {key0: None}
    own = {key0: ident}
    found: dict[int, list] = {x: [(start, ident, [])]}
    frontier = [key0]
    right, gens = S.right, S.generators
    while frontier:
        nxt = []
        for key in frontier:
            z, s = key
            for a in range(m):
                z2 = (z * m + a) % width if width > 1 else 0
                s2 = int(gens[a]) if s == ident else int(right[s, a])
                child = (z2, s2)
                if child in parent:
                    continue
                budget[0] -= 1
                if budget[0] < 0:
                    raise LimitExceeded(f"walk classes of the de Bruijn graph of order {k} "
                                        "(nodes × semigroup elements)", budget[1], "raise limit",
                                        ("limit",))
                parent[child] = (key, a)
                o = own[key]
                own[child] = int(gens[a]) if o == ident else int(right[o, a])
                word = parent_word(parent, child)
                found.setdefault(z2, []).append((s2, own[child], word))
                nxt.append(child)
        frontier = nxt
    return word_x, found


def order_test(dfa, S, M1: np.ndarray, k: int, states: int, products: int,
               witnesses: bool = True, full: bool = True) -> OrderTest:
    """The test (A), (B) of the module docstring at order k ≥ 1 on the minimal DFA with
    syntactic semigroup S (M1: :func:`extended_table` of its multiplication table).  With
    ``full`` False (LT), (B) only for x = y and β empty — the closed walks at each node
    commute — which with (A) at t = 1 implies (B): αβγ = (αβ)(αβ)γ = α(βα)(βγ) =
    α(βγ)(βα) = (αβ)(γβ)α = (γβ)(αβ)α = γ(βα)(βα) = γβα, each step squaring or commuting
    closed walks at x or y."""
    m = len(dfa.alphabet)
    ident = S.size
    width = m ** (k - 1)
    if width > states:
        raise LimitExceeded(f"nodes of the de Bruijn graph of order {k}", states,
                            f"{m}^{k - 1} nodes", ("limit",))
    budget = [states, states]
    classes = {}
    words = {}
    for x in range(width):
        words[x], classes[x] = _walk_classes(S, k, m, x, ident, budget)
    work = 0
    # (B): for α, γ: x → y, β: y → x — X[j][i, l] = (x·α_i)·β_j·γ_l, symmetric in (i, l);
    # for LT (``full`` False) only x = y and β empty: the closed walks at x commute
    for x in range(width):
        for y in (range(width) if full else (x,)):
            P = classes[x].get(y)
            Q = classes[y].get(x) if full else [(None, ident, [])]
            if not P or not Q:
                continue
            A = np.array([p[0] for p in P])
            EA = np.array([p[1] for p in P])
            for j, (_, eb, be) in enumerate(Q):
                work += len(P) * len(P)
                if work > products:
                    raise LimitExceeded(f"products of the commutation test at order {k}", products,
                                        "raise limit", ("limit",))
                X = M1[M1[A, eb][:, None], EA[None, :]]
                bad = np.argwhere(X != X.T)
                if len(bad):
                    if not witnesses:
                        return OrderTest(k, False, None)
                    i, l = (int(v) for v in bad[0])
                    al, ga = P[i][2], P[l][2]
                    pair = _pair(dfa, S, ident, int(X[i, l]), int(X[l, i]), words[x],
                                 al + be + ga, ga + be + al)
                    return OrderTest(k, False, None, swap=pair)
    # (A): the index of every class of closed walks at every node, on Q·x
    top, where = 1, None
    for x in range(width):
        for s, o, w in classes[x].get(x, []):
            if o == ident:
                continue
            seq = [s]
            for _ in range(dfa.n_states + 2):
                seq.append(int(M1[seq[-1], o]))
                if seq[-1] == seq[-2]:
                    break
            else:
                return OrderTest(k, True, None)       # not aperiodic on Q·x: no threshold
            t = len(seq) - 2 + 1                        # seq[t-1] = x·y^t = x·y^(t+1)
            if t > top:
                top, where = t, (x, w, seq[t - 2], seq[t - 1])
    loop = None
    if where is not None and witnesses:
        x, w, before, at = where
        loop = _pair(dfa, S, ident, before, at, words[x], w * (top - 1), w * top)
    return OrderTest(k, True, top, loop=loop)


def _pair(dfa, S, ident, one: int, two: int, head: list, w1: list, w2: list):
    """(u·head·w1·r, u·head·w2·r) ordered in L first, where the elements ``one`` (of
    head·w1) and ``two`` (of head·w2) differ at the state u reaches and r separates them."""
    n = dfa.n_states
    ea = S.elements[one] if one != ident else np.arange(n)
    eb = S.elements[two] if two != ident else np.arange(n)
    u, r = context_of(dfa, ea, eb)
    a, b = u + head + w1 + r, u + head + w2 + r
    return (a, b) if dfa.accepts([dfa.alphabet[i] for i in a]) else (b, a)


def least_orders(dfa, S, M: np.ndarray, threshold: bool, states: int, products: int,
                 k_max: int | None = None):
    """The least k (LT: ``threshold`` False; LTT: True, then the least t at that k) by
    :func:`order_test` for k = 1, 2, …: ``(k, t, below, None)`` with ``below`` = (k', t',
    (u, v)) the pair showing that the order just below fails (LT: k − 1 with t' = 1; LTT: (k,
    t − 1) when t > 1, else k − 1 at every threshold, t' None), or ``(None, None, below,
    reason)`` when a budget or ``k_max`` stops the search."""
    M1 = extended_table(M)
    below = None
    k = 1
    while k_max is None or k <= k_max:
        try:
            res = order_test(dfa, S, M1, k, states, products, full=threshold)
        except LimitExceeded as exc:
            return None, None, below, str(exc)
        if res.commutes and res.index is not None and (threshold or res.index == 1):
            if threshold and res.index > 1:
                below = (k, res.index - 1, res.loop)
            return k, (res.index if threshold else 1), below, None
        if not res.commutes:
            below = (k, None, res.swap)
        else:                                   # LT: a closed walk is not idempotent
            below = (k, 1, res.loop)
        k += 1
    return None, None, below, f"no order ≤ {k_max} suffices"


def _below_witness(dfa, below, threshold: bool) -> ClassWitness | None:
    """The pair of :func:`least_orders`'s ``below`` as a witness (every threshold: counted
    up to a bound above every count, so exactly)."""
    if below is None or below[2] is None:
        return None
    kb, tb, (u, v) = below
    if not threshold:
        return ClassWitness("pair", (letters(dfa, u),), (letters(dfa, v),), kb,
                            f"the same set of {kb}-factors of ⋊w⋉")
    if tb is None:
        tb = max(len(u), len(v)) + 2
        claim = f"the same {kb}-factors of ⋊w⋉ with the same numbers of occurrences (every threshold)"
    else:
        claim = f"the same {kb}-factors of ⋊w⋉ counted up to {tb}"
    return ClassWitness("pair", (letters(dfa, u),), (letters(dfa, v),), kb, claim, None, tb)


def merged_letters(dfa, S, M: np.ndarray, limits: Limits):
    """``(dfa', S', M')``: the minimal DFA restricted to the first letter of each class of
    letters acting alike (equal columns of the transition table), its semigroup and table —
    the same objects when no two letters act alike.  L and its restriction L' have the same
    least k (and t): L = h⁻¹(L') for the letter-to-letter h sending each letter to its class's
    first, a word over the kept letters has the same profile in both alphabets, and the
    profile of h(w) (counts summed over the letters merged, capped at t) is a function of
    the profile of w.  The words of the pairs below are words of the kept letters."""
    T = np.asarray(dfa.transitions)
    _, keep = np.unique(T.T, axis=0, return_index=True)
    keep = np.sort(keep)
    if len(keep) == T.shape[1]:
        return dfa, S, M
    small = DFA(tuple(dfa.alphabet[i] for i in keep), T[:, keep], int(dfa.initial), dfa.accepting)
    S2 = semigroup(small, limits)
    return small, S2, multiplication_table(S2)


def listed_profiles(dfa, k: int, t: int, limit: int):
    """:func:`~.profiles.profile_test` at (k, t) for a language already in LTT_{k,t} (LT_k:
    t = 1), so that it can only end by listing every product state: LimitExceeded at once
    when :func:`~.profiles.factor_profiles_at_least` already exceeds ``limit`` (the same
    outcome as the search, which would stop there, without its cost)."""
    m = len(dfa.alphabet)
    if factor_profiles_at_least(m, k, t, limit) > limit:
        V, E = m ** (k - 1), m ** k
        raise LimitExceeded(f"factors profiles of order {k} (tracker × DFA states: at least "
                            f"{V}²·{t + 1}^{E - V} over {m} letters, counted before the search)", limit,
                            "raise limit", ("limit",))
    return profile_test(dfa, Tracker("factors", k, t), limit)


def yes_with_order(dfa, S, M: np.ndarray, method: str, limits: Limits, certificates: bool,
                   threshold: bool) -> ClassAnswer:
    """A decided "yes" of LT (``threshold`` False) or LTT: the least k (and t) by
    :func:`least_orders`, the pair showing the order below fails, and the certificate of
    :mod:`.profiles` (the accepted profiles of order k) when it fits in
    ``limits.synthesis_states`` (:func:`listed_profiles`: not tried when a lower bound on
    the listing already exceeds it), else a :class:`PathCertificate` (the answer says why)."""
    if not certificates:
        return ClassAnswer(True, method)
    small, S, M = merged_letters(dfa, S, M, limits)
    k, t, below, why = least_orders(small, S, M, threshold, limits.synthesis_states, TABLE_ENTRIES)
    wit = _below_witness(small, below, threshold)
    if k is None:
        return ClassAnswer(True, method + f"; least k and certificate not computed: {why}", below=wit)
    order = f"least k = {k}" + (f", threshold t = {t}" if threshold else "")
    how = f"{order} (path category of the de Bruijn graph of order {k}"
    try:
        ok, cert = listed_profiles(dfa, k, t, limits.synthesis_states)
    except LimitExceeded as exc:
        return ClassAnswer(True, method + f"; {how}); accepted profiles not listed: {exc}", k,
                           PathCertificate(k, t, threshold), None, wit, t if threshold else None)
    if not ok:
        raise AssertionError(f"the profile test refutes the order {k}, t = {t} found by the path category")
    return ClassAnswer(True, method + f"; {how}, certificate by the exact profile test)", k, cert, None,
                       wit, t if threshold else None)


def local_class(name: str, violation, refute, yes, threshold: bool, module: str):
    """The ``decide`` and ``member`` of LT (``threshold`` False) or LTT, both decided on the
    syntactic semigroup S of the minimal DFA (its multiplication table M), from what the
    class declares: ``violation(S, M)`` (what fails the class's identity, or None),
    ``refute(dfa, certificates, S, M, found)`` (its "no") and ``yes(S)`` (how its "yes" was
    decided, in words; :func:`yes_with_order` adds the least order and the certificate).
    ``member`` is the verdict alone (None: beyond the limits).  ``name`` (the class in
    words) and ``module`` (the declaring module) go into their docstrings and ``__module__``."""

    def member(dfa, limits: Limits | None = None) -> bool | None:
        return member_by_semigroup(dfa, limits, violation)

    def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
        return decide_on_semigroup(
            dfa, limits, violation, context, lambda S, M, found: refute(dfa, certificates, S, M, found),
            lambda S, M, limits: yes_with_order(dfa, S, M, yes(S), limits, certificates, threshold))

    member.__doc__ = f"Whether L is {name} (None: the semigroup is beyond the limits)."
    decide.__doc__ = (f"Whether L is {name}, decided on the syntactic semigroup: a pumped pair for "
                      "\"no\"; for \"yes\" the least order, its certificate and the pair of the order below.")
    for f in (member, decide):
        f.__module__, f.__qualname__ = module, f.__name__
    return decide, member
