"""The previous DD1 decider, kept as a test oracle for definability/varieties/dot_depth.py.

Knast's identity (e a f b)^ω e a f d e (c f d e)^ω = (e a f b)^ω e (c f d e)^ω checked on
the syntactic semigroup over every pair of idempotents e, f and every a, d, with b and c
factored out: for fixed e, f, a, d only the sets P(a) = {(eafb)^ω e : b ∈ S} and
Q(d) = {e(cfde)^ω : c ∈ S} matter, and the identity holds iff p·(a f d)·q = p·q for every
a, d, p ∈ P(a), q ∈ Q(d).  (The same procedure as before, vectorised over a, b and c, d
with the Cayley table.)  It shares no code or reduction with the library's decider, which
starts with aperiodicity and works on one idempotent per regular D-class and on
eSf × fSe; only the structure (elements, ω-powers, products) comes from
definability/varieties/identities.py.  Its cost is about |E|²·Σ_a|P(a)|·Σ_d|Q(d)| look-ups, so the
tests run it on small semigroups only.
"""

from __future__ import annotations

import numpy as np


def knast_holds(st) -> tuple[bool, dict | None]:
    """(holds, failing assignment of the identity's variables or None) on the syntactic
    semigroup ``st`` (an :class:`attnlogic.definability.varieties.identities.Structure`)."""
    n = st.size
    T = np.asarray(st.multiply(*np.meshgrid(np.arange(n), np.arange(n), indexing="ij")))
    om = np.asarray(st.omega)
    ids = np.arange(n)
    for e in st.idempotents.tolist():
        for f in st.idempotents.tolist():
            eaf = T[T[e, ids], f]                                  # e a f, per a
            P = T[om[T[eaf[:, None], ids[None, :]]], e]            # P[a, b] = (e a f b)^ω e
            cfde = T[T[T[ids, f][:, None], ids[None, :]], e]      # cfde[c, d]
            Q = T[e, om[cfde]].T                                   # Q[d, c] = e (c f d e)^ω
            ap, b_of = _distinct(P)                                # (a, p) pairs, a b for each
            dq, c_of = _distinct(Q)                                # (d, q) pairs, a c for each
            a, p = ap
            d, q = dq
            afd = T[T[a, f][:, None], d[None, :]]                  # a f d, per (a, d) pair
            left = T[T[p[:, None], afd], q[None, :]]
            right = T[p[:, None], q[None, :]]
            bad = np.argwhere(left != right)
            if len(bad):
                i, j = bad[0]
                return False, {"x": e, "a": int(a[i]), "y": f, "b": int(b_of[i]), "d": int(d[j]),
                               "c": int(c_of[j])}
    return True, None


def _distinct(M: np.ndarray):
    """The distinct (row, value) pairs of ``M`` as ((rows, values), first column of each)."""
    n = M.shape[1]
    key = np.arange(M.shape[0])[:, None] * (int(M.max()) + 1) + M
    _, idx = np.unique(key.ravel(), return_index=True)
    rows, cols = np.divmod(idx, n)
    return (rows, M[rows, cols]), cols
