"""Witness words as u·(x)^K·v: the factors multiply back to the literal word."""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.automata.sources import load_language
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.values.witnesses import FACTORIZE_FROM, Factors, Witness, factorize


def _best_coverage(w) -> int:
    """Brute force: the most letters covered by some x^K (K ≥ 2, |x| ≤ 48) inside w."""
    best = 0
    for s in range(len(w)):
        for L in range(1, min(48, (len(w) - s) // 2) + 1):
            K = 1
            while w[s + K * L:s + (K + 1) * L] == w[s:s + L]:
                K += 1
            if K >= 2:
                best = max(best, K * L)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_factors_multiply_back_and_cover_the_most(seed):
    rng = np.random.default_rng(seed)
    u, x, v = (tuple(rng.choice(list("abc"), n)) for n in rng.integers(0, 8, 3))
    w = u + x * int(rng.integers(2, 12)) + v
    f = factorize(w)
    best = _best_coverage(w)
    if f is None:
        assert best == 0
        return
    assert f.word == w and f.power >= 2
    assert f.power * len(f.factor) == best


def test_a_long_pumped_word_is_short_as_factors():
    w = tuple("ba") + tuple("aab") * 5000 + tuple("b")
    f = factorize(w)
    assert f == Factors(("b",), tuple("aab"), 5000, ("a", "b")) or f.word == w
    assert f.power * len(f.factor) >= 14_998


def test_json_adds_factors_only_when_set():
    w = Witness(("a",), ("b",), None)
    assert set(w.to_json()) == {"accepted", "rejected", "depth"}
    long = Witness(tuple("ab" * 30), tuple("ab" * 30 + "a"), None).with_factors()
    obj = long.to_json()
    assert obj["accepted"] == "ab" * 30 and obj["accepted_factors"]["power"] >= 29
    assert len(long.accepted) >= FACTORIZE_FROM


def test_lasso_witnesses_carry_their_exact_family():
    d = load_language(regex="(a|b)*b", alphabet=["a", "b"]).dfa
    w = classify(d, windows=(2,))["LTL[Y<=2]"].witness
    assert w.accepted_factors is not None and w.accepted_factors.word == w.accepted
    assert w.rejected_factors.word == w.rejected
    assert w.accepted_factors.factor == w.rejected_factors.factor


def test_factors_describe_the_printed_words_after_the_depth_check():
    """The depth check may choose another instance of a family: the factors follow it."""
    for regex, alphabet in (("(a|b|c)*ab", "abc"), ("(ab)*", "ab"), ("b(a|b)*", "ab")):
        cl = classify(load_language(regex=regex, alphabet=alphabet).dfa, windows=(2,))
        for r in cl.results:
            w = r.witness
            if w is None:
                continue
            for words, factors in ((w.accepted, w.accepted_factors), (w.rejected, w.rejected_factors)):
                assert factors is None or factors.word == words, (regex, r.fragment)


def test_power_exponent_is_the_least_idempotent_power_found_by_powering():
    from attnlogic.definability.values.witnesses import least_idempotent_power, power_exponent

    def by_powering(x, at_least):
        p, k = x.copy(), 1
        while not (p[p] == p).all():
            p, k = x[p], k + 1
        return k * -(-at_least // k)          # the least multiple of k that is ≥ at_least

    rng = np.random.default_rng(8)
    for _ in range(1500):
        n = int(rng.integers(1, 13))
        x = rng.integers(0, n, n)
        at_least = int(rng.integers(1, 25))
        assert power_exponent(x, at_least) == by_powering(x, at_least)
        assert least_idempotent_power(x) == by_powering(x, 1)
    # cycles of lengths 4 and 6 with a tail of 7: lcm 12, and 12 ≥ 7
    x = np.array([1, 2, 3, 0, 5, 6, 7, 8, 9, 4] + [10 + i + 1 for i in range(6)] + [4])
    assert power_exponent(x) == by_powering(x, 1) == 12


def test_transformation_power_is_the_word_applied_k_times():
    from attnlogic.definability.values.witnesses import transformation_of, transformation_power

    rng = np.random.default_rng(9)
    for _ in range(300):
        n, k = int(rng.integers(1, 12)), int(rng.integers(1, 4))
        t = rng.integers(0, n, (n, k))
        word = list(rng.integers(0, k, int(rng.integers(1, 5))))
        K = int(rng.integers(1, 40))
        assert np.array_equal(transformation_power(transformation_of(t, word), K),
                              transformation_of(t, word * K))
