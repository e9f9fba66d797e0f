"""The bulk kernel of the subregular classes (definability/census/batch_classes.py) against the
per-DFA route, ``classify(..., classes=[NAME], certificates=False)`` (what ``classify --class
NAME`` and the census ask of one language): every third language of at most 3 states over
two letters, every language of at most 2 over three, a deterministic sample of 4 states over
two letters and 3 over three.  DD1 one language at a time costs up to seconds, so it is
compared there on the aperiodic languages of those samples (a non-aperiodic one breaks
Knast's identity at e = f = x^ω, a = x, b = c = d = e: checked here on the kernel's "no").
Every language of at most 3 states over two letters against the modules' fast verdicts, the
identities written in the test and the brute force: tests/definability/test_subregular.py;
all 57,068 languages of at most 4 states: ``python -m benchmarks.bench_census --compare``.
The six columns added later (Pol(ST), Σ2, Π2, Pol(DD), LTL[S,MOD], LTL[P,MOD]) are compared
with their modules' procedures on every language of at most 3 states over two letters and 2
over three and a seeded sample of 4 over two (the whole census behind
ATTNLOGIC_CENSUS_TEST=1); so are the three after them (FL(ST), FL(DD), TL(DD)), against
the DFA-graph tests of rev(L) and the identity engine, and the MOD-kernel's four (TL(MOD),
TL(MOD⁺), BPol(MOD), UPol(MOD⁺)) against :mod:`.temporal_mod`, :mod:`.bpol_mod`,
:mod:`.upol_mod_plus`."""

from __future__ import annotations

import json

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfa_arrays
from attnlogic.automata.dfa import DFA
from attnlogic.definability.census import batch_classes
from attnlogic.definability.census.batch import classify_tables
from attnlogic.definability.census.batch_classes import CLASSES, classify_classes
from attnlogic.automata.graphs import dfa_sccs
from attnlogic.automata.operations import complement
from attnlogic.definability.engine.classify import classify
from attnlogic.automata.rational import reverse
from attnlogic.definability.fragments.locally_r_trivial import decide_locally_r_trivial
from attnlogic.definability.fragments.mod_r_trivial import decide_counters
from attnlogic.definability.fragments.r_trivial import decide_r_trivial
from attnlogic.definability.fragments.quasi_aperiodic import decide_quasi_aperiodic
from attnlogic.definability.varieties.dot_depth_half import decide_dot_depth_half
from attnlogic.definability.varieties.identities import check_identities
from attnlogic.definability.varieties.local_da import LDA_IDENTITY
from attnlogic.definability.varieties.pi2 import decide_pi2
from attnlogic.definability.varieties.sigma1 import decide_sigma1
from attnlogic.definability.varieties.sigma2 import decide_sigma2
from attnlogic.definability.varieties.bpol_groups import decide_bpol
from attnlogic.definability.varieties.pol_groups import decide_pol
from attnlogic.definability.varieties.temporal_mod import decide_tl_mod, decide_tl_mod_plus
from attnlogic.definability.varieties.upol_mod_plus import decide_upol_mod_plus
from attnlogic.kernel.limits import Limits

#: the columns of the ordered classes and the MOD fragments, compared with their modules below
ORDERED_AND_MOD = ("Pol(ST)", "Pol2(ST)", "co-Pol2(ST)", "Pol(DD)", "LTL[S,MOD]", "LTL[P,MOD]")
#: the columns of the future and two-way unary logics, compared with their modules below
LOCAL = ("FL(ST)", "FL(DD)", "TL(DD)")
#: the columns of the MOD-kernel's classes, compared with their modules below
MOD_KERNEL = ("TL(MOD)", "TL(MOD⁺)", "BPol(MOD)", "UPol(MOD⁺)", "LTL[P,Y,MOD]", "FL(MOD)", "FL(MOD⁺)")
#: the columns of level 1/2 and one over the group languages, compared with their modules below
OVER_GROUPS = ("BPol(GR)", "Pol(GR)", "Pol(MOD)")
#: the classes asked one language at a time on every language of a sample
CHEAP = tuple(c for c in CLASSES if c != "DD1" and c not in ORDERED_AND_MOD and c not in LOCAL
              and c not in MOD_KERNEL and c not in OVER_GROUPS)


def _dfa(n, k, row, bits):
    return DFA._trusted("abc"[:k], np.asarray(row, dtype=np.int64).reshape(n, k), 0,
                        np.array([(int(bits) >> q) & 1 for q in range(n)], dtype=bool))


def _per_dfa(d, names) -> list[int]:
    c = classify(d, windows=(), minimal=True, certificates=False, classes=names)
    assert all(c[name].member is not None for name in names), d
    return [int(c[name].member) for name in names]


def _sample(n, k, stride):
    rows, accs = minimal_dfa_arrays(n, k)
    pick = np.arange(0, len(rows), stride)
    return rows[pick], accs[pick]


@pytest.mark.parametrize("n,k,stride", [(1, 2, 1), (2, 2, 1), (3, 2, 3), (1, 3, 1), (2, 3, 1),
                                        (4, 2, 500), (3, 3, 700)])
def test_the_kernel_gives_the_verdicts_of_classify(n, k, stride):
    rows, accs = _sample(n, k, stride)
    bulk4 = classify_tables(n, k, rows)
    got = classify_classes(n, k, rows, accs, bulk4)
    cheap = [CLASSES.index(c) for c in CHEAP]
    dd1 = CLASSES.index("DD1")
    for i, (row, bits) in enumerate(zip(rows, accs)):
        d = _dfa(n, k, row, bits)
        assert got[i, cheap].tolist() == _per_dfa(d, CHEAP), d
        if bulk4[i, 3]:                                       # aperiodic: DD1 as classify says
            assert got[i, dd1] == _per_dfa(d, ("DD1",))[0], d
        else:
            assert got[i, dd1] == 0
    if (n, k) == (3, 2):                                      # both answers occur, every class
        assert (got == 0).any(axis=0).all() and got.any(axis=0).all()


def _module_verdicts(d) -> list[int]:
    """The verdicts of :data:`ORDERED_AND_MOD` by the procedures of their modules (what
    ``classify --class NAME`` decides with), one DFA at a time."""
    limits = Limits()
    return [int(decide_sigma1(d, limits)[0]), int(decide_sigma2(d, limits)[0]), int(decide_pi2(d, limits)[0]),
            int(decide_dot_depth_half(d, limits)[0]), int(decide_quasi_aperiodic(d, limits).member),
            int(decide_counters(d, dfa_sccs(d)).member)]


def _against_modules(names, module_verdicts, sample: int, every: int, stride3: int = 1) -> np.ndarray:
    """The columns ``names`` in bulk against ``module_verdicts(dfa)`` on every language of
    at most 3 states over two letters (every ``stride3``-th of 3) and 2 over three and a seeded
    sample of ``sample`` of 4 states over two, every ``every``-th through ``classify`` too;
    both answers occur in every column.  Returns the sample's columns."""
    cols = [CLASSES.index(c) for c in names]
    seen = np.zeros((2, len(cols)), dtype=bool)
    for n, k in ((1, 2), (2, 2), (3, 2), (1, 3), (2, 3), (4, 2)):
        rows, accs = minimal_dfa_arrays(n, k)
        if n == 3:
            rows, accs = rows[::stride3], accs[::stride3]
        if n == 4:
            pick = np.sort(np.random.default_rng(42).choice(len(rows), size=sample, replace=False))
            rows, accs = rows[pick], accs[pick]
        got = classify_classes(n, k, rows, accs)[:, cols]
        for i, (row, bits) in enumerate(zip(rows, accs)):
            d = _dfa(n, k, row, bits)
            assert got[i].tolist() == module_verdicts(d), (names, d)
            if i % every == 0:
                assert got[i].tolist() == _per_dfa(d, names), d
        seen[0] |= (got == 0).any(axis=0)
        seen[1] |= (got == 1).any(axis=0)
    assert seen.all()                                         # both answers occur, every class
    return got


def test_the_ordered_and_mod_columns_give_the_verdicts_of_their_modules():
    """Pol(ST), Σ2, Π2, Pol(DD), LTL[S,MOD] and LTL[P,MOD] in bulk against their modules on
    every language of at most 3 states over two letters and 2 over three, and a seeded sample
    of 4 states over two (every language of 4: ``python -m benchmarks.bench_census
    --compare-classes --only …``, docs/census.md); a few through ``classify`` itself."""
    _against_modules(ORDERED_AND_MOD, _module_verdicts, 80, 200)


def _local_verdicts(d) -> list[int]:
    """The verdicts of :data:`LOCAL` by their modules' procedures, one DFA at a time: FL(ST)
    and FL(DD) as LTL[P] and LTL[P,Y] of rev(L) (the DFA-graph tests of :mod:`.r_trivial` and
    :mod:`.locally_r_trivial`), TL(DD) as the identity of :mod:`.local_da` checked by the
    identity engine on the syntactic semigroup."""
    rev = reverse(d)
    return [int(decide_r_trivial(rev).member), int(decide_locally_r_trivial(rev).member),
            int(check_identities(d, LDA_IDENTITY, monoid=False, minimal=True).holds)]


def test_the_future_and_two_way_columns_give_the_verdicts_of_their_modules():
    """FL(ST), FL(DD) and TL(DD) in bulk (semigroup tests on the DFA of L) against their
    modules (DFA-graph tests on the DFA of rev(L); the identity engine) on every language of
    at most 3 states over two letters and 2 over three, and a seeded sample of 4 states over
    two (every language of 4: ``python -m benchmarks.bench_census --compare-classes --only
    'FL(ST)' --only 'FL(DD)' --only 'TL(DD)'``, docs/census.md); some through ``classify``."""
    got = _against_modules(LOCAL, _local_verdicts, 60, 50)
    assert (got[:, 0] <= got[:, 1]).all() and (got[:, 1] <= got[:, 2]).all()   # L ⊆ LL ⊆ LDA


def _mod_kernel_verdicts(d) -> list[int]:
    """The verdicts of :data:`MOD_KERNEL` by their modules' procedures, one DFA at a time
    (the MOD-kernel from the lengths' sequence R_n = α(A^n) of :mod:`.temporal_mod`, its
    tail and period found at the first repetition; the MOD-pairs of :mod:`.bpol_mod` from
    the folded lengths), where the kernel takes {1} ∪ X_s, s the stability index; and by
    ``classify`` for LTL[P,Y,MOD] (τ_{2s}(L) locally R-trivial), FL(MOD), FL(MOD⁺) (mirrors
    on rev(L)), which the kernel decides by another theorem (the kernel's orbits R-, L-trivial)."""
    return [int(decide_tl_mod(d)[0]), int(decide_tl_mod_plus(d)[0]), int(decide_bpol("MOD", d)[0]),
            int(decide_upol_mod_plus(d)[0])]


def test_the_mod_kernel_columns_give_the_verdicts_of_their_modules():
    """TL(MOD), TL(MOD⁺), BPol(MOD), UPol(MOD⁺) in bulk against their modules on every
    language of at most 3 states over two letters and 2 over three, and a seeded sample of 4
    states over two (every language of 4: ``python -m benchmarks.bench_census
    --compare-classes --only 'TL(MOD)' …``, docs/census.md); some through ``classify``.  And
    the kernel's "no" off the quasi-aperiodic tables (each of the four asks x^(ω+1) = x^ω on
    the stable semigroup) is the modules' there."""
    got = _against_modules(MOD_KERNEL[:4], _mod_kernel_verdicts, 40, 200)
    assert (got[:, 0] <= got[:, 1]).all() and (got[:, 3] <= got[:, 1]).all()   # TL(MOD), UPol(MOD⁺) ⊆ TL(MOD⁺)
    rows, accs = minimal_dfa_arrays(3, 2)
    full = classify_classes(3, 2, rows, accs)
    off = np.flatnonzero(full[:, CLASSES.index("LTL[S,MOD]")] == 0)[::40]
    assert len(off) >= 10
    for i in off:
        assert _mod_kernel_verdicts(_dfa(3, 2, rows[i], accs[i])) == [0] * 4


def test_the_mod_kernel_decides_the_mod_fragments_as_their_modules():
    """LTL[P,Y,MOD] = PL(MOD⁺), FL(MOD), FL(MOD⁺) in bulk, by the MOD-kernel (its orbits e·K·e
    R-trivial, K L-trivial, the orbits L-trivial: Place–Zeitoun), against their own modules'
    procedures through ``classify`` (τ_{2s}(L) locally R-trivial; the mirrors of LTL[P,MOD] and
    LTL[P,Y,MOD] on rev(L)), on every language of at most 2 states, every fourth of 3 over two
    letters and 20 seeded of 4 (every language of 4: ``bench_census --compare-classes``)."""
    names = MOD_KERNEL[4:]
    got = _against_modules(names, lambda d: _per_dfa(d, names), 20, 10 ** 9, 4)
    assert (got[:, 1] <= got[:, 2]).all()                                    # FL(MOD) ⊆ FL(MOD⁺)


def test_the_columns_over_the_groups_give_the_verdicts_of_their_modules():
    """BPol(GR), Pol(GR) and Pol(MOD) in bulk — the first two by other theorems than their
    modules', the third by its module's inequality on the kernel's MOD-pairs: the block groups,
    e·f·e = e and f·e·f = f imply e = f for idempotents (Margolis–Pin 1985: level one over the
    group languages is the variety generated by J * G = PG; Ash 1991: PG = BG), and Pin's
    s·t ∈ P ⇒ s·e·t ∈ P for idempotents e (the open sets of the Hall topology, 1994), against
    the modules' Place–Zeitoun (in)equations on the GR-pairs (closures in the free group) on
    every third language of 3 states over two letters, every one of at most 2 and 2 over three,
    and a seeded sample of 4; some through ``classify`` (the inclusions: the test below, on
    every language of at most 4 states).  A*a is LT and in neither: its idempotents a and b have
    a·b·a = a and b·a·b = b; A*aA* is in Pol(GR) and its complement b* is not (inserting the
    idempotent a leaves b*)."""
    got = _against_modules(OVER_GROUPS, lambda d: [int(decide_bpol("GR", d)[0]), int(decide_pol("GR", d)[0]),
                                                   int(decide_pol("MOD", d)[0])], 60, 200, 3)
    assert (got[:, 1] <= got[:, 0]).all() and (got[:, 2] <= got[:, 1]).all()   # Pol(MOD) ⊆ Pol(GR) ⊆ BPol(GR)
    cols = [CLASSES.index(c) for c in ("LT",) + OVER_GROUPS]
    ends_a, has_a, no_a = classify_classes(2, 2, np.array([[1, 0, 1, 0], [1, 0, 1, 1], [1, 0, 1, 1]]),
                                           np.array([0b10, 0b10, 0b01]))[:, cols].tolist()
    assert ends_a == [1, 0, 0, 0] and has_a == [1, 1, 1, 1] and no_a == [1, 1, 0, 0]


@pytest.mark.slow
@pytest.mark.skipif(__import__("os").environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                    reason="the whole census (99,110 languages): opt in with ATTNLOGIC_CENSUS_TEST=1")
@pytest.mark.parametrize("letters,most", [("ab", 4), ("abc", 3)])
def test_the_ordered_and_mod_columns_on_the_whole_census(letters, most):
    """The thirteen columns against their modules on every minimal DFA of the census."""
    k = len(letters)
    cols = [CLASSES.index(c) for c in ORDERED_AND_MOD + LOCAL + MOD_KERNEL]
    for n in range(1, most + 1):
        rows, accs = minimal_dfa_arrays(n, k)
        got = classify_classes(n, k, rows, accs)[:, cols]
        for i, (row, bits) in enumerate(zip(rows, accs)):
            d = _dfa(n, k, row, bits)
            assert got[i].tolist() == (_module_verdicts(d) + _local_verdicts(d) + _mod_kernel_verdicts(d)
                                       + _per_dfa(d, MOD_KERNEL[4:])), \
                (ORDERED_AND_MOD + LOCAL + MOD_KERNEL, d)


def test_sigma2_and_pi2_are_not_swapped():
    """A*aaA* is in Σ2 (the product A*·a·∅*·a·A*) and in Pol(DD) (u0A*u1A*u2 with u1 = aa),
    not in Π2 (else it would be in Σ2 ∩ Π2 = FO2[<], and FO2[<] cannot say "two adjacent a's")
    nor upward closed (aba ∉ L); its complement the other way round (a wrong direction of the
    order would swap the Σ2 and Π2 columns).  A*a (the last letter a) is star-free, so in
    LTL[S,MOD], and not in LTL[P,MOD] (its two states form one component, and the state after
    b has two successors in it); the words with an even number of a's are in neither (a·b^(s−1)
    ∈ η(A^s) swaps the two states)."""
    contains_aa = DFA._trusted("ab", np.array([[1, 0], [2, 0], [2, 2]]), 0, np.array([False, False, True]))
    ends_a = DFA._trusted("ab", np.array([[1, 0], [1, 0]]), 0, np.array([False, True]))
    even_a = DFA._trusted("ab", np.array([[1, 0], [0, 1]]), 0, np.array([True, False]))
    cols = [CLASSES.index(c) for c in ORDERED_AND_MOD]
    got = classify_classes(3, 2, np.array([[1, 0, 2, 0, 2, 2]] * 2), np.array([0b100, 0b011]))[:, cols]
    assert got.tolist() == [[0, 1, 0, 1, 1, 0], [0, 0, 1, 0, 1, 0]]
    assert got.tolist() == [_module_verdicts(d) for d in (contains_aa, complement(contains_aa))]
    got = classify_classes(2, 2, np.array([[1, 0, 1, 0], [1, 0, 0, 1]]), np.array([0b10, 0b01]))[:, cols[4:]]
    assert got.tolist() == [[1, 0], [0, 0]]
    assert got.tolist() == [_module_verdicts(d)[4:] for d in (ends_a, even_a)]


def test_a_non_aperiodic_language_breaks_knasts_identity():
    """DD1 one language at a time on some non-aperiodic languages (the kernel says no
    without enumerating their semigroup)."""
    rows, accs = _sample(3, 2, 1)
    bulk4 = classify_tables(3, 2, rows)
    idx = np.flatnonzero(bulk4[:, 3] == 0)[::60]
    assert len(idx) >= 10
    assert not classify_classes(3, 2, rows[idx], accs[idx])[:, CLASSES.index("DD1")].any()
    for i in idx:
        assert _per_dfa(_dfa(3, 2, rows[i], accs[i]), ("DD1",)) == [0]


def test_a_repeated_table_reuses_nothing_wrong():
    """Enumeration order (a table repeated for its acceptance vectors: the table-only
    verdicts reused) and the same rows shuffled give the same verdicts."""
    rows, accs = minimal_dfa_arrays(4, 2)
    perm = np.random.default_rng(26).permutation(len(rows))
    assert np.array_equal(classify_classes(4, 2, rows, accs)[perm],
                          classify_classes(4, 2, rows[perm], accs[perm]))


def test_work_arrays_too_small_grow_and_the_kernel_resumes_at_that_table(monkeypatch):
    """From a capacity of one element, every larger semigroup stops the kernel, the arrays
    are reallocated and it resumes at that table: the verdicts of every language of 4 states
    are those of arrays holding every transformation (n^n) at once."""
    rows, accs = minimal_dfa_arrays(4, 2)
    bulk = classify_tables(4, 2, rows)
    whole = np.zeros((len(rows), len(CLASSES)), dtype=np.int8)
    assert batch_classes._classes_kernel(4, 2, rows, accs, bulk, whole, batch_classes._work(4, 2), 0, True, True, True) == len(rows)
    small = np.zeros_like(whole)
    assert batch_classes._classes_kernel(4, 2, rows, accs, bulk, small, batch_classes._work(4, 2, 1), 0, True, True, True) < len(rows)
    monkeypatch.setattr(batch_classes, "FIRST_CAPACITY", 1)
    assert np.array_equal(classify_classes(4, 2, rows, accs, bulk), whole)
    monkeypatch.setattr(batch_classes, "MAX_CAPACITY", 2)
    with pytest.raises(RuntimeError, match="MAX_CAPACITY"):
        classify_classes(4, 2, rows, accs, bulk)


def test_the_pure_python_kernel_computes_what_the_compiled_one_does(monkeypatch):
    """Every helper replaced by its Python source (numba's ``py_func``; the sources are the
    functions themselves without numba) on the languages of at most 2 states and some of 3."""
    names = ("_semigroup", "_collect", "_omega_sets", "_semigroup_classes", "_contents", "_ordered", "_advance",
             "_quasi_aperiodic", "_l_trivial_and_da", "_local_classes", "_idempotents", "_mod_kernel_classes",
             "_table_only", "_pairs_acyclic", "_classes_kernel", "_block_group", "_pol_on_pairs")
    pure = {name: getattr(getattr(batch_classes, name), "py_func", getattr(batch_classes, name))
            for name in names}
    cases = [(n, minimal_dfa_arrays(n, 2)) for n in (1, 2)] + [(3, _sample(3, 2, 37))]
    want = [classify_classes(n, 2, rows, accs) for n, (rows, accs) in cases]
    for name, fn in pure.items():
        monkeypatch.setattr(batch_classes, name, fn)
    for (n, (rows, accs)), w in zip(cases, want):
        out = np.zeros_like(w)
        pure["_classes_kernel"](n, 2, rows.astype(np.uint8), accs.astype(np.int64),
                                classify_tables(n, 2, rows), out, batch_classes._work(n, 2), 0, True, True, True)
        assert np.array_equal(out, w)


def test_the_extended_columns_are_computed_only_when_asked():
    """Without ``extended`` the ordered and MOD columns are −1 and the others unchanged (without
    ``mod_kernel`` those of the MOD-kernel's classes, without ``over_groups`` BPol(GR)'s and Pol(GR)'s); the
    contents of Σ2 count the letters that act: none at one state over 13 letters, and 13
    acting letters are refused with a clear error."""
    rows, accs = minimal_dfa_arrays(3, 2)
    full = classify_classes(3, 2, rows, accs)
    short = classify_classes(3, 2, rows, accs, extended=False)
    ext = [CLASSES.index(c) for c in batch_classes.EXTENDED]
    rest = [j for j in range(len(CLASSES)) if j not in ext]
    assert (short[:, ext] == -1).all() and np.array_equal(short[:, rest], full[:, rest])
    mod = [CLASSES.index(c) for c in batch_classes.MOD_KERNEL]
    no_mod = classify_classes(3, 2, rows, accs, mod_kernel=False)
    assert (no_mod[:, mod] == -1).all()
    assert np.array_equal(np.delete(no_mod, mod, axis=1), np.delete(full, mod, axis=1))
    block = [CLASSES.index(c) for c in batch_classes.OVER_GROUPS]
    no_block = classify_classes(3, 2, rows, accs, over_groups=False)
    assert (no_block[:, block] == -1).all()
    assert np.array_equal(np.delete(no_block, block, axis=1), np.delete(full, block, axis=1))
    assert set(np.unique(full[:, ext]).tolist()) == {0, 1}
    assert classify_classes(1, 13, np.zeros((2, 13)), [0, 1]).all()
    with pytest.raises(RuntimeError, match="CONTENT_LETTERS"):
        classify_classes(2, 13, np.ones((1, 26)), [0b10])


def test_bad_sizes_are_refused_and_many_letters_are_not():
    # ∅ and Σ* over nine letters: in every class
    assert classify_classes(1, 9, np.zeros((2, 9)), [0, 1]).all()
    with pytest.raises(ValueError, match="n: 1"):
        classify_classes(batch_classes.MAX_STATES + 1, 2, np.zeros((1, 12)), [1])
    with pytest.raises(ValueError, match="accepting"):
        classify_classes(2, 2, np.zeros((2, 4)), [1])


# -- the census asks the kernel ---------------------------------------------------------------------
def test_the_census_decides_the_classes_in_bulk_as_one_at_a_time(monkeypatch):
    """A census naming the classes (with window questions beside them) counts and lists the
    same verdicts whether the kernel decides the classes or ``classify`` does, language by
    language (the kernel turned off); only the window questions are asked one at a time."""
    from attnlogic.definability.census import shards as census_shards
    from attnlogic.definability.census import census, check_request

    for states, letters, named in ((2, "ab", ("subregular",)), (2, "abc", ("subregular",)),
                                   (2, "abc", ORDERED_AND_MOD), (2, "abc", LOCAL), (2, "abc", MOD_KERNEL)):
        bulk = census(states, letters, windows=(2,), classes=named)
        assert not check_request(states, letters, windows=(2,), classes=named).bulk_only
        assert check_request(states, letters, windows=(), classes=named).bulk_only
        with monkeypatch.context() as m:
            m.setattr(census_shards, "bulk_class_column", lambda f: None)
            m.setattr(census_shards, "tier_base_column", lambda f: None)
            one = census(states, letters, windows=(2,), classes=named)
        assert bulk.to_json(each=True) == one.to_json(each=True)
        assert bulk.lines() == one.lines()
    # a fixed order is not a column of the kernel: asked one at a time
    assert not check_request(2, "ab", windows=(), classes=("SL[2]",)).bulk_only


def test_the_census_command_counts_every_class_in_bulk(capsys):
    from attnlogic.cli import main

    named = [x for c in ORDERED_AND_MOD + LOCAL + MOD_KERNEL + OVER_GROUPS + ("JOrb(DD)", "JOrb(MOD)", "JOrb(MOD⁺)")
             for x in ("--class", c)]
    assert main(["census", "-n", "3", "-a", "ab", "--no-windows", "--class", "subregular", "--class", "groups",
                 *named, "--no-progress", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows, accs = zip(*(minimal_dfa_arrays(n, 2) for n in (1, 2, 3)))
    want = [classify_classes(n, 2, r, a).sum(axis=0) for n, r, a in zip((1, 2, 3), rows, accs)]
    for j, name in enumerate(CLASSES):
        assert out["counts"][name]["yes"] == {str(n): int(w[j]) for n, w in zip((1, 2, 3), want)}
    # with --sample, the classes decided in bulk are counted whole and only the rest is sampled
    assert main(["census", "-n", "3", "-a", "ab", "--no-windows", "--class", "LT", "--class", "SL[2]",
                 "--sample", "5", "--no-progress", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["counts"]["LT"]["yes"] == {"1": 2, "2": 10, "3": 136}
    assert [e["fragment"] for e in out["sample"]["estimates"]] == ["SL[2]"]
    assert main(["census", "-n", "2", "-a", "ab", "--no-windows", "--class", "LT", "--sample", "5",
                 "--no-progress"]) == 0
    assert "nothing to sample" in capsys.readouterr().out


def test_the_known_inclusions_hold_on_every_language_of_at_most_4_states():
    """SL ⊆ LT ⊆ LTT ⊆ DD1 ⊆ LTL[P,Y], RD ⊆ GD ⊆ LT, LTL[Y] ⊆ GD, SP ⊆ PT ⊆ DD1, PT ⊆ FO2[<],
    LTL[P] ⊆ FO2[<] ⊆ LTL[S], SL ⊆ TSL ⊆ LTL[S], MOD ⊆ MOD⁺ ⊆ COM, MOD ⊆ AMT ⊆ GR, COM,
    Pol(ST) ⊆ Pol2(ST), Pol(DD) ⊆ DD1, SP ⊆ co-Pol2(ST), PT ⊆ Pol2(ST), co-Pol2(ST), Pol2(ST) ⊆ LTL[S],
    LTL[P] ⊆ LTL[P,MOD] ⊆ LTL[S,MOD], MOD⁺ ⊆ LTL[P,MOD], LTL[S] ⊆ LTL[S,MOD], PT ⊆ FL(ST) ⊆ FL(DD)
    ⊆ TL(DD) ⊆ LTL[S], LTL[P,Y] ⊆ TL(DD), FO2[<] ⊆ TL(DD), LTL[P,MOD], FO2[<], MOD ⊆ TL(MOD) ⊆
    TL(MOD⁺), TL(DD), MOD⁺ ⊆ TL(MOD⁺), PT, MOD ⊆ BPol(MOD), MOD⁺, GD ⊆ UPol(MOD⁺) ⊆ TL(MOD⁺)
    (a trivial orbit is in DA), LTL[P,MOD], LTL[P,Y] ⊆ LTL[P,Y,MOD] ⊆ TL(MOD⁺), FL(ST) ⊆ FL(MOD) ⊆
    FL(MOD⁺) ⊆ TL(MOD⁺), FL(DD) ⊆ FL(MOD⁺), FL(MOD) ⊆ TL(MOD), BPol(MOD), GR, COM, Pol(GR) ⊆ BPol(GR),
    Pol(ST), GR ⊆ Pol(GR), Pol(ST), MOD ⊆ Pol(MOD) ⊆ BPol(MOD), Pol(GR), GR ⊆ GR⁺, AMT, MOD⁺ ⊆ AMT⁺ ⊆
    GR⁺, COM, GR⁺ ⊆ BPol(GR) ({ε} is the complement of the union of the A*aA*), PT ⊆ JOrb(DD),
    JOrb(MOD) ⊆ JOrb(MOD⁺), BPol(MOD) ⊆ JOrb(MOD) (48 languages apart), and DD1 = JOrb(DD) here
    (Knast: dot-depth one is a proper part of the locally 𝒥-trivial languages, but not on these)
    (a commutative monoid is a block group: e ℛ f gives e = f·e = e·f = f), language by language
    on all 57,068 (each proper there), and FO2[<] = Σ2 ∩ Π2 (Pin–Weil; Thérien–Wilke)."""
    cols: dict = {}
    for n in (1, 2, 3, 4):
        rows, accs = minimal_dfa_arrays(n, 2)
        bulk4 = classify_tables(n, 2, rows)
        got = classify_classes(n, 2, rows, accs, bulk4)
        for j, name in enumerate(CLASSES):
            cols.setdefault(name, []).append(got[:, j] == 1)
        for j, name in enumerate(("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]")):
            cols.setdefault(name, []).append(bulk4[:, j] == 1)
    cols = {name: np.concatenate(v) for name, v in cols.items()}
    for small, big in [("SL", "LT"), ("LT", "LTT"), ("LTT", "DD1"), ("DD1", "LTL[P,Y]"), ("RD", "GD"),
                       ("GD", "LT"), ("LTL[Y]", "GD"), ("SP", "PT"), ("PT", "DD1"), ("PT", "FO2[<]"),
                       ("LTL[P]", "FO2[<]"), ("FO2[<]", "LTL[S]"), ("SL", "TSL"), ("TSL", "LTL[S]"),
                       ("MOD", "MOD⁺"), ("MOD", "AMT"), ("AMT", "GR"), ("AMT", "COM"), ("MOD⁺", "COM"),
                       ("Pol(ST)", "Pol2(ST)"), ("Pol(ST)", "Pol(DD)"), ("Pol(DD)", "DD1"), ("SP", "co-Pol2(ST)"),
                       ("PT", "Pol2(ST)"), ("PT", "co-Pol2(ST)"), ("Pol2(ST)", "LTL[S]"), ("LTL[P]", "LTL[P,MOD]"),
                       ("LTL[P,MOD]", "LTL[S,MOD]"), ("MOD⁺", "LTL[P,MOD]"), ("LTL[S]", "LTL[S,MOD]"),
                       ("PT", "FL(ST)"), ("FL(ST)", "FL(DD)"), ("FL(DD)", "TL(DD)"), ("LTL[P,Y]", "TL(DD)"),
                       ("FO2[<]", "TL(DD)"), ("TL(DD)", "LTL[S]"), ("LTL[P,MOD]", "TL(MOD)"), ("FO2[<]", "TL(MOD)"),
                       ("MOD", "TL(MOD)"), ("TL(MOD)", "TL(MOD⁺)"), ("TL(DD)", "TL(MOD⁺)"), ("MOD⁺", "TL(MOD⁺)"),
                       ("PT", "BPol(MOD)"), ("MOD", "BPol(MOD)"), ("MOD⁺", "UPol(MOD⁺)"), ("GD", "UPol(MOD⁺)"),
                       ("UPol(MOD⁺)", "TL(MOD⁺)"), ("LTL[P,MOD]", "LTL[P,Y,MOD]"), ("LTL[P,Y]", "LTL[P,Y,MOD]"),
                       ("LTL[P,Y,MOD]", "TL(MOD⁺)"), ("FL(ST)", "FL(MOD)"), ("FL(MOD)", "FL(MOD⁺)"),
                       ("FL(DD)", "FL(MOD⁺)"), ("FL(MOD)", "TL(MOD)"), ("FL(MOD⁺)", "TL(MOD⁺)"),
                       ("BPol(MOD)", "BPol(GR)"), ("GR", "BPol(GR)"), ("COM", "BPol(GR)"), ("Pol(GR)", "BPol(GR)"),
                       ("Pol(ST)", "Pol(GR)"), ("GR", "Pol(GR)"), ("Pol(ST)", "Pol(MOD)"), ("MOD", "Pol(MOD)"),
                       ("Pol(MOD)", "BPol(MOD)"), ("Pol(MOD)", "Pol(GR)"), ("GR", "GR⁺"), ("AMT", "AMT⁺"),
                       ("MOD⁺", "AMT⁺"), ("AMT⁺", "GR⁺"), ("AMT⁺", "COM"), ("GR⁺", "BPol(GR)"),
                       ("PT", "JOrb(DD)"), ("PT", "JOrb(MOD)"), ("JOrb(DD)", "JOrb(MOD⁺)"), ("JOrb(MOD)", "JOrb(MOD⁺)"),
                       ("BPol(MOD)", "JOrb(MOD)")]:
        assert not (cols[small] & ~cols[big]).any(), (small, big)
        assert (cols[big] & ~cols[small]).any(), (small, big)
    assert (cols["DD1"] == cols["JOrb(DD)"]).all()
    assert ((cols["GR"] & cols["COM"]) == cols["AMT"]).all()          # AMT = GR ∩ COM by definition
    assert ((cols["Pol2(ST)"] & cols["co-Pol2(ST)"]) == cols["FO2[<]"]).all()
    # on this census (docs/census.md): the languages of TL(DD) are those of FL(DD) or LTL[P,Y]
    assert ((cols["FL(DD)"] | cols["LTL[P,Y]"]) == cols["TL(DD)"]).all()


def test_the_mod_kernel_columns_lie_inside_the_amt_kernel_classes():
    """MOD ⊆ AMT, so the AMT-kernel lies inside the MOD-kernel (and each AMT⁺-orbit inside the
    MOD⁺-orbit of its idempotent), and R-, L-triviality and aperiodicity pass to submonoids:
    PL(MOD) = LTL[P,MOD] ⊆ PL(AMT), PL(MOD⁺) = LTL[P,Y,MOD] ⊆ PL(AMT⁺), FL(MOD) ⊆ FL(AMT),
    FL(MOD⁺) ⊆ FL(AMT⁺), SF(MOD) = LTL[S,MOD] ⊆ SF(AMT) — the kernel's columns against the
    AMT-kernel classes one language at a time (:mod:`.group_kernel_classes`, another kernel
    and another computation) on every 25th language of 3 states and 40 seeded of 4 over two
    letters (the whole census of at most 4 states: the profiles of docs/census.md)."""
    pairs = (("LTL[P,MOD]", "PL(AMT)"), ("LTL[P,Y,MOD]", "PL(AMT⁺)"), ("FL(MOD)", "FL(AMT)"),
             ("FL(MOD⁺)", "FL(AMT⁺)"), ("LTL[S,MOD]", "SF(AMT)"))
    proper = set()
    for n, pick in ((3, slice(None, None, 25)), (4, None)):
        rows, accs = minimal_dfa_arrays(n, 2)
        if pick is None:
            pick = np.sort(np.random.default_rng(7).choice(len(rows), size=40, replace=False))
        rows, accs = rows[pick], accs[pick]
        got = classify_classes(n, 2, rows, accs)
        for i, (row, bits) in enumerate(zip(rows, accs)):
            large = _per_dfa(_dfa(n, 2, row, bits), [b for _, b in pairs])
            for (a, b), y in zip(pairs, large):
                assert got[i, CLASSES.index(a)] <= y, (a, b, row, bits)
                if y > got[i, CLASSES.index(a)]:
                    proper.add(a)
    assert {"LTL[P,MOD]", "FL(MOD)"} <= proper                     # the AMT-kernel is smaller somewhere
