"""TLT: the tier-based locally testable languages — locally testable after erasing the letters
off a tier (Lambert and Rogers 2020; MLRegTest's TLT).  L is TLT iff L ∩ T₁*, T₁ the letters
that act on the minimal DFA, is LT over T₁ (:mod:`.locally_testable`), with the least tier T₁
and the least k over all tiers that of T₁ (proof: :mod:`.tiers`, docs/decision-procedures.md
§10a).  Certificate: the tier and LT's certificate of L ∩ T₁*; witness: LT's pumped pair of
L ∩ T₁* with a move for each letter it uses (:mod:`..checks.verify_tiers`).
"""

from __future__ import annotations

from . import locally_testable
from .tiers import TierClass

__all__ = ["TIER", "decide", "member", "check", "CLASS"]

TIER = TierClass("TLT", "LT", locally_testable.decide, locally_testable.member, "tier-based locally testable")
decide, member, check = TIER.decide, TIER.member, TIER.check
#: TLT: LT on the tier of the letters that act (asked when named: ``--class TLT``)
CLASS = TIER.declare("tier k-factor profiles", "tier,k",
                     "tier-based locally testable: locally testable after erasing the letters off a tier",
                     inclusions=(("TSL", "an SL_k language is LT_k, on the same tier"),))
