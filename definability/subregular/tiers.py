"""The tier-based version of a subregular class C (LT, LTT, PT): the languages L with L =
π_T⁻¹(L') for a tier T ⊆ Σ and L' ⊆ T* in C, π_T erasing the letters off T (Heinz, Rawal and
Tanner 2011 for SL; Lambert and Rogers 2020; MLRegTest's TLT, TLTT, TPT).

**Theorem.** Let T₁ be the letters that act on the minimal DFA (:mod:`..algebra.tiers`). L is
tier-based C iff L ∩ T₁*, as a language over T₁, is in C; then T₁ is the least tier, and the
least order (k; for LTT the least k and then the least t) over all tiers is that of L ∩ T₁*.

Proof.  (⇐) The letters off T₁ are neutral, so L = π_{T₁}⁻¹(L ∩ T₁*).  (⇒) If L =
π_T⁻¹(L'), L' ∈ C_k over T, every letter off T is neutral, so T₁ ⊆ T, and L' = π_T(L) =
L ∩ T*.  For C = LT_k, LTT_{k,t}, PT_k membership in L' is a function of the profile of the
word (its k-factors of ⋊w⋉, counted up to t; its subsequences of length ≤ k), and a word over
T₁ has the same profile read over T₁ as over T; so membership in L ∩ T₁* = L' ∩ T₁* is a
function of the profile over T₁: L ∩ T₁* ∈ C_k over T₁, with the order of T or less.  So T₁
is a tier of L whenever some tier is, with the least order.  ∎

The decision is the base class's decision on the minimal DFA restricted to T₁ (still
minimal).  Certificate: the tier T₁ and the base certificate of L ∩ T₁*.  Witness for "no"
(and for the order below the least beside a "yes"): the base witness of L ∩ T₁* — its words
use only letters of T₁ — with, for each letter it uses, two words that differ by that letter
alone on different sides of L; both re-checked by :mod:`..checks.verify_tiers`, which proves
the statement for every tier.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...automata.minimize import minimize
from ...automata.sources import as_dfa
from ...kernel.limits import Limits
from ..algebra.tiers import letter_moves, on_tier, tier_of
from ..checks.verify import Check
from ..checks.verify_subregular import check_answer, verify_certificate, verify_class_witness
from ..checks.verify_tiers import check_tier_certificate, check_tier_witness
from ..contract.classes import LanguageClass
from ...kernel.display import show_word
from ..values.pumped import ClassWitness
from . import ClassAnswer, ClassProcedure

__all__ = ["TierCertificate", "TierWitness", "TierClass"]


@dataclass(frozen=True)
class TierCertificate:
    """L = π_T⁻¹(L ∩ T*) with T = ``tier`` (letter names), and ``projected``: the base
    class's certificate of L ∩ T* over T (its own ``to_json``, ``text``)."""

    tier: tuple
    projected: object
    k: int | None = None
    t: int | None = None

    def to_json(self, sep: str = "") -> dict:
        inner = dict(self.projected.to_json(sep))
        inner.setdefault("k", self.k)
        if self.t is not None:
            inner.setdefault("t", self.t)
        return {"kind": "tier", "tier": list(self.tier), "projected": inner}

    def text(self, sep: str = "", limit: int = 12) -> str:
        return (f"on the tier {{{', '.join(self.tier)}}} (the other letters are neutral), erasing the "
                f"other letters: {self.projected.text(sep)}")


@dataclass(frozen=True)
class TierWitness(ClassWitness):
    """The base class's witness of L ∩ T₁*, with ``moves``: for each letter its words use,
    (letter, word in L, word out of L) differing by that letter alone."""

    moves: tuple = ()

    def to_json(self, sep: str = "") -> dict:
        out = super().to_json(sep)
        out["moves"] = [{"letter": c, "in": sep.join(w1), "out": sep.join(w2)} for c, w1, w2 in self.moves]
        return out

    def text(self, sep: str = "", indent: str = "") -> str:
        shown = "; ".join(f"{c}: {show_word(sep.join(w1))} in, {show_word(sep.join(w2))} out"
                          for c, w1, w2 in self.moves)
        return (super().text(sep, indent) + f"\n{indent}on every tier (each contains these letters, one "
                f"inserted changes membership: {shown})")


def _lift(wit: ClassWitness | None, moves) -> TierWitness | None:
    if wit is None:
        return None
    used = {a for w in wit.ins + wit.outs for a in w}
    if wit.pumped is not None:
        used |= {a for b in wit.pumped.blocks for a in b}
    return TierWitness(**{f: getattr(wit, f) for f in wit.__dataclass_fields__},
                       moves=tuple(m for m in moves if m[0] in used))


@dataclass(frozen=True)
class TierClass:
    """The tier-based version ``name`` of the base class declared as ``base`` (its name for
    :mod:`..checks.verify_subregular`; ``base_decide``/``base_member`` its module's
    ``decide``/``member``)."""

    name: str
    base: str
    base_decide: object
    base_member: object
    family: str

    def member(self, dfa, limits: Limits | None = None):
        """Whether L is in the class (None: beyond the limits); no certificate."""
        return self.base_member(minimize(on_tier(dfa, tier_of(dfa))), limits)

    def decide(self, dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
        limits = Limits() if limits is None else limits
        tier = tier_of(dfa)
        names = tuple(dfa.alphabet[a] for a in tier)
        shown = "{" + ", ".join(names) + "}"
        base = self.base_decide(minimize(on_tier(dfa, tier)), limits, certificates)
        moves = letter_moves(dfa, tier) if certificates else ()
        if base.member is None:
            return ClassAnswer(None, f"undecided on the tier {shown}: {base.method}")
        if not base.member:
            return ClassAnswer(False, f"not {self.family}: L ∩ {shown}* is not {self.base} ({base.method}); "
                                      "every tier of L contains these letters", witness=_lift(base.witness, moves))
        cert = (TierCertificate(names, base.certificate, base.k, base.t)
                if base.certificate is not None else None)
        return replace(base, method=f"{self.family} on the tier {shown} (the letters that act on the minimal "
                                    f"DFA): {base.method}", certificate=cert, witness=None,
                       below=_lift(base.below, moves))

    def _projected_certificate(self, dfa, cert: dict, sep: str) -> Check:
        return verify_certificate(dfa, self.base, cert, sep)

    def _projected_witness(self, dfa, wit: dict, sep: str) -> Check:
        return verify_class_witness(dfa, self.base, wit, sep)

    def check(self, dfa, answer: dict, sep: str = "") -> Check:
        """Re-check an answer as ``classify --json`` prints it, by :mod:`..checks.verify_tiers`
        and the base class's checks (no decider code)."""
        dfa = as_dfa(dfa)
        return check_answer(answer, lambda cert: check_tier_certificate(dfa, cert, sep, self._projected_certificate),
                            lambda wit: check_tier_witness(dfa, wit, sep, self._projected_witness, self.name),
                            self.name)

    def declare(self, certificate: str, parameters: str, summary: str, inclusions=()) -> LanguageClass:
        """The class's declaration (asked when named, in the group ``subregular``; the census
        takes the base class's column of the bulk kernel where every letter acts, and asks it
        one language at a time where a letter is neutral)."""
        return LanguageClass(self.name, ClassProcedure(self.family, self.decide), certificate, "pair",
                             default=False, inclusions=((self.base, f"a {self.base} language is {self.name} on "
                                                                    "the tier Σ"), *inclusions),
                             check=self.check, groups=("subregular",), tier_base=self.base, parameters=parameters,
                             summary=summary)
