"""LTL[P,MOD]: past LTL with P and MOD[m,r] atoms = global (fixed-precision softmax)
attention with a periodic positional encoding (docs/decision-procedures.md, "Periodic
positional encodings").

Not decided in general: the route of LTL[P,Y,MOD] needs Y to tell that the tags of τ_m(w)
follow each other (the tagged words τ_m(A*) are not in LTL[P] over A × Z_m), so here
"τ_m(L) ∈ LTL[P]" is sufficient but not necessary, and no bound on m is proved.  What is
answered, each with its proof:

* "no" when L ∉ LTL[S,MOD] ⊇ LTL[P,MOD] (the periodic family of :mod:`.quasi_aperiodic`),
  or L ∉ LTL[P,Y,MOD] ⊇ LTL[P,MOD] (its tagged pair: :mod:`.mod_locally_r_trivial`);
* "yes" with a formula, checked exactly, for the first divisor m of 2s (s the stability
  index) that gives one: MOD atoms at the root only
  (:func:`.quasi_aperiodic.root_mod_certificate`: ⋁_ρ MOD[m,ρ] ∧ ψ_ρ, ψ_ρ ∈ LTL[P]), or the
  LTL[P] formula of a tagged language K with K ∩ τ_m(A*) = τ_m(L) — the DFA that believes
  the tags, or τ_m(L) itself — untagged (:func:`.quasi_aperiodic.tagged_certificate`);
* "undecided" otherwise (a language may need a modulus beyond 2s or MOD atoms under P
  that neither construction finds).
"""

from __future__ import annotations

from ...kernel.errors import LimitExceeded
from ...ltl.fragments import LTL_P
from ..values.results import FragmentResult
from . import mod_locally_r_trivial, r_trivial
from .mod_locally_r_trivial import TAGGED_PAIR
from .quasi_aperiodic import (ModEnriched, mod_class, divisors, quasi_verdict, root_mod_certificate,
                              tagged_certificate)

__all__ = ["PROCEDURE", "CLASS"]


class ModRTrivial(ModEnriched):
    """LTL[P,MOD]: yes with a formula, no by LTL[P,Y,MOD], else undecided (module docstring)."""

    family = "tagged R-trivial"

    def decide(self, cls, context, results) -> FragmentResult:
        larger = mod_locally_r_trivial.PROCEDURE.decide(cls, context, results)
        if larger.member is not True:
            if larger.member is False:
                return FragmentResult(cls, False, None, larger.witness,
                                      "not in LTL[P,Y,MOD] ⊇ LTL[P,MOD]: " + larger.method)
            return larger
        d, limits = context.dfa, context.limits
        v = quasi_verdict(context)
        try:
            for m in divisors(2 * v.stable.s):
                if m > 1:
                    cert = root_mod_certificate(d, m, LTL_P, r_trivial.PROCEDURE, limits, LTL_P)
                    if cert is not None:
                        return FragmentResult(cls, True, None, None, f"formula at modulus {m}: {cert.how}",
                                              certificate=cert)
                cert = tagged_certificate(d, m, LTL_P, r_trivial.PROCEDURE, limits, LTL_P,
                                          f"LTL[P] formula of a tagged language agreeing with τ_{m}(L), untagged")
                if cert is not None:
                    return FragmentResult(cls, True, None, None, f"formula at modulus {m}: {cert.how}",
                                          certificate=cert)
        except LimitExceeded as exc:
            return FragmentResult(cls, None, None, None, f"undecided: {exc}")
        return FragmentResult(cls, None, None, None, f"undecided: in LTL[P,Y,MOD], and no LTL[P,MOD] formula "
                              f"found with moduli dividing 2s = {2 * v.stable.s} (MOD at the root, or τ_m(L) "
                              "R-trivial); LTL[P,MOD] is not decided in general (docs)")


PROCEDURE = ModRTrivial()
#: LTL[P,MOD]: global attention with a periodic positional encoding
CLASS = mod_class("LTL[P,MOD]", PROCEDURE, TAGGED_PAIR, LTL_P,
                  (("LTL[P]", "LTL[P] ⊆ LTL[P,MOD] (no MOD atom needed)"),
                   ("MOD⁺", "MOD⁺ ⊆ LTL[P,MOD]: (P true & ⋁ MOD[m,r+1]) | !P true (!P true: the empty word)")),
                  "past LTL with P and MOD[m,r] atoms: global attention with a periodic positional encoding "
                  "(yes or no with proofs, else undecided)")
