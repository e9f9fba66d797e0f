"""PL(AT), FL(AT), TL(AT) = FO²[<,Bet] and JOrb(AT) — MeSCaL's PL₂(ST), FL₂(ST), TL₂(ST), JOrb(AT) —
decided on the AT-orbits e·α(B_e*)·e (definability/varieties/alphabet_orbits.py;
docs/decision-procedures.md §14.11), against a referee written here that takes the orbits from
their definition instead: the C-orbit of e is {e·s·e : (e, s) a C-pair}, and for C = AT two
elements form a pair iff some word of each has the same alphabet (the pairs (element,
alphabet) enumerated here, R-, L-triviality and DA by brute force).  MeSCaL's TL₂(ST), FL₂(ST)
and JOrb(AT) on its 1,154 languages are compared in test_mescal.py (mapping.json)."""

from __future__ import annotations

import copy
import json

import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.rational import reverse
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.engine.verify_carried import _check_own, class_key

NAMES = ("PL(AT)", "FL(AT)", "TL(AT)", "JOrb(AT)")
PROPS = {"PL(AT)": "R", "FL(AT)": "L", "TL(AT)": "DA"}


def _then(x, y):
    return tuple(y[q] for q in x)


def _pairs(dfa) -> set:
    """The pairs (transformation, alphabet) of the words, the empty word included."""
    n, k = dfa.n_states, len(dfa.alphabet)
    letters = [tuple(int(dfa.transitions[q][a]) for q in range(n)) for a in range(k)]
    seen = {(tuple(range(n)), frozenset())}
    frontier = list(seen)
    while frontier:
        frontier = [p for p in {(_then(f, letters[a]), c | {a}) for f, c in frontier for a in range(k)} if p not in seen]
        seen |= set(frontier)
    return seen


def _omega(s):
    p = s
    while _then(p, p) != p:
        p = _then(p, s)
    return p


def _has(orbit: set, prop: str) -> bool:
    if prop == "DA":
        return all(_then(_then(_omega(_then(x, y)), y), _omega(_then(x, y))) == _omega(_then(x, y))
                   for x in orbit for y in orbit)
    ideal = {s: frozenset(_then(s, k) if prop == "R" else _then(k, s) for k in orbit) for s in orbit}
    return len(set(ideal.values())) == len(orbit)


def referee(dfa) -> dict:
    """{"R"|"L"|"DA": whether every AT-orbit, by the AT-pairs, has it}."""
    pairs = _pairs(dfa)
    by_content: dict = {}
    for f, c in pairs:
        by_content.setdefault(c, set()).add(f)
    idempotents = {f for f, _ in pairs if _then(f, f) == f}
    orbits = []
    for e in idempotents:
        partners = set().union(*(fs for fs in by_content.values() if e in fs))
        orbits.append({_then(_then(e, s), e) for s in partners})
    return {p: all(_has(o, p) for o in orbits) for p in ("R", "L", "DA")}


def _sample():
    return list(minimal_dfas(3, "ab"))[::9] + list(minimal_dfas(3, "abc"))[::211]


def test_the_orbits_by_alphabets_are_the_orbits_by_at_pairs():
    """On every 9th census language ≤ 3/ab and every 211th ≤ 3/abc: each class's verdict is the
    referee's, and JOrb(AT) is PL(AT) ∩ FL(AT); both verdicts occur for each class."""
    seen = {n: set() for n in NAMES}
    for dfa in _sample():
        r = attnlogic.classify(dfa, windows=(), classes=list(NAMES), certificates=False)
        truth = referee(r.dfa)
        for name, p in PROPS.items():
            assert r[name].member is truth[p], (name, dfa)
            seen[name].add(r[name].member)
        assert r["JOrb(AT)"].member is (truth["R"] and truth["L"])
        seen["JOrb(AT)"].add(r["JOrb(AT)"].member)
    assert all(v == {True, False} for v in seen.values()), seen


def test_inclusions_and_the_mirror():
    """PL(AT) of L is FL(AT) of its reversal (AT is closed under reversal, the orbits of the
    reversal are the dual monoids); FO²[<] ⊆ TL(AT), LTL[P] ⊆ PL(AT), FL(ST) ⊆ FL(AT), PT ⊆ JOrb(AT),
    PL(AT) ∪ FL(AT) ⊆ TL(AT) ⊆ LTL[S] — on the sample, with languages of TL(AT) outside FO²[<]."""
    strict = 0
    for dfa in _sample():
        names = ["FO2[<]", "FL(ST)", "PT", *NAMES]
        m = {k: v.member for k, v in attnlogic.classify(dfa, windows=(), classes=names, certificates=False).items()}
        rev = attnlogic.classify(reverse(dfa), windows=(), classes=["FL(AT)"], certificates=False)["FL(AT)"].member
        assert m["PL(AT)"] is rev, dfa
        assert m["FO2[<]"] <= m["TL(AT)"] and m["LTL[P]"] <= m["PL(AT)"] and m["FL(ST)"] <= m["FL(AT)"]
        assert m["PT"] <= m["JOrb(AT)"] and (m["PL(AT)"] or m["FL(AT)"]) <= m["TL(AT)"] <= m["LTL[S]"]
        strict += m["TL(AT)"] and not m["FO2[<]"]
    assert strict, strict


def test_known_answers_and_names():
    """(ab)* is in TL(AT) = FO²[<,Bet] (no two a's without a b between them, a first, b last) but
    not in FO²[<] (its monoid B₂¹ is not in DA); (aa)* is in none (a group); the words whose
    b-nesting (b opens, a closes, an a at depth 0 ignored) stays below 3 are star-free but outside
    TL(AT) (by the referee too); MeSCaL's names and FO2[<,Bet] name the same classes."""
    def classes(regex):
        r = attnlogic.classify(attnlogic.load_language(regex=regex, alphabet="ab").dfa, windows=(),
                               classes=["FO2[<]", *NAMES], certificates=False)
        return {n: r[n].member for n in ("FO2[<]", *NAMES)}
    assert classes("(ab)*") == {"FO2[<]": False, "PL(AT)": True, "FL(AT)": True, "TL(AT)": True, "JOrb(AT)": True}
    assert not any(classes("(aa)*").values())
    depth = DFA(("a", "b"), [[0, 1], [0, 2], [1, 3], [3, 3]], 0, [0, 1, 2])
    r = attnlogic.classify(depth, windows=(), classes=["TL(AT)"], certificates=False)
    assert r["LTL[S]"].member and not r["TL(AT)"].member and not referee(r.dfa)["DA"]
    for alias, name in (("TL2(ST)", "TL(AT)"), ("TL₂(ST)", "TL(AT)"), ("FO2[<,Bet]", "TL(AT)"),
                        ("FL2(ST)", "FL(AT)"), ("PL₂(ST)", "PL(AT)")):
        assert language_class(alias).name == name


def _answers(dfa):
    r = attnlogic.classify(dfa, windows=(), classes=list(NAMES))
    return r.dfa, json.loads(json.dumps(r.to_json()))["classes"]


@pytest.mark.parametrize("regex", ["(ab)*", "(a|b)*a(a|b)*b", "(aa)*", "a(a|b)*", "(a|b)*(ab|ba)(a|b)*b"])
def test_every_answer_passes_its_check_and_corrupted_ones_fail(regex):
    """Every answer passes verify's check; refused: the verdict flipped, a "yes" with an orbit
    left out, an element left out of an orbit or another property named, a "no" whose
    elements use a letter e's word does not or whose context is moved off the two sides."""
    d, answers = _answers(attnlogic.load_language(regex=regex, alphabet="ab").dfa)
    for name in PROPS:
        a = answers[name]
        assert _check_own(d, class_key(name), a, "", 0).valid, (name, regex)
        assert not _check_own(d, class_key(name), {**a, "member": not a["member"]}, "", 0).valid
        bad = []
        if a["member"]:
            cert = a["certificate"]
            bad.append({**cert, "orbits": cert["orbits"][1:]})
            big = max(range(len(cert["orbits"])), key=lambda i: len(cert["orbits"][i]["elements"]))
            if len(cert["orbits"][big]["elements"]) > 1:
                cut = copy.deepcopy(cert)
                cut["orbits"][big]["elements"] = cut["orbits"][big]["elements"][1:]
                bad.append(cut)
            bad.append({**cert, "property": "DA" if cert["property"] != "DA" else "R-trivial"})
            for c in bad:
                assert not _check_own(d, class_key(name), {**a, "certificate": c}, "", 0).valid, (name, c)
        else:
            inst = a["witness"]["instance"]
            missing = [x for x in "ab" if x not in inst["e"]]
            victim = "x" if "x" in inst else "s"
            if missing:                              # a letter outside alph(e's word)
                bad.append({**inst, victim: inst[victim] + missing[0]})
            # the context moved: the sides are told apart by at most one of these
            bad += [{**inst, "prefix": inst["prefix"] + p, "suffix": inst["suffix"] + s}
                    for p in ("", "a", "b") for s in ("", "a", "b") if (p, s) != ("", "")]
            refused = [not _check_own(d, class_key(name), {**a, "witness": {**a["witness"], "instance": i}}, "", 0).valid
                       for i in bad]
            assert any(refused), (name, regex)
            if missing:
                assert refused[0], (name, regex)


def test_verify_command_rechecks_the_classes(capsys, tmp_path):
    """``classify --class navigational --json`` then ``verify --class NAME --answer FILE``: every
    answer valid (the MeSCaL spelling too); a "no" of TL(AT) turned "yes" is refused."""
    from attnlogic.cli import main

    src = ["--regex", "(aa)*", "--alphabet", "ab"]
    assert main(["classify", *src, "--class", "navigational", "--json", "--no-progress"]) == 0
    answer = tmp_path / "answer.json"
    text = capsys.readouterr().out
    answer.write_text(text)
    assert json.loads(text)["classes"]["TL(AT)"]["member"] is False
    for name in (*NAMES, "TL2(ST)"):
        assert main(["verify", *src, "--class", name, "--answer", str(answer), "--json"]) == 0, name
        assert json.loads(capsys.readouterr().out)["valid"] is True, name
    tampered = json.loads(text)
    for key in ("classes", "fragments"):
        if "TL(AT)" in tampered.get(key, {}):
            tampered[key]["TL(AT)"] = dict(tampered[key]["TL(AT)"], member=True)
    answer.write_text(json.dumps(tampered))
    assert main(["verify", *src, "--class", "TL(AT)", "--answer", str(answer), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["valid"] is False
