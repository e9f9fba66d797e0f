"""The exact check of a formula against a DFA (``check_formula``: the formula's evaluation
automaton run layer by layer in product with the DFA) against the reference evaluator on
every short word, an independent route: the word it returns is the shortlex-least word
on which the formula and the DFA disagree, and None means they agree on every word."""

from __future__ import annotations

import itertools

import numpy as np

from attnlogic.automata.dfa import DFA
from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.automata.minimize import minimize
from attnlogic.definability.certify.smallest import states_bound
from attnlogic.definability.certify.synthesis import check_formula
from attnlogic.ltl import accepts
from attnlogic.ltl.parser import parse
from attnlogic.ltl.random import random_formula

LENGTH = 6
WORDS = [w for n in range(LENGTH + 1) for w in itertools.product("ab", repeat=n)]   # shortlex

FIXED = ["Y[<=3] a S b", "MOD[3,1] & P b", "H (a | Y[<=2] b)", "O (a & Y Y b)", "!P a",
         "MOD[2,0] S a", "Y[<=5] (a & !Y[<=2] b)", "a & Y[<=2] (b & Y a)"]


def _pairs():
    rng = np.random.default_rng(11)
    for i in range(160):
        f = parse(FIXED[i]) if i < len(FIXED) else random_formula(rng, ("a", "b"), (2, 12))
        if i % 2:
            # the formula's own minimal DFA, one accepting bit flipped half of the time
            d = minimize(formula_to_dfa(f, ("a", "b")))
            if i % 4 == 1:
                acc = np.array(d.accepting, dtype=bool)
                acc[int(rng.integers(0, d.n_states))] ^= True
                d = DFA(d.alphabet, d.transitions, d.initial, acc)
        else:
            n = int(rng.integers(1, 6))
            d = DFA(["a", "b"], rng.integers(0, n, (n, 2)), 0, rng.random(n) < 0.5)
        yield f, d


def test_the_check_returns_the_first_disagreement_of_the_reference_evaluator():
    agree = differ = 0
    for f, d in _pairs():
        got = check_formula(f, d)
        first = next((w for w in WORDS if accepts(f, w) != d.accepts(w)), None)
        if first is not None:
            assert got == first, (str(f), got, first)
            differ += 1
        else:
            # no disagreement up to LENGTH: the check finds none, or a longer word
            assert got is None or len(got) > LENGTH, (str(f), got)
            if got is not None:
                assert accepts(f, got) != d.accepts(got)
            agree += got is None
    assert agree >= 40 and differ >= 40          # both answers are exercised


def test_no_formula_of_s_nodes_has_more_states_than_the_search_bound():
    # the bound that lets the enumeration of small formulas skip large DFAs: the minimal
    # DFA of a formula of s nodes with windows at most k has at most max(2, k + 1)^(s − 1)
    # states; checked on random formulas, tightest at the small sizes
    rng = np.random.default_rng(5)
    for _ in range(150):
        size = int(rng.integers(1, 7))
        k = int(rng.integers(1, 4))
        f = random_formula(rng, ("a", "b"), size, windows=(k,))
        assert minimize(formula_to_dfa(f, ("a", "b"))).n_states <= states_bound((k,), f.size)
