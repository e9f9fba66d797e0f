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

import numpy as np

from ...kernel.errors import LimitExceeded
from ...kernel.work import MONOID_ELEMENT_STEPS, check_steps
from ...ltl.definitions import dag_size
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
#: bound (monoid elements, sub-problems, subformula DFA states) of the local-divisor fallback (kernel/limits.py)
STAR_FREE_LOCAL_DIVISOR_LIMIT = _limits.STAR_FREE_LOCAL_DIVISOR_LIMIT
#: its work budget in all (subformula-DFA states explored; ~10^4 per second on an idle
#: ... (kernel/limits.py, with every default budget)
STAR_FREE_LOCAL_DIVISOR_WORK = _limits.STAR_FREE_LOCAL_DIVISOR_WORK
STAR_FREE_STRATEGIES = (1, 3, 0)
#: steps (:mod:`attnlogic.kernel.work`) per subformula-DFA state of that construction
LOCAL_DIVISOR_STEPS = 100


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
        try:
            f = synthesize_star_free(d, max_depth=3, limit=min(limits.synthesis_states, STAR_FREE_TYPE_LIMIT),
                                     memory_budget=context.memory_budget, meter=meter)
        except LimitExceeded as exc:
            f = None
            note = f"; no formula by S-types: {exc}"
        else:
            note = ""
        if f is not None:
            return member(fragment, f, d, "aperiodic: " + va.method + "; formula by type refinement "
                          "with S", limits.check_states, TYPE_FORMULA_SHRINK_CHECKS, meter,
                          search=limits.search_budget)
        g, share = None, STAR_FREE_LOCAL_DIVISOR_WORK // len(STAR_FREE_STRATEGIES)
        share = meter.cap(share, LOCAL_DIVISOR_STEPS)
        failure = None
        for strategy in STAR_FREE_STRATEGIES:
            if share <= 0:
                break
            stats: dict = {}
            try:
                g = star_free_formula(d, limit=min(limits.synthesis_states, STAR_FREE_LOCAL_DIVISOR_LIMIT),
                                      strategies=(strategy,), work=share, max_size=MAX_FORMULA_SIZE,
                                      meter=meter, stats=stats)
            except LimitExceeded as exc:
                failure = exc
            finally:
                meter.spend(LOCAL_DIVISOR_STEPS * stats.get("work", 0))
            if g is not None:
                # its own exact check (one product search, at least DFA states × subformulas)
                meter.spend(check_steps(dag_size(g), d.n_states * dag_size(g)))
                break
        if g is None:
            why = failure if failure is not None else meter.refusal("it", LOCAL_DIVISOR_STEPS)
            tried = f" ({len(STAR_FREE_STRATEGIES)} strategies, {share:,} units of work each)" if share > 0 else ""
            note += (f"; local-divisor construction{tried}: {why}; the formula was not built, the "
                     "verdict is proved by the counter search above")
        else:
            return member(fragment, g, d, "aperiodic: " + va.method + "; formula by the "
                          "local-divisor construction (Kamp's theorem)", limits.check_states,
                          TYPE_FORMULA_SHRINK_CHECKS, meter, search=limits.search_budget)
        return FragmentResult(fragment, True, None, None,
                              "aperiodic (Schützenberger, McNaughton–Papert, Kamp): " + va.method + note)


PROCEDURE = Aperiodic()
#: LTL[S], the star-free languages, those of ``masked_hard`` attention (unique hard attention
#: under the strict causal mask, no positional encoding: Yang, Chiang and Angluin 2024)
CLASS = LanguageClass("LTL[S]", PROCEDURE, FORMULA, PAIR, pattern=LTL_S.pattern, key=LTL_S,
                      inclusions=(("LTT", "LTT = FO[+1] ⊆ FO[<] = star-free (Thomas; McNaughton–Papert)"),
                                  ("FO2[<]", "FO2[<] ⊆ FO[<] = star-free (McNaughton–Papert)"),
                                  ("DD1", "the dot-depth hierarchy stratifies the star-free "
                                          "languages (Cohen–Brzozowski)")))
