"""Certificates: every member answer's formula is checked exactly before it is returned,
tidied and shrunk for readability, and — after all procedures have answered — replaced by
a smaller one where another answer, a hint or bottom-up enumeration provides it.

* :func:`member` / :func:`member_by` — a verified member answer (or the member answer
  without a formula when it is too large to print or check: the procedure still proves it);
* :func:`non_member` — the answer of a failed DFA test, with its witness and identity;
* :func:`improve` — the last stage of a classification (fragments visited small to large,
  so that what is found for one serves the next).
"""

from __future__ import annotations

from ...kernel import limits as _limits

from dataclasses import replace

from ...kernel.errors import LimitExceeded
from ...kernel.limits import DEFAULT_SEARCH_BUDGET, SEARCH_PER_FRAGMENT
from ...kernel.work import CANDIDATE_STEPS, CHECK_UNITS_PER_STEP, OverBudget, WorkMeter, check_steps, unmetered
from ...ltl.definitions import dag_size, order_key
from ...ltl.formula import Formula
from ...ltl.fragments import Fragment
from ...ltl.rewrite import core, expand_windows
from ..values.results import FragmentResult, Verdict
from .synthesis import CHECK_BY_DFA_FROM, CHECK_WORK, check_formula, shrink, tidy
from ...ltl.fragments import windows
from .smallest import SampleFilter, smallest_formula

__all__ = ["member", "member_by", "non_member", "defines", "hint_forms", "improve",
           "MAX_FORMULA_SIZE"]

#: certificates with more distinct subformulas than this are not printed; the limit is on
#: the DAG (a certificate is printed with shared definitions, :mod:`attnlogic.ltl.definitions`),
#: not on its tree unfolding, which may be exponentially larger
MAX_FORMULA_SIZE = 20_000

#: greedy semantic shrinking of each certificate (readability): the number of exact checks
#: ... (kernel/limits.py, with every default budget)
SHRINK_CHECKS = _limits.SHRINK_CHECKS
#: kernel/limits.py (with every default budget)
SHRINK_WORK = _limits.SHRINK_WORK
SHRINK_MIN_SIZE = 2
#: kernel/limits.py (with every default budget)
SHRINK_MAX_STATES = _limits.SHRINK_MAX_STATES
#: ... and the exact checks of one shrinking do at most this much work in all (product
#: ... (kernel/limits.py, with every default budget)
SHRINK_STEPS = _limits.SHRINK_STEPS
#: formulas from type refinement are the least readable: they get more checks (kernel/limits.py)
TYPE_FORMULA_SHRINK_CHECKS = _limits.TYPE_FORMULA_SHRINK_CHECKS
#: the exact checks of one certificate by the product search (product states × distinct
#: ... (kernel/limits.py, with every default budget)
CERTIFICATE_WORK = _limits.CERTIFICATE_WORK

#: a member's certificate with more nodes than this (or none, when too large to print) is
#: looked for among the fragment's formulas of at most SMALLEST_MAX_SIZE nodes by bottom-up
#: enumeration (:mod:`.smallest`): at most SMALLEST_PER_SEARCH candidates per fragment and
#: ``search_budget`` (default SMALLEST_BUDGET, that of :class:`~attnlogic.kernel.limits.Limits`) per
#: classification
SMALLEST_FROM_SIZE = 20
#: a certificate of more distinct subformulas than this is offered to the other fragments
#: as it is, without its windows written as Y-chains: the rewriting is simplified (sympy)
#: and checked, which cost 18 s of a 27 s classification of (a|b)*aa(a|b)* for a rewriting
#: of a type-refinement formula far larger than the other fragments' own certificates
REWRITE_MAX_SIZE = 500
SMALLEST_MAX_SIZE = 14
#: a certificate of at most SMALLEST_FROM_SIZE nodes is searched too, below its own size,
#: ... (kernel/limits.py, with every default budget)
SMALL_SEARCH_CANDIDATES = _limits.SMALL_SEARCH_CANDIDATES
#: what the shrinking of a certificate leaves of the meter's allowance for that search
SEARCH_RESERVE = 2 * SMALL_SEARCH_CANDIDATES * CANDIDATE_STEPS
#: steps counted per node evaluated on the sample words when a shrinking candidate is
#: tested before its exact check (one packed operation on 256 words, a few microseconds),
#: and at most SHRINK_FILTERED candidates dropped by that test per certificate
FILTER_NODE_STEPS = 4
SHRINK_FILTERED = 20_000
SMALLEST_PER_SEARCH = SEARCH_PER_FRAGMENT
#: ... and on a DFA of n > SEARCH_FULL_STATES states at most SMALLEST_PER_SEARCH ×
#: ... (kernel/limits.py, with every default budget)
SEARCH_FULL_STATES = _limits.SEARCH_FULL_STATES
SMALLEST_BUDGET = DEFAULT_SEARCH_BUDGET
#: steps counted per distinct subformula of a polynomial synthesis (LTL[P], LTL[Y],
#: LTL[P,Y]: a formula read off the DFA's graph)
SYNTHESIS_NODE_STEPS = 10


def _check_units(budget: int | None) -> int:
    """CERTIFICATE_WORK, lowered to what is left of a meter's allowance (in check units)."""
    return CERTIFICATE_WORK if budget is None else max(0, min(CERTIFICATE_WORK, budget * CHECK_UNITS_PER_STEP))


def _verified(f: Formula, dfa, fragment: Fragment, limit: int, checks: int,
              meter: WorkMeter, search: int = SMALL_SEARCH_CANDIDATES) -> Formula:
    """Check exactly, then look for a smaller formula by a short enumeration
    (:func:`_small_search`), then tidy and shrink what the meter leaves (each change
    checked); a failing check is a bug, never printed as a certificate.  Raises
    LimitExceeded when the formula is too large to print, or its check does not fit the
    bounds or the meter."""
    if dag_size(f) > MAX_FORMULA_SIZE:
        raise LimitExceeded("certificate formula size (distinct subformulas)", MAX_FORMULA_SIZE,
                            f"the synthesised formula has {dag_size(f)} distinct subformulas")
    if dfa.n_states * dag_size(f) > CHECK_WORK:
        raise LimitExceeded("certificate check (DFA states × distinct subformulas)", CHECK_WORK,
                            f"{dfa.n_states} states × {dag_size(f)} distinct subformulas")
    # the exact check first, within CHECK_WORK and what the meter leaves
    units = CHECK_WORK if meter.left is None else max(0, min(CHECK_WORK, meter.left * CHECK_UNITS_PER_STEP))
    if dfa.n_states <= CHECK_BY_DFA_FROM and dfa.n_states * dag_size(f) > units:
        # the product of a defining formula with the minimal DFA has at least one state per
        # DFA state: its check cannot fit, so neither checking nor tidying starts
        if units == CHECK_WORK:
            raise LimitExceeded("certificate check (DFA states × distinct subformulas)", units,
                                f"{dfa.n_states} states × {dag_size(f)} distinct subformulas; the "
                                "formula was built but is not printed unchecked")
        raise OverBudget(meter.refusal(
            f"the exact check of the formula built ({dfa.n_states} states × {dag_size(f)} distinct "
            "subformulas; not printed unchecked)", check_steps(dag_size(f), dfa.n_states * dag_size(f))))
    left = [units]

    def checked(h) -> bool | None:
        """Whether h defines L(dfa), within what is left (its work counted); None when
        the check does not fit."""
        stats: dict = {}
        try:
            ok = check_formula(h, dfa, limit=limit, stats=stats, work=max(1, left[0])) is None
        except LimitExceeded:
            ok = None
        nodes = len(h.subformulas())
        spent = check_steps(nodes, stats.get("states", 0) * nodes)
        left[0] -= spent * CHECK_UNITS_PER_STEP
        meter.spend(spent)
        return ok

    verdict = checked(f)
    if verdict is None:
        if units == CHECK_WORK:
            raise LimitExceeded("certificate check (product states × distinct subformulas)", units,
                                "the formula was built but is not printed unchecked")
        raise OverBudget(meter.refusal("the exact check of the formula built (not printed unchecked)"))
    if not verdict:  # pragma: no cover - would be a bug in a synthesis
        raise AssertionError(f"synthesised formula disagrees with the DFA: {f}")
    # then the smallest formula a short search finds below its size (each candidate that
    # matches the sample is checked exactly by the search); it has no constants, so
    # shrinking may still write `P true` for its `P (a | b)`
    if not meter.polish:            # built and checked is enough (a try bounded by the clock)
        return f
    small = _small_search(fragment, dfa, f, limit, meter, search)
    # then readability: shrinking and tidying within CERTIFICATE_WORK and the meter
    left[0] = _check_units(meter.left)
    g = f if small is None else small
    if g.size > SHRINK_MIN_SIZE and dfa.n_states <= SHRINK_MAX_STATES and left[0] > 0:
        # candidates are first tested on the sample words (SampleFilter: one packed
        # operation per new node, FILTER_NODE_STEPS each), the exact check only for those
        # that pass; the shrinking leaves SEARCH_RESERVE steps to the search for a smaller
        # formula (improve)
        spare = None if meter.left is None else max(0, meter.left - SEARCH_RESERVE)
        per_check = check_steps(dag_size(g), dfa.n_states * dag_size(g))
        budget = min(checks, SHRINK_WORK // max(1, dfa.n_states * g.size),
                     checks if spare is None else spare // 2 // per_check)
        sample = SampleFilter(dfa)
        filtered = SHRINK_FILTERED if spare is None else min(
            SHRINK_FILTERED, spare // 2 // (FILTER_NODE_STEPS * max(1, g.height)))
        stats: dict = {}
        g = shrink(g, dfa, fragment.allows, max_checks=budget, check_limit=limit,
                   max_work=min(SHRINK_STEPS, max(1, left[0] // 2)), stats=stats,
                   prefilter=sample.passes, max_filtered=max(1, filtered))
        left[0] -= stats.get("work", 0)
        meter.spend(stats.get("work", 0) // CHECK_UNITS_PER_STEP + FILTER_NODE_STEPS * sample.evaluated)
    return tidy(g, lambda h: fragment.allows(h) and left[0] > 0 and bool(checked(h)), meter)


def _small_search(fragment: Fragment, dfa, f: Formula, limit: int, meter: WorkMeter,
                  search: int = SMALL_SEARCH_CANDIDATES):
    """A formula of ``fragment`` defining L(dfa) with fewer nodes than f found by bottom-up
    enumeration within SMALL_SEARCH_CANDIDATES candidates, ``search`` (the classification's
    search budget; 0: no search) and the meter, or None; on
    DFAs of at most SEARCH_FULL_STATES states only (the exact check of a candidate that
    matches the sample is linear in the states)."""
    if f.size <= 2 or dfa.n_states > SEARCH_FULL_STATES:
        return None
    cap = meter.cap(min(SMALL_SEARCH_CANDIDATES, search), CANDIDATE_STEPS)
    if cap <= 0:
        return None
    stats: dict = {}
    g = _smallest(fragment, dfa, f, limit, cap, stats)
    meter.spend(CANDIDATE_STEPS * stats.get("evaluated", 0))
    return g


def member(fragment: Fragment, f: Formula, dfa, method: str, limit: int,
           checks: int = SHRINK_CHECKS, meter: WorkMeter | None = None,
           search: int = SMALL_SEARCH_CANDIDATES) -> FragmentResult:
    """A member with its verified formula, replaced by a smaller one where a short search
    (at most ``search`` candidates: the classification's search budget) or shrinking finds
    one; when the formula is too large to print or to check (within ``meter``'s
    allowance), the member answer stands (it is proved by the decision procedure) without
    one."""
    try:
        g = _verified(f, dfa, fragment, limit, checks, meter or unmetered(), search)
    except LimitExceeded as exc:
        return FragmentResult(fragment, True, None, None, f"{method}; no certificate printed: {exc}")
    return FragmentResult(fragment, True, g, None, method)


def member_by(fragment: Fragment, build, dfa, method: str, limit: int,
              meter: WorkMeter | None = None, search: int = SMALL_SEARCH_CANDIDATES) -> FragmentResult:
    """Like :func:`member`, with the synthesis ``build()`` itself bounded by ``limit``; its
    formula's distinct subformulas are counted on ``meter`` (SYNTHESIS_NODE_STEPS each)."""
    meter = meter or unmetered()
    try:
        f = build()
    except LimitExceeded as exc:
        return FragmentResult(fragment, True, None, None, f"{method}; no certificate: {exc}")
    meter.spend(SYNTHESIS_NODE_STEPS * dag_size(f))
    return member(fragment, f, dfa, method, limit, meter=meter, search=search)


def non_member(fragment: Fragment, verdict: Verdict, method: str | None = None) -> FragmentResult:
    return FragmentResult(fragment, False, None, verdict.witness, method or verdict.method,
                          verdict.identity, instantiation=verdict.data.get("instantiation"))


def defines(g: Formula, d, limit: int, meter: WorkMeter | None = None) -> bool:
    """Whether a formula that the classifier did not build itself (a hint, a rewriting) is
    printable and defines exactly L(d): the exact check (within ``meter``'s allowance, its
    work counted), a check too large counting as no."""
    if dag_size(g) > MAX_FORMULA_SIZE:
        return False
    meter = meter or unmetered()
    left = meter.left
    stats: dict = {}
    try:
        if left is None:
            return check_formula(g, d, limit=limit, stats=stats) is None
        if left <= 0:
            return False
        return check_formula(g, d, limit=limit, stats=stats, work=left * CHECK_UNITS_PER_STEP) is None
    except LimitExceeded:
        return False
    finally:
        nodes = len(g.subformulas())
        meter.spend(check_steps(nodes, stats.get("states", 0) * nodes))


def hint_forms(hints, d, limit: int) -> list:
    """The hints and their rewritings (O, H into P; windows into Y-chains) that define L(d)
    exactly (checked), smallest first."""

    def expanded(h):
        # Y[<=k] ψ expands to at least k(k+1)/2 nodes: skip what could not be printed anyway
        big = max(windows(h), default=1)
        return (expand_windows(core(h)),) if big * (big + 1) // 2 <= MAX_FORMULA_SIZE else ()

    forms = {tidy(g) for h in hints for g in (h, core(h), *expanded(h))}
    # printable ones only: the text of a larger one (sorted by below) may be huge
    forms = {g for g in forms if g.size <= MAX_FORMULA_SIZE}
    return [g for g in sorted(forms, key=order_key) if defines(g, d, limit)]


def _visiting_order(fragments) -> list[Fragment]:
    """The fragments small to large (:attr:`Fragment.rank`; the windows in the order
    asked): LTL[P], the window fragments without P, LTL[Y], those with P, LTL[P,Y], LTL[S]."""
    return sorted(fragments, key=lambda f: f.rank)


def improve(results: dict, d, limit: int, budget: int, hints=(), meter: WorkMeter | None = None) -> None:
    """Improve certificates in place, fragments visited small to large so that what is found
    for one serves the next.  The candidates for a fragment are the verified formulas of the
    other member results and the checked hints that lie in it syntactically (an LTL[P]
    formula is an LTL[S] formula).  Each of them proves membership, so an undecided fragment
    with a candidate becomes a member (and one without is searched by enumeration); a
    member gets the smallest candidate, and if that still has more than SMALLEST_FROM_SIZE
    nodes (or there is none), a smaller formula found by enumeration.  Every search and
    check is counted on ``meter`` and stops at its allowance (CANDIDATE_STEPS a candidate)."""
    meter = meter or unmetered()
    remaining = [budget]
    rewritten: dict = {}                 # each certificate is rewritten and checked once

    def rewritings(f):
        if f not in rewritten:
            rewritten[f] = _rewritings(f, d, limit, meter)
        return rewritten[f]

    order = _visiting_order(results)

    def search(fragment, f, cap: int = SMALLEST_PER_SEARCH):
        if remaining[0] <= 0:
            return None
        stats: dict = {}
        per_search = min(cap, SMALLEST_PER_SEARCH) * SEARCH_FULL_STATES // max(SEARCH_FULL_STATES, d.n_states)
        # what the meter leaves is shared equally by this fragment and those after it (the
        # first searches would otherwise take it all: RDP-1's 7-node LTL[S] formula takes
        # 6,390 candidates, after a fruitless LTL[P,Y] search)
        if meter.left is not None:
            later = len(order) - order.index(fragment)
            per_search = min(per_search, max(0, meter.left) // later // CANDIDATE_STEPS)
        allowed = meter.cap(min(remaining[0], per_search), CANDIDATE_STEPS)
        if allowed <= 0:
            return None
        g = _smallest(fragment, d, f, limit, allowed, stats)
        remaining[0] -= stats.get("evaluated", 0)
        meter.spend(CANDIDATE_STEPS * stats.get("evaluated", 0))
        return g

    for name in order:
        r = results[name]
        candidates = [(f, f"that of {other}{how}, which is also a formula of {name}")
                      for other, o in results.items() if other != name and o.member and o.formula is not None
                      for f, how in rewritings(o.formula) if name.allows(f)]
        candidates += [(h, "the given formula (or its rewriting), checked exactly")
                       for h in hints if name.allows(h)]
        candidates.sort(key=lambda c: order_key(c[0]))
        if r.member is False and candidates:  # pragma: no cover - would be a bug in a decider
            raise AssertionError(f"{name}: proved 'no', but {candidates[0][0]} is in it and defines L")
        if r.member is None:
            if candidates:
                f, why = candidates[0]
                r = results[name] = replace(
                    r, member=True, formula=f, witness=None, depth_reached=None,
                    method=f"member: {f} ({why.split(',')[0]}) is a formula of {name} defining the "
                           f"language (exact check); the procedures alone: {r.method}")
                candidates = []
            else:
                small = search(name, None)
                if small is not None:
                    results[name] = replace(
                        r, member=True, formula=small, witness=None, depth_reached=None,
                        method=f"member: a formula of {name} found by bottom-up enumeration defines "
                               f"the language (exact check); the procedures alone: {r.method}")
                continue
        if not r.member:
            continue
        best, note = r.formula, ""
        if candidates and (best is None or candidates[0][0].size < best.size):
            best, note = candidates[0][0], f"; formula: {candidates[0][1]}"
        if best is None or best.size > SMALLEST_FROM_SIZE:
            small = search(name, best)
        elif best.size > 2 and best is not r.formula:
            # a small certificate may still have a smaller equivalent (`P (a & !P a)` for
            # "contains a" is `P a`): a short search below its size (the procedure's own
            # formula had it when it was verified, :func:`_small_search`)
            small = search(name, best, SMALL_SEARCH_CANDIDATES)
        else:
            small = None
        if small is not None:
            best, note = small, ("; formula: the first found in order of size by bottom-up "
                                 "enumeration (verified exactly)")
        if best is not r.formula:
            results[name] = replace(r, formula=best, method=r.method + note)


def _rewritings(f, d, limit: int, meter: WorkMeter) -> list:
    """f, and f with every window Y[<=k] ψ (k ≥ 2) written as Y ψ | … | Y^k ψ (so that it can
    serve the fragments with Y), checked exactly, as (formula, how) pairs; a formula of more
    than REWRITE_MAX_SIZE distinct subformulas is not rewritten."""
    out = [(f, "")]
    if dag_size(f) > REWRITE_MAX_SIZE:
        return out
    g = expand_windows(f)
    if g is not f:
        g = tidy(g, meter=meter)
        if defines(g, d, limit, meter):
            out.append((g, " with its windows written as Y-chains"))
    return out


def _smallest(fragment: Fragment, d, f, limit: int, budget: int, stats: dict | None = None):
    """A verified formula of ``fragment`` with fewer nodes than ``f`` (at most
    SMALLEST_MAX_SIZE), or None."""
    bound = SMALLEST_MAX_SIZE if f is None else min(SMALLEST_MAX_SIZE, f.size - 1)
    try:
        g = smallest_formula(d, fragment, max_size=bound, budget=budget, check_limit=limit, stats=stats)
    except LimitExceeded:
        return None
    return g if g is not None and fragment.allows(g) else None
