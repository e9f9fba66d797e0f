"""LTL[P,Y] at the N+1 readout = the locally R-trivial languages (LR = R∗D) = what global
and 1-local attention together recognise (Li & Cotterell 2026).

DFA test: the internal pair graph of every SCC — pairs of states of one SCC, moved by the
letters that keep both inside it — is acyclic (:func:`decide_locally_r_trivial`); then
inside an SCC the state is a function of the last k letters read in it.  Independent
cross-checks: eSe is R-trivial for every idempotent e (:func:`local_monoids_r_trivial`) and
the identity (x^ω y x^ω z x^ω)^ω x^ω y x^ω = (x^ω y x^ω z x^ω)^ω
(:func:`identity_locally_r_trivial`, |S|³).  Certificate: an LTL[P] or LTL[Y] certificate
when there is one (LTL[P], LTL[Y] ⊆ LTL[P,Y]), else :func:`.synthesis.synthesize_locally_r_trivial`.
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import (SCCs, dfa_sccs, distinguishing_suffix, internal_pair_heights, reset_rounds,
                               shortest_words_from, word_between)
from ...ltl.fragments import LTL_P, LTL_PY, LTL_Y
from ..certify.certificates import member_by
from ..contract.procedure import Context, DfaTest
from ..contract.classes import FORMULA, PAIR, LanguageClass
from ..values.results import FragmentResult, Verdict, word_text
from ..certify.synthesis import synthesize_locally_r_trivial
from ..checks.verify_mod import LR_IDENTITY
from ..values.witnesses import IdentityInstantiation, family_witness, pumping_power
from .definite import definite_verdict
from .r_trivial import checked_instantiation, r_trivial_verdict

__all__ = ["decide_locally_r_trivial", "local_index", "local_monoids_r_trivial", "local_instantiation",
           "LR_IDENTITY", "identity_locally_r_trivial", "locally_r_trivial_verdict", "PROCEDURE", "CLASS"]


def _w(dfa, word) -> str:
    return word_text(dfa.alphabet, word, "ε")


def local_index(height: int) -> int:
    """k ≥ 1 such that inside each SCC the state is a function of the last k letters read
    inside it (longest path of the internal pair DAGs, in nodes)."""
    return max(1, int(height))


def decide_locally_r_trivial(dfa, sccs: SCCs | None = None,
                             memory_budget: int | None = None) -> Verdict:
    """LTL[P,Y] at N+1 = locally R-trivial (LR = R∗D): every SCC's internal pair graph is
    acyclic.  One SCC at a time (:func:`~attnlogic.automata.graphs.internal_pair_heights`):
    memory quadratic in the largest SCC, refused beyond ``memory_budget`` bytes.

    Witness when not: an internal cycle (p, q) →z (p, q) inside an SCC, g: p→q, h: q→p,
    l: q0→p, r separating q from p, Z = z^M idempotent: u = l (ZgZhZ)^K ZgZ r and
    v = l (ZgZhZ)^K r violate (st)^ω s = (st)^ω in the local monoid eSe, e = η(Z),
    s = eη(g)e, t = eη(h)e.
    """
    sccs = sccs or dfa_sccs(dfa)
    t = dfa.transitions
    height, cycle = internal_pair_heights(t, sccs, memory_budget)
    if cycle is None:
        k = local_index(height)
        return Verdict(True, f"internal pair graphs of the SCCs acyclic (state inside an SCC "
                             f"= function of the last {k} letters)", data={"k": k})
    p, q, z = cycle
    g = word_between(t, p, q)
    h = word_between(t, q, p)
    l = shortest_words_from(t, dfa.initial)[p]
    r = distinguishing_suffix(t, dfa.accepting, q, p)
    M, _, exact = pumping_power(t, z, at_least=-(-4 // len(z)))   # |Z| ≥ 4: see decide_definite
    Z = z * M
    loop = Z + g + Z + h + Z
    K, step, _ = pumping_power(t, loop, at_least=2)
    wit = family_witness(dfa, l, l, loop, Z + g + Z + r, r, K, step)
    inst = local_instantiation(dfa, (p, q, z)) if exact else None
    ident = (f"eSe is not R-trivial: (st)^ω s = (st)^ω fails for e = ({_w(dfa, z)})^{M}, "
             f"s = e·{_w(dfa, g)}·e, t = e·{_w(dfa, h)}·e (states {p}, {q} of one SCC are "
             f"both fixed by e{'' if exact else '; e idempotent not computed on an automaton this large'})")
    return Verdict(False, "internal pair graphs of the SCCs (cycle found)", wit, ident,
                   {"internal_cycle": (p, q, z), "instantiation": inst})


def local_instantiation(dfa, cycle) -> IdentityInstantiation | None:
    """The failing instantiation of the locally R-trivial identity (x^ω y x^ω z x^ω)^ω x^ω y x^ω =
    (x^ω y x^ω z x^ω)^ω on ``dfa``, from an internal cycle (p, q) →z (p, q) of one of its SCCs:
    x = z, y a word p → q, z a word q → p, each ω the least idempotent power (of z, then of
    x^ω y x^ω z x^ω), a word to p before and one telling q from p after: read from p,
    (x^ω y x^ω z x^ω)^k returns to p, and x^ω y x^ω goes on to q.  Checked on the DFA's runs
    (:func:`.r_trivial.checked_instantiation`); None when a power is past the pumping budget
    (the check then re-decides the identity)."""
    p, q, z = cycle
    t = np.asarray(dfa.transitions)
    M, _, exact = pumping_power(t, z, at_least=1)
    if not exact:
        return None
    X = list(z) * M
    g, h = list(word_between(t, p, q)), list(word_between(t, q, p))
    loop = X + g + X + h + X
    K, _, exact = pumping_power(t, loop, at_least=1)
    if not exact:
        return None
    return checked_instantiation(dfa, LR_IDENTITY, False, (("x", z), ("y", g), ("z", h)),
                                 (("(x^ωyx^ωzx^ω)^ω", K), ("x^ω", M)), loop * K + X + g + X, loop * K,
                                 shortest_words_from(t, dfa.initial)[p], distinguishing_suffix(t, dfa.accepting, q, p))


def local_monoids_r_trivial(S) -> int | None:
    """An idempotent e whose local monoid eSe is not R-trivial, or None.  Uses that for
    x, y in eSe, x R y in eSe iff x R y in S (x = y·s gives x = y·(ese))."""
    R = S.r_classes
    for e in S.idempotents:
        ese = S.local_monoid(int(e))
        if len(np.unique(R[ese])) != len(ese):
            return int(e)
    return None


def identity_locally_r_trivial(S) -> tuple[int, int, int] | None:
    """Brute force (|S|³): (x, y, z) violating
    (x^ω y x^ω z x^ω)^ω x^ω y x^ω = (x^ω y x^ω z x^ω)^ω; None if S ∈ LR."""
    ids = np.arange(S.size)
    e = S.omega
    for x in ids:
        ex = int(e[x])
        eye = S.multiply(S.multiply(np.full(S.size, ex), ids), np.full(S.size, ex))  # x^ω y x^ω
        Yi, Zi = np.meshgrid(ids, ids, indexing="ij")
        A, B = eye[Yi.ravel()], eye[Zi.ravel()]
        st = S.multiply(A, B)
        w = S.omega[st]
        lhs = S.multiply(w, A)
        bad = np.flatnonzero(lhs != w)
        if len(bad):
            i = int(bad[0])
            return int(x), int(Yi.ravel()[i]), int(Zi.ravel()[i])
    return None


def locally_r_trivial_verdict(context: Context) -> Verdict:
    """The LTL[P,Y] verdict on the context's DFA (memoised by the context): by the
    inclusions LTL[P] ⊆ LTL[P,Y] and LTL[Y] ⊆ LTL[P,Y] when the linear R-trivial or
    definiteness test says yes (a partially ordered DFA has no internal pairs, so k = 1; a
    definite one with index m has internal paths of at most m nodes, so k = max(1, m)),
    else :func:`decide_locally_r_trivial` within the context's memory budget."""

    vp = context.verdict(r_trivial_verdict)
    if vp.member:
        return Verdict(True, "partially ordered, so in LTL[P] ⊆ LTL[P,Y] (no SCC has two states)",
                       data={"k": 1})
    vy = context.verdict(definite_verdict)
    if vy.member:
        m = vy.data["index"]
        return Verdict(True, f"definite (every word of length ≥ {m} is a reset word), so in "
                             "LTL[Y] ⊆ LTL[P,Y]",
                       data={"k": max(1, m)})
    return decide_locally_r_trivial(context.dfa, context.sccs, context.memory_budget)


def is_locally_r_trivial(context: Context) -> bool:
    """The verdict of :func:`locally_r_trivial_verdict` alone, with no witness built, by the same
    steps: every SCC a single state (partially ordered), or definite (merging states with equal
    successors leaves one), else every SCC's internal pair graph acyclic within the context's
    memory budget."""
    sccs = context.sccs
    if all(len(m) <= 1 for m in sccs.members):
        return True
    t = context.dfa.transitions
    if reset_rounds(t)[2].shape[0] == 1:
        return True
    return internal_pair_heights(t, sccs, context.memory_budget)[1] is None


def _certificate(fragment, context, v: Verdict, results) -> FragmentResult:
    """The smaller of the LTL[P] and LTL[Y] certificates when either exists (both verified,
    and LTL[P], LTL[Y] ⊆ LTL[P,Y]), else synthesis."""
    method = "locally R-trivial: " + v.method
    known = [r.formula for key, r in results.items()
             if key in (LTL_P, LTL_Y) and r.member and r.formula is not None]
    if known:
        return FragmentResult(fragment, True, min(known, key=lambda f: f.size), None, method)
    if any(key in (LTL_P, LTL_Y) and r.member for key, r in results.items()):
        # member by inclusion, and that fragment's own certificate was already too large
        # to build or check: the LTL[P,Y] synthesis (a decision tree on as many letters)
        # would be no smaller
        return FragmentResult(fragment, True, None, None,
                              method + "; no certificate: the included fragment's was too large")
    d = context.dfa
    return member_by(fragment, lambda: synthesize_locally_r_trivial(d, v.data["k"], context.sccs,
                                                                    context.limits.synthesis_states),
                     d, method, context.limits.check_states, context.meter,
                     search=context.limits.search_budget)


#: LTL[P,Y]: the internal pair-graph test
PROCEDURE = DfaTest("locally R-trivial", LTL_PY, locally_r_trivial_verdict, _certificate)
#: LTL[P,Y], the languages of ``hybrid:1`` attention
CLASS = LanguageClass("LTL[P,Y]", PROCEDURE, FORMULA, PAIR, pattern=LTL_PY.pattern, key=LTL_PY)
