"""The occurrence form L = O ψ / ¬O ψ (ψ ∈ LTL[Y<=k]) of definability/occurrence.py, checked
against independent routes: a brute-force reading of its Proposition on all short words
(window types computed here by the defining recursion), the exact type automaton with P one
depth up, the lasso search, the formula's own DFA (verify) and the reference evaluator."""

from __future__ import annotations

import functools
import itertools

import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.sources import language_from_regex
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.fragments.occurrence import occurrence_forms
from attnlogic.definability.algebra.types import lasso_search, type_automaton
from type_reference import same_type_at_end
from attnlogic.definability.checks.verify import verify_formula
from attnlogic.ltl import accepts
from attnlogic.ltl.fragments import Fragment

HYBRID2 = Fragment.parse("LTL[P,Y<=2]")


def window_types(word, k: int, depth: int, inner_depth: int | None = None) -> list:
    """The depth-``depth`` window types (no P) of positions 1 … N+1 of ``word``, by the
    recursion ω_0(i) = (w_i), ω_j(i) = (w_i, {ω_{j−1}(m) : max(1, i−k) ≤ m < i}); with
    ``inner_depth`` the labels are (w_i, the set of depth-inner_depth window types of the
    letter positions before i)."""
    letters = list(word) + [None]
    labels = letters
    if inner_depth is not None:
        inner = window_types(word, k, inner_depth)[:-1]
        labels = [(a, frozenset(inner[:i])) for i, a in enumerate(letters)]
    prev = [(a,) for a in labels]
    for _ in range(depth):
        prev = [(a, frozenset(prev[max(0, i - k):i])) for i, a in enumerate(labels)]
    return prev


@functools.lru_cache(maxsize=None)
def _typed_words(alphabet: tuple, k: int, depth: int, n: int, inner_depth: int | None) -> tuple:
    """Every word of length ≤ n with the set of its window types (they do not depend on the
    language: computed once for all the DFAs)."""
    words = [w for m in range(n + 1) for w in itertools.product(alphabet, repeat=m)]
    return tuple((w, frozenset(window_types(w, k, depth, inner_depth))) for w in words)


def brute_force_form(dfa, k: int, depth: int, n: int, inner_depth: int | None = None) -> bool | None:
    """The Proposition read on the words of length ≤ n: the types occurring in words outside L
    (resp. in L) of length ≤ n, and whether every word of L (resp. outside L) of length
    ≤ n − 2 has a type that does not occur on the other side.  True / False for the forms
    O ψ / ¬O ψ (the first that holds), None if neither."""
    typed = [(dfa.accepts(w), ts, len(w)) for w, ts in _typed_words(tuple(dfa.alphabet), k, depth, n, inner_depth)]
    for negated in (False, True):
        side = not negated
        other = set().union(*(ts for acc, ts, _ in typed if acc != side))
        if all(ts - other for acc, ts, m in typed if acc == side and m <= n - 2):
            return negated
    return None


def test_lt2_is_in_hybrid_2_with_a_short_checked_formula():
    """LT-2 = Σ*abΣ* over {a, b, c} is in LTL[P,Y<=2] (left open before the occurrence form):
    no formula of depth ≤ 2 exists, and one of depth 3 is printed and checked three ways."""
    lang = language_from_regex("(a|b|c)*ab(a|b|c)*", list("abc"))
    d = lang.dfa
    depth2 = type_automaton(d, 2, True, 2)
    assert not depth2.definable
    w = depth2.witness
    assert d.accepts(w.accepted) != d.accepts(w.rejected)
    assert same_type_at_end(w.accepted, w.rejected, 2, True, 2)
    r = classify(d, windows=(2,), max_depth=2)[HYBRID2]
    assert r.member is True and r.formula is not None
    assert "occurrence of window types" in r.method
    assert HYBRID2.allows(r.formula) and r.formula.depth == 3
    assert verify_formula(d, HYBRID2, r.formula).valid
    for m in range(8):
        for word in itertools.product("abc", repeat=m):
            assert accepts(r.formula, word) == d.accepts(word)


def _small_dfas():
    """Every minimal DFA with at most 3 states over {a, b} in LTL[P,Y] (the only ones the
    form can hold for besides LTL[P,Y<=2]'s others: O ψ is in LTL[P,Y])."""
    from attnlogic.definability.fragments.locally_r_trivial import locally_r_trivial_verdict
    from attnlogic.definability.contract.procedure import Context

    out = []
    for d in minimal_dfas(3, ("a", "b")):
        if locally_r_trivial_verdict(Context(d)).member:
            out.append(d)
    return out


SMALL = _small_dfas()


@pytest.mark.parametrize("depth,inner", [(1, None), (2, None), (1, 1)])
def test_occurrence_forms_match_a_brute_force_reading_of_the_proposition(depth, inner):
    """On every minimal DFA of LTL[P,Y] with ≤ 3 states over two letters: the exact search
    and the brute-force reading on words of length ≤ 9 agree on which form holds (one level,
    and two levels with inner depth 1), and a "yes" formula defines the language (its own
    DFA, verify)."""
    assert len(SMALL) > 100
    yes = 0
    bound = depth + 1 if inner is None else depth + inner + 2
    # two levels: every third DFA (the exact search with inner depth 1 takes 27 s for all)
    sample = SMALL if inner is None else SMALL[::3]
    for d in sample:
        res = occurrence_forms(d, 2, depth, 100_000, inner_depth=inner)
        expected = brute_force_form(d, 2, depth, 9, inner)
        assert (res.negated if res.definable else None) == expected, d.transitions
        if res.definable:
            yes += 1
            assert res.formula.depth <= bound and HYBRID2.allows(res.formula)
            assert verify_formula(d, HYBRID2, res.formula).valid
    assert 0 < yes < len(sample)


def test_depth_3_covers_define_the_language():
    """At window depth 3 (where words of 9 letters no longer show every type, so the
    brute-force reading above is not exact) every formula of the form is still checked:
    it defines the language (the exact product check)."""
    from attnlogic.definability.certify.synthesis import check_formula

    checked = 0
    for d in SMALL:
        res = occurrence_forms(d, 2, 3, 100_000)
        if res.definable:
            assert HYBRID2.allows(res.formula) and res.formula.depth <= 4
            assert check_formula(res.formula, d) is None
            checked += 1
    assert checked > 20


def test_occurrence_yes_agrees_with_the_type_automaton_and_the_lasso_search():
    """A formula of the form has depth D + 1, so the exact type automaton with P at that
    depth must find the depth-(D+1) type of N+1 determining membership, and no lasso
    witness (valid at every depth) may exist."""
    checked = 0
    for d in SMALL:
        res = occurrence_forms(d, 2, 1, 100_000, build_formula=False)
        if not res.definable:
            continue
        assert type_automaton(d, 2, True, 2, limit=200_000, build_formula=False).definable
        assert lasso_search(d, 2, True, max_period=4, max_tail=3) is None
        checked += 1
    assert checked > 20


def test_occurrence_search_respects_its_state_limit_and_memory_budget():
    from attnlogic.kernel.errors import LimitExceeded, MemoryBudgetExceeded

    d = language_from_regex("(a|b|c)*ab(a|b|c)*", list("abc")).dfa
    full = occurrence_forms(d, 2, 2, 100_000, build_formula=False)
    assert full.definable and full.states > 1024
    with pytest.raises(LimitExceeded):
        occurrence_forms(d, 2, 2, full.states - 1, build_formula=False)
    with pytest.raises(MemoryBudgetExceeded):
        occurrence_forms(d, 2, 2, 100_000, build_formula=False, memory_budget=10_000)
