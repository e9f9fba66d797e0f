"""Separation by LTL[P] (R-trivial at the N+1 readout) through the R-pointlike sets
(definability/separation/r_trivial_pointlikes.py).  Oracles: classify's LTL[P] verdict (L
against its complement), the types over the pair (exact at each depth, §11.7) on random
disjoint pairs, separators checked on every short word by the formula's reference semantics,
derivations re-checked step by step from their words, and tampered proofs refused."""

from __future__ import annotations

from dataclasses import replace
from itertools import product as words_of

import numpy as np
import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, difference, intersection
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation import separate_languages as sl
from attnlogic.definability.separation.r_trivial_pointlikes import saturate_r
from attnlogic.definability.separation.type_separation import decide_by_types
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits
from attnlogic.ltl import parse
from attnlogic.ltl.evaluate import accepts
from attnlogic.ltl.fragments import Fragment

#: not separable by LTL[P]: (ab)ⁿ ∈ L1 and (ab)ⁿ·aa·(ab)^m ∈ L2 (the derivation goes through
#: the ω-sets of ab and ba)
NOT_R = ("(ab)*", "(ab)*(aa|bb)(ab)*")


def _dfa(regex):
    return regex_to_dfa(regex, "ab")


def _even(d):
    """d's language restricted to the words of even length."""
    return intersection(d, _dfa("((a|b)(a|b))*")).minimal()


def _random_pairs(seed, count, most):
    rng = np.random.default_rng(seed)

    def one(n):
        return DFA(("a", "b"), rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5).minimal()
    while count:
        d1 = one(int(rng.integers(1, most + 1)))
        d2 = difference(one(int(rng.integers(1, most + 1))), d1).minimal()
        count -= 1
        yield d1, d2


@pytest.mark.parametrize("most,letters,stride", [(3, "ab", 3), (2, "abc", 1)])
def test_the_complement_gives_classify_verdict(most, letters, stride):
    """L against its complement: a pointlike pair exactly when classify puts L outside
    LTL[P]; every derivation re-checks from its words."""
    seen = outside = 0
    for d in list(minimal_dfas(most, letters))[::stride]:
        c = complement(d)
        der = saturate_r(d, c)
        assert (der is None) is classify(d, windows=(), certificates=False)["LTL[P]"].member, d
        if der is not None:
            assert der.check(d, c), d
        seen, outside = seen + 1, outside + (der is not None)
    assert 0 < outside < seen


def test_the_types_over_the_pair_agree_where_they_decide():
    """Random disjoint pairs of ≤ 4-state DFAs over ab: a separator of some depth (the types,
    exact at each depth) means no pointlike pair; a lasso (a "no" at every depth) means one.
    Both answers occur."""
    answers = set()
    for d1, d2 in _random_pairs(3, 90, 4):
        der = saturate_r(d1, d2)
        out = decide_by_types(Fragment.parse("LTL[P]"), d1, d2, Limits())
        if out.formula is not None:
            assert der is None, (d1, d2)
        if out.family is not None:
            assert der is not None and der.check(d1, d2), (d1, d2)
        answers.add(der is None)
    assert answers == {True, False}


def test_a_pair_the_types_leave_undecided_is_decided_with_a_separator():
    """K = "starts with a" cut to even lengths: L1 = K ∩ Even, L2 = (A* ∖ K) ∩ Even.  Neither
    L1 nor A* ∖ L2 is R-trivial, PT does not separate, and with max_depth = 1 the types stop
    undecided (K needs depth 2); the saturation finds no pair, and the separator comes from
    the pair automaton, checked on every word up to length 8."""
    K = _dfa("a(a|b)*")
    d1, d2 = _even(K), _even(complement(K))
    limits = Limits(max_depth=1)
    out = decide_by_types(Fragment.parse("LTL[P]"), d1, d2, limits)
    assert out.formula is None and out.family is None
    assert attnlogic.separate(d1, d2, by="PT").separable is False
    ans = attnlogic.separate(d1, d2, by="LTL[P]", limits=limits)
    assert ans.separable is True and isinstance(ans.separator, sl.FormulaSeparator)
    formula = parse(ans.separator.formula)
    for length in range(9):
        for w in words_of("ab", repeat=length):
            if d1.accepts(list(w)):
                assert accepts(formula, list(w)), w
            if d2.accepts(list(w)):
                assert not accepts(formula, list(w)), w
    ok, why = sl.check_answer(ans.to_json(), d1, d2, limits=limits)
    assert ok, why


def test_a_pointlike_pair_is_the_proof_and_tampering_is_refused():
    """(ab)* against (ab)*(aa|bb)(ab)*: the derivation re-checks, from the object and from its
    JSON; a changed word, a step kind not sound for R-trivial monoids, a sequence with
    another product, or the languages swapped are refused.  `separate` itself answers with
    §11.7's lasso, a word family, which it prefers when one exists."""
    d1, d2 = (_dfa(r) for r in NOT_R)
    der = saturate_r(d1, d2)
    assert der is not None and der.variety == "R-trivial" and der.check(d1, d2)
    assert any(kind == "prefix-omega" for kind, _, _ in der.steps)
    assert not der.check(d2, d1)
    assert not replace(der, variety="aperiodic").check(d1, d2)
    i = next(n for n, (kind, _, _) in enumerate(der.steps) if kind == "prefix-omega")
    kind, ws, src = der.steps[i]
    for bad in ((kind, ws[:-1], src), (kind, ws, src + ((src[0][0], src[0][0]),)), ("omega", ws, (src[0][0],))):
        steps = der.steps[:i] + (bad,) + der.steps[i + 1:]
        assert not replace(der, steps=steps).check(d1, d2), bad
    ans = attnlogic.separate(d1, d2, by="LTL[P]")   # the answer prefers §11.7's word family
    assert ans.separable is False and ans.to_json()["proof"]["kind"] == "type lasso"
    assert sl.check_answer(ans.to_json(), d1, d2)[0]
    j = {"by": "LTL[P]", "separable": False, "proof": der.to_json(d1.alphabet)}
    assert sl.check_answer(j, d1, d2)[0]
    steps = j["proof"]["steps"]
    bad = dict(j, proof=dict(j["proof"], steps=steps[:-1] + [dict(steps[-1], set=steps[-1]["set"][:-1])]))
    assert not sl.check_answer(bad, d1, d2)[0]


def test_check_refuses_a_proof_about_another_class():
    """`--check` accepts a "not separable" proof only for a class inside the one it is about:
    an R-trivial pointlike set says nothing of LTL[P,Y], LTL[S] or MOD; an aperiodic one
    nothing of MOD, AMT, GR, COM ((aa)* against a(aa)* is separated by the length modulo 2,
    though no star-free language separates them)."""
    d1, d2 = (_dfa(r) for r in NOT_R)
    j = {"by": "LTL[P]", "separable": False, "proof": saturate_r(d1, d2).to_json(d1.alphabet)}
    assert j["proof"]["kind"] == "R-trivial pointlike" and sl.check_answer(j, d1, d2)[0]
    assert sl.check_answer({**j, "by": "PT"}, d1, d2)[0]
    for by in ("LTL[P,Y]", "LTL[S]", "MOD"):
        ok, why = sl.check_answer({**j, "by": by}, d1, d2)
        assert not ok and "shows nothing about" in why, by
    e1, e2 = _dfa("(aa)*"), _dfa("a(aa)*")
    j = attnlogic.separate(e1, e2, by="LTL[S]").to_json()
    assert j["separable"] is False and attnlogic.separate(e1, e2, by="MOD").separable is True
    assert sl.check_answer({**j, "by": "LTL[P]"}, e1, e2)[0]
    for by in ("MOD", "AMT", "GR", "COM"):
        assert not sl.check_answer({**j, "by": by}, e1, e2)[0], by


def test_a_separable_claim_without_separator_is_re_decided():
    """An answer "separable by LTL[P]" with no separator is re-decided by the saturation:
    accepted for a separable pair, refused for a pair with a pointlike set."""
    claim = {"separable": True, "separator": None, "by": "LTL[P]"}
    assert sl.check_answer(claim, _dfa("a(a|b)*"), _dfa("b(a|b)*"))[0]
    assert not sl.check_answer(claim, *(_dfa(r) for r in NOT_R))[0]


def test_budgets_refuse_cleanly_and_separate_falls_back():
    """Past its budgets (products, sets, elements of the pair's monoid) the saturation raises
    LimitExceeded; `separate` then answers by the procedure of §11.7 (here: the lasso over
    the pair, "not separable")."""
    d1, d2 = (_dfa(r) for r in NOT_R)
    with pytest.raises(LimitExceeded):
        saturate_r(d1, d2, work_budget=3)
    with pytest.raises(LimitExceeded):
        saturate_r(d1, d2, Limits(type_states=2))
    with pytest.raises(LimitExceeded):
        saturate_r(d1, d2, Limits(semigroup_elements=2))
    ans = attnlogic.separate(d1, d2, by="LTL[P]", limits=Limits(semigroup_elements=2))
    assert ans.separable is False and ans.proof.to_json(d1.alphabet)["kind"] == "type lasso"
