"""Benchmark: the census's bulk classifier of LTL[P], LTL[Y], LTL[P,Y], LTL[S]
(definability/census/batch.py, compiled) on the minimal DFAs of 5 states over two letters, against
``classify`` one DFA at a time (``certificates=False``, no window fragment: the census's
previous path), measured in the same process.

Rows: the generator alone (all 3,705,306 languages of 5 states); the bulk classifier on
all of them in enumeration order (a table repeated for each of its minimal acceptance
vectors is classified once), on a seeded sample of 200,000 shuffled (no two neighbours
share a table: every row computed); ``classify`` on a seeded sample of 2,000.  Each: seconds,
languages per second (one core: the kernel runs on one thread), peak traced memory of a
second run, and the ratio against ``classify``.  The compiled kernels are loaded (and
compiled on a first run, cached on disk) before anything is timed.

``--compare``: the bulk verdicts against ``classify`` on every language of at most 4 states
over two letters (57,068; about a minute), printing the number of differences (0).
``--compare-classes``: the subregular classes of definability/census/batch_classes.py against
``classify(..., classes=[...], certificates=False)`` on the same 57,068 languages (SL, SP,
RD, GD, LT, LTT, PT, FO2[<] on every one; DD1, whose per-DFA check costs up to seconds, on
every language of at most 3 states and every aperiodic one of 4 — a non-aperiodic language
breaks Knast's identity at e = f = x^ω, a = x, b = c = d = e, so the kernel's "no" there
is the theorem's), printing the number of differing languages per class (all 0); minutes.
``--compare-classes --only NAME [--only NAME …]``: those classes alone on every language
(``--only DD1``: DD1 on all 57,068).
``--classes``: the kernel's speed at 5 states over two letters against ``classify`` with
the classes, one DFA at a time, on a sample.
``--extended``: the census of at most 4 states over two letters (no window question) naming
the fifteen classes of the kernel without the ordered and MOD columns, then with them too
(``batch_classes.EXTENDED``: the semigroups of the tables that are not aperiodic and Σ2's
contents computed), each timed and its peak traced memory measured; the counts of the
added columns per size.

Run: ``.venv/bin/python -m benchmarks.bench_census [--compare]``
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from attnlogic.automata.census import minimal_dfa_arrays
from attnlogic.automata.dfa import DFA
from attnlogic.definability.census.batch import FRAGMENTS, classify_tables
from attnlogic.definability.engine.classify import classify

from . import time_and_peak


def _dfa(n, k, row, bits):
    return DFA("ab"[:k], np.asarray(row, dtype=np.int64).reshape(n, k).tolist(), 0,
               [q for q in range(n) if (int(bits) >> q) & 1])


def _one_at_a_time(n, k, rows, accs):
    return np.array([[int(classify(_dfa(n, k, r, b), windows=(), minimal=True,
                                   certificates=False)[f].member) for f in FRAGMENTS]
                     for r, b in zip(rows, accs)], dtype=np.int8).reshape(-1, 4)


def compare() -> int:
    differ = total = 0
    t0 = time.perf_counter()
    for n in (1, 2, 3, 4):
        rows, accs = minimal_dfa_arrays(n, 2)
        bulk = classify_tables(n, 2, rows)
        one = _one_at_a_time(n, 2, rows, accs)
        differ += int((bulk != one).any(axis=1).sum())
        total += len(rows)
    print(f"bulk classifier against classify on every language of at most 4 states over two "
          f"letters: {total} languages, {differ} differing ({time.perf_counter() - t0:.0f} s)")
    return differ


def compare_classes(only: list[str] | None = None) -> int:
    from attnlogic.definability.census.batch_classes import CLASSES, classify_classes

    cheap = [c for c in CLASSES if c != "DD1"] if only is None else list(only)
    differ = dict.fromkeys(CLASSES if only is None else only, 0)
    dd1_checked = total = 0
    t0 = time.perf_counter()
    for n in (1, 2, 3, 4):
        rows, accs = minimal_dfa_arrays(n, 2)
        bulk4 = classify_tables(n, 2, rows)
        got = classify_classes(n, 2, rows, accs, bulk4)
        for i, (r, b) in enumerate(zip(rows, accs)):
            d = _dfa(n, 2, r, b)
            names = cheap + (["DD1"] if only is None and (n <= 3 or bulk4[i, 3]) else [])
            c = classify(d, windows=(), minimal=True, certificates=False, classes=names)
            for name in names:
                if c[name].member is None or int(c[name].member) != got[i, CLASSES.index(name)]:
                    differ[name] += 1
            dd1_checked += "DD1" in names
        total += len(rows)
    print(f"subregular classes in bulk against classify on every language of at most 4 states "
          f"over two letters: {total} languages ({dd1_checked} of them for DD1); differing: "
          + ", ".join(f"{k} {v}" for k, v in differ.items()) + f" ({time.perf_counter() - t0:.0f} s)")
    return sum(differ.values())


def classes_speed(sample: int) -> None:
    from attnlogic.definability.census.batch_classes import CLASSES, classify_classes

    n, k = 5, 2
    classify_classes(2, 2, *minimal_dfa_arrays(2, 2))                # load the kernels
    rows, accs = minimal_dfa_arrays(n, k)
    bulk4 = classify_tables(n, k, rows)
    sec, mem, got = time_and_peak(lambda: classify_classes(n, k, rows, accs, bulk4))
    pick = np.random.default_rng(26).choice(len(rows), size=sample, replace=False)
    t0 = time.perf_counter()
    undecided = 0
    for i in pick:
        c = classify(_dfa(n, k, rows[i], accs[i]), windows=(), minimal=True, certificates=False,
                     classes=[x for x in CLASSES if x != "DD1"])
        for j, x in enumerate(CLASSES):
            if x == "DD1":
                continue
            if c[x].member is None:
                undecided += 1                   # beyond classify's limits; the kernel has none
            else:
                assert int(c[x].member) == got[i, j], (x, rows[i], accs[i])
    one_s = time.perf_counter() - t0
    print(f"subregular classes at {n} states over {k} letters ({len(rows)} languages): kernel "
          f"{sec:.2f} s = {len(rows) / sec:,.0f} languages/s, peak {mem / 2**20:.1f} MiB; classify one at a "
          f"time without DD1 {sample / one_s:,.0f} languages/s ({sample} sampled, the same verdicts, "
          f"{undecided} answers undecided by its limits) → {len(rows) / sec / (sample / one_s):,.0f}x")


def extended_columns(states: int = 4) -> None:
    from attnlogic.definability.census import census
    from attnlogic.definability.census.batch_classes import CLASSES, EXTENDED

    base = [c for c in CLASSES if c not in EXTENDED]
    census(2, "ab", windows=(), classes=list(CLASSES), keep_entries=False)      # load the kernels
    rows = []
    for what, names in (("without the ordered and MOD columns", base), ("with them", list(CLASSES))):
        sec, mem, c = time_and_peak(lambda: census(states, "ab", windows=(), classes=names, keep_entries=False))
        rows.append((what, len(names), sec, mem, c))
    print(f"census of at most {states} states over two letters, no window question:")
    for what, count, sec, mem, _ in rows:
        print(f"  {count} classes ({what}): {sec:.2f} s, peak {mem / 2**20:.1f} MiB")
    c = rows[-1][4]
    frags = {str(f): f for f in c.fragments}
    print("| class | " + " | ".join(f"n={n}" for n in range(1, states + 1)) + " | all |")
    for name in EXTENDED:
        per = [c.count(frags[name], True, n) for n in range(1, states + 1)]
        print(f"| {name} | " + " | ".join(map(str, per)) + f" | {sum(per)} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", action="store_true", help="the full comparison at 4 states")
    ap.add_argument("--sample", type=int, default=2000, help="languages classified one at a time")
    ap.add_argument("--compare-classes", action="store_true",
                    help="the subregular classes' full comparison at 4 states")
    ap.add_argument("--only", metavar="CLASS", action="append",
                    help="with --compare-classes: that class alone (repeated: those classes), on every language "
                         "(DD1 included)")
    ap.add_argument("--classes", action="store_true", help="the subregular classes' speed at 5 states")
    ap.add_argument("--extended", action="store_true",
                    help="the census of 4 states with and without the ordered and MOD columns")
    args = ap.parse_args(argv)
    if args.compare:
        raise SystemExit(1 if compare() else 0)
    if args.compare_classes:
        raise SystemExit(1 if compare_classes(args.only) else 0)
    if args.classes:
        classes_speed(min(args.sample, 500))
        return
    if args.extended:
        extended_columns()
        return
    n, k = 5, 2
    classify_tables(2, 2, minimal_dfa_arrays(2, 2)[0])          # load the kernels
    gen_s, gen_mem, (rows, accs) = time_and_peak(lambda: minimal_dfa_arrays(n, k))
    m = len(rows)
    rng = np.random.default_rng(5)
    shuffled = rows[rng.permutation(m)[:200_000]]
    pick = rng.choice(m, size=args.sample, replace=False)
    in_order = time_and_peak(lambda: classify_tables(n, k, rows))
    no_reuse = time_and_peak(lambda: classify_tables(n, k, shuffled))
    t0 = time.perf_counter()
    one = _one_at_a_time(n, k, rows[pick], accs[pick])
    one_s = time.perf_counter() - t0
    assert np.array_equal(one, in_order[2][pick])
    one_rate = args.sample / one_s
    print(f"minimal DFAs of {n} states over {k} letters: {m}")
    print(f"{'what':<44} {'languages':>10} {'seconds':>8} {'lang/s':>11} {'peak MiB':>9} {'vs classify':>11}")
    print(f"{'generation (orderly, compiled)':<44} {m:>10} {gen_s:>8.2f} {m / gen_s:>11,.0f} "
          f"{gen_mem / 2**20:>9.1f}")
    for what, (sec, mem, _), count in [("bulk classifier, enumeration order", in_order, m),
                                       ("bulk classifier, shuffled (no table reuse)", no_reuse,
                                        len(shuffled))]:
        rate = count / sec
        print(f"{what:<44} {count:>10} {sec:>8.2f} {rate:>11,.0f} {mem / 2**20:>9.1f} "
              f"{rate / one_rate:>10,.0f}x")
    print(f"{'classify, one DFA at a time (sample)':<44} {args.sample:>10} {one_s:>8.2f} "
          f"{one_rate:>11,.0f} {'':>9} {'1x':>11}")


if __name__ == "__main__":
    main()
