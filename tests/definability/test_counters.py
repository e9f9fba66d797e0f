"""The counter search (definability/counters.py) against the whole transition semigroup, and
its aperiodicity witnesses re-checked by definability/verify.py (no decider code)."""

from __future__ import annotations

import numpy as np
import pytest

from family_reference import check_family
from attnlogic.ltl.fragments import Fragment
from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.graphs import dfa_sccs
from attnlogic.automata.minimize import minimize
from attnlogic.definability.fragments.aperiodic import decide_aperiodic, identity_aperiodic
from attnlogic.definability.algebra.counters import cycle_rows, find_counter, pair_counter
from attnlogic.definability.algebra.semigroup import transition_semigroup
from attnlogic.definability.checks.verify import verify_witness
from attnlogic.definability.values.witnesses import transformation_of
from attnlogic.kernel.errors import LimitExceeded
from test_deciders import random_minimal_dfas   # mostly forward edges: many aperiodic ones


def _random_dfas(seed: int, count: int, max_states: int = 7, max_letters: int = 3):
    return random_minimal_dfas(seed, count, max_states, max_letters)


def _brute_cycle(x) -> bool:
    """A cycle of length ≥ 2 by walking from every state (independent of cycle_rows)."""
    x = list(x)
    for q in range(len(x)):
        s, seen = q, []
        while s not in seen:
            seen.append(s)
            s = x[s]
        if len(seen) - seen.index(s) >= 2:
            return True
    return False


def test_cycle_rows_is_lemma_1():
    rng = np.random.default_rng(3)
    rows = rng.integers(0, 6, (400, 6))
    rows[::3] = np.maximum(rows[::3], np.arange(6))   # some without cycles
    assert cycle_rows(rows).tolist() == [_brute_cycle(r) for r in rows]
    assert set(cycle_rows(rows).tolist()) == {True, False}


def _check(d):
    S = transition_semigroup(d)
    full = identity_aperiodic(S) is None
    v = decide_aperiodic(d)
    assert v.member == full == decide_aperiodic(d, semigroup=S).member
    if not v.member:
        w = v.witness
        assert d.accepts(w.accepted) and not d.accepts(w.rejected)
        check = verify_witness(d, "LTL[S]", w.accepted, w.rejected, family=True)
        assert check.valid, check.reason
        check_family(d, Fragment.parse("LTL[S]"), check.details["family"])   # membership over n
        # the counter's word has x^(ω+1) ≠ x^ω in the semigroup as well
        found = find_counter(d.transitions, dfa_sccs(d).component, 10_000)
        x = transformation_of(d.transitions, found.counter.word)
        assert _brute_cycle(x)
        # letters first: a letter is found iff the shortest bad element of S is a letter
        bad = np.flatnonzero(S.multiply(S.omega, np.arange(S.size)) != S.omega)
        assert (len(found.counter.word) == 1) == (int(S.length[bad].min()) == 1)
    return v.member


def test_all_minimal_dfas_up_to_3_states_over_ab():
    answers = [_check(d) for d in minimal_dfas(3, "ab") if d.n_states >= 2]
    assert len(answers) > 100 and set(answers) == {True, False}


def test_random_dfas_against_the_semigroup():
    answers = [_check(d) for d in _random_dfas(7, 200)]
    assert set(answers) == {True, False}


def test_pair_counter_finds_exactly_the_even_counters():
    seen = set()
    for d in _random_dfas(11, 150, max_states=6, max_letters=2):
        S = transition_semigroup(d)
        even = False
        for row in S.elements:
            x = [int(s) for s in row]
            for q in range(len(x)):
                s, p = x[q], 1
                while s != q and p <= len(x):
                    s, p = x[s], p + 1
                if s == q and p % 2 == 0:
                    even = True
        c = pair_counter(d.transitions)
        assert (c is not None) == even
        if c is not None:
            x = transformation_of(d.transitions, c.word)
            assert x[c.state] != c.state and x[x[c.state]] == c.state
        seen.add(even)
    assert seen == {True, False}


def _mod_counter(p: int, letters: int = 2) -> DFA:
    """Words whose number of a's is ≡ 0 mod p, with a reset letter c among the others: the
    letter a is a counter of length p."""
    table = np.array([[(q + 1) % p] + [q] * (letters - 2) + [0] for q in range(p)])
    return DFA([chr(97 + i) for i in range(letters)], table, 0, [q == 0 for q in range(p)])


def test_a_counter_on_a_word_not_a_letter():
    # states 0,1,2,3: ab swaps 0 and 2 (0 -a-> 1 -b-> 2 -a-> 3 -b-> 0): no letter has a cycle
    table = np.array([[1, 4], [4, 2], [3, 4], [4, 0], [4, 4]])
    d = minimize(DFA("ab", table, 0, [True, False, False, False, False]))
    assert not cycle_rows(np.asarray(d.transitions).T).any()
    v = decide_aperiodic(d)
    assert v.member is False and "the word ab" in v.method
    assert verify_witness(d, "LTL[S]", v.witness.accepted, v.witness.rejected, family=True).valid


def test_limit_reports_what_was_tried():
    d = _mod_counter(3, 3)
    v = decide_aperiodic(d, limit=1)                    # the letter a: no monoid needed
    assert v.member is False and "the letter a acts with a cycle of length 3" in v.method
    # an aperiodic DFA whose component monoid exceeds a limit of 3
    table = np.array([[1, 0], [2, 0], [3, 0], [3, 0]])
    d = minimize(DFA("ab", table, 0, [False, False, False, True]))
    with pytest.raises(LimitExceeded) as exc:
        decide_aperiodic(d, limit=3)
    msg = str(exc.value)
    assert "no counter among" in msg and "pair graph" in msg and "raise limit" in msg
    assert decide_aperiodic(d).member is True
