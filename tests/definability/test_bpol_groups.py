"""BPol(AMT) and BPol(GR), level one of the concatenation hierarchies over AMT and GR, decided
by the equation (qr)^ω st (st)^ω = (qr)^ω qt (st)^ω on the G-pairs
(definability/varieties/bpol_groups.py, the pairs by definability/algebra/group_pairs.py;
docs/decision-procedures.md §14.8).

Cross-checks by other means (the MeSCaL comparison, tests/definability/test_mescal.py, covers
all 1,154 of its languages):

* the G-pairs against their definition: a pair has, for every small group tried (AMT: Z/d
  letter counts, d ≤ 6; GR: every action of a and b on 3 points), words of q and s with one
  image (the images found exactly, by a search of the monoid times the group); a non-pair has a separator that ``separate`` finds and checks
  on DFAs; and against the check's own derivations (GR: the saturation of the Cayley graph and
  its reverse; AMT: the residues modulo the certificate's D) — also for the G⁺-pairs;
* the verdicts against the check's re-decision on a census sample, every answer through the
  class's check, and PT ⊆ BPol(MOD) ⊆ BPol(AMT) ⊆ BPol(GR), AMT ⊆ BPol(AMT), GR ⊆ BPol(GR);
* corrupted answers refused.
"""

from __future__ import annotations

import copy
import json
from itertools import permutations, product

import numpy as np
import pytest

import attnlogic
from attnlogic.definability.algebra import free_group_closure
from attnlogic.definability.algebra.group_pairs import amt_pairs, gr_pairs, mod_pairs
from attnlogic.definability.checks.verify_bpol import amt_pair_maps, bpol_holds, gr_pair_maps
from attnlogic.definability.checks.verify_mod_kernel import mod_pair_maps
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.separation.group_separation import separate_by_groups
from attnlogic.definability.separation.parikh_separation import separate_by_parikh
from attnlogic.definability.varieties.group_kernel_classes import monoid_table
from attnlogic.definability.varieties.identities import structure_of
from attnlogic.kernel.limits import Limits

from test_temporal_mod import census
from answer_checks import assert_answers_and_swaps

EXTRA = ["a(a|b)*b", "(ab)*", "b*(ab*ab*)*", "(aa|b)*", "(a|b)*ab(a|b)*", "(ab|ba)*", "a*b*"]


def _dfas(step: int):
    return list(census()[::step]) + [attnlogic.load_language(regex=r, alphabet="ab").dfa.minimal() for r in EXTRA]


def _as_maps(st, matrix) -> set:
    return {(tuple(st.elements[q].tolist()), tuple(st.elements[s].tolist())) for q, s in zip(*np.nonzero(matrix))}


def _images(m, step, start) -> dict:
    """element → the set of images g(w) of the words w of that element, for the finite action
    ``step(g, letter)`` from ``start`` (a breadth-first search of the product)."""
    T = np.asarray(m.table)
    seen, todo = {(m.one, start)}, [(m.one, start)]
    while todo:
        x, g = todo.pop()
        for a, y in enumerate(m.letters):
            nxt = (int(T[x, y]), step(g, a))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    out: dict = {}
    for x, g in seen:
        out.setdefault(x, set()).add(g)
    return out


def test_the_pairs_are_their_definition():
    """Every pair meets in each small group tried (AMT: the letter counts modulo d ≤ 6; GR:
    every action of a and b on 3 points) — the images of α⁻¹(q) and α⁻¹(s) there, exactly, by
    a search of the product; every non-pair is separated by a language ``separate`` builds and
    checks; the decider's pairs equal the check's derivations."""
    actions = list(product(list(permutations(range(3))), repeat=2))
    for dfa in _dfas(61):
        st = structure_of(dfa, True)
        m, _ = monoid_table(st)
        amt, gr = amt_pairs(m, False, Limits()), gr_pairs(m, dfa.alphabet, False, Limits())
        assert (gr.matrix <= amt.matrix).all() and (amt.matrix <= mod_pairs(m).matrix).all()
        for perms in actions:
            im = _images(m, lambda g, a: tuple(perms[a][x] for x in g), (0, 1, 2))
            assert all(im[q] & im[s] for q, s in zip(*np.nonzero(gr.matrix))), perms
        for d in range(1, 7):
            im = _images(m, lambda g, a: tuple((g[j] + (j == a)) % d for j in range(2)), (0, 0))
            assert all(im[q] & im[s] for q, s in zip(*np.nonzero(amt.matrix))), d
        for pairs, separate in ((amt, separate_by_parikh), (gr, separate_by_groups)):
            for q, s in zip(*np.nonzero(~pairs.matrix)):
                d1 = dfa.__class__(dfa.alphabet, np.asarray(m.table)[:, list(m.letters)], m.one,
                                   np.arange(m.size) == q)
                d2 = dfa.__class__(dfa.alphabet, d1.transitions, m.one, np.arange(m.size) == s)
                sep, proof, _ = separate(d1.minimal(), d2.minimal(), Limits())
                assert sep is not None and proof is None, (pairs.basis, q, s)
        assert _as_maps(st, gr.matrix) == gr_pair_maps(dfa)
        assert _as_maps(st, amt.matrix) == amt_pair_maps(dfa, amt.modulus)


def test_the_plus_pairs_against_the_checks_derivations():
    """The G⁺-pairs (q = s, or α⁻¹(q) ∩ A⁺, α⁻¹(s) ∩ A⁺ not G-separable) of the decider and of
    the check, for MOD, AMT and GR; each within the G-pairs."""
    for dfa in _dfas(53):
        st = structure_of(dfa, True)
        m, _ = monoid_table(st)
        amt = amt_pairs(m, True, Limits())
        found = {"MOD": mod_pairs(m, True), "AMT": amt, "GR": gr_pairs(m, dfa.alphabet, True, Limits())}
        assert _as_maps(st, found["MOD"].matrix) == mod_pair_maps(dfa, plus=True)
        assert _as_maps(st, amt.matrix) == amt_pair_maps(dfa, amt.modulus, plus=True)
        assert _as_maps(st, found["GR"].matrix) == gr_pair_maps(dfa, plus=True)
        assert (found["GR"].matrix <= gr_pairs(m, dfa.alphabet, False, Limits()).matrix).all()


def _answers(dfa, names):
    r = attnlogic.classify(dfa, windows=(), classes=list(names))
    return json.loads(json.dumps(r.to_json()))["classes"]


def test_verdicts_checks_and_inclusions_on_a_census_sample():
    seen = {(c, b): 0 for c in ("BPol(AMT)", "BPol(GR)") for b in (True, False)}
    for dfa in _dfas(59):
        ans = _answers(dfa, ["BPol(MOD)", "BPol(AMT)", "BPol(GR)"])
        for name, basis in (("BPol(AMT)", "AMT"), ("BPol(GR)", "GR")):
            a = ans[name]
            check = language_class(name).check(dfa, a, "")
            assert check.valid, (name, check.reason)
            if basis == "GR":                              # the re-decision on the check's own pairs
                assert a["member"] is bpol_holds(dfa, "GR", False)
            seen[name, a["member"]] += 1
        r = attnlogic.classify(dfa, windows=(), classes=["PT", "AMT", "GR"], certificates=False)
        member = {c: ans[c]["member"] for c in ans}
        assert not (r["PT"].member and not member["BPol(MOD)"])
        assert not (member["BPol(MOD)"] and not member["BPol(AMT)"])
        assert not (member["BPol(AMT)"] and not member["BPol(GR)"])
        assert not (r["AMT"].member and not member["BPol(AMT)"])
        assert not (r["GR"].member and not member["BPol(GR)"])
    assert all(v > 0 for v in seen.values()), seen


def test_the_block_group_instantiation_is_a_violation_on_a_gr_pair():
    """BPol(GR)'s and BPol(AMT)'s fast "no" (``block_group_instantiation``: two idempotents in
    one ℛ- or ℒ-class): on every 5th census language it exists exactly where the equation fails
    on the GR-pairs computed from the free-group closures (the check's re-decision), its (q, s)
    is one of those pairs and of the AMT-pairs, its two sides differ, and the answers of both
    classes built on it pass their checks."""
    from attnlogic.definability.varieties.bpol_groups import block_group_instantiation, decide_bpol

    seen = [0, 0]
    for dfa in _dfas(5):
        st = structure_of(dfa, True, Limits())
        m, _ = monoid_table(st)
        found = block_group_instantiation(st, m)
        assert (found is None) is bpol_holds(dfa, "GR", False), dfa
        seen[found is None] += 1
        if found is not None:
            q, s, r, t = found
            T = np.asarray(m.table)
            assert gr_pairs(m, dfa.alphabet).matrix[q, s] and amt_pairs(m).matrix[q, s]
            e, f = st.omega[T[q, r]], st.omega[T[s, t]]
            assert T[T[e, T[s, t]], f] != T[T[e, T[q, t]], f]
            for basis in ("GR", "AMT"):                     # the fast "no" of BPol(GR) and BPol(AMT)
                holds, proof = decide_bpol(basis, dfa)
                answer = {"member": False, "witness": proof.to_json("")}
                assert not holds and language_class(f"BPol({basis})").check(dfa, answer, "").valid
    assert all(seen), seen


def test_past_the_pairs_budget_a_block_group_is_a_yes_by_the_theorem_and_a_forged_one_is_refused(monkeypatch):
    """With the GR-pairs refused (type_states = 1, one product of the free-group closure per
    unit) a block group is still BPol(GR) — the
    certificate names the theorem, and the check re-checks the block groups on its own maps —;
    the same certificate put on A*a (a, b idempotents in one ℛ-class) is refused, and so is
    Pol(GR)'s by Pin's theorem."""
    from attnlogic.definability.checks.verify_bpol import check_bpol
    from attnlogic.definability.checks.verify_pol import check_pol
    from attnlogic.definability.varieties.bpol_groups import decide_bpol
    from attnlogic.definability.varieties.pol_groups import decide_pol

    monkeypatch.setattr(free_group_closure, "CLOSURE_PRODUCTS_PER_TYPE_STATE", 1)
    tiny = Limits(type_states=1)
    for regex in ("(a|b)*a(a|b)*", "((a|b)(a|b))*", "b*(ab*ab*)*"):
        d = attnlogic.load_language(regex=regex, alphabet="ab").dfa.minimal()
        for decide, check, theorem in ((decide_bpol, check_bpol, "block groups"),
                                       (decide_pol, check_pol, "Pin: inserting an idempotent")):
            holds, cert = decide("GR", d, tiny)
            assert holds and cert.to_json()["theorem"] == theorem, regex
            assert check(d, {"member": True, "certificate": cert.to_json()}, "", "GR").valid, regex
            ends_a = attnlogic.load_language(regex="(a|b)*a", alphabet="ab").dfa.minimal()
            assert not check(ends_a, {"member": True, "certificate": cert.to_json()}, "", "GR").valid
        # the printed reason is the theorem's condition that was checked, not the pairs' identity
        for name, said in (("BPol(GR)", "block group"), ("Pol(GR)", "Pin's order")):
            got = attnlogic.classify(d, windows=(), classes=[name], limits=tiny)[name]
            assert got.member and said in got.method and "Place–Zeitoun" not in got.method, (regex, got.method)


def test_known_answers_and_corrupted_ones_refused():
    """(ab|ba)* and b*(ab*ab*)* (an AMT language) are members of both; a(a|b)*b is in neither
    (its q = a, s = b pair is GR-inseparable); corrupted answers are refused."""
    for name in ("BPol(AMT)", "BPol(GR)"):
        check = language_class(name).check
        yes_dfa = attnlogic.load_language(regex="(ab|ba)*", alphabet="ab").dfa
        no_dfa = attnlogic.load_language(regex="a(a|b)*b", alphabet="ab").dfa
        yes, no = _answers(yes_dfa, [name])[name], _answers(no_dfa, [name])[name]
        assert _answers(attnlogic.load_language(regex="b*(ab*ab*)*", alphabet="ab").dfa, [name])[name]["member"]
        assert "pair" in no["witness"]
        assert_answers_and_swaps(check, yes_dfa, yes, no_dfa, no)
        bare = copy.deepcopy(no)
        del bare["witness"]["pair"]                             # no evidence that (q, s) is a pair
        assert not check(no_dfa, bare, "").valid
        bent = copy.deepcopy(no)
        side = bent["witness"]["pair"]["L1" if name == "BPol(GR)" else "in_L1"]
        if name == "BPol(GR)":
            side.append({"word": "a"})                          # the family leaves L1
        else:
            bent["witness"]["pair"]["in_L1"] = side + "a"
        assert not check(no_dfa, bent, "").valid
    check = language_class("BPol(AMT)").check
    dfa = attnlogic.load_language(regex="(ab)*", alphabet="ab").dfa
    yes = _answers(dfa, ["BPol(AMT)"])["BPol(AMT)"]
    assert yes["member"] is True and yes["certificate"]["pairs"]["modulus"] > 1
    wrong = copy.deepcopy(yes)
    wrong["certificate"]["pairs"]["modulus"] = 1                # every pair of elements a pair at D = 1
    assert not check(dfa, wrong, "").valid


@pytest.mark.skipif(__import__("os").environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                    reason="every census language ≤ 3 states (1,054) with certificates: opt in with "
                           "ATTNLOGIC_CENSUS_TEST=1")
def test_every_answer_on_the_census():
    """The sweep behind the samples (docs/decision-procedures.md §14.8 quotes its counts): on
    every language of the census ≤ 3 states over ab, the AMT- and GR-pairs equal the check's
    derivations, every answer passes its check, the verdicts are the check's re-decisions, and
    BPol(MOD) ⊆ BPol(AMT) ⊆ BPol(GR)."""
    members = {"BPol(MOD)": 0, "BPol(AMT)": 0, "BPol(GR)": 0}
    for dfa in census():
        st = structure_of(dfa, True)
        m, _ = monoid_table(st)
        amt, gr = amt_pairs(m, False, Limits()), gr_pairs(m, dfa.alphabet, False, Limits())
        assert _as_maps(st, gr.matrix) == gr_pair_maps(dfa)
        assert _as_maps(st, amt.matrix) == amt_pair_maps(dfa, amt.modulus)
        ans = _answers(dfa, list(members))
        for name, basis in (("BPol(MOD)", "MOD"), ("BPol(AMT)", "AMT"), ("BPol(GR)", "GR")):
            a = ans[name]
            assert language_class(name).check(dfa, a, "").valid
            assert a["member"] is bpol_holds(dfa, basis, False, {"pairs": {"modulus": amt.modulus}})
            members[name] += a["member"]
        assert ans["BPol(MOD)"]["member"] <= ans["BPol(AMT)"]["member"] <= ans["BPol(GR)"]["member"]
    print("members:", members)


def test_the_amt_pairs_evidence_is_refused_past_the_memory_budget():
    """The evidence kept per AMT-pair (up to |M|² entries) is refused before it is built past the
    memory budget (a random 9-state DFA's monoid once ran a process out of 12 GiB there); at the
    budget, the same pairs."""
    from attnlogic.kernel.errors import MemoryBudgetExceeded
    from attnlogic.kernel.limits import AMT_PAIR_EVIDENCE_BYTES

    m, _ = monoid_table(structure_of(attnlogic.load_language(regex="(a|b)*ab", alphabet="ab").dfa.minimal(), True))
    need = AMT_PAIR_EVIDENCE_BYTES * m.size ** 2
    with pytest.raises(MemoryBudgetExceeded, match="memory_budget"):
        amt_pairs(m, False, Limits(memory_budget=need - 1))
    assert (amt_pairs(m, False, Limits(memory_budget=need)).matrix == amt_pairs(m, False).matrix).all()
