"""LTL[P,Y,MOD]: past LTL with P, Y and MOD[m,r] atoms = hybrid (global and 1-local)
attention with a periodic positional encoding (docs/decision-procedures.md, "Periodic
positional encodings", where the theorem below is proved).

Theorem: L ∈ LTL[P,Y,MOD] iff τ_{2s}(L) ∈ LTL[P,Y] over A × Z_{2s}, s the stability index
of the syntactic morphism (:func:`.quasi_aperiodic.stable_semigroup`).  In short: (1) for
every m, L ∈ LTL[P,Y,MOD_m] iff τ_m(L) ∈ LTL[P,Y] (untag a formula of τ_m(L); conversely
replace MOD[m,r] by the tagged letters of residue r, and at the position just after the
last letter by Y of those of residue r − 1, or ¬Y⊤ for r ≡ 1); (2) MOD_m ⊆ MOD_{m'} for
m | m', so L ∈ LTL[P,Y,MOD] iff τ_m(L) ∈ LTL[P,Y] for some multiple m of 2s; (3) for every
multiple m = ks (k ≥ 2) the local monoids of the syntactic semigroup of τ_m(L) are, up to
isomorphism, those of τ_{2s}(L) (an idempotent is a tagged word of length ≡ 0 mod m from
a start tag c; its local monoid is e·η(A^s)·e read modulo the contexts p with
|p| ≡ c − 1, and the sets η(p) of those contexts depend only on whether c − 1 mod m is
below s and on c − 1 mod s), and LTL[P,Y] = the locally R-trivial languages (every local
monoid R-trivial).

"Yes": the divisors m of 2s in increasing order; for each, first a formula with MOD at the
root only (:func:`.quasi_aperiodic.root_mod_certificate`, small when it exists), then
τ_m(L) ∈ LTL[P,Y] gives the certificate (the LTL[P,Y] formula of τ_m(L), untagged); each
checked exactly.  (A root formula found before τ_m(L) is tested proves "yes" by itself.)  "No": either
L ∉ LTL[S,MOD] (the periodic family of :mod:`.quasi_aperiodic`), or τ_{2s}(L) not locally
R-trivial (a "tagged pair": the modulus, s, an example pair over A × Z_{2s}, and the failing
instantiation of the locally R-trivial identity on τ_{2s}(L) built from the internal cycle
LTL[P,Y]'s decider finds, :func:`.locally_r_trivial.local_instantiation`; :func:`..checks.verify_mod.verify_tagged_pair`
checks that instantiation on the runs of τ_{2s}(L) — re-deciding the identity from scratch, a
bounded search, only for a witness without one).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...automata.tagged import tagged_dfa
from ...kernel.errors import LimitExceeded
from ...ltl.fragments import LTL_PY
from ..checks.verify import require_valid
from ..checks.verify_mod import verify_tagged_pair
from ..contract.procedure import Context
from ..values.results import FragmentResult
from . import locally_r_trivial
from .quasi_aperiodic import ModEnriched, divisors, mod_class, root_mod_certificate, tagged_certificate

__all__ = ["TaggedPair", "TAGGED_PAIR", "PROCEDURE", "CLASS"]

#: witness kind: τ_m(L) not locally R-trivial for m = 2s, with a pair over A × Z_m (or the
#: periodic family of LTL[S,MOD] when the language is not even quasi-aperiodic)
TAGGED_PAIR = "tagged pair or periodic family"


@dataclass(frozen=True)
class TaggedPair:
    """τ_m(L) ∉ LTL[P,Y] for m = ``modulus`` (a multiple of 2s, s = ``s``), re-decided by
    the check from the DFA (the identity of the locally R-trivial semigroups fails on
    τ_m(L)); ``accepted`` ∈ τ_m(L), ``rejected`` ∉ (tagged letters ``a@r``): the LTL[P,Y]
    decider's pair on τ_m(L), shown as an example (the proof is the identity)."""

    modulus: int
    s: int
    accepted: tuple
    rejected: tuple
    checked: str
    violation: dict | None = None    # the identity's failing instantiation on τ_m(L) (JSON), when found

    def text(self, sep: str = "", indent: str = "") -> str:
        return (f"over A × Z_{self.modulus}: {','.join(self.accepted) or 'ε'} in τ(L), "
                f"{','.join(self.rejected) or 'ε'} not; τ(L) not locally R-trivial")

    def summary(self, sep: str = "") -> str:
        return self.text(sep)

    def to_json(self, sep: str = "") -> dict:
        out = {"kind": "tagged pair", "modulus": self.modulus, "stability_index": self.s,
               "accepted": ",".join(self.accepted), "rejected": ",".join(self.rejected),
               "checked": self.checked}
        if self.violation is not None:           # tagged letters a@r: words written with commas
            out["violation"] = self.violation
        return out


class ModLocallyRTrivial(ModEnriched):
    """LTL[P,Y,MOD] by τ_{2s}(L) ∈ LTL[P,Y] (module docstring)."""

    family = "tagged locally R-trivial"

    why_not = "not in LTL[S,MOD] ⊇ LTL[P,Y,MOD]: "

    def decide_quasi(self, cls, context, v) -> FragmentResult:
        d, limits = context.dfa, context.limits
        top = 2 * v.stable.s
        try:
            for m in divisors(top):
                if m > 1 and context.certificates:
                    cert = root_mod_certificate(d, m, LTL_PY, locally_r_trivial.PROCEDURE, limits, LTL_PY)
                    if cert is not None:
                        return FragmentResult(cls, True, None, None, f"{v.method}; formula at modulus {m}: "
                                              f"{cert.how}", certificate=cert)
                tagged = Context(tagged_dfa(d, m), limits)
                if not locally_r_trivial.is_locally_r_trivial(tagged):
                    continue                      # the witness is built only for m = 2s, below
                why = f"τ_{m}(L) is locally R-trivial ({v.method})"
                if not context.certificates:
                    return FragmentResult(cls, True, None, None, why)
                cert = tagged_certificate(d, m, LTL_PY, locally_r_trivial.PROCEDURE, limits, LTL_PY,
                                          f"LTL[P,Y] formula of τ_{m}(L), untagged")
                if cert is None:
                    return FragmentResult(cls, True, None, None, f"{why}; no formula within the budgets")
                return FragmentResult(cls, True, None, None, f"{why}; formula at modulus {m}", certificate=cert)
        except LimitExceeded as exc:
            return FragmentResult(cls, None, None, None, f"undecided: {exc}")
        why = (f"τ_{top}(L) is not locally R-trivial, and 2s = {top} (s the stability index): "
               f"not in LTL[P,Y,MOD] (docs: the local monoids of τ_m(L) for 2s | m are those of τ_2s(L))")
        if not context.certificates:          # the verdict only (its pair is checked when printed)
            return FragmentResult(cls, False, None, None, why)
        verdict = locally_r_trivial.locally_r_trivial_verdict(tagged)
        w = verdict.witness
        inst = (verdict.data or {}).get("instantiation")   # on τ_2s(L): its letters a@r, written with commas
        pair = TaggedPair(top, v.stable.s, () if w is None else tuple(w.accepted),
                          () if w is None else tuple(w.rejected), "",
                          None if inst is None else inst.to_json(","))
        check = verify_tagged_pair(d, pair.to_json())
        require_valid(f"{cls}: the witness", check)
        return FragmentResult(cls, False, None, replace(pair, checked=check.reason), why)


PROCEDURE = ModLocallyRTrivial()
#: LTL[P,Y,MOD]: global and 1-local attention with a periodic positional encoding
CLASS = mod_class("LTL[P,Y,MOD]", PROCEDURE, TAGGED_PAIR, LTL_PY,
                  (("LTL[P,Y]", "LTL[P,Y] ⊆ LTL[P,Y,MOD] (no MOD atom needed)"),
                   ("LTL[P,MOD]", "LTL[P,MOD] ⊆ LTL[P,Y,MOD] (P alone)")),
                  "past LTL with P, Y and MOD[m,r] atoms: hybrid attention (global and 1-local heads) with a "
                  "periodic positional encoding", bulk="LTL[P,Y,MOD]")
