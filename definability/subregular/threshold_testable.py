"""LTT: the locally threshold testable languages — membership decided by the number of
occurrences of each k-factor of ⋊w⋉, counted up to a threshold t (Beauquier and Pin 1989).

Theorem (Beauquier–Pin 1989; Thérien–Weiss 1985): L is locally threshold testable iff its
syntactic semigroup S is aperiodic (x^ω·x = x^ω) and satisfies e·x·f·y·e·z·f =
e·z·f·y·e·x·f for all idempotents e, f and all x, y, z; equivalently p·s·q = q·s·p for all
p, q ∈ eSf and s ∈ fSe.  Tested on the transition semigroup of the minimal DFA through its
multiplication table (Σ_{e,f} |eSf|²·|fSe| products, bounded by
:data:`~.subregular.TABLE_ENTRIES`, and ``limits.semigroup_elements``).  (Trahtman's
polynomial DFA test is not used for the verdict.)

The least k, and for it the least threshold t, by the path category of the de Bruijn graph
over the same semigroup (:mod:`.local_order`): the least k is the least with α·β·γ = γ·β·α
on the states after the node (α, γ walks x → y, β y → x), and t is then the largest index
of a closed walk (y^t = y^(t+1) on those states; ≤ n, the semigroup being aperiodic).  A
"yes" carries the pair showing that (k, t − 1) fails (u·x·y^(t−1)·r against u·x·y^t·r) when
t > 1, else that k − 1 fails at every threshold (u·x·αβγ·r against u·x·γβα·r).

Certificate: the accepted profiles (each k-factor with its count capped at t), checked by
building the counting automaton and comparing it with the DFA; built by the exact profile
test of :mod:`.profiles` at (k, t) when it fits in ``limits.synthesis_states``, else the
order itself (kind ``path category``, recomputed by the verifier with its own code).  Witness for "no": x with
x^ω ≠ x^(ω+1) — u·x^K·r against u·x^K·x·r, whose k-factors are counted alike up to any t
once K is large — or a failing instance of the identity — u·e·p·f·s·e·q·f·r against
u·e·q·f·s·e·p·f·r with e = x^K, f = y^K: the same pieces in another order, so the same
counts of k-factors once K|x|, K|y| ≥ k − 1: every k and t.
"""

from __future__ import annotations

import numpy as np

from ...kernel.errors import LimitExceeded
from ..contract.classes import LanguageClass
from .local_order import local_class
from . import (TABLE_ENTRIES, ClassAnswer, ClassProcedure, context_of, element_word, letters,
               pumped_pair)
from ..checks.verify_subregular import AnswerCheck


__all__ = ["violation", "decide", "member", "PROCEDURE", "CLASS"]


def violation(S, M: np.ndarray):
    """("aperiodic", x, None, None) with x^ω·x ≠ x^ω, or ("identity", e, f, (p, s, q)) with
    p·s·q ≠ q·s·p, p, q ∈ eSf, s ∈ fSe; None when S is aperiodic and satisfies the
    identity.  LimitExceeded beyond TABLE_ENTRIES products."""
    n = S.size
    omega = S.omega
    bad = np.flatnonzero(M[omega, np.arange(n)] != omega)
    if len(bad):
        return "aperiodic", int(bad[0]), None, None
    E = [int(e) for e in S.idempotents]
    work = 0
    for e in E:
        for f in E:
            P = np.unique(M[M[e, :], f])
            Q = np.unique(M[M[f, :], e])
            work += len(P) * len(P) * len(Q)
            if work > TABLE_ENTRIES:
                raise LimitExceeded("LTT identity check (products)", TABLE_ENTRIES,
                                    f"the semigroup has {n} elements", ("limit",))
            A = M[np.ix_(P, Q)]                            # A[i, j] = p_i · s_j
            X = M[A[:, :, None], P[None, None, :]]         # X[i, j, l] = p_i s_j p_l
            Y = np.transpose(X, (2, 1, 0))
            idx = np.argwhere(X != Y)
            if len(idx):
                i, j, l = (int(v) for v in idx[0])
                return "identity", e, f, (int(P[i]), int(Q[j]), int(P[l]))
    return None


def refute(dfa, certificates: bool, S, M, bad) -> ClassAnswer:
    """The "no" for what :func:`violation` found, with its pumped pair."""
    kind, e, f, psq = bad
    if kind == "aperiodic":
        x = element_word(S, e)
        method = (f"not locally threshold testable: not aperiodic, x^ω ≠ x^(ω+1) for "
                  f"x = {''.join(letters(dfa, x))}")
        if not certificates:
            return ClassAnswer(False, method)
        om = int(S.omega[e])
        u, r = context_of(dfa, S.elements[om], S.elements[int(M[om, e])])
        wit = pumped_pair(dfa, [x], [u, 0, r], [u, 0, x, r],
                          "x^K against x^(K+1): every k-factor counted alike up to t once K "
                          "is large (every k and t)")
        return ClassAnswer(False, method, witness=wit)
    p, s, q = psq
    ew, fw = element_word(S, e), element_word(S, f)
    pw, sw, qw = (element_word(S, i) for i in (p, s, q))
    method = (f"not locally threshold testable: p·s·q ≠ q·s·p for e = {''.join(letters(dfa, ew))}, "
              f"f = {''.join(letters(dfa, fw))}, p = {''.join(letters(dfa, pw))}, "
              f"s = {''.join(letters(dfa, sw))}, q = {''.join(letters(dfa, qw))} "
              "(the identity e·x·f·y·e·z·f = e·z·f·y·e·x·f fails)")
    if not certificates:
        return ClassAnswer(False, method)
    a, b = int(M[M[p, s], q]), int(M[M[q, s], p])
    u, r = context_of(dfa, S.elements[a], S.elements[b])
    wit = pumped_pair(dfa, [ew, fw], [u, 0, pw, 1, sw, 0, qw, 1, r], [u, 0, qw, 1, sw, 0, pw, 1, r],
                      "the same pieces in another order: the same counts of k-factors once "
                      "K|e|, K|f| ≥ k − 1 (every k and t)")
    return ClassAnswer(False, method, witness=wit)


decide, member = local_class(
    "locally threshold testable", violation, refute, threshold=True, module=__name__,
    yes=lambda S: ("locally threshold testable: aperiodic, and p·s·q = q·s·p for all "
                   "idempotents e, f, p, q ∈ eSf, s ∈ fSe"))


PROCEDURE = ClassProcedure("locally threshold testable", decide)
#: LTT: k-factors counted up to t (asked when named: ``--class LTT``)
CLASS = LanguageClass("LTT", PROCEDURE, "k-factor counts", "pair", default=False,
                      check=AnswerCheck("LTT"),
                      inclusions=(("LT", "LT_k = LTT_{k,1}"),), groups=("subregular",), bulk="LTT",
                      parameters="k,t",
                      summary="locally threshold testable: k-factors of ⋊w⋉ counted up to a threshold t")
