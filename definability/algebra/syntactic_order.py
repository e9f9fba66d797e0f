"""The syntactic order of a language (Pin 1995, "A variety theorem without complementation";
Pin–Weil 1997): the order that makes the syntactic monoid an ordered monoid.

Convention (Pin's, used throughout attnlogic and by the Language Toolkit's
``syntacticOrder``): for words u, v,

    u ≤_L v  iff  for all words x, y:  x·v·y ∈ L  implies  x·u·y ∈ L,

so "x ≤ 1" reads "inserting x anywhere keeps a word in L" (the upward closed languages),
and the order of the complement of L is the reverse of that of L.

On the minimal DFA (initial state i, every state reachable) it is read off the **state
inclusion preorder** p ⊑ q iff L_p ⊆ L_q (L_p the words leading p into F): for the
transformations s, t of the transition monoid,

    s ≤ t  iff  q·t ⊑ q·s  for every state q,

since x·t·y ∈ L iff y ∈ L_{q·t} with q = i·x, and x ranges over all words exactly when q
ranges over all states.  The preorder is the greatest relation with p ⊑ q ⇒ (p ∈ F ⇒
q ∈ F) and p·a ⊑ q·a for every letter a; its complement (the pairs with L_p ⊄ L_q) is the
least set containing F × (Q∖F) and closed under taking predecessor pairs (p', q') with
p'·a = p, q'·a = q.  :func:`state_inclusion` computes that set by a worklist over pairs:
each pair enters it once and its predecessor pairs are enumerated from the inverse
transition lists, so the work is O(n²·|A|) in all (one pass over the pair graph), not a
fixpoint iterated n times.
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import distinguishing_suffix

__all__ = ["state_inclusion", "leq", "residual_difference"]


def state_inclusion(dfa) -> np.ndarray:
    """``inc[p, q]``: L_p ⊆ L_q, for the states of ``dfa`` (any complete DFA; module
    docstring: the failing pairs spread backwards from F × (Q∖F), each pair once)."""
    t = np.asarray(dfa.transitions, dtype=np.int64)
    acc = np.asarray(dfa.accepting, dtype=bool)
    n, k = t.shape
    bad = acc[:, None] & ~acc[None, :]
    P, Q = np.nonzero(bad)
    # the inverse transitions of each letter: the states sorted by their image, and where
    # the preimages of each state start
    inverse = []
    for a in range(k):
        order = np.argsort(t[:, a], kind="stable")
        start = np.searchsorted(t[order, a], np.arange(n + 1))
        inverse.append((order, start))
    while len(P):
        nxt_p, nxt_q = [], []
        for order, start in inverse:
            cp = start[P + 1] - start[P]
            cq = start[Q + 1] - start[Q]
            sizes = cp * cq
            total = int(sizes.sum())
            if not total:
                continue
            which = np.repeat(np.arange(len(P)), sizes)
            offset = np.arange(total) - np.repeat(np.cumsum(sizes) - sizes, sizes)
            pp = order[start[P[which]] + offset // cq[which]]
            qq = order[start[Q[which]] + offset % cq[which]]
            nxt_p.append(pp)
            nxt_q.append(qq)
        if not nxt_p:
            break
        pp, qq = np.concatenate(nxt_p), np.concatenate(nxt_q)
        flat = bad.reshape(-1)
        key = pp * n + qq
        key = key[~flat[key]]
        before = flat.copy() if len(key) > n else None
        flat[key] = True                               # the new pairs, each once:
        key = np.flatnonzero(flat & ~before) if before is not None else np.unique(key)
        P, Q = key // n, key % n
    return ~bad


def leq(inc: np.ndarray, s: np.ndarray, t: np.ndarray) -> np.ndarray:
    """s ≤ t in the syntactic order, row by row: ``s``, ``t`` arrays of transformations
    (shape (..., n), row q ↦ q·s), ``inc`` from :func:`state_inclusion` of the minimal
    DFA; true where L_{q·t} ⊆ L_{q·s} for every state q."""
    s = np.asarray(s, dtype=np.int64)
    t = np.asarray(t, dtype=np.int64)
    return inc[t, s].all(axis=-1)


def residual_difference(dfa, p: int, q: int) -> list[int] | None:
    """A shortest word r (letter indices) with p·r ∈ F and q·r ∉ F — a word of L_p ∖ L_q —,
    None when L_p ⊆ L_q."""
    return distinguishing_suffix(np.asarray(dfa.transitions), np.asarray(dfa.accepting, dtype=bool),
                                 q, p, True)
