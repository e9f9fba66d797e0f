"""Separation by Pol(MOD), Pol(AMT) and Pol(GR) (definability/separation/pol_group_separation.py,
docs/decision-procedures.md §11.13).  Oracles: MeSCaL's own Pol(MOD) and Pol(GR) separation
answers on its 1,176 pairs (tests/data/mescal), with Pol(AMT) between them on every pair, the membership deciders of the registry (L
against its complement; Place–Zeitoun's inequality on the G-pairs, an unrelated algorithm),
a brute force of ↑_d L1 on short words, and tampered proofs and certificates refused."""

from __future__ import annotations

import json
from functools import lru_cache
from dataclasses import replace
from itertools import product as words_of

import numpy as np
import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.separation import separate_languages as sl
from attnlogic.definability.separation.pol_group_separation import InsertionFamily, insertion_relation
from attnlogic.kernel.limits import Limits

BASES = ("MOD", "GR")
#: MOD ⊆ AMT ⊆ GR
ALL_BASES = ("MOD", "AMT", "GR")


@lru_cache(maxsize=None)
def _mescal():
    from test_mescal import data
    d = data()
    return d, [DFA(tuple(d["alphabet"]), r["table"], 0, r["accepting"]) for r in d["languages"]]


@pytest.mark.parametrize("basis", BASES)
def test_every_mescal_pair_gets_mescals_answer(basis):
    """All 1,176 pairs: the verdict is MeSCaL's; every "not separable" proof re-checks from its
    words; every separable pair gets a separator (↑_d L1, or for Pol(GR) ↑_N L1 for a group
    action), checked on DFAs inside `separate`."""
    d, L = _mescal()
    answers = d["separation"]["answers"][f"Pol({basis})"]
    seen = {True: 0, False: 0}
    for n, (i, j) in enumerate(d["separation"]["pairs"]):
        r = attnlogic.separate(L[i], L[j], by=f"Pol({basis})")
        assert r.separable is (answers[n] == "1"), (basis, n, i, j)
        seen[r.separable] += 1
        if r.separable is False:
            assert sl.verify_proof(r.proof, L[i], L[j]), (basis, n)
        else:
            assert r.separator is not None, n
    assert seen == {True: answers.count("1"), False: answers.count("0")}


def _members(dfa, name) -> bool:
    r = attnlogic.classify(dfa, windows=(), classes=[name])
    return json.loads(json.dumps(r.to_json()))["classes"][name]["member"]


def test_pol_amt_lies_between_pol_mod_and_pol_gr_on_every_mescal_pair():
    """Pol(MOD) ⊆ Pol(AMT) ⊆ Pol(GR): on MeSCaL's 1,176 pairs, separable by Pol(MOD) ⇒ by
    Pol(AMT) ⇒ by Pol(GR), every Pol(AMT) proof re-checked, and Pol(AMT) strictly between on
    some pairs."""
    d, L = _mescal()
    mod, gr = (d["separation"]["answers"][f"Pol({b})"] for b in ("MOD", "GR"))
    strictly = 0
    for n, (i, j) in enumerate(d["separation"]["pairs"]):
        r = attnlogic.separate(L[i], L[j], by="Pol(AMT)")
        assert not (mod[n] == "1" and r.separable is False) and not (r.separable and gr[n] == "0"), n
        if r.separable is False:
            assert sl.verify_proof(r.proof, L[i], L[j]), n
        strictly += bool(r.separable) and mod[n] == "0"
    assert strictly > 0


@pytest.mark.parametrize("basis", ALL_BASES)
def test_the_complement_gives_the_membership_verdict(basis):
    """L against its complement, every 9th minimal DFA of ≤ 3 states over ab: separable exactly
    when the registry puts L in Pol(basis) (the inequality on the G-pairs)."""
    seen = set()
    for dfa in list(minimal_dfas(3, "ab"))[::9]:
        r = attnlogic.separate(dfa, complement(dfa), by=f"Pol({basis})")
        assert r.separable is _members(dfa, f"Pol({basis})"), dfa
        seen.add(r.separable)
    assert seen == {True, False}


def _brute_closure(d1: DFA, d: int, v: tuple) -> bool:
    """Whether v has a word of L1 below it for ≤_d: walk v keeping (position, state of D1),
    either reading v's letter in D1 or skipping a block v[i:j] with j − i ≡ 0 mod d, j > i."""
    t = np.asarray(d1.transitions)
    reach = {(0, int(d1.initial))}
    todo = [(0, int(d1.initial))]
    while todo:
        i, q = todo.pop()
        nxt = []
        if i < len(v):
            nxt.append((i + 1, int(t[q, v[i]])))
        nxt += [(j, q) for j in range(i + d, len(v) + 1, d)]
        for s in nxt:
            if s not in reach:
                reach.add(s)
                todo.append(s)
    return any(i == len(v) and d1.accepting[q] for i, q in reach)


@pytest.mark.parametrize("r1,r2,modulus", [("(aa)*", "a(aa)*", 2), ("(aa)*b", "(aa)*ab", 2),
                                           ("(aaa)*b(a|b)*", "a(aaa)*b", 3), ("(a|b)*a(a|b)*", "b*", 1)])
def test_the_separator_is_the_insertion_closure_of_the_least_modulus(r1, r2, modulus):
    """K = ↑_d L1 at the least d, its DFA equal on every word up to length 8 to the brute force
    of ≤_d; `--check` accepts the answer, refuses another modulus."""
    d1, d2 = regex_to_dfa(r1, "ab"), regex_to_dfa(r2, "ab")
    r = attnlogic.separate(d1, d2, by="Pol(MOD)")
    assert r.separable is True and r.separator.modulus == modulus
    for length in range(9):
        for v in words_of(range(2), repeat=length):
            assert r.separator.contains(v) is _brute_closure(d1, modulus, v), v
    j = r.to_json()
    assert sl.check_answer(j, d1, d2)[0]
    for other in {1, modulus + 1, 2 * modulus} - {modulus}:
        bad = dict(j, separator=dict(j["separator"], modulus=other))
        ok, why = sl.check_answer(bad, d1, d2)       # meets L2 below the least, or is not the least
        assert not ok, (other, why)


def test_proofs_are_checked_and_tampering_is_refused():
    """Pol(MOD): a ∈ L1, a·(a^k b) ∈ L2; Pol(GR): ε ∈ L1, b^N ∈ L2.  The proofs re-check from the
    object and the JSON; a block that does not loop, a loop that does not divide, a u outside
    L1, a block moved, another basis, or the languages swapped are refused; `--check` accepts
    the proof for the subclasses (Pol(GR)'s for Pol(MOD), GR, MOD), refuses it elsewhere."""
    cases = (("MOD", "(a|b)*a", "(a|b)*b"), ("GR", "(ab)*", "b(a|b)*"), ("AMT", "(ab)*", "b(a|b)*"))
    for basis, r1, r2 in cases:
        d1, d2 = regex_to_dfa(r1, "ab"), regex_to_dfa(r2, "ab")
        r = attnlogic.separate(d1, d2, by=f"Pol({basis})")
        assert r.separable is False and isinstance(r.proof, InsertionFamily) and r.proof.blocks
        fam = r.proof
        assert fam.check(d1, d2) and not fam.check(d2, d1)
        j = r.to_json()
        assert sl.check_answer(j, d1, d2)[0]
        i, block = fam.blocks[0]
        broken = [InsertionFamily(basis, fam.u + (1,), fam.blocks) if basis == "MOD" else
                  InsertionFamily(basis, (1,), fam.blocks),
                  InsertionFamily("GR" if basis == "MOD" else "MOD", fam.u, fam.blocks)]
        if basis == "MOD":
            _, p, z, s = block
            broken += [InsertionFamily(basis, fam.u, ((i, ("loop", p, z + (1,), s)),)),
                       InsertionFamily(basis, fam.u, ((i, ("loop", p, z, s + (0,))),))]
        elif basis == "GR":
            broken += [InsertionFamily(basis, fam.u, ((i, ("group", block[1] + (((0,),),))),))]
        else:
            p = block[1]
            broken += [InsertionFamily(basis, fam.u, ((i, ("parikh", replace(p, u1=p.u1 + (0,)))),)),
                       InsertionFamily(basis, fam.u, ((i, ("parikh", replace(p, u2=(0,)))),))]
        for bad in broken:
            assert not bad.check(d1, d2), bad
        implied = {"MOD": ("Pol(MOD)", "MOD", "Pol(ST)"), "AMT": ("Pol(AMT)", "Pol(MOD)", "AMT", "MOD"),
                   "GR": ("Pol(GR)", "Pol(AMT)", "Pol(MOD)", "GR", "AMT", "MOD")}[basis]
        for by in implied:
            assert sl.check_answer({**j, "by": by}, d1, d2)[0], by
        refused = {"MOD": ("GR", "LTL[S]", "PT", "Pol(AMT)"), "AMT": ("GR", "COM", "Pol(GR)"),
                   "GR": ("COM", "LTL[S]")}[basis]
        for by in refused:
            ok, why = sl.check_answer({**j, "by": by}, d1, d2)
            assert not ok and "shows nothing about" in why, by


def test_the_insertion_relation_is_the_separation_of_each_block_language_from_the_empty_word():
    """R*[x, y] for useful x ≠ y (the only states an accepting run passes) is exactly "L_{x→y} and
    {ε} are not G-separable", decided for every such pair by `separate` with MOD and GR
    (length_separation.py, group_separation.py)."""
    eps = DFA(("a", "b"), np.ones((2, 2), dtype=np.int64), 0, np.array([True, False]))
    for r in ("(a|b)*a", "(ab|ba)*", "a*b(aa)*", "(aab)*b*"):
        d = regex_to_dfa(r, "ab")
        useful = np.flatnonzero(np.asarray(d.reachable) & np.asarray(d.coreachable()))
        for basis in BASES:
            R = insertion_relation(d, basis, Limits())
            for x in useful:
                for y in useful:
                    if x == y:
                        continue
                    acc = np.zeros(d.n_states, dtype=bool)
                    acc[y] = True
                    block = DFA(d.alphabet, np.asarray(d.transitions), x, acc)
                    if not block.accepting[block.reachable].any():
                        assert not R[x, y]
                        continue
                    assert bool(R[x, y]) is (attnlogic.separate(block, eps, by=basis).separable is False), (r, basis, x, y)


def test_a_separable_claim_without_separator_is_re_decided():
    """Pol(GR) "separable" with no separator (GR-specific pairs) is re-decided by `--check`:
    accepted where the search finds no pair, refused where it finds one."""
    claim = {"separable": True, "separator": None, "by": "Pol(GR)"}
    assert sl.check_answer(claim, regex_to_dfa("(ab)*", "ab"), regex_to_dfa("(ab)*a", "ab"))[0]
    assert not sl.check_answer(claim, regex_to_dfa("(ab)*", "ab"), regex_to_dfa("b(a|b)*", "ab"))[0]


def _brute_group_closure(d1: DFA, perms, v: tuple) -> bool:
    """Whether v has a word of L1 below it, the gaps acting as the identity under ``perms``:
    walk v keeping (position, state of D1), skipping any block v[i:j] whose permutation
    (composed letter by letter) is the identity."""
    t = np.asarray(d1.transitions)
    ident = tuple(range(len(perms[0])))

    def acts(block):
        g = ident
        for a in block:
            g = tuple(perms[a][q] for q in g)
        return g
    reach = {(0, int(d1.initial))}
    todo = [(0, int(d1.initial))]
    while todo:
        i, q = todo.pop()
        nxt = [(i + 1, int(t[q, v[i]]))] if i < len(v) else []
        nxt += [(j, q) for j in range(i + 1, len(v) + 1) if acts(v[i:j]) == ident]
        for st in nxt:
            if st not in reach:
                reach.add(st)
                todo.append(st)
    return any(i == len(v) and d1.accepting[q] for i, q in reach)


@pytest.mark.parametrize("basis", ("AMT", "GR"))
def test_a_group_action_separator_where_no_modulus_separates(basis):
    """The MeSCaL pairs that Pol(AMT) / Pol(GR) separate and Pol(MOD) does not: K = ↑_N L1 for
    the kernel N of a permutation action, equal on every word up to length 7 to the brute force
    of its definition; `--check` accepts it, and refuses the identity action (N = A*: ↑_N L1
    meets L2), a Pol(AMT) claim of a non-commuting action, and a claim for Pol(MOD)."""
    d, L = _mescal()
    mod = d["separation"]["answers"]["Pol(MOD)"]
    pairs = [(i, j) for n, (i, j) in enumerate(d["separation"]["pairs"]) if mod[n] == "0"]
    done = 0
    for i, j in pairs:
        r = attnlogic.separate(L[i], L[j], by=f"Pol({basis})")
        if not r.separable:
            continue
        sep, j_ = r.separator, r.to_json()
        assert j_["separator"]["kind"] == "group insertion closure"
        for length in range(8):
            for v in words_of(range(2), repeat=length):
                assert sep.contains(v) is _brute_group_closure(L[i], sep.perms, v), v
        assert sl.check_answer(j_, L[i], L[j])[0]
        points = j_["separator"]["points"]
        ident = dict(j_, separator=dict(j_["separator"], permutations={a: list(range(points)) for a in "ab"}))
        assert not sl.check_answer(ident, L[i], L[j])[0]
        assert not sl.check_answer(dict(j_, by="Pol(MOD)"), L[i], L[j])[0]
        if basis == "AMT" and points >= 3:
            swap = {"a": [1, 0] + list(range(2, points)), "b": [0, 2, 1] + list(range(3, points))}
            ok, why = sl.check_answer(dict(j_, separator=dict(j_["separator"], permutations=swap)), L[i], L[j])
            assert not ok and "commute" in why, why
        done += 1
    assert done > 0
