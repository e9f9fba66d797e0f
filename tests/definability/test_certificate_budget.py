"""The certificates' share of a classification's work (kernel/work.py): bounded by a
multiple of the decisions' steps, deterministic, never changing a verdict."""

from __future__ import annotations

import itertools

import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.sources import load_language
from attnlogic.cli import main
from attnlogic.definability.classify import classify
from attnlogic.definability.synthesis import check_formula
from attnlogic.definability.verify import verify_formula
from attnlogic.kernel.errors import InputError
from attnlogic.kernel.limits import CERTIFICATE_FLOOR, DEFAULT_CERTIFICATE_FACTOR, Limits
from attnlogic.kernel.work import WorkMeter, check_steps
from attnlogic.ltl.evaluate import accepts
from attnlogic.ltl.parser import parse
from attnlogic.ltl.simplify import minimisation_steps, simplify
from attnlogic.suite import SUITE, by_name

CENSUS = list(minimal_dfas(3, "ab"))[::7]
LANGUAGES = CENSUS + [s.load().dfa for s in SUITE if s.name != "LT-2"]
#: the last stage admitted may pass the allowance by one exact check of a small formula
OVERSHOOT = check_steps(500)


def fresh(d):
    return DFA._trusted(d.alphabet, d.transitions, d.initial, d.accepting)


def test_meter_allowance_grows_with_the_decisions():
    m = WorkMeter(10, 1_000)
    assert m.left == 1_000 and m.affords(1_000) and not m.affords(1_001)
    m.decide(50)
    assert m.allowance == 1_500 and m.left == 1_500
    m.spend(1_400)
    assert m.left == 100 and m.cap(1_000, per_item=30) == 3 and m.cap(2, per_item=30) == 2
    m.spend(500)
    assert m.left == -400 and m.cap(1_000) == 0 and not m.affords(1)
    unbounded = WorkMeter(None)
    unbounded.spend(10 ** 12)
    assert unbounded.left is None and unbounded.affords(10 ** 15) and unbounded.cap(7) == 7


@pytest.mark.parametrize("i", range(len(LANGUAGES)))
def test_certificates_stay_within_the_allowance_and_verdicts_never_change(i):
    """certificate steps ≤ floor + factor × decision steps (+ the one check admitted last); the verdicts are those of certificates=False and of a budget of
    nothing; every member answer has a checked formula or says why it has none."""
    d = LANGUAGES[i]
    full = classify(fresh(d))
    bare = classify(fresh(d), certificates=False)
    none = classify(fresh(d), certificate_factor=0)
    steps = full.steps
    assert steps["allowance"] == CERTIFICATE_FLOOR + DEFAULT_CERTIFICATE_FACTOR * steps["decisions"]
    assert steps["certificates"] <= steps["allowance"] + OVERSHOOT
    assert none.steps["certificates"] <= CERTIFICATE_FLOOR + OVERSHOOT
    assert [r.member for r in full.results] == [r.member for r in bare.results] == \
        [r.member for r in none.results]
    for r in full.results:
        if r.member and r.formula is None:
            assert "certificate" in r.method or "formula" in r.method, r.method
        elif r.member:
            assert check_formula(r.formula, full.dfa) is None


def test_the_same_input_gives_the_same_certificates_and_steps():
    d = by_name("RDP-1").load().dfa
    a, b = classify(fresh(d)), classify(fresh(d))
    assert a.steps == b.steps
    assert [r.formula for r in a.results] == [r.formula for r in b.results]
    assert [r.method for r in a.results] == [r.method for r in b.results]


def test_a_larger_factor_builds_what_the_default_refuses():
    """DYCK-(1,2) in LTL[S]: the local-divisor formula does not fit the default budget (a
    member answer naming it, without formula); with a larger factor it is built, checked
    and verified independently."""
    d = by_name("DYCK-(1,2)").load().dfa
    default = classify(fresh(d), windows=())["LTL[S]"]
    assert default.member is True and default.formula is None
    assert "certificate budget" in default.method and "not built" in default.method
    large = classify(fresh(d), windows=(), certificate_factor=10_000)
    s = large["LTL[S]"]
    assert s.member is True and s.formula is not None
    assert verify_formula(d, "LTL[S]", s.formula).valid
    assert large.steps["certificates"] > classify(fresh(d), windows=()).steps["allowance"]


def test_the_window_type_formula_is_refused_before_it_is_built():
    d = load_language(regex="(a|b)*aa(a|b)*", alphabet=["a", "b"]).dfa
    r = classify(fresh(d), search_budget=0)["LTL[P,Y<=2]"]
    assert r.member is True and r.formula is None
    assert "no certificate: building the type formula needs about" in r.method
    built = classify(fresh(d), search_budget=0, certificate_factor=10_000)["LTL[P,Y<=2]"]
    assert built.formula is not None and check_formula(built.formula, built_dfa(d)) is None


def built_dfa(d):
    return classify(fresh(d), certificates=False).dfa


def test_simplify_minimises_only_within_the_meter():
    """A Boolean block is minimised only when its minimisation fits; unminimised or not,
    the formula keeps its language (all words up to length 6)."""
    f = parse("(a & Y b) | (a & !Y b) | (b & Y a & Y b) | (b & Y a & !Y b)")
    small = simplify(f)
    meter = WorkMeter(0, 0)
    kept = simplify(f, meter=meter)
    assert small.size < kept.size and meter.spent == 0
    enough = WorkMeter(0, 10 ** 9)
    assert simplify(f, meter=enough) is small and enough.spent > 0
    words = [w for n in range(7) for w in itertools.product("ab", repeat=n)]
    for g in (small, kept):
        assert all(accepts(g, "".join(w)) == accepts(f, "".join(w)) for w in words)
    assert minimisation_steps(10, 6, 0, 4) == 4 * (10 ** 2 + 6 ** 2)


def test_the_factor_is_validated_and_named():
    with pytest.raises(InputError) as err:
        Limits.of(certificate_factor=-1)
    assert err.value.parameters == ("certificate_factor",)
    with pytest.raises(InputError):
        classify(by_name("PARITY").load().dfa, certificate_factor=-3)


def test_the_command_line_flag(capsys):
    assert main(["classify", "--regex", "(a|b)*aa(a|b)*", "--alphabet", "ab",
                 "--certificate-factor", "-1"]) == 2
    err = capsys.readouterr().err
    assert "--certificate-factor" in err and "Traceback" not in err
    assert main(["classify", "--regex", "(a(ab)*b)*", "--alphabet", "ab", "--window", "2",
                 "--certificate-factor", "0"]) == 0
    out = capsys.readouterr().out
    assert "LTL[S]" in out and "certificate budget" in out
