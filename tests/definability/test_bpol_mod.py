"""BPol(MOD), level one of the concatenation hierarchy over MOD, decided by the equation
(qr)^ω st (st)^ω = (qr)^ω qt (st)^ω on the MOD-pairs (definability/varieties/bpol_mod.py, decided by varieties/bpol_groups.py;
docs/decision-procedures.md §13.6).

Cross-checks by other means (the MeSCaL comparison, tests/definability/test_mescal.py, covers
all 1,154 of its languages):

* the MOD-pairs against their definition, written here: (q, s) is one iff for every m ≤ 12
  some lengths n1, n2 ≤ 72 with n1 ≡ n2 mod m carry q and s (the maps of each length, as
  tuples), and against the check's search of (map, length, residue) triples;
* the verdicts against the check's re-decision (plain Python) on a census sample, every
  answer through the class's check, and PT ⊆ BPol(MOD) ⊇ MOD, BPol(MOD) ⊆ TL(MOD) there;
* the equation's consequences: with every pair (the ST case) it is J-triviality — PT's
  verdict; a cyclic group (a MOD language) passes;
* corrupted answers refused.
"""

from __future__ import annotations

import copy
import json

import pytest

import attnlogic
from attnlogic.definability.algebra.group_pairs import mod_pairs
from attnlogic.definability.checks.verify_bpol import bpol_holds
from attnlogic.definability.checks.verify_mod_kernel import mod_pair_maps
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.varieties.group_kernel_classes import monoid_table
from attnlogic.definability.varieties.identities import structure_of

from test_temporal_mod import census, maps_by_length
from answer_checks import assert_answers_and_swaps


def _pairs_by_definition(dfa, moduli: int = 12, longest: int = 72) -> set:
    by_length = maps_by_length(dfa, longest)
    out = None
    for m in range(1, moduli + 1):
        classes = [set().union(*by_length[r::m]) for r in range(m)]
        pairs = {(q, s) for c in classes for q in c for s in c}
        out = pairs if out is None else out & pairs
    return out


def test_the_mod_pairs_are_their_definition():
    extra = ["(aaa)*b", "a(aa)*b(a|b)*", "b*(ab*ab*)*", "aaa(a|b)*", "(a|b)(a|b)(a|b)a*"]
    dfas = list(census()[::23]) + [attnlogic.load_language(regex=r, alphabet="ab").dfa for r in extra]
    for dfa in dfas:
        st = structure_of(dfa, True)
        found = mod_pairs(monoid_table(st)[0], False, 10_000)
        ours = {(tuple(st.elements[q].tolist()), tuple(st.elements[s].tolist()))
                for q, s in zip(*found.matrix.nonzero())}
        assert ours == _pairs_by_definition(dfa) == mod_pair_maps(dfa)
        for (q, s), (u, v) in found.data.items():            # the witnessing words realise the pair's elements
            for x, w in ((q, u), (s, v)):
                letters = [dfa.alphabet[a] for a in w]
                assert tuple(st.elements[x].tolist()) == tuple(dfa.run(letters, p) for p in range(dfa.n_states))


@pytest.mark.parametrize("step", [19])
def test_verdicts_checks_and_inclusions_on_a_census_sample(step):
    seen = {True: 0, False: 0}
    for dfa in census()[::step]:
        ans = json.loads(json.dumps(attnlogic.classify(dfa, windows=(), classes=["BPol(MOD)"])
                                    .to_json()["classes"]["BPol(MOD)"]))
        assert ans["member"] is bpol_holds(dfa, "MOD", False)
        check = language_class("BPol(MOD)").check(dfa, ans, "")
        assert check.valid, check.reason
        r = attnlogic.classify(dfa, windows=(), classes=["PT", "MOD", "TL(MOD)"], certificates=False)
        assert not ((r["PT"].member or r["MOD"].member) and not ans["member"])
        assert not (ans["member"] and r["TL(MOD)"].member is False)
        seen[ans["member"]] += 1
    assert seen[True] > 3 and seen[False] > 10, seen


def test_the_equation_with_every_pair_is_pt():
    """The ST case: with (q, s) over all pairs the equation is J-triviality (Simon: PT), on
    every 29th census language, against classify's PT."""
    from attnlogic.definability.checks import verify_mod_kernel as V

    for dfa in census()[::29]:
        d = dfa.minimal()
        levels, _ = V._levels(d, 10_000)
        M = set().union(*levels)
        holds = all(V._then(V._then(V._omega(V._then(q, r)), V._then(s, t)), V._omega(V._then(s, t)))
                    == V._then(V._then(V._omega(V._then(q, r)), V._then(q, t)), V._omega(V._then(s, t)))
                    for q in M for s in M for r in M for t in M)
        pt = attnlogic.classify(dfa, windows=(), classes=["PT"], certificates=False)["PT"].member
        assert holds is pt


def _answer(regex: str):
    dfa = attnlogic.load_language(regex=regex, alphabet="ab").dfa
    r = attnlogic.classify(dfa, windows=(), classes=["BPol(MOD)"])
    return dfa, json.loads(json.dumps(r.to_json()["classes"]["BPol(MOD)"]))


def test_known_answers_and_corrupted_ones_refused():
    """((a|b)(a|b))* (a MOD language) and (a|b)*a(a|b)* (PT) are members; b*(ab*ab*)* (an
    even number of a: a count no length class sees) is not; corrupted answers are refused."""
    check = language_class("BPol(MOD)").check
    dfa, yes = _answer("((a|b)(a|b))*")
    dfa2, yes2 = _answer("(a|b)*a(a|b)*")
    assert yes2["member"] is True and check(dfa2, yes2, "").valid
    dfa3, no = _answer("b*(ab*ab*)*")
    assert_answers_and_swaps(check, dfa, yes, dfa3, no)
    longer = copy.deepcopy(no)
    longer["witness"]["assignment"]["q"]["word"] += "a"            # q's length no longer pairs with s's
    bad = check(dfa3, longer, "")
    assert not bad.valid


@pytest.mark.skipif(__import__("os").environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                    reason="every census language ≤ 3 states (1,054) with certificates: opt in with "
                           "ATTNLOGIC_CENSUS_TEST=1")
def test_every_answer_on_the_census():
    """The sweep behind the samples (docs/decision-procedures.md §13.6 quotes its counts): on
    every language of the census ≤ 3 states over ab, the MOD-pairs are their definition, the
    verdict the check's re-decision, and the answer passes its check."""
    members = 0
    for dfa in census():
        st = structure_of(dfa, True)
        pairs = mod_pairs(monoid_table(st)[0], False, 10_000).matrix
        assert {(tuple(st.elements[q].tolist()), tuple(st.elements[s].tolist()))
                for q, s in zip(*pairs.nonzero())} == _pairs_by_definition(dfa)
        ans = json.loads(json.dumps(attnlogic.classify(dfa, windows=(), classes=["BPol(MOD)"])
                                    .to_json()["classes"]["BPol(MOD)"]))
        assert ans["member"] is bpol_holds(dfa, "MOD", False)
        assert language_class("BPol(MOD)").check(dfa, ans, "").valid
        members += ans["member"]
    print("BPol(MOD) members:", members)
