"""Data generation for the experiments: adversarial negatives, periodic pairs, labelled sets."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from scipy.stats import chisquare

from attnlogic.automata.dfa import DFA
from attnlogic.experiments.adversarial import (
    backward_accepting, counter_negatives, exactly_one_factor_dfa, forward_states, periodic_pairs,
    r_trivial_family, rejected_substitutions, suffix_family,
)
from attnlogic.experiments.data import LanguageData, with_eos
from attnlogic.experiments.languages import LANGUAGES, QUICK, TABLE1, counter_dfa

ENDS_A = DFA("abc", [[1, 0, 0], [1, 0, 0]], 0, [1])
STARTS_A = DFA("abc", [[1, 2, 2], [1, 1, 1], [2, 2, 2]], 0, [1])
CONTAINS_AB = DFA("abc", [[1, 0, 0], [1, 2, 0], [2, 2, 2]], 0, [2])
DYCK11 = DFA("ab", [[1, 2], [2, 0], [2, 2]], 0, [0])


def occurrences(word: str, factor: str) -> int:
    return sum(word[i:i + len(factor)] == factor for i in range(len(word) - len(factor) + 1))


def test_language_table_matches_the_language_cases(language_cases):
    by_name = {c["name"]: c for c in language_cases}
    for name, spec in LANGUAGES.items():
        if spec.regex is None:
            assert name == "CNT"
            continue
        assert by_name[name]["regex"] == spec.regex
        assert tuple(by_name[name]["alphabet"]) == spec.alphabet
    assert len(TABLE1) == 12 and set(TABLE1) <= set(LANGUAGES)
    assert set(QUICK) <= set(LANGUAGES)


def test_counter_dfa_is_anbn_up_to_its_bound():
    dfa = counter_dfa(5)
    for n in range(13):
        for w in itertools.product("ab", repeat=n):
            s = "".join(w)
            m = n // 2
            expected = n % 2 == 0 and m <= 5 and s == "a" * m + "b" * m
            assert dfa.accepts(w) == expected, s


def test_forward_and_backward_sweeps():
    rng = np.random.default_rng(0)
    words = rng.integers(0, 3, size=(20, 9))
    f = forward_states(CONTAINS_AB, words)
    back = backward_accepting(CONTAINS_AB, words)
    for b in range(20):
        letters = ["abc"[i] for i in words[b]]
        for i in range(10):
            assert f[b, i] == CONTAINS_AB.run(letters[:i])
            for q in range(3):
                assert back[b, i, q] == bool(CONTAINS_AB.accepting[CONTAINS_AB.run(letters[i:], q)])


@pytest.mark.parametrize("dfa", [CONTAINS_AB, ENDS_A, DYCK11])
def test_rejected_substitutions_are_rejected_one_letter_edits(dfa):
    rng = np.random.default_rng(1)
    k = len(dfa.alphabet)
    words = np.array([w for w in itertools.product(range(k), repeat=6)
                      if dfa.accepts([dfa.alphabet[i] for i in w])])
    neg, found = rejected_substitutions(dfa, words, rng)
    for w, v, ok in zip(words, neg, found):
        has_rejected_neighbour = any(
            not dfa.accepts([dfa.alphabet[x] for x in (*w[:i], c, *w[i + 1:])])
            for i in range(6) for c in range(k) if c != w[i])
        assert ok == has_rejected_neighbour
        if ok:
            assert (w != v).sum() == 1
            assert not dfa.accepts([dfa.alphabet[x] for x in v])


def test_rejected_substitution_is_uniform_among_candidates():
    word = np.array([[2, 0, 1, 2, 2]])          # "cabcc": rejected edits are those that break ab
    candidates = {(1, 1), (1, 2), (2, 0), (2, 2)}   # (position, letter)
    rng = np.random.default_rng(2)
    picks = Counter()
    for _ in range(4000):
        neg, found = rejected_substitutions(CONTAINS_AB, word, rng)
        assert found[0]
        (pos,) = np.nonzero(neg[0] != word[0])[0]
        picks[(int(pos), int(neg[0, pos]))] += 1
    assert set(picks) == candidates
    assert chisquare(list(picks.values())).pvalue > 1e-3


@pytest.mark.parametrize("factor", ["ab", "a", "aa", "aba"])
def test_exactly_one_factor_dfa(factor):
    dfa = exactly_one_factor_dfa("abc", factor)
    for n in range(8):
        for w in itertools.product("abc", repeat=n):
            assert dfa.accepts(w) == (occurrences("".join(w), factor) == 1)


def test_counter_negatives():
    rng = np.random.default_rng(3)
    neg = counter_negatives(10, 50, rng)
    dfa = counter_dfa(5)
    assert neg.shape == (50, 10)
    n_a = (neg == 0).sum(axis=1)
    assert set(n_a.tolist()) == {4, 6}
    for w in neg:
        assert not dfa.accepts(["ab"[i] for i in w])
        assert list(w) == sorted(w)          # a's then b's
    with pytest.raises(ValueError):
        counter_negatives(9, 1, rng)


def test_periodic_pairs_are_labelled_by_the_dfa():
    pairs = periodic_pairs(ENDS_A, [r_trivial_family("", "a", "b", ""), r_trivial_family("", "a", "bbb", "")], range(21, 41))
    assert pairs
    words = {"".join(w): lab for w, lab in pairs}
    assert words["ab" * 10 + "a"] is True
    assert words["ab" * 11] is False
    assert words["abbb" * 6] is False and words["abbb" * 5 + "a"] is True
    for w, lab in pairs:
        assert 21 <= len(w) <= 40 and ENDS_A.accepts(w) == lab
    suffix = {"".join(w): lab for w, lab in periodic_pairs(STARTS_A, [suffix_family("a", "c", "b")], [25])}
    assert suffix == {"a" + "b" * 24: True, "c" + "b" * 24: False}
    # a family the language does not separate yields nothing
    assert periodic_pairs(STARTS_A, [r_trivial_family("", "a", "b", "")], range(2, 30)) == []


def _data(name, dfa):
    return LanguageData(LANGUAGES[name], 60, dfa=dfa)


@pytest.mark.parametrize("name,dfa", [("ENDS-A", ENDS_A), ("LT-2", CONTAINS_AB), ("DYCK-(1,1)", DYCK11),
                                      ("STARTS-A", STARTS_A)])
def test_sets_are_balanced_and_correctly_labelled(name, dfa):
    data = _data(name, dfa)
    rng = np.random.default_rng(4)
    lengths = data.usable_lengths(range(21, 31))
    if name == "DYCK-(1,1)":
        assert lengths == [22, 24, 26, 28, 30]
    for n in lengths:
        for s in (data.random_set(n, 40, rng), data.adversarial_set(n, 40, rng),
                  data.training_batch(n, 40, rng)):
            assert s.words.shape == (40, n) and s.labels.sum() == 20
            member = [dfa.accepts([dfa.alphabet[i] for i in w]) for w in s.words]
            assert member == s.labels.tolist()


def test_lt2_adversarial_positives_have_exactly_one_ab_and_negatives_none():
    data = _data("LT-2", CONTAINS_AB)
    s = data.adversarial_set(30, 60, np.random.default_rng(5))
    for w, lab in zip(s.words, s.labels):
        text = "".join("abc"[i] for i in w)
        assert occurrences(text, "ab") == (1 if lab else 0)


def test_flip_negatives_are_one_edit_from_a_positive():
    data = _data("DYCK-(1,1)", DYCK11)
    s = data.adversarial_set(24, 20, np.random.default_rng(6))
    for w in s.words[~s.labels]:
        assert (w != np.tile([0, 1], 12)).sum() == 1


def test_periodic_sets_and_eos():
    data = _data("ENDS-A", ENDS_A)
    sets = data.periodic_sets(range(21, 61))
    assert sets and all(21 <= s.length <= 60 for s in sets)
    assert any(s.labels.any() for s in sets) and any((~s.labels).any() for s in sets)
    x = with_eos(sets[0].words, data.eos)
    assert x.shape[1] == sets[0].length + 1 and (x[:, -1] == 3).all()


def test_data_is_deterministic_given_the_seed():
    data = _data("LT-2", CONTAINS_AB)
    a = data.training_batch(20, 16, np.random.default_rng(9))
    b = data.training_batch(20, 16, np.random.default_rng(9))
    assert (a.words == b.words).all()


def test_language_dfas_agree_with_python_re(language_cases):
    import re

    expected_states = {c["name"]: c["minimal_dfa_states"] for c in language_cases}
    for name, spec in LANGUAGES.items():
        dfa = spec.dfa(12)
        if spec.regex is None:
            pattern = re.compile(r"(a*)(b*)")
            member = lambda s: bool(pattern.fullmatch(s)) and s.count("a") == s.count("b")  # noqa: E731
        else:
            assert dfa.n_states == expected_states[name]
            pattern = re.compile(spec.regex)
            member = lambda s: pattern.fullmatch(s) is not None  # noqa: E731
        for n in range(8 if len(spec.alphabet) <= 3 else 5):
            for w in itertools.product(spec.alphabet, repeat=n):
                assert dfa.accepts(w) == member("".join(w)), (name, w)


def test_every_periodic_family_yields_separated_pairs():
    for name, spec in LANGUAGES.items():
        if not spec.periodic:
            continue
        data = LanguageData(spec, 100)
        sets = data.periodic_sets(range(21, 101))
        labels = np.concatenate([s.labels for s in sets])
        assert labels.any() and (~labels).any(), name
