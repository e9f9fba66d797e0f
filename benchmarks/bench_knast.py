"""DD1 (Knast's identity) and FO2[<] (DA) deciders against their previous procedures, in
the same process, per size of DFA.

Rows: groups of minimal DFAs (the census of ≤ 3 states over {a, b}, random 4- and 5-state
ones, 8-state partially ordered and order-preserving ones, and 50–200-state languages with
small semigroups).  Columns, per group: the syntactic semigroup's size (largest), the
median and largest time of

  * ``dd1``: :func:`attnlogic.definability.dot_depth.decide_dot_depth_one` (aperiodicity,
    one idempotent per regular D-class, eSf × fSe), the semigroup built beforehand;
  * ``old dd1``: the previous procedure (every pair of idempotents, b and c factored out),
    as kept for the tests in tests/definability/knast_oracle.py (vectorised over a, b, c,
    d; the library's version before it, in git at 479a26a, looped over a and d in Python
    and was slower still); "-" where it was not run (semigroups > ``--old-max`` elements);
  * ``da``: :func:`attnlogic.definability.fo2.decide_da` (Green's relations), and
    ``engine da``: the identity engine over all |M|² instantiations (the previous
    procedure, still the engine of ``classify --identity``);

the ratios new/old of the summed times over the DFAs both ran, and the peak traced memory
of the new deciders on the group's largest semigroup.  Every "no" includes building and
re-checking its witness (both procedures).

Run:  .venv/bin/python -m benchmarks.bench_knast [--old-max N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

from benchmarks import _ROOT, time_and_peak


def _groups():
    import attnlogic as al
    from attnlogic.automata.census import minimal_dfas
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.minimize import minimize

    rng = np.random.default_rng(24)

    def rand(n, k, family, count):
        out = []
        while len(out) < count:
            if family == "random":
                T = rng.integers(0, n, size=(n, k))
            elif family == "partially ordered":
                T = np.array([[int(rng.integers(q, n)) if rng.random() < 0.5 else q for _ in range(k)]
                              for q in range(n)])
            else:
                T = np.sort(rng.integers(0, n, size=(n, k)), axis=0)
            d = minimize(DFA("abc"[:k], T, 0, rng.random(n) < 0.5))
            if d.n_states == n:
                out.append(d)
        return out

    regexes = ["(a|b)*" + "a(a|b)*" * 60, "(a|b)*" + "ab" * 30 + "(a|b)*", "b*" + "a" * 100 + "(a|b)*",
               "(a*b){40}(a|b)*", "(a|b)*aab(a|b)*|(a|b)*" + "b" * 80, "((a|b)(a|b))*" + "a" * 150]
    return [("≤ 3 states, all (census)", list(minimal_dfas(3, "ab"))),
            ("4 states, random", rand(4, 2, "random", 30)),
            ("5 states, random", rand(5, 2, "random", 30)),
            ("5 states, order-preserving", rand(5, 2, "order-preserving", 30)),
            ("8 states, partially ordered", rand(8, 3, "partially ordered", 20)),
            ("8 states, order-preserving", rand(8, 2, "order-preserving", 20)),
            ("50-200 states, regexes", [al.load_language(regex=r, alphabet="ab").dfa for r in regexes])]


def _old(st) -> bool:
    """The previous procedure's verdict, its "no" turned into the same verified witness."""
    from knast_oracle import knast_holds

    from attnlogic.definability.varieties.dot_depth import KNAST_IDENTITY
    from attnlogic.definability.varieties.identities import violation

    holds, assignment = knast_holds(st)
    if not holds:
        assert violation(st, KNAST_IDENTITY, assignment) is not None
    return holds


def _timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_knast")
    parser.add_argument("--old-max", type=int, default=150,
                        help="run the previous DD1 procedure on semigroups up to this size (default 150; "
                             "it took 637 s on a 301-element semigroup with 103 idempotents)")
    args = parser.parse_args(argv)
    sys.path.insert(0, os.path.join(_ROOT, "tests", "definability"))
    from attnlogic.definability.varieties.dot_depth import decide_dot_depth_one
    from attnlogic.definability.varieties.fo2 import DA_IDENTITY, decide_da
    from attnlogic.definability.varieties.identities import check_identities, structure_of
    from attnlogic.kernel.errors import LimitExceeded

    head = (f"{'group':<30} {'n':>3} {'|S| max':>7} | {'dd1 med':>8} {'max':>8} {'old med':>8} {'max':>8} "
            f"{'new/old':>7} | {'da med':>8} {'max':>8} {'eng med':>8} {'max':>8} {'new/old':>7} | "
            f"{'peak MB':>7}")
    print(head)
    for name, dfas in _groups():
        rows = []
        for d in dfas:
            s, m = structure_of(d, False), structure_of(d, True)
            t_new, (h, _) = _timed(lambda: decide_dot_depth_one(d, structure=s))
            t_old = None
            if s.size <= args.old_max:
                t_old, h_old = _timed(lambda: _old(s))
                assert h_old == h, d
            t_da, (g, _) = _timed(lambda: decide_da(d, structure=m))
            try:
                t_eng, ans = _timed(lambda: check_identities(d, DA_IDENTITY, True, structure=m))
                assert ans.holds == g, d
            except LimitExceeded:
                t_eng = None
            rows.append((s.size, t_new, t_old, t_da, t_eng, d, s, m))
        big = max(rows, key=lambda r: r[0])
        _, peak1, _ = time_and_peak(lambda: decide_dot_depth_one(big[5], structure=big[6]))
        _, peak2, _ = time_and_peak(lambda: decide_da(big[5], structure=big[7]))

        def med(i):
            vals = [r[i] for r in rows if r[i] is not None]
            return (f"{statistics.median(vals) * 1e3:7.1f}m", f"{max(vals) * 1e3:7.1f}m") if vals else ("-", "-")

        def ratio(i, j):
            both = [r for r in rows if r[j] is not None]
            return f"{sum(r[i] for r in both) / sum(r[j] for r in both):7.2f}" if both else "      -"
        print(f"{name:<30} {len(rows):>3} {big[0]:>7} | {med(1)[0]:>8} {med(1)[1]:>8} {med(2)[0]:>8} "
              f"{med(2)[1]:>8} {ratio(1, 2)} | {med(3)[0]:>8} {med(3)[1]:>8} {med(4)[0]:>8} {med(4)[1]:>8} "
              f"{ratio(3, 4)} | {max(peak1, peak2) / 2 ** 20:7.1f}")
    print("times in ms (m); old: the previous DD1 procedure; eng: the identity engine over all |M|² "
          "instantiations; peak: traced memory of the new deciders on the largest semigroup")


if __name__ == "__main__":
    main()
