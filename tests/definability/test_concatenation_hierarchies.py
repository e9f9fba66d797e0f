"""The half-levels of the concatenation hierarchies (docs/decision-procedures.md §8b):
the syntactic order, Pol(ST) = Σ1, Pol2(ST) = Σ2, co-Pol2(ST) = Π2, Pol(DD) = dot-depth 1/2.

Cross-checks by independent means:

* the syntactic order against its definition, on words (contexts x, y enumerated);
* Pol(ST) against upward closure tested on words (every one-letter insertion of a word of L
  of length ≤ n + 2 stays in L), and its basis against minimality on words;
* Σ2 ∩ Π2 = Δ2 = FO2[<] (Pin–Weil) on the census ≤ 3 states over ab and ≤ 2 over abc, with
  FO2[<] decided by Green's relations (DA);
* the declared inclusions (Pol(ST) ⊆ Σ2, Pol(ST) ⊆ Pol(DD), PT ⊆ Σ2 ∩ Π2, SP = co-Pol(ST));
* Σ2 and Pol(DD) against unions of monomials built here as NFAs (generate and match);
* every answer re-checked by the classes' own checks, and a corrupted answer refused.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np
import pytest

import attnlogic as al
from attnlogic.automata.census import canonical_key, minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement
from attnlogic.definability.algebra.syntactic_order import leq, state_inclusion
from attnlogic.definability.checks.verify_concatenation import (check_dot_depth_half, check_pi2, check_sigma1,
                                                                 check_sigma2, check_upward_basis)
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.separation.separate_languages import check_answer
from attnlogic.definability.subregular import piecewise_testable, strictly_piecewise
from attnlogic.definability.varieties.dot_depth_half import decide_dot_depth_half
from attnlogic.definability.varieties.fo2 import decide_da
from attnlogic.definability.varieties.identities import structure_of
from attnlogic.definability.varieties.pi2 import decide_pi2
from attnlogic.definability.varieties.sigma1 import decide_sigma1
from attnlogic.definability.varieties.sigma2 import decide_sigma2


@lru_cache(maxsize=None)
def census(n: int, alphabet: str) -> tuple:
    return tuple(minimal_dfas(n, tuple(alphabet)))


def words(alphabet, up_to: int):
    for n in range(up_to + 1):
        yield from itertools.product(alphabet, repeat=n)


# -- the syntactic order, against its definition -------------------------------------------
def _order_by_words(dfa):
    """For each element of the syntactic monoid (by its shortest word u), the set of contexts
    (x, y) with x·u·y ∈ L, x of length ≤ n − 1 (every state), y of length < n² (every
    difference of two residuals has a word that short: a path in the pair graph)."""
    st = structure_of(dfa, True)
    n = dfa.n_states
    xs = list(words(dfa.alphabet, n - 1))
    ys = list(words(dfa.alphabet, n * n - 1))
    out = []
    for i in range(st.size):
        u = tuple(dfa.alphabet[a] for a in st.words[i])
        out.append(np.array([_run(dfa, dfa.initial, x + u + y) for x in xs for y in ys]))
    return st, out


@pytest.mark.parametrize("index", range(0, 60, 3))
def test_syntactic_order_is_pins_order(index):
    # s ≤ t iff every context accepting t accepts s (Pin's order), from words alone
    dfa = census(3, "ab")[index * 8 % len(census(3, "ab"))] if index % 2 else census(2, "ab")[index % 26]
    st, acc = _order_by_words(dfa)
    inc = state_inclusion(dfa)
    for s in range(st.size):
        for t in range(st.size):
            brute = bool((~acc[t] | acc[s]).all())
            assert bool(leq(inc, st.elements[s], st.elements[t])) == brute, (s, t)


def test_order_direction_on_an_upward_closed_language():
    # A*aA*: inserting a letter keeps a word in L, so a ≤ 1 and not 1 ≤ a
    dfa = al.load_language(regex="(a|b)*a(a|b)*", alphabet="ab").dfa
    inc = state_inclusion(dfa)
    one = np.arange(dfa.n_states)
    a = np.asarray(dfa.transitions)[:, 0]
    assert leq(inc, a, one) and not leq(inc, one, a)


def test_state_inclusion_on_a_random_dfa_agrees_with_residual_search():
    rng = np.random.default_rng(42)
    for _ in range(20):
        n = int(rng.integers(2, 4))
        dfa = DFA("ab", rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5)
        inc = state_inclusion(dfa)
        for p in range(n):
            for q in range(n):
                # L_p ⊆ L_q iff no word shorter than n² (the pairs of states) is in L_p ∖ L_q
                brute = all(not (_run(dfa, p, w) and not _run(dfa, q, w)) for w in words("ab", n * n - 1))
                assert bool(inc[p, q]) == brute


def _run(dfa, q, w):
    t = np.asarray(dfa.transitions)
    for a in w:
        q = t[q, dfa.alphabet.index(a)]
    return bool(dfa.accepting[q])


# -- Pol(ST) --------------------------------------------------------------------------------
def _upward_closed_by_words(dfa) -> bool:
    n = dfa.n_states
    for w in words(dfa.alphabet, n + 2):
        if dfa.accepts(list(w)):
            for i in range(len(w) + 1):
                for a in dfa.alphabet:
                    if not dfa.accepts(list(w[:i] + (a,) + w[i:])):
                        return False
    return True


def _is_subword(u, w) -> bool:
    it = iter(w)
    return all(a in it for a in u)


def test_pol_st_is_upward_closure_on_the_census():
    yes = 0
    for dfa in census(3, "ab"):
        holds, proof = decide_sigma1(dfa)
        assert holds == _upward_closed_by_words(dfa)
        if holds:
            yes += 1
            basis = proof.basis
            assert check_upward_basis(dfa, basis).valid
            for w in basis:                    # each basis word in L, no proper subword in L
                assert dfa.accepts(list(w)) and len(w) <= dfa.n_states - 1
                assert not any(dfa.accepts(list(u)) for u in words(dfa.alphabet, len(w) - 1) if _is_subword(u, w))
        else:
            v = proof
            assert dfa.accepts(list(v.accepted)) and not dfa.accepts(list(v.rejected))
            assert len(v.rejected) == len(v.accepted) + 1
    assert yes == 16                           # ∅, A* and the 14 of MeSCaL's PPT list (README there)


def test_pol_st_complements_are_sp():
    for dfa in census(3, "ab"):
        assert decide_sigma1(dfa)[0] == strictly_piecewise.member(complement(dfa))


def test_a_wrong_basis_is_refused():
    dfa = al.load_language(regex="(a|b)*a(a|b)*b(a|b)*", alphabet="ab").dfa
    assert check_upward_basis(dfa, [("a", "b")]).valid
    assert not check_upward_basis(dfa, [("a",)]).valid
    assert not check_upward_basis(dfa, [("a", "b"), ("b", "b")]).valid
    assert not check_upward_basis(dfa, []).valid


# -- Σ2, Π2, Pol(DD) ------------------------------------------------------------------------
@pytest.mark.parametrize("n,alphabet", [(3, "ab"), (2, "abc")])
def test_sigma2_and_pi2_is_fo2(n, alphabet):
    # Δ2 = Σ2 ∩ Π2 = FO2[<] = DA (Pin–Weil 1997; Thérien–Wilke 1998)
    for dfa in census(n, alphabet):
        both = decide_sigma2(dfa)[0] and decide_pi2(dfa)[0]
        assert both == decide_da(dfa)[0]


def test_declared_inclusions_on_the_census():
    counts = dict.fromkeys(("Pol(ST)", "Pol2(ST)", "co-Pol2(ST)", "Pol(DD)"), 0)
    for dfa in census(3, "ab"):
        s1, s2, p2, dd = (decide_sigma1(dfa)[0], decide_sigma2(dfa)[0], decide_pi2(dfa)[0],
                          decide_dot_depth_half(dfa)[0])
        if s1:
            assert s2 and dd
        if piecewise_testable.member(dfa):
            assert s2 and p2
        for name, v in zip(counts, (s1, s2, p2, dd)):
            counts[name] += v
    assert counts["Pol2(ST)"] == counts["co-Pol2(ST)"]     # the census is closed under complement
    for name in ("Pol2(ST)", "Pol(DD)"):
        assert "Pol(ST)" in dict(language_class(name).inclusions)


def _determinise(nfas, alphabet):
    """The minimal DFA's canonical key of the union of the NFAs ``nfas`` (each (n, delta,
    final) with start 0; delta[q][a] a set of states), by the subset construction and Moore's
    refinement, both written here."""
    starts = []
    offset = 0
    delta, final = {}, set()
    for n, d, f in nfas:
        for q in range(n):
            for a in alphabet:
                delta[(q + offset, a)] = {r + offset for r in d[q].get(a, ())}
        final |= {q + offset for q in f}
        starts.append(offset)
        offset += n
    start = frozenset(starts)
    index, order = {start: 0}, [start]
    rows = []
    for S in order:
        row = []
        for a in alphabet:
            T = frozenset(r for q in S for r in delta[(q, a)])
            if T not in index:
                index[T] = len(order)
                order.append(T)
            row.append(index[T])
        rows.append(row)
    acc = [bool(S & final) for S in order]
    # Moore's refinement
    first = {}
    cls = [first.setdefault(x, len(first)) for x in acc]
    while True:
        sig = {}
        new = [sig.setdefault((cls[q], tuple(cls[r] for r in rows[q])), len(sig)) for q in range(len(rows))]
        stable = len(sig) == len(set(cls))
        cls = new
        if stable:
            break
    k = len(alphabet)
    table = np.zeros((len(set(cls)), k), dtype=np.int64)
    accept = np.zeros(len(set(cls)), dtype=bool)
    for q in range(len(rows)):
        table[cls[q]] = [cls[r] for r in rows[q]]
        accept[cls[q]] = acc[q]
    return _key(table, accept, cls[0])


def _key(table, accept, initial):
    order = [initial]
    index = {initial: 0}
    for q in order:
        for r in table[q]:
            r = int(r)
            if r not in index:
                index[r] = len(order)
                order.append(r)
    return canonical_key([[index[int(r)] for r in table[q]] for q in order], [accept[q] for q in order])


def _sigma2_monomial(parts, alphabet):
    """(n, delta, final) of A0* a1 A1* … ak Ak*: state i loops on Ai, moves to i+1 on a_{i+1}."""
    sets, letters = parts[0::2], parts[1::2]
    n = len(sets)
    delta = [{} for _ in range(n)]
    for i, A in enumerate(sets):
        for a in A:
            delta[i].setdefault(a, set()).add(i)
        if i < len(letters):
            delta[i].setdefault(letters[i], set()).add(i + 1)
    return n, delta, {n - 1}


def _dd_monomial(blocks, alphabet):
    """(n, delta, final) of u0 A* u1 A* … A* uk: a chain through the letters of the blocks,
    a loop on every letter between two blocks."""
    delta, q = [{}], 0
    for j, u in enumerate(blocks):
        if j:
            for a in alphabet:
                delta[q].setdefault(a, set()).add(q)
        for a in u:
            delta.append({})
            delta[q].setdefault(a, set()).add(q + 1)
            q += 1
    return len(delta), delta, {q}


@lru_cache(maxsize=None)
def _monomials(kind: str) -> tuple:
    """The distinct minimal DFAs (canonical keys: rows and acceptance, initial state 0) of
    the monomials over ab: for Σ2, A0*a1A1*…akAk* with k ≤ 2 (Ai ⊆ {a, b}: 292 monomials);
    for Pol(DD), the words of length ≤ 3, u0A*u1 with |ui| ≤ 2, u0A*u1A*u2 with |u0|, |u2|
    ≤ 1 and |u1| ≤ 2, and u0A*u1A*u2A*u3 with |ui| ≤ 1 (15 + 49 + 63 + 81 monomials)."""
    ab = "ab"
    subsets = ["", "a", "b", "ab"]
    if kind == "sigma2":
        monos = []
        for k in range(3):
            for letters in itertools.product(ab, repeat=k):
                for sets in itertools.product(subsets, repeat=k + 1):
                    parts = [sets[0]]
                    for a, A in zip(letters, sets[1:]):
                        parts += [a, A]
                    monos.append(_sigma2_monomial(parts, ab))
    else:
        short = ["".join(w) for w in words(ab, 2)]
        monos = [_dd_monomial(["".join(u)], ab) for u in words(ab, 3)]
        monos += [_dd_monomial(list(blocks), ab) for blocks in itertools.product(short, repeat=2)]
        one = ["", "a", "b"]
        monos += [_dd_monomial(list(blocks), ab) for blocks in itertools.product(one, short, one)]
        monos += [_dd_monomial(list(blocks), ab) for blocks in itertools.product(one, repeat=4)]
    return tuple(dict.fromkeys(_determinise([m], ab) for m in monos))


def _included(m, table, acc) -> bool:
    """L(m) ⊆ L(table, acc), by a search of pairs of states."""
    rows, macc = m
    todo, seen = [(0, 0)], {(0, 0)}
    while todo:
        p, q = todo.pop()
        if macc[p] and not acc[q]:
            return False
        for a in range(len(rows[p])):
            nxt = (rows[p][a], table[q][a])
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return True


def _union_of_monomials(kind: str, dfa) -> bool:
    """Whether L(dfa) is the union of the monomials of :func:`_monomials` it contains: every
    word of L lies in one of them (a search of the product of the DFA with all of them)."""
    table = np.asarray(dfa.transitions).tolist()
    acc = np.asarray(dfa.accepting).tolist()
    inside = [m for m in _monomials(kind) if _included(m, table, acc)]
    start = (dfa.initial, (0,) * len(inside))
    todo, seen = [start], {start}
    while todo:
        q, ms = todo.pop()
        if acc[q] and not any(m[1][p] for m, p in zip(inside, ms)):
            return False
        for a in range(len(table[q])):
            nxt = (table[q][a], tuple(m[0][p][a] for m, p in zip(inside, ms)))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return True


@pytest.mark.parametrize("kind", ["sigma2", "pol_dd"])
def test_generate_and_match(kind):
    # a language is a union of the monomials it contains iff the identity holds, on the
    # census ≤ 3/ab (a union of monomials is in the class; every member with ≤ 3 states is a
    # union of monomials of that size)
    decide = decide_sigma2 if kind == "sigma2" else decide_dot_depth_half
    hit = 0
    for dfa in census(3, "ab"):
        union = _union_of_monomials(kind, dfa)
        assert decide(dfa)[0] == union, (np.asarray(dfa.transitions).tolist(), dfa.accepting)
        hit += union
    assert hit == {"sigma2": 138, "pol_dd": 104}[kind]


# -- the answers re-checked; corrupted ones refused -------------------------------------------
CHECKS = {"Pol(ST)": check_sigma1, "Pol2(ST)": check_sigma2, "co-Pol2(ST)": check_pi2, "Pol(DD)": check_dot_depth_half}


@pytest.mark.parametrize("regex", ["(a|b)*a(a|b)*b(a|b)*", "b*", "(ab)*", "a(a|b)*", "(a|b)*ab", "a*b*"])
def test_answers_are_rechecked_and_corruptions_refused(regex):
    lang = al.load_language(regex=regex, alphabet="ab")
    result = al.classify(lang.dfa, classes=list(CHECKS), minimal=True)
    data = result.to_json()["classes"] if "classes" in result.to_json() else None
    for name, check in CHECKS.items():
        answer = data[name]
        assert check(lang.dfa, answer, "").valid, (name, answer)
        bad = dict(answer)
        if answer["member"]:
            bad["member"] = True
            cert = dict(answer["certificate"])
            if name == "Pol(ST)":
                cert["basis"] = cert["basis"][1:] + ["b"] if cert["basis"] != ["b"] else ["a"]
                bad["certificate"] = cert
                assert not check(lang.dfa, bad, "").valid
            flipped = dict(answer, member=False, witness=None)
            assert not check(lang.dfa, flipped, "").valid
        else:                                   # the words are about L itself (Π2's too)
            assert lang.dfa.accepts(list(answer["witness"]["in"])), name
            assert not lang.dfa.accepts(list(answer["witness"]["out"])), name
            wit = dict(answer["witness"])
            wit["in"], wit["out"] = wit["out"], wit["in"]
            bad["witness"] = wit
            assert not check(lang.dfa, bad, "").valid
            wit = dict(answer["witness"], sides=[answer["witness"]["sides"][0] + "a", answer["witness"]["sides"][1]])
            assert not check(lang.dfa, dict(answer, witness=wit), "").valid
            flipped = dict(answer, member=True, certificate={"kind": "upward basis", "basis": []})
            assert not check(lang.dfa, flipped, "").valid


def test_sigma2_witness_must_respect_the_content():
    # b* = {b}* ∈ Σ2, though not in Pol(DD); a witness whose y uses a letter that x does
    # not is refused even when its words separate
    assert decide_sigma2(al.load_language(regex="b*", alphabet="ab").dfa)[0]
    # b* over ab: x = b, y = a separates (b·a·b ∉ L, b ∈ L) but alph(a) ⊄ alph(b)
    dfa = al.load_language(regex="b*", alphabet="ab").dfa
    fake = {"member": False, "witness": {
        "kind": "identity pair", "relation": "x^ωyx^ω ≤ x^ω", "assignment": {"x": {"word": "b"}, "y": {"word": "a"}},
        "exponents": [["x^ω", 1]], "left_word": "bab", "right_word": "b", "sides": ["bab", "b"],
        "prefix": "", "suffix": "", "in": "b", "out": "bab"}}
    assert not check_sigma2(dfa, fake, "").valid
    assert "alph" in check_sigma2(dfa, fake, "").reason
    assert check_dot_depth_half(dfa, dict(fake, witness=dict(fake["witness"], relation="x^ωyx^ω ≤ x^ω")), "").valid


# -- separation by Pol(ST) --------------------------------------------------------------------
def _checked_answer(r1: str, r2: str, by: str, separable: bool):
    """(L1, L2, the JSON answer of ``separate --by``), its verdict asserted and re-checked."""
    l1 = al.load_language(regex=r1, alphabet="ab")
    l2 = al.load_language(regex=r2, alphabet="ab")
    r = al.separate(l1, l2, by=by)
    assert r.separable is separable
    j = r.to_json()
    assert check_answer(j, l1, l2)[0]
    return l1, l2, j


@pytest.mark.parametrize("r1,r2,separable", [("ab", "ba", True), ("ab", "aab", False), ("(ab)*", "b", False),
                                              ("a(a|b)*", "b*", True), ("aa|bb", "ab|ba", True)])
def test_pol_st_separation_answers_are_rechecked(r1, r2, separable):
    l1, l2, j = _checked_answer(r1, r2, "Pol(ST)", separable)
    if separable:
        # a basis missing a word no longer contains L1; one more word meets L2
        bad = dict(j, separator=dict(j["separator"], basis=j["separator"]["basis"][1:]))
        assert not check_answer(bad, l1, l2)[0]
        bad = dict(j, separator=dict(j["separator"], basis=j["separator"]["basis"] + ["b" if r2 != "ab|ba" else "ab"]))
        assert not check_answer(bad, l1, l2)[0]
    else:
        proof = dict(j["proof"])
        key = "in_L2" if proof["kind"] == "subword pair" else "word"
        proof[key] = proof[key][::-1] + "a"
        assert not check_answer(dict(j, proof=proof), l1, l2)[0]


def test_pol_st_separation_is_upward_closure_on_small_pairs():
    # separable iff no word of L2 up to length 6 has a subword (up to length 4) in L1, on the
    # census ≤ 2/ab (exact there: minimal words have length ≤ 1, shortest witnesses are short)
    L = census(2, "ab")
    ws = list(words("ab", 6))
    for d1 in L:
        in1 = [w for w in words("ab", 4) if d1.accepts(list(w))]
        for d2 in L:
            brute = not any(d2.accepts(list(v)) and any(_is_subword(u, v) for u in in1) for v in ws)
            assert al.separate(d1, d2, by="Pol(ST)").separable == brute


def test_subword_pairs_need_no_subset_construction():
    # "not separable" comes from D1 × D2 alone: a 200-state random DFA against its complement
    # is answered within a budget of 100 states for ↑L1 (its subset construction exceeds 50,000)
    from attnlogic.kernel.limits import Limits
    rng = np.random.default_rng(0)
    d = DFA("ab", rng.integers(0, 200, size=(200, 2)), 0, rng.random(200) < 0.5).minimal()
    for by in ("Pol(ST)", "SP"):
        r = al.separate(d, complement(d), by=by, limits=Limits(synthesis_states=100))
        assert r.separable is False and r.proof.check(d, complement(d).minimal())


# -- separation by SP (the dual: L1 ∩ ↑L2 = ∅) ------------------------------------------------
@pytest.mark.parametrize("r1,r2,separable", [("ab", "ba", True), ("aab", "ab", False), ("b", "(ab)*", False),
                                              ("a*b*", "(a|b)*ba(a|b)*", True), ("a|b", "aa|bb", True)])
def test_sp_separation_answers_are_rechecked(r1, r2, separable):
    l1, l2, j = _checked_answer(r1, r2, "SP", separable)
    if separable:
        sep = j["separator"]
        # the forbidden words must keep L2 out and L1 in: drop one, or forbid a word of L1
        assert not check_answer(dict(j, separator=dict(sep, forbidden=sep["forbidden"][1:])), l1, l2)[0]
        assert not check_answer(dict(j, separator=dict(sep, forbidden=sep["forbidden"] + [r1.split("|")[0].replace("*", "")],
                                                       k=max(sep["k"], 2))), l1, l2)[0]
        assert not check_answer(dict(j, separator=dict(sep, k=sep["k"] + 1)), l1, l2)[0]
        assert al.separate(l2, l1, by="Pol(ST)").separable        # the dual question
    else:
        proof = dict(j["proof"])
        if proof["kind"] == "superword pair":
            assert not check_answer(dict(j, proof=dict(proof, in_L2=proof["in_L1"] + "a")), l1, l2)[0]
        assert not al.separate(l2, l1, by="Pol(ST)").separable


def test_sp_separation_is_the_downward_closure_on_small_pairs():
    # separable iff no word of L1 up to length 6 has a subword in L2, on the census ≤ 2/ab;
    # L against its complement: separable iff L is SP (the class's own DFA test), ≤ 3/ab sampled
    L = census(2, "ab")
    ws = list(words("ab", 6))
    below = {v: {tuple(v[i] for i in range(len(v)) if m >> i & 1) for m in range(1 << len(v))} for v in ws}
    for d1 in L:
        in1 = [w for w in ws if d1.accepts(list(w))]
        for d2 in L:
            brute = not any(d2.accepts(list(u)) for u in set().union(*(below[v] for v in in1)))
            answer = al.separate(d1, d2, by="SP")
            assert answer.separable == brute
            # the fixed order SP[k] (subsequence profiles, another procedure): SP[k] at the
            # order of the largest separator, and SP[1] only if SP
            if len(in1) % 4 == 0 and answer.separable and answer.separator.k <= 3:   # a sample
                assert al.separate(d1, d2, by=f"SP[{answer.separator.k}]").separable
            if len(in1) % 4 == 1:
                assert not al.separate(d1, d2, by="SP[1]").separable or answer.separable
    for d in census(3, "ab")[::30]:
        member = al.classify(d, classes=["SP"], minimal=True).to_json()["classes"]["SP"]["member"]
        assert al.separate(d, complement(d), by="SP").separable is member


def test_verify_command_rechecks_the_classes(capsys, tmp_path):
    """``classify --class hierarchy --json`` then ``verify --class NAME --answer FILE``: every
    answer valid; a "no" of Pol(DD) turned into a "yes" is refused."""
    import json

    from attnlogic.cli import main

    src = ["--regex", "b*", "--alphabet", "ab"]
    assert main(["classify", *src, "--class", "hierarchy", "--json", "--no-progress"]) == 0
    answer = tmp_path / "answer.json"
    answer.write_text(capsys.readouterr().out)
    for name in CHECKS:
        assert main(["verify", *src, "--class", name, "--answer", str(answer), "--json"]) == 0, name
        assert json.loads(capsys.readouterr().out)["valid"] is True, name
    tampered = json.loads(answer.read_text())
    for key in ("classes", "fragments"):
        if "Pol(DD)" in tampered.get(key, {}):
            tampered[key]["Pol(DD)"] = dict(tampered[key]["Pol(DD)"], member=True, witness=None)
    answer.write_text(json.dumps(tampered))
    assert main(["verify", *src, "--class", "Pol(DD)", "--answer", str(answer), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["valid"] is False
