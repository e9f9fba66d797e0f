"""Every printed witness is true as claimed: no formula of the fragment of temporal depth ≤
the printed depth separates the two words.

Independent of the library's type computations: a bounded bottom-up search over the
fragment's formulas (atoms, ¬, ∧, ∨ and the fragment's temporal operators, up to
``MAX_SIZE`` nodes and the claimed depth), evaluated by the semantics written out here on
bit vectors, looks for a separating formula.  The search is checked to be able to find
one: it separates the pair the README used to print as "indistinguishable at every depth".
Run on every witness of the language suite and of random DFAs.
"""

from __future__ import annotations

import numpy as np
import pytest

from attnlogic.automata.dfa import DFA
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.engine.classify import classify
from attnlogic.ltl import parse
from attnlogic.ltl.evaluate import accepts
from attnlogic.ltl.fragments import Fragment
from attnlogic.suite import SUITE

MAX_SIZE = 8
PER_SIZE = 1500


def _ops(fragment: Fragment):
    unary = []
    if fragment.past or fragment.since:
        unary.append("P")
    if fragment.window is not None:
        unary.append(("Y", 1 if fragment.since else fragment.window))
    return unary, fragment.since


def _apply_unary(op, m: int, n: int) -> int:
    """Bit i (0-based position i+1; bit n = N+1) of the result."""
    full = (1 << (n + 1)) - 1
    if op == "P":                                     # some j < i
        if m == 0:
            return 0
        low = m & -m
        return full & ~((low << 1) - 1)
    _, k = op                                         # some j in [i-k, i)
    out = 0
    for t in range(1, k + 1):
        out |= m << t
    return out & full


def _since(f: int, g: int, n: int) -> int:
    """(f S g) at i: some j < i has g, and f holds strictly between j and i."""
    out, s = 0, 0
    for i in range(n + 1):
        if s:
            out |= 1 << i
        s = ((g >> i) & 1) or (((f >> i) & 1) and s)
    return out


def separating_formula_exists(u, v, fragment: Fragment, depth: int, max_size: int = MAX_SIZE):
    """Search formulas of ``fragment`` of temporal depth ≤ ``depth`` and size ≤ ``max_size``
    (at most PER_SIZE new truth-value pairs per size); the description of one whose values
    at N+1 of u and v differ, or None."""
    nu, nv = len(u), len(v)
    fu, fv = (1 << (nu + 1)) - 1, (1 << (nv + 1)) - 1
    unary, since = _ops(fragment)
    letters = sorted(set(u) | set(v))
    by_size: dict[int, list] = {1: []}
    best: dict[tuple[int, int], int] = {}

    def add(size, mu, mv, d, text):
        key = (mu, mv)
        if d > depth or best.get(key, 99) <= d:
            return None
        best[key] = d
        by_size.setdefault(size, []).append((mu, mv, d, text))
        if ((mu >> nu) & 1) != ((mv >> nv) & 1):
            return text
        return None

    for a in letters:
        mu = sum(1 << i for i, x in enumerate(u) if x == a)
        mv = sum(1 << i for i, x in enumerate(v) if x == a)
        if (r := add(1, mu, mv, 0, a)):
            return r
    if (r := add(1, fu, fv, 0, "true")):
        return r
    for size in range(2, max_size + 1):
        made = 0
        for mu, mv, d, t in list(by_size.get(size - 1, [])):
            cands = [(fu ^ mu, fv ^ mv, d, f"!{t}")]
            for op in unary:
                name = "P" if op == "P" else f"Y[<={op[1]}]"
                cands.append((_apply_unary(op, mu, nu), _apply_unary(op, mv, nv), d + 1, f"{name} ({t})"))
            for c in cands:
                if (r := add(size, *c)):
                    return r
                made += 1
        for i in range(1, size - 1):
            j = size - 1 - i
            for au, av, ad, at in by_size.get(i, [])[:PER_SIZE]:
                for bu, bv, bd, bt in by_size.get(j, [])[:PER_SIZE]:
                    if made > PER_SIZE * 4:
                        break
                    d = max(ad, bd)
                    cands = [(au & bu, av & bv, d, f"({at}) & ({bt})"),
                             (au | bu, av | bv, d, f"({at}) | ({bt})")]
                    if since:
                        cands.append((_since(au, bu, nu), _since(av, bv, nv), d + 1, f"({at}) S ({bt})"))
                    for c in cands:
                        if (r := add(size, *c)):
                            return r
                        made += 1
    return None


def test_the_search_finds_what_refuted_the_old_readme_pair():
    """'acacab' in, 'acacb' out was printed for LTL[P] 'at every depth'; the search finds a
    separating formula of depth 3 (checked by the library's reference evaluator too)."""
    found = separating_formula_exists("acacab", "acacb", Fragment.parse("LTL[P]"), 3)
    assert found is not None
    f = parse(found)
    assert f.depth <= 3
    assert accepts(f, "acacab") != accepts(f, "acacb")
    g = parse("P (a & P (c & P c))")
    assert accepts(g, "acacab") != accepts(g, "acacb")
    assert separating_formula_exists("acacab", "acacb", Fragment.parse("LTL[P]"), 2) is None


def _witnesses(dfa, windows=(2,)):
    cl = classify(dfa, windows=windows, search_budget=0)
    for r in cl.results:
        if r.witness is not None:
            yield r.fragment, r.witness


def _check(dfa, windows=(2,)):
    n = 0
    for fragment, w in _witnesses(dfa, windows):
        assert isinstance(w.depth, int) and w.depth >= 0
        assert dfa.accepts(list(w.accepted)) and not dfa.accepts(list(w.rejected))
        if w.family is not None:           # every listed instance of the family differs on L
            for j in range(3):
                a, b = w.family.words(w.family.start + j * w.family.step)
                assert dfa.accepts(list(a)) and not dfa.accepts(list(b))
        found = separating_formula_exists(w.accepted, w.rejected, fragment, w.depth)
        assert found is None, (fragment, w, found)
        n += 1
    return n


@pytest.mark.parametrize("lang", SUITE, ids=[x.name for x in SUITE])
def test_suite_witnesses_are_not_refuted(lang):
    dfa = regex_to_dfa(lang.regex, list(lang.alphabet))
    _check(dfa)


def test_readme_example_witness_is_not_refuted_and_is_deep():
    dfa = regex_to_dfa("(a|b|c)*ab", list("abc"))
    cl = classify(dfa, windows=(2,), search_budget=0)
    w = cl["LTL[P]"].witness
    assert w.depth >= 3
    assert separating_formula_exists(w.accepted, w.rejected, Fragment.parse("LTL[P]"), w.depth) is None


def _random_dfa(rng, n, letters):
    t = rng.integers(0, n, size=(n, len(letters)))
    acc = rng.random(n) < 0.5
    return DFA(letters, t, 0, acc).minimal()


def test_random_dfa_witnesses_are_not_refuted():
    rng = np.random.default_rng(18)
    total = 0
    for _ in range(40):
        d = _random_dfa(rng, int(rng.integers(2, 6)), ["a", "b"])
        if d.n_states < 2:
            continue
        total += _check(d)
    assert total >= 40


def test_agreement_depth_matches_the_reference_types_and_the_search():
    """agreement_depth against types.same_type_at_end (P and window types) and, for every
    fragment LTL[S] included, no formula found by the search at the depth it reports."""
    from attnlogic.definability.checks.indistinguishable import agreement_depth
    from type_reference import same_type_at_end

    rng = np.random.default_rng(7)
    for _ in range(120):
        u = "".join(rng.choice(list("ab"), size=int(rng.integers(0, 7))))
        v = "".join(rng.choice(list("ab"), size=int(rng.integers(0, 7))))
        for name in ("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[Y<=2]", "LTL[P,Y<=2]", "LTL[S]"):
            fr = Fragment.parse(name)
            d = agreement_depth(u, v, fr, 3)
            if not fr.since:
                k = fr.window or 0
                for e in range(4):
                    assert same_type_at_end(u, v, k, fr.past, e) == (e <= d), (u, v, name, e, d)
            assert separating_formula_exists(u, v, fr, d, max_size=6) is None, (u, v, name, d)
