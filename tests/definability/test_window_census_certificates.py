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


# -- the marked occurrence form (definability/fragments/occurrence.py, "Marks") ---------------

from attnlogic.definability.census import census                              # noqa: E402
from attnlogic.definability.fragments.occurrence import mark_candidates, occurrence_forms  # noqa: E402
from attnlogic.ltl.evaluate import truth_values                                 # noqa: E402

_BB_ENDS = "!Y[<=2] a & Y[<=2] Y[<=2] b"      # bb ends just before here (a mark of window depth 2)


def test_mark_candidates_are_distinct_window_formulas_by_the_reference_semantics():
    """Each candidate's truth at every letter position of every word of up to 6 letters (the
    reference evaluator) is a function of the last 5 letters, and no two candidates agree on
    them all; the mark that settles the census languages is among them."""
    marks = mark_candidates("ab", 2, 2, 7, 1000)
    assert _BB_ENDS in {str(m) for m in marks}
    words = [w for n in range(1, 7) for w in map("".join, product("ab", repeat=n))]
    seen = set()
    for m in marks:
        table = tuple(bool(v) for w in words for v in truth_values(m, list(w))[:len(w)])
        assert table not in seen, m
        seen.add(table)


@pytest.mark.parametrize("table,accepting,formula", CASES)
def test_one_mark_decides_each_census_language_exactly(table, accepting, formula):
    """With the single mark "xx ends just before here" the marked form holds for each of the
    eight, and its formula defines the language (verify_formula)."""
    x, y = ("b", "a") if table is _FIRST_BB else ("a", "b")
    theta = parse(_BB_ENDS.replace("a", "#").replace("b", x).replace("#", y))
    dfa = _dfa(table, accepting)
    res = next(r for D in (1, 2) if (r := occurrence_forms(dfa, 2, D, 50_000, marks=(theta,))).definable)
    assert verify_formula(dfa, "LTL[P,Y<=2]", res.formula).valid


def test_the_marked_form_never_claims_a_language_the_procedures_refute():
    """On every language of at most 3 states over {a, b} in LTL[P,Y] (the others are outside
    LTL[P,Y<=2] ⊆ LTL[P,Y]): where classify proves "not in LTL[P,Y<=2]" the marked form (30
    small marks) does not hold, and where it holds (here: for every member) its formula, on
    one language in eight, defines the language exactly."""
    marks = tuple(mark_candidates("ab", 2, 2, 4, 30))
    c = census(3, "ab", windows=(2,))
    frag = c.fragments.index(Fragment.parse("LTL[P,Y<=2]"))
    hybrid1 = c.fragments.index(Fragment.parse("LTL[P,Y]"))
    held = refuted = 0
    for e in c.entries:
        if not e.verdicts[hybrid1]:
            continue
        res = occurrence_forms(e.dfa, 2, 1, 50_000, marks=marks, build_formula=held % 8 == 0)
        if res.definable:
            assert e.verdicts[frag] is True
            if held % 8 == 0:
                assert verify_formula(e.dfa, "LTL[P,Y<=2]", res.formula).valid
            held += 1
        else:
            refuted += e.verdicts[frag] is False
    assert held and refuted      # both sides were exercised


@pytest.mark.slow
def test_classify_alone_now_decides_a_census_language():
    """The procedures alone (no hint, no certificate) answer "member" for Σ*bbΣ*bΣ*, which
    they left undecided before the marked form."""
    r = classify(_dfa(_FIRST_BB, "[3]"), windows=(2,), certificates=False)
    got = r[Fragment.parse("LTL[P,Y<=2]")]
    assert got.member is True and "marked" in got.method


# -- window 3: the same census languages are outside LTL[P,Y<=3] (lasso, tails of 3 letters) ---

from attnlogic.definability.checks.verify import end_types_equal, verify_witness  # noqa: E402

_WINDOW3_NO = [([[0, 1], [0, 2], [2, 3], [3, 3]], "[3]"), ([[0, 1], [0, 2], [2, 3], [3, 3]], "[0, 1, 2]"),
               ([[1, 2], [3, 1], [0, 2], [3, 3]], "[3]")]


@pytest.mark.parametrize("table,accepting", _WINDOW3_NO)
def test_window_3_no_by_a_wide_lasso_that_verify_accepts(table, accepting):
    """classify answers "no" for LTL[P,Y<=3] (the lasso search retried with tails of up to 4
    letters; with tails of at most 2 it was undecided); verify accepts the pumped family,
    and the printed pair has equal depth-2 types by the direct recursion."""
    dfa = _dfa(table, accepting)
    r = classify(dfa, windows=(3,), search_budget=0)[Fragment.parse("LTL[P,Y<=3]")]
    assert r.member is False
    u, v = r.witness.accepted, r.witness.rejected
    assert _run(dfa, "".join(u)) and not _run(dfa, "".join(v))
    assert verify_witness(dfa, "LTL[P,Y<=3]", u, v, family=True).valid
    assert end_types_equal(u, v, "LTL[P,Y<=3]", 2)
