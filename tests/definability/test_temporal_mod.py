"""TL(MOD) and TL(MOD⁺): the unary temporal logics with the MOD (and MOD⁺) modalities, decided
by the MOD-kernel in DA and the MOD⁺-orbits in DA (definability/varieties/temporal_mod.py,
temporal_mod_plus.py; docs/decision-procedures.md §13.5).

Cross-checks by other means (the MeSCaL comparison, tests/definability/test_mescal.py, covers
all 1,154 of its languages):

* the MOD-kernel against its definition, written here: s is in it iff for every m ≤ 12 some
  length n ≤ 72 divisible by m has s among the maps of the words of length n (the maps of
  each length by running every word's last letter, transformations as tuples);
* both verdicts against the check's own re-decision (its kernel by a search of (map, length,
  residue) triples, not the decider's α(A^N)) on a census sample; every answer through its
  class's check; the inclusions PL(MOD), FL(MOD), FO2[<], MOD ⊆ TL(MOD) ⊆ TL(MOD⁺) ⊇ TL(DD),
  PL(MOD⁺), FL(MOD⁺), and TL(MOD⁺) ⊆ LTL[S,MOD] = SF(MOD), checked on it;
* corrupted answers refused (a flipped verdict, a kernel word made one letter longer, a
  witness of another language, e made empty).
"""

from __future__ import annotations

import copy
import json
import os
from functools import lru_cache

import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.definability.checks.verify_mod_kernel import kernel_da_holds, kernel_maps
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.varieties.temporal_mod import _mod_kernel
from attnlogic.kernel.limits import Limits

TL = ("TL(MOD)", "TL(MOD⁺)")
#: (small, big): small ⊆ big, each a theorem (docs/decision-procedures.md §13.5)
INCLUSIONS = (("LTL[P,MOD]", "TL(MOD)"), ("FL(MOD)", "TL(MOD)"), ("FO2[<]", "TL(MOD)"), ("MOD", "TL(MOD)"),
              ("TL(MOD)", "TL(MOD⁺)"), ("TL(DD)", "TL(MOD⁺)"), ("LTL[P,Y,MOD]", "TL(MOD⁺)"),
              ("FL(MOD⁺)", "TL(MOD⁺)"), ("MOD⁺", "TL(MOD⁺)"), ("TL(MOD⁺)", "LTL[S,MOD]"))


@lru_cache(maxsize=None)
def census() -> tuple:
    return tuple(minimal_dfas(3, ("a", "b")))


def maps_by_length(dfa, longest: int) -> list:
    """The sets of the maps (tuples q ↦ q·w) of the words w of each length 0 … ``longest``."""
    rows = dfa.transitions.tolist()
    letters = [tuple(rows[q][a] for q in range(len(rows))) for a in range(len(dfa.alphabet))]
    level = {tuple(range(len(rows)))}
    by_length = [level]
    for _ in range(longest):
        level = {tuple(g[x] for x in s) for s in level for g in letters}
        by_length.append(level)
    return by_length


def _kernel_by_definition(dfa, moduli: int = 12, longest: int = 72) -> set:
    by_length = maps_by_length(dfa, longest)
    return set.intersection(*(set().union(*by_length[0::m]) for m in range(1, moduli + 1)))


def test_the_mod_kernel_is_its_definition():
    """On every 11th census language and a few with longer tails and periods, the decider's
    kernel {1} ∪ α(A^N) is the set of maps met at lengths divisible by every m ≤ 12."""
    extra = ["(aaa)*b", "a(aa)*b(a|b)*", "((a|b)(a|b)(a|b))*a", "b*(ab*ab*)*", "(a|b)(a|b)(a|b)a*"]
    dfas = list(census()[::11]) + [attnlogic.load_language(regex=r, alphabet="ab").dfa for r in extra]
    for dfa in dfas:
        K = _mod_kernel(dfa, Limits(semigroup_elements=10_000))
        ours = {tuple(row) for row in K.maps.tolist()}
        assert ours == _kernel_by_definition(dfa) == kernel_maps(dfa)
        for row, word in zip(K.maps.tolist(), K.words):      # each word realises its element
            assert tuple(row) == tuple(dfa.run([dfa.alphabet[a] for a in word], q) for q in range(dfa.n_states))


@pytest.mark.parametrize("step", [17])
def test_verdicts_checks_and_inclusions_on_a_census_sample(step):
    """Every 17th census language: both verdicts are the check's re-decision, both answers
    pass their class's check, and the inclusions hold; both classes have members and
    non-members there, and TL(MOD) ≠ TL(MOD⁺) somewhere."""
    seen = {name: {True: 0, False: 0} for name in TL}
    differ = 0
    others = sorted({c for pair in INCLUSIONS for c in pair} - set(TL))
    for dfa in census()[::step]:
        js = json.loads(json.dumps(attnlogic.classify(dfa, windows=(), classes=list(TL)).to_json()["classes"]))
        r = attnlogic.classify(dfa, windows=(), classes=others, certificates=False)
        member = {**{c: r[c].member for c in others}, **{c: js[c]["member"] for c in TL}}
        for name, plus in zip(TL, (False, True)):
            assert js[name]["member"] is kernel_da_holds(dfa, plus), name
            check = language_class(name).check(dfa, js[name], "")
            assert check.valid, (name, check.reason)
            seen[name][js[name]["member"]] += 1
        for small, big in INCLUSIONS:
            assert not (member[small] and member[big] is False), (small, big)
        differ += js["TL(MOD)"]["member"] != js["TL(MOD⁺)"]["member"]
    assert all(v[True] > 5 and v[False] > 5 for v in seen.values()) and differ > 0, (seen, differ)


def _answer(regex: str, name: str) -> tuple:
    dfa = attnlogic.load_language(regex=regex, alphabet="ab").dfa
    r = attnlogic.classify(dfa, windows=(), classes=[name])
    return dfa, json.loads(json.dumps(r.to_json()["classes"][name]))


def test_known_answers_and_corrupted_ones_refused():
    """(aa)* is in TL(MOD) but not TL(DD) (its kernel {1, aa} is a group-free monoid); the
    language b*(ab*ab*)* (an even number of a) is in neither (its kernel holds the group
    {1, a·a-odd}); a*b ∈ TL(MOD); every answer passes its check, every corrupted one is
    refused."""
    tl = language_class("TL(MOD)").check
    dfa, yes = _answer("(aa)*", "TL(MOD)")
    assert yes["member"] is True and yes["certificate"]["kind"] == "identity check" and tl(dfa, yes, "").valid
    flipped = copy.deepcopy(yes)
    flipped["member"] = False
    assert not tl(dfa, flipped, "").valid                                # a "no" needs a witness
    dfa2, no = _answer("b*(ab*ab*)*", "TL(MOD)")
    assert no["member"] is False and tl(dfa2, no, "").valid
    assert not tl(dfa2, yes, "").valid                                   # the "yes" re-decided: refused
    assert not tl(dfa, no, "").valid                                     # another language's witness
    longer = copy.deepcopy(no)
    for var in longer["witness"]["assignment"].values():
        var["word"] += "b"
    assert not tl(dfa2, longer, "").valid
    plus = language_class("TL(MOD⁺)").check
    dfa3, no3 = _answer("b*(ab*ab*)*", "TL(MOD⁺)")
    assert no3["member"] is False and plus(dfa3, no3, "").valid
    empty_e = copy.deepcopy(no3)
    empty_e["witness"]["assignment"]["e"]["word"] = ""
    assert not plus(dfa3, empty_e, "").valid
    assert not plus(dfa3, no, "").valid                                  # TL(MOD)'s identity is not TL(MOD⁺)'s
    dfa4, yes4 = _answer("a*b", "TL(MOD⁺)")
    assert yes4["member"] is True and plus(dfa4, yes4, "").valid and not plus(dfa3, yes4, "").valid


def test_command_line(tmp_path, capsys):
    from attnlogic.cli import main

    args = ["--regex", "(aa)*", "--alphabet", "ab"]
    assert main(["classify", *args, "--class", "TL(MOD)", "--class", "TL(MOD+)", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["classes"]["TL(MOD)"]["member"] is True and out["classes"]["TL(MOD⁺)"]["member"] is True
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(out), encoding="utf-8")
    for name in ("TL(MOD)", "TL(MOD+)", "TL(MOD⁺)"):
        assert main(["verify", *args, "--class", name, "--answer", str(path)]) == 0, name
    capsys.readouterr()


@pytest.mark.skipif(os.environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                    reason="every census language ≤ 3 states (1,054) with certificates: opt in with "
                           "ATTNLOGIC_CENSUS_TEST=1")
def test_every_answer_on_the_census():
    """The sweep behind the sample (docs/decision-procedures.md §13.5 quotes its counts): on
    every language of the census ≤ 3 states over ab, the kernel is its definition, both
    verdicts the check's re-decision, every answer passes its check."""
    counts = {name: 0 for name in TL}
    for dfa in census():
        assert {tuple(r) for r in _mod_kernel(dfa, Limits(semigroup_elements=10_000)).maps.tolist()} == _kernel_by_definition(dfa)
        js = json.loads(json.dumps(attnlogic.classify(dfa, windows=(), classes=list(TL)).to_json()["classes"]))
        for name, plus in zip(TL, (False, True)):
            assert js[name]["member"] is kernel_da_holds(dfa, plus)
            assert language_class(name).check(dfa, js[name], "").valid
            counts[name] += js[name]["member"]
    print("members:", counts)
