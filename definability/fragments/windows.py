"""The window fragments LTL[Y<=k] and LTL[P,Y<=k] (k ≥ 2): k-local attention, alone or
beside global heads (Li & Cotterell 2026).  No algebraic characterisation is known, so:

* necessary conditions give a "no" valid at every depth: LTL[Y<=k] ⊆ LTL[Y] (definite) and
  LTL[P,Y<=k] ⊆ LTL[P,Y] (locally R-trivial);
* known inclusions give cheap "yes": LTL[P] ⊆ LTL[P,Y<=k] and LTL[Y<=k] ⊆ LTL[P,Y<=k];
* over one letter the question is decided completely (:func:`unary_thresholds`): every
  definite unary language is a Boolean combination of the thresholds
  T_i = (Y[<=k])^i true, which holds at N+1 iff N ≥ i;
* otherwise depths 1..``max_depth`` of the exact type automaton (:mod:`.types`) are tried
  for a formula, and lasso pairs for a "no" at every depth; if neither settles it the answer
  is undecided, with the depth reached and a witness pair for that depth.
"""

from __future__ import annotations

import itertools

from ...kernel.errors import LimitExceeded, MemoryBudgetExceeded
from ...kernel.limits import LASSO_CANDIDATES
from ...kernel.work import FORMULA_NODE_STEPS, TYPE_STATE_STEPS
from ...ltl.definitions import dag_size
from ...ltl.formula import TRUE, Past, Yesterday, and_, not_, or_all
from ...ltl.fragments import LTL_P, LTL_PY, LTL_Y, Fragment
from ..certify.certificates import TYPE_FORMULA_SHRINK_CHECKS, member
from .definite import definite_verdict
from .locally_r_trivial import locally_r_trivial_verdict
from ..contract.procedure import Procedure
from ..contract.classes import FORMULA, PAIR, LanguageClass
from ..values.results import FragmentResult, word_text
from .occurrence import mark_candidates, occurrence_forms
from ..algebra.types import lasso_search, lasso_to_witness, periodic_partner, primitive_words, type_automaton

__all__ = ["PROCEDURE", "CLASS", "unary_thresholds"]


def unary_thresholds(dfa, k: int):
    """A formula of LTL[Y<=k] for a definite language over one letter (docs/
    decision-procedures.md §4.8): with T_0 = true and T_i = Y[<=k] T_(i−1), T_i holds at
    the readout N+1 of a^N iff N ≥ i (Y[<=k] ψ holds at n iff ψ holds at some m with
    max(1, n−k) ≤ m < n; the nearest, m = n − 1, is the best witness, so by induction T_i
    holds at n iff n ≥ i + 1).  The minimal DFA of a definite unary language is a path
    q_0 → q_1 → … → q_m with a loop on q_m (a cycle of length ≥ 2 would be a cycle of the
    pair graph), so a^N ∈ L iff q_min(N, m) accepts, and
    L = ⋁_{i < m, q_i accepts} (T_i ∧ ¬T_(i+1)) ∨ (T_m if q_m accepts)."""
    t = dfa.transitions
    path = [int(dfa.initial)]
    while int(t[path[-1], 0]) not in path:
        path.append(int(t[path[-1], 0]))
    if int(t[path[-1], 0]) != path[-1]:
        raise ValueError("dfa: not definite (its cycle has more than one state)")
    m = len(path) - 1
    T = [TRUE]
    for _ in range(m):
        T.append(Yesterday(T[-1], k))
    acc = [bool(dfa.accepting[q]) for q in path]
    return or_all([and_(T[i], not_(T[i + 1])) for i in range(m) if acc[i]]
                  + ([T[m]] if acc[m] else []))


class Windows(Procedure):
    """LTL[Y<=k], LTL[P,Y<=k] for k ≥ 2 (k = 1 are LTL[Y] and LTL[P,Y])."""

    family = "windows"

    def handles(self, fragment: Fragment) -> bool:
        return not fragment.since and fragment.window is not None and fragment.window >= 2

    def decide(self, fragment, context, results) -> FragmentResult:
        d, k, past = context.dfa, fragment.window, fragment.past
        necessary = context.verdict(locally_r_trivial_verdict if past else definite_verdict)
        if not necessary.member:
            outer = LTL_PY if past else LTL_Y
            return FragmentResult(fragment, False, None, necessary.witness,
                                  f"not in {outer} ⊇ {fragment}: " + necessary.method, necessary.identity,
                                  instantiation=(necessary.data or {}).get("instantiation"))
        if len(d.alphabet) == 1:
            how = (f"one letter: L is definite, so a Boolean combination of the thresholds "
                   f"(Y[<={k}])^i true ⟺ N ≥ i (complete over one letter)")
            if not context.certificates:
                return FragmentResult(fragment, True, None, None, how)
            return member(fragment, unary_thresholds(d, k), d, how, context.limits.check_states,
                          TYPE_FORMULA_SHRINK_CHECKS, context.meter, search=context.limits.search_budget)
        if past:
            for inner in (LTL_P, Fragment(False, k)):
                r = results.get(inner)
                if r is not None and r.member:
                    # the inclusion proves membership with or without the inner certificate
                    # (one too large to print): the verdict never depends on certificates
                    how = f"in {inner} ⊆ {fragment}"
                    if r.formula is None and context.certificates:
                        how += f"; no certificate: {inner}'s was not built (its reason above)"
                    return FragmentResult(fragment, True, r.formula, None, how)
        last_witness = None
        reached = 0
        stopped = None
        m = necessary.data.get("index", 0) if not past else 0
        meter, m_letters = context.meter, len(d.alphabet)
        for depth in range(1, context.max_depth + 1):
            try:
                res = type_automaton(d, k, past, depth, limit=context.limits.type_states,
                                     build_formula=context.certificates,
                                     memory_budget=context.memory_budget, formula_steps=meter.left)
            except MemoryBudgetExceeded:
                raise               # a refusal, like every memory budget: one line, exit 2
            except LimitExceeded as exc:
                meter.decide(TYPE_STATE_STEPS * m_letters * context.limits.type_states)
                stopped = exc
                break
            meter.decide(TYPE_STATE_STEPS * m_letters * res.states)
            reached = depth
            if res.definable:
                how = (f"type refinement: the depth-{depth} type of N+1 determines membership "
                       f"(exact type automaton, {res.states} states)")
                if not context.certificates:
                    return FragmentResult(fragment, True, None, None, how)
                if res.formula is None:
                    return FragmentResult(fragment, True, None, None,
                                          f"{how}; no certificate: {res.refused} ({meter.describe()})")
                meter.spend(FORMULA_NODE_STEPS * dag_size(res.formula))
                return member(fragment, res.formula, d, how, context.limits.check_states,
                              TYPE_FORMULA_SHRINK_CHECKS, meter, search=context.limits.search_budget)
            last_witness = res.witness
            if depth == 1:
                found = _lasso(fragment, d, max(2, min(m + 1, 4)))
                if found is not None:
                    return found
        if past and max(2, min(m + 1, 4)) < WIDE_LASSO_TAIL:
            found = _lasso(fragment, d, WIDE_LASSO_TAIL)
            if found is not None:
                return found
        if past:
            found = _occurrence(fragment, context, reached)
            if found is not None:
                return found
        else:
            found = _partner(fragment, d, max(2, min(m + 1, 4)))
            if found is not None:
                return found
        if stopped is not None:
            return FragmentResult(fragment, None, None, last_witness,
                                  f"undecided: {stopped}; no depth ≤ {reached} suffices", None, reached)
        return FragmentResult(fragment, None, None, last_witness,
                              f"undecided: no formula of depth ≤ {reached} (witness at that depth) and no "
                              f"lasso witness with period ≤ {k + 2}", None, reached)


#: window depths D tried for the occurrence form beyond the depth the type automata reached
#: (the form's formulas have depth D + 1, so D < reached cannot succeed)
OCCURRENCE_EXTRA_DEPTHS = 2
#: (inner depth D1, outer depth D) tried for the two-level form, cheapest first (with an
#: outer depth 2 the covers of small languages fell back to type formulas of more than
#: MAX_FORMULA_SIZE distinct subformulas: a "yes" without a printable certificate)
TWO_LEVEL_DEPTHS = ((1, 1), (2, 1))
#: the marked form (occurrence.py, "Marks"): every formula θ of LTL[Y<=k] of window depth ≤
#: MARK_DEPTH and at most MARK_MAX_SIZE nodes (one per truth function, at most MARK_LIMIT)
#: as an atom P θ at once, at outer window depths MARK_OUTER_DEPTHS; it settled the eight
#: undecided languages of the census (docs/decision-procedures.md §4.6)
MARK_DEPTH, MARK_MAX_SIZE, MARK_LIMIT = 2, 7, 400
MARK_OUTER_DEPTHS = (1, 2)


#: with P, the lasso search is retried with tails of up to this many letters when the type
#: automata settle nothing (the first search, at depth 1, takes tails of at most 2 letters
#: with P): Σ*bbΣ*bΣ* is outside LTL[P,Y<=3] by the tails bab / ε after (ab)^N
WIDE_LASSO_TAIL = 4


def _lasso(fragment, d, max_tail: int) -> FragmentResult | None:
    """A "no" at every depth by a lasso pair (§4.3) with periods ≤ k + 2 and tails ≤
    ``max_tail``, or None."""
    k, past = fragment.window, fragment.past
    lw = lasso_search(d, k, past, max_period=k + 2, max_tail=max_tail)
    if lw is None:
        return None
    w = lasso_to_witness(d, lw, k)
    per = word_text(d.alphabet, lw.period)
    how = (f"the N+1 positions of ^ω({per})·tail are bisimilar for both tails "
           f"(window {k}{', P' if past else ''}); pumping the period" if lw.shared else
           f"the N+1 positions of ^ω({per})·x and ^ω({word_text(d.alphabet, lw.period_out)})·y "
           f"are bisimilar (window {k}); pumping both periods")
    return FragmentResult(fragment, False, None, w, f"lasso witness: {how} defeats every depth")


def _partner(fragment, d, max_tail: int) -> FragmentResult | None:
    """LTL[Y<=k] "no" by a periodic side U = ^ω(p)·x (periods ≤ k + 2, tails ≤ ``max_tail``,
    shortest first, while the realisation graphs built add up to at most LASSO_CANDIDATES
    nodes) and ANY left-infinite V on the other side of L bisimilar to it at N+1
    (:func:`~..algebra.types.periodic_partner`, exact for each U: docs/decision-procedures.md
    §4.5 (b)), or None."""
    k, letters = fragment.window, range(len(d.alphabet))
    tails = [x for L in range(max_tail + 1) for x in itertools.product(letters, repeat=L)]
    budget = LASSO_CANDIDATES
    for p in primitive_words(len(letters), k + 2):
        for x in tails:
            spent: list[int] = []
            try:
                lw = periodic_partner(d, k, p, x, max_nodes=budget, spent=spent)
            except LimitExceeded:
                return None
            budget -= spent[0]
            if lw is not None:
                w = lasso_to_witness(d, lw, k)
                return FragmentResult(
                    fragment, False, None, w,
                    f"periodic side: the N+1 position of ^ω({word_text(d.alphabet, p)})·"
                    f"{word_text(d.alphabet, x, 'ε')} is bisimilar (window {k}) to that of a left-"
                    "infinite word on the other side of L, found exactly for this side by the "
                    "realisations of its blocks; pumping both periods defeats every depth")
    return None


def _occurrence(fragment, context, reached: int) -> FragmentResult | None:
    """LTL[P,Y<=k] "yes" by the occurrence of window types (:mod:`.occurrence`): L = O ψ or
    ¬O ψ with ψ of LTL[Y<=k], for window depths reached … reached + 2, then the two-level
    form (ψ over the letters and P θ), then the marked form (ψ over the letters and P θ, θ
    among :func:`.occurrence.mark_candidates`, all at once; the certificate from one mark
    alone where one suffices, since with every mark each type's formula conjoins them all);
    None if no form tried holds (an automaton past the limit counts as not holding)."""
    d, k = context.dfa, fragment.window

    def tries():
        yield from ((D, None, ()) for D in range(max(1, reached), reached + OCCURRENCE_EXTRA_DEPTHS + 1))
        yield from ((D, D1, ()) for D1, D in TWO_LEVEL_DEPTHS if D + D1 + 2 > reached)
        marks = tuple(mark_candidates(d.alphabet, k, MARK_DEPTH, MARK_MAX_SIZE, MARK_LIMIT))
        yield from ((D, None, marks) for D in MARK_OUTER_DEPTHS)

    for D, D1, used in tries():
        try:
            res = occurrence_forms(d, k, D, context.limits.type_states, build_formula=context.certificates,
                                   memory_budget=context.memory_budget, inner_depth=D1, marks=used)
        except LimitExceeded:
            context.meter.decide(TYPE_STATE_STEPS * len(d.alphabet) * context.limits.type_states)
            continue
        context.meter.decide(TYPE_STATE_STEPS * len(d.alphabet) * res.states)
        if not res.definable:
            continue
        form = "¬O ψ" if res.negated else "O ψ"
        side, other = ("outside", "in") if res.negated else ("in", "outside")
        if used:
            how = (f"occurrence of window types, marked: L = {form} with ψ of window depth {D} over "
                   f"the letters and the P θ, θ any of {len(used)} formulas of LTL[Y<={k}] of window "
                   f"depth ≤ {MARK_DEPTH}, since every word {side} L has a position whose type "
                   f"(depth-{D} window type over the letters enriched with the θ seen before) occurs "
                   f"in no word {other} L (exact search, {res.states} states)")
        elif D1 is None:
            how = (f"occurrence of window types: L = {form} with ψ in LTL[Y<={k}] of depth {D}, since "
                   f"every word {side} L has a position whose depth-{D} window type occurs in no "
                   f"word {other} L (exact search, {res.states} states); no formula of depth ≤ "
                   f"{reached} exists")
        else:
            how = (f"occurrence of window types, two levels: L = {form} with ψ of window depth {D} "
                   f"over the letters and the P θ, θ in LTL[Y<={k}] of depth {D1}, since every word "
                   f"{side} L has a position whose type (depth-{D} window type over the letters "
                   f"enriched with the depth-{D1} window types seen before) occurs in no word "
                   f"{other} L (exact search, {res.states} states); no formula of depth ≤ {reached} "
                   "exists")
        if not context.certificates:
            return FragmentResult(fragment, True, None, None, how)
        formula = (_one_mark_formula(d, k, res.formula, used, context) if used else None) or res.formula
        return member(fragment, formula, d, how, context.limits.check_states, TYPE_FORMULA_SHRINK_CHECKS,
                      context.meter, search=context.limits.search_budget)
    return None


def _one_mark_formula(d, k, formula, marks, context):
    """The formula of the marked form with a single mark, the first (in the order of the
    all-marks ``formula``'s atoms) with which the form holds at an outer depth of
    MARK_OUTER_DEPTHS; None if none does."""
    order = list(dict.fromkeys(f.arg for f in formula.subformulas() if isinstance(f, Past) and f.arg in marks))
    for D in MARK_OUTER_DEPTHS:
        for theta in order:
            try:
                res = occurrence_forms(d, k, D, context.limits.type_states, build_formula=False,
                                       memory_budget=context.memory_budget, marks=(theta,))
            except LimitExceeded:
                continue
            context.meter.decide(TYPE_STATE_STEPS * len(d.alphabet) * res.states)
            if res.definable:
                return occurrence_forms(d, k, D, context.limits.type_states, build_formula=True,
                                        memory_budget=context.memory_budget, marks=(theta,)).formula
    return None


PROCEDURE = Windows()


def _asks(windows: tuple[int, ...]) -> tuple[Fragment, ...]:
    """LTL[Y<=k], LTL[P,Y<=k] for each window k ≥ 2 (k = 1: LTL[Y], LTL[P,Y], declared apart)."""
    return tuple(f for k in windows if k >= 2 for f in Fragment.windowed(k))


#: LTL[Y<=k] and LTL[P,Y<=k] for k ≥ 2, the languages of ``local:k`` and ``hybrid:k`` attention
CLASS = LanguageClass("LTL[Y<=k], LTL[P,Y<=k]", PROCEDURE, FORMULA, PAIR, asks=_asks)
