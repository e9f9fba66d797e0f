"""The census asks a class closed under quotients once per syntactic morphism
(definability/census/morphisms.py): the keys of definability/algebra/morphism_keys.py are
equal exactly when a brute-force reading of the morphisms on words says they are
isomorphic, the census gives every language the verdict it gets asked itself, the
declaration is what licenses the sharing (a class that is no prevariety, declared one, is
counted wrongly), the declarations hold (members' letter quotients and complements, or
intersections and unions, are members), and the budget bounds what is kept."""

from __future__ import annotations

import itertools
import os
from dataclasses import replace

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize
from attnlogic.automata.operations import complement, intersection, union
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.algebra.morphism_keys import morphism_key, ordered_morphism_key
from attnlogic.definability.census import census
from attnlogic.definability.census.morphisms import MorphismAnswers
from attnlogic.definability.contract.classes import POSITIVE_PREVARIETY, PREVARIETY, LanguageClass
from attnlogic.definability.contract.procedure import Procedure
from attnlogic.definability.engine.registry import CLASSES, census_route, language_class, register, unregister
from attnlogic.definability.values.results import FragmentResult
from attnlogic.kernel.limits import Limits

#: words up to this length read the morphisms of ≤ 3-state DFAs whole (asserted below)
WORD_LENGTH = 10
#: suffixes up to this length decide L_p ⊆ L_q for 3 states (a shortest word of L_p ∖ L_q is a
#: path in the graph of the n² pairs: shorter than n²)
SUFFIX_LENGTH = 8
#: one class of each declaring factory, both closures, an intersection
SAMPLE = ("TL2(DD)", "Pol2(GR⁺)", "co-Pol2(MOD)", "UPol(BPol2(AMT))", "BPol(AMT⁺)", "BPol(AMT)", "PL(AT)",
          "JOrb(GR)", "UPol(GR⁺)", "FL(AMT)", "Pol(AMT)", "BPol2(ST)", "BPol2(MOD⁺)")


def _words(k: int, length: int):
    return [w for m in range(length + 1) for w in itertools.product(range(k), repeat=m)]


def _brute_force(dfa, length: int):
    """(labels, order, whole) of the morphism read on words: each word of length ≤ ``length``
    (shortlex) labelled by the first word acting on the states as it does; the order between
    the labels (u ≤ v iff q·v·y ∈ F ⇒ q·u·y ∈ F for every state q and every suffix y of length
    ≤ :data:`SUFFIX_LENGTH`); whether words one shorter already show every element."""
    t = np.asarray(dfa.transitions)
    n = t.shape[0]
    acc = np.asarray(dfa.accepting, dtype=bool)
    words = _words(t.shape[1], length)
    maps = {(): tuple(range(n))}
    for w in words[1:]:
        maps[w] = tuple(int(t[q, w[-1]]) for q in maps[w[:-1]])
    first: dict = {}
    labels = tuple(first.setdefault(maps[w], i) for i, w in enumerate(words))
    shorter = {maps[w] for w in words if len(w) < length}
    reps = sorted(set(labels))
    table = np.array([maps[w] for w in words])
    suffixes = table[: len(_words(t.shape[1], SUFFIX_LENGTH))]
    # after[r, q, y]: q·(rep r)·y accepted
    after = acc[suffixes.T[table[reps]]].reshape(len(reps), -1)
    order = tuple((after[None, :, :] <= after[:, None, :]).all(axis=-1).reshape(-1).tolist())
    return labels, order, len(shorter) == len(first)


@pytest.fixture(scope="module")
def small():
    return list(minimal_dfas(3, "ab"))


def test_the_keys_are_equal_exactly_when_the_morphisms_are_isomorphic(small):
    """On every minimal DFA of ≤ 3 states over ab: the key partition is the partition by the
    kernel of the morphism on words (ε included, so a non-empty word acting as the identity
    is seen), and the ordered key's the partition by kernel and order."""
    plain, ordered, by_words, by_order = {}, {}, {}, {}
    for i, d in enumerate(small):
        labels, order, whole = _brute_force(d, WORD_LENGTH)
        assert whole                                         # every element has a shorter word
        plain.setdefault(morphism_key(d, 10_000), set()).add(i)
        ordered.setdefault(ordered_morphism_key(d, 10_000, 10 ** 6), set()).add(i)
        by_words.setdefault(labels, set()).add(i)
        by_order.setdefault((labels, order), set()).add(i)
    assert None not in plain and None not in ordered
    assert sorted(map(sorted, plain.values())) == sorted(map(sorted, by_words.values()))
    assert sorted(map(sorted, ordered.values())) == sorted(map(sorted, by_order.values()))
    assert len(plain) < len(ordered) < len(small)            # both share, the order parts more


def test_a_key_is_none_past_its_budget(small):
    big = max(small, key=lambda d: len(set(_brute_force(d, 4)[0])))
    assert morphism_key(big, 1) is None and ordered_morphism_key(big, 1, 10 ** 6) is None
    assert morphism_key(big, 10_000) is not None and ordered_morphism_key(big, 10_000, 1) is None


def test_the_census_gives_each_language_the_verdict_it_gets_asked_itself(monkeypatch):
    """≤ 3 states over ab: per morphism and language by language (nothing kept) the same
    verdicts; ``ATTNLOGIC_CENSUS_TEST=1``: every class with a declared closure (76 classes,
    half a minute)."""
    every = [c.name for c in CLASSES if c.bulk is None and c.closure is not None]
    named = tuple(every) if os.environ.get("ATTNLOGIC_CENSUS_TEST") else SAMPLE
    assert set(SAMPLE) <= set(every)
    assert {language_class(c).closure for c in SAMPLE} == {PREVARIETY, POSITIVE_PREVARIETY}
    shared = census(3, "ab", windows=(), classes=named)
    with monkeypatch.context() as m:
        m.setattr(MorphismAnswers.__init__, "__defaults__", (0,))
        alone = census(3, "ab", windows=(), classes=named)
    assert shared.to_json(each=True) == alone.to_json(each=True)
    assert not any(shared.tallies[j][n][2] for j in range(len(shared.fragments)) for n in range(3))


class ContainsEmptyWord(Procedure):
    """ε ∈ L: closed under ∪ and ∩ but not under quotients (a⁻¹L holds ε iff a ∈ L), so no
    property of the syntactic morphism (L and its complement share one)."""
    family = "empty word"

    def handles(self, key) -> bool:
        return key == "EPS"

    def decide(self, cls, context, results) -> FragmentResult:
        d = context.dfa
        member = bool(d.accepts(()))
        return FragmentResult(cls, member, None, None, "ε accepted" if member else "ε rejected")


def test_only_a_declared_closure_licenses_the_sharing():
    """The same class declared a prevariety (falsely) is counted wrongly: the languages with
    the morphism of one asked first get its verdict — so the sharing happens, and the
    declaration is what makes it sound."""
    honest = LanguageClass("EPS", ContainsEmptyWord(), "none", "none", default=False)
    assert census_route(honest) == "one at a time"
    counts = {}
    for cls in (honest, replace(honest, closure=PREVARIETY)):
        register(cls)
        try:
            c = census(3, "ab", windows=(), classes=("EPS",))
            counts[cls.closure] = c.tallies[[str(f) for f in c.fragments].index("EPS")]
        finally:
            unregister("EPS")
    yes, no, _ = counts[None][2]
    assert yes == no                               # the census is closed under complement
    assert counts[PREVARIETY] != counts[None]


def test_what_is_kept_stays_within_the_budget(small):
    cls = language_class("TL2(DD)")
    limits = Limits()
    calls = []

    def ask(dfa, classes):
        calls.append(dfa)
        return {c: (True, "asked") for c in classes}

    keeping, none = MorphismAnswers(), MorphismAnswers(budget=0)
    for d in small:
        assert keeping.answers(d, (cls,), limits, ask)[cls] == (True, "asked")
        none.answers(d, (cls,), limits, ask)
    distinct = len({morphism_key(d, 10_000) for d in small})
    assert keeping.asked == distinct and keeping.reused == len(small) - distinct
    assert none.asked == len(small) and none.used == 0 and len(calls) == distinct + len(small)
    small_budget = MorphismAnswers(budget=keeping.used // 2)
    for d in small:
        small_budget.answers(d, (cls,), limits, ask)
    assert 0 < small_budget.used <= keeping.used // 2 and distinct < small_budget.asked < len(small)


def _quotients(d):
    """a⁻¹L and La⁻¹ for every letter a, as minimal DFAs."""
    t = np.asarray(d.transitions)
    acc = np.asarray(d.accepting, dtype=bool)
    out = []
    for a in range(t.shape[1]):
        out.append(minimize(DFA(d.alphabet, t, int(t[d.initial, a]), acc)))      # a⁻¹L
        out.append(minimize(DFA(d.alphabet, t, d.initial, acc[t[:, a]])))        # La⁻¹
    return out


def _member(d, cls) -> bool | None:
    return classify(d, windows=(), minimal=True, certificates=False, classes=(cls,))[cls].member


def test_the_declared_closures_hold_on_members():
    """For one class of each declaring module (every class with ``ATTNLOGIC_CENSUS_TEST=1``),
    on members among the languages of at most 3 states over ab (every 7th): a prevariety holds
    the complement and each letter quotient a⁻¹L, La⁻¹ of a member; a positive prevariety the
    quotients and the intersection and union of two members.  A class that is not closed so —
    SL, strictly local, whose complements leave it — fails the same reading."""
    every = [c.name for c in CLASSES if c.bulk is None and c.closure is not None]
    named = every if os.environ.get("ATTNLOGIC_CENSUS_TEST") else SAMPLE
    languages = list(minimal_dfas(3, "ab"))[::7]
    for name in named:
        cls = language_class(name)
        members = [d for d in languages if _member(d, cls)]
        assert 3 <= len(members) < len(languages), name
        for i, d in enumerate(members[:12]):
            others = _quotients(d)
            if cls.closure == PREVARIETY:
                others.append(minimize(complement(d)))
            else:
                e = members[(i + 5) % len(members)]
                others += [minimize(intersection(d, e)), minimize(union(d, e))]
            assert all(_member(x, cls) is True for x in others), (name, d)
    sl = language_class("SL")
    members = [d for d in languages if _member(d, sl)]
    assert any(_member(minimize(complement(d)), sl) is False for d in members)
