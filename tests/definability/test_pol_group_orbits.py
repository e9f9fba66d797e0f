"""Level two over the group bases: PL₂(G), FL₂(G), TL₂(G), Pol₂(G) and UPol(BPol₂(G)) for G = MOD,
AMT, GR, decided on the BPol(G)-orbits {x ∈ e·M·e : (x, e) a Pol(G)-pair}, the Pol(G)-pairs by the
insertions of the G-kernel (definability/varieties/pol_group_orbits.py; docs/decision-procedures.md
§14.14).

Cross-checks by other means (MeSCaL's TL₂, FL₂ and UPol(BPol₂) over MOD, AMT and GR on its 1,154
languages are in tests/definability/test_mescal.py):

* the orbits against §11.13's separation procedure asked pair by pair: (x, e) is a Pol(G)-pair
  iff ``separate_by_pol_group`` finds α⁻¹(x) not Pol(G)-separable from α⁻¹(e) (its insertion
  relation R* from length layers, Parikh separations, Benois's closure — not the kernels);
* PL₂(G)(L) = FL₂(G)(rev L) (G closed under reversal, the insertions too);
* Pol₂'s order test read over ST on the AT-orbits is Σ2 = Pol₂(ST), another decider's class,
  Pol₂(G) is closed under intersection and union (a lattice), and co-Pol₂(G)(L) = Pol₂(G)(Lᶜ);
* the inclusions that hold by definition, language by language, and every answer of a census
  sample through its check;
* corrupted answers refused: swapped, flipped, a kernel set not closed, an insertion removed, an
  element inserted that is not in the kernel.
"""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, intersection, union
from attnlogic.automata.rational import reverse
from attnlogic.definability.checks.verify_pol_group_orbits import check_pol_group_orbit_answer
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.separation.pol_group_separation import separate_by_pol_group
from attnlogic.definability.varieties.bpol_groups import syntactic_table
from attnlogic.definability.algebra.syntactic_order import state_inclusion
from attnlogic.definability.varieties.alphabet_orbits import at_orbits
from attnlogic.definability.varieties.pol_group_orbits import order_violation, pol_group_orbits
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits

from answer_checks import assert_answers_and_swaps
from test_temporal_mod import census

BASES = ("MOD", "AMT", "GR")
PROPS = (("PL2", "R-trivial"), ("FL2", "L-trivial"), ("TL2", "DA"))


def _names(g: str) -> list:
    return [f"{t}({g})" for t, _ in PROPS] + [f"Pol2({g})", f"co-Pol2({g})", f"UPol(BPol2({g}))"]


def _members(dfa, names) -> dict:
    r = attnlogic.classify(dfa, windows=(), classes=list(names), certificates=False)
    return {n: r[n].member for n in names}


def _answers(dfa, names) -> dict:
    r = attnlogic.classify(dfa, windows=(), classes=list(names))
    return json.loads(json.dumps(r.to_json()))["classes"]


def _sample() -> list:
    return list(census()[::13]) + list(minimal_dfas(4, ("a", "b")))[::2999]


@pytest.mark.parametrize("g", BASES)
def test_the_orbits_are_those_of_the_separation_procedure_pair_by_pair(g):
    """For every idempotent e and x ∈ e·M·e: x is in the orbit of e iff §11.13's procedure
    finds α⁻¹(x) not Pol(G)-separable from α⁻¹(e) (the DFAs: M's Cayley graph with x, e
    accepting), on census languages of up to 3 states whose monoid has at most 16 elements."""
    limits = Limits()
    seen = {b: 0 for b in (True, False)}
    for dfa in list(census()[::17]):
        st, m = syntactic_table(dfa.minimal(), limits)
        if m.size > 16:
            continue
        T = np.asarray(m.table)
        moves = T[:, list(m.letters)]

        def preimage(x):
            return DFA(dfa.alphabet, moves, int(m.one), [s == x for s in range(m.size)])
        for e, orbit in pol_group_orbits(st, m, g, limits).orbits.items():
            for x in range(m.size):
                if T[T[e, x], e] != x:
                    continue
                _, proof, _ = separate_by_pol_group(preimage(x), preimage(e), g, limits)
                assert (proof is not None) is (x in orbit), (g, dfa.transitions.tolist(), e, x)
                seen[x in orbit] += 1
    assert all(v > 50 for v in seen.values()), seen


def test_the_order_test_on_the_at_orbits_is_sigma2():
    """Pol₂(G)'s test — every orbit element below its idempotent in the syntactic order — read
    over ST on the AT-orbits e·α(B_e*)·e (the BPol(ST)-orbits, §14.11) is Σ2 = Pol₂(ST): equal to
    ``classify``'s Pol2(ST) (Pin–Weil's ordered identity, another decider) on every language of
    ≤ 3 states over ab and of ≤ 2 over abc."""
    limits = Limits()
    seen = {True: 0, False: 0}
    for dfa in list(census()) + list(minimal_dfas(2, ("a", "b", "c"))):
        st, m = syntactic_table(dfa.minimal(), limits)
        T = np.asarray(m.table)
        inc = state_inclusion(st.dfa)
        member = all(order_violation(st, o.e, sorted(o.elements), inc) is None
                     for o in at_orbits(st, T, m.letters, limits.semigroup_elements))
        assert member is _members(dfa, ["Pol2(ST)"])["Pol2(ST)"], dfa.transitions.tolist()
        seen[member] += 1
    assert seen[True] > 100 and seen[False] > 100, seen


@pytest.mark.parametrize("g", BASES)
def test_pol2_is_closed_under_intersection_and_union(g):
    """Pol₂(G) is a lattice: intersections and unions of members (census languages of ≤ 3 states,
    some outside Pol₂(ST) and BPol(G)) are members."""
    random.seed(11)
    members = [d for d in census()[::5] if _members(d, [f"Pol2({g})"])[f"Pol2({g})"]]
    beyond = [d for d in members if not any(_members(d, ["Pol2(ST)", f"BPol({g})"]).values())]
    assert len(beyond) > 5, len(beyond)
    for _ in range(40):
        a, b = random.choice(beyond), random.choice(members)
        for c in (intersection(a, b).minimal(), union(a, b).minimal()):
            assert _members(c, [f"Pol2({g})"])[f"Pol2({g})"], (g, a.transitions.tolist(), b.transitions.tolist())


def test_co_pol2_is_pol2_of_the_complement():
    for dfa in _sample():
        flipped = complement(dfa).minimal()
        for g in BASES:
            assert _members(dfa, [f"co-Pol2({g})"])[f"co-Pol2({g})"] is _members(flipped, [f"Pol2({g})"])[f"Pol2({g})"]


def test_past_is_the_mirror_of_future():
    for dfa in _sample():
        mirror = reverse(dfa).minimal()
        for g in BASES:
            assert _members(dfa, [f"PL2({g})"])[f"PL2({g})"] is _members(mirror, [f"FL2({g})"])[f"FL2({g})"], \
                (g, dfa.transitions.tolist())


def test_inclusions_and_every_answer_through_its_check():
    seen = {(n, b): 0 for g in BASES for n in _names(g) for b in (True, False)}
    below = {"MOD": ("TL(MOD)", "FL(MOD)", "LTL[P,MOD]", "LTL[S,MOD]", "BPol(MOD)", "Pol(MOD)"),
             "AMT": ("TL(AMT)", "FL(AMT)", "PL(AMT)", "SF(AMT)", "BPol(AMT)", "Pol(AMT)"),
             "GR": ("TL(GR)", "FL(GR)", "PL(GR)", "SF(GR)", "BPol(GR)", "Pol(GR)")}
    for dfa in _sample():
        m = _members(dfa, [n for g in BASES for n in _names(g) + list(below[g])]
                     + ["TL(AT)", "FL(AT)", "PL(AT)", "UPol(BPol2(ST))", "Pol2(ST)", "co-Pol2(ST)"])
        for g in BASES:
            tl, fl, pl, sf, bpol, pol = below[g]
            assert m[pol] <= m[f"Pol2({g})"] and m[bpol] <= m[f"Pol2({g})"] and m["Pol2(ST)"] <= m[f"Pol2({g})"]
            assert m[f"Pol2({g})"] <= m[f"UPol(BPol2({g}))"] and m[f"co-Pol2({g})"] <= m[f"UPol(BPol2({g}))"]
            assert m[bpol] <= m[f"co-Pol2({g})"] and m["co-Pol2(ST)"] <= m[f"co-Pol2({g})"]
            assert m[f"PL2({g})"] <= m[f"TL2({g})"] and m[f"FL2({g})"] <= m[f"TL2({g})"] <= m[sf]
            assert m[tl] <= m[f"TL2({g})"] and m[fl] <= m[f"FL2({g})"] and m[pl] <= m[f"PL2({g})"]
            assert m["TL(AT)"] <= m[f"TL2({g})"] and m["FL(AT)"] <= m[f"FL2({g})"] and m["PL(AT)"] <= m[f"PL2({g})"]
            assert m["UPol(BPol2(ST))"] <= m[f"UPol(BPol2({g}))"] and m[bpol] <= m[f"UPol(BPol2({g}))"]
        for small, big in (("MOD", "AMT"), ("AMT", "GR")):
            for a, b in zip(_names(small), _names(big)):
                assert m[a] <= m[b], (a, b, dfa.transitions.tolist())
        answers = _answers(dfa, [n for g in BASES for n in _names(g)])
        for g in BASES:
            for n in _names(g):
                assert answers[n]["member"] is m[n]
                check = language_class(n).check(dfa, answers[n], "")
                assert check.valid, (n, check.reason, dfa.transitions.tolist())
                seen[n, m[n]] += 1
    assert all(v > 0 for v in seen.values()), seen


def test_the_levels_are_strict_where_measured():
    """A language of TL₂(MOD) outside TL(MOD), and one of FO[<,MOD] outside TL₂(MOD), each answer
    with its checked certificate or witness (found in the census of 3 and 4 states)."""
    A = ("a", "b")
    above = DFA(A, [[0, 1], [0, 2], [1, 1]], 0, [True, False, False])
    outside = DFA(A, [[0, 1], [1, 2], [3, 0], [3, 3]], 0, [True, False, False, False])
    assert _members(above, ["TL2(MOD)", "TL(MOD)"]) == {"TL2(MOD)": True, "TL(MOD)": False}
    assert _members(outside, ["TL2(MOD)", "LTL[S,MOD]"]) == {"TL2(MOD)": False, "LTL[S,MOD]": True}
    for dfa in (above, outside):
        ans = _answers(dfa, ["TL2(MOD)"])["TL2(MOD)"]
        assert check_pol_group_orbit_answer(dfa, ans, "DA", "MOD").valid


def _corrupted_no(no: dict) -> list:
    """Witnesses with one thing broken: an insertion dropped, or placed past the end of its word."""
    out = []
    for name, path in no["witness"]["paths"].items():
        if path["insertions"]:
            w = copy.deepcopy(no)
            w["witness"]["paths"][name]["insertions"] = path["insertions"][1:]
            out.append(w)
            w = copy.deepcopy(no)
            w["witness"]["paths"][name]["insertions"][-1]["at"] = len(path["u"]) + 1
            out.append(w)
    return out


@pytest.mark.parametrize("g", BASES)
def test_known_answers_and_corrupted_ones_refused(g):
    """(aa)* is in all four classes; a census language outside TL₂(G) gets a witness with kernel
    insertions; swapped and flipped answers, a "no" with its path broken, a "yes" read for another
    class, are refused."""
    yes_dfa = attnlogic.load_language(regex="(aa)*", alphabet="ab").dfa
    no_dfa = next(d for d in census() if not _members(d, [f"TL2({g})"])[f"TL2({g})"]
                  and any(a["witness"]["paths"][n]["insertions"] for a in [_answers(d, [f"TL2({g})"])[f"TL2({g})"]]
                          for n in a["witness"]["paths"]))
    for name in _names(g):
        check = language_class(name).check
        yes, no = _answers(yes_dfa, [name])[name], _answers(no_dfa, [name])[name]
        if no["member"]:
            continue
        assert_answers_and_swaps(check, yes_dfa, yes, no_dfa, no)
    no = _answers(no_dfa, [f"TL2({g})"])[f"TL2({g})"]
    assert _corrupted_no(no)
    for bad in _corrupted_no(no):
        assert not check_pol_group_orbit_answer(no_dfa, bad, "DA", g).valid
    yes = _answers(yes_dfa, [f"TL2({g})"])[f"TL2({g})"]
    other = "GR" if g != "GR" else "MOD"
    assert not check_pol_group_orbit_answer(yes_dfa, yes, "DA", other).valid      # for another class
    assert not check_pol_group_orbit_answer(yes_dfa, yes, "L-trivial", g).valid
    assert not check_pol_group_orbit_answer(yes_dfa, yes, "DA", "ST").valid


def test_a_gr_kernel_set_not_closed_and_a_wrong_modulus_are_refused():
    """GR: the kernel's elements with one left out (not closed, or 1 missing) are refused; AMT:
    a modulus whose K_d gives other orbits is refused."""
    dfa = next(d for d in census() if _members(d, ["TL2(GR)", "TL2(AMT)"]) == {"TL2(GR)": True, "TL2(AMT)": True}
               and len(_answers(d, ["TL2(GR)"])["TL2(GR)"]["certificate"]["kernel"]["elements"]) > 1)
    yes = _answers(dfa, ["TL2(GR)"])["TL2(GR)"]
    refused = 0
    for i in range(len(yes["certificate"]["kernel"]["elements"])):
        forged = copy.deepcopy(yes)
        del forged["certificate"]["kernel"]["elements"][i]
        refused += not check_pol_group_orbit_answer(dfa, forged, "DA", "GR").valid
    assert refused == len(yes["certificate"]["kernel"]["elements"])
    amt = _answers(dfa, ["TL2(AMT)"])["TL2(AMT)"]
    forged = copy.deepcopy(amt)
    forged["certificate"]["kernel"]["modulus"] = 0
    assert not check_pol_group_orbit_answer(dfa, forged, "DA", "AMT").valid


def test_the_spellings_and_the_budget():
    dfa = attnlogic.load_language(regex="(a|b)*a", alphabet="ab").dfa
    r = attnlogic.classify(dfa, windows=(), classes=["TL₂(MOD)", "FL₂(AMT)", "UBPol2(GR)", "UPol(BPol₂(MOD))"],
                           certificates=False)
    assert {c: r[c].member for c in ("TL2(MOD)", "FL2(AMT)", "UPol(BPol2(GR))", "UPol(BPol2(MOD))")} == \
        _members(dfa, ["TL2(MOD)", "FL2(AMT)", "UPol(BPol2(GR))", "UPol(BPol2(MOD))"])
    tight = attnlogic.classify(dfa, windows=(), classes=["TL2(MOD)"], limits=Limits(memory_budget=420))
    # past its memory budget TL2(MOD) is undecided; TL(MOD), the nearest class below it, is too
    # (its MOD-kernel's maps need more than 420 bytes), and TL(AT), asked next, settles it
    # (engine/around.py), the refusal still named
    got = tight["TL2(MOD)"]
    assert "memory_budget" in got.method and got.carried is not None and got.carried[0] == "TL(AT)"
    assert "memory_budget" in attnlogic.classify(dfa, windows=(), classes=["TL(MOD)"],
                                                 limits=Limits(memory_budget=420))["TL(MOD)"].method
    assert got.member is _members(dfa, ["TL2(MOD)"])["TL2(MOD)"]


@pytest.mark.parametrize("g", BASES)
def test_the_path_of_a_pair_is_that_of_the_whole_search(g):
    """PolGroupOrbits.path searches with parents only up to the frontier reaching (x, e): the
    word and insertions are those of the whole search's parents, asked in any order; the
    search past its products' budget is refused, naming instantiations."""
    from attnlogic.definability.varieties.pol_group_orbits import pol_group_pairs, search_path

    limits, checked = Limits(), 0
    for dfa in list(census()[::29]):
        st, m = syntactic_table(dfa.minimal(), limits)
        o = pol_group_orbits(st, m, g, limits)
        n = o.moves.shape[0]
        _, parent, move = pol_group_pairs(o.table, o.moves, o.one, o.generators, parents=True)
        asked = [(x, e) for e, orbit in o.orbits.items() for x in orbit]
        for x, e in reversed(asked):                       # the farthest first, then nearer ones
            whole = search_path(parent, move, o.moves, o.one, o.generators, x * n + e)
            assert o.path(x, e) == whole, (g, dfa.transitions.tolist(), x, e)
            checked += 1
    assert checked > 100
    big = attnlogic.load_language(regex="(a|b)*a(a|b)(a|b)", alphabet="ab").dfa.minimal()
    st, m = syntactic_table(big, limits)
    o = pol_group_orbits(st, m, g, limits)
    with pytest.raises(LimitExceeded, match="search of the Pol.G.-pairs.*instantiations"):
        pol_group_pairs(o.table, o.moves, o.one, o.generators, budget=10)
