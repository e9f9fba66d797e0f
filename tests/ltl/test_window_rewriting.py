"""The window inclusions LTL[Y<=j] ⊆ LTL[Y<=k] (j ≥ k): the rewritings
Y[<=a+b] φ = Y[<=a] (φ | Y[<=b] φ) and Y[<=k+1] φ = Y[<=k] true & (Y[<=k] φ | !Y[<=k] !Y[<=k] φ),
checked by DFA equality on random formulas."""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.ltl import parse, random_formula
from attnlogic.ltl.fragments import Fragment
from attnlogic.ltl import TRUE, Yesterday
from attnlogic.ltl.rewrite import narrow_windows, nest_windows, widen_step


@pytest.mark.parametrize("j,k", [(2, 1), (4, 2), (6, 3), (3, 1), (3, 2), (4, 3), (5, 2)])
@pytest.mark.parametrize("past", [False, True])
def test_nested_windows_define_the_same_language(j, k, past):
    small, large = Fragment(past, j), Fragment(past, k)
    assert large.includes(small) is not None
    rng = np.random.default_rng(100 * j + k + past)
    for _ in range(25):
        f = random_formula(rng, ["a", "b"], (3, 12), operators=str(small))
        g = narrow_windows(f, k)
        assert large.allows(g), str(g)
        assert formula_to_dfa(g, ["a", "b"]) == formula_to_dfa(f, ["a", "b"]), str(f)


def test_the_rewriting_of_the_issue():
    assert Fragment.parse("LTL[Y<=2]").rewriting("LTL[Y<=4]") == "Y[<=4] φ = Y[<=2] (φ | Y[<=2] φ)"
    f = parse("Y[<=4] (a & Y b)")
    assert nest_windows(f, 2) is parse("Y[<=2] (a & Y b | Y[<=2] (a & Y b))")


@pytest.mark.parametrize("k", [1, 2, 3])
def test_the_widening_step(k):
    rng = np.random.default_rng(k)
    for _ in range(30):
        phi = random_formula(rng, ["a", "b"], (1, 9), operators=f"LTL[P,Y<={k}]")
        assert formula_to_dfa(widen_step(phi, k), ["a", "b"]) == \
            formula_to_dfa(Yesterday(phi, k + 1), ["a", "b"]), str(phi)


def test_a_wrong_step_is_caught():
    """The check can fail: without the guard Y[<=k] true the identity breaks at n = 1."""
    phi = parse("a")
    wrong = widen_step(phi, 2).right
    assert formula_to_dfa(wrong, ["a", "b"]) != formula_to_dfa(Yesterday(phi, 3), ["a", "b"])


@pytest.mark.parametrize("a,b", [("LTL[P,Y<=2]", "LTL[Y<=2]"), ("LTL[Y<=2]", "LTL[Y<=4]"),
                                 ("LTL[Y<=2]", "LTL[Y<=3]"), ("LTL[P,Y<=3]", "LTL[Y<=4]")])
def test_no_rule_claims_what_it_does_not_prove(a, b):
    assert Fragment.parse(b).includes(a) is None and Fragment.parse(b).rewriting(a) is None
