"""LTL[S] = past LTL = FO[<] = the star-free languages = the aperiodic ones
(Schützenberger 1965, McNaughton–Papert 1971, Kamp 1968).

Test: the transition semigroup satisfies x^(ω+1) = x^ω (:func:`decide_aperiodic`), i.e.
the minimal DFA has no counter (:mod:`.counters`: the letters first, then the monoids of its
strongly connected components breadth-first, stopping at the first counter, which is the
witness; PSPACE-complete from a DFA, so bounded by ``limit``).  Shortcut:
LTL[P,Y] ⊆ LTL[S], so a locally R-trivial language is answered without the semigroup, with
the LTL[P,Y] certificate.  Certificates: type refinement with S
(:func:`.synthesis.synthesize_star_free`), else the local-divisor construction of Kamp's
theorem (:func:`.starfree.star_free_formula`).  Cross-check: :func:`identity_aperiodic`.
"""

from __future__ import annotations

import numpy as np

from ..automata.graphs import dfa_sccs, distinguishing_suffix, shortest_words_from
from ..errors import LimitExceeded
from ..ltl.fragments import LTL_PY, LTL_S, Fragment
from .certificates import MAX_FORMULA_SIZE, TYPE_FORMULA_SHRINK_CHECKS, member, non_member
from .procedure import Procedure
from .classes import FORMULA, PAIR, LanguageClass
from .results import FragmentResult, Verdict, word_text
from .witnesses import family_witness, least_idempotent_power, power_exponent, transformation_of

__all__ = ["decide_aperiodic", "identity_aperiodic", "PROCEDURE", "CLASS"]

#: S-type automata grow fast; the LTL[S] certificate search gets this many states at most
STAR_FREE_TYPE_LIMIT = 4_000
#: bound (monoid elements, sub-problems, subformula DFA states) of the local-divisor fallback
STAR_FREE_LOCAL_DIVISOR_LIMIT = 5_000
#: its work budget in all (subformula-DFA states explored; ~10^4 per second on an idle
#: core): the splitting strategies STAR_FREE_STRATEGIES are tried in order, each with an
#: equal share, and the first formula found is kept (trying all three and keeping the
#: smallest cost three times as much, 25 s on an 8-state counter-free DFA that has none)
STAR_FREE_LOCAL_DIVISOR_WORK = 20_000
STAR_FREE_STRATEGIES = (1, 3, 0)


def _w(dfa, word) -> str:
    return word_text(dfa.alphabet, word, "ε")


def decide_aperiodic(dfa, semigroup=None, limit: int | None = None,
                     memory_budget: int | None = None, sccs=None) -> Verdict:
    """LTL[S] = star-free = aperiodic syntactic semigroup: x^(ω+1) = x^ω for every x.

    Without ``semigroup``: a counter (a word x with a cycle of length ≥ 2 on the states) is
    looked for by :func:`.counters.find_counter` — the letters first, then the monoids of the
    strongly connected components breadth-first, stopping at the first; none means
    aperiodic (no need for the whole semigroup).  With ``semigroup``: the identity checked on
    all its elements (the cross-check).  PSPACE-complete from a DFA, so either stops at
    ``limit`` elements with LimitExceeded saying what was tried.

    Witness when not: x with x^(K+1) ≠ x^K, a state q where they differ, l: q0→q and r
    separating q·x^K from q·x^(K+1); u = l x^K r and v = l x^(K+1) r.
    """
    from .semigroup import DEFAULT_ELEMENT_LIMIT

    limit = limit or DEFAULT_ELEMENT_LIMIT
    if semigroup is None:
        from .counters import find_counter
        component = (sccs if sccs is not None else dfa_sccs(dfa)).component
        found = find_counter(dfa.transitions, component, limit, memory_budget)
        if found.counter is None:
            comps = found.components
            return Verdict(True, "counter-free: no element of the monoids of the "
                                 f"{len(comps)} strongly connected components with ≥ 2 states "
                                 f"({found.elements} elements in all) has a cycle of length ≥ 2, "
                                 "so x^(ω+1) = x^ω for every x", data={"monoid_elements": found.elements})
        c = found.counter
        who = (f"the letter {_w(dfa, c.word)}" if len(c.word) == 1 else f"the word {_w(dfa, c.word)}")
        where = (f"; found among {found.elements} elements of the components' monoids"
                 if c.how == "a component's monoid" else
                 "; found in the pair graph" if c.how != "a letter" else "")
        return _counter_verdict(dfa, list(c.word),
                                f"a counter: {who} acts with a cycle of length {c.period} on the "
                                f"minimal DFA{where}", {"monoid_elements": found.elements})
    S = semigroup
    om = S.omega
    nxt = S.multiply(om, np.arange(S.size))
    bad = np.flatnonzero(nxt != om)
    if len(bad) == 0:
        return Verdict(True, f"aperiodic transition semigroup ({S.size} elements; "
                             "x^(ω+1) = x^ω)", data={"semigroup_size": S.size})
    x = int(bad[np.argmin(S.length[bad])])
    return _counter_verdict(dfa, S.word(x), f"transition semigroup not aperiodic ({S.size} elements)",
                            {"semigroup_size": S.size})


def _counter_verdict(dfa, xw, method: str, data: dict) -> Verdict:
    """The non-member verdict for an element x (word ``xw``) with x^(ω+1) ≠ x^ω."""
    t = dfa.transitions
    xT = transformation_of(t, xw)
    K = power_exponent(xT)
    e = transformation_of(t, xw * K)
    e1 = xT[e]
    q = int(np.flatnonzero(e != e1)[0])
    l = shortest_words_from(t, dfa.initial)[q]
    # q may be unreachable in a non-accessible DFA; the classifier always passes minimal ones
    r = distinguishing_suffix(t, dfa.accepting, int(e[q]), int(e1[q]))
    wit = family_witness(dfa, l, l, xw, r, xw + r, K, least_idempotent_power(xT))
    ident = f"x^(ω+1) = x^ω fails for x = {_w(dfa, xw)} (ω = {K})"
    return Verdict(False, method, wit, ident, data)


def identity_aperiodic(S) -> int | None:
    """First x with x^ω·x ≠ x^ω, or None."""
    nxt = S.multiply(S.omega, np.arange(S.size))
    bad = np.flatnonzero(nxt != S.omega)
    return int(bad[0]) if len(bad) else None


class Aperiodic(Procedure):
    """LTL[S]: free when LTL[P,Y] holds; else the semigroup test and a certificate by type
    refinement with S or the local-divisor construction."""

    family = "aperiodic"

    def handles(self, fragment: Fragment) -> bool:
        return fragment == LTL_S

    def decide(self, fragment, context, results) -> FragmentResult:
        d, limits = context.dfa, context.limits
        py = results.get(LTL_PY)
        if py is not None and py.member:
            return FragmentResult(fragment, True, py.formula, None,
                                  "in LTL[P,Y] ⊆ LTL[S] (locally R-trivial implies aperiodic)")
        try:
            va = decide_aperiodic(d, limit=limits.semigroup_elements, memory_budget=context.memory_budget,
                                  sccs=context.sccs)
        except LimitExceeded as exc:
            return FragmentResult(fragment, None, None, None, f"undecided: {exc}")
        if not va.member:
            return non_member(fragment, va)
        if not context.certificates:
            return FragmentResult(fragment, True, None, None, "aperiodic: " + va.method)
        from .synthesis import synthesize_star_free
        try:
            f = synthesize_star_free(d, max_depth=3, limit=min(limits.synthesis_states, STAR_FREE_TYPE_LIMIT),
                                     memory_budget=context.memory_budget)
        except LimitExceeded as exc:
            f = None
            note = f"; no formula: {exc}"
        else:
            note = ""
        if f is not None:
            return member(fragment, f, d, "aperiodic: " + va.method + "; formula by type refinement "
                          "with S", limits.check_states, TYPE_FORMULA_SHRINK_CHECKS)
        from .starfree import star_free_formula
        g, share = None, STAR_FREE_LOCAL_DIVISOR_WORK // len(STAR_FREE_STRATEGIES)
        for strategy in STAR_FREE_STRATEGIES:
            try:
                g = star_free_formula(d, limit=min(limits.synthesis_states, STAR_FREE_LOCAL_DIVISOR_LIMIT),
                                      strategies=(strategy,), work=share, max_size=MAX_FORMULA_SIZE)
                break
            except LimitExceeded as exc:
                failure = exc
        if g is None:
            note += (f"; local-divisor construction ({len(STAR_FREE_STRATEGIES)} strategies, "
                     f"{share} each): {failure}; the formula was not built, the verdict is proved "
                     "by the counter search above")
        else:
            return member(fragment, g, d, "aperiodic: " + va.method + "; formula by the "
                          "local-divisor construction (Kamp's theorem)", limits.check_states,
                          TYPE_FORMULA_SHRINK_CHECKS)
        return FragmentResult(fragment, True, None, None,
                              "aperiodic (Schützenberger, McNaughton–Papert, Kamp): " + va.method + note)


PROCEDURE = Aperiodic()
#: LTL[S], the star-free languages, those of ``masked_hard`` attention (unique hard attention
#: under the strict causal mask, no positional encoding: Yang, Chiang and Angluin 2024)
CLASS = LanguageClass("LTL[S]", PROCEDURE, FORMULA, PAIR, pattern=LTL_S.pattern, key=LTL_S)
