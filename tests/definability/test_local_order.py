"""The least order of LT and LTT by the path category of the de Bruijn graph
(definability/subregular/local_order.py) against two independent oracles:

* the exact profile test of definability/algebra/profiles.py (sets / capped counts of k-factors ×
  DFA states), at every order k ≤ 3 and threshold t ≤ 3 it reaches, on every minimal DFA
  with ≤ 3 states over {a, b} and on seeded random minimal DFAs of 4–6 states over two or
  three letters — whether or not the language is in the class;
* a brute force written here: the k-profiles (counts capped at t) of all words up to a
  length, computed on the words; "yes" at (k, t) means no two of them with one profile
  differ in membership, and "no" carries a pair whose profiles (computed here) agree and
  whose memberships differ.

The MLRegTest files of tests/data/mlregtest (four letters, where the profile test exceeds its
limit) get their least k from the path category; the brute force on their words up to
length 6 confirms it (and the file names' k, as documentation only).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.io import read_dfa_file
from attnlogic.automata.minimize import minimize
from attnlogic.definability.subregular import locally_testable, threshold_testable
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.subregular.fixed_order import decide_at
from attnlogic.definability.subregular.local_order import extended_table, least_orders, listed_profiles, order_test
from attnlogic.definability.algebra.profiles import Tracker, factor_profiles_at_least, profile_test
from attnlogic.definability.subregular import multiplication_table, semigroup
from attnlogic.definability.checks.verify_subregular import verify_answer, verify_certificate
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits

DATA = Path(__file__).parent.parent / "data" / "mlregtest"
BIG = 10 ** 7


def counts(word, k, t):
    """The k-factors of <word> with their counts capped at t (the whole marked word when
    shorter than k)."""
    m = ("<",) + tuple(word) + (">",)
    if len(m) < k:
        return frozenset({(m, 1)})
    c = Counter(m[i:i + k] for i in range(len(m) - k + 1))
    return frozenset((f, min(n, t)) for f, n in c.items())


def brute_consistent(dfa, words, k, t) -> bool:
    """No two of ``words`` with one (k, t)-profile differ in membership."""
    seen: dict = {}
    for w in words:
        p = counts(w, k, t)
        a = dfa.accepts(list(w))
        if seen.setdefault(p, a) != a:
            return False
    return True


def words_upto(alphabet, n):
    return [w for j in range(n + 1) for w in product(alphabet, repeat=j)]


def check_pair(dfa, pair, k, t):
    """The pair (letter indices): first in L, second not, equal (k, t)-profiles."""
    u, v = ([dfa.alphabet[i] for i in w] for w in pair)
    assert dfa.accepts(u) and not dfa.accepts(v)
    assert counts(u, k, t) == counts(v, k, t)


@lru_cache(maxsize=None)
def factors_tracker(k, t) -> Tracker:
    """One tracker per order and threshold for every DFA tested here: each of its states is
    stepped once (:meth:`Tracker.tables`), not once per DFA."""
    return Tracker("factors", k, t)


def exact(dfa, k, t, limit=200_000):
    ok, _ = profile_test(dfa, factors_tracker(k, t), limit)
    return ok


def compare_at_orders(dfa, orders, limit=200_000):
    """order_test against the profile test at every (k, t) of ``orders``; the witnesses
    are real."""
    S = semigroup(dfa, Limits())
    M1 = extended_table(multiplication_table(S))
    for k in sorted({k for k, _ in orders}):
        res = order_test(dfa, S, M1, k, BIG, BIG)
        if not res.commutes:
            check_pair(dfa, res.swap, k, max(len(w) for w in res.swap) + 2)
        elif res.index is not None and res.index > 1:
            check_pair(dfa, res.loop, k, res.index - 1)
        lt = order_test(dfa, S, M1, k, BIG, BIG, full=False)      # LT: closed walks only
        lt_yes = lt.commutes and lt.index == 1
        if not lt.commutes:
            check_pair(dfa, lt.swap, k, 1)
        elif lt.index is not None and lt.index > 1:
            check_pair(dfa, lt.loop, k, 1)
        assert lt_yes == (res.commutes and res.index == 1), (dfa, k)
        for t in sorted(t for kk, t in orders if kk == k):
            ours = res.commutes and res.index is not None and res.index <= t
            try:
                want = exact(dfa, k, t, limit)
            except LimitExceeded:
                continue
            assert ours == want, (dfa, k, t, res)


CENSUS = list(minimal_dfas(3, "ab"))
#: the orders compared on every census DFA (the profile test grows fast with k and t) …
ORDERS = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1)]
#: … and on every fourth
SOME_ORDERS = ORDERS + [(3, 2)]


def test_every_order_agrees_with_the_profile_test_on_the_census():
    for i, d in enumerate(CENSUS):
        compare_at_orders(d, SOME_ORDERS if i % 4 == 0 else ORDERS)


def random_dfas(count, seed):
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        n = int(rng.integers(4, 7))
        letters = "ab" if rng.random() < 0.6 else "abc"
        if rng.random() < 0.6:       # mostly partially ordered: more languages in the classes
            T = np.array([[int(rng.integers(q, n)) if rng.random() < 0.6 else q for _ in letters]
                          for q in range(n)])
        else:
            T = rng.integers(0, n, size=(n, len(letters)))
        d = minimize(DFA(letters, T, 0, rng.random(n) < 0.5))
        if d.n_states >= 4 and semigroup(d, Limits()).size <= 300:
            out.append(d)
    return out


def test_every_order_agrees_with_the_profile_test_on_random_dfas():
    ds = random_dfas(60, seed=26)
    members = 0
    for d in ds:
        compare_at_orders(d, [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1)], limit=50_000)
        members += bool(threshold_testable.member(d))
    assert 0 < members < len(ds)          # both answers occur


def test_the_least_orders_of_random_dfas_verify_and_pass_the_brute_force():
    """The least (k, t) of every random DFA in LT or LTT (up to k = 5 here): consistent on
    all words up to length 7, its pair below real, its certificate verified."""
    orders = set()
    for d in random_dfas(60, seed=26):
        words = words_upto(d.alphabet, 7 if len(d.alphabet) == 3 else 9)
        for name, mod in (("LT", locally_testable), ("LTT", threshold_testable)):
            ans = mod.decide(d)
            if not ans.member:
                continue
            k, t = ans.k, ans.t or 1
            orders.add((name, k, t))
            assert brute_consistent(d, words, k, t), (name, d, k, t)
            w = ans.below
            assert d.accepts(list(w.ins[0])) and not d.accepts(list(w.outs[0]))
            assert counts(w.ins[0], w.k, w.t or 1) == counts(w.outs[0], w.k, w.t or 1)
            assert verify_answer(d, name, {"certificate": ans.to_json()}).valid
    assert len(orders) >= 5, orders


def test_the_least_orders_agree_with_the_brute_force_on_the_census():
    words = words_upto("ab", 8)
    seen = {"LT": Counter(), "LTT": Counter()}
    for d in CENSUS:
        for name, mod in (("LT", locally_testable), ("LTT", threshold_testable)):
            ans = mod.decide(d)
            if not ans.member:
                continue
            k, t = ans.k, (ans.t or 1)
            seen[name][(k, t)] += 1
            assert brute_consistent(d, words, k, t), (name, d, k, t)
            # the pair below is a real counterexample at the order it names
            if ans.below is not None:
                w = ans.below
                u, v = w.ins[0], w.outs[0]
                assert d.accepts(list(u)) and not d.accepts(list(v))
                assert counts(u, w.k, w.t or 1) == counts(v, w.k, w.t or 1)
                assert (w.k, w.t or 1) < (k, t) or w.k < k
            else:
                assert (k, t) == (1, 1)
            if ans.certificate is not None:
                assert verify_answer(d, name, {"certificate": ans.to_json()}).valid
    # both classes meet several orders (so the comparison is not vacuous)
    assert len(seen["LT"]) >= 3 and len(seen["LTT"]) >= 4, seen


def mlregtest(name):
    return read_dfa_file(str(DATA / f"04.04.{name}.att"), alphabet="abcd")


@pytest.mark.parametrize("name, cls", [("LT.2.1.0", "LT"), ("LT.2.1.1", "LT"),
                                       ("LTT.2.2.1", "LTT"), ("LTT.2.2.6", "LTT")])
def test_mlregtest_files_get_their_least_order(name, cls):
    d = mlregtest(name)
    mod = locally_testable if cls == "LT" else threshold_testable
    ans = mod.decide(d)
    assert ans.member and ans.k is not None
    k, t = ans.k, ans.t or 1
    # the brute force on every word up to length 6: (k, t) is consistent ...
    words = words_upto("abcd", 6)
    assert brute_consistent(d, words, k, t)
    # ... and the pair below (checked on its own words) shows the order just below fails
    w = ans.below
    assert w is not None
    assert d.accepts(list(w.ins[0])) and not d.accepts(list(w.outs[0]))
    assert counts(w.ins[0], w.k, w.t or 1) == counts(w.outs[0], w.k, w.t or 1)
    assert verify_answer(d, cls, {"certificate": ans.to_json()}).valid
    # agreement with the benchmark's name (LT.k.…, LTT.k.t.…): documentation, not the oracle
    parts = name.split(".")
    assert k == int(parts[1]) and (cls == "LT" or t == int(parts[2]))


def test_a_budget_stops_the_search_with_its_reason():
    d = mlregtest("LT.2.1.0")
    S = semigroup(d, Limits())
    M = multiplication_table(S)
    k, t, below, why = least_orders(d, S, M, False, 40, BIG)
    assert k is None and "de Bruijn" in why
    ans = locally_testable.decide(d, Limits(synthesis_states=10))
    assert ans.member and ans.k is None and "not computed" in ans.method


def test_a_path_category_certificate_is_checked_by_the_verifier():
    """Over four letters the accepted profiles are not listed; the certificate is the order,
    which the verifier recomputes with its own code — and refuses at a wrong order."""
    for name, cls in (("LT.2.1.0", "LT"), ("LTT.2.2.1", "LTT")):
        d = mlregtest(name)
        ans = classify(d, windows=(), classes=[cls])[cls].certificate
        assert ans.certificate.to_json()["kind"] == "path category", ans.method
        j = ans.to_json()
        ok = verify_answer(d, cls, {"certificate": j})
        assert ok.valid and "computed here" in ok.reason
        lower = dict(j, k=1) if cls == "LT" else dict(j, t=1)
        assert not verify_answer(d, cls, {"certificate": lower}).valid
        bad = dict(j, below=dict(j["below"], out=j["below"]["in"]))
        assert not verify_answer(d, cls, {"certificate": bad}).valid
        # an answer with no certificate at all: only its pair below is checked, and it says so
        bare = {"k": j["k"], "below": j["below"]}
        check = verify_answer(d, cls, {"certificate": bare})
        assert check.valid and "not proved" in check.reason
        assert not verify_answer(d, cls, {"certificate": {"k": j["k"]}}).valid


def test_the_verifiers_path_category_agrees_with_the_profile_test():
    """verify_subregular's own computation (DFA transformations, no semigroup) at every
    (k, t) ≤ (2, 2) and (3, 1) on every third census DFA."""
    for d in CENSUS[::3]:
        for k, t in ((1, 1), (1, 2), (2, 1), (2, 2), (3, 1)):
            got = verify_certificate(d, "LTT", {"kind": "path category", "k": k, "t": t}).valid
            assert got == exact(d, k, t), (d, k, t)


def test_a_fixed_order_is_decided_by_the_path_category():
    """LT[k] and LTT[k,t] (definability/subregular/fixed_order.py) agree with the profile test on a
    sample of the census and answer the MLRegTest files, every answer verified."""
    for d in CENSUS[::9]:
        for base, k, t in (("LT", 1, None), ("LT", 2, None), ("LTT", 1, 2), ("LTT", 2, 1), ("LTT", 2, 2)):
            got = decide_at(base, k, t, d)
            assert got.member == exact(d, k, t or 1), (base, k, t, d)
            obj = {"certificate": got.to_json()} if got.member else {"witness": got.witness.to_json()}
            assert verify_answer(d, base, obj).valid, (base, k, t, d)
    d = mlregtest("LTT.2.2.1")
    for base, k, t, want in (("LT", 2, None, False), ("LTT", 1, 9, False), ("LTT", 2, 1, False),
                             ("LTT", 2, 2, True)):
        got = decide_at(base, k, t, d)
        assert got.member is want, (base, k, t, got.method)
        if want:
            assert brute_consistent(d, words_upto("abcd", 5), k, t or 1)
        else:
            assert verify_answer(d, base, {"witness": got.witness.to_json()}).valid


def test_letters_acting_alike_are_merged_without_changing_the_orders():
    """A copy c of the letter a (same column of the table): the least orders are the
    two-letter language's, its pairs are real in the three-letter one (profiles over
    {a, b, c}), and the verifier's path category agrees with the profile test there."""
    words = words_upto("abc", 6)
    for d in CENSUS[::5]:
        T = np.asarray(d.transitions)
        e = DFA("abc", np.concatenate([T, T[:, :1]], axis=1), d.initial, d.accepting)
        for name, mod in (("LT", locally_testable), ("LTT", threshold_testable)):
            a, b = mod.decide(d), mod.decide(e)
            assert (a.member, a.k, a.t) == (b.member, b.k, b.t), (name, d)
            if b.member:
                assert brute_consistent(e, words, b.k, b.t or 1)
                if b.below is not None:
                    w = b.below
                    assert e.accepts(list(w.ins[0])) and not e.accepts(list(w.outs[0]))
                    assert counts(w.ins[0], w.k, w.t or 1) == counts(w.outs[0], w.k, w.t or 1)
        for k, t in ((1, 1), (2, 1), (2, 2)):
            got = verify_certificate(e, "LTT", {"kind": "path category", "k": k, "t": t}).valid
            assert got == exact(e, k, t), (d, k, t)


def test_the_text_of_a_pair_below_names_its_threshold_truly():
    """An LTT pair below with equal exact counts is shown 'at any threshold'; one equal only
    up to its threshold t is shown 'with threshold t' (and its counts differ at t + 1)."""
    seen = Counter()
    for d in CENSUS:
        ans = threshold_testable.decide(d)
        if not ans.member or ans.below is None:
            continue
        w = ans.below
        u, v = w.ins[0], w.outs[0]
        line = ans.text().splitlines()[-1]
        if counts(u, w.k, BIG) == counts(v, w.k, BIG):
            assert line.startswith(f"not order {w.k} at any threshold:"), line
            seen["any"] += 1
        else:
            assert line.startswith(f"not order {w.k} with threshold {w.t}:"), line
            assert counts(u, w.k, w.t + 1) != counts(v, w.k, w.t + 1)
            seen["t"] += 1
    assert seen["any"] and seen["t"], seen


def distinct_factor_profiles(m, k, t):
    """The number of distinct factors profiles of all words over m letters (the tracker's
    states explored alone)."""
    tr = Tracker("factors", k, t)
    seen, frontier = {tr.start()}, [tr.start()]
    while frontier:
        frontier = [c for s in frontier for c in (tr.step(s, a) for a in range(m)) if c not in seen
                    and not seen.add(c)]
    return len({tr.profile(s) for s in seen})


@pytest.mark.parametrize("m, k, t", [(1, 1, 1), (1, 2, 3), (2, 1, 3), (2, 2, 1), (2, 2, 2), (2, 3, 1),
                                     (2, 3, 2), (3, 1, 2), (3, 2, 1), (3, 2, 2)])
def test_the_lower_bound_on_factor_profiles_is_one(m, k, t):
    got = distinct_factor_profiles(m, k, t)
    bound = factor_profiles_at_least(m, k, t, 10 ** 9)
    assert 1 <= bound <= got, (m, k, t, bound, got)
    assert factor_profiles_at_least(m, k, t, bound - 1) == bound     # capped just above
    assert factor_profiles_at_least(64, 3, 1, 50_000) == 50_001       # no big number


def test_the_profiles_refused_before_the_search_are_refused_by_it():
    """The early refusal (the lower bound over the limit) is what the search itself ends
    with on MLRegTest's four-letter LT and LTT files; on the census it never refuses."""
    for name, k, t in (("LT.2.1.0", 2, 1), ("LTT.2.2.1", 2, 2)):
        d = mlregtest(name)
        assert factor_profiles_at_least(4, k, t, 50_000) > 50_000
        with pytest.raises(LimitExceeded, match="before the search"):
            listed_profiles(d, k, t, 50_000)
        with pytest.raises(LimitExceeded):
            profile_test(d, Tracker("factors", k, t), 50_000)
    for d in CENSUS[::7]:
        ans = threshold_testable.decide(d)
        if ans.member:
            assert ans.certificate.to_json()["kind"] == "factors", ans.method
