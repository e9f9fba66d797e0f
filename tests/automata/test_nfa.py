"""NFAs: the vectorised subset construction, Brzozowski's double reversal and the
antichain inclusion and equivalence checks, against DFAs built by the other routes and
brute force over short words."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from attnlogic.automata import nfa as N
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.automata.minimize import minimize
from attnlogic.automata.operations import shortest_distinguishing_word as dfa_word
from attnlogic.automata.regex import regex_to_dfa, regex_to_nfa

REGEXES = ["(a|b)*a(a|b)(a|b)", "a*b*", "(ab|ba)*", "(a|b)*abb", "a(a|b)*|b", "()", "∅",
           "(aa)*|(aaa)*", "b(a|b)*a", "(a|ab)(b|ba)*", "a+b?a"]


@st.composite
def nfas(draw, max_states=6):
    n = draw(st.integers(1, max_states))
    bits = st.integers(0, (1 << n) - 1)
    succ = tuple(tuple(draw(bits) for _ in range(2)) for _ in range(n))
    return N.NFA(("a", "b"), succ, draw(st.integers(1, (1 << n) - 1)), draw(bits))


def words(max_len):
    for n in range(max_len + 1):
        yield from itertools.product("ab", repeat=n)


@settings(max_examples=200, deadline=None)
@given(nfas())
def test_subset_construction_and_brzozowski_accept_what_the_nfa_accepts(a):
    d = N.determinize(a)
    b = N.brzozowski(a)
    for w in words(7):
        assert d.accepts(w) == a.accepts(w) == b.accepts(w)
    assert b == minimize(d)           # minimal and canonically numbered


@settings(max_examples=200, deadline=None)
@given(nfas(5), nfas(5))
def test_antichain_inclusion_gives_a_shortest_counterexample(a, b):
    from attnlogic.automata.operations import difference
    da, db = minimize(N.determinize(a)), minimize(N.determinize(b))
    bound = difference(da, db).n_states      # a shortest word of the difference is shorter
    want = next((w for w in words(bound) if a.accepts(w) and not b.accepts(w)), None)
    got = N.inclusion_counterexample(a, b)
    assert (got is None) == (want is None)
    if got is not None:
        assert len(got) == len(want) and a.accepts(got) and not b.accepts(got)
    ref = dfa_word(da, db)                    # shortlex-least, by the DFA product search
    got = N.shortest_distinguishing_word(a, b)
    assert (got is None) == (ref is None) == N.equivalent(a, b) == (da == db)
    if got is not None:
        assert len(got) == len(ref) and a.accepts(got) != b.accepts(got)


@pytest.mark.parametrize("r", REGEXES)
@pytest.mark.parametrize("method", ["subset", "brzozowski", "auto"])
def test_regex_routes_give_the_same_minimal_dfa(r, method):
    ref = minimize(N.determinize(regex_to_nfa(r, "ab")))
    assert regex_to_dfa(r, "ab", method=method) == ref


def test_n_th_from_the_end_equivalence_without_determinising():
    # two spellings of "the 7th letter from the end is a", and the 6th
    x = regex_to_nfa("(a|b)*a" + "(a|b)" * 6)
    y = regex_to_nfa("(a|b)*a" + "(a|b)(a|b)" * 3)
    z = regex_to_nfa("(a|b)*a" + "(a|b)" * 5)
    assert N.equivalent(x, y) and N.equivalent(y, x)
    w = N.shortest_distinguishing_word(x, z)
    assert len(w) == 6 and x.accepts(w) != z.accepts(w)


@pytest.mark.parametrize("n", [8, 12])
def test_antichain_stays_linear_on_the_n_th_from_the_end_family(n):
    # the subsets of the (a|b)*-prefixed automaton only grow with the history, so the
    # antichain keeps the smallest one per state: O(n) pairs where the subset construction
    # has 2^(n+1) states; a search that kept supersets would exceed the bound
    x = regex_to_nfa("(a|b)*a" + "(a|b)" * n)
    y = regex_to_nfa("(a|b)*a" + "(a|b)(a|b)" * (n // 2))
    z = regex_to_nfa("(a|b)*a" + "(a|b)" * (n - 1))
    assert N.equivalent(x, y, state_limit=6 * n)
    with pytest.warns(DeprecationWarning, match="limit"):      # the former name still works
        assert N.equivalent(y, x, limit=6 * n)
    assert regex_to_dfa("(a|b)*a" + "(a|b)" * n) == regex_to_dfa("(a|b)*a" + "(a|b)(a|b)" * (n // 2))
    w = N.shortest_distinguishing_word(x, z, state_limit=6 * n)
    v = dfa_word(regex_to_dfa("(a|b)*a" + "(a|b)" * n, "ab"),
                 regex_to_dfa("(a|b)*a" + "(a|b)" * (n - 1), "ab"))
    assert len(w) == len(v) and x.accepts(w) != z.accepts(w)
    with pytest.raises(LimitExceeded):
        N.equivalent(x, y, state_limit=n)


def test_unknown_route_is_refused():
    from attnlogic.kernel.errors import InputError
    with pytest.raises(InputError, match="method"):
        regex_to_dfa("a", method="fast")
