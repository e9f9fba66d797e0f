"""Over one letter every window question is decided (windows.unary_thresholds, docs/
decision-procedures.md §4.8): the census of at most 7 states over {a} has no undecided
answer, agrees with classify language by language, and each "yes" formula defines the
language — by the reference semantics on every a^N, N ≤ 24 (independent of the DFA code),
and by verify_formula."""

from __future__ import annotations

import pytest

from attnlogic.automata.dfa import DFA
from attnlogic.cli import main
from attnlogic.definability.census import census
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.checks.verify import verify_formula
from attnlogic.definability.fragments.windows import unary_thresholds
from attnlogic.ltl.evaluate import accepts
from attnlogic.ltl.fragments import Fragment


def _member(dfa, length: int) -> bool:
    q = dfa.initial
    for _ in range(length):
        q = int(dfa.transitions[q, 0])
    return bool(dfa.accepting[q])


@pytest.mark.parametrize("windows", [(2,), (3,)])
def test_census_over_one_letter_decides_everything_as_classify_does(windows):
    """Every language of at most 6 states, windows 2 and 3 (LTL[Y<=k] and LTL[P,Y<=k]; 10
    states with both windows: the command of docs/census.md, "One letter")."""
    c = census(6, "a", windows=windows)
    assert c.total() == 2 + 4 + 12 + 30 + 78 + 180 and c.undecided() == []
    assert {f"LTL[Y<={windows[0]}]", f"LTL[P,Y<={windows[0]}]"} <= set(c.fragments)
    for e in c.entries:
        got = classify(e.dfa, windows=windows, minimal=True, certificates=False)
        assert tuple(got[f].member for f in c.fragments) == e.verdicts
        # over one letter every fragment is "finite or cofinite" (the cycle has one state)
        ultimately_constant = len({_member(e.dfa, n) for n in range(6, 6 + 7)}) == 1
        assert set(e.verdicts) == {ultimately_constant}


def test_the_cli_says_undecided_zero(capsys):
    assert main(["census", "--max-states", "7", "--alphabet", "a", "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "undecided: 0" in lines
    assert lines[2].split() == ["languages", "2", "4", "12", "30", "78", "180", "432", "738"]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_the_threshold_formula_defines_every_definite_unary_language(k):
    c = census(6, "a", windows=(), keep_entries=True)
    checked = 0
    for e in c.entries:
        if not e.verdicts[c.fragments.index("LTL[Y]")]:
            with pytest.raises(ValueError):
                unary_thresholds(e.dfa, k)
            continue
        f = unary_thresholds(e.dfa, k)
        assert Fragment(False, k).allows(f)
        for n in range(25):
            assert accepts(f, ["a"] * n) == _member(e.dfa, n), (e.dfa.transitions.tolist(), n)
        checked += 1
    assert checked == 2 * (1 + 1 + 2 + 4 + 8 + 16)


def test_the_issues_examples_with_certificates():
    """aaaaaa+ (yes where the census said undecided) and the lengths {0, 2, 5}."""
    for accepting, n in [([6], 7), ([0, 2, 5], 7)]:
        d = DFA(["a"], [[min(q + 1, n - 1)] for q in range(n)], 0, accepting)
        c = classify(d, windows=(2,))
        for f in ("LTL[Y<=2]", "LTL[P,Y<=2]"):
            assert c[f].member and verify_formula(d, f, c[f].formula).valid
