"""The bounds that ``verify --witness`` prints, checked against exact computations
(docs/decision-procedures.md §4.3, §4.3a): every pair of words of at most 5 letters, for a set of
small languages, is decomposed by every argument its fragment declares, and each argument's bound
(the depth d reached at exponent M, K or N, M) is compared with the literal type recursion of
``type_reference.py`` at every exponent and depth it covers; each pair's own separability
(its depth and formula) is compared with the same recursion and the reference evaluator.
The lasso bound of an earlier version (M·|p| ≥ |l| + d·k + |p|, not growing with d under P)
is shown to be caught: pairs with small N where it claims equal types that differ."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.cli import main
from attnlogic.definability.checks.verify import ARGUMENTS, pair_separation, verify_witness
from attnlogic.ltl import parse, random_formula
from attnlogic.ltl.evaluate import accepts
from attnlogic.ltl.fragments import Fragment
from attnlogic.kernel.errors import CheckBoundExceeded
from family_reference import check_family
from type_reference import closest_since_types_at_end, same_type_at_end, since_types_at_end

LANGUAGES = ["(a|b)*b", "(a|b)*ab", "a*b*", "(ab)*", "(a|b)*aa(a|b)*", "(aa)*", "b(a|b)*",
             "(a|b)*a(a|b)", "(b|ab)*"]
FRAGMENTS = ["LTL[P]", "LTL[Y<=2]", "LTL[P,Y<=2]", "LTL[P,Y]", "LTL[Y]"]
WORDS = ["".join(p) for n in range(6) for p in itertools.product("ab", repeat=n)]


def _pairs(d, limit: int):
    ins = [w for w in WORDS if d.accepts(w)]
    outs = [w for w in WORDS if not d.accepts(w)]
    return [(u, v) for u in ins for v in outs if max(len(u), len(v)) <= limit]


def _check_pair(fr: Fragment, u: str, v: str) -> None:
    """The pair's own separability against the literal recursion and the evaluator."""
    k, past, _ = fr.type_sets
    k = k or 0
    sep = pair_separation(u, v, fr)
    deepest = len(u) + len(v) + 2
    if sep.agrees_to is None:
        assert all(same_type_at_end(u, v, k, past, depth) for depth in range(deepest))
        return
    D = sep.agrees_to
    assert same_type_at_end(u, v, k, past, D) and not same_type_at_end(u, v, k, past, D + 1)
    f = sep.formula
    assert sep.exact and f.depth == D + 1 and fr.allows(f)
    assert accepts(f, u) and not accepts(f, v)


@pytest.mark.parametrize("fragment", FRAGMENTS)
def test_every_bound_against_the_type_recursion(fragment):
    """Every pair (u ∈ L, v ∉ L) of at most 5 letters over the languages: each argument of
    the fragment that applies has a bound that the literal recursion confirms at every
    exponent and depth it covers, and the pair's own separability is exact."""
    fr = Fragment.parse(fragment)
    counts = {"checked": 0, "old bound wrong": 0, "one deeper fails": 0}
    for regex in LANGUAGES:
        d = regex_to_dfa(regex, "ab")
        for u, v in _pairs(d, 5):
            _check_pair(fr, u, v)
            for name in fr.pumping_arguments:
                found = ARGUMENTS[name][0](d, fr, tuple(u), tuple(v))
                if found is not None:
                    check_family(d, fr, found[1], counts)
    forms = {"lasso"} if fr.past else {"lasso", "suffix", "two periods"}
    assert counts["checked"] > 50 and all(counts.get(f, 0) > 0 for f in forms), counts
    # the check is sharp: one depth more than the bound fails on some pair of every fragment
    assert counts["one deeper fails"] > 0, counts
    if fragment == "LTL[P]":   # the old bound claims pairs that a formula separates
        assert counts["old bound wrong"] > 0, counts


def test_the_example_of_verify_help():
    """abab / aba in LTL[P] for (a|b)*b: separable at depth 2 (the issue's P (b & P (a & P b))
    at depth 3 too); the family is a proof, its bound M·|p| ≥ d·|p| gives depth 1 at M = 1."""
    d = regex_to_dfa("(a|b)*b", "ab")
    assert accepts(parse("P (b & P (a & P b))"), "abab") and not accepts(parse("P (b & P (a & P b))"), "aba")
    alone = verify_witness(d, "LTL[P]", "abab", "aba")
    assert not alone.valid and "every depth" not in alone.reason.split("its pumped family")[0]
    pair = alone.details["pair"]
    assert pair["agrees_to_depth"] == 1 and pair["separable_at_depth"] == 2
    f = parse(pair["separating_formula"])
    assert accepts(f, "abab") and not accepts(f, "aba") and f.depth == 2
    fam = alone.details["family"]
    L = len(fam["period"])           # the reading with the shortest tails: aba·b / aba
    assert fam["valid"] and fam["form"] == "lasso" and fam["per_depth"] == L and f"M·{L} >= d·{L}" in fam["reason"]
    assert fam["N"] == 1 and "depth <= 1" in fam["reason"]
    assert verify_witness(d, "LTL[P]", "abab", "aba", family=True).valid
    assert verify_witness(d, "LTL[P]", "abab", "aba", depth=1).valid
    for depth in (2, 3):
        c = verify_witness(d, "LTL[P]", "abab", "aba", depth=depth)
        assert not c.valid and c.details["pair"]["separable_at_depth"] == 2


def test_exit_statuses(capsys):
    """verify: 0 valid, 1 NOT valid, 2 bad input, for each kind of claim."""
    base = ["verify", "--regex", "(a|b)*b", "--alphabet", "ab"]
    cases = [(["--fragment", "LTL[P]", "--witness", "abab", "aba"], 1),
             (["--fragment", "LTL[P]", "--witness", "abab", "aba", "--family"], 0),
             (["--fragment", "LTL[P]", "--witness", "abab", "aba", "--depth", "1"], 0),
             (["--fragment", "LTL[P]", "--witness", "abab", "aba", "--depth", "3"], 1),
             (["--fragment", "LTL[P]", "--witness", "ab", "ba", "--family"], 1),    # both in? no: b-end
             (["--fragment", "LTL[Y]", "--formula", "Y b"], 0),
             (["--fragment", "LTL[Y]", "--formula", "Y a"], 1),
             (["--identity", "[yx*=x*]", "--semigroup"], 0),
             (["--identity", "[yx*=x*]"], 1),
             (["--fragment", "LTL[P]", "--witness", "abab", "aba", "--family", "--depth", "1"], 2),
             (["--fragment", "LTL[P]", "--formula", "Y b", "--family"], 2),
             (["--fragment", "LTL[P]", "--witness", "abxb", "aba"], 2)]
    for argv, status in cases:
        assert main(base + argv + ["--json"]) == status, argv
        out, err = capsys.readouterr()
        if status == 2:
            assert not out and err.count("\n") == 1, argv
        else:
            assert json.loads(out)["valid"] is (status == 0), argv


def test_since_pairs_exactly():
    """LTL[S]: the pair's agreement depth is that of the closest-pair S-types by the literal
    recursion (and at least that of the S-types keeping every pair, the sufficient condition
    classify attests with); the formula is a formula of LTL[S] of one more depth, true on the
    in-word and false on the out-word; and random formulas of LTL[S] of depth at most the
    agreement never separate the pair."""
    fr = Fragment.parse("LTL[S]")
    rng = np.random.default_rng(5)
    formulas = []
    while len(formulas) < 400:
        f = random_formula(rng, ["a", "b"], (2, 14), operators="LTL[S]")
        if f.depth <= 3:
            formulas.append(f)
    finer = 0
    for regex in ("(aa)*", "(a|b)*ab", "a*b*"):
        d = regex_to_dfa(regex, "ab")
        for u, v in _pairs(d, 5)[::4]:
            sep = pair_separation(u, v, fr)
            D, f = sep.agrees_to, sep.formula
            assert D is not None and sep.exact and fr.allows(f) and f.depth == D + 1
            assert accepts(f, u) and not accepts(f, v)
            assert closest_since_types_at_end(u, D) == closest_since_types_at_end(v, D)
            assert closest_since_types_at_end(u, D + 1) != closest_since_types_at_end(v, D + 1)
            finer += since_types_at_end(u, D) != since_types_at_end(v, D)
            assert all(accepts(g, u) == accepts(g, v) for g in formulas if g.depth <= D), (u, v)
    assert finer > 0           # the every-pair S-types are strictly finer on some pairs
    # a^6 / a^5: the every-pair S-types differ at depth 3, yet only Y^6 ⊤ (depth 6) separates
    d = regex_to_dfa("(aa)*", "ab")
    assert verify_witness(d, "LTL[S]", "aaaaaa", "aaaaa", depth=5).valid
    assert not verify_witness(d, "LTL[S]", "aaaaaa", "aaaaa", depth=6).valid


def test_aperiodicity_families_against_membership():
    """The not-aperiodic argument: membership of u·x^n·v over n, by the DFA, is periodic
    with the printed cycle from n = 0 and not constant, for every pair it accepts."""
    fr = Fragment.parse("LTL[S]")
    seen = 0
    for regex in ("(aa)*", "(ab)*", "(a|b)*a(aa)*", "b*(ab*ab*)*"):
        d = regex_to_dfa(regex, "ab")
        for u, v in _pairs(d, 5):
            found = ARGUMENTS["aperiodicity"][0](d, fr, tuple(u), tuple(v))
            if found is None:
                continue
            data = found[1]
            t = data["cycle"]
            row = [d.accepts(data["prefix"] + data["factor"] * n + data["suffix"]) for n in range(4 * t + 8)]
            assert t >= 2 and all(row[n] == row[n + t] for n in range(len(row) - t)) and len(set(row)) == 2
            seen += 1
    assert seen > 20


def test_a_long_pair_is_not_refined_past_the_budget():
    """(ab)^400 / (ab)^400·a in LTL[P]: the refinement of the pair would pass MAX_PAIR_WORK,
    so the pair's own separability is said not computed (never guessed), and the family is
    still checked; the pair alone, at every depth, is then not verified either way (it was
    "NOT valid" before 7 December 2026, a verdict not computed)."""
    d = regex_to_dfa("(a|b)*b", "ab")
    u, v = "ab" * 400, "ab" * 400 + "a"
    check = verify_witness(d, "LTL[P]", u, v, family=True)
    assert check.valid and check.details["pair"] is None and "not computed" in check.reason
    with pytest.raises(CheckBoundExceeded, match="not computed"):
        verify_witness(d, "LTL[P]", u, v)


def test_a_family_search_cut_by_its_bounds_is_refused(capsys):
    """``--family`` with no decomposition found: NOT valid only when every decomposition of the
    fragment's forms was examined (short words); when a bound cut the search (here a common
    prefix longer than the periods tried) nothing is verified, exit 2 (it was NOT valid before
    7 December 2026, a verdict on decompositions never tried)."""
    from attnlogic.definability.checks.verify import search_cut

    regex = "(a|b)*b(a|b)*"                               # P b: in LTL[P], so no family exists
    d = regex_to_dfa(regex, "ab")
    fr = Fragment.parse("LTL[P]")
    u, v = "a" * 10 + "b", "a" * 11
    assert search_cut(d, fr, u, v) is None
    check = verify_witness(d, fr, u, v, family=True)
    assert not check.valid and "every decomposition of those forms was tried" in check.reason
    long_u, long_v = "a" * 60 + "b", "a" * 61
    assert "a common prefix of 60 letters" in search_cut(d, fr, long_u, long_v)
    with pytest.raises(CheckBoundExceeded, match="no decomposition found within the search's bounds"):
        verify_witness(d, fr, long_u, long_v, family=True)
    base = ["verify", "--regex", regex, "--alphabet", "ab", "--fragment", "LTL[P]", "--family", "--witness"]
    assert main(base + [u, v]) == 1
    assert main(base + [long_u, long_v]) == 2
    out, err = capsys.readouterr()
    assert "nothing was verified" in err and err.count("\n") == 1
