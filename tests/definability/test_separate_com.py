"""COM separation (definability/separation/commutative_separation.py, docs/decision-procedures.md
§11.12) against oracles that share no code with it:

* pairs: a brute force of the classes of ψ(L) under ≡_{t,m} (a fixpoint of Boolean arrays over
  (state, one saturating-then-cycling counter per letter), written here) for every t ≤ MAX_T,
  m ≤ MAX_M — a "separable" at (t, m) is disjoint there with exactly L1's classes printed and
  meets at every earlier pair; a "not separable" meets at every pair of the box;
* L against its complement: the census kernel's COM verdict (the letters' transformations
  commute) on a sample of ≤ 3 states over ab and ≤ 2 over abc, ``classify``'s own on some;
* AMT ⊆ COM: an AMT-separable pair is COM-separable (random pairs);
* every proof re-checked by ``verify_proof`` and ``separate --check``; tampered proofs and
  certificates refused.

The whole census (≤ 4 states over ab, ≤ 3 over abc) is opt-in: ATTNLOGIC_CENSUS_TEST=1.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace

import pytest

import attnlogic
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, intersection
from attnlogic.cli import main
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation.separate_languages import check_answer, verify_proof
from attnlogic.kernel.limits import Limits

from census_complements import census, separated_from_complements

MAX_T, MAX_M = 3, 4
_WHOLE = pytest.mark.skipif(os.environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                            reason="the whole census and wider sweeps: opt in with ATTNLOGIC_CENSUS_TEST=1")


def classes(d: DFA, t: int, m: int) -> set:
    """The classes of ψ(L) under ≡_{t,m}: a depth-first search of the pairs (state, counts),
    each count of a letter kept exactly while below t + m and then stepped back by m, each read as
    (min(c, t), c mod m) beside an accepting state."""
    k, tr = len(d.alphabet), d.transitions.tolist()
    start = (int(d.initial), (0,) * k)
    todo, seen = [start], {start}
    while todo:
        q, counts = todo.pop()
        for a in range(k):
            c = counts[a] + 1
            nxt = (tr[q][a], counts[:a] + ((c - m if c >= t + m else c),) + counts[a + 1:])
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return {tuple((min(c, t), c % m) for c in counts) for q, counts in seen if d.accepting[q]}


def box(most_t: int = MAX_T, most_m: int = MAX_M):
    return [(t, m) for t in range(most_t + 1) for m in range(1, most_m + 1)]


def against_the_brute_force(d1: DFA, d2: DFA, answer, pairs=None) -> None:
    pairs = box() if pairs is None else pairs
    if answer.separable:
        s = answer.separator
        t, m = s.threshold, s.modulus
        assert not classes(d1, t, m) & classes(d2, t, m)
        assert set(s.residues) == classes(d1, t, m)
        assert s.least
        for low, mod in pairs:
            if (low + mod, low) < (t + m, t):
                assert classes(d1, low, mod) & classes(d2, low, mod), (low, mod)
    else:
        assert answer.separable is False, answer.method
        assert verify_proof(answer.proof, d1, d2)
        for low, mod in pairs:
            assert classes(d1, low, mod) & classes(d2, low, mod), (low, mod)
    ok, why = check_answer(json.loads(json.dumps(answer.to_json())), d1, d2)
    assert ok, why


def _dfa(regex: str, letters: str = "ab") -> DFA:
    return attnlogic.load_language(regex=regex, alphabet=letters).dfa


@pytest.mark.parametrize("l1,l2,separable,pair", [
    ("ab", "ba", False, None),                 # one Parikh vector
    ("aa*", "bb*", True, (1, 1)),              # some a and no b, against the reverse
    ("a", "aaa*", True, (2, 1)),               # one a against two or more: a threshold, no modulus
    ("a(ab)*", "b(ab)*", True, (0, 3)),        # (n+1, n) against (n, n+1): AMT's modulus 3
    ("(ab)*", "(aab)*b", False, None),         # (n, n) and (2j, j+1) meet modulo every m, both growing
    ("a*b", "a*bb", True, (0, 2)),
    ("b(aa)*", "ba(aa)*", True, (0, 2)),
    ("ba*", "bb*a*", False, None),             # one b, growing a's on both sides: b a^n against b a^n
])
def test_examples(l1, l2, separable, pair):
    d1, d2 = _dfa(l1), _dfa(l2)
    r = attnlogic.separate(d1, d2, by="COM")
    assert r.separable is separable, r.method
    if separable:
        assert (r.separator.threshold, r.separator.modulus) == pair
    against_the_brute_force(d1, d2, r)


@pytest.mark.parametrize("seed,plan,most_t,most_m", [
    (5, (("ab", 3, 40), ("abc", 2, 12)), MAX_T, MAX_M),
    pytest.param(11, (("ab", 4, 250), ("abc", 3, 150)), 4, 6, marks=(pytest.mark.slow, _WHOLE)),
])
def test_random_pairs_against_the_brute_force_and_amt(seed, plan, most_t, most_m):
    """Disjoint pairs of the census (``count`` pairs of ≤ ``n`` states over each alphabet of
    ``plan``; L2 ∖ L1): the brute force on every answer over t ≤ ``most_t``, m ≤ ``most_m``,
    and AMT ⊆ COM — an AMT-separable pair is COM-separable.  The wider plan is opt-in."""
    rnd = random.Random(seed)
    verdicts = {True: 0, False: 0}
    for letters, n, count in plan:
        langs = census(n, letters)
        for _ in range(count):
            d1 = rnd.choice(langs)
            d2 = intersection(rnd.choice(langs), complement(d1)).minimal()
            r = attnlogic.separate(d1, d2, by="COM")
            against_the_brute_force(d1, d2, r, box(most_t, most_m))
            if attnlogic.separate(d1, d2, by="AMT").separable:
                assert r.separable, (d1, d2)
            verdicts[r.separable] += 1
    assert verdicts[True] and verdicts[False]


@pytest.mark.parametrize("letters,most,stride", [
    ("ab", 3, 9), ("abc", 2, 3),
    pytest.param("ab", 4, 1, marks=(pytest.mark.slow, _WHOLE)), pytest.param("abc", 3, 1, marks=(pytest.mark.slow, _WHOLE)),
])
def test_a_language_against_its_complement_gives_the_census_kernels_verdict(letters, most, stride):
    """L against its complement is COM-separable iff the census kernel's COM column says L ∈
    COM: every ``stride``-th minimal DFA (every one of the whole census when opted in), every
    proof re-checked, ``classify``'s own verdict on a sample."""
    seen = 0
    for d, c, r, member in separated_from_complements("COM", letters, most, stride):
        assert r.separable is member, d
        if r.separable is False:
            assert verify_proof(r.proof, d, c), d
        if stride > 1 and seen % 10 == 0:
            assert r.separable is classify(d, windows=(), classes=("COM",), certificates=False)["COM"].member
        seen += 1
    assert seen == {("ab", 3): 1054, ("abc", 2): 114, ("ab", 4): 57068, ("abc", 3): 42042}[(letters, most)] // stride


def test_a_tampered_proof_or_certificate_is_refused():
    d1, d2 = _dfa("(ab)*"), _dfa("(aab)*b")
    p = attnlogic.separate(d1, d2, by="COM").proof
    assert p.loops1 and p.loops2 and verify_proof(p, d1, d2)
    (pos, loop, count), *rest = p.loops1
    assert not verify_proof(replace(p, loops1=((pos, loop, count + 1), *rest)), d1, d2)     # the identity
    assert not verify_proof(replace(p, loops1=((pos + 1, loop, count), *rest)), d1, d2)     # not a loop there
    assert not verify_proof(replace(p, u1=p.u2, u2=p.u1, loops1=p.loops2, loops2=p.loops1), d1, d2)
    # b against b: the identity holds without L1's loops, but then a grows on one side only
    d3, d4 = _dfa("a*ba*"), _dfa("ba*")
    q = attnlogic.separate(d3, d4, by="COM").proof
    assert verify_proof(q, d3, d4) and q.loops1 and q.loops2
    assert not verify_proof(replace(q, loops1=()), d3, d4)
    d5, d6 = _dfa("a"), _dfa("aaa*")
    answer = attnlogic.separate(d5, d6, by="COM").to_json()
    assert check_answer(answer, d5, d6)[0]
    for change, valid in (
            ({"classes": [[[1, 0]], [[2, 0]]]}, False),               # a² is a word of L2
            ({"threshold": 3}, False),                               # separates too, not the least
            ({"threshold": 3, "least": False}, True),
            ({"classes": [[[1, 1]]]}, False)):                       # (1, 1) is no class at m = 1
        bad = json.loads(json.dumps(answer))
        bad["separator"].update(change)
        try:
            assert check_answer(bad, d5, d6)[0] is valid, change
        except attnlogic.InputError:
            assert not valid, change
    bad = json.loads(json.dumps(answer))
    bad["by"] = "AMT"                                              # a COM certificate is no AMT one
    assert not check_answer(bad, d5, d6)[0]


def test_budgets_refuse_clearly():
    d1, d2 = _dfa("(aaaaaaa)*"), _dfa("a(aaaaaaa)*")
    r = attnlogic.separate(d1, d2, by="COM", limits=Limits(synthesis_states=10))
    assert r.separable is None and "synthesis_states" in r.method       # 7² counter states > 10
    r = attnlogic.separate(d1, d2, by="COM", limits=Limits(search_budget=50))
    assert r.separable is None and "search_budget" in r.method
    assert attnlogic.separate(d1, d2, by="COM").separator.modulus == 7


def test_the_command_line(capsys):
    assert main(["separate", "--regex", "ab", "--regex", "ba", "--by", "COM", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["separable"] is False and answer["proof"]["kind"] == "commutative family"
    assert main(["separate", "--regex", "a", "--regex", "aaa*", "--by", "COM", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["separable"] is True and (answer["separator"]["threshold"], answer["separator"]["modulus"]) == (2, 1)
    assert answer["separator"]["letters"] == ["a"] and answer["separator"]["classes"] == [[[1, 0]]]
