"""TPT: the tier-based piecewise testable languages — piecewise testable after erasing the
letters off a tier (MLRegTest's TPT).  L is TPT iff L ∩ T₁*, T₁ the letters that act on the
minimal DFA, is PT over T₁ (:mod:`.piecewise_testable`), with the least tier T₁ and the least
k over all tiers that of T₁ (proof: :mod:`.tiers`, docs/decision-procedures.md §10a).
Certificate: the tier and PT's certificate of L ∩ T₁*; witness: PT's pumped pair of L ∩ T₁*
with a move for each letter it uses (:mod:`..checks.verify_tiers`).
"""

from __future__ import annotations

from . import piecewise_testable
from .tiers import TierClass

__all__ = ["TIER", "decide", "member", "check", "CLASS"]

TIER = TierClass("TPT", "PT", piecewise_testable.decide, piecewise_testable.member, "tier-based piecewise testable")
decide, member, check = TIER.decide, TIER.member, TIER.check
#: TPT: PT on the tier of the letters that act (asked when named: ``--class TPT``)
CLASS = TIER.declare("tier subsequence profiles", "tier,k",
                     "tier-based piecewise testable: piecewise testable after erasing the letters off a tier")
