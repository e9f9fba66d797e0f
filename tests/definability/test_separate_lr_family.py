"""The locally R-trivial family (definability/separation/locally_r_trivial_family.py,
docs/decision-procedures.md §11.7): LTL[P,Y]'s "not separable" at every depth.

* against classify on a sample of the census ≤ 3/ab (L against its complement): a family
  exactly for the languages outside LTL[P,Y], each passing verify_proof (the whole census,
  and ≤ 2/abc, behind ATTNLOGIC_CENSUS_TEST=1);
* against the types, independently of the algebra: the two words of a family agree to depth
  3 by the type recursion on the words, and on random pairs a family never meets a depth ≤ 2
  separator of the type product;
* corrupted families and claims about classes outside LTL[P,Y] are refused;
* the R-trivial family's mirror (p(xy)ⁿ·s ∈ L1, p(xy)ⁿx·s ∈ L2) is found exactly when the
  family itself is: it is the family of p·x, y, x.
"""

from __future__ import annotations

import os
from dataclasses import replace

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, difference
from attnlogic.definability.algebra.types import type_separation
from attnlogic.definability.checks.indistinguishable import agreement_depth
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation.locally_r_trivial_family import LocallyRTrivialFamily, locally_r_trivial_family
from attnlogic.definability.separation.separate_languages import (RTrivialFamily, _r_trivial_family, check_answer,
                                                                   separate, verify_proof)
from attnlogic.definability.separation.type_separation import decide_by_types
from attnlogic.kernel.limits import Limits
from attnlogic.ltl.fragments import Fragment

#: census language #50 of ≤ 3 states over ab: the bounded counter a → down, b → up, accepting at
#: 0; outside LTL[P,Y] (classify), and no lasso over the pair shows it (§11.7)
COUNTER = DFA("ab", np.array([[0, 1], [0, 2], [1, 2]]), 0, np.array([True, False, False]))


def _disjoint_pairs(seed, count, most=4):
    rng = np.random.default_rng(seed)

    def one(n):
        return DFA(("a", "b"), rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5).minimal()
    out = []
    while len(out) < count:
        d1 = one(int(rng.integers(1, most + 1)))
        d2 = difference(one(int(rng.integers(1, most + 1))), d1).minimal()
        out.append((d1, d2))
    return out


def test_family_exactly_outside_lr_on_a_census_sample():
    """Every 7th minimal DFA of ≤ 3 states over ab against its complement: a family iff
    classify puts L outside LTL[P,Y]; every family passes verify_proof."""
    seen = outside = 0
    for d in list(minimal_dfas(3, "ab"))[::7]:
        c = complement(d)
        member = classify(d, windows=(), certificates=False)["LTL[P,Y]"].member
        family = locally_r_trivial_family(d, c, Limits())
        assert (family is None) is member, d
        if family is not None:
            assert verify_proof(family, d, c), d
        seen, outside = seen + 1, outside + (not member)
    assert seen == 151 and 0 < outside < seen


def test_the_counter_gets_a_family_whose_words_agree_at_depth_three():
    """The bounded counter against its complement: `separate` proves "not separable" by the
    family, check_answer accepts its JSON, and the words at j = n = 4 agree to depth 3 by the
    type recursion on the words (no algebra), while they are in L and outside it."""
    d, c = COUNTER, complement(COUNTER)
    ans = separate(d, c, "LTL[P,Y]")
    assert ans.separable is False and isinstance(ans.proof, LocallyRTrivialFamily)
    assert "locally R-trivial" in ans.method
    assert check_answer(ans.to_json(), d, c)[0]
    u, v = ans.proof.words(4, 4)
    assert d.accepts([d.alphabet[a] for a in u]) and not d.accepts([d.alphabet[a] for a in v])
    assert agreement_depth(u, v, Fragment.parse("LTL[P,Y]"), cap=3) == 3
    for by in ("LTL[P,Y<=2]", "LTL[P]", "LTL[Y<=2]"):      # fragments inside LTL[P,Y]: the proof holds
        assert check_answer(dict(ans.to_json(), by=by), d, c)[0], by


def test_changed_families_and_other_classes_are_refused():
    """Each word of a family changed to a short word: the check refuses the change or its
    words really are in L1 and L2 (run on the DFAs at j, n ≤ 4); an empty anchor or a fragment
    outside LTL[P,Y] is refused; the JSON read as a proof about LTL[S] (which contains
    LTL[P,Y]), or against the languages swapped, is refused."""
    d, c = COUNTER, complement(COUNTER)
    family = locally_r_trivial_family(d, c, Limits())
    assert verify_proof(family, d, c)
    refused = 0
    for field in ("prefix", "anchor", "left", "right", "suffix"):
        for word in ((), (0,), (1,), (0, 0), (1, 1), (0, 1, 1)):
            bad = replace(family, **{field: word})
            if bad == family:
                continue
            if not verify_proof(bad, d, c):
                refused += 1
                continue
            for j in range(1, 5):
                for n in range(5):
                    u, v = bad.words(j, n)
                    assert d.accepts([d.alphabet[a] for a in u]) and c.accepts([c.alphabet[a] for a in v]), bad
    assert refused >= 20
    assert not verify_proof(replace(family, anchor=()), d, c)
    assert not verify_proof(replace(family, fragment="LTL[S]"), d, c)
    j = separate(d, c, "LTL[P,Y]").to_json()
    assert check_answer(dict(j, by="LTL[S]"), d, c)[0] is False
    assert check_answer(dict(j, proof=dict(j["proof"], fragment="LTL[S]")), d, c)[0] is False
    assert check_answer(j, c, d)[0] is False                     # the languages swapped


def test_no_family_where_the_types_separate():
    """On random disjoint pairs (≤ 4 states over ab), a family is never found where the type
    product separates at depth ≤ 2 (Theorem 1: one type at every depth), and `separate`
    never answers "separable" beside a family; families are found on some pairs."""
    found = 0
    for d1, d2 in _disjoint_pairs(11, 40):
        family = locally_r_trivial_family(d1, d2, Limits())
        if family is None:
            continue
        found += 1
        assert verify_proof(family, d1, d2)
        for depth in (1, 2):
            assert type_separation(d1, d2, 1, True, depth).separable is False, (d1, d2)
        assert decide_by_types(Fragment.parse("LTL[P,Y]"), d1, d2, Limits()).formula is None
    assert found >= 3


def test_the_mirrored_r_trivial_family_adds_nothing():
    """The mirror p(xy)ⁿ·s ∈ L1, p(xy)ⁿx·s ∈ L2 (the search on (D2, D1)) exists exactly when
    the family does: it is the family p·x, y, x, s (p·x(yx)ⁿy·s = p(xy)ⁿ⁺¹·s)."""
    both = 0
    for d1, d2 in _disjoint_pairs(5, 40):
        plain, mirror = _r_trivial_family(d1, d2, 10 ** 4), _r_trivial_family(d2, d1, 10 ** 4)
        assert (plain is None) is (mirror is None), (d1, d2)
        if mirror is not None:
            both += 1
            turned = RTrivialFamily(mirror.p + mirror.x, mirror.y, mirror.x, mirror.s)
            assert verify_proof(turned, d1, d2)
    assert both >= 3


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                    reason="the whole census ≤ 3/ab and ≤ 2/abc against classify: opt in with ATTNLOGIC_CENSUS_TEST=1")
@pytest.mark.parametrize("letters,most,count", [("ab", 3, 1054), ("abc", 2, 114)])
def test_whole_census_lr_separation(letters, most, count):
    """L against its complement by LTL[P,Y], every minimal DFA: the types and the family alone
    (decide_by_types) and `separate` leave none undecided and agree with classify."""
    fr = Fragment.parse("LTL[P,Y]")
    seen = 0
    for d in minimal_dfas(most, letters):
        c = complement(d)
        member = classify(d, windows=(), certificates=False)["LTL[P,Y]"].member
        out = decide_by_types(fr, d, c, Limits())
        assert (out.formula is not None) is member and (out.family is not None) is (not member), d
        assert separate(d, c, "LTL[P,Y]").separable is member, d
        seen += 1
    assert seen == count
