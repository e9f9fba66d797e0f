"""The DFA value type: construction, completion, running words, prefixes, dead states."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from attnlogic.automata.dfa import DFA
from attnlogic.automata.strategies import dfas
from attnlogic.kernel.errors import InputError


def even_a() -> DFA:
    """Words over {a, b} with an even number of a's."""
    return DFA(["a", "b"], [[1, 0], [0, 1]], 0, [0])


def words(alphabet, max_len):
    for n in range(max_len + 1):
        yield from itertools.product(alphabet, repeat=n)


def random_dfas(max_states=8, max_letters=3):
    return dfas(max_states, max_letters)


def test_attributes_are_read_only_and_object_is_immutable():
    d = even_a()
    assert d.alphabet == ("a", "b") and d.n_states == 2 and d.initial == 0
    assert d.transitions.dtype == np.int32 and not d.transitions.flags.writeable
    assert not d.accepting.flags.writeable
    with pytest.raises(AttributeError):
        d.initial = 1
    with pytest.raises(ValueError):
        d.transitions[0, 0] = 1


def test_missing_transitions_go_to_an_added_rejecting_sink():
    d = DFA(["a", "b"], [[1, -1], [-1, 1]], 0, [1])
    assert d.n_states == 3
    assert d.accepts("abbb") and not d.accepts("ab" + "a") and not d.accepts("b")
    assert list(d.transitions[2]) == [2, 2] and not d.accepting[2]


def test_from_dict_names_states_and_completes():
    d = DFA.from_dict("ab", {"s": {"a": "t"}, "t": {"b": "t"}}, "s", ["t"])
    assert d.accepts("a") and d.accepts("abb") and not d.accepts("") and not d.accepts("aa")


@pytest.mark.parametrize("bad", [
    dict(alphabet=["a", "a"], transitions=[[0, 0]], initial=0, accepting=[]),
    dict(alphabet=["a"], transitions=[[2]], initial=0, accepting=[]),
    dict(alphabet=["a"], transitions=[[0]], initial=1, accepting=[]),
    dict(alphabet=["a"], transitions=[[0]], initial=0, accepting=[3]),
    dict(alphabet=["a"], transitions=[], initial=0, accepting=[]),
])
def test_invalid_construction_is_rejected(bad):
    with pytest.raises(ValueError):
        DFA(**bad)


def test_words_as_str_list_or_index_array_agree():
    d = even_a()
    assert d.accepts("abab") and d.accepts(["a", "b", "a", "a"]) is False
    assert d.accepts(np.array([0, 0, 1])) and not d.accepts(np.array([0]))
    with pytest.raises(InputError):
        d.accepts("abc")
    with pytest.raises(InputError):
        d.accepts(np.array([2]))


def test_multicharacter_letters():
    d = DFA(["ab", "c"], [[1, 0], [1, 1]], 0, [1])
    assert d.accepts(["c", "ab"]) and not d.accepts(["c"])
    with pytest.raises(InputError):
        d.accepts("abc")  # a str is a sequence of one-character letters


@settings(max_examples=150, deadline=None)
@given(random_dfas(), st.lists(st.integers(0, 2), max_size=30))
def test_prefix_acceptance_is_acceptance_of_each_prefix(d, codes):
    word = [d.alphabet[c % d.n_letters] for c in codes]
    got = d.prefix_acceptance(word)
    assert got.dtype == bool and got.shape == (len(word) + 1,)
    assert got.tolist() == [d.accepts(word[:n]) for n in range(len(word) + 1)]
    assert np.array_equal(d.prefix_acceptance(d.encode(word)), got)


@settings(max_examples=100, deadline=None)
@given(random_dfas())
def test_accepts_many_matches_accepts_for_mixed_lengths(d):
    ws = list(words(d.alphabet, 4))
    assert d.accepts_many(ws).tolist() == [d.accepts(w) for w in ws]
    fixed = np.array([d.encode(w) for w in itertools.product(d.alphabet, repeat=3)])
    assert d.accepts_many(fixed).tolist() == [d.accepts(w) for w in fixed]


@settings(max_examples=100, deadline=None)
@given(random_dfas())
def test_reachable_and_dead_states_match_graph_search(d):
    n = d.n_states
    reach = {d.initial}
    frontier = [d.initial]
    while frontier:
        q = frontier.pop()
        for t in d.transitions[q].tolist():
            if t not in reach:
                reach.add(t)
                frontier.append(t)
    assert set(np.flatnonzero(d.reachable).tolist()) == reach
    # q is dead iff no word of length < n leads from q to an accepting state
    for q in range(n):
        live = any(d.accepting[d.run(w, q)] for w in words(d.alphabet, n - 1))
        assert d.is_sink(q) == (not live)
    assert set(d.sink_states().tolist()) == {q for q in range(n) if d.is_sink(q)}


def test_equality_is_structural_and_hash_consistent():
    a, b = even_a(), even_a()
    assert a == b and hash(a) == hash(b)
    c = DFA(["b", "a"], [[0, 1], [1, 0]], 0, [0])  # same language, other column order
    assert a != c
    assert a.with_alphabet_order(["b", "a"]) == c


def test_pickle_round_trip():
    import pickle
    d = even_a()
    assert pickle.loads(pickle.dumps(d)) == d


def test_long_strings_are_encoded_like_letter_lists():
    d = DFA(["b", "é", "a"], [[0, 1, 0], [1, 0, 1]], 0, [1])
    rng = np.random.default_rng(3)
    word = "".join(rng.choice(["a", "b", "é"], size=500))
    assert d.encode(word).tolist() == [d.letter_index(c) for c in word]
    assert np.array_equal(d.prefix_acceptance(word), d.prefix_acceptance(list(word)))
    with pytest.raises(InputError, match="'c'"):
        d.encode(word[:300] + "c" + word[300:])
