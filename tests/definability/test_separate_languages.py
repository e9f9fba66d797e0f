"""Separation of two languages by a class (definability/separation/separate_languages.py): every
separator is checked on DFAs and on short words by profiles computed from the words; every
"not separable" proof passes verify_proof; brute force on short words and the membership
reduction (L against its complement gives classify's verdict) are the oracles."""

from itertools import product as words_of

import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.operations import complement
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation.separate_languages import (CommonWord, SameProfile, SuffixFamily, parse_class,
                                                       separate, verify_proof, word_profile)
from attnlogic.kernel.errors import InputError

FIXED = ("SL[2]", "LT[2]", "PT[2]", "LTT[2,2]", "SL[3]", "PT[3]", "SP[2]")
_KIND = {"SL": "factors", "SP": "subsequences", "LT": "factors", "LTT": "factors", "PT": "subsequences", "D": "suffix"}


def _words(n_letters, n):
    for length in range(n + 1):
        yield from words_of(range(n_letters), repeat=length)


def _check_answer(ans, d1, d2, n=7):
    """A separator: L1 ⊆ K, K ∩ L2 = ∅ on every word up to length n, K's DFA agreeing with
    the profile computed from the word; a proof: verify_proof."""
    if ans.separable:
        sep = ans.separator
        for w in _words(len(d1.alphabet), n):
            inside = sep.contains(w)
            assert inside == sep.dfa.accepts([d1.alphabet[a] for a in w])
            if d1.accepts([d1.alphabet[a] for a in w]):
                assert inside
            if d2.accepts([d1.alphabet[a] for a in w]):
                assert not inside
    elif ans.separable is False:
        assert verify_proof(ans.proof, ans_dfa(d1, ans), ans_dfa(d2, ans))


def ans_dfa(d, ans):
    return d.with_alphabet_order(ans.alphabet) if d.alphabet != ans.alphabet else d


def _brute_collision(base, k, t, d1, d2, n):
    """Two words up to length n, one of L1 and one of L2, with one profile (SL, SP: a word of
    L2 whose k-factors, subsequences of length ≤ k, all occur in words of L1) — None when there
    is none among them."""
    kind = _KIND[base]
    ws = list(_words(len(d1.alphabet), n))
    text = lambda w: [d1.alphabet[a] for a in w]
    p1 = {word_profile(kind, k, t, w): w for w in ws if d1.accepts(text(w))}
    items = (lambda p: {f for f, _ in p}) if kind == "factors" else set
    if base in ("SL", "SP"):
        allowed = set().union(*map(items, p1))
        return next((w for w in ws if d2.accepts(text(w)) and items(word_profile(kind, k, t, w)) <= allowed), None)
    return next((w for w in ws if d2.accepts(text(w)) and word_profile(kind, k, t, w) in p1), None)


PAIRS = [("a*", "b(a|b)*"), ("(a|b)*ab", "(a|b)*ba"), ("(ab)*", "(a|b)*aa(a|b)*"), ("(aa)*", "a(aa)*"),
         ("a*b", "b*a"), ("a(a|b)*b", "b(a|b)*a"), ("(a|b)*aab(a|b)*", "(a|b)*abb(a|b)*"),
         ("b*ab*ab*", "b*(ab*ab*ab*)+"), ("()", "a|b")]


@pytest.mark.parametrize("by", FIXED + ("D[1]", "D[2]", "D[3]"))
@pytest.mark.parametrize("pair", PAIRS)
def test_fixed_order_against_brute_force(by, pair):
    d1, d2 = (regex_to_dfa(r, "ab") for r in pair)
    ans = separate(d1, d2, by)
    _check_answer(ans, d1, d2)
    base, k, t = parse_class(by)
    collision = _brute_collision(base, k, t, d1, d2, 7)
    if collision is not None:
        assert ans.separable is False
    if ans.separable is False and isinstance(ans.proof, SameProfile):
        assert max(len(ans.proof.u), len(ans.proof.v)) <= 12


def test_random_pairs_of_census_languages_against_brute_force():
    ds = list(minimal_dfas(2, "ab"))
    for i, d1 in enumerate(ds):
        for d2 in ds[i::7]:
            for by in ("LT[2]", "PT[2]", "SL[2]", "SP[2]", "D[2]"):
                ans = separate(d1, d2, by)
                _check_answer(ans, d1, d2, n=6)
                base, k, t = parse_class(by)
                if _brute_collision(base, k, t, d1, d2, 6) is not None:
                    assert ans.separable is False


@pytest.mark.parametrize("by", ("SL[2]", "LT[2]", "PT[2]", "LTT[2,2]", "PT[3]", "SP[2]"))
def test_membership_reduction_fixed_orders(by):
    """L against its complement is separable iff L is in the class (classify's verdict):
    every minimal DFA of ≤ 3 states over ab (SP[2], the newest: every 5th)."""
    for d in list(minimal_dfas(3, "ab"))[::5 if by == "SP[2]" else 1]:
        member = classify(d, classes=(by,), certificates=False)[by].member
        ans = separate(d, complement(d), by)
        assert ans.separable is member, (by, d)


def test_membership_reduction_definite():
    """LTL[Y]: L against its complement is separable iff classify says L ∈ LTL[Y]."""
    for d in minimal_dfas(3, "ab"):
        member = classify(d, windows=(), certificates=False)["LTL[Y]"].member
        ans = separate(d, complement(d), "LTL[Y]")
        assert ans.separable is member, d
        _check_answer(ans, d, complement(d), n=5)


def test_membership_reduction_unbounded_classes_never_contradict_classify():
    """For the classes decided only in part, a verdict given agrees with classify's."""
    ds = list(minimal_dfas(3, "ab"))[::70]
    for d in ds:
        c = classify(d, certificates=False, classes=("PT", "LT", "SL", "FO2[<]"))
        for by in ("PT", "LT", "SL", "LTL[S]", "LTL[P]", "LTL[P,Y]", "FO2[<]", "LTL[Y<=2]"):
            ans = separate(d, complement(d), by)
            if ans.separable is not None:
                key = "LTL[Y<=2]" if by == "LTL[Y<=2]" else by
                assert ans.separable is c[key].member, (by, d)


def test_definite_family_and_depth():
    d1, d2 = regex_to_dfa("(ab)*", "ab"), regex_to_dfa("(a|b)*aa(a|b)*", "ab")
    ans = separate(d1, d2, "LTL[Y]")
    assert ans.separable is False and isinstance(ans.proof, SuffixFamily)
    # the family's words, pumped: in L1 and L2 with a common suffix as long as asked
    p = ans.proof
    for n in range(6):
        u, v = p.l1 + p.z * n + p.y, p.l2 + p.z * n + p.y
        assert d1.accepts([d1.alphabet[a] for a in u]) and d2.accepts([d2.alphabet[a] for a in v])
    ans = separate(regex_to_dfa("(a|b)*abb", "ab"), regex_to_dfa("(a|b)*bbb", "ab"), "LTL[Y]")
    assert ans.separable is True and ans.separator.k == 3      # the common suffix bb has length 2


def test_broken_proofs_are_refused():
    d1, d2 = regex_to_dfa("(aa)*", "ab"), regex_to_dfa("a(aa)*", "ab")
    assert verify_proof(SameProfile("factors", 2, 1, (0, 0), (0, 0, 0)), d1, d2)
    assert not verify_proof(SameProfile("factors", 2, 2, (0, 0), (0, 0, 0)), d1, d2)    # aa×1 vs aa×2
    assert not verify_proof(SameProfile("subsequences", 3, 1, (0, 0), (0, 0, 0)), d1, d2)
    assert not verify_proof(CommonWord((0, 0)), d1, d2)
    assert not verify_proof(SuffixFamily((), (0,), (0,), ()), d1, d2)        # z = a does not loop
    assert verify_proof(SuffixFamily((), (0,), (0, 0), ()), d1, d2)


def test_common_word_decides_every_class():
    d1, d2 = regex_to_dfa("a(a|b)*", "ab"), regex_to_dfa("(a|b)*b", "ab")
    for by in ("PT", "LTL[S]", "LTL[P]", "FO2[<]", "LTL[Y<=3]", "PT[2]"):
        ans = separate(d1, d2, by)
        assert ans.separable is False and verify_proof(ans.proof, d1, d2)


def test_alphabets_are_joined():
    ans = separate(regex_to_dfa("a*", "a"), regex_to_dfa("b+", "b"), "PT[1]")
    assert ans.separable is True and ans.alphabet == ("a", "b")
    assert ans.separator.contains(()) and not ans.separator.contains((1,))


@pytest.mark.parametrize("bad", ("XX", "PT[0]", "LTT[2]", "LT[2,3]", "SL[99]"))
def test_bad_class_names(bad):
    with pytest.raises(InputError):
        separate(regex_to_dfa("a", "ab"), regex_to_dfa("b", "ab"), bad)


def test_budgets_refuse_clearly():
    from attnlogic.kernel.errors import LimitExceeded
    from attnlogic.kernel.limits import Limits
    d1, d2 = regex_to_dfa("(ab)*", "ab"), regex_to_dfa("(a|b)*aa(a|b)*", "ab")
    for by in ("LTL[Y]", "PT[3]"):
        with pytest.raises(LimitExceeded):
            separate(d1, d2, by, limits=Limits.of(limit=3))
