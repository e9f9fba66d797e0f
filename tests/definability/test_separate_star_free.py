"""Separation by LTL[S] (star-free = FO[<] = masked hard attention) through the aperiodic
pointlike sets (definability/separation/aperiodic_pointlikes.py).  Oracles: classify's
LTL[S] verdict (L against its complement), separators checked on every short word by the
formula's reference semantics (ltl/evaluate.py), derivations re-checked step by step from
their words, pumped pairs by ``verify``, and tampered proofs refused."""

from __future__ import annotations

import json
from itertools import product as words_of

import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.operations import complement
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.cli import main
from attnlogic.definability.checks.verify import verify_witness
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation import separate_languages as sl
from attnlogic.definability.separation.aperiodic_pointlikes import (PointlikeDerivation, PumpedPair, decide_star_free,
                                                                    pumped_pair, saturate)
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits
from attnlogic.ltl import parse
from attnlogic.ltl.evaluate import accepts

#: not separable, and no single word u pumps: the derivation needs the ω-set {a, aa} on both
#: sides of b (a^(2n+1)·b·a^(2n) ∈ L1, a^(2n)·b·a^(2n+1) ∈ L2)
TWO_SIDED = ("(a(a|b))*", "(a(a|b))*b((a|b)(a|b))*a")


def _words(letters, n):
    for length in range(n + 1):
        yield from words_of(letters, repeat=length)


def _check_separator(ans, d1, d2, n=7):
    """L1 ⊆ K and K ∩ L2 = ∅ on every word up to length n, K read by its own certificate:
    the formula by the reference evaluator, a profile separator by profiles of the words."""
    sep = ans.separator
    formula = parse(sep.formula) if isinstance(sep, sl.FormulaSeparator) else None
    for w in _words(range(len(d1.alphabet)), n):
        text = [d1.alphabet[a] for a in w]
        inside = accepts(formula, text) if formula is not None else sep.contains(w)
        if d1.accepts(text):
            assert inside, (w, sep.text())
        if d2.accepts(text):
            assert not inside, (w, sep.text())


def test_census_3_complement_gives_classify_verdict_by_the_saturation():
    """For every minimal DFA of ≤ 3 states over ab, the saturation on L against its
    complement finds a pointlike pair exactly when classify says L ∉ LTL[S]; every
    derivation re-checks; the pumped pairs of every 7th language pass verify on both."""
    for i, d in enumerate(minimal_dfas(3, "ab")):
        c = complement(d)
        member = classify(d, windows=(), certificates=False)["LTL[S]"].member
        der = saturate(d, c, families=False)
        assert (der is None) is member, d
        if der is not None:
            assert der.check(d, c)
        pair = pumped_pair(d, c)
        assert (pair is None) is member, d              # a counter is a word u of ≤ 8 letters here
        if pair is not None:
            assert pair.check(d, c)
        if pair is not None and i % 7 == 0:
            w1, w2 = pair.words(1)
            for dd in (d, c):
                text = lambda w: [dd.alphabet[a] for a in w]          # noqa: E731
                assert verify_witness(dd, "LTL[S]", text(w1), text(w2), family=True).valid


def test_census_separate_sample_with_separators():
    """separate(L, A* ∖ L, 'LTL[S]') on every 9th language of ≤ 3 states and every 1,500th of
    ≤ 4 states over ab: classify's verdict, every separator checked on words, every proof
    re-checked; a 'yes' always comes with a separator here."""
    ds = list(minimal_dfas(3, "ab"))[::9] + list(minimal_dfas(4, "ab"))[::1500]
    for d in ds:
        c = complement(d)
        member = classify(d, windows=(), certificates=False)["LTL[S]"].member
        ans = sl.separate(d, c, "LTL[S]")
        assert ans.separable is member, d
        if member:
            assert ans.separator is not None
            _check_separator(ans, d, c, n=6)
        else:
            assert sl.verify_proof(ans.proof, d, c)


@pytest.mark.parametrize("r1,r2", [("(aa)*", "a(aa)*"), ("(aa)*b", "a(aa)*b"), ("((a|b)(a|b))*", "(a|b)((a|b)(a|b))*")])
def test_parity_is_not_separable_with_a_pumped_family(r1, r2):
    d1, d2 = regex_to_dfa(r1, "ab"), regex_to_dfa(r2, "ab")
    ans = sl.separate(d1, d2, "masked_hard")
    assert ans.separable is False and isinstance(ans.proof, PointlikeDerivation)
    fam = ans.proof.family
    assert isinstance(fam, PumpedPair) and ans.proof.check(d1, d2)
    for n in range(1, 5):                           # the family, run on the DFAs
        u, v = fam.words(n)
        assert d1.accepts([d1.alphabet[a] for a in u]) and d2.accepts([d2.alphabet[a] for a in v])
        assert len(v) - len(u) in (1, -1)


def test_two_sided_pumping_needs_the_saturation():
    d1, d2 = (regex_to_dfa(r, "ab") for r in TWO_SIDED)
    assert pumped_pair(d1, d2) is None
    der = saturate(d1, d2)
    assert der is not None and der.check(d1, d2) and der.family is None
    assert any(len(s[1]) > 1 for s in der.steps if s[0] == "product")
    # the family behind it, by brute force: a^(2n+1) b a^(2n) ∈ L1, a^(2n) b a^(2n+1) ∈ L2
    for n in range(1, 5):
        assert d1.accepts("a" * (2 * n + 1) + "b" + "a" * (2 * n))
        assert d2.accepts("a" * (2 * n) + "b" + "a" * (2 * n + 1))
    assert sl.separate(d1, d2, "LTL[S]").separable is False


@pytest.mark.parametrize("r1,r2", [("(ab)*", "(ab)*a"), ("a*", "b(a|b)*"), ("(ab)*", "(a|b)*(aa|bb)(a|b)*"),
                                   ("(aa)*", "(aa)*b"), ("(a(a|b))*", "b(a|b)*"), ("(aa)*ba*", "(a|b)*b(a|b)*b(a|b)*")])
def test_known_star_free_separators(r1, r2):
    d1, d2 = regex_to_dfa(r1, "ab"), regex_to_dfa(r2, "ab")
    ans = sl.separate(d1, d2, "LTL[S]")
    assert ans.separable is True and ans.separator is not None
    _check_separator(ans, d1, d2)


@pytest.mark.parametrize("edit", ["drop", "swap_source", "wrong_pair", "bad_omega", "fake_word"])
def test_tampered_derivations_are_refused(edit):
    d1, d2 = (regex_to_dfa(r, "ab") for r in TWO_SIDED)
    der = saturate(d1, d2)
    j = der.to_json(d1.alphabet)
    read = sl._reader(d1.alphabet)
    assert sl.derivation_from_json(j, read).check(d1, d2)
    steps = j["steps"]
    if edit == "drop":                  # a product set missing an element
        last = next(s for s in reversed(steps) if len(s["set"]) > 1 and s["by"] == "product")
        last["set"] = last["set"][:-1]
    elif edit == "swap_source":         # X·Y claimed where Y·X was computed
        last = next(s for s in reversed(steps) if s["by"] == "product" and s["of"][0] != s["of"][1])
        last["of"] = last["of"][::-1]
    elif edit == "wrong_pair":          # a word of L1 in place of the L2 word
        j["in_L2"] = j["in_L1"]
    elif edit == "bad_omega":           # an ω-step claimed on a singleton that does not give it
        om = next(s for s in steps if s["by"] == "omega")
        om["of"] = [next(i for i, s in enumerate(steps) if s["by"] == "word" and s["set"] == ["b"])]
    else:                               # a "word" step with two words
        steps[0]["set"] = steps[0]["set"] + ["b"]
    assert not sl.derivation_from_json(j, read).check(d1, d2)


def test_budgets_refuse_clearly():
    d1, d2 = (regex_to_dfa(r, "ab") for r in TWO_SIDED)
    with pytest.raises(LimitExceeded):
        saturate(d1, d2, Limits.of(limit=3))
    with pytest.raises(LimitExceeded):
        saturate(d1, d2, work_budget=5)
    out = decide_star_free(d1, d2, Limits.of(limit=3))
    assert out.separable is None and "limit" in out.method


def test_separable_without_a_separator_says_so_and_rechecks(monkeypatch):
    """When no separator is found the answer is still 'separable' by the theorem, with
    separator null; --check re-decides it by the saturation."""
    monkeypatch.setattr(sl, "candidate_separator", lambda *a, **k: None)
    monkeypatch.setitem(sl._SUBCLASSES, "LTL[S]", ())
    d1, d2 = regex_to_dfa("(ab)*", "ab"), regex_to_dfa("(ab)*a", "ab")
    ans = sl.separate(d1, d2, "LTL[S]")
    assert ans.separable is True and ans.separator is None and "theorem" in ans.method
    j = ans.to_json()
    assert j["separable"] is True and j["separator"] is None
    assert sl.check_answer(j, d1, d2)[0]
    assert not sl.check_answer(j, regex_to_dfa("(aa)*", "ab"), regex_to_dfa("a(aa)*", "ab"))[0]


@pytest.mark.parametrize("r1,r2,separable", [TWO_SIDED + (False,), ("(aa)*", "a(aa)*", False),
                                             ("(ab)*", "(a|b)*(aa|bb)(a|b)*", True)])
def test_cli_json_and_check(tmp_path, capsys, r1, r2, separable):
    argv = ["separate", "--regex", r1, "--regex", r2, "--by", "LTL[S]"]
    assert main(argv + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["separable"] is separable
    if not separable:
        assert out["proof"]["kind"] == "aperiodic pointlike" and out["proof"]["steps"]
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(out), encoding="utf-8")
    assert main(argv + ["--check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("valid")
    if not separable:                   # a tampered step: NOT valid, exit 1
        out["proof"]["steps"][-1]["set"] = out["proof"]["steps"][-1]["set"][:1]
        path.write_text(json.dumps(out), encoding="utf-8")
        assert main(argv + ["--check", str(path)]) == 1
        capsys.readouterr()
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert text.startswith("separable" if separable else "not separable")


def test_random_pairs_agree_with_the_saturation():
    """Random DFAs of 6–12 states against their complements and against disjoint random
    languages: every answer's proof re-checks (separate raises otherwise), a pumped pair
    implies that the saturation finds a pair too, and L against its complement follows
    classify's verdict."""
    import numpy as np
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.operations import intersection

    rng = np.random.default_rng(7)
    for _ in range(12):
        n = int(rng.integers(6, 13))
        d1 = DFA("ab", rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5).minimal()
        other = DFA("ab", rng.integers(0, 4, size=(4, 2)), 0, rng.random(4) < 0.5)
        for d2 in (complement(d1), intersection(complement(d1), other).minimal()):
            ans = sl.separate(d1, d2, "LTL[S]")
            if ans.separable is False:
                assert sl.verify_proof(ans.proof, d1, d2)
            try:
                der = saturate(d1, d2, families=False)
            except LimitExceeded:
                continue
            assert (der is None) is (ans.separable is True), (d1, d2)
        member = classify(d1, windows=(), certificates=False)["LTL[S]"].member
        assert sl.separate(d1, complement(d1), "LTL[S]").separable is member


def test_a_separator_of_the_pair_automaton(monkeypatch):
    """Neither L1 nor A* ∖ L2 is star-free here, yet a language of the pair automaton with
    one free pair accepted is: the separator found, checked on words by its formula, and
    re-checked by check_answer from its JSON."""
    import numpy as np
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.operations import intersection
    from attnlogic.definability.separation.aperiodic_pointlikes import candidate_separator

    d1 = DFA("ab", [[1, 2], [1, 0], [1, 1]], 0, np.array([True, False, True]))
    d2 = intersection(complement(d1), DFA("ab", [[1, 2], [0, 0], [1, 2]], 0, np.array([True, False, False]))).minimal()
    for d in (d1, complement(d2)):
        assert not classify(d, windows=(), certificates=False)["LTL[S]"].member
    assert saturate(d1, d2) is None
    formula, K, where = candidate_separator(d1, d2, Limits())
    assert "pair automaton" in where
    monkeypatch.setitem(sl._SUBCLASSES, "LTL[S]", ())
    ans = sl.separate(d1, d2, "LTL[S]")
    assert ans.separable is True and "pair automaton" in ans.separator.found_in
    _check_separator(ans, d1, d2)
    assert sl.check_answer(ans.to_json(), d1, d2)[0]
