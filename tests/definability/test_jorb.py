"""MeSCaL's JOrb(C) — the languages whose C-orbits are 𝒥-trivial — decided as PL(C) ∩ FL(C)
(definability/varieties/intersections.py, the declarations jorb_*.py; docs/decision-procedures.md
§14.10), against referees written here that compute the orbits and 𝒥 directly:

* JOrb(DD): every local monoid eSe (e an idempotent of the syntactic semigroup) 𝒥-trivial;
* JOrb(MOD): the MOD-kernel {1} ∪ α(A^N) (N ≥ the tail of the length sequence α(A^n), a
  multiple of its period) 𝒥-trivial;

on every other census language ≤ 3 states over ab, with every answer through ``verify``'s check;
MeSCaL's six JOrb classes on its 1,154 languages are compared in test_mescal.py (mapping.json).
Corrupted answers are refused."""

from __future__ import annotations

import copy
import json

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.definability.engine.verify_carried import _check_own, class_key

NAMES = ("JOrb(DD)", "JOrb(MOD)", "JOrb(MOD⁺)", "JOrb(AMT)", "JOrb(AMT⁺)", "JOrb(GR)", "JOrb(GR⁺)")


def _maps(dfa):
    n, k = dfa.n_states, len(dfa.alphabet)
    return n, [tuple(int(dfa.transitions[q][a]) for q in range(n)) for a in range(k)]


def _then(x, y):
    return tuple(y[q] for q in x)


def _j_trivial(elements: set, one) -> bool:
    """Whether the monoid ``elements`` (closed under _then, neutral ``one``) is 𝒥-trivial: no two
    elements generate the same two-sided ideal in it."""
    ideals = {}
    for s in elements:
        ideal = frozenset(_then(_then(x, s), y) for x in elements for y in elements)
        if ideal in ideals:
            return False
        ideals[ideal] = s
    return True


def locally_j_trivial(dfa) -> bool:
    n, letters = _maps(dfa)
    S, frontier = set(letters), list(set(letters))
    while frontier:
        frontier = [y for y in {_then(x, a) for x in frontier for a in letters} if y not in S]
        S |= set(frontier)
    return all(_j_trivial({_then(_then(e, s), e) for s in S}, e) for e in S if _then(e, e) == e)


def mod_kernel_j_trivial(dfa) -> bool:
    n, letters = _maps(dfa)
    level, seen, levels = {tuple(range(n))}, {}, []
    while frozenset(level) not in seen:
        seen[frozenset(level)] = len(levels)
        levels.append(level)
        level = {_then(x, a) for x in level for a in letters}
    tail, period = seen[frozenset(level)], len(levels) - seen[frozenset(level)]
    N = next(m for m in range(max(tail, 1), max(tail, 1) + period) if m % period == 0)
    one = tuple(range(n))
    return _j_trivial(levels[tail + (N - tail) % period] | {one}, one)


def test_jorb_dd_and_mod_against_the_orbits_computed_here():
    seen = {name: [0, 0] for name in ("JOrb(DD)", "JOrb(MOD)")}
    for dfa in list(minimal_dfas(3, "ab"))[::2]:
        r = attnlogic.classify(dfa, windows=(), classes=list(NAMES), certificates=False)
        for name, referee in (("JOrb(DD)", locally_j_trivial), ("JOrb(MOD)", mod_kernel_j_trivial)):
            assert r[name].member is referee(r.dfa), (name, dfa)
            seen[name][r[name].member] += 1
        m = {n: r[n].member for n in NAMES}
        assert m["JOrb(DD)"] <= m["JOrb(MOD⁺)"] <= m["JOrb(AMT⁺)"] <= m["JOrb(GR⁺)"]
        assert m["JOrb(MOD)"] <= m["JOrb(AMT)"] <= m["JOrb(GR)"] <= m["JOrb(GR⁺)"]
    assert all(all(v) for v in seen.values()), seen


def _answers(dfa):
    r = attnlogic.classify(dfa, windows=(), classes=list(NAMES))
    return r.dfa, json.loads(json.dumps(r.to_json()))["classes"]


def test_every_answer_passes_its_check_and_corrupted_ones_fail():
    """On every 97th census language: every answer of the seven classes passes verify's check
    (each part's answer by its own class's check), and the same answer is refused with its
    verdict flipped, with a part's "yes" turned "no" or left out, or with a "no" naming a class
    that is not a part."""
    checked = 0
    for dfa in list(minimal_dfas(3, "ab"))[::97]:
        d, answers = _answers(dfa)
        for name in NAMES:
            a = answers[name]
            c = _check_own(d, class_key(name), a, "", 0)
            assert c.valid, (name, c.reason)
            checked += 1
            flipped = copy.deepcopy(a)
            if a["member"]:
                part = next(iter(a["certificate"]["parts"]))
                flipped["certificate"]["parts"][part]["member"] = False
                assert not _check_own(d, class_key(name), flipped, "", 0).valid
                del flipped["certificate"]["parts"][part]
            else:
                flipped["witness"]["part"] = "PT"
            assert not _check_own(d, class_key(name), flipped, "", 0).valid
            assert not _check_own(d, class_key(name), {**a, "member": not a["member"]}, "", 0).valid
    assert checked == 7 * len(list(minimal_dfas(3, "ab"))[::97]), checked


def test_known_answers():
    """A*abA* is in all seven (locally testable: its local monoids are J-trivial); (aa)*, the
    even lengths over {a, b}, is outside JOrb(DD) — aa acts as the identity, so the local monoid
    at it is the whole monoid, which holds the group {1, a} (a 𝒥 1, a ≠ 1) — but in JOrb(MOD)
    and JOrb(GR⁺): the even-length words act as 1 or as the sink, a J-trivial MOD-kernel."""
    def dfa_of(r):
        return attnlogic.load_language(regex=r, alphabet="ab").dfa
    _, a = _answers(dfa_of("(a|b)*ab(a|b)*"))
    assert all(a[n]["member"] for n in NAMES)
    _, even = _answers(dfa_of("(aa)*"))
    assert not even["JOrb(DD)"]["member"] and even["JOrb(MOD)"]["member"] and even["JOrb(GR⁺)"]["member"]
    assert even["JOrb(DD)"]["witness"]["part"] in ("LTL[P,Y]", "FL(DD)")


def test_jorb_gr_is_the_block_groups():
    """JOrb(GR) — the GR-kernel (Ash's type-II submonoid) 𝒥-trivial, PL(GR) ∩ FL(GR) — against the
    census kernel's BPol(GR) column — the block groups, e·f·e = e and f·e·f = f imply e = f — on
    every language ≤ 3 states over ab: equal, as BG = J ⓜ G says (Henckell–Rhodes 1991; a monoid
    lies in J ⓜ G iff its type-II submonoid is J-trivial), by two computations that share
    nothing (the kernel's saturation, the idempotents' products)."""
    import numpy as np

    from attnlogic.automata.census import minimal_dfa_arrays
    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.census.batch import classify_tables
    from attnlogic.definability.census.batch_classes import CLASSES, classify_classes

    both = [0, 0]
    for n in (1, 2, 3):
        rows, accs = minimal_dfa_arrays(n, 2)
        column = classify_classes(n, 2, rows, accs, classify_tables(n, 2, rows))[:, CLASSES.index("BPol(GR)")]
        for row, bits, block in zip(rows, accs, column):
            d = DFA._trusted(("a", "b"), np.asarray(row, dtype=np.int64).reshape(n, 2), 0,
                             np.array([(int(bits) >> q) & 1 for q in range(n)], dtype=bool))
            member = attnlogic.classify(d, windows=(), minimal=True, certificates=False,
                                        classes=["JOrb(GR)"])["JOrb(GR)"].member
            assert member is bool(block), d
            both[member] += 1
    assert all(both), both
