"""Level two over the ⁺ bases DD (= ST⁺), MOD⁺, AMT⁺, GR⁺: PL₂, FL₂, TL₂, Pol₂, co-Pol₂ and
UPol(BPol₂) decided on the BPol(C⁺)-orbits {x ∈ e·M'·e : (x, e) a Pol(C⁺)-pair}, the pairs by the
saturation of definability/algebra/pol_plus_pairs.py (docs/decision-procedures.md §14.15).

Cross-checks by other means:

* MeSCaL's TL₂, FL₂ and UPol(BPol₂) over DD, MOD⁺, AMT⁺ and GR⁺ on 1,744 languages that tell them
  apart (tests/data/mescal/mescal_plus_answers.json): no disagreement;
* the pairs: the decider's numpy saturation equals the check's own search (two implementations);
  and the pairs read as a membership test — every pair (s, t) with s accepted has t accepted —
  is Pol(DD) = dot-depth 1/2 (Pin–Weil's ordered identity, another decider) and Pol(G⁺) (the
  Pol(G⁺) classes' own deciders);
* PL₂(C)(L) = FL₂(C)(rev L); co-Pol₂(C)(L) = Pol₂(C)(Lᶜ); Pol₂(C) closed under ∩ and ∪;
* the inclusions that hold by definition, language by language, every answer of a sample through
  its check, and corrupted answers refused.
"""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path

import numpy as np
import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, intersection, union
from attnlogic.automata.rational import reverse
from attnlogic.definability.algebra.pol_plus_pairs import plus_compatible_table, pol_plus_pairs
from attnlogic.definability.algebra.group_pairs import group_pairs
from attnlogic.definability.checks.verify_group_kernels import TransitionMonoid
from attnlogic.definability.checks.verify_pol_group_orbits import check_pol_group_orbit_answer
from attnlogic.definability.checks.verify_pol_plus_pairs import plus_pairs
from attnlogic.definability.checks.verify_bpol import pair_maps
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.varieties.group_kernel_classes import monoid_table
from attnlogic.definability.varieties.identities import structure_of
from attnlogic.kernel.limits import Limits

from answer_checks import assert_answers_and_swaps
from test_pol_group_orbits import _answers, _members
from test_temporal_mod import census

DATA = Path(__file__).resolve().parent.parent / "data" / "mescal" / "mescal_plus_answers.json"
#: every language of the MeSCaL data (and every third census language in the answers' check) with
#: ATTNLOGIC_CENSUS_TEST=1 — about 2 CPU-minutes; by default a sixth of them
CENSUS = os.environ.get("ATTNLOGIC_CENSUS_TEST") == "1"
BASES = ("DD", "MOD⁺", "AMT⁺", "GR⁺")
GROUP = {"DD": None, "MOD⁺": "MOD", "AMT⁺": "AMT", "GR⁺": "GR"}
#: the level-one classes of each ⁺ basis
POL1 = {"DD": "Pol(DD)", "MOD⁺": "Pol(MOD⁺)", "AMT⁺": "Pol(AMT⁺)", "GR⁺": "Pol(GR⁺)"}


def _names(c: str) -> list:
    return [f"PL2({c})", f"FL2({c})", f"TL2({c})", f"Pol2({c})", f"co-Pol2({c})", f"UPol(BPol2({c}))"]


def _sample() -> list:
    return list(census()[::29]) + list(minimal_dfas(4, ("a", "b")))[::4999]


def _mescal():
    data = json.loads(DATA.read_text())
    return [DFA(tuple(r["alphabet"]), r["table"], 0, r["accepting"]) for r in data["languages"]], data["answers"]


@pytest.mark.parametrize("c", BASES)
def test_mescal_level_two_over_the_plus_bases(c):
    """TL₂(C), FL₂(C) and UPol(BPol₂(C)) against MeSCaL's answers on the 744 star-free random
    languages and the 1,000 non-star-free 4-state ones (all of them with ATTNLOGIC_CENSUS_TEST=1,
    else every sixth; DD: the star-free ones, the others are outside): equal, and each side has
    members and non-members."""
    languages, answers = _mescal()
    ours = {"TL": f"TL2({c})", "FL": f"FL2({c})", "UBP": f"UPol(BPol2({c}))"}
    theirs = {"TL": f"TL₂({c})", "FL": f"FL₂({c})", "UBP": f"UPol(BPol₂({c}))"}
    step = 1 if CENSUS else 6
    count = {k: [0, 0] for k in ours}
    for i in range(0, len(languages) if c != "DD" else 744, step):
        got = _members(languages[i], list(ours.values()))      # the default budgets decide every one
        for k, name in ours.items():
            want = answers[theirs[k]][i] == "1"
            assert got[name] is want, (name, i, languages[i].transitions.tolist())
            count[k][want] += 1
    assert all(a > 4 and b > 4 for a, b in count.values()), count


def _pairs_and_monoid(dfa, c: str):
    st = structure_of(dfa.minimal(), monoid=True)
    m, one_nonempty = monoid_table(st)
    T, one = plus_compatible_table(m.table, m.one, one_nonempty)
    found = None if GROUP[c] is None else group_pairs(GROUP[c], m, dfa.alphabet, True, Limits())
    P = pol_plus_pairs(T, one, m.letters, 10 ** 9, None if found is None else found.matrix)
    return st, one, P, found


@pytest.mark.parametrize("c", BASES)
def test_the_saturation_equals_the_checks_own_search(c):
    """The decider's pairs (indices of M', numpy, generators applied frontier by frontier) and the
    check's (maps, a worklist of its own, the G⁺-pairs re-derived on maps — AMT⁺ at the decider's
    modulus) are the same set, on census languages of ≤ 3 states over ab and ≤ 2 over abc."""
    for dfa in list(census()[::7]) + list(minimal_dfas(2, ("a", "b", "c")))[::5]:
        dfa = dfa.minimal()
        st, one, P, found = _pairs_and_monoid(dfa, c)

        def as_map(i):
            return None if i == one else tuple(int(q) for q in st.elements[i])
        ours = {(as_map(s), as_map(t)) for s, t in np.argwhere(P.pairs)}
        allowed = None if found is None else pair_maps(dfa, GROUP[c], True, {"pairs": {"modulus": found.modulus}})
        assert plus_pairs(TransitionMonoid(dfa), 10 ** 9, allowed) == ours, (c, dfa.transitions.tolist())


@pytest.mark.parametrize("c", BASES)
def test_the_pairs_as_a_membership_test_are_level_one_half(c):
    """Every Pol(C⁺)-pair (s, t) with s accepting has t accepting iff L ∈ Pol(C⁺) (the pairs of a
    language of Pol(C⁺) are such, and the non-pairs are separated): equal to Pol(DD)'s decider
    (Pin–Weil, dot-depth 1/2) and to the Pol(G⁺) classes' own, on the census of ≤ 3 states over ab
    and a sample over abc."""
    seen = {True: 0, False: 0}
    for dfa in list(census()[::2]) + list(minimal_dfas(2, ("a", "b", "c")))[::3]:
        dfa = dfa.minimal()
        st, one, P, _ = _pairs_and_monoid(dfa, c)
        accept = [bool(dfa.accepting[row[dfa.initial]]) for row in st.elements]
        if P.table.shape[0] > len(accept):          # 1' adjoined: ε's side
            accept.append(bool(dfa.accepting[dfa.initial]))
        accept = np.array(accept)
        s, t = np.nonzero(P.pairs)
        from_pairs = bool((~accept[s] | accept[t]).all())
        assert from_pairs is _members(dfa, [POL1[c]])[POL1[c]], (c, dfa.transitions.tolist())
        seen[from_pairs] += 1
    assert seen[True] > 20 and seen[False] > 20, seen


def test_pol2_is_closed_under_intersection_and_union():
    random.seed(5)
    for c in ("DD", "MOD⁺"):
        members = [d for d in census()[::3] if _members(d, [f"Pol2({c})"])[f"Pol2({c})"]]
        beyond = [d for d in members if not any(_members(d, [POL1[c], "Pol2(ST)"]).values())]
        assert len(beyond) > 5, (c, len(beyond))
        for _ in range(25):
            a, b = random.choice(beyond), random.choice(members)
            for x in (intersection(a, b).minimal(), union(a, b).minimal()):
                assert _members(x, [f"Pol2({c})"])[f"Pol2({c})"], (c, a.transitions.tolist(), b.transitions.tolist())


def test_co_pol2_is_pol2_of_the_complement_and_past_the_mirror_of_future():
    for dfa in _sample():
        flipped, mirror = complement(dfa).minimal(), reverse(dfa).minimal()
        for c in BASES:
            assert _members(dfa, [f"co-Pol2({c})"])[f"co-Pol2({c})"] is _members(flipped, [f"Pol2({c})"])[f"Pol2({c})"]
            assert _members(dfa, [f"PL2({c})"])[f"PL2({c})"] is _members(mirror, [f"FL2({c})"])[f"FL2({c})"], \
                (c, dfa.transitions.tolist())


def test_inclusions_and_every_answer_through_its_check():
    names = [n for c in BASES for n in _names(c)]
    seen = {(n, b): 0 for n in names for b in (True, False)}
    languages, _ = _mescal()
    sample = _sample()[::1 if CENSUS else 3] + languages[:744:60 if CENSUS else 744] + languages[744::250]
    for dfa in sample:
        m = _members(dfa, names + ["TL(DD)", "FL(DD)", "LTL[P,Y]", "DD1", "Pol(DD)", "Pol2(ST)", "co-Pol2(ST)",
                                   "UPol(BPol2(ST))", "LTL[S]"]
                     + [f"{t}2({g})" for g in ("MOD", "AMT", "GR") for t in ("TL", "Pol")])
        assert m["TL(DD)"] <= m["TL2(DD)"] <= m["LTL[S]"] and m["FL(DD)"] <= m["FL2(DD)"]
        assert m["LTL[P,Y]"] <= m["PL2(DD)"] and m["Pol(DD)"] <= m["Pol2(DD)"] and m["DD1"] <= m["Pol2(DD)"]
        assert m["DD1"] <= m["co-Pol2(DD)"] and m["Pol2(ST)"] <= m["Pol2(DD)"] and m["co-Pol2(ST)"] <= m["co-Pol2(DD)"]
        assert m["UPol(BPol2(ST))"] <= m["UPol(BPol2(DD))"]
        for c in BASES:
            pl, fl, tl, pol2, copol2, ubp = _names(c)
            assert m[pl] <= m[tl] and m[fl] <= m[tl]
            assert m[pol2] <= m[ubp] and m[copol2] <= m[ubp]
        for small, big in (("DD", "MOD⁺"), ("MOD⁺", "AMT⁺"), ("AMT⁺", "GR⁺")):
            for a, b in zip(_names(small), _names(big)):
                assert m[a] <= m[b], (a, b, dfa.transitions.tolist())
        for g in ("MOD", "AMT", "GR"):
            assert m[f"TL2({g})"] <= m[f"TL2({g}⁺)"] and m[f"Pol2({g})"] <= m[f"Pol2({g}⁺)"]
        answers = _answers(dfa, names)
        for n in names:
            assert answers[n]["member"] is m[n]
            check = language_class(n).check(dfa, answers[n], "")
            assert check.valid, (n, check.reason, dfa.transitions.tolist())
            seen[n, m[n]] += 1
    assert all(v > 0 for v in seen.values()), [k for k, v in seen.items() if not v]


def _corrupted_no(no: dict) -> list:
    """Witnesses with one thing broken, each certainly wrong: a rule-3 fact with its t made empty or
    its evidence dropped, a product resting on a later fact, a fact claiming (s, s) where its rule
    gives (s, t) with s ≠ t, an element's fact index past the end."""
    out = []
    facts = no["witness"]["pairs"]

    def broken(edit):
        w = copy.deepcopy(no)
        edit(w["witness"])
        out.append(w)
    for k, row in enumerate(facts):
        if row["by"] == "idempotents":
            broken(lambda wit, k=k: wit["pairs"][k].update(t=""))
            if "evidence" in row:
                broken(lambda wit, k=k: wit["pairs"][k].pop("evidence"))
            break
    for k, row in enumerate(facts):
        if row["by"] == "product":
            broken(lambda wit, k=k: wit["pairs"][k].update(of=[k, k]))
            break
    for k, row in enumerate(facts):
        if row["pair"][0] != row["pair"][1]:
            broken(lambda wit, k=k, row=row: wit["pairs"][k].update(pair=[row["pair"][0], row["pair"][0]]))
            break
    name = next(iter(no["witness"]["paths"]))
    broken(lambda wit: wit["paths"][name].update(pair=len(facts)))
    return out


@pytest.mark.parametrize("c", BASES)
def test_known_answers_and_corrupted_ones_refused(c):
    """A language in the six classes and one outside TL₂(C) whose witness uses rule 3 (the
    saturation's step): swapped and flipped answers, a "no" with its derivation broken, a "yes"
    read for another class are refused."""
    languages, _ = _mescal()
    yes_dfa = attnlogic.load_language(regex="(ab)*", alphabet="ab").dfa
    no_dfa = next(d for d in languages[744:] + languages[:744] if _members(d, [f"TL2({c})"])[f"TL2({c})"] is False
                  and any(r["by"] == "idempotents" for r in _answers(d, [f"TL2({c})"])[f"TL2({c})"]["witness"]["pairs"]))
    for name in _names(c):
        yes, no = _answers(yes_dfa, [name])[name], _answers(no_dfa, [name])[name]
        if no["member"] or not yes["member"]:
            continue
        assert_answers_and_swaps(language_class(name).check, yes_dfa, yes, no_dfa, no)
    no = _answers(no_dfa, [f"TL2({c})"])[f"TL2({c})"]
    bad = _corrupted_no(no)
    assert len(bad) >= 4
    for b in bad:
        assert not check_pol_group_orbit_answer(no_dfa, b, "DA", c).valid
    yes = _answers(yes_dfa, [f"TL2({c})"])[f"TL2({c})"]
    assert not check_pol_group_orbit_answer(yes_dfa, yes, "L-trivial", c).valid
    assert not check_pol_group_orbit_answer(yes_dfa, yes, "DA", "MOD" if c != "MOD⁺" else "DD").valid


def test_the_spellings_and_the_budget():
    dfa = attnlogic.load_language(regex="(a|b)*ab", alphabet="ab").dfa
    r = attnlogic.classify(dfa, windows=(), classes=["TL₂(DD)", "FL₂(MOD⁺)", "UBPol2(GR+)", "UPol(BPol₂(AMT⁺))"],
                           certificates=False)
    assert {c: r[c].member for c in ("TL2(DD)", "FL2(MOD⁺)", "UPol(BPol2(GR⁺))", "UPol(BPol2(AMT⁺))")} == \
        _members(dfa, ["TL2(DD)", "FL2(MOD⁺)", "UPol(BPol2(GR⁺))", "UPol(BPol2(AMT⁺))"])
    # the full transformation monoid of 3 states (27 elements): its semigroup fits in 5,000 bytes, its
    # multiplication table (27² entries with the gathers it is computed from, 24 bytes each) does
    # not: the class asked is undecided, naming the memory budget (the request's fragments answered)
    t3 = DFA(("a", "b", "c"), [[1, 1, 0], [2, 0, 1], [0, 2, 0]], 0, [True, False, False])
    tight = attnlogic.classify(t3, windows=(), classes=["TL2(DD)"], limits=Limits(memory_budget=5000))
    assert tight["TL2(DD)"].member is None and "memory_budget" in tight["TL2(DD)"].method
    assert tight["LTL[S]"].member is False
    assert attnlogic.classify(t3, windows=(), classes=["TL2(DD)"])["TL2(DD)"].member is False


def test_past_the_budget_the_pairs_found_still_prove_a_no_and_never_a_yes():
    """With the saturation stopped at a small budget, the pairs found are a subset of P, each
    with its derivation; on census languages every answer is the whole saturation's or
    undecided — never a "yes" —, "no" answers do come from the pairs found (each through its
    check), and a 5-state language whose 1,023-element monoid passes the default budget gets its
    "no", replayed by ``verify``'s check."""
    small = Limits(instantiations=300)
    names = ["TL2(DD)", "Pol2(DD)", "PL2(MOD⁺)", "UPol(BPol2(AMT⁺))"]
    early = 0
    for dfa in census()[::5]:
        st, one, P, found = _pairs_and_monoid(dfa, "DD")
        m, _ = monoid_table(st)
        cut = pol_plus_pairs(P.table, one, m.letters, 300, partial=True)
        assert not (cut.pairs & ~P.pairs).any()
        assert (cut.exceeded is None) == bool((cut.pairs == P.pairs).all())
        whole = _members(dfa, names)
        got = attnlogic.classify(dfa, windows=(), classes=names, limits=small)
        for c in names:
            assert got[c].member in (whole[c], None), (c, dfa)
            assert got[c].member is not True or "before the budget" not in got[c].method
            if got[c].member is False and "before the budget" in got[c].method:
                early += 1
    assert early > 0
    big = DFA(("a", "b"), [[1, 2], [2, 3], [3, 4], [4, 1], [4, 0]], 0, [False, True, True, True, False])
    r = attnlogic.classify(big, windows=(), classes=["TL2(DD)"])
    assert r["TL2(DD)"].member is False and "before the budget" in r["TL2(DD)"].method
    answer = json.loads(json.dumps(r.to_json()))["fragments"]["TL2(DD)"]
    assert check_pol_group_orbit_answer(big, answer, "DA", "DD").valid
