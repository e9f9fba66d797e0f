"""GD: the generalized definite languages — membership decided by a prefix and a suffix of
bounded length (finite Boolean combinations of uΣ* and Σ*v; Ginzburg 1966, Steinby 1969).

L is GD_k iff w ∈ L depends only on (the first k letters, the last k letters) of w (a word
shorter than k is its own profile).  Syntactic semigroup: locally trivial, e·s·e = e for
every idempotent e and every s (the variety LI; Zalcstein 1972, Pin's book, §V.1).  Decided
on the minimal DFA by the pair-graph form of that identity: L is **not** GD iff there are
two distinct states r ≠ t, t reachable from r, and a non-empty word x with r·x = r and
t·x = t (the pair (r, t) lies on a cycle of the pair graph (p, q) → (p·a, q·a)).
Proof: given such r, t, x and s with r·s = t, the idempotent e = x^ω fixes r and t, so
r·(e s e) = t·e = t ≠ r = r·e and e·s·e ≠ e; conversely, e·s·e ≠ e at some state p gives
r = p·e and t = p·e·s·e, distinct, t reachable from r, both fixed by x = e's word.  Time
and memory O(n²·|A|): the strongly connected components of the pair graph, and
reachability between the components of the DFA (bitsets over its condensation); the
semigroup is not enumerated (it is the independent cross-check in the tests: the identity
e·s·e = e on the census and 200 random DFAs).  The pair graph is bounded by
``limits.memory_budget``.  The least k by the exact profile test of :mod:`.profiles`
(k = 0, 1, … within ``limits.synthesis_states``).

Certificate: the accepted (prefix, suffix) pairs of length k and the accepted words shorter
than k (kind ``prefix-suffix``).  Witness for "no": the states r ≠ t, the loop word x, a word s
from r to t, u reaching r and a suffix v that separates r and t: u·x^K·s·x^K·v and u·x^K·v
differ on L and share their first |u| + K|x| and last K|x| + |v| letters, for every K.  A "yes" carries the pair with
one profile of order k − 1 (so k is least).
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import distinguishing_suffix, table_sccs, word_between
from ...kernel.errors import LimitExceeded
from ...kernel.limits import require_memory
from ...kernel.limits import Limits
from ..contract.classes import LanguageClass
from . import ClassAnswer, ClassProcedure, letters, pumped_pair, yes_with_least_order
from ..checks.verify_subregular import AnswerCheck


__all__ = ["pair_violation", "decide", "member", "PROCEDURE", "CLASS"]


def pair_violation(dfa, limits: Limits | None = None) -> tuple[int, int, list[int]] | None:
    """(r, t, x): distinct states r, t with t reachable from r and a non-empty word x
    (letter indices) with r·x = r and t·x = t; None when L(dfa) is generalized definite
    (``dfa`` minimal; module docstring).  MemoryBudgetExceeded beyond
    ``limits.memory_budget``."""
    limits = Limits() if limits is None else limits
    T = np.asarray(dfa.transitions, dtype=np.int64)
    n, k = T.shape
    if n < 2 or k == 0:
        return None
    require_memory(f"the pair graph of a {n}-state automaton", n * n * k * 24, limits.memory_budget)
    P = (T[:, None, :] * n + T[None, :, :]).reshape(n * n, k)          # (p, q) ↦ (p·a, q·a)
    comp = table_sccs(P).component
    pairs = np.arange(n * n)
    on_cycle = (np.bincount(comp)[comp] > 1) | (P == pairs[:, None]).any(axis=1)
    r_of, t_of = np.divmod(pairs, n)
    candidates = np.flatnonzero(on_cycle & (r_of != t_of))
    if len(candidates) == 0:
        return None
    # reachability r → t: bitsets over the condensation of the DFA (components in topological order)
    dcomp = table_sccs(T).component
    count = int(dcomp.max()) + 1
    succ = [set() for _ in range(count)]
    for p, c in zip(np.repeat(dcomp, k).tolist(), dcomp[T.ravel()].tolist()):
        succ[p].add(c)
    reach = [0] * count
    for c in range(count - 1, -1, -1):
        bits = 1 << c
        for d in succ[c]:
            bits |= reach[d] if d != c else 0
        reach[c] = bits
    for i in candidates.tolist():
        r, t = divmod(i, n)
        if reach[int(dcomp[r])] >> int(dcomp[t]) & 1:
            loop = [a for a in range(k) if P[i, a] == i]
            if loop:
                return r, t, [loop[0]]
            a = next(a for a in range(k) if comp[P[i, a]] == comp[i])
            return r, t, [a] + word_between(P, int(P[i, a]), i)
    return None


def member(dfa, limits: Limits | None = None) -> bool | None:
    """Whether L is generalized definite (None: the pair graph is beyond the limits)."""
    try:
        return pair_violation(dfa, limits) is None
    except LimitExceeded:
        return None


def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
    limits = Limits() if limits is None else limits
    try:
        bad = pair_violation(dfa, limits)
    except LimitExceeded as exc:
        return ClassAnswer(None, f"undecided: {exc}")
    T = np.asarray(dfa.transitions)
    if bad is not None:
        r, t, x = bad
        s = word_between(T, r, t)
        method = (f"not generalized definite: the distinct states {r} and {t} (the second reached from the first "
                  f"by '{''.join(letters(dfa, s))}') both loop on '{''.join(letters(dfa, x))}' (a cycle of the "
                  "pair graph: e·s·e ≠ e for e = x^ω)")
        if not certificates:
            return ClassAnswer(False, method)
        u = word_between(T, int(dfa.initial), r)
        v = distinguishing_suffix(T, np.asarray(dfa.accepting), r, t)
        wit = pumped_pair(dfa, [x], [u, 0, s, 0, v], [u, 0, v],
                          "same first and last K|x| letters (every k, raising K)")
        return ClassAnswer(False, method, witness=wit)
    method = ("generalized definite: no two distinct states, the second reachable from the first, lie on a "
              "cycle of the pair graph (e·s·e = e in the syntactic semigroup)")
    return yes_with_least_order(dfa, method, limits, certificates, "prefix-suffix", 0,
                                lambda j: f"same first and last {j} letters")


PROCEDURE = ClassProcedure("generalized definite", decide)
#: GD: finite Boolean combinations of uΣ* and Σ*v (asked when named: ``--class GD``)
CLASS = LanguageClass("GD", PROCEDURE, "prefix-suffix profiles", "pair", default=False,
                      check=AnswerCheck("GD"),
                      inclusions=(("RD", "uΣ* conditions are prefix-suffix conditions"),
                                  ("LTL[Y]", "Σ*v conditions are prefix-suffix conditions")),
                      groups=("subregular",), bulk="GD", parameters="k",
                      summary="generalized definite: membership by the prefix and suffix of length k")
