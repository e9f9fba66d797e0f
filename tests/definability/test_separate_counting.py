"""The counting family (definability/separation/counting_family.py, §11.6 of
docs/decision-procedures.md): a sound "not separable" for LT and LTT (every aperiodic class).

Oracles: the fixed orders (LT[k], LTT[k,t] by the tracker's product) must fail wherever a
family is found, and the family's two words have one LTT profile computed by ``word_profile``;
for L against its complement a family means L is not aperiodic, so ``classify`` puts L outside
LT, LTT and LTL[S], and MeSCaL (its shipped answers) outside SF; broken families are refused.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, difference
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation.counting_family import CountingFamily, counting_family
from attnlogic.definability.separation.separate_languages import check_answer, separate, verify_proof, word_profile
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits

SMALL = Limits(type_states=8_000, synthesis_states=8_000)


def _random_dfa(rng, letters, n) -> DFA:
    return DFA(tuple(letters), rng.integers(0, n, size=(n, len(letters))), 0, rng.random(n) < 0.5).minimal()


@pytest.mark.parametrize("letters,seed", [("ab", 21), ("abc", 22)])
def test_families_confuse_the_fixed_orders(letters, seed):
    rng = np.random.default_rng(seed)
    found = 0
    for _ in range(30 if letters == "ab" else 12):
        d1 = _random_dfa(rng, letters, int(rng.integers(1, 5)))
        d2 = difference(_random_dfa(rng, letters, int(rng.integers(1, 5))), d1).minimal()
        family = counting_family(d1, d2, 10 ** 6)
        if family is None:
            continue
        found += 1
        assert verify_proof(family, d1, d2)
        for k, t in ((1, 1), (2, 1), (2, 2), (3, 1)):
            u, v = family.words(-(-(k + t) // 2))
            assert d1.accepts([letters[a] for a in u]) and d2.accepts([letters[a] for a in v])
            assert word_profile("factors", k, t, u) == word_profile("factors", k, t, v), (k, t)
            by = f"LTT[{k},{t}]" if t > 1 else f"LT[{k}]"
            try:
                assert separate(d1, d2, by, limits=SMALL).separable is False, by
            except LimitExceeded:
                pass
        for by in ("LT", "LTT"):
            ans = separate(d1, d2, by)
            assert ans.separable is False and verify_proof(ans.proof, d1, d2)
    assert found >= 3


def test_membership_reduction_never_contradicts_classify():
    """A family for L against its complement: L is not aperiodic, so not in LT, LTT, LTL[S]."""
    found = 0
    for d in minimal_dfas(3, "ab"):
        c = complement(d)
        family = counting_family(d, c, 10 ** 6)
        if family is None:
            continue
        found += 1
        assert verify_proof(family, d, c)
        r = classify(d, windows=(), certificates=False, classes=("LT", "LTT"))
        assert not r["LT"].member and not r["LTT"].member and not r["LTL[S]"].member, d
    assert found > 100


def test_mescal_star_free_answers():
    """MeSCaL's SF (star-free) answers on its 1,154 languages: a family for L against its
    complement only where MeSCaL says L ∉ SF."""
    data = json.loads((Path(__file__).parent.parent / "data" / "mescal" / "mescal_answers.json").read_text())
    letters = tuple(data["alphabet"])
    found = 0
    for lang, sf in zip(data["languages"], data["membership"]["answers"]["SF"]):
        acc = np.zeros(len(lang["table"]), dtype=bool)
        acc[lang["accepting"]] = True
        d = DFA(letters, np.asarray(lang["table"], dtype=np.int64), 0, acc).minimal()
        family = counting_family(d, complement(d), 10 ** 6)
        if family is not None:
            found += 1
            assert sf == "0", lang
    assert found > 100


def test_broken_families_are_refused_and_saved_ones_re_checked():
    d1, d2 = regex_to_dfa("((a|b)(a|b))*", "ab"), regex_to_dfa("(a|b)((a|b)(a|b))*", "ab")
    ans = separate(d1, d2, "LTT")
    f = ans.proof
    assert isinstance(f, CountingFamily) and check_answer(ans.to_json(), d1, d2)[0]
    assert not verify_proof(CountingFamily(f.x, (), f.y), d1, d2)                 # z = ε
    assert not verify_proof(CountingFamily(f.x, f.z + f.z, f.y), d1, d2)          # z² ≠ the swap
    j = ans.to_json()
    j["proof"]["y"] += "a"
    assert not check_answer(j, d1, d2)[0]
    assert counting_family(regex_to_dfa("(aaa)*", "a"), regex_to_dfa("a(aaa)*", "a"), 10 ** 6) is None   # period 3
