"""FO2[<] separation on the census (docs/decision-procedures.md §11.4b): how many pairs are
separable / not separable / undecided before (the procedure of §11.4 without §11.4b: a common
word, a PT separator, LTL[S]'s "no") and after (``separate --by 'FO2[<]'``), with time and
peak memory, and the consistency checks:

* L against its complement for every ``--step``-th minimal DFA of ≤ ``--states`` states over
  ``--letters``: the answer must be ``classify``'s FO2[<] verdict (contradictions counted);
* ``--pairs`` random pairs of disjoint languages L1 = L ∖ L', L2 = L' ∖ L (L, L' census DFAs,
  seeded): every "not separable" must be "not separable" by PT too (PT ⊆ FO2[<], PT decided
  exactly, §11.3) and every "separable" separable by LTL[S] (FO2[<] ⊆ LTL[S], decided, §11.3a);
  every proof re-checked by ``verify_proof`` (its words' FO2 types at n = 1, 2 by brute force)
  and every separator by ``check_answer`` from its JSON.

Run:  nice .venv/bin/python -m benchmarks.census_separate_fo2 --states 3 --letters 2 --pairs 300
      nice .venv/bin/python -m benchmarks.census_separate_fo2 --states 2 --letters 3 --pairs 300
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

import numpy as np


def _dfas(letters: str, most: int):
    from attnlogic.automata.census import minimal_dfa_arrays
    from attnlogic.automata.dfa import DFA
    k = len(letters)
    for n in range(1, most + 1):
        rows, accs = minimal_dfa_arrays(n, k)
        for row, bits in zip(rows, accs):
            yield DFA._trusted(letters, np.asarray(row, dtype=np.int64).reshape(n, k), 0,
                               np.array([(int(bits) >> q) & 1 for q in range(n)], dtype=bool))


def _before(d1, d2, limits):
    """The answer of §11.4 without §11.4b: True / False / None."""
    from attnlogic.definability.separation import separate_languages as S
    from attnlogic.definability.separation.aperiodic_pointlikes import decide_star_free
    if S._common_word(d1, d2) is not None:
        return False
    if S._decide("PT", "PT", None, None, d1, d2, limits, separator_only=True).separable:
        return True
    return False if decide_star_free(d1, d2, limits).separable is False else None


def main(argv=None) -> None:
    from attnlogic.automata.operations import complement, difference, is_empty
    from attnlogic.definability.engine.classify import classify
    from attnlogic.definability.separation.separate_languages import check_answer, separate, verify_proof
    from attnlogic.kernel.limits import Limits

    ap = argparse.ArgumentParser()
    ap.add_argument("--states", type=int, default=3)
    ap.add_argument("--letters", type=int, default=2)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--pairs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    letters = "abc"[:a.letters]
    limits = Limits()
    dfas = list(_dfas(letters, a.states))
    tracemalloc.start()
    t0 = time.perf_counter()
    contra = undecided = 0
    for d in dfas[::a.step]:
        member = classify(d, classes=["FO2[<]"], windows=(), limits=limits)["FO2[<]"].member
        ans = separate(d, complement(d).minimal(), "FO2[<]", limits=limits)
        undecided += ans.separable is None
        contra += ans.separable is not None and ans.separable != member
    t1 = time.perf_counter()
    print(f"L against its complement: {len(dfas[::a.step])} languages (≤ {a.states} states over {letters}), "
          f"{contra} contradictions with classify, {undecided} undecided, {t1 - t0:.1f} s")
    rng = np.random.default_rng(a.seed)
    before = {True: 0, False: 0, None: 0}
    after = {True: 0, False: 0, None: 0}
    bad = done = 0
    times = []
    kinds: dict = {}
    while done < a.pairs:
        i, j = rng.integers(0, len(dfas), size=2)
        d1, d2 = difference(dfas[i], dfas[j]).minimal(), difference(dfas[j], dfas[i]).minimal()
        if is_empty(d1) or is_empty(d2):
            continue
        done += 1
        before[_before(d1, d2, limits)] += 1
        s = time.perf_counter()
        ans = separate(d1, d2, "FO2[<]", limits=limits)
        times.append(time.perf_counter() - s)
        after[ans.separable] += 1
        if ans.separable is False:
            pt = separate(d1, d2, "PT", limits=limits).separable
            bad += pt is not False or not verify_proof(ans.proof, d1, d2)
        elif ans.separable:
            bad += separate(d1, d2, "LTL[S]", limits=limits).separable is not True
            bad += not check_answer(ans.to_json(), d1, d2, limits=limits)[0]
            kind = (ans.to_json().get("separator") or {}).get("kind", "none")
            kinds[kind] = kinds.get(kind, 0) + 1
        else:
            print(f"  undecided: census indices {int(i)}, {int(j)}")
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    fmt = lambda c: f"{c[True]} separable / {c[False]} not / {c[None]} undecided"       # noqa: E731
    print(f"{a.pairs} random disjoint pairs (seed {a.seed}): before {fmt(before)}; after {fmt(after)}; "
          f"{bad} inconsistent; separate median {1000 * float(np.median(times)):.1f} ms, max "
          f"{1000 * max(times):.0f} ms; peak {peak:.1f} MB")
    print("separators by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))


if __name__ == "__main__":
    main()
