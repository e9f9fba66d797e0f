"""Dot-depth one (the Boolean combinations of languages u₀A*u₁A*…A*u_k, the level B₁ of
the Brzozowski–Cohen hierarchy), decided by Knast's identity (Knast 1983, "A semigroup
characterization of dot-depth one languages", RAIRO ITA 17).

L has dot-depth ≤ 1 iff its syntactic **semigroup** S satisfies, for all idempotents e, f
and all elements a, b, c, d,

    (e a f b)^ω e a f d e (c f d e)^ω = (e a f b)^ω e (c f d e)^ω,

in the notation of :mod:`.identities` (e = x^ω, f = y^ω): :data:`KNAST_IDENTITY`, |E|²·|S|⁴
instantiations.  The decider checks them all, by three standard reductions (each proved in
docs/decision-procedures.md §8):

1. **Aperiodicity first.** Knast's identity implies x^ω x = x^ω (e = f = x^ω, a = x,
   b = c = d = x^ω: the left side is x^(ω+1), the right x^ω), so an element with
   x^ω x ≠ x^ω is a violation at once.
2. **The category form.** With x = eaf, w = ecf ∈ eSf and y = fbe, z = fde ∈ fSe the
   identity reads (xy)^ω x z (wz)^ω = (xy)^ω (wz)^ω (since (eafb)^k e = (xy)^k), and every
   x ∈ eSf is some eaf (a = x).  eSf = eS ∩ Sf for idempotents.  So for fixed e, f it is
   enough that β·γ = α·δ for every "left pair" (α, β) = ((xy)^ω, (xy)^ω x) and every
   "right pair" (γ, δ) = (z (wz)^ω, (wz)^ω), x, w ∈ eSf, y, z ∈ fSe: |L|·|R| products
   over the distinct pairs (both sets come from the same grid eSf × fSe).
3. **One idempotent per regular D-class.** If e D e' there are u ∈ eSe', v ∈ e'Se with
   uv = e, vu = e' (Clifford–Preston, Thm 2.18); x' ↦ ux', y' ↦ y'v carry an instantiation
   at (e', f) to one at (e, f) whose two sides are u·(…)·… — precisely, the sides at
   (e', f) are v·(sides at (e, f))·u, so the identity at (e, f) implies it at (e', f);
   likewise for f.  So e and f range over one idempotent (the shortlex-first) of each
   regular D-class, with D = J read off the strongly connected components of the union of
   the two Cayley graphs.

Cost: O(|S|·|A|) for the D-classes, then for each of the r² pairs of representatives
|eSf|·|fSe| grid products and |L|·|R| checks (r the number of regular D-classes); the
grid cells and checks are counted first per pair and refused beyond
``Limits.instantiations`` (LimitExceeded naming it).

A "no" is the instantiation found — (e, f, a, b, c, d) = (e, f, x, y, w, z) —, turned into
the identity engine's witness (:func:`.identities.violation`): elements as shortest words,
the two sides as words and a context in which the language separates them, re-checked on
the DFA's runs.  A "yes" is the check (:class:`~.identities.IdentityCheck`: the count of
instantiations it covers, and how they were reduced); no Boolean combination of
u₀A*u₁…A*u_k is built, the algebraic proof is the certificate.  Cross-checked in the tests
against the identity engine (every instantiation, one by one), a literal loop written in
the test and the previous decider (every pair of idempotents, b and c factored out).
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import table_sccs
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..contract.classes import LanguageClass
from .identities import (IDENTITY_CHECK, IDENTITY_PAIR, DeciderProcedure, IdentityCheck, parse_identities,
                         structure_of, violation)

__all__ = ["KNAST_IDENTITY", "decide_dot_depth_one", "regular_d_representatives", "CLASS"]

#: Knast's identity, with e = x^ω and f = y^ω
KNAST_IDENTITY = "[(x*ay*b)*x*ay*dx*(cy*dx*)* = (x*ay*b)*x*(cy*dx*)*]"
_IDS = parse_identities(KNAST_IDENTITY)
#: rows of left pairs checked against all right pairs at once
_ROWS = 1 << 16


def regular_d_representatives(st) -> np.ndarray:
    """The shortlex-first idempotent of each regular D-class of the structure ``st``
    (D = J: strongly connected components of the right and left Cayley graphs together),
    in increasing order.  An adjoined identity is its own D-class."""
    S = st.semigroup
    E = np.asarray(st.idempotents, dtype=np.int64)
    if S.size == 0 or len(E) == 0:
        return E
    comp = table_sccs(np.hstack([np.asarray(S.right), np.asarray(S.left)])).component
    inside = E[E < S.size]
    _, first = np.unique(comp[inside], return_index=True)
    return np.sort(np.concatenate([inside[first], E[E >= S.size]]))


def decide_dot_depth_one(dfa, limits=None, structure=None):
    """(holds, certificate or witness) for Knast's identity on the syntactic semigroup of
    L(dfa) (``dfa`` minimal; module docstring); LimitExceeded naming ``instantiations``
    when the grid cells and pair checks to evaluate exceed ``limits.instantiations``."""
    limits = Limits() if limits is None else limits
    st = structure if structure is not None else structure_of(dfa, False, limits)
    n = st.size
    ids = np.arange(n, dtype=np.int64)
    E = st.idempotents
    mul, om = st.multiply, st.omega
    total = len(E) ** 2 * n ** 4

    # 1. aperiodicity: x^ω x ≠ x^ω violates the identity at e = f = x^ω, a = x, b = c = d = x^ω
    bad = np.flatnonzero(mul(om, ids) != om)
    if len(bad):
        x = int(bad[0])
        e = int(om[x])
        return False, _witness(st, {"x": e, "a": x, "y": e, "b": e, "d": e, "c": e})

    # 2.-3. the category form over one idempotent per regular D-class
    reps = regular_d_representatives(st)
    full = np.full
    right = {int(e): np.unique(mul(full(n, e), ids)) for e in reps}       # eS
    left = {int(e): np.unique(mul(ids, full(n, e))) for e in reps}        # Se
    evaluated = 0
    for e in reps:
        e = int(e)
        for f in reps:
            f = int(f)
            X = np.intersect1d(right[e], left[f], assume_unique=True)     # eSf = eS ∩ Sf
            Y = np.intersect1d(right[f], left[e], assume_unique=True)     # fSe
            evaluated += len(X) * len(Y)
            if evaluated > limits.instantiations:
                raise _limit(st, reps, limits)
            xs, ys = np.repeat(X, len(Y)), np.tile(Y, len(X))
            p = om[mul(xs, ys)]                                           # (xy)^ω, one per grid cell
            # left pairs (α, β) = ((xy)^ω, (xy)^ω x); right pairs (γ, δ) = (z (wz)^ω, (wz)^ω)
            lp, li = _distinct_pairs(p, mul(p, xs))
            rp, ri = _distinct_pairs(mul(ys, p), p)
            evaluated += len(li) * len(ri)
            if evaluated > limits.instantiations:
                raise _limit(st, reps, limits)
            for start in range(0, len(li), max(1, _ROWS // max(1, len(ri)))):
                stop = min(len(li), start + max(1, _ROWS // max(1, len(ri))))
                a_, b_ = lp[0][start:stop], lp[1][start:stop]
                k, m = stop - start, len(ri)
                lhs = mul(np.repeat(b_, m), np.tile(rp[0], k))
                rhs = mul(np.repeat(a_, m), np.tile(rp[1], k))
                wrong = np.flatnonzero(lhs != rhs)
                if len(wrong):
                    i, j = divmod(int(wrong[0]), m)
                    g, h = li[start + i], ri[j]                   # grid cells: (x, y) and (w, z)
                    assignment = {"x": e, "a": int(xs[g]), "y": f, "b": int(ys[g]),
                                  "d": int(ys[h]), "c": int(xs[h])}
                    return False, _witness(st, assignment)
    check = IdentityCheck(str(_IDS), "semigroup", n, len(E),
                          (("x", "idempotents"), ("a", "elements"), ("y", "idempotents"), ("b", "elements"),
                           ("d", "elements"), ("c", "elements")), total,
                          note=f"as {evaluated:,} products: aperiodic, e and f over one idempotent of each of "
                               f"the {len(reps)} regular D-classes, (xy)^ω x z (wz)^ω = (xy)^ω (wz)^ω for "
                               "x, w ∈ eSf, y, z ∈ fSe")
    return True, check


def _distinct_pairs(first: np.ndarray, second: np.ndarray):
    """The distinct pairs (first[i], second[i]) as two arrays, and for each the first i."""
    if len(first) == 0:
        return (first, second), np.zeros(0, np.int64)
    key = first.astype(np.int64) * (int(second.max()) + 1) + second
    _, idx = np.unique(key, return_index=True)
    return (first[idx], second[idx]), idx


def _limit(st, reps, limits) -> LimitExceeded:
    return LimitExceeded(f"products for Knast's identity in the syntactic semigroup ({st.size} elements, "
                         f"{len(st.idempotents)} idempotents, {len(reps)} regular D-classes)",
                         limits.instantiations, "raise the budget instantiations of Limits", ("instantiations",))


def _witness(st, assignment):
    v = violation(st, _IDS, assignment)
    if v is None:                                                 # pragma: no cover - a bug
        raise AssertionError(f"Knast's identity: the reduced check and the engine disagree at {assignment}")
    return v


#: dot-depth one, the languages whose syntactic semigroup satisfies Knast's identity
CLASS = LanguageClass("DD1", DeciderProcedure(_IDS, False, "dot-depth one", decide_dot_depth_one,
                                               "Knast's identity"), IDENTITY_CHECK, IDENTITY_PAIR,
                      inclusions=(("LTL[Y]", "definite ⊆ dot-depth one: a definite language is a "
                                             "Boolean combination of A*u and finite sets"),
                                  ("LT", "an LT language is a Boolean combination of uA*, A*v and A*wA*, "
                                         "of dot-depth one (Brzozowski–Simon)"),
                                  ("PT", "a PT language is a Boolean combination of A*a1A*…anA*, of "
                                         "dot-depth one (Simon)")),
                      default=False, groups=("subregular",), bulk="DD1",
                      summary="dot-depth one: Boolean combinations of u0A*u1…A*un (Knast's identity)")
