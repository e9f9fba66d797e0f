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
    assert main(["separate", "--regex", "(aa)*", "--regex", "a(aa)*", "--by", "LTL[S]"]) == 0
    assert capsys.readouterr().out.startswith("undecided by LTL[S]: ")
    out = _json(capsys, "separate", "--regex", "(aa)*", "--regex", "a(aa)*", "--by", "LTL[S]")
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
