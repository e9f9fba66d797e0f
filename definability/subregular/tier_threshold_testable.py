"""TLTT: the tier-based locally threshold testable languages — locally threshold testable after
erasing the letters off a tier (Lambert and Rogers 2020; MLRegTest's TLTT).  L is TLTT iff
L ∩ T₁*, T₁ the letters that act on the minimal DFA, is LTT over T₁
(:mod:`.threshold_testable`), with the least tier T₁ and the least (k, t) over all tiers that
of T₁ (proof: :mod:`.tiers`, docs/decision-procedures.md §10a).  Certificate: the tier and
LTT's certificate of L ∩ T₁*; witness: LTT's pumped pair of L ∩ T₁* with a move for each
letter it uses (:mod:`..checks.verify_tiers`).
"""

from __future__ import annotations

from . import threshold_testable
from .tiers import TierClass

__all__ = ["TIER", "decide", "member", "check", "CLASS"]

TIER = TierClass("TLTT", "LTT", threshold_testable.decide, threshold_testable.member,
                 "tier-based locally threshold testable")
decide, member, check = TIER.decide, TIER.member, TIER.check
#: TLTT: LTT on the tier of the letters that act (asked when named: ``--class TLTT``)
CLASS = TIER.declare("tier k-factor counts", "tier,k,t",
                     "tier-based locally threshold testable: LTT after erasing the letters off a tier",
                     inclusions=(("TLT", "an LT_k language is LTT_{k,1}, on the same tier"),))
