"""Which fragment (attention pattern) defines a regular language — with proofs both ways.

``classify(dfa, windows=(2,)) -> Classification`` reads as its stages:

1. the questions: LTL[P], LTL[Y], LTL[P,Y], LTL[S] and, for each k in ``windows``,
   LTL[Y<=k] and LTL[P,Y<=k] (one :class:`~attnlogic.ltl.fragments.Fragment` each; k = 1
   names LTL[Y] and LTL[P,Y] again and adds nothing);
2. the machine: the minimal DFA (skipped when the caller says it is minimal);
3. the answers: each fragment by its family's procedure (:mod:`.registry`), in order, so
   that a later fragment may use an earlier answer through a known inclusion;
4. the certificates: made smaller where another answer, a hint or enumeration allows
   (:func:`.certificates.improve`); every certificate stage, from synthesis in step 3 to
   this search, within a multiple of the decisions' counted work
   (:class:`~attnlogic.kernel.work.WorkMeter`, ``certificate_factor``);
5. the witnesses: each re-checked on the DFA and by an independent type computation, its
   depth set to what that check proves (:func:`.attest.attest_results`).

Every member answer carries a formula of the fragment, checked exactly against the DFA
(:func:`.synthesis.check_formula`) before it is returned; every non-member answer carries a
witness pair whose two words differ on L.  Readout at N+1 (docs/logic.md).
"""

from __future__ import annotations

from dataclasses import replace

from ...automata.sources import as_dfa
from ...automata.minimize import minimize
from ...kernel.errors import LimitExceeded, MemoryBudgetExceeded
from ...kernel.limits import Limits
from ...kernel.work import STEPS_PER_SECOND, TIME_FLAG, CertificateTimeout, deadline
from ...kernel.validate import integer
from ...ltl.fragments import Fragment
from .attest import attest_results
from ..certify.certificates import hint_forms, improve
from ..contract.procedure import Context
from ..contract.classes import FORMULA, PAIR
from ..contract.intersections import with_final_parts
from .around import settle_around
from .inclusions import contradictions
from .registry import class_for, default_classes, expand, language_class, procedure_for
from ..values.results import Classification, FragmentResult

__all__ = ["FragmentResult", "Classification", "classify", "questions", "within_time", "MAX_DECIDED_WINDOW"]

#: largest window k decided for LTL[Y<=k], LTL[P,Y<=k] (``windows``): a state of the type
#: automaton holds the types of the last k positions, so its size grows with k
MAX_DECIDED_WINDOW = 64


def questions(windows=(2,), classes=()) -> tuple:
    """The answers a classification gives, in output order (duplicates removed): those of
    every registered class asked by default (:data:`.registry.CLASSES`; for the LTL
    fragments: LTL[P], LTL[Y], LTL[P,Y], LTL[S], then LTL[Y<=k], LTL[P,Y<=k] for each k in
    ``windows``), then those of the registered classes named in ``classes`` (a group name
    of :data:`.registry.GROUPS`, such as ``"subregular"``, names all its classes)."""
    ws = tuple(integer("windows", k, 1, MAX_DECIDED_WINDOW, "a window k (at most MAX_DECIDED_WINDOW)")
               for k in windows)
    asked = default_classes() + [language_class(c) for c in expand(classes)]
    out: list = []
    for c in dict.fromkeys(asked):
        out += [key for key in c.keys(ws) if key not in out]
    return tuple(out)


def within_time(fragment, context: Context, results: dict, first: FragmentResult) -> FragmentResult:
    """A "yes" whose formula the step budget refused (``first``), decided again within
    ``limits.certificate_seconds`` of CPU time whatever the decisions cost (issue 38: the
    formula of a small language is never withheld because its decisions were cheap): a meter
    of that many seconds' steps (STEPS_PER_SECOND) admits the stages by their estimates, the
    clock stops what the estimates missed.  The second try is deterministic; the clock
    decides only whether it ends.  Its verdict must be ``first``'s
    (AssertionError otherwise: a verdict never depends on a budget).  ``first``, its reason
    extended by the time budget, when the second try does not end in time or builds no
    formula either."""
    seconds = context.limits.certificate_seconds
    if seconds <= 0:
        return replace(first, method=f"{first.method}; no time budget ({TIME_FLAG} 0)")
    second = None
    try:
        with deadline(seconds):
            second = procedure_for(fragment).decide(fragment, context.for_second_try(
                int(seconds * STEPS_PER_SECOND)), results)
    except CertificateTimeout:
        pass
    except LimitExceeded:          # a bound other than the steps (memory, states): keep the first
        pass
    if second is not None:
        if second.member is not first.member:
            raise AssertionError(f"{fragment}: the verdict changed with the certificate budget "
                                 f"({first.member} with it, {second.member} without)")
        if second.formula is not None:
            return second
    why = (f"not built within the time budget either ({seconds:g} s an answer; {TIME_FLAG} raises it)"
           if second is None else f"not built in a second try within the time budget either ({seconds:g} s an "
                                   f"answer, its steps estimated from the time; {TIME_FLAG} raises it)")
    return replace(first, method=f"{first.method}; {why}")


def _decided(fragment, context: Context, results: dict) -> FragmentResult:
    """``fragment`` decided by its procedure (``results``: the answers before it); past its
    own budget undecided, saying which — past the memory budget too for a class asked by name,
    while a fragment every classification asks (the LTL fragments) refuses the request whole;
    a "yes" whose formula the step budget refused decided again within the time budget
    (:func:`within_time`)."""
    context.deciding()
    try:
        r = procedure_for(fragment).decide(fragment, context, results)
    except MemoryBudgetExceeded as exc:
        if class_for(fragment).default:     # the question every classification asks: refused whole
            raise
        r = FragmentResult(fragment, None, None, None, f"undecided: {exc}")
    except LimitExceeded as exc:        # this class's budget, not the classification's
        r = FragmentResult(fragment, None, None, None, f"undecided: {exc}")
    if context.certificates and r.member is True and r.formula is None \
            and class_for(fragment).certificate == FORMULA:
        r = within_time(fragment, context, results, r)
    return r


def _around(key, context: Context, answers: dict, d) -> FragmentResult:
    """A class asked around an undecided answer (:mod:`.around`, never one every classification
    asks): decided as the asked ones are (past any budget, the memory budget too, undecided), a
    witness pair attested."""
    r = _decided(key, context, answers)
    if context.certificates and r.member is False and class_for(key).witness == PAIR \
            and class_for(key).certificate == FORMULA:
        one = {key: r}
        attest_results(one, d)
        r = one[key]
    return r


def classify(dfa, windows=(2,), max_depth: int | None = None, limit: int | None = None,
             minimal: bool = False, search_budget: int | None = None,
             hints=(), on_stage=None, memory_budget: int | None = None,
             certificates: bool = True, limits: Limits | None = None,
             classes=(), certificate_factor: int | None = None,
             certificate_seconds: float | None = None) -> Classification:
    """Classify L(dfa) for LTL[P], LTL[Y], LTL[P,Y], LTL[S] and, for each k in ``windows``,
    LTL[Y<=k] and LTL[P,Y<=k].  ``dfa``: our DFA, an automata-lib DFA or NFA, a networkx
    graph or a :class:`~attnlogic.automata.sources.Language`
    (:func:`~attnlogic.automata.sources.as_dfa`).

    The budgets are one :class:`~attnlogic.kernel.limits.Limits` value: ``limits`` (default: the
    defaults) with the keyword arguments that were given replacing its fields, validated
    once (InputError naming the parameter: ``max_depth=-5``, ``limit=0``).  ``limit`` bounds
    every exponential step of deciding (semigroup elements, type-automaton states, states
    of a synthesis; the alias of :data:`~attnlogic.kernel.limits.LIMIT_ALIAS`), not the exact
    check of a certificate (``limits.check_states``); ``max_depth`` bounds the type
    refinement; ``search_budget`` bounds the search for small certificates (candidate
    formulas over the whole classification, at most SMALLEST_PER_SEARCH per fragment; 0: no
    search); ``minimal=True`` says that ``dfa`` is already the minimal DFA.

    ``certificate_factor`` bounds the certificates as a whole by the decisions: synthesis,
    simplification, exact checks, shrinking and search together count at most
    ``certificate_factor`` × the decisions' steps plus
    :data:`~attnlogic.kernel.limits.CERTIFICATE_FLOOR` (:mod:`attnlogic.kernel.work`, no wall
    clock: the same input gives the same certificates anywhere).  A member answer whose
    formula does not fit stands with its proof and says that no formula was built; the
    counted steps are in the result's ``steps``.

    ``certificate_seconds`` (default 1): a "yes" whose formula the step budget refused is
    decided again without it, within that many seconds of CPU time (a subregular class's
    certificate, not counted in steps, gets that many seconds or ``certificate_factor`` ×
    its decision's time); 0: the step budget alone.  The clock decides only *whether* such a
    certificate is built — which one is deterministic — and never a verdict.

    Declared inclusions (:mod:`.inclusions`) settle what a procedure left undecided: a
    "yes" goes up to every class that contains it, a "no" down to every class inside it,
    with the certificate or witness carried over and the inclusion named; answers that
    contradict one raise AssertionError (a bug).  Where that is not enough, the registered
    classes around an undecided answer (below it for a "yes", above it for a "no") are
    asked too, nearest first, at most :data:`~attnlogic.kernel.limits.AROUND_CLASSES` of
    them (:mod:`.around`); their answers are printed only as the proofs they carry.

    ``hints``: formulas believed to define the language (the command line passes the formula
    it was given).  A hint, or its rewriting without O, H and windows (``Y[<=k] ψ`` as
    ``Y ψ | … | Y^k ψ``), that passes the exact check is a proof of membership in every
    fragment it lies in syntactically: it settles fragments the procedures left undecided,
    and becomes the certificate wherever it is smaller.  A hint contradicting a proved "no"
    would be a bug and raises AssertionError.

    ``certificates=False`` asks for the verdicts only: every procedure decides as usual but
    returns its member answers without a formula (no synthesis, no exact check of a
    formula, no search, hints unused), non-member answers the deciders' witnesses as
    proposed (not attested: their ``depth`` is the decider's claim).  The verdicts are those
    of ``certificates=True`` (each is decided before any synthesis or attestation).

    ``on_stage(text)``, when given, is told each stage as it starts (for progress displays).

    ``classes``: registered classes asked beyond the default ones, by name
    (:mod:`.registry`; a class that is not an LTL fragment answers under its name, with the
    certificate and witness kinds its declaration names).

    ``memory_budget`` (bytes; default :data:`~attnlogic.kernel.limits.DEFAULT_MEMORY_BUDGET`) bounds
    every table whose size is quadratic or worse in the number of states (the internal pair
    graphs of the SCCs, the semigroup's elements): a step that would need more raises
    :class:`~attnlogic.kernel.errors.MemoryBudgetExceeded` before allocating — out of
    ``classify`` for the fragments every classification asks, an undecided answer (saying so)
    for a class asked by name; the memos the classes share are held within it too
    (:meth:`~attnlogic.definability.contract.procedure.Context.once`).  The LTL[P] and
    LTL[Y] tests are linear and need no budget; LTL[P,Y] takes the inclusions
    LTL[P], LTL[Y] ⊆ LTL[P,Y] before its quadratic test, and LTL[S] the inclusion
    LTL[P,Y] ⊆ LTL[S] before the semigroup."""
    limits = Limits.of(limits, limit=limit, max_depth=max_depth, search_budget=search_budget,
                       memory_budget=memory_budget, certificate_factor=certificate_factor,
                       certificate_seconds=certificate_seconds)
    fragments = questions(windows, classes)
    dfa = as_dfa(dfa)
    d = dfa if minimal else minimize(dfa)
    context = Context(d, limits, certificates=certificates)
    results: dict[Fragment, FragmentResult] = {}
    for i, fragment in enumerate(fragments, 1):
        if on_stage is not None:
            on_stage(f"deciding {fragment} ({i}/{len(fragments)})")
        results[fragment] = _decided(fragment, context, results)
    if certificates:
        if on_stage is not None:
            on_stage("checking and shrinking the certificates")
        check = limits.check_states
        # each stage takes the answers whose declared kinds it handles
        formulas = {k: r for k, r in results.items() if class_for(k).certificate == FORMULA}
        improve(formulas, d, check, limits.search_budget, hint_forms(hints, d, check), context.meter)
        pairs = {k: r for k, r in formulas.items() if class_for(k).witness == PAIR}
        attest_results(pairs, d)
        results.update(formulas)
        results.update(pairs)
        for k, r in list(results.items()):        # an intersection's parts, as finally printed
            results[k] = with_final_parts(r, results)
    # what is still undecided, settled by the declared inclusions (the final certificates and
    # witnesses carried over), asking the classes around it where needed; a pair carried to an
    # LTL fragment is attested for it
    settled = settle_around(results, lambda key, answers: _around(key, context, answers, d), on_stage)
    if certificates:
        carried = {k: r for k, r in settled.items() if results[k].member is None and r.witness is not None
                   and class_for(k).certificate == FORMULA and class_for(k).witness == PAIR}
        attest_results(carried, d)
        settled.update(carried)
    results = settled
    bad = contradictions(results)
    if bad:                          # the certificates' stage changed no verdict: a bug if so
        raise AssertionError("answers contradict a declared inclusion: " + "; ".join(bad))
    meter = context.meter
    return Classification(d, tuple(results.values()),
                          {"decisions": meter.decided, "certificates": meter.spent,
                           "allowance": meter.allowance})
