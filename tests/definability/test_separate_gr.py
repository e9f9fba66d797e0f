"""GR separation (definability/separation/group_separation.py, docs/decision-procedures.md
§11.11) against oracles that share no code with it:

* MeSCaL's GR separation answers (tests/data/mescal): the same verdict on its pairs (every
  3rd in the suite, all 1,176 with ATTNLOGIC_CENSUS_TEST=1);
* L against its complement: separable iff the census kernel says L ∈ GR (≤ 3 states over ab,
  ≤ 2 over abc, every 8th language), ``classify``'s own GR verdict on a sample;
* a brute force over small groups: every action of two letters as permutations of ≤ 3 points
  (written here: a breadth-first search of DFA × points) — a "not separable" answer must
  leave every one of them unable to separate;
* every proof re-checked by ``verify_proof`` and ``separate --check``, every separator on
  DFAs; tampered proofs and certificates refused; budgets refuse clearly.

The whole census (≤ 4 states over ab, ≤ 3 over abc) is opt-in: ATTNLOGIC_CENSUS_TEST=1.
"""

from __future__ import annotations

import json
import os
import random
from collections import deque
from dataclasses import replace
from itertools import permutations, product

import numpy as np
import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, intersection, is_empty, is_subset
from attnlogic.cli import main
from attnlogic.definability.algebra import free_group_closure
from attnlogic.definability.checks.verify_group import free_reduce, pattern_word
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation.group_separation import GroupFamily
from attnlogic.definability.separation.separate_languages import check_answer, verify_proof
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits

from census_complements import separated_from_complements

FULL = os.environ.get("ATTNLOGIC_CENSUS_TEST") == "1"


def dfa(regex: str) -> DFA:
    return attnlogic.load_language(regex=regex, alphabet="ab").dfa


def points(d: DFA, perms) -> set:
    """The points an action (start 0) reaches together with an accepting state of D."""
    t = np.asarray(d.transitions)
    seen = {(int(d.initial), 0)}
    queue = deque(seen)
    while queue:
        q, p = queue.popleft()
        for a in range(t.shape[1]):
            nxt = (int(t[q, a]), perms[a][p])
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return {p for q, p in seen if d.accepting[q]}


def small_action_separates(d1: DFA, d2: DFA) -> bool:
    """Whether some group language of an action of the letters on ≤ 3 points separates."""
    k = len(d1.alphabet)
    return any(not points(d1, perms) & points(d2, perms)
               for n in (1, 2, 3) for perms in product(list(permutations(range(n))), repeat=k))


def checked(d1: DFA, d2: DFA, r) -> None:
    """The answer's own certificate, re-checked here and by ``separate --check``."""
    if r.separable is False:
        assert verify_proof(r.proof, d1, d2)
        for n in (1, 2, 5):                            # the family's words, written out
            assert d1.accepts([d1.alphabet[a] for a in pattern_word(r.proof.parts1, n)])
            assert d2.accepts([d2.alphabet[a] for a in pattern_word(r.proof.parts2, n)])
        assert not small_action_separates(d1, d2)
    elif r.separator is not None:
        K = r.separator.dfa
        assert is_subset(d1, K) and is_empty(intersection(K, d2))
        t = np.asarray(K.transitions)
        if r.separator.certificate_json()["kind"] == "permutation automaton":
            assert all(sorted(t[:, a].tolist()) == list(range(K.n_states)) for a in range(t.shape[1]))
    ok, why = check_answer(json.loads(json.dumps(r.to_json())), d1, d2)
    assert ok, why


def test_mescal_gr_answers():
    """MeSCaL's GR separation on its pairs of languages over ab: 0 disagreements (every 3rd
    pair; all 1,176 with ATTNLOGIC_CENSUS_TEST=1), both answers seen; ``separate --check`` on
    every separable answer and every 12th (every answer with ATTNLOGIC_CENSUS_TEST=1)."""
    from test_mescal import languages, mescal_separation, pairs

    L, gr = languages(), mescal_separation("GR")
    seen = {True: 0, False: 0}
    for n, (i, j) in list(enumerate(pairs()))[::1 if FULL else 3]:
        r = attnlogic.separate(L[i], L[j], by="GR")
        assert r.separable is (gr[n] == "1"), (n, i, j)
        seen[r.separable] += 1
        if FULL or n % 12 == 0 or r.separable:
            ok, why = check_answer(json.loads(json.dumps(r.to_json())), L[i], L[j])
            assert ok, (n, why)
    assert min(seen.values()) > 20
    if FULL:
        assert seen == {True: gr.count("1"), False: gr.count("0")}


@pytest.mark.parametrize("letters,most", [("ab", 3), ("abc", 2)])
def test_a_language_against_its_complement_is_separable_iff_it_is_a_group_language(letters, most):
    seen = {True: 0, False: 0}
    for n, (d, c, r, member) in enumerate(separated_from_complements("GR", letters, most, 8)):
        assert r.separable is member, d
        seen[member] += 1
        if n % 12 == 0:                                 # classify itself, and every check, on a sample
            assert member is classify(d, windows=(), classes=("GR",), certificates=False)["GR"].member
            checked(d, c, r)
    assert min(seen.values()) > 0


def test_disjoint_census_pairs_against_small_groups():
    """Disjoint pairs of census languages: every "no" leaves every action on ≤ 3 points unable
    to separate (and its family re-checked), every separator checked; both answers occur."""
    rnd = random.Random(5)
    langs = tuple(minimal_dfas(3, "ab"))
    verdicts = set()
    for _ in range(30):
        d1 = rnd.choice(langs)
        d2 = intersection(rnd.choice(langs), complement(d1)).minimal()
        r = attnlogic.separate(d1, d2, by="GR")
        assert r.separable is not None
        checked(d1, d2, r)
        verdicts.add(r.separable)
    assert verdicts == {True, False}


@pytest.mark.parametrize("l1,l2,separable,route", [
    ("ab", "ba", True, "folding"),                 # one Parikh vector: no AMT separator, S3 separates
    ("aba", "aab", True, "folding"),
    ("a(ab)*", "b(ab)*", True, "parikh residues"),
    ("(ab)*", "(ba)*", False, None),               # ε in both
    ("a*b", "ba*", False, None),                   # b in both
    ("(a|b)*ab", "(a|b)*ba", False, None),         # a(ba)^(N-1)b = 1 = a(baa)^(N-1)ba in every group of order N
    ("(aa)*", "(aa)*a", True, "parikh residues"),
])
def test_examples(l1, l2, separable, route):
    d1, d2 = dfa(l1), dfa(l2)
    r = attnlogic.separate(d1, d2, by="GR")
    assert r.separable is separable, r.method
    if separable:
        cert = r.separator.certificate_json()
        assert cert["kind"] == route or cert.get("route") == route, cert
        assert small_action_separates(d1, d2)          # these need no group of more than 3 points
    checked(d1, d2, r)


def test_a_separator_beyond_small_groups_and_amt_by_the_folding():
    """L1 = (a|b)*bb(a|b)* ∩ P, L2 = (a|b)*aa(a|b)* ∖ P for the permutation automaton P with
    a = (0 1 2 3), b = (0 1) (S4), accepting 0: no action on ≤ 3 points separates them (the brute
    force), nor AMT (tried first), and the folding finds a separator, checked on DFAs."""
    P = DFA("ab", np.array([[1, 1], [2, 0], [3, 2], [0, 3]]), 0, np.array([True, False, False, False]))
    d1 = intersection(dfa("(a|b)*bb(a|b)*"), P).minimal()
    d2 = intersection(dfa("(a|b)*aa(a|b)*"), complement(P)).minimal()
    r = attnlogic.separate(d1, d2, by="GR")
    assert r.separable is True and r.separator.route == "folding", r.method
    assert not small_action_separates(d1, d2)
    assert attnlogic.separate(d1, d2, by="AMT").separable is False
    checked(d1, d2, r)


def test_the_family_is_equal_in_the_free_group_once_blocks_are_inverse_letters():
    """The checker's free reduction against words: (a b)(b⁻¹ a⁻¹) reduces to nothing; the
    written-out family of (a|b)*ab / (a|b)*ba has w1(N) ∈ L1, w2(N) ∈ L2 for N up to 6."""
    assert free_reduce(((0, 1), (1, 1), (1, -1), (0, -1))) == ()
    assert free_reduce(((0, 1), (1, -1), (1, 1))) == ((0, 1),)
    d1, d2 = dfa("(a|b)*ab"), dfa("(a|b)*ba")
    p = attnlogic.separate(d1, d2, by="GR").proof
    for n in range(1, 7):
        assert d1.accepts([d1.alphabet[a] for a in pattern_word(p.parts1, n)])
        assert d2.accepts([d2.alphabet[a] for a in pattern_word(p.parts2, n)])


def test_a_tampered_proof_or_certificate_is_refused():
    d1, d2 = dfa("(a|b)*ab"), dfa("(a|b)*ba")
    r = attnlogic.separate(d1, d2, by="GR")
    p = r.proof
    assert verify_proof(p, d1, d2)
    assert not verify_proof(replace(p, parts1=p.parts1 + (((0,),),)), d1, d2)        # an a more: not in L1
    assert not verify_proof(replace(p, parts1=p.parts2, parts2=p.parts1), d1, d2)     # the sides swapped
    blocks = [i for i, x in enumerate(p.parts1) if len(x) == 2]
    i = blocks[0]
    v, a = p.parts1[i]
    assert not verify_proof(replace(p, parts1=p.parts1[:i] + ((v + (1 - a,), a),) + p.parts1[i + 1:]), d1, d2)
    e1, e2 = dfa("ab"), dfa("ba")                      # a common element claimed where none is
    forged = GroupFamily((((0, 1),),), (((1, 0),),))
    assert not verify_proof(forged, e1, e2)
    answer = json.loads(json.dumps(attnlogic.separate(e1, e2, by="GR").to_json()))
    assert check_answer(answer, e1, e2)[0]
    bad = json.loads(json.dumps(answer))
    bad["separator"]["accepting"] = list(range(bad["separator"]["points"]))          # K = A*: meets L2
    assert not check_answer(bad, e1, e2)[0]
    bad = json.loads(json.dumps(answer))
    bad["separator"]["permutations"]["a"] = [0] * bad["separator"]["points"]         # no permutation
    ok, why = check_answer(bad, e1, e2)
    assert not ok and "permutation" in why
    bad = json.loads(json.dumps(answer))
    bad["by"] = "AMT"                                   # a permutation automaton is no AMT certificate
    assert not check_answer(bad, e1, e2)[0]
    claim = {"by": "GR", "separable": True, "method": "", "separator": None}
    assert check_answer(claim, e1, e2)[0]               # the theorem's claim, recomputed
    assert not check_answer(claim, d1, d2)[0]


def test_separable_without_a_separator_when_the_search_is_spent():
    """search_budget 0 and AMT unable: "separable" by the disjoint closures, no separator, and
    ``separate --check`` recomputes the product."""
    d1, d2 = dfa("ab"), dfa("ba")
    r = attnlogic.separate(d1, d2, by="GR", limits=Limits(search_budget=0))
    assert r.separable is True and r.separator is None and "theorem" in r.method
    assert check_answer(json.loads(json.dumps(r.to_json())), d1, d2)[0]


def test_budgets_refuse_clearly(capsys, monkeypatch):
    # the closure's products, type_states × CLOSURE_PRODUCTS_PER_TYPE_STATE: one product per unit here
    monkeypatch.setattr(free_group_closure, "CLOSURE_PRODUCTS_PER_TYPE_STATE", 1)
    d1, d2 = dfa("(aab|b)*"), dfa("(aba)*b")
    with pytest.raises(LimitExceeded):
        attnlogic.separate(d1, d2, by="GR", limits=Limits.of(limit=3))
    assert main(["separate", "--regex", "(aab|b)*", "--regex", "(aba)*b", "--by", "GR", "--limit", "3"]) == 2
    err = capsys.readouterr().err
    assert "type_states" in err and "Traceback" not in err


def test_the_command_line(capsys):
    assert main(["separate", "--regex", "ab", "--regex", "ba", "--by", "GR", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["separable"] is True and answer["separator"]["kind"] == "permutation automaton"
    assert main(["separate", "--regex", "(a|b)*ab", "--regex", "(a|b)*ba", "--by", "GR"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("not separable by GR") and "(N-1)" in out


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="the whole census (99,110 languages): opt in with ATTNLOGIC_CENSUS_TEST=1")
@pytest.mark.parametrize("letters,most", [("ab", 4), ("abc", 3)])
def test_gr_separation_from_the_complement_on_the_whole_census(letters, most):
    """L against its complement is GR-separable iff the census kernel's GR column says L ∈ GR
    — every minimal DFA of the census; every proof re-checked."""
    seen = 0
    for d, c, r, member in separated_from_complements("GR", letters, most):
        assert r.separable is member, d
        if r.separable is False:
            assert verify_proof(r.proof, d, c), d
        seen += 1
    assert seen == {("ab", 4): 57068, ("abc", 3): 42042}[(letters, most)]
