"""LTL[Y] at the N+1 readout = the definite languages = what 1-local attention recognises
(Li & Cotterell 2026).

The value at N+1 of ``Y φ`` is φ at the last letter, so on non-empty words the N+1
languages are those of the last-letter readout; ε is decided by the Boolean skeleton alone.
L is definite iff some m makes every word of length ≥ m a reset word.  DFA test, in linear
memory: iterated merging of the states with the same successor vector ends with one state
(:func:`decide_definite`, :func:`~attnlogic.automata.graphs.reset_rounds`), after m rounds;
equivalently the off-diagonal pair graph (p, q) →a (p·a, q·a), p ≠ q, is acyclic and m is
the number of nodes of its longest path (the quadratic test, kept as a cross-check in the
tests).  Independent cross-check on the
semigroup: y x^ω = x^ω for all x, y (:func:`identity_definite`).  Certificate:
:func:`.synthesis.synthesize_definite` (a decision tree on the last m letters).
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import (distinguishing_suffix, quotient_pair_cycle, reset_rounds,
                               shortest_words_from)
from ...ltl.fragments import LTL_Y
from ..certify.certificates import member_by
from ..contract.procedure import Context, DfaTest
from ..contract.classes import FORMULA, PAIR, LanguageClass
from ..values.results import FragmentResult, Verdict, word_text
from ..certify.synthesis import synthesize_definite
from ..values.witnesses import family_witness, pumping_power, transformation_of, transformation_power

__all__ = ["decide_definite", "definiteness_index", "identity_definite", "definite_verdict",
           "PROCEDURE", "CLASS"]


def _w(dfa, word) -> str:
    return word_text(dfa.alphabet, word, "ε")


def definiteness_index(heights: np.ndarray) -> int:
    """m such that every word of length ≥ m is a reset word: the number of nodes of the
    longest path of the pair DAG (0 for a one-state DFA)."""
    return int(heights.max()) if heights.size else 0


def decide_definite(dfa) -> Verdict:
    """LTL[Y] at N+1 = definite languages: merging states with equal successor vectors,
    round after round, leaves one state (O(n·|A|) memory).

    Witness when not: a cycle (p, q) →z (p, q) of the pair graph, lifted from what the
    merging left (:func:`~attnlogic.automata.graphs.quotient_pair_cycle`), l_p, l_q reaching
    p and q, r separating them: l_p z^K r and l_q z^K r share the suffix z^K r, for every
    K; they instantiate a violation of y x^ω = x^ω with x = z.
    """
    t = dfa.transitions
    m, block_of, quotient = reset_rounds(t)
    if quotient.shape[0] == 1:
        return Verdict(True, f"merging states with equal successors leaves one state after {m} "
                             f"round{'' if m == 1 else 's'} (every word of length ≥ {m} is a "
                             "reset word)",
                       data={"index": m})
    p, q, z = quotient_pair_cycle(t, block_of, quotient)
    words = shortest_words_from(t, dfa.initial)
    lp, lq = words[p], words[q]
    r = distinguishing_suffix(t, dfa.accepting, p, q)
    # representative of the family: the pumped block is at least 4 letters long, so that
    # it also beats depth 1 of the window fragments LTL[Y<=k], k ≤ 3
    K, step, exact = pumping_power(t, z, at_least=max(2, -(-4 // len(z))))
    wit = family_witness(dfa, lp, lq, z, r, r, K, step)
    if exact:
        # x^ω fixes p and q, so l_p x^ω and l_q x^ω act differently from the initial state:
        # at least one of them is not x^ω; name that one
        x_omega = transformation_power(transformation_of(t, z), K)
        y = next(c for c in (lp, lq)
                 if c and not np.array_equal(x_omega[transformation_of(t, c)], x_omega))
        omega = f"ω = {K}"
    else:
        y = lp if lp else lq
        omega = "ω not computed on an automaton this large"
    ident = (f"y x^ω = x^ω fails for x = {_w(dfa, z)}, y = {_w(dfa, y)} "
             f"(the pair of states ({p}, {q}) is fixed by x; {omega})")
    return Verdict(False, f"merging states with equal successors stops at {quotient.shape[0]} "
                          "states (a cycle of the pair graph)", wit, ident,
                   {"pair_cycle": (p, q, z), "identity_elements": {"x": z, "y": y, "omega": K}})


def identity_definite(S) -> tuple[int, int] | None:
    """First (y, x) with y·x^ω ≠ x^ω, None if S is definite.  Checking letters y suffices
    (then s·e = e for all s by induction on the length); all pairs are checked here."""
    ids = np.arange(S.size)
    Yy, X = np.meshgrid(ids, ids, indexing="ij")
    lhs = S.multiply(Yy.ravel(), S.omega[X.ravel()])
    bad = np.flatnonzero(lhs != S.omega[X.ravel()])
    if len(bad):
        i = int(bad[0])
        return int(Yy.ravel()[i]), int(X.ravel()[i])
    return None


def definite_verdict(context: Context) -> Verdict:
    """:func:`decide_definite` on the context's DFA (memoised by the context)."""
    return decide_definite(context.dfa)


def _certificate(fragment, context, v: Verdict, results) -> FragmentResult:
    d = context.dfa
    return member_by(fragment, lambda: synthesize_definite(d, v.data["index"], context.limits.synthesis_states), d,
                     "definite: " + v.method, context.limits.check_states, context.meter,
                     search=context.limits.search_budget)


#: LTL[Y]: the pair-graph test; the certificate by synthesis
PROCEDURE = DfaTest("definite", LTL_Y, definite_verdict, _certificate)
#: LTL[Y], the languages of ``local:1`` attention
CLASS = LanguageClass("LTL[Y]", PROCEDURE, FORMULA, PAIR, pattern=LTL_Y.pattern, key=LTL_Y)
