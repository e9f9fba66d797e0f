"""What a fragment family's decision procedure is, and the workspace it runs in.

A :class:`Procedure` answers the fragments it :meth:`~Procedure.handles` on one minimal DFA:
``decide(fragment, context, results) -> FragmentResult``, where ``results`` holds the
answers already given in this classification (an earlier fragment's certificate or
witness may settle a later one through a known inclusion).  The procedures are listed in
:mod:`.registry`; :func:`.classify.classify` is the loop over them.

A :class:`Context` is the per-classification workspace: the minimal DFA, its SCCs, the
limits, and the DFA-level verdicts computed so far (each test runs at most once per
classification, whichever procedure asks first).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Callable

from ...automata.graphs import SCCs, dfa_sccs
from ...kernel.errors import LimitExceeded
from ...kernel.footprint import footprint_parts
from ...kernel.limits import CERTIFICATE_FLOOR, MEMO_RECOUNT_SHARE, Limits
from ...kernel.work import CELL_STEPS, DECISION_STEPS, STEPS_PER_SECOND, CertificateTimeout, WorkMeter, deadline
from ...ltl.fragments import Fragment
from ..values.results import FragmentResult, Verdict
from ..certify.certificates import non_member

__all__ = ["Context", "Procedure", "DfaTest", "past_formula", "decide_with_formula"]


class Context:
    """The minimal DFA ``dfa``, the :class:`~attnlogic.kernel.limits.Limits` ``limits`` (each bound
    by its meaning: ``limits.semigroup_elements``, ``limits.type_states``,
    ``limits.synthesis_states``, ``limits.check_states``, ``limits.max_depth``,
    ``limits.memory_budget``), ``certificates`` (False: the procedures answer member
    questions without building formulas — the verdicts are the same, they are decided
    before any synthesis), memoised verdicts, and the :class:`~attnlogic.kernel.work.WorkMeter`
    ``meter`` that bounds the certificates by a multiple of the decisions
    (``limits.certificate_factor``)."""

    def __init__(self, dfa, limits: Limits | None = None, certificates: bool = True):
        self.dfa = dfa
        self.certificates = certificates
        self.limits = Limits() if limits is None else limits
        self._sccs: SCCs | None = None
        self._verdicts: dict = {}
        self._bytes: dict = {}            # memo → (its bytes without its large arrays, those arrays)
        self.dropped = 0                  # memos dropped to stay within the memory budget
        self._counted = 0                 # the memos' bytes as last counted
        self.meter = WorkMeter(self.limits.certificate_factor, CERTIFICATE_FLOOR)

    def for_second_try(self, steps: int) -> "Context":
        """This workspace (the same DFA, limits and memoised verdicts) with a meter of its
        own: ``steps`` whatever the decisions cost, building certificates without polishing
        them (checked exactly, not shrunk: the search of the certificates' stage may still
        make them smaller).  A certificate's second try, whose wall clock is bounded too
        (:func:`attnlogic.kernel.work.deadline`)."""
        other = object.__new__(Context)
        other.__dict__.update(self.__dict__)
        other.meter = WorkMeter(0, steps, polish=False)
        return other

    def deciding(self) -> None:
        """Count the fixed cost of deciding one fragment or class: DECISION_STEPS plus
        CELL_STEPS per cell of the minimal DFA (the procedures add what they explore beyond
        the DFA: type automata, monoids)."""
        d = self.dfa
        self.meter.decide(DECISION_STEPS + CELL_STEPS * d.n_states * len(d.alphabet))

    #: the limits' fields the procedures read most, read through
    max_depth = property(attrgetter("limits.max_depth"))
    memory_budget = property(attrgetter("limits.memory_budget"))

    @property
    def sccs(self) -> SCCs:
        if self._sccs is None:
            self._sccs = dfa_sccs(self.dfa)
        return self._sccs

    def verdict(self, test: Callable[["Context"], Verdict]) -> Verdict:
        """``test(context)``, computed once per classification."""
        return self.once(test)

    def once(self, make: Callable[["Context"], object]):
        """``make(context)``, computed once per classification: a verdict, or what several
        procedures derive from the DFA alike (the syntactic monoid and its table, the mirrors'
        workspace on rev(L)).  A budget it exceeds (LimitExceeded) is raised again to every
        later caller without recomputing.

        The memos of a classification are held within ``limits.memory_budget`` bytes (their
        :func:`~attnlogic.kernel.footprint.footprint_parts`, an array several memos hold counted
        once; a memo's counted when made, and again each time it is asked once the memos hold
        1/:data:`MEMO_RECOUNT_SHARE` of the budget, as it may fill caches of its own; the one
        asked is never dropped): past it the least recently asked are dropped, and computed
        again if asked again (a memo is a function of the DFA and the limits alone, so the
        answers are the same; the steps counted for it are counted again).  ``memory_budget`` bounds each step's tables
        and, apart, what a classification keeps between steps."""
        if make in self._verdicts:
            self._verdicts[make] = self._verdicts.pop(make)       # the most recently asked last
            if self._counted * MEMO_RECOUNT_SHARE >= self.limits.memory_budget:
                self._count(make)           # it may have filled caches of its own since
                self._within_budget(make)
        else:
            try:
                value = make(self)
            except LimitExceeded as exc:
                value = exc
            self._verdicts[make] = value
            self._count(make)
            self._within_budget(make)
        got = self._verdicts[make]
        if isinstance(got, LimitExceeded):
            raise got
        return got

    def _count(self, make) -> None:
        """Record the bytes of the memo of ``make`` (:func:`~attnlogic.kernel.footprint.footprint_parts`)."""
        self._bytes[make] = footprint_parts(self._verdicts[make], {id(self), id(self.dfa)})

    def _within_budget(self, newest) -> None:
        """Drop the least recently asked memos other than ``newest`` while all of them together
        pass ``limits.memory_budget``."""
        budget = self.limits.memory_budget
        while True:
            arrays: dict = {}
            for _, big in self._bytes.values():
                arrays.update(big)
            self._counted = sum(b for b, _ in self._bytes.values()) + sum(arrays.values())
            if self._counted <= budget or len(self._verdicts) <= 1:
                return
            oldest = next(k for k in self._verdicts if k is not newest)
            del self._verdicts[oldest], self._bytes[oldest]
            self.dropped += 1


class Procedure:
    """One fragment family's decision procedure (subclasses set ``family``)."""

    family: str = ""

    def handles(self, fragment: Fragment) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def decide(self, fragment: Fragment, context: Context,
               results: dict[Fragment, FragmentResult]) -> FragmentResult:  # pragma: no cover
        raise NotImplementedError


class DfaTest(Procedure):
    """A family decided by one polynomial DFA test for one fragment: a failed test is the
    answer (its witness and identity); a passed one goes to ``certificate(fragment,
    context, verdict, results) -> FragmentResult`` for the member answer."""

    def __init__(self, family: str, fragment: Fragment, test: Callable[[Context], Verdict],
                 certificate: Callable[..., FragmentResult]):
        self.family, self.fragment, self.test, self.certificate = family, fragment, test, certificate

    def handles(self, fragment: Fragment) -> bool:
        return fragment == self.fragment

    def decide(self, fragment, context, results) -> FragmentResult:

        v = context.verdict(self.test)
        if not v.member:
            return non_member(fragment, v)
        if not context.certificates:
            return FragmentResult(fragment, True, None, None, f"{self.family}: {v.method}")
        return self.certificate(fragment, context, v, results)


def past_formula(result: FragmentResult):
    """The formula of a "yes": a fragment's formula, or a MOD formula certificate's."""
    if result.formula is not None:
        return result.formula
    return getattr(result.certificate, "formula", None)


def decide_with_formula(base, context: Context, results=None) -> FragmentResult:
    """``base`` (a :class:`~.classes.LanguageClass`) decided on ``context``'s DFA by its procedure
    (as the mirror and the intersections of classes ask a class inside their own decision); a "yes" whose formula (or formula certificate)
    the step budget refused is decided again within ``limits.certificate_seconds`` whatever
    the decisions cost (as classify does for a fragment's formula,
    :func:`..engine.classify.within_time`), keeping the first answer when that builds none
    either.  The verdict is the same (AssertionError otherwise)."""
    key = base.key if base.key is not None else base
    first = base.procedure.decide(key, context, {} if results is None else results)
    seconds = context.limits.certificate_seconds
    formula_kind = first.certificate is None or hasattr(first.certificate, "formula")   # not a closure, a check…
    if not (first.member and formula_kind and past_formula(first) is None and context.certificates) or seconds <= 0:
        return first
    try:
        with deadline(seconds):
            second = base.procedure.decide(key, context.for_second_try(int(seconds * STEPS_PER_SECOND)), {})
    except (CertificateTimeout, LimitExceeded):
        return first
    if second.member is not True:                     # pragma: no cover - a bug
        raise AssertionError(f"{base}: the verdict changed with the certificate budget")
    return second if past_formula(second) is not None else first
