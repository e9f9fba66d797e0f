"""GD: the generalized definite languages — membership decided by a prefix and a suffix of
bounded length (finite Boolean combinations of uΣ* and Σ*v; Ginzburg 1966, Steinby 1969).

L is GD_k iff w ∈ L depends only on (the first k letters, the last k letters) of w (a word
shorter than k is its own profile).  Syntactic semigroup: locally trivial, e·s·e = e for
every idempotent e and every s (the variety LI; Zalcstein 1972, Pin's book, §V.1), tested
on the semigroup of the minimal DFA (|E|·|S| products of its multiplication table; bounded
by ``limits.semigroup_elements``).  The least k by the exact profile test of
:mod:`.profiles` (k = 0, 1, … within ``limits.synthesis_states``).

Certificate: the accepted (prefix, suffix) pairs of length k and the accepted words shorter
than k (kind ``prefix-suffix``).  Witness for "no": an idempotent e (its word x) and s with
e·s·e ≠ e, u and r around them: u·x^K·s·x^K·r and u·x^K·r differ on L and share their first
and last |u| + K|x| (resp. K|x| + |r|) letters, for every K.  A "yes" carries the pair with
one profile of order k − 1 (so k is least).
"""

from __future__ import annotations

import numpy as np

from ..kernel.errors import LimitExceeded
from ..kernel.limits import Limits
from .classes import LanguageClass
from .subregular import (ClassAnswer, ClassProcedure, context_of, element_word, letters,
                         member_by_semigroup, pumped_pair, semigroup_violation,
                         yes_with_least_order)
from .verify_subregular import AnswerCheck


__all__ = ["violation", "decide", "member", "PROCEDURE", "CLASS"]


def violation(S, M: np.ndarray) -> tuple[int, int] | None:
    """The first (e, s) with e idempotent and e·s·e ≠ e; None when S is locally trivial."""
    for e in S.idempotents:
        ese = M[M[e, :], e]
        bad = np.flatnonzero(ese != e)
        if len(bad):
            return int(e), int(bad[0])
    return None


def member(dfa, limits: Limits | None = None) -> bool | None:
    """Whether L is generalized definite (None: the semigroup is beyond the limits)."""
    return member_by_semigroup(dfa, limits, violation)


def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
    limits = Limits() if limits is None else limits
    try:
        S, M, bad = semigroup_violation(dfa, limits, violation, context)
    except LimitExceeded as exc:
        return ClassAnswer(None, f"undecided: {exc}")
    if bad is not None:
        e, s = bad
        ese = int(M[M[e, s], e])
        x, sw = element_word(S, e), element_word(S, s)
        method = (f"not generalized definite: e·s·e ≠ e for the idempotent e = {''.join(letters(dfa, x))} "
                  f"and s = {''.join(letters(dfa, sw))} (the syntactic semigroup is not locally trivial)")
        if not certificates:
            return ClassAnswer(False, method)
        u, r = context_of(dfa, S.elements[ese], S.elements[e])
        wit = pumped_pair(dfa, [x], [u, 0, sw, 0, r], [u, 0, r],
                          "same first and last K|x| letters (every k, raising K)")
        return ClassAnswer(False, method, witness=wit)
    method = f"generalized definite: e·s·e = e for all {len(S.idempotents)} idempotents e and {S.size} elements s"
    return yes_with_least_order(dfa, method, limits, certificates, "prefix-suffix", 0,
                                lambda j: f"same first and last {j} letters")

PROCEDURE = ClassProcedure("generalized definite", decide)
#: GD: finite Boolean combinations of uΣ* and Σ*v (asked when named: ``--class GD``)
CLASS = LanguageClass("GD", PROCEDURE, "prefix-suffix profiles", "pair", default=False,
                      check=AnswerCheck("GD"),
                      inclusions=(("RD", "uΣ* conditions are prefix-suffix conditions"),
                                  ("LTL[Y]", "Σ*v conditions are prefix-suffix conditions")))
