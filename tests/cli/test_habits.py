"""Habits of Spot/LTLf and regex users get a hint that teaches, not a generic error: each
case states the exact message.  Also: bounded repetition in regexes, whitespace in
alphabets, and the warning for a formula or regex whose language is empty or universal."""

from __future__ import annotations

import itertools

import pytest

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.cli import main
from attnlogic.ltl import accepts, parse


def _err(capsys, *argv) -> list[str]:
    assert main(list(argv)) == 2
    return capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("formula, column, hint", [
    ("G (a -> F b)", 1, "'G' is a future-time operator; this logic looks only at the past: "
                        "'always so far' is H φ (historically)"),
    ("F a", 1, "'F' is a future-time operator; this logic looks only at the past: "
               "'once' is O φ (now or before) or P φ (strictly before)"),
    ("X a", 1, "'X' is a future-time operator; this logic looks only at the past: "
               "the previous position is Y φ (yesterday; Z φ is the weak form)"),
    ("a U b", 3, "'U' is a future-time operator; this logic looks only at the past: "
                 "φ U ψ (until) becomes φ S ψ (since)"),
    ("a W b", 3, "'W' is a future-time operator; this logic looks only at the past: "
                 "weak until becomes a weak since, φ S ψ | !P !φ"),
    ("a R b", 3, "'R' is a future-time operator; this logic looks only at the past: "
                 "φ R ψ (release) becomes its past dual !(!φ S !ψ)"),
    ("a M b", 3, "'M' is a future-time operator; this logic looks only at the past: "
                 "φ M ψ (strong release) becomes ψ S (φ & ψ)"),
    ("Y<=2 a", 2, "a window is written in brackets: Y[<=2], not Y<=2"),
    ("P a & Y <= 3 b", 9, "a window is written in brackets: Y[<=3], not Y<=3"),
])
def test_future_operators_and_unbracketed_windows(capsys, formula, column, hint):
    if "future-time" in hint:
        hint += ("; for an LTLf formula read from the first letter, read it in the syntax spot "
                 "(or ltlf2dfa, pylogics), which reads LTLf")
    err = _err(capsys, "parse", formula)
    assert err[0] == f"attnlogic parse: error: formula, column {column}: {hint}"
    assert err[2] == "  " + " " * (column - 1) + "^"


def _words(alphabet, n):
    for k in range(n + 1):
        yield from itertools.product(alphabet, repeat=k)


@pytest.mark.parametrize("formula, reference", [
    # the counterparts the hints name mean what the hints say, at every position
    ("a S b | !P !a", lambda w, n: all(w[j] == "a" for j in range(n)) or any(
        w[m] == "b" and all(w[j] == "a" for j in range(m + 1, n)) for m in range(n))),
    ("!(!a S !b)", lambda w, n: all(w[m] == "b" or any(w[j] == "a" for j in range(m + 1, n))
                                    for m in range(n))),
])
def test_the_named_counterparts_are_the_past_duals(formula, reference):
    # brute force over prefixes: position n+1 sees w[0..n-1] (0-based), the readout convention
    for w in _words("abc", 5):
        assert accepts(parse(formula), w) == reference(w, len(w)), (formula, w)


def test_bounded_repetition_equals_its_expansion():
    for text, expanded in [("a{2}", "aa"), ("(ab){1,3}", "ab|abab|ababab"), ("a{2,}", "aaa*"),
                           ("a{0}b", "b"), ("(a|b){0,2}c", "c|(a|b)c|(a|b)(a|b)c"),
                           ("a{ 1 , 2 }", "a|aa")]:
        assert regex_to_dfa(text, "abc") == regex_to_dfa(expanded, "abc"), text


MALFORMED_REPETITION = "malformed repetition: write r{n}, r{n,} or r{n,m} with numbers n <= m (or \\{ for the letter '{')"


@pytest.mark.parametrize("regex, column, message", [
    ("a{2", 2, MALFORMED_REPETITION), ("a{x}", 2, MALFORMED_REPETITION),
    ("a{3,1}", 2, "repetition {3,1}: the upper bound is below the lower"),
    ("a{2000}", 2, "repetition bound 2000 exceeds 1000"),
    ("ab}", 3, "'}' without an opening '{' (write \\} for the letter)"),
    ("{2}", 1, "unexpected '{2}'"),
])
def test_malformed_repetition_is_refused_with_a_caret(capsys, regex, column, message):
    err = _err(capsys, "dfa", "--regex", regex)
    assert err[0] == f"attnlogic dfa: error: regex, column {column}: {message}"
    assert err[2] == "  " + " " * (column - 1) + "^"


def test_braces_are_letters_only_when_escaped():
    d = regex_to_dfa("\\{a\\}")
    assert d.alphabet == ("a", "{", "}") and d.accepts(("{", "a", "}")) and not d.accepts("aa")


def test_whitespace_in_an_alphabet_separates_letters(capsys):
    from attnlogic.commands._common import split_alphabet

    assert split_alphabet("a b") == ["a", "b"] == split_alphabet(" ab ") == split_alphabet("a, b")
    assert split_alphabet("foo bar") == ["foo", "bar"] == split_alphabet("foo,bar")
    assert main(["dfa", "--regex", "a", "--alphabet", "a b", "--json"]) == 0
    assert '"alphabet": ["a", "b"]' in capsys.readouterr().out
    assert _err(capsys, "dfa", "--regex", "a", "--alphabet", "a,,b")[0] == \
        "attnlogic dfa: error: alphabet: empty letter in 'a,,b' [command line: --alphabet]"


@pytest.mark.parametrize("argv, message", [
    (["dfa", "H a", "--alphabet", "ab"],
     "attnlogic dfa: warning: the formula defines the empty language (no word is in it): it is read at "
     "the position after the last letter, where no letter holds, so a bare atom a, or H a, is false "
     "there: write Y a for 'the last letter is a', P a for 'some letter is a'"),
    (["parse", "a"],
     "attnlogic parse: warning: the formula defines the empty language (no word is in it): it is read at "
     "the position after the last letter, where no letter holds, so a bare atom a, or H a, is false "
     "there: write Y a for 'the last letter is a', P a for 'some letter is a'"),
    (["classify", "!b", "--alphabet", "ab"],
     "attnlogic classify: warning: the formula defines the universal language (every word over {a, b} "
     "is in it): it is read at the position after the last letter, where no letter holds, so !a is "
     "true there: write Y !a for 'the last letter is not a', !P a for 'no letter is a'"),
    (["dfa", "--regex", "(a|b)*"],
     "attnlogic dfa: warning: the regex defines the universal language (every word over {a, b} is in it)"),
    (["dfa", "--regex", "[^ab]", "--alphabet", "ab"],
     "attnlogic dfa: warning: the regex defines the empty language (no word is in it)"),
])
def test_empty_or_universal_language_warns_on_stderr(capsys, argv, message):
    assert main(argv) == 0
    assert capsys.readouterr().err.splitlines() == [message]


def test_no_warning_for_an_ordinary_language(capsys):
    assert main(["dfa", "Y a", "--alphabet", "ab"]) == 0
    assert capsys.readouterr().err == ""
