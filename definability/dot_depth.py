"""Dot-depth one (the Boolean combinations of languages u₀A*u₁A*…A*u_k, the level B₁ of
the Brzozowski–Cohen hierarchy), decided by Knast's identity (Knast 1983, "A semigroup
characterization of dot-depth one languages", RAIRO ITA 17).

L has dot-depth ≤ 1 iff its syntactic **semigroup** S satisfies, for all idempotents e, f
and all elements a, b, c, d,

    (e a f b)^ω e a f d e (c f d e)^ω = (e a f b)^ω e (c f d e)^ω,

in the notation of :mod:`.identities` (e = x^ω, f = y^ω): :data:`KNAST_IDENTITY`, |E|²·|S|⁴
instantiations.  The decider checks all of them, organised so that b and c are not
enumerated: for fixed e, f, b enters only through p = (e a f b)^ω e and c only through
q = e (c f d e)^ω, so the identity holds iff p·(a f d)·q = p·q for every e, f, a, d, every
p in P(e, f, a) = {(eafb)^ω e : b ∈ S} and every q in Q(e, f, d) = {e(cfde)^ω : c ∈ S}.
The number of such combinations (at most |E|²·|S|⁴, usually far fewer: the sets P and Q
are small) is computed first and refused beyond ``Limits.instantiations``.

A "no" is the instantiation (e, f, a, b, c, d) found, with b and c the first elements
giving the failing p and q, turned into the identity engine's witness
(:func:`.identities.violation`): elements as shortest words, the two sides as words and a
context in which the language separates them, re-checked on the DFA's runs.  A "yes" is
the check (:class:`~.identities.IdentityCheck`, the count of instantiations it covers and
of combinations evaluated); no Boolean combination of u₀A*u₁…A*u_k is built, the algebraic
proof is the certificate.  Cross-checked in the tests against the identity engine (every
instantiation, one by one) and a literal loop written in the test.
"""

from __future__ import annotations

import numpy as np

from ..kernel.errors import LimitExceeded
from .classes import LanguageClass
from .identities import (IDENTITY_CHECK, IDENTITY_PAIR, IdentityCheck, IdentityProcedure, parse_identities,
                         structure_of, violation)
from .results import FragmentResult

__all__ = ["KNAST_IDENTITY", "decide_dot_depth_one", "CLASS"]

#: Knast's identity, with e = x^ω and f = y^ω
KNAST_IDENTITY = "[(x*ay*b)*x*ay*dx*(cy*dx*)* = (x*ay*b)*x*(cy*dx*)*]"
_IDS = parse_identities(KNAST_IDENTITY)


def decide_dot_depth_one(dfa, limits=None, structure=None):
    """(holds, certificate or witness) for Knast's identity on the syntactic semigroup of
    L(dfa) (``dfa`` minimal); LimitExceeded naming ``instantiations`` when the combinations
    to evaluate exceed ``limits.instantiations``."""
    from ..kernel.limits import Limits

    limits = Limits() if limits is None else limits
    st = structure if structure is not None else structure_of(dfa, False, limits)
    n = st.size
    ids = np.arange(n, dtype=np.int64)
    E = st.idempotents
    mul, om = st.multiply, st.omega

    def sets(e, f):
        # P[a] = {(e a f b)^ω e : b}, Q[d] = {e (c f d e)^ω : c}, each value with its first b / c
        ea_f = mul(mul(np.full(n, e), ids), np.full(n, f))                  # e a f, per a
        P = []
        for a in range(n):
            vals = mul(om[mul(np.full(n, ea_f[a]), ids)], np.full(n, e))    # over b
            u, first = np.unique(vals, return_index=True)
            P.append((u, first))
        Q = []
        for d in range(n):
            cfde = mul(mul(mul(ids, np.full(n, f)), np.full(n, d)), np.full(n, e))  # over c
            vals = mul(np.full(n, e), om[cfde])
            u, first = np.unique(vals, return_index=True)
            Q.append((u, first))
        return P, Q

    total = len(E) ** 2 * n ** 4
    evaluated = 0
    plan = []
    for e in E:
        for f in E:
            P, Q = sets(int(e), int(f))
            qsum = sum(len(q[0]) for q in Q)
            evaluated += sum(len(p[0]) for p in P) * qsum
            if evaluated > limits.instantiations:
                raise LimitExceeded(f"combinations (p, a, d, q) of Knast's identity in the syntactic semigroup "
                                    f"({n} elements, {len(E)} idempotents)", limits.instantiations,
                                    "raise the budget instantiations of Limits", ("instantiations",))
            plan.append((int(e), int(f), P, Q))
    for e, f, P, Q in plan:
        d_of = np.concatenate([np.full(len(Q[d][0]), d, dtype=np.int64) for d in range(n)])
        q_of = np.concatenate([Q[d][0] for d in range(n)])
        c_of = np.concatenate([Q[d][1] for d in range(n)])
        for a in range(n):
            ps, bs = P[a]
            afd = mul(mul(np.full(len(d_of), a), np.full(len(d_of), f)), d_of)        # a f d, per (d, q)
            pp = np.repeat(ps, len(q_of))
            qq = np.tile(q_of, len(ps))
            left = mul(mul(pp, np.tile(afd, len(ps))), qq)
            right = mul(pp, qq)
            bad = np.flatnonzero(left != right)
            if len(bad):
                k = int(bad[0])
                i, j = divmod(k, len(q_of))
                assignment = {"x": e, "a": a, "y": f, "b": int(bs[i]), "d": int(d_of[j]), "c": int(c_of[j])}
                v = violation(st, _IDS, assignment)
                if v is None:                                     # pragma: no cover - a bug
                    raise AssertionError("Knast's identity: the factorised check and the engine disagree")
                return False, v
    check = IdentityCheck(str(_IDS), "semigroup", n, len(E),
                          (("x", "idempotents"), ("a", "elements"), ("y", "idempotents"), ("b", "elements"),
                           ("d", "elements"), ("c", "elements")), total,
                          note=f"as {evaluated:,} combinations (e, f, a, d, p, q): b and c enter only "
                               "through p = (eafb)^ω e and q = e(cfde)^ω")
    return True, check


class KnastProcedure(IdentityProcedure):
    """DD1 by :func:`decide_dot_depth_one` (the structure memoised per classification)."""

    def decide(self, cls, context, results) -> FragmentResult:
        key = ("structure", False)
        try:
            if key not in context._verdicts:
                context._verdicts[key] = structure_of(context.dfa, False, context.limits)
            holds, proof = decide_dot_depth_one(context.dfa, context.limits, context._verdicts[key])
        except LimitExceeded as exc:
            return FragmentResult(cls, None, None, None, f"undecided: {exc}")
        if holds:
            return FragmentResult(cls, True, None, None,
                                  f"Knast's identity: all {proof.instantiations:,} instantiations hold in the "
                                  "syntactic semigroup", certificate=proof)
        return FragmentResult(cls, False, None, proof, f"Knast's identity: {proof.relation} fails in the "
                              "syntactic semigroup (the witness re-checked on the DFA's runs)",
                              identity=proof.relation)


#: dot-depth one, the languages whose syntactic semigroup satisfies Knast's identity
CLASS = LanguageClass("DD1", KnastProcedure(_IDS, False, "dot-depth one"), IDENTITY_CHECK, IDENTITY_PAIR,
                      inclusions=(("LTL[Y]", "definite ⊆ dot-depth one: a definite language is a "
                                             "Boolean combination of A*u and finite sets"),),
                      default=False)
