"""Fuzzing the parsers: any text either parses or raises a ParseError with a valid column.

10^4 hypothesis examples for the formula parser (CI runs them all).  Text is drawn both
from the characters of the syntax (so that most inputs are near-misses) and from arbitrary
Unicode.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from attnlogic.errors import ParseError
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
