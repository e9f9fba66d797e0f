"""The DFA tests against the semigroup identities (two independent routes), against the
type refinement (a third), and the certificates both ways."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from attnlogic.definability.fragments.aperiodic import decide_aperiodic, identity_aperiodic
from attnlogic.definability.fragments.definite import decide_definite, identity_definite
from attnlogic.definability.fragments.locally_r_trivial import (decide_locally_r_trivial,
                                                      identity_locally_r_trivial,
                                                      local_monoids_r_trivial)
from attnlogic.definability.fragments.r_trivial import (decide_r_trivial, green_r_trivial_monoid,
                                              identity_r_trivial)
from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize
from attnlogic.definability.algebra.semigroup import transition_semigroup
from attnlogic.definability.certify.synthesis import (check_formula, synthesize_definite,
                                          synthesize_locally_r_trivial, synthesize_r_trivial)
from attnlogic.definability.algebra.types import type_automaton
from type_reference import same_type_at_end
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.ltl import accepts
from attnlogic.ltl.strategies import formulas


def random_minimal_dfas(seed: int, count: int, max_states: int = 6, max_letters: int = 3):
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        n = int(rng.integers(2, max_states + 1))
        m = int(rng.integers(1, max_letters + 1))
        # bias towards the interesting classes: many self-loops and forward edges
        table = rng.integers(0, n, (n, m))
        if rng.random() < 0.5:
            table = np.maximum(table, np.arange(n)[:, None] * (rng.random((n, m)) < 0.7))
        d = minimize(DFA([chr(97 + i) for i in range(m)], table, 0, rng.random(n) < 0.5))
        if d.n_states > 1:
            out.append(d)
    return out


DFAS = random_minimal_dfas(1, 250)


def words_upto(alphabet, n):
    for length in range(n + 1):
        yield from itertools.product(alphabet, repeat=length)


def test_dfa_tests_agree_with_semigroup_identities():
    seen = {"P": set(), "Y": set(), "PY": set(), "S": set()}
    for d in DFAS:
        S = transition_semigroup(d)
        small = S.size <= 60
        r = decide_r_trivial(d).member
        df = decide_definite(d).member
        lr = decide_locally_r_trivial(d).member
        ap = decide_aperiodic(d, semigroup=S).member
        assert r == green_r_trivial_monoid(S)
        assert lr == (local_monoids_r_trivial(S) is None)
        assert ap == S.is_h_trivial() == (identity_aperiodic(S) is None)
        if small:
            assert r == (identity_r_trivial(S) is None)
            assert df == (identity_definite(S) is None)
            assert lr == (identity_locally_r_trivial(S) is None)
        # the inclusions of the theory
        assert not r or lr
        assert not df or lr
        assert not lr or ap
        for key, v in (("P", r), ("Y", df), ("PY", lr), ("S", ap)):
            seen[key].add(v)
    assert all(v == {True, False} for v in seen.values()), seen  # the sample covers both answers


def test_witnesses_differ_on_the_language():
    for d in DFAS:
        for v in (decide_r_trivial(d), decide_definite(d), decide_locally_r_trivial(d),
                  decide_aperiodic(d)):
            if v.member:
                assert v.witness is None
                continue
            w = v.witness
            assert d.accepts(w.accepted) and not d.accepts(w.rejected)
            assert w.depth is None and v.identity


def test_synthesised_formulas_define_the_language():
    counts = [0, 0, 0]
    for d in DFAS:
        cands = []
        if decide_r_trivial(d).member:
            cands.append((0, synthesize_r_trivial(d)))
        vd = decide_definite(d)
        if vd.member:
            cands.append((1, synthesize_definite(d, vd.data["index"])))
        vl = decide_locally_r_trivial(d)
        if vl.member:
            cands.append((2, synthesize_locally_r_trivial(d, vl.data["k"])))
        for i, f in cands:
            counts[i] += 1
            assert check_formula(f, d) is None
            # independent check with the reference evaluator on all short words
            for w in words_upto(d.alphabet, 4):
                assert accepts(f, w) == d.accepts(w), (str(f), w)
    assert min(counts) >= 10, counts


def test_pumped_witnesses_agree_on_types():
    """Identity witnesses pumped further stay indistinguishable: for LTL[P] (window 0, with
    P) and LTL[Y] (window 1, no P) the representative pair, re-pumped, has equal types."""
    checked = 0
    for d in DFAS[:120]:
        v = decide_r_trivial(d)
        if not v.member:
            p, q = v.data["cycle_states"]
            # the witness words themselves agree at depth 1 (they share the letters seen)
            assert same_type_at_end(v.witness.accepted, v.witness.rejected, 0, True, 1)
            checked += 1
        v = decide_definite(d)
        if not v.member:
            p, q, z = v.data["pair_cycle"]
            zs = [d.alphabet[a] for a in z]
            # common suffix of length ≥ |z|·K: Y-types of depth < that agree
            a, b = v.witness.accepted, v.witness.rejected
            common = 0
            while common < min(len(a), len(b)) and a[-1 - common] == b[-1 - common]:
                common += 1
            assert common >= 2 * len(zs)
            assert same_type_at_end(a, b, 1, False, common)
    assert checked > 10


@pytest.mark.parametrize("past", [False, True])
def test_type_refinement_agrees_with_dfa_tests_for_window_one(past):
    """Third route: at window 1 the exact type automaton finds a formula at some small
    depth only for members, and (for definite languages) at depth ≤ index + 1."""
    for d in DFAS[:80]:
        v = decide_locally_r_trivial(d) if past else decide_definite(d)
        found = None
        for depth in range(1, 4):
            try:
                res = type_automaton(d, 1, past, depth, limit=5_000)
            except LimitExceeded:
                break
            if res.definable:
                found = depth
                assert check_formula(res.formula, d) is None
                break
            assert same_type_at_end(res.witness.accepted, res.witness.rejected, 1, past, depth)
        if found is not None:
            assert v.member
        if not v.member:
            assert found is None
        if not past and v.member and v.data["index"] + 1 <= 3:
            assert found is not None and found <= v.data["index"] + 1


FRAGMENT_TESTS = {
    "LTL[P]": decide_r_trivial,
    "LTL[Y]": decide_definite,
    "LTL[P,Y]": decide_locally_r_trivial,
    "LTL[S]": decide_aperiodic,
}


def _member_test(fragment):
    from attnlogic.automata.from_formula import formula_to_dfa

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(f=formulas(("a", "b"), max_size=10, fragment=fragment))
    def check(f):
        d = formula_to_dfa(f, ["a", "b"])
        assert FRAGMENT_TESTS[fragment](d).member, str(f)
    return check


@pytest.mark.parametrize("fragment", list(FRAGMENT_TESTS))
def test_every_formula_of_a_fragment_is_classified_a_member(fragment):
    _member_test(fragment)()


def test_definite_identity_elements_really_violate_the_identity():
    """The printed violation of y x^ω = x^ω is checked on the transformations themselves."""
    from attnlogic.definability.values.witnesses import transformation_of

    checked = 0
    for d in DFAS:
        v = decide_definite(d)
        if v.member:
            continue
        el = v.data["identity_elements"]
        t = d.transitions
        x_omega = transformation_of(t, el["x"] * el["omega"])
        assert np.array_equal(transformation_of(t, el["x"] * el["omega"] * 2), x_omega)  # idempotent
        assert not np.array_equal(transformation_of(t, el["y"] + el["x"] * el["omega"]), x_omega)
        checked += 1
    assert checked >= 50
