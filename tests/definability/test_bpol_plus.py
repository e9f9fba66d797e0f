"""BPol(MOD⁺), BPol(AMT⁺), BPol(GR⁺): level one of the concatenation hierarchies over the
well-suited extensions G⁺, decided by (eqfre)^ω sft (esfte)^ω = (eqfre)^ω qft (esfte)^ω on the
G⁺-pairs (q, s) with e, f idempotents of α(A⁺) (definability/varieties/bpol_plus.py;
docs/decision-procedures.md §14.12).

Cross-checks by other means (the MeSCaL comparison, tests/definability/test_mescal.py, covers
all 1,154 of its languages for the three classes):

* the decider's computation with every pair of α(A⁺) a pair — the ST⁺ = DD-pairs — is
  Knast's dot-depth one (``classify``'s DD1, another decider) on every language of ≤ 3 states;
* BPol(MOD⁺) is Knast's equation on the stable semigroup α(A^s) (MeSCaL's other test: Knast
  on the strict MOD-kernel), computed here on maps, on every language of ≤ 3 states;
* every answer of a census sample through its check, the verdict the check's re-decision
  (plain Python on its own pairs), and the inclusions BPol(G) ⊆ BPol(G⁺), DD1 ⊆ BPol(MOD⁺) ⊆
  BPol(AMT⁺) ⊆ BPol(GR⁺), Pol(G⁺) ⊆ BPol(G⁺) ⊆ TL(G⁺), G⁺ ⊆ BPol(G⁺);
* BPol(G)'s equation read on the G⁺-pairs (no e, f) is not the class: census language 66;
* corrupted answers refused, e and f outside E(α(A⁺)) among them.
"""

from __future__ import annotations

import copy
import json
from itertools import product

import numpy as np
import pytest

import attnlogic
from attnlogic.automata.dfa import DFA
from attnlogic.definability.algebra.group_pairs import group_pairs
from attnlogic.definability.checks.verify_bpol import bpol_holds
from attnlogic.definability.checks.verify_bpol_plus import BPOL_PLUS, bpol_plus_holds, check_bpol_plus
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.varieties.bpol_groups import PairViolation, syntactic_table
from attnlogic.definability.varieties.bpol_plus import equation_violation, nonempty_idempotents
from attnlogic.definability.varieties.identities import violation_from_words
from attnlogic.definability.varieties.temporal_mod import separating_context
from attnlogic.kernel.limits import Limits

from test_temporal_mod import census
from answer_checks import assert_answers_and_swaps, element_of

CLASSES = {"BPol(MOD⁺)": "MOD", "BPol(AMT⁺)": "AMT", "BPol(GR⁺)": "GR"}
EXTRA = ["a(a|b)*b", "(ab)*", "b*(ab*ab*)*", "(aa|b)*", "(a|b)*ab(a|b)*", "(ab|ba)*", "a*b*", "(ab|aab)*",
         "((a|b)(a|b))*"]


def _dfas(step: int):
    return list(census()[::step]) + [attnlogic.load_language(regex=r, alphabet="ab").dfa.minimal() for r in EXTRA]


def _answers(dfa, names):
    r = attnlogic.classify(dfa, windows=(), classes=list(names))
    return json.loads(json.dumps(r.to_json()))["classes"]


# -- referees: maps (tuples q ↦ q·w) of the minimal DFA, composed left to right -------------

def _then(x, y):
    return tuple(y[i] for i in x)


def _omega(x):
    e = x
    while _then(e, e) != e:
        e = _then(e, x)
    return e


def _letters(dfa):
    rows = dfa.transitions.tolist()
    return [tuple(rows[q][a] for q in range(len(rows))) for a in range(len(dfa.alphabet))]


def _stable_semigroup(dfa) -> set:
    """α(A^s) for s ≥ 1 a multiple of the period p of n ↦ α(A^n) with s ≥ its tail t: then
    α(A^{ks}) = α(A^s) for every k ≥ 1, a semigroup (the strict MOD-kernel)."""
    letters = _letters(dfa)
    levels = [frozenset([tuple(range(dfa.n_states))])]
    seen = {levels[0]: 0}
    while True:
        nxt = frozenset(_then(x, a) for x in levels[-1] for a in letters)
        if nxt in seen:
            t, p = seen[nxt], len(levels) - seen[nxt]
            break
        seen[nxt] = len(levels)
        levels.append(nxt)
    s = p * max(1, -(-t // p))
    return set(levels[t + (s - t) % p])


def _knast(S) -> bool:
    """Knast's equation (eqfre)^ω (esfte)^ω = (eqfre)^ω qft (esfte)^ω for all q, r, s, t ∈ S and
    e, f ∈ E(S), the left factor kept with q·f and the right one with f·t."""
    E = [x for x in S if _then(x, x) == x]
    for e, f in product(E, E):
        left = {(_then(q, f), _omega(_then(_then(_then(_then(e, q), f), r), e))) for q in S for r in S}
        right = {(_then(f, t), _omega(_then(_then(_then(_then(e, s), f), t), e))) for s in S for t in S}
        for (qf, x), (ft, y) in product(left, right):
            if _then(x, y) != _then(_then(_then(x, qf), ft), y):
                return False
    return True


def test_the_equation_with_every_pair_a_pair_is_knasts_dot_depth_one():
    """DD = ST⁺: the DD-pairs are the diagonal and every pair of α(A⁺) (ST separates nothing
    non-empty), so the decider's computation on them is BPol(DD) = dot-depth one, which
    ``classify`` decides by Knast's identity (definability/varieties/dot_depth.py)."""
    seen = {True: 0, False: 0}
    for dfa in _dfas(1):
        st, m = syntactic_table(dfa, Limits())
        plus = np.ones(st.size, dtype=bool)
        if st._adjoined is not None:
            plus[st._adjoined] = False
        pairs = (plus[:, None] & plus[None, :]) | np.eye(st.size, dtype=bool)
        hit, _ = equation_violation(np.asarray(m.table), st.omega, nonempty_idempotents(st), pairs, 10 ** 8)
        dd1 = attnlogic.classify(dfa, windows=(), classes=["DD1"], certificates=False)["DD1"].member
        assert (hit is None) is dd1, dfa.transitions.tolist()
        seen[dd1] += 1
    assert seen[True] > 50 and seen[False] > 50, seen


def test_bpol_mod_plus_is_knast_on_the_stable_semigroup():
    seen = {True: 0, False: 0}
    for dfa in _dfas(1):
        member = attnlogic.classify(dfa, windows=(), classes=["BPol(MOD⁺)"], certificates=False)["BPol(MOD⁺)"].member
        assert member is _knast(_stable_semigroup(dfa)), dfa.transitions.tolist()
        seen[member] += 1
    assert seen[True] > 50 and seen[False] > 50, seen


def test_answers_checks_and_inclusions_on_a_census_sample():
    names = [*CLASSES, "BPol(MOD)", "BPol(AMT)", "BPol(GR)", "DD1", "Pol(MOD⁺)", "Pol(AMT⁺)", "Pol(GR⁺)",
             "TL(MOD⁺)", "TL(AMT⁺)", "TL(GR⁺)", "MOD⁺", "AMT⁺", "GR⁺"]
    seen = {(c, b): 0 for c in CLASSES for b in (True, False)}
    for dfa in _dfas(41):
        ans = _answers(dfa, CLASSES)
        for name, basis in CLASSES.items():
            a = ans[name]
            check = language_class(name).check(dfa, a, "")
            assert check.valid, (name, check.reason)
            st, m = syntactic_table(dfa, Limits())
            modulus = group_pairs(basis, m, dfa.alphabet, True, Limits()).modulus
            assert a["member"] is bpol_plus_holds(dfa, basis, {"pairs": {"modulus": modulus}})
            seen[name, a["member"]] += 1
        r = attnlogic.classify(dfa, windows=(), classes=names, certificates=False)
        m = {n: r[n].member for n in names}
        assert all(m[n] is ans[n]["member"] for n in CLASSES)
        for g in ("MOD", "AMT", "GR"):
            big = f"BPol({g}⁺)"
            for small in (f"BPol({g})", f"Pol({g}⁺)", f"{g}⁺"):
                assert not (m[small] and not m[big]), (small, big, dfa.transitions.tolist())
            assert not (m[big] and not m[f"TL({g}⁺)"]), (big, dfa.transitions.tolist())
        assert m["DD1"] <= m["BPol(MOD⁺)"] <= m["BPol(AMT⁺)"] <= m["BPol(GR⁺)"]
    assert all(v > 0 for v in seen.values()), seen


def test_bpol_gs_equation_on_the_plus_pairs_is_not_the_class():
    """Census language 66 (3 states, ε and the words ending in ba… — accepting {0}) is dot-depth
    one, so in BPol(DD) ⊆ BPol(MOD⁺), and the decider says so; BPol(G)'s equation read on the
    MOD⁺-pairs (no e, f) fails on it — the reason the class needs e and f (§14.8)."""
    dfa = census()[66]
    assert dfa.transitions.tolist() == [[0, 1], [0, 2], [2, 2]]
    r = attnlogic.classify(dfa, windows=(), classes=["DD1", *CLASSES], certificates=False)
    assert r["DD1"].member and all(r[n].member for n in CLASSES)
    assert not bpol_holds(dfa, "MOD", True)
    assert bpol_plus_holds(dfa, "MOD")


def _forged_mod_witness(dfa, idempotent_e: bool):
    """A "no" of BPol(MOD⁺) on ``dfa`` whose instantiation fails on the DFA's runs and whose
    (q, s) is a MOD⁺-pair (words of one non-zero length), with e's word idempotent or not as
    asked (f's word idempotent): found by a search of short words."""
    st, m = syntactic_table(dfa, Limits())
    T = np.asarray(m.table)
    short = [w for n in (1, 2) for w in product(range(len(dfa.alphabet)), repeat=n)]

    def el(w):
        return element_of(m, w)
    for ew, fw, qw, sw, rw, tw in product(short, short, short, short, short, short):
        e, f, q, s = el(ew), el(fw), el(qw), el(sw)
        if len(qw) != len(sw) or q == s or int(T[f, f]) != f or (int(T[e, e]) == e) is not idempotent_e:
            continue
        k1 = next(k for k in range(1, 50) if el((ew + qw + fw + rw + ew) * (2 * k)) == el((ew + qw + fw + rw + ew) * k))
        k2 = next(k for k in range(1, 50) if el((ew + sw + fw + tw + ew) * (2 * k)) == el((ew + sw + fw + tw + ew) * k))
        left = list((ew + qw + fw + rw + ew) * k1 + sw + fw + tw + (ew + sw + fw + tw + ew) * k2)
        right = list((ew + qw + fw + rw + ew) * k1 + qw + fw + tw + (ew + sw + fw + tw + ew) * k2)
        if el(left) == el(right):
            continue
        prefix, suffix = separating_context(dfa, st.elements[el(left)], st.elements[el(right)])
        v = violation_from_words(dfa, BPOL_PLUS, {"e": list(ew), "q": list(qw), "f": list(fw), "r": list(rw),
                                                  "s": list(sw), "t": list(tw)},
                                 {"(eqfre)^ω": k1, "(esfte)^ω": k2}, left, right, prefix, suffix, True)
        return {"member": False, "witness": PairViolation(**{k: getattr(v, k) for k in v.__dataclass_fields__},
                                                          basis="MOD", plus=True).to_json("")}
    return None


def test_known_answers_and_corrupted_ones_refused():
    """(ab)* is in all three; census language 50 (star-free) is in none; corrupted answers —
    swapped, flipped, the pair's evidence removed, e's word not idempotent, f's empty — are
    refused (the last two on (aa|b)*, outside BPol(MOD⁺): an instantiation with e = a word of
    a non-idempotent fails there on the DFA's runs, and only E(α(A⁺)) refuses it)."""
    yes_dfa = attnlogic.load_language(regex="(ab)*", alphabet="ab").dfa
    no_dfa = DFA(("a", "b"), [[0, 1], [0, 2], [1, 2]], 0, [True, False, False])
    assert attnlogic.classify(no_dfa, windows=(), certificates=False)["LTL[S]"].member
    for name, basis in CLASSES.items():
        check = language_class(name).check
        yes, no = _answers(yes_dfa, [name])[name], _answers(no_dfa, [name])[name]
        assert_answers_and_swaps(check, yes_dfa, yes, no_dfa, no)
        words = {v: a["word"] for v, a in no["witness"]["assignment"].items()}
        assert words["e"] and words["f"]
        if basis != "MOD":
            bare = copy.deepcopy(no)
            del bare["witness"]["pair"]                         # no evidence that (q, s) is a pair
            assert not check(no_dfa, bare, "").valid
    # on (aa|b)*: an instantiation that fails on the runs, (q, s) a MOD⁺-pair, e not idempotent
    blocks = attnlogic.load_language(regex="(aa|b)*", alphabet="ab").dfa.minimal()
    forged = _forged_mod_witness(blocks, idempotent_e=False)
    honest = _forged_mod_witness(blocks, idempotent_e=True)
    assert forged is not None and honest is not None
    assert check_bpol_plus(blocks, honest, "", "MOD").valid
    got = check_bpol_plus(blocks, forged, "", "MOD")
    assert not got.valid and "idempotent" in got.reason
    empty = copy.deepcopy(honest)
    empty["witness"]["assignment"]["f"]["word"] = ""
    assert not check_bpol_plus(blocks, empty, "", "MOD").valid


def test_the_ascii_spellings_and_the_pairs_budget():
    dfa = attnlogic.load_language(regex="(ab|aab)*", alphabet="ab").dfa
    r = attnlogic.classify(dfa, windows=(), classes=["BPol(MOD+)", "BPol(AMT+)", "BPol(GR+)"], certificates=False)
    assert all(r[n].member for n in CLASSES)
    tight = attnlogic.classify(dfa, windows=(), classes=["BPol(GR⁺)"], limits=Limits(instantiations=10))
    assert tight["BPol(GR⁺)"].member is None and "instantiations" in tight["BPol(GR⁺)"].method
    st, m = syntactic_table(dfa.minimal(), Limits())
    assert group_pairs("AMT", m, dfa.alphabet, True, Limits()).count > st.size


def test_the_equation_in_chunks_and_within_its_budgets(monkeypatch):
    """The equation read in chunks of a few pairs finds a violation exactly where it is read whole
    (each violation found holds on the table), and a round far past the budget, or tables past
    the memory budget, are refused before they are computed (a 6-state DFA of a sweep once asked
    10.3 GiB here)."""
    from attnlogic.definability.varieties import bpol_plus
    from attnlogic.kernel.errors import LimitExceeded, MemoryBudgetExceeded

    def violation(dfa):
        st, m = syntactic_table(dfa, Limits())
        found = group_pairs("MOD", m, dfa.alphabet, True, Limits())
        T = np.asarray(m.table)
        return T, st, found, equation_violation(T, st.omega, nonempty_idempotents(st), found.matrix, 10 ** 9)[0]

    whole = {}
    sample = _dfas(13)
    for i, dfa in enumerate(sample):
        whole[i] = violation(dfa)[3] is not None
    monkeypatch.setattr(bpol_plus, "EQUATION_CHUNK", 5)
    found_any = False
    for i, dfa in enumerate(sample):
        T, st, found, hit = violation(dfa)
        assert (hit is not None) is whole[i], i
        if hit is not None:
            found_any = True
            e, f, q, s, r, t = hit                       # (qr)^ω s t (st)^ω ≠ (qr)^ω q t (st)^ω
            assert found.matrix[q, s] and T[e, q] == q and T[q, f] == q and T[f, r] == r and T[r, e] == r
            x, y = st.omega[T[q, r]], st.omega[T[s, t]]
            assert T[T[T[x, s], t], y] != T[T[T[x, q], t], y]
    assert found_any and not all(whole.values())
    dfa = next(d for d in sample if violation(d)[3] is not None)
    T, st, found, _ = violation(dfa)
    with pytest.raises(LimitExceeded):
        equation_violation(T, st.omega, nonempty_idempotents(st), found.matrix, 0)
    with pytest.raises(MemoryBudgetExceeded):
        equation_violation(T, st.omega, nonempty_idempotents(st), found.matrix, 10 ** 9, memory_budget=1)
