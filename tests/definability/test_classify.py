"""classify() on the language suite (tests/data/languages.json) and the ``attnlogic classify`` contract."""

from __future__ import annotations

import io
import json
import re
import tempfile
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from attnlogic.definability.engine.classify import classify
from attnlogic.ltl.fragments import Fragment
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.certify.synthesis import check_formula
from type_reference import same_type_at_end
from attnlogic.cli import main
from attnlogic.ltl import accepts, fragment as syntactic_fragment, parse

FRAGMENT_ORDER = ["LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]", "LTL[Y<=2]", "LTL[P,Y<=2]"]


def window_params(name):
    m = re.fullmatch(r"LTL\[(P,)?Y<=(\d+)\]", name)
    if not m:
        return None
    return int(m.group(2)), bool(m.group(1))


@pytest.fixture(scope="module")
def suite(language_cases):
    out = []
    for case in language_cases:
        d = regex_to_dfa(case["regex"], case["alphabet"])
        out.append((case, d, classify(d, windows=(2,), max_depth=3, limit=20_000)))
    return out


def test_expected_answers(suite):
    for case, d, cl in suite:
        assert d.n_states == case["minimal_dfa_states"]
        assert [str(f) for f in cl.fragments] == FRAGMENT_ORDER
        for name, expected in case["expected"].items():
            if expected is not None:
                assert cl[name].member is expected, (case["name"], name, cl[name])


def test_certificates_verify(suite):
    for case, d, cl in suite:
        for r in cl.results:
            if r.member:
                if r.formula is None:
                    assert str(r.fragment) == "LTL[S]" and "aperiodic" in r.method
                    continue
                assert Fragment.parse(r.fragment).allows(r.formula)
                assert check_formula(r.formula, d) is None
                assert parse(str(r.formula)) is r.formula
                for w in ["", "a", "ab", "ba", "abc", "aabb"]:
                    w = [x for x in w if x in d.alphabet]
                    assert accepts(r.formula, w) == d.accepts(w)
            elif r.member is False:
                w = r.witness
                assert d.accepts(w.accepted) and not d.accepts(w.rejected)
                params = window_params(str(r.fragment))
                if w.depth is not None and params:
                    assert same_type_at_end(w.accepted, w.rejected, params[0], params[1], w.depth)
            else:
                assert "undecided" in r.method and r.depth_reached is not None


def test_null_entries_are_decided_or_reported_with_depth(suite):
    decided = 0
    for case, d, cl in suite:
        for name, expected in case["expected"].items():
            if expected is None:
                r = cl[name]
                if r.member is None:
                    assert r.depth_reached >= 1
                    if r.witness is not None:
                        k, past = window_params(name)
                        assert same_type_at_end(r.witness.accepted, r.witness.rejected, k, past,
                                                r.witness.depth)
                else:
                    decided += 1
    assert decided >= 3


def test_lasso_witnesses_survive_deeper_pumping(suite):
    """A depth-null lasso witness re-pumped to the proof's bound has equal types at depth 3."""
    from attnlogic.definability.algebra.types import lasso_search
    for case, d, cl in suite:
        for k, past in ((2, False), (2, True)):
            name = f"LTL[{'P,' if past else ''}Y<={k}]"
            if cl[name].member is False and "lasso" in cl[name].method:
                lw = lasso_search(d, k, past, max_period=k + 2, max_tail=3)
                u, v = lw.words(*lw.exponents_for_depth(k, 3))
                lu = [d.alphabet[a] for a in u]
                lv = [d.alphabet[a] for a in v]
                assert d.accepts(lu) != d.accepts(lv)
                assert same_type_at_end(lu, lv, k, past, 3)


def run_cli(argv):
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(argv)
    return code, buf.getvalue()


def test_cli_json_contract():
    code, out = run_cli(["classify", "--regex", "(a|b)*b", "--json"])
    assert code == 0
    obj = json.loads(out)
    assert set(obj) >= {"states", "alphabet", "fragments"}
    assert obj["states"] == 2 and obj["alphabet"] == ["a", "b"]
    assert list(obj["fragments"]) == FRAGMENT_ORDER
    for entry in obj["fragments"].values():
        assert set(entry) >= {"member", "formula", "witness", "method"}
        if entry["witness"] is not None:
            assert {"accepted", "rejected", "depth"} <= set(entry["witness"]) <= {
                "accepted", "rejected", "depth", "family", "accepted_factors", "rejected_factors"}
            assert isinstance(entry["witness"]["depth"], int)
    y = obj["fragments"]["LTL[Y]"]
    assert y["member"] is True and syntactic_fragment(parse(y["formula"])) == "LTL[Y]"


def test_cli_windows_repeat_and_sources():
    code, out = run_cli(["classify", "Y[<=3] a", "--window", "2", "--window", "3", "--json"])
    assert code == 0
    frags = json.loads(out)["fragments"]
    assert frags["LTL[Y<=3]"]["member"] is True
    assert frags["LTL[P,Y<=3]"]["member"] is True
    code, out = run_cli(["classify", "--formula", "P a", "--alphabet", "abc", "--json"])
    assert json.loads(out)["alphabet"] == ["a", "b", "c"]


def test_cli_multi_character_letters_join_with_commas(tmp_path):
    path = tmp_path / "d.json"
    path.write_text(json.dumps({"alphabet": ["x1", "y2"], "initial": 0, "accepting": [1],
                                "transitions": [[1, 0], [1, 0]]}))
    code, out = run_cli(["classify", "--dfa", str(path), "--json"])
    w = json.loads(out)["fragments"]["LTL[P]"]["witness"]
    assert "," in w["accepted"] + w["rejected"]


@pytest.mark.parametrize("argv", [
    ["classify", "--regex", "(ab"],
    ["classify", "P (a"],
    ["classify", "a", "--window", "0"],
    ["classify", "--max-depth", "0", "a"],
    ["classify", "--search-budget", "-1", "a"],
])
def test_cli_bad_input_exits_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") <= 3 and "Traceback" not in err


def test_cli_search_budget_must_be_a_number(capsys):
    with pytest.raises(SystemExit) as exc:      # argparse's own usage error
        main(["classify", "--search-budget", "many", "a"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "--search-budget" in err and "Traceback" not in err


def test_cli_uses_the_given_formula_as_a_checked_hint():
    """`classify F` proves F's own fragment even where the procedures stop (here the depth-3
    type automaton and the occurrence forms' automata exceed --limit); from a DFA file the
    same fragment is settled by the enumeration of small formulas instead."""
    text = "Y[<=3] (P Y[<=3] (true -> a) & (b & b))"
    code, out = run_cli(["classify", text, "-a", "ab", "-k", "3", "--limit", "4000", "--json"])
    entry = json.loads(out)["fragments"]["LTL[P,Y<=3]"]
    assert code == 0 and entry["member"] is True and "given formula" in entry["method"]
    assert parse(entry["formula"]) is not None
    from attnlogic.automata.io import dfa_to_json
    from attnlogic.automata.from_formula import formula_to_dfa
    path = Path(tempfile.mkdtemp()) / "l.json"
    path.write_text(dfa_to_json(formula_to_dfa(parse(text), ["a", "b"])))
    code, out = run_cli(["classify", "--dfa", str(path), "-k", "3", "--limit", "4000", "--json"])
    entry = json.loads(out)["fragments"]["LTL[P,Y<=3]"]
    assert code == 0 and entry["member"] is True and "enumeration" in entry["method"]
    assert Fragment.parse("LTL[P,Y<=3]").allows(parse(entry["formula"]))


def test_verdicts_without_certificates_are_the_same(suite):
    """certificates=False: the same verdict for every fragment of the suite, no formula."""
    for case, d, cl in suite:
        bare = classify(d, windows=(2,), max_depth=3, limit=20_000, certificates=False)
        assert [r.member for r in bare.results] == [r.member for r in cl.results], case["name"]
        assert all(r.formula is None for r in bare.results)
        for r in bare.results:
            if r.member is False:
                assert d.accepts(r.witness.accepted) and not d.accepts(r.witness.rejected)
