"""The census against independent means.

* The languages: a brute-force enumeration written here — every transition table with
  initial state 0, every acceptance vector, kept when every state is reachable and no two
  states are equivalent (Moore refinement written here), put in canonical form by
  breadth-first relabelling — not automata/census.py.
* The verdicts of LTL[P], LTL[Y], LTL[P,Y], LTL[S]: the semigroup identities on the
  transition semigroup of the minimal DFA (the syntactic semigroup), enumerated here as
  tuples: R-trivial (xy)^ω x = (xy)^ω on S¹; definite y x^ω = x^ω; locally R-trivial
  (eSe R-trivial for every idempotent e); aperiodic x^(ω+1) = x^ω.
* The window verdicts: a "no" by the inclusion into LTL[Y] (LTL[P,Y]) and that fragment's
  identity, or by its witness pair checked by :func:`verify_witness` at every depth (the
  lasso argument found in the words, not the decider); a "yes" by the inclusion of LTL[P]
  or LTL[Y<=k] into LTL[P,Y<=k], or by the type automaton's formula, checked by
  :func:`verify_formula` (the formula's own DFA, equivalence).
"""

from __future__ import annotations

import itertools
import json

import pytest

from family_reference import check_family
from attnlogic.cli import main
from attnlogic.definability.census import Census, census
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.algebra.types import type_automaton
from attnlogic.definability.checks.verify import verify_formula, verify_witness
from attnlogic.kernel.errors import InputError, LimitExceeded

# -- the independent enumeration ---------------------------------------------------------


def _reachable(table, n, k):
    seen, stack = {0}, [0]
    while stack:
        q = stack.pop()
        for a in range(k):
            r = table[q * k + a]
            if r not in seen:
                seen.add(r)
                stack.append(r)
    return len(seen) == n


def _moore_blocks(table, acc, n, k):
    """The number of Myhill–Nerode classes: refine by acceptance, then by successor blocks."""
    block = list(acc)
    while True:
        sig = [(block[q],) + tuple(block[table[q * k + a]] for a in range(k)) for q in range(n)]
        names = {s: i for i, s in enumerate(dict.fromkeys(sig))}
        new = [names[s] for s in sig]
        if len(set(new)) == len(set(block)):
            return len(set(new))
        block = new


def _bfs_canonical(table, acc, n, k):
    order, index = [0], {0: 0}
    for q in order:                       # grows while read: breadth-first
        for a in range(k):
            r = table[q * k + a]
            if r not in index:
                index[r] = len(order)
                order.append(r)
    rows = tuple(tuple(index[table[q * k + a]] for a in range(k)) for q in order)
    return rows, tuple(bool(acc[q]) for q in order)


def brute_force_languages(max_states: int, k: int) -> set:
    out = set()
    for n in range(1, max_states + 1):
        for table in itertools.product(range(n), repeat=n * k):
            if not _reachable(table, n, k):
                continue
            for acc in itertools.product((0, 1), repeat=n):
                if _moore_blocks(table, acc, n, k) == n:
                    out.add(_bfs_canonical(table, acc, n, k))
    return out


def _key(dfa):
    return (tuple(tuple(int(q) for q in row) for row in dfa.transitions),
            tuple(bool(x) for x in dfa.accepting))


# -- the independent semigroup and its identities ---------------------------------------


def _semigroup(dfa):
    """Transformations of the non-empty words (tuples: state q ↦ q·w), and the product
    x·y = "x, then y"."""
    n, k = dfa.n_states, len(dfa.alphabet)
    gens = [tuple(int(dfa.transitions[q, a]) for q in range(n)) for a in range(k)]
    elements, frontier = set(gens), list(gens)
    while frontier:
        nxt = []
        for x in frontier:
            for g in gens:
                y = tuple(g[x[q]] for q in range(n))
                if y not in elements:
                    elements.add(y)
                    nxt.append(y)
        frontier = nxt
    return sorted(elements)


def _mul(x, y):
    return tuple(y[q] for q in x)


def _omega(x):
    p = x
    while _mul(p, p) != p:
        p = _mul(p, x)
    return p


def _r_trivial(S, one):
    S1 = S + [one]
    return all(_mul(_omega(_mul(x, y)), x) == _omega(_mul(x, y)) for x in S1 for y in S1)


def _definite(S):
    return all(_mul(y, _omega(x)) == _omega(x) for x in S for y in S)


def _locally_r_trivial(S):
    for e in {_omega(x) for x in S}:
        local = {_mul(_mul(e, s), e) for s in S}
        if not all(_mul(_omega(_mul(a, b)), a) == _omega(_mul(a, b)) for a in local for b in local):
            return False
    return True


def _aperiodic(S):
    return all(_mul(_omega(x), x) == _omega(x) for x in S)


def identity_verdicts(dfa) -> dict:
    S = _semigroup(dfa)
    one = tuple(range(dfa.n_states))
    return {"LTL[P]": _r_trivial(S, one), "LTL[Y]": _definite(S),
            "LTL[P,Y]": _locally_r_trivial(S), "LTL[S]": _aperiodic(S)}


def test_the_identities_know_the_published_answers(language_cases):
    """The hand-written identities against the language suite's published answers."""
    from attnlogic.automata.sources import language_from_regex

    checked = 0
    for case in language_cases:
        if len(case["alphabet"]) > 3 or case.get("minimal_dfa_states", 99) > 8:
            continue
        got = identity_verdicts(language_from_regex(case["regex"], case["alphabet"]).dfa)
        for f, v in got.items():
            if case["expected"].get(f) is not None:
                assert v == case["expected"][f], (case["name"], f)
                checked += 1
    assert checked >= 20


# -- the census ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def census_3ab() -> Census:
    return census(3, "ab")


def test_the_languages_are_the_brute_force_ones(census_3ab):
    assert [census_3ab.total(n) for n in (1, 2, 3)] == [2, 24, 1028]
    keys = [_key(e.dfa) for e in census_3ab.entries]
    assert len(set(keys)) == len(keys)
    assert set(keys) == brute_force_languages(3, 2)


def test_three_letters_two_states_against_brute_force():
    c = census(2, "abc")
    keys = {_key(e.dfa) for e in c.entries}
    assert len(keys) == c.total() and keys == brute_force_languages(2, 3)
    for e in c.entries:
        want = identity_verdicts(e.dfa)
        assert {f: e.verdicts[c.fragments.index(f)] for f in want} == want, e.dfa


def test_base_fragments_agree_with_the_semigroup_identities(census_3ab):
    c = census_3ab
    for e in c.entries:
        want = identity_verdicts(e.dfa)
        got = {f: e.verdicts[c.fragments.index(f)] for f in want}
        assert got == want, (e.dfa.transitions.tolist(), e.dfa.accepting.tolist())


def _window_check(dfa, fragment, verdict, identities, verdicts) -> str:
    """How the window verdict was confirmed (raises AssertionError when it is not)."""
    outer = "LTL[P,Y]" if fragment.past else "LTL[Y]"
    if verdict is False:
        if not identities[outer]:
            return "outer identity"
        r = classify(dfa, windows=(fragment.window,), minimal=True, certificates=False)[fragment]
        w = r.witness
        check = verify_witness(dfa, fragment, w.accepted, w.rejected, family=True)
        assert check.valid, (dfa.transitions.tolist(), dfa.accepting.tolist(), fragment, check.reason)
        check_family(dfa, fragment, check.details["family"])     # its bound, by the literal recursion
        return "witness at every depth"
    assert verdict is True, (dfa.transitions.tolist(), fragment, "undecided")
    if fragment.past and (identities["LTL[P]"] or verdicts[f"LTL[Y<={fragment.window}]"]):
        return "inclusion"
    for depth in (1, 2, 3):
        res = type_automaton(dfa, fragment.window, fragment.past, depth)
        if res.definable:
            check = verify_formula(dfa, fragment, res.formula)
            assert check.valid, (dfa.transitions.tolist(), fragment, check.reason)
            return "formula"
    raise AssertionError(f"no formula of depth <= 3 for a yes: {dfa.transitions.tolist()}")


@pytest.mark.slow
def test_window_verdicts_confirmed_independently(census_3ab):
    c = census_3ab
    how = {}
    windows = [f for f in c.fragments if f.window is not None and f.window > 1]
    for e in c.entries:
        identities = identity_verdicts(e.dfa)
        verdicts = {str(f): v for f, v in zip(c.fragments, e.verdicts)}
        for f in windows:
            key = (str(f), _window_check(e.dfa, f, verdicts[str(f)], identities, verdicts))
            how[key] = how.get(key, 0) + 1
    # every way of confirming was exercised, and every verdict was confirmed
    assert sum(how.values()) == len(windows) * c.total()
    assert {k for k in how if k[1] in ("formula", "witness at every depth")} == {
        ("LTL[Y<=2]", "formula"), ("LTL[P,Y<=2]", "formula"),
        ("LTL[Y<=2]", "witness at every depth"), ("LTL[P,Y<=2]", "witness at every depth")}


def test_window_verdicts_two_states_confirmed_independently():
    c = census(2, "ab")
    for e in c.entries:
        identities = identity_verdicts(e.dfa)
        verdicts = {str(f): v for f, v in zip(c.fragments, e.verdicts)}
        for f in c.fragments:
            if f.window is not None and f.window > 1:
                _window_check(e.dfa, f, verdicts[str(f)], identities, verdicts)


def test_verdicts_are_those_of_the_classifier_with_certificates():
    """certificates=False changes no verdict (two states over ab, every language), and every
    member answer of the full classification carries a certificate that verifies."""
    c = census(2, "ab")
    for e in c.entries:
        full = classify(e.dfa, windows=(2,), minimal=True, search_budget=0)
        assert tuple(full[f].member for f in c.fragments) == e.verdicts
        for r in full.results:
            if r.member:
                assert r.formula is not None and verify_formula(e.dfa, r.fragment, r.formula).valid


def test_counts_profiles_and_patterns_are_consistent(census_3ab):
    c = census_3ab
    for f in c.fragments:
        for n in c.sizes:
            assert (c.count(f, True, n) + c.count(f, False, n) + c.count(f, None, n)) == c.total(n)
    assert c.count("global") == c.count("LTL[P]") and c.count("hybrid:2") == c.count("LTL[P,Y<=2]")
    assert sum(count for _, count in c.profiles()) == c.total()
    # the known inclusions hold language by language
    i = {str(f): j for j, f in enumerate(c.fragments)}
    for e in c.entries:
        v = {name: e.verdicts[j] for name, j in i.items()}
        for small, big in [("LTL[P]", "LTL[P,Y]"), ("LTL[Y]", "LTL[P,Y]"), ("LTL[P,Y]", "LTL[S]"),
                           ("LTL[Y<=2]", "LTL[Y]"), ("LTL[P,Y<=2]", "LTL[P,Y]"),
                           ("LTL[P]", "LTL[P,Y<=2]"), ("LTL[Y<=2]", "LTL[P,Y<=2]")]:
            assert not v[small] or v[big], (small, big, e.dfa.transitions.tolist())


def test_cli_json_counts_match_the_independent_enumeration_and_identities(capsys):
    assert main(["census", "--max-states", "3", "--alphabet", "ab", "--json", "--each",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    obj = json.loads(out)
    brute = brute_force_languages(3, 2)
    assert obj["languages"] == {str(n): sum(1 for t, _ in brute if len(t) == n) for n in (1, 2, 3)}
    from attnlogic.automata.dfa import DFA

    want = {f: {"1": 0, "2": 0, "3": 0} for f in ("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]")}
    listed = set()
    for rows, acc in brute:
        d = DFA(["a", "b"], [list(r) for r in rows], 0, list(acc))
        for f, v in identity_verdicts(d).items():
            want[f][str(len(rows))] += v
    for e in obj["dfas"]:
        d = e["dfa"]
        assert d["alphabet"] == ["a", "b"] and d["initial"] == 0
        listed.add((tuple(map(tuple, d["transitions"])),
                    tuple(q in d["accepting"] for q in range(e["states"]))))
    assert listed == brute
    for f, counts in want.items():
        assert obj["counts"][f]["yes"] == counts
        assert obj["patterns"].get(obj["counts"][f]["pattern"], {"can": counts})["can"] == counts
    assert obj["undecided"] == []


def test_cli_text_tables_and_refusals(capsys):
    assert main(["census", "-n", "2", "-a", "ab", "--no-progress"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[2].split() == ["languages", "2", "24", "26"]
    assert any(line.split()[:2] == ["LTL[P,Y<=2]", "hybrid:2"] for line in lines)
    assert "undecided: 0" in lines
    assert main(["census", "-n", "5", "-a", "ab"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--max-dfas" in err
    assert main(["census", "-n", "0", "-a", "ab"]) == 2
    assert main(["census", "-n", "2", "-a", "ab", "--each"]) == 2


def test_library_refusals():
    with pytest.raises(LimitExceeded):
        census(3, "ab", max_dfas=100)
    with pytest.raises(InputError):
        census(0, "ab")
    with pytest.raises(InputError):
        census(2, "aa")


def test_symmetry_changes_no_verdict():
    """One language per orbit under renaming letters and complement, copied: the same census
    as classifying every language."""
    for n, letters in [(2, "abc"), (2, "ab"), (1, "abc")]:
        assert census(n, letters) == census(n, letters, symmetry=False)


def test_undecided_answers_are_counted_and_listed(capsys):
    """A tiny limit leaves answers undecided: each is counted, listed with its DFA (a DFA
    file that reads back) and the method, in JSON and in text."""
    from attnlogic.automata.io import dfa_from_dict

    c = census(2, "ab", limit=3)
    undecided = c.undecided()
    assert undecided and sum(c.count(f, None) for f in c.fragments) == len(undecided)
    obj = c.to_json()
    assert len(obj["undecided"]) == len(undecided)
    for item, (e, f, method) in zip(obj["undecided"], undecided):
        assert dfa_from_dict(item["dfa"]) == e.dfa and item["fragment"] == str(f)
        assert item["member"][str(f)] is None and item["method"] == method
    assert main(["census", "-n", "2", "-a", "ab", "--limit", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert f"undecided: {len(undecided)}" in out.splitlines()
    assert sum(1 for line in out.splitlines() if "initial 0, accepting" in line) == len(undecided)
