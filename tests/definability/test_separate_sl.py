"""SL separation at every order (definability/separation/strictly_local_separation.py, §11.5 of
docs/decision-procedures.md), against independent oracles:

* membership: L against its complement is SL-separable iff ``classify`` says L ∈ SL, at the
  same least order (every minimal DFA of ≤ 3 states over ab, a sample of those of 4 states);
* the fixed orders (the tracker's product, §11.1): on random pairs, when SL[k] (k ≤ 3)
  separates, SL does, at an order ≤ k; when SL says "not separable", SL[1] … SL[3] fail too,
  and the chain's words at n = k are checked by windows computed from the words;
* brute force on short words: a word of L2 up to length 6 whose k-windows all occur in
  L1's words up to length 6 refutes SL[k], so the order found is above it;
* broken chains are refused by verify_proof and by ``separate --check`` (check_answer);
* MeSCaL's LT answers (tests/data/mescal; SL ⊆ LT): L ∉ LT there forces a window chain.
"""

from __future__ import annotations

from itertools import product as words_of

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement, difference
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation.separate_languages import check_answer, separate, verify_proof, word_profile
from attnlogic.definability.separation.strictly_local_separation import WindowChain, order_bound, window_chain
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits


def _least_k(d) -> int | None:
    r = classify(d, classes=("SL",), certificates=False)["SL"]
    return r.to_json()["certificate"]["k"] if r.member else None


def _factors(k, word) -> set:
    """The k-windows of ⋊word⋉ by the referee of the fixed orders (word_profile)."""
    return {f for f, _ in word_profile("factors", k, 1, word)}


def _membership(d):
    ans = separate(d, complement(d), "SL")
    k = _least_k(d)
    if ans.separable is None:                      # no chain (so SL separates) but SL[k] over budget
        assert k is not None and "SL separates them" in ans.method, d
        return
    assert ans.separable is (k is not None), d
    if ans.separable:
        assert ans.separator.k == k and ans.separator.cls == f"SL[{k}]", (d, ans.separator.k, k)
    else:
        assert isinstance(ans.proof, WindowChain) and verify_proof(ans.proof, d, complement(d))


def test_membership_reduction_census_3():
    """Every minimal DFA of ≤ 3 states over ab (1,054): SL verdict and least order of classify."""
    for d in minimal_dfas(3, "ab"):
        _membership(d)


def test_membership_reduction_census_4_sample():
    """Every 400th minimal DFA of 4 states over ab and every 5th of ≤ 2 states over abc."""
    for d in list(minimal_dfas(4, "ab"))[1054::400]:
        _membership(d)
    for d in list(minimal_dfas(2, "abc"))[::5]:
        _membership(d)


def _random_dfa(rng, letters, n) -> DFA:
    table = rng.integers(0, n, size=(n, len(letters)))
    acc = rng.random(n) < 0.5
    return DFA(tuple(letters), table, 0, acc).minimal()


def _words(m, n):
    for length in range(n + 1):
        yield from words_of(range(m), repeat=length)


#: a budget that keeps the fixed orders' products small (a test of seconds)
SMALL = Limits(type_states=8_000, synthesis_states=8_000)


def _fixed(d1, d2, k):
    """SL[k]'s answer by the tracker's product (None: over the budget)."""
    try:
        return separate(d1, d2, f"SL[{k}]", limits=SMALL).separable
    except LimitExceeded:
        return None


@pytest.mark.parametrize("letters,seed", [("ab", 11), ("abc", 12)])
def test_against_fixed_orders_and_brute_force(letters, seed):
    rng = np.random.default_rng(seed)
    kinds = set()
    for i in range(24 if letters == "ab" else 10):
        d1 = _random_dfa(rng, letters, int(rng.integers(1, 5)))
        d2 = _random_dfa(rng, letters, int(rng.integers(1, 5)))
        if i % 3:                                   # mostly disjoint: no common word to fall back on
            d2 = difference(d2, d1).minimal()
        ans = separate(d1, d2, "SL", limits=SMALL)
        assert ans.separable is not None or "exceeds the budget" in ans.method, (d1, d2)
        orders = (1, 2, 3) if letters == "ab" else (1, 2)
        fixed = {k: _fixed(d1, d2, k) for k in orders}
        if ans.separable is False:
            assert verify_proof(ans.proof, d1, d2)
            assert not any(fixed.values()), (fixed, d1, d2)          # False or over budget
            if not isinstance(ans.proof, WindowChain):               # a common word (L1 ∩ L2 ≠ ∅)
                kinds.add("common word")
                continue
            kinds.add("chain")
            for k in orders:                       # the family's word at n = k, windows from the words
                v, ones = ans.proof.words(k)
                assert d2.accepts([letters[a] for a in v])
                assert all(d1.accepts([letters[a] for a in u]) for u in ones)
                assert _factors(k, v) <= set().union(*(_factors(k, u) for u in ones))
        elif ans.separable:
            kinds.add("separator")
            k = ans.separator.k
            assert fixed.get(k, True) is True and not any(fixed[j] for j in orders if j < k), (fixed, k)
            text = lambda w: [letters[a] for a in w]          # noqa: E731
            ws = list(_words(len(letters), 6 if letters == "ab" else 4))
            allowed = {f for w in ws if d1.accepts(text(w)) for f in _factors(k, w)}
            for w in ws:
                if d1.accepts(text(w)):
                    assert ans.separator.dfa.accepts(text(w))
                if d2.accepts(text(w)):
                    assert not ans.separator.dfa.accepts(text(w))
                    assert not _factors(k, w) <= allowed          # a brute-force refutation of SL[k] would contradict
        for k in orders:                            # whenever a fixed order separates, SL does
            if fixed[k]:
                assert ans.separable is True or (ans.separable is None and "exceeds" in ans.method)
    assert "chain" in kinds and "separator" in kinds


def test_a_chain_of_several_blocks():
    """a*ba*ca* against a*ca*ba*: the word aⁿcaⁿbaⁿ of L2 has only windows of L1's words
    (two jumps), so no SL language separates them; the one-block window family alone does not
    see it."""
    d1, d2 = regex_to_dfa("a*ba*ca*", "abc"), regex_to_dfa("a*ca*ba*", "abc")
    chain = window_chain(d1, d2, 10_000)
    assert chain is not None and len(chain.z) >= 2 and verify_proof(chain, d1, d2)
    ans = separate(d1, d2, "SL")
    assert ans.separable is False
    ok, why = check_answer(ans.to_json(), d1, d2)
    assert ok, why
    for k in (1, 2):
        assert separate(d1, d2, f"SL[{k}]").separable is False


def test_broken_chains_are_refused():
    d1, d2 = regex_to_dfa("a*ba*ca*", "abc"), regex_to_dfa("a*ca*ba*", "abc")
    c = window_chain(d1, d2, 10_000)
    assert not verify_proof(WindowChain(c.x, tuple(() for _ in c.z), c.u, c.w), d1, d2)     # z = ε
    assert not verify_proof(WindowChain(c.x[:-1] + (c.x[-1] + (1,),), c.z, c.u, c.w), d1, d2)  # leaves L2
    assert not verify_proof(WindowChain(c.x, c.z, c.u[:-1], c.w), d1, d2)                  # a part missing
    j = separate(d1, d2, "SL").to_json()
    j["proof"]["x"][-1] += "b"
    ok, _ = check_answer(j, d1, d2)
    assert not ok


def test_separable_beyond_the_one_block_family_and_the_bound():
    """(a|b)*abb against (a|b)*bbb: no chain; SL separates them (at order 4, found with a
    larger budget), and the order lies below the proved bound."""
    d1, d2 = regex_to_dfa("(a|b)*abb", "ab"), regex_to_dfa("(a|b)*bbb", "ab")
    assert window_chain(d1, d2, 10_000) is None
    ans = separate(d1, d2, "SL", limits=Limits(type_states=200_000, synthesis_states=200_000))
    assert ans.separable is True and ans.separator.k == 4 <= order_bound(d1.n_states, d2.n_states)
    assert separate(d1, d2, "SL[3]").separable is False
    small = separate(d1, d2, "SL", limits=SMALL)   # a small budget: no separator claimed
    assert small.separable is None and "SL separates them" in small.method


def test_a_saved_one_block_window_family_is_still_re_checked():
    """Answers saved by earlier versions (`window family`: x·zⁿ·y ∈ L2 with windows in x·zⁿ·w,
    u·zⁿ·y ∈ L1) are read back and re-checked; a wrong one is refused."""
    d1, d2 = regex_to_dfa("(aa)*", "a"), regex_to_dfa("a(aa)*", "a")
    answer = {"by": "SL", "separable": False, "method": "saved", "separator": None,
              "proof": {"kind": "window family", "x": "a", "z": "aa", "y": "", "w": "a", "u": ""}}
    assert check_answer(answer, d1, d2)[0]
    answer["proof"]["w"] = ""                       # x·zⁿ is odd: not in L1
    assert not check_answer(answer, d1, d2)[0]


def test_mescal_lt_answers_bound_sl_separation():
    """MeSCaL decides no SL question, but SL ⊆ LT: where MeSCaL says L ∉ LT (its shipped answers,
    tests/data/mescal), L ∉ SL, so L against its complement must have a window chain (re-checked
    by verify_proof); and where L ∈ SL (classify), MeSCaL must say L ∈ LT."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent.parent / "data" / "mescal" / "mescal_answers.json").read_text())
    letters = tuple(data["alphabet"])
    lt = data["membership"]["answers"]["LT"]
    outside = 0
    for lang, answer in zip(data["languages"], lt):
        table = np.asarray(lang["table"], dtype=np.int64)
        acc = np.zeros(len(table), dtype=bool)
        acc[lang["accepting"]] = True
        d = DFA(letters, table, 0, acc).minimal()
        c = complement(d)
        chain = window_chain(d, c, 10 ** 6)
        if answer == "0":
            outside += 1
            assert chain is not None and verify_proof(chain, d, c), lang
        elif chain is None:                        # no chain: L ∈ SL ⊆ LT
            assert answer == "1", lang
    assert outside > 500
