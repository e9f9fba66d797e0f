"""Fuzzing the parsers: any text either parses or raises a ParseError with a valid column.

10^4 hypothesis examples for the formula parser (CI runs them all).  Text is drawn both
from the characters of the syntax (so that most inputs are near-misses) and from arbitrary
Unicode.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from attnlogic.kernel.errors import ParseError
from attnlogic.ltl import Formula, parse, to_text

SYNTAX = list("abc_xyz019 ()!~&|^<->=PYOHSZ[]\"\\") + ["Y[<=2]", "Y[<=", "<->", "->", "xor", "true",
                                                       "false", "¬", "∧", "∨", "→", "↔", "≤", "&&", "||"]
near_miss = st.lists(st.sampled_from(SYNTAX), max_size=30).map("".join)
anything = st.text(max_size=40)


def _check(text: str) -> None:
    try:
        f = parse(text)
    except ParseError as err:
        assert 1 <= err.column <= len(text) + 1
        assert "\n" not in str(err)
        excerpt, caret = err.details()
        assert caret.strip() == "^"
        return
    assert isinstance(f, Formula)
    assert parse(to_text(f)) is f


@settings(max_examples=8_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_miss)
def test_formula_parser_near_misses(text):
    _check(text)


@settings(max_examples=2_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(anything)
def test_formula_parser_arbitrary_text(text):
    _check(text)


# -- other tools' syntaxes: LTLf and PPLTL as ltlf2dfa, pylogics and Spot write them -----------
FOREIGN = list("abc_ABeN19 ()!~&|^<->=>/\\\"") + [
    "X", "WX", "X[!]", "F", "G", "U", "R", "V", "W", "M", "Y", "WY", "O", "H", "S", "P", "last", "start", "tt",
    "ff", "true", "xor", "GFa", " U ", " S ", "<->", "->", ">>", "-->", "&&", "||", "/\\", "\\/", '"q r"']
foreign_near_miss = st.tuples(st.sampled_from(["ltlf2dfa", "pylogics", "spot"]),
                              st.lists(st.sampled_from(FOREIGN), max_size=24).map("".join))


@settings(max_examples=2_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(foreign_near_miss)
def test_foreign_parsers_near_misses(case):
    syntax, text = case
    try:
        f = parse(text, syntax=syntax)
    except ParseError as err:
        assert 1 <= err.column <= len(text) + 1
        assert "\n" not in str(err)
        assert err.details()[1].strip() == "^"
        return
    assert isinstance(f, Formula)


# -- the regex parser and the DFA file reader --------------------------------------------------
from attnlogic.automata.io import dfa_from_json  # noqa: E402
from attnlogic.automata.regex import regex_to_dfa  # noqa: E402
from attnlogic.kernel.errors import AttnlogicError  # noqa: E402

REGEX_SYNTAX = list("abc()|*+?.[]^ε\\") + ["[^a]", "()", "(a|b)*"]


@settings(max_examples=3_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(REGEX_SYNTAX), max_size=16).map("".join))
def test_regex_parser_near_misses(text):
    try:
        dfa = regex_to_dfa(text, "abc", state_limit=10_000)
    except ParseError as err:
        assert 1 <= err.column <= len(text) + 1 and "\n" not in str(err)
        return
    except AttnlogicError as err:  # e.g. a state limit: still one clear line
        assert "\n" not in str(err)
        return
    assert dfa.alphabet == ("a", "b", "c")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.floats(allow_nan=False, width=16) | st.text("ab", max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["alphabet", "initial", "accepting", "transitions", "x"]), inner, max_size=5),
    max_leaves=20)


@settings(max_examples=2_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_dfa_reader_never_crashes(value):
    import json

    try:
        dfa = dfa_from_json(json.dumps(value), "<fuzz>")
    except AttnlogicError as err:
        assert str(err).startswith("<fuzz>: field '") and "\n" not in str(err)
        return
    assert dfa.n_states >= 1
