"""A periodic side and ANY partner (LTL[Y<=k], docs/decision-procedures.md §4.5 (b)): for
U = ^ω(p)·x, ``periodic_partner`` decides exactly whether some left-infinite V on the other
side of L is bisimilar to U at N+1, and returns such a V = ^ω(q)·y.

Cross-checks: every pair it returns survives pumping by the direct type recursion
(``types_at_end``, depths 1–3) and is accepted by the independent ``verify --family``; it
never returns one for a language the type automaton proves definable; and wherever the
bounded lasso searches (shared period, two periods) find a pair with U's period and tail, it
finds one too (it is exact for that U, whatever V's period)."""

from __future__ import annotations

import itertools
import random

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.algebra.types import (_two_period_search, lasso_search, periodic_partner,
                                                  primitive_words, type_automaton)
from attnlogic.definability.checks.verify import verify_witness
from test_two_period_lasso import _check_pumped, _letters, random_definite


def _verified(d, lw, k) -> bool:
    """verify --family on the instance with both exponents ≥ 2 (verify reads a period from
    two copies)."""
    N, M = lw.exponents_for_depth(k, 1)
    while N < 2 or M < 2:
        N, M = N + (N < 2) * lw.modulus, M + (M < 2) * lw.modulus_out
    u, v = (_letters(d, w) for w in lw.words(N, M))
    return verify_witness(d, f"LTL[Y<={k}]", u, v, family=True).valid


def _sides(d, k, max_period, max_tail):
    tails = [x for L in range(max_tail + 1) for x in itertools.product(range(d.n_letters), repeat=L)]
    for p in primitive_words(d.n_letters, max_period):
        for x in tails:
            yield p, x, periodic_partner(d, k, p, x)


def test_partners_are_sound_and_never_found_for_definable_languages():
    rng = random.Random(5)
    found = definable = 0
    for _ in range(30):
        d = random_definite(rng)
        k = rng.choice([2, 3])
        if any(type_automaton(d, k, False, depth, build_formula=False).definable for depth in (1, 2, 3)):
            definable += 1
            assert all(lw is None for _, _, lw in _sides(d, k, k + 1, 2))
            continue
        lw = next((lw for _, _, lw in _sides(d, k, k, 2) if lw is not None), None)
        if lw is None:
            continue
        found += 1
        _check_pumped(d, lw, k)
        assert _verified(d, lw, k)
    assert found >= 8 and definable >= 3


def test_exact_for_its_side_where_the_bounded_searches_find_a_pair():
    """A shared-period pair (p; x, y) or a two-period pair (p, x; q, y) found by the bounded
    searches has a partner for U = ^ω(p)·x (and for ^ω(p)·y): the exact search finds one."""
    rng = random.Random(11)
    checked = 0
    for _ in range(25):
        d = random_definite(rng)
        k = rng.choice([2, 3])
        tails = [x for L in range(3) for x in itertools.product(range(d.n_letters), repeat=L)]
        for lw in (lasso_search(d, k, False, k + 2, 2), _two_period_search(d, k, k + 1, tails, 4000)):
            if lw is None:
                continue
            checked += 1
            assert periodic_partner(d, k, lw.period, lw.tail_in) is not None
            assert periodic_partner(d, k, lw.period_out, lw.tail_out) is not None
    assert checked >= 8


def test_the_two_period_example_from_one_side():
    """Σ*acb, window 2: from U = ^ω(acb) alone the exact search finds V = ^ω(abc) (or a
    conjugate), accepted by verify."""
    d = regex_to_dfa("(a|b|c)*acb", "abc").minimal()
    a, b, c = (d.alphabet.index(x) for x in "abc")
    lw = periodic_partner(d, 2, (a, c, b), ())
    assert lw is not None and sorted(lw.period_out) == sorted(lw.period) and lw.period_out != lw.period
    _check_pumped(d, lw, 2)
    assert _verified(d, lw, 2)


def test_the_classifiers_last_no_for_windows_uses_it():
    """windows._partner, the last "no" tried for LTL[Y<=k] before undecided: on Σ*acb it
    answers "no" with a pair in L and out of L that verify accepts (from two copies)."""
    from attnlogic.definability.fragments.windows import _partner
    from attnlogic.ltl.fragments import Fragment

    d = regex_to_dfa("(a|b|c)*acb", "abc").minimal()
    r = _partner(Fragment(False, 2), d, 2)
    assert r is not None and r.member is False and "periodic side" in r.method
    assert d.accepts(list(r.witness.accepted)) and not d.accepts(list(r.witness.rejected))


def test_census_slice_lasso_or_a_formula_within_the_index():
    """The census slice of docs/decision-procedures.md §4.5 ("Measured"): every definite
    language of at most 3 states over {a, b}, window 2, has a lasso pair or a formula of
    depth ≤ max(m, 1) (m its definiteness index), never both, and the members are exactly the
    census's LTL[Y<=2] count (the whole run: benchmarks/bench_window_depths.py)."""
    from attnlogic.definability.census import census
    from attnlogic.definability.fragments.definite import decide_definite

    c = census(3, "ab", windows=(2,))
    col, win = c.fragments.index("LTL[Y]"), c.fragments.index("LTL[Y<=2]")
    members = 0
    for e in c.entries:
        if not e.verdicts[col]:
            continue
        d = e.dfa
        m = decide_definite(d).data["index"]
        lasso = lasso_search(d, 2, False, 4, max(2, min(m + 1, 4))) is not None
        formula = any(type_automaton(d, 2, False, depth, build_formula=False).definable
                      for depth in range(1, max(m, 1) + 1))
        assert lasso != formula, (d.transitions.tolist(), d.accepting.tolist())
        assert formula == e.verdicts[win]
        members += formula
    assert members == sum(e.verdicts[win] for e in c.entries) > 0
