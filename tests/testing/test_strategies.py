"""The public hypothesis strategies: what they draw is what they say (checked by the DFA,
the regex compiler and the fragment test)."""

from __future__ import annotations

import re

from hypothesis import given, settings

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.automata.sources import load_language
from attnlogic.ltl.fragments import Fragment
from attnlogic.testing.strategies import dfas, formulas, regexes, words, words_in, words_not_in

ENDS_AB = load_language(regex="(a|b)*ab", alphabet="ab")


@settings(max_examples=40, deadline=None)
@given(words_in(ENDS_AB, max_len=10))
def test_words_in_are_members(w):
    assert ENDS_AB.dfa.accepts(w) and len(w) <= 10


@settings(max_examples=40, deadline=None)
@given(words_not_in(regex="(a|b)*ab", alphabet="ab", max_len=10))
def test_words_not_in_are_not(w):
    assert not ENDS_AB.dfa.accepts(w)


@settings(max_examples=30, deadline=None)
@given(regexes("ab", max_leaves=6), words("ab", max_len=6))
def test_regexes_compile_and_answer_as_pythons_re_does(r, w):
    """What regexes() draws is ordinary regex syntax: Python's re (backtracking, an
    independent implementation) reads it the same way as our DFA."""
    d = regex_to_dfa(r, "ab")
    assert d.accepts(w) == (re.fullmatch(r, "".join(w)) is not None)


@settings(max_examples=30, deadline=None)
@given(formulas(("a", "b"), max_size=10, fragment="LTL[P,Y<=2]"))
def test_formulas_lie_in_their_fragment(f):
    assert Fragment.parse("LTL[P,Y<=2]").allows(f)


@settings(max_examples=20, deadline=None)
@given(dfas(max_states=4, max_letters=2))
def test_dfas_are_complete(d):
    assert d.transitions.shape == (d.n_states, len(d.alphabet))


def test_words_in_an_empty_language_draw_nothing():
    empty = load_language(regex="a(b)*", alphabet="ab")
    s = words_in(empty, max_len=0)
    assert s.is_empty
    assert not words_in(empty, max_len=1).is_empty        # "a" is a member
