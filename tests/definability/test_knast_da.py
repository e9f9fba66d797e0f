"""The DD1 decider (Knast's identity reduced to one idempotent per regular D-class and
eSf × fSe, definability/varieties/dot_depth.py) and the FO2[<] decider (DA from Green's relations,
definability/varieties/fo2.py) against independent oracles:

* DD1: the previous decider (every pair of idempotents, b and c factored out; kept as
  tests/definability/knast_oracle.py, no code shared with the new one) on every minimal DFA
  with ≤ 3 states over {a, b}, a seeded sample of 4-state ones and 200 random larger DFAs
  (5–8 states, 2–3 letters; random tables, partially ordered ones and ones whose letters act
  as order-preserving maps, an aperiodic family); the identity engine (every instantiation)
  where the semigroup is tiny;
* FO2[<]: the identity engine, (xy)^ω y (xy)^ω = (xy)^ω over all |M|² instantiations, on the
  same DFAs;
* the inclusions LT ⊆ DD1 ⊆ LTL[P,Y] and R-trivial ⊆ DA ⊆ aperiodic by the DFA-level and
  semigroup procedures of other modules;
* every "no" of both is a violated instantiation with a word pair, checked by membership and
  by verify_identity_violation.
"""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize
from attnlogic.definability.subregular import locally_testable
from attnlogic.definability.fragments.aperiodic import decide_aperiodic
from attnlogic.definability.varieties.dot_depth import KNAST_IDENTITY, decide_dot_depth_one, regular_d_representatives
from attnlogic.definability.varieties.fo2 import DA_IDENTITY, decide_da
from attnlogic.definability.varieties.identities import check_identities, structure_of
from attnlogic.definability.fragments.locally_r_trivial import decide_locally_r_trivial
from attnlogic.definability.fragments.r_trivial import decide_r_trivial
from attnlogic.definability.algebra.semigroup import transition_semigroup
from attnlogic.definability.checks.verify import enumerated_identity_check, verify_identity_check, verify_identity_violation
from attnlogic.definability.checks.verify_knast import verify_knast
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits

from dfa_samples import sample4
from knast_oracle import knast_holds

#: the previous DD1 decider costs about |E|²·Σ|P|·Σ|Q| look-ups: larger semigroups are left
#: to the inclusions
ORACLE_ELEMENTS = 150
#: the random larger DFAs have syntactic semigroups of at most this many elements
SEMIGROUP_ELEMENTS = 300


def random_larger(count: int, seed: int = 926) -> list[DFA]:
    """``count`` minimal DFAs with 5 to 8 states over 2 or 3 letters (seeded), in three
    families in turn: random tables (5 or 6 states, two letters; mostly not aperiodic), partially ordered (transitions
    go up or stay: R-trivial) and order-preserving letters (q ≤ q' ⇒ q·a ≤ q'·a: the
    monoid of order-preserving maps of a chain is aperiodic); those whose semigroup has at
    most SEMIGROUP_ELEMENTS elements, so that the oracles stay cheap."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        family = len(out) % 3
        n = int(rng.integers(5, 7 if family == 0 else 9))
        letters = "ab" if family == 0 or rng.random() < 0.6 else "abc"
        if family == 0:
            T = rng.integers(0, n, size=(n, len(letters)))
        elif family == 1:
            T = np.array([[int(rng.integers(q, n)) if rng.random() < 0.5 else q for _ in letters] for q in range(n)])
        else:
            T = np.sort(rng.integers(0, n, size=(n, len(letters))), axis=0)
        d = minimize(DFA(letters, T, int(rng.integers(0, n)) if family == 2 else 0, rng.random(n) < 0.5))
        if d.n_states < 5:
            continue
        try:
            transition_semigroup(d, limit=SEMIGROUP_ELEMENTS)
        except LimitExceeded:
            continue
        out.append(d)
    return out


CENSUS3 = list(minimal_dfas(3, "ab"))
SAMPLE4 = sample4(60, seed=126)
LARGER = random_larger(200)


@pytest.fixture(scope="module")
def structures():
    """Per DFA of the census, the sample and the larger ones: (dfa, semigroup, monoid)."""
    return [(d, structure_of(d, False), structure_of(d, True)) for d in CENSUS3 + SAMPLE4 + LARGER]


def _witness_ok(d, v, identity, monoid) -> bool:
    return (d.accepts(list(v.accepted)) and not d.accepts(list(v.rejected))
            and verify_identity_violation(d, identity, v, monoid=monoid).valid)


@pytest.mark.slow
def test_dot_depth_one_against_the_previous_decider(structures):
    verdicts = []
    compared = 0
    for i, (d, st, _) in enumerate(structures):
        holds, proof = decide_dot_depth_one(d, structure=st)
        if st.size <= ORACLE_ELEMENTS:
            old, _ = knast_holds(st)
            assert holds == old, d
            compared += 1
        # DD1 ⊆ aperiodic, by the DFA-level procedure (the larger ones' other oracle)
        assert not holds or decide_aperiodic(d).member, d
        if holds:
            assert proof.instantiations == len(st.idempotents) ** 2 * st.size ** 4
        else:
            # every witness was re-checked inside the decider; a quarter again here
            assert i % 4 or _witness_ok(d, proof, KNAST_IDENTITY, False), d
            assert not locally_testable.member(d), d        # LT ⊆ DD1
        # DD1 ⊆ LTL[P,Y] (B1 = J∗D ⊆ R∗D = LR)
        assert not holds or decide_locally_r_trivial(d).member, d
        verdicts.append(holds)
    # every DFA of the census, the 4-state sample and most of the 200 larger ones are compared
    assert compared >= len(CENSUS3) + len(SAMPLE4) + 150
    larger = verdicts[-len(LARGER):]
    assert 20 <= sum(larger) <= len(LARGER) - 20            # both answers among the larger ones


def test_dot_depth_one_against_the_identity_engine(structures):
    """Every instantiation, one by one, where the semigroup has at most 5 elements."""
    seen = set()
    for d, st, _ in structures[:len(CENSUS3):3]:
        if st.size > 5:
            continue
        ans = check_identities(d, KNAST_IDENTITY, monoid=False, structure=st)
        assert decide_dot_depth_one(d, structure=st)[0] == ans.holds, d
        seen.add(ans.holds)
    assert seen == {True, False}


def test_the_category_form_check_against_the_decider_and_the_enumeration(structures):
    """verify's re-decision of Knast's identity (checks/verify_knast.py: every pair of
    idempotents, left × right pairs, tuples in plain Python) equals the decider (numpy, one
    idempotent per regular D-class) on every DFA here, and the literal enumeration of the
    instantiations wherever that fits its budget; ``verify_identity_check`` routes Knast's
    identity on a semigroup to it; past its product budget it refuses."""
    enumerated, verdicts = 0, set()
    for i, (d, st, _) in enumerate(structures):
        got = verify_knast(d)
        assert got.valid == decide_dot_depth_one(d, structure=st)[0], d
        verdicts.add(got.valid)
        if i % 3 == 0 and len(st.idempotents) ** 2 * st.size ** 4 <= 200_000:
            assert enumerated_identity_check(d, KNAST_IDENTITY, monoid=False).valid == got.valid, d
            enumerated += 1
    assert verdicts == {True, False} and enumerated >= 100
    d = structures[-1][0]
    assert verify_identity_check(d, KNAST_IDENTITY, monoid=False).reason == verify_knast(d).reason
    assert "category form" not in verify_identity_check(d, KNAST_IDENTITY, monoid=True).reason
    with pytest.raises(LimitExceeded, match="category form"):
        verify_knast(d, max_products=10)


def test_da_against_the_identity_engine(structures):
    verdicts = {True: 0, False: 0}
    for d, _, st in structures:
        holds, proof = decide_da(d, structure=st)
        ans = check_identities(d, DA_IDENTITY, True, structure=st)
        assert holds == ans.holds, d
        if holds:
            assert proof.instantiations == ans.check.instantiations == st.size ** 2
        else:
            assert verdicts[False] % 4 or _witness_ok(d, proof, DA_IDENTITY, True), d
        # R-trivial ⊆ DA ⊆ aperiodic
        assert (not decide_r_trivial(d).member or holds) and (not holds or decide_aperiodic(d).member), d
        verdicts[holds] += 1
    assert min(verdicts.values()) >= 50


def test_one_idempotent_per_regular_d_class():
    """The representatives are idempotents, one in each regular D-class (J from the Cayley
    graphs' components, recomputed here from the ideals S¹sS¹ by brute force)."""
    for d in CENSUS3[::7] + SAMPLE4[::4]:
        st = structure_of(d, False)
        n = st.size
        T = st.multiply(*np.meshgrid(np.arange(n), np.arange(n), indexing="ij"))
        ideal = [frozenset([s, *T[s].tolist(), *T[:, s].tolist(), *T[T[:, s]].ravel().tolist()])
                 for s in range(n)]
        reps = regular_d_representatives(st).tolist()
        assert all(st.omega[e] == e for e in reps)
        assert len({ideal[e] for e in reps}) == len(reps)              # pairwise not J-related
        assert {ideal[e] for e in reps} == {ideal[int(e)] for e in st.idempotents}


def test_the_budget_is_refused_and_the_class_says_so():
    from attnlogic.definability.engine.classify import classify
    d = next(d for d in LARGER[1::3] if structure_of(d, False).size > 20)     # partially ordered: aperiodic
    with pytest.raises(LimitExceeded) as err:
        decide_dot_depth_one(d, Limits(instantiations=10))
    assert err.value.parameters == ("instantiations",)
    r = classify(d, classes=["DD1"], windows=(), limits=Limits(instantiations=10), certificates=False)
    assert r["DD1"].member is None and "instantiations" in r["DD1"].method


def test_verify_checks_the_instantiation_a_no_carries_at_any_size():
    """``verify --class DD1`` (and FO2[<], any class given by identities) checks a "no" by
    the failing instantiation it carries, on the DFA's runs; it re-decided the identities
    from scratch instead, and refused 67 of classify's own DD1 "no" answers on every 7th
    census language ≤ 3/ab as past the 200,000 instantiations (5⁶ per 5-element semigroup,
    more beyond).  A corrupted instantiation is refused."""
    from attnlogic.definability.engine.classify import classify
    from attnlogic.definability.engine.registry import language_class
    from attnlogic.definability.engine.verify_carried import _check_own

    seen = 0
    for i, d in enumerate(minimal_dfas(3, "ab")):
        if i % 14:
            continue
        j = classify(d, windows=(), classes=["DD1", "FO2[<]"]).to_json()["classes"]
        for name in ("DD1", "FO2[<]"):
            ans = j[name]
            if ans["member"] is not False:
                continue
            key = language_class(name)
            assert _check_own(d, key, ans, "", 0).valid, (i, name)
            seen += 1
            wit = ans["witness"]
            bad = [{**wit, "in": wit["out"], "out": wit["in"]},
                   {**wit, "relation": wit["relation"][::-1]},
                   {**wit, "assignment": {v: {**a, "word": a["word"] + a["word"][-1:]}
                                          for v, a in wit["assignment"].items()}},
                   {**wit, "sides": [wit["sides"][1], wit["sides"][0]]}]
            for w in bad:
                got = _check_own(d, key, {**ans, "witness": w}, "", 0)
                assert not got.valid, (i, name, w)
    assert seen >= 40
