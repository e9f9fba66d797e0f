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

from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ...kernel.work import MONOID_ELEMENT_STEPS
from ...ltl.fragments import LTL_PY, LTL_S, Fragment
from ..certify.certificates import MAX_FORMULA_SIZE, TYPE_FORMULA_SHRINK_CHECKS, member, non_member
from ..algebra.counters import decide_aperiodic, identity_aperiodic
from ..contract.procedure import Procedure
from ..contract.classes import FORMULA, PAIR, LanguageClass
from ..values.results import FragmentResult
from ..certify.starfree import star_free_formula
from ..certify.synthesis import synthesize_star_free

__all__ = ["decide_aperiodic", "identity_aperiodic", "PROCEDURE", "CLASS"]

#: S-type automata grow fast; the LTL[S] certificate search gets this many states at most (kernel/limits.py)
STAR_FREE_TYPE_LIMIT = _limits.STAR_FREE_TYPE_LIMIT
#: bound (monoid elements, sub-problems, subformula DFA states) of the local-divisor construction (kernel/limits.py)
STAR_FREE_LOCAL_DIVISOR_LIMIT = _limits.STAR_FREE_LOCAL_DIVISOR_LIMIT
#: its work budget in all (subformula-DFA states explored; measured, with the order of the
#: strategies, in kernel/limits.py)
STAR_FREE_LOCAL_DIVISOR_WORK = _limits.STAR_FREE_LOCAL_DIVISOR_WORK     # (kernel/limits.py)
STAR_FREE_STRATEGIES = (1, 3, 0)
#: steps (:mod:`attnlogic.kernel.work`) per subformula-DFA state of that construction
#: (about 20-30 µs each, measured as above)
LOCAL_DIVISOR_STEPS = 25


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
        meter = context.meter
        data = va.data or {}
        meter.decide(MONOID_ELEMENT_STEPS * len(d.alphabet) * data.get("component_states", 0)
                     * data.get("monoid_elements", 0))
        if not va.member:
            return non_member(fragment, va)
        if not context.certificates:
            return FragmentResult(fragment, True, None, None, "aperiodic: " + va.method)
        # the certificate, by the cheapest construction first: S-types of depth 1 (a few
        # states), the local divisors (small formulas: 25-59 distinct subformulas where
        # depth-2 S-types give 640-806 on the census <= 4 states; the S-type automaton of
        # depth 2 over 4 letters, or of depth 3 over 2, passes its 4,000 states on most
        # languages that need it, after 0.2-2.6 s), then S-types of depth 2 and 3
        note = ""
        f, note = self._by_types(d, limits, context, meter, 1, 1, note)
        if f is not None:
            return self._member(fragment, f, d, va, "type refinement with S", limits, meter)
        g, why = self._by_local_divisors(d, limits, meter)
        if g is not None:
            return self._member(fragment, g, d, va, "the local-divisor construction (Kamp's theorem)",
                                limits, meter)
        f, note = self._by_types(d, limits, context, meter, 2, 3, note)
        if f is not None:
            return self._member(fragment, f, d, va, "type refinement with S", limits, meter)
        note += (f"; local-divisor construction{why}; the formula was not built, the "
                 "verdict is proved by the counter search above")
        return FragmentResult(fragment, True, None, None,
                              "aperiodic (Schützenberger, McNaughton–Papert, Kamp): " + va.method + note)

    @staticmethod
    def _member(fragment, f, d, va, how: str, limits, meter) -> FragmentResult:
        return member(fragment, f, d, f"aperiodic: {va.method}; formula by {how}", limits.check_states,
                      TYPE_FORMULA_SHRINK_CHECKS, meter, search=limits.search_budget)

    @staticmethod
    def _by_types(d, limits, context, meter, low: int, high: int, note: str):
        """(the S-type formula of the least depth in low..high, or None; ``note`` extended by
        why none was built)."""
        try:
            f = synthesize_star_free(d, max_depth=high, limit=min(limits.synthesis_states, STAR_FREE_TYPE_LIMIT),
                                     memory_budget=context.memory_budget, meter=meter, min_depth=low)
        except LimitExceeded as exc:
            return None, f"{note}; no formula by S-types (depth {low}-{high}): {exc}"
        return f, note

    @staticmethod
    def _by_local_divisors(d, limits, meter):
        """(the local-divisor formula of the first strategy that builds one within its share
        of STAR_FREE_LOCAL_DIVISOR_WORK and the meter, or None; why not, in words).  Not
        simplified by the two-level minimisation when the meter does not polish (a second
        try within the clock: its sympy minimisation took 3 s of 6 on three census
        languages)."""
        g, equal = None, STAR_FREE_LOCAL_DIVISOR_WORK // len(STAR_FREE_STRATEGIES)
        failure, share = None, 0
        for strategy in STAR_FREE_STRATEGIES:
            # each strategy's share within what the meter still leaves (the strategies
            # before it spent theirs)
            share = meter.cap(equal, LOCAL_DIVISOR_STEPS)
            if share <= 0:
                break
            stats: dict = {}
            try:
                g = star_free_formula(d, limit=min(limits.synthesis_states, STAR_FREE_LOCAL_DIVISOR_LIMIT),
                                      strategies=(strategy,), work=share, max_size=MAX_FORMULA_SIZE,
                                      meter=meter, stats=stats, check=False,
                                      simplify_max_size=20_000 if meter.polish else 0)
            except LimitExceeded as exc:
                failure = exc
            finally:
                meter.spend(LOCAL_DIVISOR_STEPS * stats.get("work", 0))
            if g is not None:        # checked exactly by member() (counted there)
                return g, ""
        why = failure if failure is not None else meter.refusal("it", LOCAL_DIVISOR_STEPS)
        tried = (f" ({len(STAR_FREE_STRATEGIES)} strategies, at most {equal:,} units of work each)"
                 if failure is not None else "")
        return None, f"{tried}: {why}"


PROCEDURE = Aperiodic()
#: LTL[S], the star-free languages, those of ``masked_hard`` attention (unique hard attention
#: under the strict causal mask, no positional encoding: Yang, Chiang and Angluin 2024)
CLASS = LanguageClass("LTL[S]", PROCEDURE, FORMULA, PAIR, pattern=LTL_S.pattern, key=LTL_S,
                      inclusions=(("LTT", "LTT = FO[+1] ⊆ FO[<] = star-free (Thomas; McNaughton–Papert)"),
                                  ("FO2[<]", "FO2[<] ⊆ FO[<] = star-free (McNaughton–Papert)"),
                                  ("DD1", "the dot-depth hierarchy stratifies the star-free "
                                          "languages (Cohen–Brzozowski)"),
                                  ("MTSL", "a TSL language is the inverse image of an SL one under "
                                           "the erasing morphism, so star-free, and star-free languages "
                                           "are closed under intersection")))
