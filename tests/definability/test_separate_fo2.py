"""FO2[<] separation (docs/decision-procedures.md §11.4b): the type oracle of
definability/checks/fo2_family.py against the lemma and the congruence on instances and
against sentences written by hand; the saturation's answers for L against its complement
against ``classify`` on a census sample; random disjoint pairs against PT (PT ⊆ FO2[<],
decided) and LTL[S] (FO2[<] ⊆ LTL[S], decided); tampered families refused; saved answers
re-checked by ``check_answer``.  The census sweep (every language, 300 random pairs) is
benchmarks/census_separate_fo2.py, its figures quoted in §11.4b."""

from __future__ import annotations

import os
from itertools import product

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfa_arrays
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, difference, is_empty
from attnlogic.automata.sources import load_language
from attnlogic.definability.checks.fo2_family import check_family, fo2_equivalent, fo2_type_sets
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation.fo2_separation import FO2Family
from attnlogic.definability.separation.separate_languages import check_answer, separate, verify_proof


def _words(letters: int, most: int):
    return [w for n in range(most + 1) for w in product(range(letters), repeat=n)]


def _dfa(regex: str) -> DFA:
    return load_language(regex=regex, alphabet=["a", "b"]).dfa


def test_types_against_sentences_written_by_hand():
    """Words of one rank-2 type agree on rank-2 sentences: 'an a before a b', 'the first
    letter is a' (∃x (a(x) ∧ ¬∃y y < x)); rank 1 is the alphabet; 'ab' and 'ba' differ at 2."""
    sentences = (lambda w: any(w[i] == 0 and 1 in w[i + 1:] for i in range(len(w))),
                 lambda w: bool(w) and w[0] == 0, lambda w: bool(w) and w[-1] == 1)
    words = _words(2, 5)
    for u in words[::3]:
        for v in words[::2]:
            if fo2_equivalent(u, v, 2):
                assert all(s(u) == s(v) for s in sentences), (u, v)
            assert fo2_equivalent(u, v, 1) == (set(u) == set(v))
    assert not fo2_equivalent((0, 1), (1, 0), 2)
    assert fo2_equivalent((0, 1), (1, 0), 1)


def test_lemma_on_instances_and_its_side_condition():
    """u^a z u^b ≡ₙ u^a' z' u^b' for a, b, a', b' ≥ n and alph(z), alph(z') ⊆ alph(u), by the
    brute-force types; alph(z) ⊄ alph(u) breaks it (a^n b a^n against a^2n)."""
    checked = 0
    for u in [(0,), (0, 1), (1, 0, 0), (0, 1, 1)]:
        B = set(u)
        zs = [z for z in _words(2, 2) if set(z) <= B]
        for n in (1, 2, 3):
            for z, z2 in zip(zs, zs[1:] + zs[:1]):
                for a, b, a2, b2 in ((n, n, n + 1, n), (n, n + 2, n + 1, n)):
                    assert fo2_equivalent(u * a + z + u * b, u * a2 + z2 + u * b2, n), (u, z, z2, n)
                    checked += 1
    assert checked > 50
    for n in (1, 2, 3):
        assert not fo2_equivalent((0,) * n + (1,) + (0,) * n, (0,) * (2 * n), n)


def test_congruence_on_short_words():
    """Words of one rank-2 type stay of one type after a common left or right factor."""
    words = _words(2, 5)
    classes: dict = {}
    sets = fo2_type_sets(words, 1)
    for w, s in zip(words, sets):
        classes.setdefault(s, []).append(w)
    pairs = [(c[0], c[-1]) for c in classes.values() if len(c) > 1]
    assert pairs
    for u, v in pairs:
        for x in [(0,), (1,), (0, 1), (1, 1, 0)]:
            assert fo2_equivalent(u + x, v + x, 2) and fo2_equivalent(x + u, x + v, 2), (u, v, x)


def test_not_separable_families_and_their_check():
    d1, d2 = _dfa("(ab)*"), _dfa("(ab)*(aa|bb)(ab)*")
    ans = separate(d1, d2, "FO2[<]")
    assert ans.separable is False and ans.proof.to_json(d1.alphabet)["kind"] == "FO2 family"
    u, v = ans.proof.words(1)
    assert d1.accepts(["ab"[a] for a in u]) and d2.accepts(["ab"[a] for a in v])
    assert check_answer(ans.to_json(), d1, d2)[0]
    # the same pair is not separable by PT (decided) either: PT ⊆ FO2[<]
    assert separate(d1, d2, "PT").separable is False
    steps = ans.proof.steps
    last = steps[-1]
    assert last[0] == "da"
    tampered = [
        steps[:-1] + (("da", last[1], last[2], last[3] + (1,), last[4]),),   # z2 changed: its word leaves L2
        steps[:-1] + (("da", last[1], last[3], last[2], last[4]),),                    # sides swapped
        steps[:-1] + (("da", len(steps), last[2], last[3], last[4]),),                 # refers to itself
        (("word", (0, 1)), ("da", 0, (0, 1), (0, 0, 2), 1)),                          # a letter out of the alphabet
    ]
    for t in tampered:
        assert not check_family(t, d1, d2)[0], t
    # the side condition alph(z) ⊆ alph(u): a^n b a^n against a^2n is refused
    e1, e2 = _dfa("a*ba*"), _dfa("a*")
    bad = (("word", (0,)), ("da", 0, (1,), (), 1))
    assert not check_family(bad, e1, e2)[0]
    assert separate(e1, e2, "FO2[<]").separable is True
    # an exponent that does not make the base idempotent: (aa)* against a(aa)*
    p1, p2 = _dfa("(aa)*"), _dfa("a(aa)*")
    ans = separate(p1, p2, "FO2[<]")
    assert ans.separable is False and verify_proof(ans.proof, p1, p2)
    fam = [s for s in ans.proof.steps if s[0] == "da"][0]
    assert fam[4] == 2
    bumped = tuple(("da", s[1], s[2], s[3], 1) if s[0] == "da" else s for s in ans.proof.steps)
    assert not FO2Family(bumped).check(p1, p2)


def test_separators_of_both_kinds_rechecked():
    """A monoid preimage (L1 = (a|b)*ab+: an a and b last, in DA, neither PT nor definite)
    and prefix-suffix profiles (first letter = last letter, with a count modulo 2 inside: no PT, LTL[Y] or
    preimage separator); each re-checked from its JSON, and refused once tampered."""
    d1 = _dfa("(a|b)*ab+")
    d2 = complement(d1).minimal()
    j = separate(d1, d2, "FO2[<]").to_json()
    assert j["separable"] is True and j["separator"]["kind"] == "monoid preimage"
    assert check_answer(j, d1, d2)[0]
    j["separator"]["elements"] = j["separator"]["elements"][:-1]
    assert not check_answer(j, d1, d2)[0]
    d1, d2 = _dfa("a(abab)*a|b(abab)*b"), _dfa("a(abab)*b|b(abab)*a")
    ans = separate(d1, d2, "FO2[<]")
    j = ans.to_json()
    assert j["separable"] is True and j["separator"]["kind"] == "prefix-suffix profiles"
    assert sorted(j["separator"]["profiles"]) == [["a", "a"], ["b", "b"]]
    assert check_answer(j, d1, d2)[0]
    for w in ("abaa", "ba", "aaab"):
        assert ans.separator.contains(tuple("ab".index(c) for c in w)) == (w[0] == w[-1])
    j["separator"]["profiles"].append(["a", "b"])
    assert not check_answer(j, d1, d2)[0]
    j["by"] = "PT"
    assert not check_answer(j, d1, d2)[0]


def _census(letters: str, most: int, step: int):
    k = len(letters)
    for n in range(1, most + 1):
        rows, accs = minimal_dfa_arrays(n, k)
        for row, bits in list(zip(rows, accs))[::step]:
            yield DFA._trusted(letters, np.asarray(row, dtype=np.int64).reshape(n, k), 0,
                               np.array([(int(bits) >> q) & 1 for q in range(n)], dtype=bool))


def test_against_classify_on_a_census_sample():
    """L against A* ∖ L: FO2[<]-separable iff classify says L ∈ FO2[<]; every answer decided."""
    for d in _census("ab", 3, 61):
        member = classify(d, classes=["FO2[<]"], windows=())["FO2[<]"].member
        ans = separate(d, complement(d).minimal(), "FO2[<]")
        assert ans.separable is member, (d.transitions.tolist(), d.accepting.tolist())


def test_random_disjoint_pairs_against_pt_and_star_free():
    dfas = list(_census("ab", 2, 1))
    rng = np.random.default_rng(3)
    seen = {True: 0, False: 0}
    done = 0
    while done < 12:
        i, j = rng.integers(0, len(dfas), size=2)
        d1, d2 = difference(dfas[i], dfas[j]).minimal(), difference(dfas[j], dfas[i]).minimal()
        if is_empty(d1) or is_empty(d2):
            continue
        done += 1
        ans = separate(d1, d2, "FO2[<]")
        if ans.separable is False:
            assert verify_proof(ans.proof, d1, d2)
            assert separate(d1, d2, "PT").separable is False
        elif ans.separable:
            assert check_answer(ans.to_json(), d1, d2)[0]
            assert separate(d1, d2, "LTL[S]").separable is True
        if ans.separable is not None:
            seen[ans.separable] += 1
    assert seen[True] and seen[False]


@pytest.mark.parametrize("letters", ["abc"])
def test_three_letters(letters):
    d1 = load_language(regex="(a|b)*c(a|b)*", alphabet=list(letters)).dfa
    d2 = load_language(regex="(a|b)*", alphabet=list(letters)).dfa
    assert separate(d1, d2, "FO2[<]").separable is True


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                    reason="the whole census ≤ 3/ab and ≤ 2/abc (1,168 languages, about a minute): "
                           "opt in with ATTNLOGIC_CENSUS_TEST=1")
@pytest.mark.parametrize("letters,most", [("ab", 3), ("abc", 2)])
def test_whole_small_census_against_classify(letters, most):
    """L against A* ∖ L on every language: decided, and classify's verdict (§11.4b's table)."""
    for d in _census(letters, most, 1):
        member = classify(d, classes=["FO2[<]"], windows=())["FO2[<]"].member
        ans = separate(d, complement(d).minimal(), "FO2[<]")
        assert ans.separable is member, (d.transitions.tolist(), d.accepting.tolist())
        if ans.separable is False:
            assert verify_proof(ans.proof, d, complement(d).minimal())
