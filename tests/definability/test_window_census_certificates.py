"""The eight languages of the census (at most 4 states over {a, b}) that the procedures of
docs/decision-procedures.md §4 leave undecided for LTL[P,Y<=2] are members: each has a
formula of depth 4 (§4.7, "The eight undecided census languages are members").

Each certificate is checked three ways: exactly against the census's DFA (verify_formula:
the formula's own DFA, equivalence), by the reference evaluator against the DFA's run on
every word of up to 10 letters, and the DFA against a direct reading of the language it is
claimed to be (first bb, then a later b) on the same words.  classify, given the formula as
a hint, answers "member", and its procedures alone still reach no "no" (the formula is
consistent with their bounded-depth findings)."""

from __future__ import annotations

from itertools import product

import pytest

from attnlogic.automata.dfa import DFA
from attnlogic.definability.checks.verify import verify_formula
from attnlogic.definability.engine.classify import classify
from attnlogic.ltl.evaluate import accepts
from attnlogic.ltl.fragments import Fragment
from attnlogic.ltl.parser import parse

# the two DFAs as docs/census.md prints them (row q: the successors of q by a, b)
_FIRST_BB = [[0, 1], [0, 2], [2, 3], [3, 3]]      # 2: bb seen, no b since; 3: a b after it
_FIRST_AA = [[1, 0], [2, 0], [3, 2], [3, 3]]      # the same with a and b exchanged


def _formulas(x: str, y: str) -> dict[str, str]:
    """Certificates for the DFA whose doubled letter is x (y the other letter)."""
    # "xx ends just before here": the window holds no y, and this is position 3 or later
    ends = f"(!Y[<=2] {y} & Y[<=2] Y[<=2] true)"
    seen = f"({ends} | P {ends})"                 # xx occurs in the letters before here
    later = f"P ({x} & {seen})"                   # an x after the first xx: state 3
    exactly = f"({seen} & !{later})"              # xx seen, no x after it: state 2
    return {"[3]": later, "[0, 1, 2]": f"!{later}", "[2]": exactly, "[0, 1, 3]": f"!{exactly}"}


CASES = [(table, accepting, formula)
         for table, (x, y) in ((_FIRST_BB, ("b", "a")), (_FIRST_AA, ("a", "b")))
         for accepting, formula in _formulas(x, y).items()]


def _dfa(table, accepting: str) -> DFA:
    acc = [q in eval(accepting) for q in range(4)]  # noqa: S307 - a literal list of ints
    return DFA(["a", "b"], table, 0, acc)


def _run(dfa: DFA, word: str) -> bool:
    q = dfa.initial
    for letter in word:
        q = int(dfa.transitions[q, "ab".index(letter)])
    return bool(dfa.accepting[q])


def _words(n: int):
    for length in range(n + 1):
        for w in product("ab", repeat=length):
            yield "".join(w)


def _direct(word: str, x: str, accepting: str) -> bool:
    """The language read off the DFA's description, independently of the DFA code."""
    i = word.find(x + x)
    state = 0 if i < 0 else (3 if x in word[i + 2:] else 2)
    if state == 0:   # states 0 and 1 are accepted together in every acceptance vector here
        return "0" in accepting
    return str(state) in accepting


@pytest.mark.parametrize("table,accepting,formula", CASES)
def test_certificate_defines_the_census_language(table, accepting, formula):
    dfa = _dfa(table, accepting)
    f = parse(formula)
    check = verify_formula(dfa, "LTL[P,Y<=2]", f)
    assert check.valid, check.reason
    x = "b" if table is _FIRST_BB else "a"
    for w in _words(10):
        assert _run(dfa, w) == _direct(w, x, accepting), w
        assert accepts(f, list(w)) == _run(dfa, w), w


def test_a_wrong_certificate_is_refused():
    """The check can fail: without the guard against position 2 ("b" alone before it is not
    bb) the formula accepts bab."""
    dfa = _dfa(_FIRST_BB, "[3]")
    wrong = parse("P (b & (!Y[<=2] a | P !Y[<=2] a))")
    assert not verify_formula(dfa, "LTL[P,Y<=2]", wrong).valid


def test_classify_with_the_certificate_as_hint_answers_member():
    dfa = _dfa(_FIRST_BB, "[3]")
    f = parse(_formulas("b", "a")["[3]"])
    r = classify(dfa, windows=(2,), limit=2_000, search_budget=0, hints=(f,))
    got = r[Fragment.parse("LTL[P,Y<=2]")]
    assert got.member is True
    assert r[Fragment.parse("LTL[Y<=2]")].member is False   # not definite
