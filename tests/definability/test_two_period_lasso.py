"""Lasso witnesses with different periods for LTL[Y<=k] (docs/decision-procedures.md §4.3,
§4.5): p^N·x ∈ L and q^M·y ∉ L with bisimilar N+1 nodes in one two-cycle graph.

Every witness found is re-checked by the direct type recursion (``types_at_end``) at the
exponents the theorem needs for depths 1..3, and by the independent ``verify``."""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest

from attnlogic.automata.dfa import DFA
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.cli import main
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.algebra.types import (LassoWitness, _two_period_search, lasso_search,
                                          lasso_to_witness, type_automaton)
from family_reference import check_family
from type_reference import types_at_end
from attnlogic.ltl.fragments import Fragment
from attnlogic.definability.checks.verify import end_types_equal, verify_witness


def definite_dfa(alphabet: str, m: int, suffixes: set, short: set) -> DFA:
    """The minimal DFA of {w : |w| ≥ m and its last m letters are in ``suffixes``} ∪
    ``short`` (words shorter than m): definite of index ≤ m, built on the words of
    length ≤ m (the state is the last min(m, |w|) letters)."""
    nA = len(alphabet)
    words = [w for L in range(m + 1) for w in itertools.product(range(nA), repeat=L)]
    index = {w: i for i, w in enumerate(words)}
    table = np.zeros((len(words), nA), dtype=np.int64)
    for w, i in index.items():
        for a in range(nA):
            table[i, a] = index[(w + (a,))[-m:]]
    accepting = np.array([(w in suffixes) if len(w) == m else (w in short) for w in words])
    return DFA(tuple(alphabet), table, 0, accepting).minimal()


def random_definite(rng: random.Random) -> DFA:
    nA = rng.choice([2, 3])
    m = rng.choice([2, 3, 4]) if nA == 2 else rng.choice([2, 3])
    density = rng.choice([0.2, 0.4])
    suffixes = {w for w in itertools.product(range(nA), repeat=m) if rng.random() < density}
    short = {w for L in range(m) for w in itertools.product(range(nA), repeat=L)
             if rng.random() < 0.5}
    return definite_dfa("abc"[:nA], m, suffixes, short)


def _letters(d, word):
    return [d.alphabet[a] for a in word]


def _check_pumped(d, lw: LassoWitness, k: int):
    """The theorem's claim, by the direct recursion: at the exponents for depth d (and one
    turn of each DFA cycle further) the words differ on L and agree at depth d."""
    for depth in (1, 2, 3):
        N, M = lw.exponents_for_depth(k, depth)
        assert N * len(lw.period) >= depth * k and M * len(lw.period_out) >= depth * k
        for i, j in ((0, 0), (1, 0), (0, 2)):
            u, v = lw.words(N + i * lw.modulus, M + j * lw.modulus_out)
            u, v = _letters(d, u), _letters(d, v)
            assert d.accepts(u) and not d.accepts(v)
            assert types_at_end(u, k, False, depth) == types_at_end(v, k, False, depth)


def test_two_period_witnesses_on_random_definite_dfas_are_sound():
    """The two-period search run on its own (the shared-period search skipped) on random
    definite DFAs: every pair it returns survives pumping and is accepted by verify."""
    rng = random.Random(17)
    found = 0
    for _ in range(60):
        d = random_definite(rng)
        for k in (2, 3):
            tails = [tuple(x) for L in range(3) for x in itertools.product(range(d.n_letters), repeat=L)]
            lw = _two_period_search(d, k, k + 1, tails, 4000)
            if lw is None:
                continue
            found += 1
            assert lw.period != lw.period_out and not lw.shared
            _check_pumped(d, lw, k)
            w = lasso_to_witness(d, lw, k)
            assert d.accepts(list(w.accepted)) and not d.accepts(list(w.rejected))
            assert w.family.words(w.family.start) == (w.accepted, w.rejected)
            # verify reads a period from >= 2 copies: the instance with both exponents >= 2
            N, M = lw.exponents_for_depth(k, 1)
            while N < 2 or M < 2:
                N, M = N + (N < 2) * lw.modulus, M + (M < 2) * lw.modulus_out
            u, v = (_letters(d, x) for x in lw.words(N, M))
            check = verify_witness(d, f"LTL[Y<={k}]", u, v, family=True)
            assert check.valid
            check_family(d, Fragment.parse(f"LTL[Y<={k}]"), check.details["family"])
    assert found >= 10


def test_no_two_period_witness_for_definable_languages():
    """Languages of LTL[Y<=k] (a formula exists at some depth) have no witness: the search
    never claims one (sound), on random definite DFAs decided definable by the type automaton."""
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        d = random_definite(rng)
        for k in (2, 3):
            if any(type_automaton(d, k, False, depth, build_formula=False).definable
                   for depth in (1, 2, 3)):
                checked += 1
                tails = [tuple(x) for L in range(4)
                         for x in itertools.product(range(d.n_letters), repeat=L)]
                assert _two_period_search(d, k, k + 2, tails, 20_000) is None
                assert lasso_search(d, k, False, k + 2, 3) is None
    assert checked >= 5


LAST_ACB = "(a|b|c)*acb"       # the last three letters are acb


def test_a_language_only_the_two_period_search_settles():
    """(acb)^N vs (abc)^M for window 2: each letter's window holds the other two letters in
    both cycles.  The shared-period search (periods ≤ 4, tails ≤ 4) finds nothing, the
    two-period search does; the type automaton finds no formula up to depth 4."""
    d = regex_to_dfa(LAST_ACB, "abc")
    k = 2
    lw = lasso_search(d, k, False, max_period=4, max_tail=4)
    assert lw is not None and not lw.shared and len(lw.period) == len(lw.period_out) == 3
    # the shared-period search alone: no pair (lasso_search with P-free graphs, one period)
    tails = [tuple(x) for L in range(5) for x in itertools.product(range(3), repeat=L)]
    from attnlogic.definability.algebra.types import _shared_period, _primitive
    t = np.asarray(d.transitions)
    for L in range(1, 5):
        for p in itertools.product(range(3), repeat=L):
            if _primitive(p):
                assert _shared_period(d, t, k, False, p, tails, [(d.initial, [])]) is None
    _check_pumped(d, lw, k)
    for depth in (1, 2, 3, 4):
        assert not type_automaton(d, k, False, depth, build_formula=False).definable
    # limit 5,000: LTL[P,Y<=2], asked beside it and undecided either way, stops at depth 2 of its
    # type automaton instead of searching occurrence forms to depth 3 (8 s more)
    r = classify(d, windows=(2,), limit=5000)["LTL[Y<=2]"]
    assert r.member is False and "both periods" in r.method
    fam = r.witness.family
    assert fam.out_block != fam.block and fam.to_json()["out_block"] == "".join(fam.out_block)
    assert f"out: ({''.join(fam.out_block)})^K" in fam.text()


def test_shared_families_keep_their_json():
    """A shared-period family has no out_block key (existing consumers see the same JSON)."""
    d = regex_to_dfa("(a|b)*aab", "ab")
    w = lasso_to_witness(d, lasso_search(d, 2, False, 4, 3), 2)
    assert w.family.block_out is None and "out_block" not in w.family.to_json()


def test_verify_accepts_two_period_pairs_and_rejects_tampered_ones():
    d = regex_to_dfa(LAST_ACB, "abc")
    lw = lasso_search(d, 2, False, max_period=4, max_tail=4)
    N, M = lw.exponents_for_depth(2, 3)
    u, v = (_letters(d, w) for w in lw.words(N, M))
    ok = verify_witness(d, "LTL[Y<=2]", u, v, family=True)
    assert ok.valid and ok.reason.startswith("two periods")
    assert not verify_witness(d, "LTL[P,Y<=2]", u, v, family=True).valid    # P is not covered
    # the pair itself is separable (at a depth beyond the 3 it was pumped for): NOT valid
    # without --family, with the depth and a formula evaluated on both words
    alone = verify_witness(d, "LTL[Y<=2]", u, v)
    assert not alone.valid and alone.details["family"]["valid"]
    assert alone.details["pair"]["agrees_to_depth"] >= 3
    # a changed tail letter: still one word in L and one out, but separable at low depth
    for letter in "ab":
        bad = v[:-1] + [letter]
        if bad == v or d.accepts(bad):
            continue
        assert not end_types_equal(u, bad, "LTL[Y<=2]", 3)
        check = verify_witness(d, "LTL[Y<=2]", u, bad, family=True)
        assert not check.valid and "no decomposition" in check.reason


def test_cli_verify_two_periods(capsys):
    d = regex_to_dfa(LAST_ACB, "abc")
    lw = lasso_search(d, 2, False, max_period=4, max_tail=4)
    u, v = ("".join(_letters(d, w)) for w in lw.words(*lw.exponents_for_depth(2, 2)))
    assert main(["verify", "--regex", LAST_ACB, "--alphabet", "abc", "--fragment", "LTL[Y<=2]",
                 "--witness", u, v, "--family", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True
    assert main(["verify", "--regex", LAST_ACB, "--alphabet", "abc", "--fragment", "LTL[Y<=2]",
                 "--witness", u, v, "--json"]) == 1                 # the pair alone is separable
    out = json.loads(capsys.readouterr().out)
    assert out["valid"] is False and out["family"]["valid"] is True
