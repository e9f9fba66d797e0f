"""Benchmark: the minimal DFA of one long literal word as a regex (issue: ``dfa --regex`` of a
100,000-letter word ran past 400 s, about n^2.2).

``regex_to_dfa(word)`` takes the sparse route beyond 4,096 positions (follow sets as Python
sets, :func:`attnlogic.automata.regex._sparse_subsets`); the peer, measured in the same
process on the same words, is the bit-mask subset construction the regex module used for
every size before (``method="subset"``: follow sets as Python integers of n bits).  Each
row: n, seconds and peak traced memory of both, their ratio (sparse / bit-mask; below 1 the
sparse route is faster), and the exponent of each route between consecutive sizes (slope of
log time over log n: 1 is linear).

Run: ``.venv/bin/python -m benchmarks.bench_regex_literal [--sizes 5000,10000] [--big 100000]``
"""

from __future__ import annotations

import argparse
import math
import random

from attnlogic.automata.regex import regex_to_dfa

from . import time_and_peak


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="5000,10000", help="word lengths measured with both routes")
    ap.add_argument("--big", type=int, default=100_000, help="a length measured with the sparse route only")
    args = ap.parse_args(argv)
    rng = random.Random(0)
    sizes = [int(x) for x in args.sizes.split(",")]
    print(f"{'n':>8} {'sparse s':>9} {'MiB':>7} {'bitmask s':>10} {'MiB':>7} {'ratio':>6} {'exp sparse':>10} "
          f"{'exp bitmask':>11}")
    prev = None
    for n in sizes:
        word = "".join(rng.choice("ab") for _ in range(n))
        s_sec, s_mem, d1 = time_and_peak(lambda: regex_to_dfa(word))
        b_sec, b_mem, d2 = time_and_peak(lambda: regex_to_dfa(word, method="subset"))
        assert d1 == d2 and d1.n_states == n + 2
        exps = ("", "")
        if prev is not None:
            pn, ps, pb = prev
            exps = (f"{math.log(s_sec / ps) / math.log(n / pn):.2f}", f"{math.log(b_sec / pb) / math.log(n / pn):.2f}")
        print(f"{n:>8} {s_sec:>9.2f} {s_mem / 2**20:>7.1f} {b_sec:>10.2f} {b_mem / 2**20:>7.1f} "
              f"{s_sec / b_sec:>6.2f} {exps[0]:>10} {exps[1]:>11}")
        prev = (n, s_sec, b_sec)
    if args.big:
        word = "".join(rng.choice("ab") for _ in range(args.big))
        s_sec, s_mem, d = time_and_peak(lambda: regex_to_dfa(word))
        assert d.n_states == args.big + 2
        print(f"{args.big:>8} {s_sec:>9.2f} {s_mem / 2**20:>7.1f} {'(not run)':>10}")


if __name__ == "__main__":
    main()
