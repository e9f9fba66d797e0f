"""UPol(MOD⁺) (every MOD⁺-orbit e·K·e trivial; definability/varieties/upol_mod_plus.py) and
UPol(DD) = GD (the alias; docs/decision-procedures.md §13.7).

Cross-checks by other means (the MeSCaL comparison covers all 1,154 of its languages):
the verdict against the check's re-decision and a brute-force test written here (orbits
from the kernel by its definition, test_temporal_mod's); UPol(DD) against eSe = {e} on the
transition semigroup written here; the inclusions GD, MOD⁺ ⊆ UPol(MOD⁺) ⊆ TL(MOD⁺) on a
census sample; corrupted answers refused.
"""

from __future__ import annotations

import copy
import json
import os

import pytest

import attnlogic
from attnlogic.definability.checks.verify_mod_kernel import orbits_trivial
from attnlogic.definability.engine.registry import language_class

from test_temporal_mod import _kernel_by_definition, census, maps_by_length
from answer_checks import assert_answers_and_swaps


def _compose(s, t):                                       # first s, then t
    return tuple(t[x] for x in s)


def _idempotents(dfa) -> set:
    semigroup = set().union(*maps_by_length(dfa, 30)[1:])
    return {s for s in semigroup if _compose(s, s) == s}


def _brute(dfa, kernel) -> bool:
    return all(_compose(_compose(e, k), e) == e for e in _idempotents(dfa) for k in kernel)


@pytest.mark.parametrize("step", [29])
def test_verdicts_checks_and_inclusions_on_a_census_sample(step):
    seen = {True: 0, False: 0}
    for dfa in census()[::step]:
        ans = json.loads(json.dumps(attnlogic.classify(dfa, windows=(), classes=["UPol(MOD⁺)"])
                                    .to_json()["classes"]["UPol(MOD⁺)"]))
        assert ans["member"] is orbits_trivial(dfa) is _brute(dfa, _kernel_by_definition(dfa))
        assert language_class("UPol(MOD⁺)").check(dfa, ans, "").valid
        r = attnlogic.classify(dfa, windows=(), classes=["UPol(DD)", "MOD⁺", "TL(MOD⁺)"], certificates=False)
        every = set().union(*maps_by_length(dfa, 30)[1:])
        assert r["GD"].member is _brute(dfa, every)              # UPol(DD): every eSe = {e}
        assert not ((r["GD"].member or r["MOD⁺"].member) and not ans["member"])
        assert not (ans["member"] and r["TL(MOD⁺)"].member is False)
        seen[ans["member"]] += 1
    assert seen[True] > 3 and seen[False] > 10, seen


def test_answers_and_corrupted_ones_refused():
    """((a|b)(a|b))*a (a MOD⁺ language) and a(a|b)* b (GD) are in UPol(MOD⁺); (a|b)*a(a|b)* is not."""
    check = language_class("UPol(MOD⁺)").check

    def answer(regex):
        dfa = attnlogic.load_language(regex=regex, alphabet="ab").dfa
        r = attnlogic.classify(dfa, windows=(), classes=["UPol(MOD+)"])
        return dfa, json.loads(json.dumps(r.to_json()["classes"]["UPol(MOD⁺)"]))

    dfa, yes = answer("((a|b)(a|b))*a")
    dfa2, yes2 = answer("a(a|b)*b")
    assert yes2["member"] is True and check(dfa2, yes2, "").valid
    dfa3, no = answer("(a|b)*a(a|b)*")
    assert_answers_and_swaps(check, dfa, yes, dfa3, no)
    empty_e = copy.deepcopy(no)
    empty_e["witness"]["assignment"]["e"]["word"] = ""
    assert not check(dfa3, empty_e, "").valid
    longer_u = copy.deepcopy(no)
    longer_u["witness"]["assignment"]["u"]["word"] += "a"
    assert not check(dfa3, longer_u, "").valid


def test_budgets_refuse_rather_than_run_on():
    from attnlogic.definability.varieties.upol_mod_plus import decide_upol_mod_plus
    from attnlogic.kernel.errors import LimitExceeded
    from attnlogic.kernel.limits import Limits

    dfa = attnlogic.load_language(regex="a(a|b)*b", alphabet="ab").dfa.minimal()
    assert decide_upol_mod_plus(dfa)[0] is True and orbits_trivial(dfa)
    with pytest.raises(LimitExceeded):
        decide_upol_mod_plus(dfa, Limits(instantiations=1))
    with pytest.raises(LimitExceeded):
        orbits_trivial(dfa, max_pairs=1)


def test_command_line(tmp_path, capsys):
    from attnlogic.cli import main

    args = ["--regex", "((a|b)(a|b))*a", "--alphabet", "ab"]
    assert main(["classify", *args, "--class", "UPol(MOD+)", "--class", "UPol(DD)", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["classes"]["UPol(MOD⁺)"]["member"] is True and out["classes"]["GD"]["member"] is False
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(out), encoding="utf-8")
    for name in ("UPol(MOD+)", "UPol(MOD⁺)", "UPol(DD)"):
        assert main(["verify", *args, "--class", name, "--answer", str(path)]) == 0, name
    capsys.readouterr()


@pytest.mark.skipif(os.environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                    reason="every census language ≤ 3 states (1,054) with certificates: opt in with "
                           "ATTNLOGIC_CENSUS_TEST=1")
def test_every_answer_on_the_census():
    """The sweep behind the sample (docs/decision-procedures.md §13.7 quotes its count): on
    every language of the census ≤ 3 states over ab, the verdict is the check's re-decision
    and the brute force's, and every answer passes its check."""
    members = 0
    for dfa in census():
        ans = json.loads(json.dumps(attnlogic.classify(dfa, windows=(), classes=["UPol(MOD⁺)"])
                                    .to_json()["classes"]["UPol(MOD⁺)"]))
        assert ans["member"] is orbits_trivial(dfa) is _brute(dfa, _kernel_by_definition(dfa))
        assert language_class("UPol(MOD⁺)").check(dfa, ans, "").valid
        members += ans["member"]
    print("members:", members)
