"""Regex → DFA agrees with Python's ``re.fullmatch`` on random regexes and words.

Random regex trees are printed twice, in our syntax (minimal parentheses, so operator
precedence is exercised) and in Python's; the DFA of the first must accept exactly the
words the second fully matches.
"""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings, strategies as st

from attnlogic.automata.minimize import minimize
from attnlogic.automata.regex import (MAX_POSITIONS, _sparse_subsets, parse_regex, regex_to_dfa, tokenize,
                                      Sym, Cat, Alt, Star)
from attnlogic.kernel.errors import InputError, LimitExceeded, ParseError

ALPHABET = "abc"

# a generated regex: (our text, python text, precedence) with precedence
# 0 = alternation, 1 = concatenation, 2 = postfix or atom
_leaves = st.one_of(
    st.sampled_from([(x, x, 2) for x in ALPHABET]),
    st.just((".", "[abc]", 2)),
    st.sampled_from([("[ab]", "[ab]", 2), ("[^a]", "[bc]", 2), ("[^bc]", "a", 2), ("[c]", "c", 2),
                     ("[a-b]", "[a-b]", 2), ("[^b-c]", "a", 2), ("[a-ac-c]", "[ac]", 2),
                     ("[a-a]", "a", 2)]),
    st.sampled_from([("()", "(?:)", 2), ("ε", "(?:)", 2)]),
    st.just(("∅", "(?!)", 2)),
)


def _wrap(node, need):
    ours, py, prec = node
    if prec < need:
        return f"({ours})", f"(?:{py})"
    return ours, f"(?:{py})"


def _extend(children):
    def postfix(t):
        (node, op) = t
        o, p = _wrap(node, 2)
        return (o + op, p + op, 2)

    def concat(t):
        (x, y) = t
        ox, px = _wrap(x, 1)
        oy, py = _wrap(y, 2 if y[2] < 1 else 1)
        if y[2] == 1:  # right operand a concatenation: no parentheses needed (associative)
            oy = y[0]
        return (ox + oy, px + py, 1)

    def alt(t):
        (x, y) = t
        return (f"{x[0]}|{y[0]}", f"(?:{x[1]})|(?:{y[1]})", 0)

    def counted(t):
        (node, (low, high)) = t
        o, p = _wrap(node, 2)
        bounds = f"{{{low}}}" if high == low else f"{{{low},{'' if high is None else high}}}"
        return (o + bounds, p + bounds, 2)

    return st.one_of(
        st.tuples(children, st.sampled_from(["*", "+", "?"])).map(postfix),
        st.tuples(children, st.sampled_from([(0, 0), (1, 1), (2, 2), (0, 2), (1, 3), (2, None),
                                             (0, None)])).map(counted),
        st.tuples(children, children).map(concat),
        st.tuples(children, children).map(alt),
    )


regexes = st.recursive(_leaves, _extend, max_leaves=12)

WORDS = ["".join(w) for n in range(7) for w in itertools.product(ALPHABET, repeat=n)]


@settings(max_examples=300, deadline=None)
@given(regexes)
def test_agrees_with_python_re_on_all_short_words(r):
    ours, py, _ = r
    d = regex_to_dfa(ours, ALPHABET)
    pattern = re.compile(py)
    want = [pattern.fullmatch(w) is not None for w in WORDS]
    assert d.accepts_many(WORDS).tolist() == want, (ours, py)


@settings(max_examples=100, deadline=None)
@given(regexes, st.lists(st.text(ALPHABET, min_size=10, max_size=40), min_size=5, max_size=5))
def test_agrees_with_python_re_on_longer_words(r, words):
    ours, py, _ = r
    d = regex_to_dfa(ours, ALPHABET)
    pattern = re.compile(py)
    assert d.accepts_many(words).tolist() == [pattern.fullmatch(w) is not None for w in words]


@settings(max_examples=150, deadline=None)
@given(regexes)
def test_sparse_position_automaton_gives_the_same_minimal_dfa(r):
    # the route of long regexes (sets, not bit masks) against the bit-mask subset construction
    ours, _, _ = r
    sparse = minimize(_sparse_subsets(parse_regex(ours, ALPHABET), tuple(ALPHABET), 10**6))
    assert sparse == regex_to_dfa(ours, ALPHABET, method="subset"), ours


def test_a_long_literal_word_takes_the_sparse_route():
    # 6,000 letters (beyond _SPARSE_FROM): the minimal DFA is the word's chain plus a sink
    rng = __import__("random").Random(3)
    word = "".join(rng.choice("ab") for _ in range(6000))
    d = regex_to_dfa(word)
    assert d.n_states == len(word) + 2
    assert d.accepts(word) and not d.accepts(word[:-1]) and not d.accepts(word + "a")
    flipped = word[:3000] + ("a" if word[3000] == "b" else "b") + word[3001:]
    assert not d.accepts(flipped)
    assert regex_to_dfa(f"({word[:50]})*", method="subset") == regex_to_dfa(f"({word[:50]})*")


def test_character_classes_ranges_and_any():
    d = regex_to_dfa("[a-c]*")
    assert d.alphabet == ("a", "b", "c") and d.n_states == 1 and d.accepting.all()
    d = regex_to_dfa("[a-z]b", "abc")          # a range is read against the alphabet
    assert d.accepts("cb") and d.accepts("ab") and not d.accepts("bc")
    d = regex_to_dfa("[a-]x")                  # a dash last in a class is the letter -
    assert set(d.alphabet) == {"a", "-", "x"} and d.accepts("-x")
    d = regex_to_dfa("[\\--a]", ["-", ".", "a", "b"])  # escaped endpoint: '-'..'a' holds '.' and 'a'
    assert d.accepts("-") and d.accepts(".") and d.accepts("a") and not d.accepts("b")
    d = regex_to_dfa("[^a-b].", "abc")
    assert d.accepts("ca") and not d.accepts("ac")


@pytest.mark.parametrize("text, column, needle", [
    ("[b-a]", 2, "comes before"), ("a\\d", 2, "escape"), ("c$", 2, "anchors"), ("[x-z]", 2, "holds no letter"),
    ("(a{1000}){1000}", 10, "letter positions"), ("(ab){800}(ab){800}" * 70, 1, "letter positions"),
])
def test_unsupported_syntax_and_oversized_expansions_are_located_errors(text, column, needle):
    with pytest.raises(ParseError) as info:
        regex_to_dfa(text, "abc")
    assert info.value.column == column and needle in info.value.message


def test_the_position_bound_is_checked_before_expansion():
    # (a{1000}){1000} would be 10^6 positions: refused from the count, and a regex of exactly
    # MAX_POSITIONS positions is read
    with pytest.raises(ParseError):
        parse_regex("((a{1000}){1000}){1000}")
    assert regex_to_dfa(f"(a{{1000}}){{{MAX_POSITIONS // 1000}}}").n_states == MAX_POSITIONS + 2


def test_precedence_and_postfix_stacking():
    d = regex_to_dfa("ab|c*", "abc")
    assert d.accepts("ab") and d.accepts("ccc") and d.accepts("") and not d.accepts("abc")
    d = regex_to_dfa("a**b?+", "ab")
    assert d.accepts("aaab") and d.accepts("") and d.accepts("bb") and not d.accepts("ba")


def test_alphabet_defaults_to_the_letters_that_occur():
    d = regex_to_dfa("(c|a)*")
    assert d.alphabet == ("a", "c")
    with pytest.raises(InputError):
        regex_to_dfa("a.")
    with pytest.raises(InputError):
        regex_to_dfa("[^a]")
    assert regex_to_dfa("a.", "ab").accepts("ab")


def test_multicharacter_letters_are_tokenised_greedily():
    letters = ["a", "b", "ab", "foo"]
    assert [t.value for t in tokenize("ab a b foo", letters)] == ["ab", "a", "b", "foo"]
    d = regex_to_dfa("(ab)*foo", letters)
    assert d.accepts(["ab", "ab", "foo"]) and not d.accepts(["a", "b", "foo"])
    d = regex_to_dfa("(a b)*", letters)
    assert d.accepts(["a", "b"]) and not d.accepts(["ab"])
    d = regex_to_dfa('"x y"+ [^a ab]', ["x y", "a", "ab", "c"])
    assert d.accepts(["x y", "c"]) and not d.accepts(["x y", "a"])


def test_escaped_operator_letters():
    d = regex_to_dfa(r"\*\(+", ["*", "("])
    assert d.accepts("*((") and not d.accepts("*")


@pytest.mark.parametrize("text,column", [
    ("a(", 3), ("(a|)", 4), ("*a", 1), ("a]", 2), ("[]", 2), ("a|*", 3), ("", 1),
    ("ab^", 3), ('"abc', 1), ("a\\", 2), ("a{2,1}", 2), ("a{1001}", 2), ("a{,2}", 2), ("ab\\w", 3),
])
def test_parse_errors_have_columns(text, column):
    with pytest.raises(ParseError) as info:
        regex_to_dfa(text, "abc")
    assert info.value.kind == "regex" and info.value.column == column
    assert info.value.details()[1].index("^") == 2 + column - 1


def test_unknown_letter_is_an_error_at_its_column():
    with pytest.raises(ParseError) as info:
        regex_to_dfa("ab(d)", "abc")
    assert info.value.column == 4


def test_empty_language_and_empty_word():
    assert not regex_to_dfa("∅", "ab").accepting.any()
    assert regex_to_dfa("()", "ab").accepts("") and not regex_to_dfa("ε", "ab").accepts("a")
    assert regex_to_dfa("a∅|b", "ab").accepts("b") and not regex_to_dfa("a∅|b", "ab").accepts("a")


def test_parse_tree_shape():
    r = parse_regex("ab|c*")
    assert isinstance(r, Alt) and isinstance(r.left, Cat) and isinstance(r.right, Star)
    assert r.left.left == Sym(frozenset("a"))


def test_deep_nesting_does_not_recurse():
    text = "(" * 3000 + "a" + ")*" * 3000
    d = regex_to_dfa(text, "ab")
    assert d.accepts("aaa") and not d.accepts("b")


def test_nth_letter_from_the_end_is_exponential_before_minimisation_and_limited():
    d = regex_to_dfa("(a|b)*a(a|b)(a|b)(a|b)(a|b)")
    assert d.n_states == 32
    with pytest.raises(LimitExceeded):
        regex_to_dfa("(a|b)*a" + "(a|b)" * 12, state_limit=1000)


REGEX_SYNTAX = list("abc ()|*+?.[]^\\\"εx∅-$") + ["ab", "[^", "()", "\\*", "{2}", "{1,}", "{0,2}", "a-c", "\\d"]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(REGEX_SYNTAX), max_size=20).map("".join),
       st.sampled_from([None, ("a", "b", "c"), ("a", "ab", "b")]))
def test_any_text_parses_or_fails_with_a_located_error(text, alphabet):
    try:
        d = regex_to_dfa(text, alphabet)
    except ParseError as err:
        assert 1 <= err.column <= len(text) + 1 and "\n" not in str(err)
        assert err.details()[1].strip() == "^"
        return
    except InputError as err:  # '.' or '[^' without an alphabet
        assert alphabet is None and "alphabet" in str(err)
        return
    assert d.n_states >= 1 and d == d.minimal()


def test_the_language_suite_has_the_stated_minimal_sizes(language_cases):
    # tests/data/languages.json states the size of each language's minimal DFA
    for case in language_cases:
        d = regex_to_dfa(case["regex"], case.get("alphabet"))
        assert d.n_states == case["minimal_dfa_states"], case["name"]
