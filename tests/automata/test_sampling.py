"""Counting and uniform sampling of DFA words, checked against brute-force enumeration."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, strategies as st
from scipy.stats import chisquare

from attnlogic.automata.dfa import DFA
from attnlogic.automata.sampling import (
    UniformSampler, complement, count_accepted, count_rejected, path_counts, randbelow,
    rejected_sampler,
)


def contains_ab() -> DFA:
    """Σ*abΣ* over {a, b, c}: 0 = nothing yet, 1 = just read a, 2 = seen ab (sink)."""
    return DFA("abc", [[1, 0, 0], [1, 2, 0], [2, 2, 2]], 0, [2])


def dyck11() -> DFA:
    """(ab)* over {a, b}: 0 = even (accepting), 1 = after a, 2 = dead."""
    return DFA("ab", [[1, 2], [2, 0], [2, 2]], 0, [0])


def enumerate_language(dfa: DFA, length: int, accepted: bool = True) -> list[tuple[int, ...]]:
    k = len(dfa.alphabet)
    out = []
    for w in itertools.product(range(k), repeat=length):
        q = dfa.initial
        for a in w:
            q = dfa.transitions[q, a]
        if bool(dfa.accepting[q]) == accepted:
            out.append(w)
    return out


@st.composite
def random_dfa(draw):
    k = draw(st.integers(1, 3))
    n = draw(st.integers(1, 5))
    table = [[draw(st.integers(0, n - 1)) for _ in range(k)] for _ in range(n)]
    acc = [draw(st.booleans()) for _ in range(n)]
    return DFA("abc"[:k], table, draw(st.integers(0, n - 1)), np.array(acc))


@given(random_dfa())
def test_counts_match_enumeration(dfa):
    counts = path_counts(dfa, 6)
    for length in range(7):
        expected = len(enumerate_language(dfa, length))
        assert counts[length][dfa.initial] == expected
        assert count_accepted(dfa, length) == expected
        assert count_rejected(dfa, length) == len(dfa.alphabet) ** length - expected


def test_counts_are_exact_beyond_float64():
    # all words over 3 letters: 3^700 ≈ 1e334 overflows float64; the count must be exact
    everything = DFA("abc", [[0, 0, 0]], 0, [0])
    assert count_accepted(everything, 700) == 3 ** 700
    # Σ*abΣ*: complement counts satisfy c_n = 3 c_{n−1} − c_{n−2} (no factor ab)
    no_ab = [1, 3]
    for _ in range(2, 601):
        no_ab.append(3 * no_ab[-1] - no_ab[-2])
    assert count_rejected(contains_ab(), 600) == no_ab[600]
    sampler = UniformSampler(contains_ab(), 600)
    assert np.isfinite(sampler.log_count(600))
    assert np.all(np.isfinite(sampler.cumulative))


def _chi_square_p(words, support) -> float:
    freq = Counter(map(tuple, words))
    assert set(freq) <= set(support), "a sampled word is outside the language"
    observed = np.array([freq[w] for w in support], dtype=float)
    return chisquare(observed).pvalue


@pytest.mark.parametrize("length", [4, 6])
def test_batch_sampler_is_uniform(length):
    dfa = contains_ab()
    support = enumerate_language(dfa, length)
    words = UniformSampler(dfa, length).sample(length, 40 * len(support), np.random.default_rng(1))
    assert _chi_square_p(words, support) > 1e-3
    assert len({tuple(w) for w in words}) == len(support)


def test_exact_sampler_is_uniform():
    dfa = contains_ab()
    support = enumerate_language(dfa, 5)
    sampler = UniformSampler(dfa, 5)
    rng = np.random.default_rng(2)
    words = [sampler.sample_exact(5, rng) for _ in range(30 * len(support))]
    assert _chi_square_p(words, support) > 1e-3


def test_chi_square_detects_a_biased_sampler():
    """The test above has power: the naive 'uniform among letters that can still succeed'
    sampler is not uniform on Σ*abΣ* and the same statistic rejects it."""
    dfa, length = contains_ab(), 5
    support = enumerate_language(dfa, length)
    counts = path_counts(dfa, length)
    rng = np.random.default_rng(3)
    words = []
    for _ in range(30 * len(support)):
        q, w = dfa.initial, []
        for r in range(length, 0, -1):
            ok = [a for a in range(3) if counts[r - 1][dfa.transitions[q, a]] > 0]
            a = ok[rng.integers(len(ok))]
            w.append(a)
            q = dfa.transitions[q, a]
        words.append(tuple(w))
    assert _chi_square_p(words, support) < 1e-6


def test_rejected_sampler_is_uniform_over_rejected_words():
    dfa = contains_ab()
    support = enumerate_language(dfa, 6, accepted=False)
    words = rejected_sampler(dfa, 6).sample(6, 30 * len(support), np.random.default_rng(4))
    assert _chi_square_p(words, support) > 1e-3
    assert complement(complement(dfa)).accepting.tolist() == dfa.accepting.tolist()


def test_sparse_language_and_missing_lengths():
    sampler = UniformSampler(dyck11(), 40)
    assert [sampler.count(n) for n in range(6)] == [1, 0, 1, 0, 1, 0]
    assert not sampler.has_words(39)
    words = sampler.sample(40, 5, np.random.default_rng(0))
    assert (words == np.tile([0, 1], 20)).all()
    with pytest.raises(ValueError):
        sampler.sample(39, 1, np.random.default_rng(0))
    with pytest.raises(ValueError):
        sampler.count(41)


def test_sampling_is_deterministic_given_the_seed():
    s = UniformSampler(contains_ab(), 30)
    a = s.sample(30, 8, np.random.default_rng(7))
    b = s.sample(30, 8, np.random.default_rng(7))
    assert (a == b).all()
    assert s.sample_exact(30, np.random.default_rng(7)) == s.sample_exact(30, np.random.default_rng(7))


def test_randbelow_is_uniform_and_in_range():
    rng = np.random.default_rng(5)
    xs = [randbelow(6, rng) for _ in range(6000)]
    assert set(xs) == set(range(6))
    assert chisquare(np.bincount(xs)).pvalue > 1e-3
    big = 3 ** 500
    assert all(0 <= randbelow(big, rng) < big for _ in range(50))
    assert randbelow(1, rng) == 0
