"""The G-kernels (definability/algebra/group_kernels.py) and the classes decided on them —
PL, FL, SF over AMT and GR, and the ⁺ classes (docs/decision-procedures.md §14).

* the GR-kernel by saturation against a brute force: every group of at most 3 states over
  ab (a permutation automaton) that keeps φ⁻¹(s) away from ε excludes s from the kernel,
  so the kernel lies inside what none of them excludes; the AMT-kernel likewise inside K_d
  for d ≤ 4, and equal to K_D at its own modulus (a search of its own); GR ⊆ AMT ⊆ MOD;
* the MOD-kernel against LTL[P,MOD], decided by another procedure (counter components):
  L ∈ LTL[P,MOD] iff the MOD-kernel is R-trivial;
* the inclusions PL(ST) ⊆ PL(MOD) ⊆ PL(AMT) ⊆ PL(GR) ⊆ SF(GR), SF(MOD) ⊆ SF(AMT) ⊆ SF(GR),
  PL(G) ⊆ PL(G⁺) ⊆ SF(G), on a sample of the census;
* every answer's certificate or witness passes verify's check, and corrupted ones are
  refused.  (MeSCaL's answers for all ten classes: tests/definability/test_mescal.py.)
"""

from __future__ import annotations

import copy
import json
import itertools
from functools import lru_cache

import numpy as np
import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.definability.algebra.group_kernels import amt_kernel, gr_kernel, kernel_at_modulus, mod_kernel
from attnlogic.definability.engine.registry import GROUPS, language_class
from attnlogic.definability.varieties.group_kernel_classes import monoid_table, kernel_violation
from attnlogic.definability.varieties.identities import structure_of

KERNEL_CLASSES = ("PL(AMT)", "PL(GR)", "PL(AMT⁺)", "PL(GR⁺)", "FL(AMT)", "FL(GR)", "FL(AMT⁺)", "FL(GR⁺)",
                  "SF(AMT)", "SF(GR)")
#: TL over AMT, GR (and ⁺), UPol(AMT⁺), UPol(GR⁺), of the same group: tests/definability/test_temporal_group_kernels.py
TL_CLASSES = ("TL(AMT)", "TL(GR)", "TL(AMT⁺)", "TL(GR⁺)", "UPol(AMT⁺)", "UPol(GR⁺)")


@lru_cache(maxsize=None)
def sample() -> tuple:
    """Every 16th minimal DFA of the census ≤ 3 states over ab (66 languages)."""
    return tuple(itertools.islice(minimal_dfas(3, ("a", "b")), 0, None, 16))


def _table(dfa):
    return monoid_table(structure_of(dfa.minimal(), monoid=True))[0]


def _groups():
    """Every permutation automaton with 1–3 states over two letters (start 0)."""
    for n in (1, 2, 3):
        perms = list(itertools.permutations(range(n)))
        for pa, pb in itertools.product(perms, perms):
            yield n, (pa, pb)


def _not_excluded(m, n, perms) -> set:
    """The s with some w ∈ φ⁻¹(s) returning the group's state 0 to 0 (the group cannot
    separate ε from φ⁻¹(s))."""
    start = (m.one, 0)
    seen, todo = {start}, [start]
    while todo:
        s, q = todo.pop()
        for a, g in enumerate(m.letters):
            nxt = (int(m.table[s, g]), perms[a][q])
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return {s for s, q in seen if q == 0}


def test_the_kernels_against_brute_force():
    groups = list(_groups())
    assert len(groups) == 1 + 4 + 36
    strict = 0
    for dfa in sample()[:40]:
        m = _table(dfa)
        gr, amt, mod = gr_kernel(m), amt_kernel(m), mod_kernel(m)
        everywhere = set(range(m.size))
        for n, perms in groups:
            everywhere &= _not_excluded(m, n, perms)
        assert set(gr.elements) <= everywhere
        assert set(gr.elements) <= set(amt.elements) <= set(mod.elements)
        assert m.one in gr.elements and all(int(m.table[e, e]) != e or e in gr.elements for e in range(m.size))
        vectors = ((1, 0), (0, 1))
        for d in (1, 2, 3, 4):
            assert set(amt.elements) <= {s for s, x in enumerate(kernel_at_modulus(m, vectors, d, 10**6)) if x}
        assert amt.members == kernel_at_modulus(m, vectors, amt.modulus, 10**6)
        assert mod.members == kernel_at_modulus(m, ((1,), (1,)), mod.modulus, 10**6)
        strict += set(gr.elements) < set(amt.elements)
    assert strict > 0                                   # the GR-kernel is smaller somewhere


def test_mod_kernel_r_trivial_is_ltl_p_mod():
    """L ∈ LTL[P,MOD] (decided by its counter components) iff the MOD-kernel is R-trivial."""
    for dfa in sample()[::2]:
        m = _table(dfa)
        ker = mod_kernel(m)
        r_trivial = kernel_violation(np.asarray(m.table), {k: k for k in ker.elements}, "R-trivial") is None
        assert attnlogic.classify(dfa, windows=(), classes=["LTL[P,MOD]"], certificates=False)["LTL[P,MOD]"].member \
            == r_trivial


CHAINS = (("LTL[P]", "LTL[P,MOD]"), ("LTL[P,MOD]", "PL(AMT)"), ("PL(AMT)", "PL(GR)"), ("PL(GR)", "SF(GR)"),
          ("LTL[S,MOD]", "SF(AMT)"), ("SF(AMT)", "SF(GR)"), ("PL(AMT)", "PL(AMT⁺)"), ("PL(GR)", "PL(GR⁺)"),
          ("PL(AMT⁺)", "SF(AMT)"), ("FL(GR⁺)", "SF(GR)"), ("FL(AMT)", "FL(GR)"), ("GR", "PL(GR)"), ("AMT", "FL(AMT)"))


def test_the_inclusions_on_a_census_sample():
    names = sorted({n for pair in CHAINS for n in pair} - {"LTL[P]"})
    proper = set()
    for dfa in sample():
        r = attnlogic.classify(dfa, windows=(), classes=names, certificates=False)
        for small, large in CHAINS:
            assert not (r[small].member and r[large].member is False), (small, large, dfa)
            if r[large].member and r[small].member is False:
                proper.add((small, large))
    assert ("PL(AMT)", "PL(GR)") in proper and ("PL(GR)", "SF(GR)") in proper and ("SF(AMT)", "SF(GR)") in proper


def test_the_group_names_every_kernel_class():
    assert GROUPS["kernels"] == KERNEL_CLASSES + TL_CLASSES
    assert language_class("PL(GR+)").name == "PL(GR⁺)" and language_class("FL(AMT+)").name == "FL(AMT⁺)"


@lru_cache(maxsize=None)
def answers() -> dict:
    """name → (a "yes" and a "no" of the sample: (dfa, answer JSON))."""
    out: dict = {}
    for dfa in sample():
        r = attnlogic.classify(dfa, windows=(), classes=list(KERNEL_CLASSES))
        for name in KERNEL_CLASSES:
            out.setdefault((name, r[name].member), (dfa, r[name].to_json()))
    return out


@pytest.mark.parametrize("name", KERNEL_CLASSES)
def test_every_answer_passes_its_check(name):
    check = language_class(name).check
    for member in (True, False):
        dfa, answer = answers()[(name, member)]
        c = check(dfa, answer)
        assert c.valid, (name, member, c.reason)


def _corrupt_yes(answer):
    """Corrupted "yes" answers: an element dropped (the closure, K_d or the property
    may break), 1 dropped, another property, another base."""
    cert = answer["certificate"]
    for i in range(len(cert["elements"])):
        a = copy.deepcopy(answer)
        del a["certificate"]["elements"][i]
        yield a
    a = copy.deepcopy(answer)
    a["certificate"]["property"] = "L-trivial" if cert["property"] != "L-trivial" else "R-trivial"
    yield a
    a = copy.deepcopy(answer)
    a["certificate"]["base"] = "AMT" if cert["base"] == "GR" else "GR"
    yield a


def _corrupt_no(answer, plus: bool):
    """Corrupted "no" answers, each surely false: s = t, for a ⁺ class e = ε, a derivation
    step citing itself or an unknown rule, a proof's word lengthened or a loop's coefficient
    changed (the letter counts no longer cancel)."""
    wit = answer["witness"]
    if "t" in wit["instance"]:
        a = copy.deepcopy(answer)
        a["witness"]["instance"]["t"] = wit["instance"]["s"]
        yield a
    if plus:
        a = copy.deepcopy(answer)
        a["witness"]["instance"]["e"] = ""
        yield a
    if "steps" in wit:
        for i, st in enumerate(wit["steps"]):
            a = copy.deepcopy(answer)
            a["witness"]["steps"][i]["rule"] = "axiom"
            yield a
            if "from" in st:
                a = copy.deepcopy(answer)
                a["witness"]["steps"][i]["from"][0] = i
                yield a
    else:
        for i, pr in enumerate(wit["proofs"]):
            a = copy.deepcopy(answer)
            a["witness"]["proofs"][i]["word"] += "ab"
            yield a
            for j in range(len(pr["loops"])):
                a = copy.deepcopy(answer)
                a["witness"]["proofs"][i]["loops"][j][2] += 1
                yield a


@pytest.mark.parametrize("name", ["PL(GR)", "PL(AMT⁺)", "FL(GR⁺)", "SF(AMT)"])
def test_verify_refuses_corrupted_answers(name):
    check = language_class(name).check
    dfa, yes = answers()[(name, True)]
    refused = 0
    for bad in _corrupt_yes(yes):
        c = check(dfa, bad)
        # dropping an element may leave a smaller closed superset with the property: then the
        # corrupted set is still a valid certificate; anything else must be refused
        refused += not c.valid
        if bad["certificate"]["base"] != yes["certificate"]["base"] or bad["certificate"]["property"] != \
                yes["certificate"]["property"] or "" not in bad["certificate"]["elements"]:
            assert not c.valid
    assert refused >= 3
    dfa, no = answers()[(name, False)]
    count = 0
    for bad in _corrupt_no(no, "⁺" in name):
        count += 1
        c = check(dfa, bad)
        assert not c.valid, (bad, c.reason)
    assert count >= 3
    assert not check(dfa, {"member": False, "witness": {"kind": "kernel derivation"}}).valid
    assert not check(dfa, {"member": True}).valid


def test_command_line(tmp_path, capsys):
    from attnlogic.cli import main

    args = ["--regex", "(a(ab)*b)*|ba*", "--alphabet", "ab"]
    assert main(["classify", *args, "--class", "PL(GR+)", "--no-progress"]) == 0
    assert "PL(GR⁺)" in capsys.readouterr().out
    assert main(["classify", *args, "--class", "kernels", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(KERNEL_CLASSES) <= set(out["classes"])
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(out), encoding="utf-8")
    for name in ("PL(GR)", "FL(AMT+)", "SF(AMT)"):
        assert main(["verify", *args, "--class", name, "--answer", str(path)]) == 0, name
    out["classes"]["PL(GR)"]["certificate"]["elements"].remove("")
    path.write_text(json.dumps(out), encoding="utf-8")
    capsys.readouterr()
    assert main(["verify", *args, "--class", "PL(GR)", "--answer", str(path)]) != 0
    for bad in ("PL(GR", "PL(GR++)"):
        assert main(["classify", *args, "--class", bad, "--no-progress"]) == 2
        assert "Traceback" not in capsys.readouterr().err


def test_the_monoid_table_is_refused_past_the_memory_budget():
    """The |M|² table of the kernels is refused before it is built when it would pass the memory
    budget (a 29,085-element monoid of a random 9-state DFA once asked 6.3 GiB here); the class
    asked by name is undecided, naming the budget, and the other classes are still answered."""
    from attnlogic.kernel.errors import MemoryBudgetExceeded
    from attnlogic.kernel.limits import Limits

    dfa = attnlogic.load_language(regex="(a|b)*a(a|b)(a|b)", alphabet="ab").dfa.minimal()
    st = structure_of(dfa, monoid=True)
    assert monoid_table(st)[0].table.shape == (st.size, st.size)
    with pytest.raises(MemoryBudgetExceeded):
        monoid_table(st, 3 * 8 * st.size * st.size - 1)
    assert monoid_table(st, 3 * 8 * st.size * st.size)[0].table.shape == (st.size, st.size)
    tight = attnlogic.classify(dfa, windows=(), classes=["PL(GR)", "GR", "LT"],
                               limits=Limits(memory_budget=3 * 8 * st.size ** 2 - 1))
    assert tight["PL(GR)"].member is None and "memory_budget" in tight["PL(GR)"].method
    assert tight["GR"].member is False and tight["LT"].member is True


def test_the_mod_kernel_on_elements_is_the_sequence_of_maps():
    """mod_kernel reads R_n = α(A^n) on element indices; the same sequence on the right Cayley
    graph's maps (length_kernel, 16·|M| bytes an element) has the same members, tail and period,
    and each word of the kernel realises its element — rows packed into one integer (a point) and
    rows too wide to pack (the Cayley graph's maps of a monoid of more than 15 elements) alike."""
    from attnlogic.definability.algebra.group_kernels import length_kernel

    extra = ["(aaa)*b", "a(aa)*b(a|b)*", "((a|b)(a|b)(a|b))*a", "b*(ab*ab*)*", "(a|b)(a|b)(a|b)a*"]
    dfas = list(sample()) + [attnlogic.load_language(regex=r, alphabet="ab").dfa for r in extra]
    wide = 0
    for dfa in dfas:
        m = _table(dfa)
        T = np.asarray(m.table)
        wide += m.size * max(1, (m.size - 1).bit_length()) > 62
        ours = mod_kernel(m)
        maps = length_kernel(T[:, list(m.letters)], 10**6)
        assert set(ours.elements) == {int(row[m.one]) for row in maps.maps.tolist()}
        assert ours.modulus == maps.period * (maps.tail + 1)
        for s, (word, _) in ours.how.items():
            x = m.one
            for a in word:
                x = int(T[x, m.letters[a]])
            assert x == s and (not word or len(word) % maps.period == 0 and len(word) >= maps.tail)
    assert wide > 5


def test_the_sequence_of_maps_is_refused_past_the_memory_budget():
    """length_kernel keeps every map it meets (16 bytes a state with its key): past the memory
    budget it refuses, naming the budget, before the maps pass it."""
    from attnlogic.definability.algebra.group_kernels import length_kernel
    from attnlogic.kernel.errors import LimitExceeded

    dfa = attnlogic.load_language(regex="(a|b)*a(a|b)(a|b)", alphabet="ab").dfa.minimal()
    t = np.asarray(dfa.transitions)
    whole = length_kernel(t, 10**6)
    assert length_kernel(t, 10**6, 10**9).maps.tolist() == whole.maps.tolist()
    with pytest.raises(LimitExceeded, match="memory_budget"):
        length_kernel(t, 10**6, 16 * t.shape[0] + 128)


def test_the_monoid_table_is_the_products_of_the_elements(monkeypatch):
    """monoid_table builds the |M|² table along the right Cayley graph (|M| gathers); it equals
    the products computed one by one by composing the elements' maps (Structure.multiply, with
    no table kept: TABLE_SIZE = 0), for a monoid with and without an adjoined identity."""
    from attnlogic.definability.varieties import identities

    monkeypatch.setattr(identities, "TABLE_SIZE", 0)
    adjoined = set()
    for regex in ("(a|b)*a(a|b)(a|b)", "(ab|ba)*", "a(a|b)*b|(bb)*a", "b*(ab*ab*)*", "((a|b)(a|b)(a|b))*ab"):
        st = structure_of(attnlogic.load_language(regex=regex, alphabet="ab").dfa.minimal(), monoid=True)
        assert st._table is None
        adjoined.add(st._adjoined is None)
        ids = np.arange(st.size)
        m = monoid_table(st)[0]
        assert np.array_equal(m.table, st.multiply(ids[:, None], ids[None, :])), regex
    assert adjoined == {True, False}
