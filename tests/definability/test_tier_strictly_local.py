"""TSL, the tier-based strictly local languages (definability/tier_strictly_local.py), against a
brute force written here: for every tier T (a non-empty set of letters) and order k, on all
words up to a length, whether membership depends only on the erased word E_T(w) and L ∩ T*
is "every k-factor of ⋊w⋉ occurs in a word of L ∩ T*" — the least k over all tiers must be
the decider's, on every minimal DFA with ≤ 3 states over {a, b} and ≤ 2 states over {a, b, c}.
Every certificate and witness is re-checked (classify does it too), tampered answers are
refused, and MLRegTest's TSL language is TSL on its three salient letters.
"""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations, product
from pathlib import Path

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.io import read_dfa_file
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.subregular import strictly_local, tier_strictly_local
from attnlogic.definability.engine.classify import classify

DATA = Path(__file__).resolve().parents[1] / "data" / "mlregtest"
#: words up to these lengths (by alphabet size) are profiled by the brute force
LENGTHS = {2: 8, 3: 6}
#: every TSL language of these censuses has its least order ≤ 4 (≤ 1 + the pairs of 3 states)
K_MAX = 4


def _marked_factors(w, k):
    m = ("<",) + w + (">",)
    return {m} if len(m) < k else {m[i:i + k] for i in range(len(m) - k + 1)}


class Brute:
    """All words over ``alphabet`` up to ``n`` letters and, per tier, their erasures."""

    def __init__(self, alphabet: str, n: int):
        self.alphabet = alphabet
        self.words = [w for m in range(n + 1) for w in product(alphabet, repeat=m)]
        self.index = {w: i for i, w in enumerate(self.words)}
        self.tiers = [t for r in range(1, len(alphabet) + 1) for t in combinations(alphabet, r)]

    def inside(self, dfa) -> np.ndarray:
        return np.array([dfa.accepts(w) for w in self.words])

    def least_k(self, inside) -> int | None:
        best = None
        for tier in self.tiers:
            erased = [tuple(a for a in w if a in tier) for w in self.words]
            if any(inside[i] != inside[self.index[e]] for i, e in enumerate(erased)):
                continue                     # membership does not depend on E_T(w) alone
            on_tier = [i for i, w in enumerate(self.words) if all(a in tier for a in w)]
            for k in range(1, K_MAX + 1):
                allowed = set().union(*(_marked_factors(self.words[i], k) for i in on_tier if inside[i]))
                if all(inside[i] == (_marked_factors(self.words[i], k) <= allowed) for i in on_tier):
                    best = k if best is None else min(best, k)
                    break
        return best


@pytest.mark.parametrize("alphabet, states", [("ab", 3), ("abc", 2)])
def test_least_k_over_all_tiers_equals_the_brute_force(alphabet, states):
    brute = Brute(alphabet, LENGTHS[len(alphabet)])
    seen = {True: 0, False: 0, "off tier": 0}
    for d in minimal_dfas(states, alphabet):
        ans = tier_strictly_local.decide(d)
        assert ans.member == tier_strictly_local.member(d)
        expected = brute.least_k(brute.inside(d))
        assert (ans.k if ans.member else None) == expected, (d.to_json(), ans.method)
        seen[bool(ans.member)] += 1
        if ans.member and ans.certificate is not None and len(ans.certificate.tier) < len(alphabet):
            seen["off tier"] += 1
        for part in ("certificate", "witness"):
            obj = ans if part == "certificate" and ans.member else (ans.witness if part == "witness" else None)
            if obj is None or (part == "certificate" and obj.certificate is None):
                continue
            j = obj.to_json()
            check = tier_strictly_local.check(d, {"certificate": j} if part == "certificate" else j)
            assert check.valid, (d.to_json(), part, check.reason)
    # the census has both answers, and TSL languages that are SL on a smaller tier only
    assert seen[True] and seen[False] and seen["off tier"], seen


def test_tsl_contains_sl_and_equals_it_when_every_letter_acts():
    for d in minimal_dfas(3, "ab"):
        sl, tsl = strictly_local.member(d), tier_strictly_local.member(d)
        assert not sl or tsl
        if len(tier_strictly_local.acting_letters(d)) == len(d.alphabet):
            assert sl == tsl


def _answer(dfa):
    res = classify(dfa, windows=(), classes=("TSL",))
    return json.loads(json.dumps(res.to_json()))["fragments"]["TSL"]


def test_tampered_answers_are_refused():
    # b is off the tier: "no aa once the b's are erased" (at most one a), which is not SL
    d = regex_to_dfa("b*|b*ab*", "ab")
    ans = _answer(d)
    assert ans["member"] is True and ans["certificate"]["tier"] == ["a"], ans
    assert not strictly_local.member(d.minimal())
    assert tier_strictly_local.check(d, ans).valid
    cert = ans["certificate"]
    assert not tier_strictly_local.check(d, {"certificate": {**cert, "forbidden": []}}).valid
    # a tier missing a letter that acts
    e = regex_to_dfa("(a|b)*ab(a|b)*", "ab")
    assert tier_strictly_local.member(e) is False
    bad = {"certificate": {"kind": "tier forbidden factors", "tier": ["a"], "k": 1, "forbidden": []}}
    check = tier_strictly_local.check(e, bad)
    assert not check.valid and "act" in check.reason
    # a witness whose words were changed, or use a letter that never acts
    wit = _answer(e)["witness"]
    assert tier_strictly_local.check(e, wit).valid
    assert not tier_strictly_local.check(e, {**wit, "out": wit["in"][:1]}).valid
    f = regex_to_dfa("(a|b|c)*ac*b(a|b|c)*", "abc")   # ab after erasing the c's: c never acts
    fw = _answer(f)
    assert fw["member"] is False and tier_strictly_local.acting_letters(f.minimal()) == (0, 1)
    assert tier_strictly_local.check(f, fw["witness"]).valid
    forged = {**fw["witness"], "in": [w + "c" for w in fw["witness"]["in"]]}
    check = tier_strictly_local.check(f, forged)
    assert not check.valid and "acts on no state" in check.reason


def test_mlregtest_tsl_language_is_tsl_on_its_salient_letters():
    """04.03.TSL.2.1.0: four letters, three salient, order 2 (the name's Tau and k)."""
    d = read_dfa_file(DATA / "04.03.TSL.2.1.0.att")
    ans = tier_strictly_local.decide(d.minimal())
    assert ans.member and ans.k == 2 and len(ans.certificate.tier) == 3
    assert not strictly_local.member(d.minimal())


def test_command_line_classify_and_verify(tmp_path):
    path = tmp_path / "tsl.json"
    out = subprocess.run([sys.executable, "-m", "attnlogic", "classify", "--regex", "b*|b*ab*",
                          "--alphabet", "ab", "--class", "TSL", "--json"], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    path.write_text(out.stdout)
    assert json.loads(out.stdout)["fragments"]["TSL"]["member"] is True
    ver = subprocess.run([sys.executable, "-m", "attnlogic", "verify", "--regex", "b*|b*ab*",
                          "--alphabet", "ab", "--class", "TSL", "--answer", str(path), "--json"],
                         capture_output=True, text=True, timeout=300)
    assert ver.returncode == 0 and json.loads(ver.stdout)["valid"] is True, ver.stdout + ver.stderr
