"""TPLT: the tier-based piecewise locally testable languages — the words whose projection to a
tier T lies in a PLT language over T (MLRegTest's TPLT; PLT = dot-depth one,
:mod:`.piecewise_local`).

**Theorem.** Let T₁ be the letters that act on the minimal DFA (:mod:`..algebra.tiers`). L is
TPLT iff L ∩ T₁* is of dot-depth one over T₁; T₁ is then the least tier.  Proof: (⇐) the
letters off T₁ are neutral, so L = π_{T₁}⁻¹(L ∩ T₁*).  (⇒) if L = π_T⁻¹(L') with L' ⊆ T* of
dot-depth one, every letter off T is neutral, so T₁ ⊆ T and L' = L ∩ T*; L ∩ T₁* = ι⁻¹(L')
for the inclusion ι: T₁* → T*, a length-preserving morphism, and dot-depth one is a
+-variety of languages (Knast 1983), closed under inverse non-erasing morphisms.  ∎

Decision: Knast's identity (:func:`.dot_depth.decide_dot_depth_one`) on the minimal DFA
restricted to T₁ (minimal still: its syntactic semigroup is the subsemigroup of L's generated
by T₁).  Certificate: the tier and the identity check on L ∩ T₁*.  Witness: the violating
instantiation of L ∩ T₁* (its words over T₁, re-checked on the DFA's runs) with a move for
each letter it uses.  Both re-checked by :func:`check` (:mod:`..checks.verify_tiers`; the
identity check re-decided from scratch by :func:`.verify.verify_identity_check`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...automata.minimize import minimize
from ...automata.sources import as_dfa
from ...kernel.errors import LimitExceeded
from ..algebra.tiers import letter_moves, on_tier, tier_of
from ..checks.verify import Check
from ..checks.verify_subregular import check_answer
from ..checks.verify_tiers import check_tier_certificate, check_tier_witness, witness_letters
from ..contract.classes import LanguageClass
from ..contract.procedure import Procedure
from ..values.results import FragmentResult
from ...kernel.display import show_word
from .dot_depth import decide_dot_depth_one
from .identities import IDENTITY_PAIR, structure_of
from .piecewise_local import knast_certificate, knast_witness

__all__ = ["TierIdentityCheck", "TierViolation", "PROCEDURE", "check", "CLASS"]


@dataclass(frozen=True)
class TierIdentityCheck:
    """Knast's identity holds in the syntactic semigroup of L ∩ T* and every letter off
    T = ``tier`` is neutral."""

    tier: tuple
    projected: object

    def to_json(self, sep: str = "") -> dict:
        return {"kind": "tier", "tier": list(self.tier), "projected": self.projected.to_json()}

    def text(self, sep: str = "", indent: str = "") -> str:
        return f"on the tier {{{', '.join(self.tier)}}} (the other letters are neutral): {self.projected}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class TierViolation:
    """Knast's identity fails in L ∩ T₁* (``projected``: the identity engine's violation, its
    words over T₁), with ``moves`` (letter, word in L, word out of L) for the letters it uses."""

    projected: object
    moves: tuple
    depth = None
    family = None

    # the words of the projected witness
    accepted = property(lambda self: self.projected.accepted)
    rejected = property(lambda self: self.projected.rejected)

    def to_json(self, sep: str = "") -> dict:
        out = self.projected.to_json(sep)
        out["moves"] = [{"letter": c, "in": sep.join(w1), "out": sep.join(w2)} for c, w1, w2 in self.moves]
        return out

    def text(self, sep: str = "", indent: str = "") -> str:
        shown = "; ".join(f"{c}: {show_word(sep.join(w1))} in, {show_word(sep.join(w2))} out"
                          for c, w1, w2 in self.moves)
        return (self.projected.text(sep, indent) + f"\n{indent}on every tier (each contains these letters, one "
                f"inserted changes membership: {shown})")


class TierKnastProcedure(Procedure):
    """Knast's identity on the minimal DFA restricted to its acting letters (module
    docstring)."""

    family = "tier-based piecewise locally testable"

    def handles(self, key) -> bool:
        return False                         # answered under its declaration

    def decide(self, cls, context, results) -> FragmentResult:
        dfa = context.dfa
        tier = tier_of(dfa)
        names = tuple(dfa.alphabet[a] for a in tier)
        shown = "{" + ", ".join(names) + "}"
        restricted = minimize(on_tier(dfa, tier))
        try:
            holds, proof = decide_dot_depth_one(restricted, context.limits,
                                                structure_of(restricted, False, context.limits))
        except LimitExceeded as exc:
            return FragmentResult(cls, None, None, None, f"undecided on the tier {shown}: {exc}")
        where = f"on the tier {shown} (the letters that act on the minimal DFA)"
        if holds:
            return FragmentResult(cls, True, None, None, f"Knast's identity holds {where}: L ∩ {shown}* has "
                                  "dot-depth one (= PLT)", certificate=TierIdentityCheck(names, proof))
        # a move for every letter the violation writes, as its check reads them (the context, the
        # sides' shortest words, the variables' words: not only the in- and out-words)
        used = witness_letters(proof.to_json(","), ",")
        moves = tuple(m for m in letter_moves(dfa, tier) if m[0] in used)
        return FragmentResult(cls, False, None, TierViolation(proof, moves),
                              f"Knast's identity fails {where}: L ∩ {shown}* is not PLT, and every tier of L "
                              "contains these letters", identity=proof.relation)


def check(dfa, answer: dict, sep: str = "") -> Check:
    """Re-check an answer of TPLT as ``classify --json`` prints it (no decider code): the
    tier's letters off it neutral, Knast's identity re-decided from scratch on L ∩ T*; or
    the violation re-checked on the DFA's runs with a move for each letter it uses."""
    dfa = as_dfa(dfa)
    return check_answer(answer, lambda cert: check_tier_certificate(dfa, cert, sep, knast_certificate),
                        lambda wit: check_tier_witness(dfa, wit, sep, knast_witness, "TPLT"), "TPLT")


PROCEDURE = TierKnastProcedure()
#: TPLT: dot-depth one on the tier of the letters that act (asked when named: ``--class TPLT``)
CLASS = LanguageClass("TPLT", PROCEDURE, "tier identity check", IDENTITY_PAIR, default=False,
                      inclusions=(("PLT", "a PLT language is TPLT on the tier Σ"),
                                  ("TLT", "LT ⊆ PLT, on the same tier"), ("TPT", "PT ⊆ PLT, on the same tier")),
                      check=check, groups=("subregular",), tier_base="DD1", parameters="none",
                      summary="tier-based piecewise locally testable: PLT (= dot-depth one) after erasing the "
                              "letters off a tier")
