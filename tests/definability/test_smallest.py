"""Small certificates by bottom-up enumeration: the packed behaviours against the reference
evaluator, every found formula against an independent DFA construction, and the classifier
using what the search finds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from attnlogic.definability.engine.classify import classify
from attnlogic.ltl.fragments import Fragment
from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.automata.minimize import minimize
from attnlogic.automata.operations import equivalent
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.certify.smallest import behaviour, behaviour_sample, smallest_formula
from attnlogic.ltl import parse, truth_values
from attnlogic.ltl.strategies import formulas

ABC = ("a", "b", "c")
FRAGMENTS = ["LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]", "LTL[Y<=2]", "LTL[P,Y<=2]", "LTL[Y<=3]"]


@settings(max_examples=300, deadline=None)
@given(formulas(atoms=ABC, max_size=12, fragment="all"))
def test_packed_behaviour_is_the_reference_semantics(f):
    """T (letter positions) and E (readout after every prefix, incl. the empty word) of the
    enumeration's bitwise operators equal the reference evaluator's truth values."""
    words = behaviour_sample(3, n_words=64, length=7, seed=3)
    T, E = behaviour(f, words, ABC)
    for w in range(0, 64, 7):
        word = [ABC[i] for i in words[w]]
        assert T[:, w].tolist() == truth_values(f, word)[:-1].tolist()
        for n in range(len(word) + 1):
            assert bool(E[n, w]) == bool(truth_values(f, word[:n])[-1])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FRAGMENTS), st.data())
def test_found_formulas_are_in_the_fragment_and_define_the_language(fragment, data):
    f = data.draw(formulas(atoms=("a", "b"), max_size=7, fragment=fragment, constants=False))
    dfa = minimize(formula_to_dfa(f, ["a", "b"]))
    g = smallest_formula(dfa, fragment, max_size=f.size, budget=20_000)
    if g is None:
        return
    assert g.size <= f.size
    assert Fragment.parse(fragment).allows(g)
    assert equivalent(minimize(formula_to_dfa(g, ["a", "b"])), dfa)   # not the search's own check


KNOWN = [  # (language, alphabet, fragment, a formula of the fragment that defines it)
    ("re:(a|b)*b", "ab", "LTL[Y]", "Y b"),
    ("re:b(a|b)*", "ab", "LTL[P]", "P (b & !P true)"),
    ("re:(ab)*", "ab", "LTL[P,Y]", "!P true | (Y b & !P (a & Y a) & !P (b & Y b) & !P (b & !P true))"),
    ("re:(a|y)*ax*", "axy", "LTL[S]", "x S (a & !P x)"),
    ("!!Y[<=3] ((Y[<=3] a -> false) & Y[<=3] c)", "abc", "LTL[Y<=3]",
     "Y[<=3] (Y[<=3] c & !Y[<=3] a)"),
]


def _dfa(source: str, alphabet: str):
    if source.startswith("re:"):
        return minimize(regex_to_dfa(source[3:], list(alphabet)))
    return minimize(formula_to_dfa(parse(source), list(alphabet)))


@pytest.mark.parametrize("source, alphabet, fragment, known", KNOWN)
def test_search_finds_formulas_no_larger_than_known_ones(source, alphabet, fragment, known):
    dfa = _dfa(source, alphabet)
    h = parse(known)
    assert Fragment.parse(fragment).allows(h) and equivalent(minimize(formula_to_dfa(h, list(alphabet))), dfa)
    g = smallest_formula(dfa, fragment, max_size=h.size, budget=400_000)
    assert g is not None and g.size <= h.size
    assert equivalent(minimize(formula_to_dfa(g, list(alphabet))), dfa)
    assert smallest_formula(dfa, fragment, max_size=h.size, budget=400_000) is g   # deterministic


def test_budget_bounds_the_search():
    dfa = _dfa("re:(ab)*", "ab")
    assert smallest_formula(dfa, "LTL[P,Y]", max_size=14, budget=1_000) is None
    with pytest.raises(ValueError):
        smallest_formula(dfa, "LTL[Q]")


def test_classifier_prints_small_certificates_it_could_not_print_before():
    """The type refinement proves membership at depth 2 with a formula of ~5·10^4 nodes as a
    tree, printed as a DAG with shared definitions when the certificate budget allows its
    construction (the default one does not: the answer says so); the enumeration gives a
    7-node one.  search_budget=0 is the control; certificate_seconds=0 keeps the wall-clock
    retry (which builds it when the machine is fast enough) out of the control."""
    dfa = _dfa("!!Y[<=3] ((Y[<=3] a -> false) & Y[<=3] c)", "abc")
    default = classify(dfa, windows=(3,), max_depth=2, search_budget=0,
                       certificate_seconds=0)["LTL[Y<=3]"]
    assert default.member is True and default.formula is None
    assert "no certificate: building the type formula needs" in default.method
    without = classify(dfa, windows=(3,), max_depth=2, search_budget=0,
                       certificate_factor=10_000)["LTL[Y<=3]"]
    assert without.member is True and without.formula is not None and without.formula.size > 7
    assert equivalent(minimize(formula_to_dfa(without.formula, list("abc"))), dfa)
    with_search = classify(dfa, windows=(3,), max_depth=2, search_budget=100_000)["LTL[Y<=3]"]
    assert with_search.member is True and with_search.formula is not None
    assert with_search.formula.size <= 7 and "enumeration" in with_search.method
    assert equivalent(minimize(formula_to_dfa(with_search.formula, list("abc"))), dfa)


def test_classifier_reuses_a_smaller_formula_of_a_subfragment():
    """(ab)*: LTL[S] gets the LTL[P,Y] certificate when nothing smaller is found; every
    certificate stays in its fragment.  The 12-node LTL[P,Y] formula takes a search of
    about 10^5 candidates: a certificate budget beyond the default."""
    C = classify(_dfa("re:(ab)*", "ab"), certificate_factor=10_000)
    py, s = C["LTL[P,Y]"], C["LTL[S]"]
    assert py.formula is not None and py.formula.size <= 12
    assert s.formula is not None and s.formula.size <= py.formula.size
    for r in C.results:
        if r.formula is not None:
            assert Fragment.parse(r.fragment).allows(r.formula)
            assert equivalent(minimize(formula_to_dfa(r.formula, ["a", "b"])), C.dfa)


def test_sample_is_exhaustive_up_to_its_prefix_length():
    words = behaviour_sample(3, n_words=512, length=12)
    prefixes = {tuple(w[:5]) for w in words}
    assert len(prefixes) == 3 ** 5 and words.shape == (512, 12)
    assert np.array_equal(words, behaviour_sample(3, n_words=512, length=12))


# -- hints: the formula a user gave ------------------------------------------------------------
HINTED = "Y[<=3] (P Y[<=3] (true -> a) & (b & b))"


def test_a_checked_hint_settles_an_undecided_fragment():
    """Depth-3 type refinement for LTL[P,Y<=3] and the occurrence forms' automata exceed the
    limit (undecided without the hint); the given formula lies in LTL[P,Y<=3] and defines L,
    which proves membership."""
    f = parse(HINTED)
    dfa = _dfa(HINTED, "ab")
    plain = classify(dfa, windows=(3,), limit=4_000, search_budget=0)["LTL[P,Y<=3]"]
    assert plain.member is None
    hinted = classify(dfa, windows=(3,), limit=4_000, search_budget=0, hints=(f,))
    r = hinted["LTL[P,Y<=3]"]
    assert r.member is True and Fragment.parse("LTL[P,Y<=3]").allows(r.formula)
    assert equivalent(minimize(formula_to_dfa(r.formula, ["a", "b"])), dfa)
    # its rewriting without windows is an LTL[P,Y] certificate (the synthesis's is unprintable)
    py = hinted["LTL[P,Y]"]
    assert py.formula is not None and Fragment.parse("LTL[P,Y]").allows(py.formula)
    assert equivalent(minimize(formula_to_dfa(py.formula, ["a", "b"])), dfa)


def test_a_wrong_hint_changes_nothing():
    dfa = _dfa("Y a", "ab")
    plain = classify(dfa, search_budget=0)
    hinted = classify(dfa, search_budget=0, hints=(parse("Y b"), parse("P a")))
    assert [(r.member, r.formula) for r in plain.results] == [(r.member, r.formula) for r in hinted.results]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["LTL[Y<=2]", "LTL[P,Y<=2]", "LTL[Y<=3]", "LTL[P,Y<=3]"]), st.data())
def test_with_its_formula_as_hint_every_formula_is_a_member_of_its_fragment(fragment, data):
    f = data.draw(formulas(atoms=("a", "b"), max_size=10, fragment=fragment))
    dfa = minimize(formula_to_dfa(f, ["a", "b"]))
    k = int(fragment.split("<=")[1].rstrip("]"))
    r = classify(dfa, windows=(k,), max_depth=1, search_budget=0, hints=(f,))[fragment]
    assert r.member is True and r.formula is not None and Fragment.parse(fragment).allows(r.formula)


def _defines(f, dfa, letters) -> bool:
    """The independent check: the formula's own DFA (compositional construction) is
    equivalent to the language's."""
    return equivalent(minimize(formula_to_dfa(f, list(letters))), dfa)


def test_small_certificates_of_the_issue():
    """issue 38: "contains a" was certified by `P (a & !P a)` (the synthesis's "the state
    before N+1 is the accepting one"), (b|ab)* in LTL[P,Y] by 27 nodes with
    `(Y true & b | !Y true & b)` in them.  Both get what a short search finds; each
    certificate checked here by the independent formula→DFA translation."""
    contains = regex_to_dfa("(a|b)*a(a|b)*", "ab")
    C = classify(contains)
    for name in ("LTL[P]", "LTL[P,Y]", "LTL[S]", "LTL[P,Y<=2]"):
        assert str(C[name].formula) == "P a"
    no_aa = regex_to_dfa("(b|ab)*", "ab")
    f = classify(no_aa)["LTL[P,Y]"].formula
    assert f is not None and f.size <= 9 and Fragment.parse("LTL[P,Y]").allows(f)
    assert _defines(f, no_aa, "ab")


def test_search_budget_zero_still_shrinks_and_stays_exact():
    """search_budget=0 turns the short search off; the greedy shrinking (checked exactly at
    every step) still removes the redundant conjunct of `P (a & !P a)`."""
    d = regex_to_dfa("(a|b)*a(a|b)*", "ab")
    r = classify(d, search_budget=0)["LTL[P]"]
    assert str(r.formula) == "P a" and "enumeration" not in r.method


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formulas(atoms=("a", "b"), max_size=10, fragment="all"))
def test_the_sample_filter_never_rejects_a_defining_formula(f):
    """SampleFilter is a necessary condition: a formula passes on the DFA of its own
    language (whatever it evaluated before, memoised), and a formula that fails differs
    from that language on some sample prefix (the reference evaluator confirms)."""
    from attnlogic.definability.certify.smallest import SampleFilter

    d = minimize(formula_to_dfa(f, ["a", "b"]))
    sample = SampleFilter(d)
    assert sample.passes(f)
    g = parse("P a & !Y b")
    if not sample.passes(g):
        words = sample.words
        assert any(bool(truth_values(g, [("a", "b")[i] for i in w[:n]])[-1]) != d.accepts([("a", "b")[i] for i in w[:n]])
                   for w in words for n in range(words.shape[1] + 1))
    assert sample.passes(f)                      # memoised values give the same answer


def test_shrinking_with_the_filter_gives_what_shrinking_without_it_gives():
    """The filter drops only candidates the exact check would refuse: unbounded, the greedy
    shrinking reaches the same formula with it and without it, in fewer exact checks."""
    from attnlogic.definability.certify.smallest import SampleFilter
    from attnlogic.definability.certify.synthesis import shrink

    d = regex_to_dfa("(b|ab)*", "ab")
    f = parse("Y (!P (a & Y (Y true & a | a)) & (Y true & b | !Y true & b)) | !Y true")
    allowed = Fragment.parse("LTL[P,Y]").allows
    plain, filtered = {}, {}
    g = shrink(f, d, allowed, max_checks=10_000, stats=plain)
    h = shrink(f, d, allowed, max_checks=10_000, stats=filtered, prefilter=SampleFilter(d).passes)
    assert g is h and g.size < f.size and _defines(g, d, "ab")
    assert filtered["work"] < plain["work"]
