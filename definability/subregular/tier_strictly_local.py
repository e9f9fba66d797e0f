"""TSL: the tier-based strictly local languages — strictly local after erasing the letters off
a tier (Heinz, Rawal and Tanner 2011; Lambert and Rogers 2020).

For a tier T ⊆ Σ let E_T erase the letters outside T.  L is TSL_k on the tier T iff L =
E_T⁻¹(L') for an SL_k language L' over T (:mod:`.strictly_local`: forbidden k-factors of the
marked word ⋊E_T(w)⋉).  MLRegTest labels its TSL benchmarks this way.

Decision, on the minimal DFA (quadratic, as SL's).  Let T₁ be the letters that act on the
minimal DFA (a letter c with q·c = q for every state q is an identity of the syntactic
monoid: inserting or deleting it never changes membership).

* If L is TSL_k on a tier T, a letter outside T is erased, so it is an identity: T₁ ⊆ T.
  And L ∩ T₁* = L' ∩ T₁*, which is SL_k over T₁ (the forbidden factors of L' that use only
  T₁ and the markers).
* Conversely, the letters outside T₁ are identities, so w ∈ L iff E_{T₁}(w) ∈ L ∩ T₁*: L is
  TSL_k on T₁ as soon as L ∩ T₁* is SL_k over T₁.

So L is TSL iff L ∩ T₁* is SL over T₁ — the minimal DFA restricted to the letters of T₁,
which is still minimal (a word separating two states, with its identity letters erased,
still separates them) — and the least k over all tiers is that of T₁ (when no letter acts,
L is ∅ or Σ* and any one letter is a tier, k = 1).

Certificate: the tier T₁ and SL's forbidden set over it; checked by code independent of the
decision (:func:`check`): the letters off the tier fix every state of the minimal DFA, and
the local automaton of the forbidden set equals the DFA restricted to the tier.  Witness for
"no" (and for "not k − 1" beside a "yes"): SL's cover witness of L ∩ T₁*; its words use only
letters of T₁, which every tier of L contains, so erasing the letters off any tier leaves
them unchanged, and SL's argument holds on every tier: not TSL (or not TSL_{k−1}) on any
tier.  The check re-verifies the cover and that its words use only acting letters.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...automata.minimize import minimize
from ...automata.sources import as_dfa
from ...kernel.limits import Limits
from . import strictly_local
from ..algebra.tiers import acting_letters, on_tier, tier_of
from ..contract.classes import LanguageClass
from .strictly_local import ForbiddenFactors
from . import ClassAnswer, ClassProcedure
from ..checks.verify import Check
from ...kernel.words import split_word
from ..checks.verify_subregular import check_answer, verify_certificate, verify_class_witness

__all__ = ["acting_letters", "on_tier", "TierForbiddenFactors", "decide", "member", "check",
           "PROCEDURE", "CLASS"]


@dataclass(frozen=True)
class TierForbiddenFactors:
    """L = the words w with no k-factor of ⋊E_T(w)⋉ in the forbidden set, T = ``tier``
    (letters); ``factors``: SL's certificate over the tier."""

    tier: tuple
    factors: ForbiddenFactors

    def to_json(self, sep: str = "") -> dict:
        inner = self.factors.to_json(sep)
        return {**inner, "kind": "tier forbidden factors", "tier": list(self.tier)}

    def text(self, sep: str = "", limit: int = 12) -> str:
        return f"on the tier {{{', '.join(self.tier)}}}, erasing the other letters: {self.factors.text(sep, limit)}"


def member(dfa, limits: Limits | None = None) -> bool:
    """Whether L is tier-based strictly local (quadratic; no certificate)."""
    return strictly_local.member(minimize(on_tier(dfa, tier_of(dfa))), limits)


def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
    limits = Limits() if limits is None else limits
    tier = tier_of(dfa)
    names = tuple(dfa.alphabet[a] for a in tier)
    shown = "{" + ", ".join(names) + "}"
    sl = strictly_local.decide(minimize(on_tier(dfa, tier)), limits, certificates)
    off = [a for i, a in enumerate(dfa.alphabet) if i not in tier]
    where = (f"on the tier {shown} (the letters that act on the minimal DFA; {', '.join(off)} "
             f"fix{'es' if len(off) == 1 else ''} every state)" if off and acting_letters(dfa)
             else f"on the tier {shown}")
    if not sl.member:
        return ClassAnswer(False, f"not tier-based strictly local: L ∩ {shown}* is not SL ({sl.method}); "
                                  "every tier of L contains these letters", witness=sl.witness)
    cert = TierForbiddenFactors(names, sl.certificate) if sl.certificate is not None else None
    return ClassAnswer(True, f"tier-based strictly local {where}: {sl.method}", sl.k, cert, None, sl.below)


def _acting_names(dfa) -> set:
    m = minimize(as_dfa(dfa))
    return {m.alphabet[a] for a in acting_letters(m)}


def _check_certificate(dfa, cert: dict, sep: str) -> Check:
    tier = list(cert.get("tier", ()))
    if not tier or any(a not in dfa.alphabet for a in tier) or len(set(tier)) != len(tier):
        return Check(False, "the tier must be distinct letters of the alphabet")
    moving = _acting_names(dfa) - set(tier)
    if moving:
        return Check(False, f"the letters {sorted(moving)} are off the tier but act on the minimal DFA "
                            "(erasing them changes membership)")
    restricted = on_tier(as_dfa(dfa), tuple(dfa.alphabet.index(a) for a in tier))
    sl = verify_certificate(restricted, "SL", {**cert, "kind": "forbidden factors"}, sep)
    if not sl.valid:
        return Check(False, f"on the tier: {sl.reason}")
    return Check(True, f"every letter off the tier {{{', '.join(tier)}}} fixes every state of the minimal "
                       f"DFA, and on the tier {sl.reason}")


def _check_witness(dfa, wit: dict, sep: str) -> Check:
    acting = _acting_names(dfa)
    words = list(wit.get("in", [])) + list(wit.get("out", []))
    for w in words:
        letters = split_word(w, commas=sep == ",")
        if any(a not in acting for a in letters if a):
            return Check(False, "a witness word uses a letter that acts on no state (it could be off the tier)")
    sl = verify_class_witness(dfa, "SL", wit, sep)
    if not sl.valid:
        return sl
    return Check(True, f"its words use only letters that act on the minimal DFA, which every tier of L "
                       f"contains, so on every tier: {sl.reason.replace('SL', 'TSL')}")


def check(dfa, answer: dict, sep: str = "") -> Check:
    """Re-check an answer of TSL as ``classify --json`` prints it (its certificate with the
    witness below k, or its witness), by code independent of :func:`decide`."""
    dfa = as_dfa(dfa)
    return check_answer(answer, lambda cert: _check_certificate(dfa, cert, sep),
                        lambda wit: _check_witness(dfa, wit, sep), "TSL")


PROCEDURE = ClassProcedure("tier-based strictly local", decide)
#: TSL: forbidden k-factors on the tier of the letters that act (asked when named: ``--class TSL``)
CLASS = LanguageClass("TSL", PROCEDURE, "tier forbidden factors", "cover", default=False,
                      inclusions=(("SL", "an SL language is TSL on the tier Σ"),), check=check,
                      groups=("subregular",), bulk="TSL", parameters="tier,k",
                      summary="tier-based strictly local: strictly local after erasing the letters off a tier")
