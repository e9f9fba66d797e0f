"""Separation of two languages (issue 41) on pairs of random DFAs: for each size (``--sizes``,
default 10, 50, 200 states over 2 letters; uniform transitions, each state accepting with
probability 1/2, seeded; L2 is the complement of L1, so that L1 ∩ L2 = ∅, the answer is not
the trivial common word and both DFAs have n states — a random language minus L1 would have
up to n² states) and each class (``--by``), ``separate`` on ``--pairs`` pairs: the
median and the largest wall time, the largest peak of Python allocations (tracemalloc), and
how many answers were separable / not separable / undecided.  ``--second random``: L2 an
independent random DFA of the same size instead (mostly a common word: the cost of finding it);
``--second cycle``: L1 = {ε} and L2 = the non-empty words of length ≡ 0 modulo n (one cycle of
n states after the start: the worst case of MOD's pumped family, whose only loop has n letters);
``--second group``: L1 = R1 ∩ P and L2 = R2 ∖ P for random DFAs R1, R2 of n/3 states and a
random permutation automaton P on 3 points (``--points``; two random permutations, start 0, a
random proper non-empty set of accepting points; GR-separable by P, and about n states each):
the cost of a "separable" GR answer at size, and which route found the separator (``routes``:
L1 or A* ∖ L2 itself, AMT's residues, Stallings's folding completed, a small action, or none —
"separable" by the theorem alone).
Set OPENBLAS_NUM_THREADS=1 on a shared machine (PT's Boolean matrix products are BLAS calls,
which a loaded machine's threads slow down tenfold).

``--types``: time only the procedure of docs/decision-procedures.md §11.7 (the lasso over
D1 × D2, then the types over D1 × D2 by depth) for the fragments LTL[Y<=k], LTL[P,Y<=k],
LTL[P], skipping the steps of §11.4 that come before it in ``separate``; its answers are
counted as separable (a formula), not separable (a lasso) or undecided.

Run:  OPENBLAS_NUM_THREADS=1 .venv/bin/python -m benchmarks.bench_separate
      .venv/bin/python -m benchmarks.bench_separate --sizes 10,50 --pairs 5 --by 'LTL[Y<=2];LTL[P,Y<=2];LTL[P,Y];LTL[P]'
      .venv/bin/python -m benchmarks.bench_separate --sizes 10,50 --pairs 5 --types --by 'LTL[Y<=2];LTL[P,Y<=2];LTL[P,Y];LTL[P]'
      .venv/bin/python -m benchmarks.bench_separate --sizes 10,50 --by 'LTL[Y];PT[2]' --pairs 10
      .venv/bin/python -m benchmarks.bench_separate --by SL --pairs 5 --limit 10000000
      .venv/bin/python -m benchmarks.bench_separate --by MOD --second cycle --sizes 100,200,400 --pairs 1
      .venv/bin/python -m benchmarks.bench_separate --by GR --sizes 10,50,200 --pairs 5 --second group
      .venv/bin/python -m benchmarks.bench_separate --by GR --sizes 12,30 --pairs 40 --second group --points 5
      OPENBLAS_NUM_THREADS=1 .venv/bin/python -m benchmarks.bench_separate --pairs 5 --by 'AMT;COM' [--second random]
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

import numpy as np


def _random_dfa(n: int, letters: int, rng):
    from attnlogic.automata.dfa import DFA
    return DFA("ab"[:letters], rng.integers(0, n, size=(n, letters)), 0, rng.random(n) < 0.5)


def _cycle_pair(n: int):
    """{ε} and the non-empty words whose length is ≡ 0 (mod n), over ab."""
    from attnlogic.automata.dfa import DFA
    table = np.array([[1, 1]] + [[i % n + 1] * 2 for i in range(1, n + 1)])
    return (DFA("ab", np.array([[1, 1], [1, 1]]), 0, np.array([True, False])),
            DFA("ab", table, 0, np.arange(n + 1) == n))


def _group_pair(n: int, rng, points: int = 3):
    """(R1 ∩ P, R2 ∖ P) for random R1, R2 of max(1, n // points) states and a random
    permutation automaton P on ``points`` points: a pair that P separates."""
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.operations import complement, intersection
    perms = [rng.permutation(points) for _ in range(2)]
    acc = np.zeros(points, dtype=bool)
    acc[rng.choice(points, size=int(rng.integers(1, points)), replace=False)] = True
    P = DFA("ab", np.array([[perms[0][p], perms[1][p]] for p in range(points)]), 0, acc)
    m = max(1, n // points)
    return (intersection(_random_dfa(m, 2, rng), P).minimal(),
            intersection(_random_dfa(m, 2, rng), complement(P)).minimal())


def _route(answer) -> str:
    """How a GR separator was found (its certificate's route, AMT's residues, or none)."""
    if answer.separator is None:
        return "none"
    cert = answer.separator.certificate_json()
    return cert.get("route", cert["kind"])


def main(argv=None) -> None:
    from attnlogic.automata.operations import complement
    from attnlogic.definability.separation.separate_languages import separate
    from attnlogic.definability.separation.type_separation import decide_by_types
    from attnlogic.ltl.fragments import Fragment
    from attnlogic.kernel.errors import LimitExceeded
    from attnlogic.kernel.limits import Limits

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,50,200")
    ap.add_argument("--by", default="LTL[Y];D[3];SL[2];LT[2];PT[2];LTT[2,2];PT")
    ap.add_argument("--pairs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--second", choices=("complement", "random", "cycle", "group"), default="complement")
    ap.add_argument("--points", type=int, default=3, help="--second group: the permutation automaton's points")
    ap.add_argument("--limit", type=int, default=None,
                    help="Limits(limit=…) for every call (SL's chain search has n³ triples); default: the defaults")
    ap.add_argument("--types", action="store_true",
                    help="time only the types over D1 × D2 and the lasso (§11.7) of the fragments")
    args = ap.parse_args(argv)
    limits = Limits.of(limit=args.limit) if args.limit else None

    routes: dict = {}

    def answer(d1, d2, by):
        if not args.types:
            out = separate(d1, d2, by, limits=limits)
            if out.separable and by == "GR":
                routes[_route(out)] = routes.get(_route(out), 0) + 1
            return out.separable
        if args.second != "complement":
            raise SystemExit("--types needs L1 ∩ L2 = ∅: --second complement")
        out = decide_by_types(Fragment.named(by), d1.minimal(), d2.minimal(), limits or Limits())
        return True if out.formula else (False if out.family else None)
    rng = np.random.default_rng(args.seed)
    print(f"{'states':>6} {'class':>9} {'median s':>9} {'max s':>8} {'peak MB':>8}  yes/no/undecided/refused")
    for n in (int(x) for x in args.sizes.split(",")):
        pairs = []
        for _ in range(args.pairs):
            if args.second == "cycle":
                pairs.append(_cycle_pair(n))
                continue
            if args.second == "group":
                pairs.append(_group_pair(n, rng, args.points))
                continue
            d1 = _random_dfa(n, 2, rng)
            pairs.append((d1, complement(d1) if args.second == "complement" else _random_dfa(n, 2, rng)))
        for by in args.by.split(";"):
            routes.clear()
            times, peaks, counts = [], [], {True: 0, False: 0, None: 0, "refused": 0}
            for d1, d2 in pairs:
                tracemalloc.start()
                t = time.perf_counter()
                try:
                    counts[answer(d1, d2, by)] += 1
                except LimitExceeded:                  # over the budget: refused, timed all the same
                    counts["refused"] += 1
                times.append(time.perf_counter() - t)
                peaks.append(tracemalloc.get_traced_memory()[1] / 2 ** 20)
                tracemalloc.stop()
            print(f"{n:>6} {by:>9} {statistics.median(times):>9.4f} {max(times):>8.4f} {max(peaks):>8.1f}  "
                  f"{counts[True]}/{counts[False]}/{counts[None]}/{counts['refused']}"
                  + (f"  routes {dict(sorted(routes.items()))}" if routes else ""))


if __name__ == "__main__":
    main()
