"""``attnlogic separate`` for two languages (issue 41): --regex/--formula/--dfa twice and
--by; the separator printed is checked again here on DFAs, the proof by verify_proof."""

from __future__ import annotations

import json

import pytest

from attnlogic.automata.operations import intersection, is_empty, is_subset
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.automata.sources import load_language
from attnlogic.cli import main
from attnlogic.definability.separation.separate_languages import SameProfile, SuffixFamily, verify_proof


def _json(capsys, *argv) -> dict:
    assert main(list(argv) + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_separable_by_pt2_prints_its_profiles(capsys):
    out = _json(capsys, "separate", "--regex", "a*b", "--formula", "P b & b", "--by", "PT[2]")
    assert out["separable"] is True
    sep = out["separator"]
    assert sep["class"] == "PT[2]" and sep["kind"] == "subsequences"
    # K = the words whose subsequences of length ≤ 2 are one of the printed sets: check on words
    profiles = {frozenset(p) for p in sep["profiles"]}
    l1, l2 = regex_to_dfa("a*b", "ab"), load_language(formula="P b & b", alphabet="ab").dfa
    from itertools import combinations, product
    for n in range(7):
        for w in product("ab", repeat=n):
            subs = frozenset("".join(w[i] for i in c) or "ε" for j in range(3) for c in combinations(range(n), j))
            if l1.accepts(list(w)):
                assert subs in profiles
            if l2.accepts(list(w)):
                assert subs not in profiles


def test_not_separable_by_ltl_y_prints_the_family(capsys):
    out = _json(capsys, "separate", "--regex", "(ab)*", "--regex", "(a|b)*aa(a|b)*", "--by", "local:1")
    assert out["separable"] is False and out["separator"] is None
    p = out["proof"]
    assert p["kind"] == "suffix family" and p["z"]
    d1, d2 = regex_to_dfa("(ab)*", "ab"), regex_to_dfa("(a|b)*aa(a|b)*", "ab")
    idx = lambda s: tuple("ab".index(c) for c in s)
    assert verify_proof(SuffixFamily(idx(p["l1"]), idx(p["l2"]), idx(p["z"]), idx(p["y"])), d1, d2)


def test_not_separable_at_fixed_order_prints_two_words(capsys):
    out = _json(capsys, "separate", "--regex", "(aa)*", "--regex", "a(aa)*", "--by", "LT[2]")
    p = out["proof"]
    assert out["separable"] is False and p["kind"] == "same profile"
    d1, d2 = regex_to_dfa("(aa)*", "a"), regex_to_dfa("a(aa)*", "a")
    assert verify_proof(SameProfile("factors", 2, 1, (0,) * len(p["in_L1"]), (0,) * len(p["in_L2"])), d1, d2)


def test_text_and_undecided(capsys):
    assert main(["separate", "--regex", "(aa)*", "--regex", "a(aa)*", "--by", "LTL[S]", "--limit", "3"]) == 0
    assert capsys.readouterr().out.startswith("undecided by LTL[S]: ")
    out = _json(capsys, "separate", "--regex", "(aa)*", "--regex", "a(aa)*", "--by", "LTL[S]", "--limit", "3")
    assert out["separable"] is None


def test_separator_dfa_is_exact(capsys):
    from attnlogic.definability.separation.separate_languages import separate
    l1, l2 = regex_to_dfa("(a|b)*abb", "ab"), regex_to_dfa("(a|b)*bbb", "ab")
    ans = separate(l1, l2, "LTL[Y]")
    assert is_subset(l1, ans.separator.dfa) and is_empty(intersection(ans.separator.dfa, l2))


@pytest.mark.parametrize("argv", [
    ["separate", "--regex", "a*", "--by", "PT"],
    ["separate", "--regex", "a*", "--regex", "b*"],
    ["separate", "--regex", "a*", "--regex", "b*", "--by", "XX"],
    ["separate", "--regex", "a*", "--regex", "b*", "--by", "LT[0]"],
    ["separate", "P", "--regex", "a*", "--regex", "b*", "--by", "PT"],
    ["separate", "P"],
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0]


_CHECK_CASES = [("(ab)*", "(ab)*a", by) for by in ("PT", "PT[2]", "LT[2]", "SL[2]", "LTT[2,2]", "LTL[Y]",
                                                    "global", "hybrid:1", "LTL[S]")] + [
    ("(a|b)*abb", "(a|b)*bbb", "local:2"), ("(a|b)*abb", "(a|b)*bbb", "SL[2]"),
    ("a(a|b)*", "b(a|b)*", "global"), ("a(a|b)*", "b(a|b)*", "LTL[Y]"), ("(a|b)*a", "(a|b)*b", "D[3]"),
    ("(aa)*", "a(aa)*", "SL")]


@pytest.mark.parametrize("r1,r2,by", _CHECK_CASES)
def test_check_re_checks_a_saved_answer(tmp_path, capsys, r1, r2, by):
    """separate --check FILE: every answer printed re-checks from its JSON alone (exit 0)."""
    out = _json(capsys, "separate", "--regex", r1, "--regex", r2, "--by", by)
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(out), encoding="utf-8")
    assert main(["separate", "--regex", r1, "--regex", r2, "--by", by, "--check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True


def _tampered(tmp_path, capsys, r1, r2, by, edit) -> int:
    out = _json(capsys, "separate", "--regex", r1, "--regex", r2, "--by", by)
    edit(out)
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(out), encoding="utf-8")
    status = main(["separate", "--regex", r1, "--regex", r2, "--by", by, "--check", str(path)])
    capsys.readouterr()
    return status


def test_check_refuses_tampered_answers(tmp_path, capsys):
    """A separator missing a profile of L1, a proof with a word changed, a certificate of a
    class that is not the one asked, a "no" for a separable pair: NOT valid (exit 1)."""
    def drop_profile(out):
        out["separator"]["profiles"] = out["separator"]["profiles"][1:]
    assert _tampered(tmp_path, capsys, "(ab)*", "(ab)*a", "LT[2]", drop_profile) == 1

    def longer_z(out):
        out["proof"]["blocks_L1"][0]["z"] += "a"
    assert _tampered(tmp_path, capsys, "(ab)*", "(ab)*a", "PT", longer_z) == 1

    def wrong_y(out):
        out["proof"]["y"] += "a"
    assert _tampered(tmp_path, capsys, "(ab)*", "(a|b)*aa(a|b)*", "LTL[Y]", wrong_y) == 1

    def other_family(out):
        out["proof"]["s"] = "b"
    assert _tampered(tmp_path, capsys, "(a|b|c)*a", "(a|b|c)*(b|c)", "global", other_family) == 1

    def short_window(out):                         # z = ε proves nothing
        out["proof"]["z"] = [""] * len(out["proof"]["z"])
    assert _tampered(tmp_path, capsys, "(aa)*", "a(aa)*", "SL", short_window) == 1

    def pt_certificate(out):                       # a PT[2] certificate claimed for LT[2]
        out["separator"] = {"class": "PT[2]", "kind": "subsequences", "k": 2, "profiles": [["ε"]]}
    assert _tampered(tmp_path, capsys, "(ab)*", "(ab)*a", "LT[2]", pt_certificate) == 1

    def formula_outside(out):                      # a formula with Y claimed for global (LTL[P])
        out["separator"] = {"class": "LTL[P]", "kind": "formula", "formula": "Y a & !Y Y true",
                            "definitions": [], "found_in": "forged"}
    assert _tampered(tmp_path, capsys, "a(a|b)*", "b(a|b)*", "global", formula_outside) == 1


def test_check_bad_files_exit_2(tmp_path, capsys):
    path = tmp_path / "answer.json"
    path.write_text("{not json", encoding="utf-8")
    argv = ["separate", "--regex", "a", "--regex", "b", "--by", "PT", "--check", str(path)]
    assert main(argv) == 2
    path.write_text(json.dumps({"by": "LT[2]", "separable": True}), encoding="utf-8")
    assert main(argv) == 2                          # an answer for another class
    path.write_text(json.dumps({"by": "PT", "separable": False, "proof": {"kind": "nonsense"}}), encoding="utf-8")
    assert main(argv) == 2
    path.write_text(json.dumps({"by": "PT", "separable": True, "separator": [1, 2]}), encoding="utf-8")
    assert main(argv) == 2                          # a separator that is no object
    path.write_text(json.dumps({"by": "PT", "separable": True, "separator": None}), encoding="utf-8")
    assert main(argv) == 1                          # "separable" with no separator: only a theorem's classes
    err = capsys.readouterr().err
    assert "Traceback" not in err
    # a COM proof missing a field, or with a count that is not an integer: the field is named
    com = ["separate", "--regex", "(a|b)*a", "--regex", "(a|b)*b", "--by", "COM"]
    assert main([*com, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["proof"]["kind"] == "commutative family"
    del answer["proof"]["in_L2"]
    path.write_text(json.dumps(answer), encoding="utf-8")
    assert main([*com, "--check", str(path)]) == 2
    assert "no field 'in_L2'" in capsys.readouterr().err
    answer = json.loads(json.dumps(answer).replace('"in_L1"', '"in_L2": "b", "in_L1"'))
    answer["proof"]["loops_L1"][0]["count"] = "x"
    path.write_text(json.dumps(answer), encoding="utf-8")
    assert main([*com, "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "wrong type or value" in err and "'x'" in err and "Traceback" not in err


#: answers of eight classes, each mutated at random (fields dropped, retyped, changed)
_MUTATED = [("(ab)*", "(ab)*(aa|bb)(ab)*", "LTL[P]"), ("(aa)*", "a(aa)*", "LTL[S]"), ("(aa)*b", "(aa)*ab", "Pol(MOD)"),
            ("(ab)*", "b(a|b)*", "Pol(GR)"), ("(ab)*", "b(a|b)*", "Pol(AMT)"), ("(a|b)*a", "(a|b)*b", "Pol(MOD)"),
            ("a(a|b)*", "b(a|b)*", "LTL[P]"), ("(aa)*", "a(aa)*", "MOD"), ("ab", "ba", "GR"), ("(ab)*", "(ab)*a", "PT"),
            ("(a|b)*ab", "(a|b)*ba", "LTL[Y]"), ("a*b", "b*a", "Pol(ST)")]


def test_mutated_answers_get_a_verdict_or_a_clean_refusal():
    """`--check` on answers with a field dropped, retyped or changed (seeded; 12 mutations of each
    of 12 answers, 150 with ATTNLOGIC_CENSUS_TEST=1): a verdict (valid or not) or InputError
    (exit 2), never another exception; the unmutated answers are valid."""
    import copy
    import os
    import random

    import attnlogic
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.definability.separation.separate_languages import check_answer
    from attnlogic.kernel.errors import InputError

    rng = random.Random(1)

    def mutate(x):
        if isinstance(x, dict) and x:
            k, y = rng.choice(list(x)), dict(x)
            r = rng.random()
            if r < 0.3:
                y[k] = rng.choice([None, [], {}, "zz", -1, 3.5, [[1]], {"a": 1}])
            elif r < 0.5:
                del y[k]
            else:
                y[k] = mutate(x[k])
            return y
        if isinstance(x, list) and x:
            i, y = rng.randrange(len(x)), list(x)
            y[i] = mutate(x[i]) if rng.random() < 0.7 else rng.choice([None, "q", 7, []])
            return y
        return rng.choice([None, "zz", -3, [], {}, 10 ** 6, "ε", "aaab"])

    each = 150 if os.environ.get("ATTNLOGIC_CENSUS_TEST") == "1" else 12
    for r1, r2, by in _MUTATED:
        d1, d2 = regex_to_dfa(r1, "ab"), regex_to_dfa(r2, "ab")
        answer = attnlogic.separate(d1, d2, by=by).to_json()
        assert check_answer(answer, d1, d2)[0], by
        for _ in range(each):
            mutated = mutate(copy.deepcopy(answer))
            try:
                valid, reason = check_answer(mutated, d1, d2)
            except InputError:
                continue
            assert isinstance(valid, bool) and isinstance(reason, str), (by, mutated)


@pytest.mark.parametrize("l1, l2, by, edit", [
    ("(ab)*a", "(ab)*", "MOD", lambda j: j["separator"].update(modulus=0)),
    ("a(aa)*", "b*", "AMT", lambda j: j["separator"].update(modulus=0)),
    ("(ab)*a", "(a|b)*aa(a|b)*", "FO2[<]",
     lambda j: next(s for s in j["proof"]["steps"] if "of" in s).update(of=[])),
])
def test_a_malformed_answer_is_refused_with_exit_2_not_a_traceback(tmp_path, capsys, l1, l2, by, edit):
    """A separation answer edited into nonsense (a modulus 0, a step pointing at no earlier
    step) is a bad input — exit 2 and one line naming it — where it raised ZeroDivisionError
    or IndexError; the same for an answer of ``verify --class`` whose lists are cut short."""
    argv = ["separate", "--regex", l1, "--regex", l2, "--alphabet", "ab", "--by", by]
    answer = _json(capsys, *argv)
    edit(answer)
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer))
    assert main(argv + ["--check", str(path)]) == 2
    assert "malformed separation answer" in capsys.readouterr().err


def test_a_class_answer_with_lists_cut_short_is_refused_with_exit_2(tmp_path, capsys):
    argv = ["--regex", "a*(ba*ba*)*", "--alphabet", "ab", "--class", "LTL[P]"]
    assert main(["classify", *argv, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)["fragments"]["LTL[P]"]
    assert answer["member"] is False and len(answer["instantiation"]["sides"]) == 2
    answer["instantiation"]["sides"] = answer["instantiation"]["sides"][:1]
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer))
    assert main(["verify", *argv, "--answer", str(path)]) == 2
    assert "malformed answer" in capsys.readouterr().err
