"""LT and LTT separation (docs/decision-procedures.md §11.6): how often the answer is
undecided, and whether it ever contradicts ``classify``.

* ``--census 3/ab,2/abc`` (each ``STATES/LETTERS``, optionally ``/STEP`` for every STEP-th
  language): L against its complement for the minimal DFAs of the census, compared with
  classify's LT and LTT verdicts: agree (yes / no by proof kind), DISAGREE (must stay 0),
  undecided (split by the true verdict);
* ``--random N``: N draws of a random DFA L1 (1 … ``--max-states`` states over ``--letters``)
  and L2 = a random DFA minus L1 (seeded; empty languages skipped): yes / no by proof kind /
  undecided, the median and largest wall time and the largest peak of Python allocations;
  ``--limit L``: their type_states and synthesis_states (the orders cut at 5,000 states are
  searched again within them).

Run:  OPENBLAS_NUM_THREADS=1 nice -n 10 .venv/bin/python -m benchmarks.bench_separate_local \\
          --census 3/ab,2/abc --random 600
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time
import tracemalloc

import numpy as np


def _kind(answer) -> str:
    if answer.separable is None:
        return "undecided"
    if answer.separable:
        return "yes"
    return f"no: {type(answer.proof).__name__}"


def census(spec: str) -> None:
    from attnlogic.automata.census import minimal_dfas
    from attnlogic.automata.operations import complement
    from attnlogic.definability.engine.classify import classify
    from attnlogic.definability.separation.separate_languages import separate, verify_proof

    states, letters, *rest = spec.split("/")
    step = int(rest[0]) if rest else 1
    stats: dict = collections.Counter()
    seen, t0 = 0, time.perf_counter()
    for i, d in enumerate(minimal_dfas(int(states), letters)):
        if i % step:
            continue
        seen += 1
        c = complement(d)
        truth = classify(d, windows=(), certificates=False, classes=("LT", "LTT"))
        for by in ("LT", "LTT"):
            ans = separate(d, c, by)
            if ans.separable is None:
                stats[by, f"undecided (truly {'in' if truth[by].member else 'not in'} {by})"] += 1
            elif ans.separable is not truth[by].member:
                stats[by, "DISAGREE"] += 1
            else:
                assert ans.separable or verify_proof(ans.proof, d, c)
                stats[by, _kind(ans)] += 1
    print(f"census {spec}: {seen} languages, {time.perf_counter() - t0:.1f} s")
    for by in ("LT", "LTT"):
        print(f"  {by:>3}: " + ", ".join(f"{k} {v}" for (b, k), v in sorted(stats.items()) if b == by))


def random_pairs(draws: int, letters: str, most: int, seed: int, limit: int | None = None) -> None:
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.operations import difference, is_empty
    from attnlogic.definability.separation.separate_languages import separate
    from attnlogic.kernel.limits import Limits

    limits = Limits() if limit is None else Limits(type_states=limit, synthesis_states=limit)
    rng = np.random.default_rng(seed)

    def rd(n):
        return DFA(tuple(letters), rng.integers(0, n, size=(n, len(letters))), 0, rng.random(n) < 0.5).minimal()

    pairs = []
    for _ in range(draws):
        d1 = rd(int(rng.integers(1, most + 1)))
        d2 = difference(rd(int(rng.integers(1, most + 1))), d1).minimal()
        if not is_empty(d1) and not is_empty(d2):
            pairs.append((d1, d2))
    print(f"random pairs over {letters}, 1 … {most} states, seed {seed}: {len(pairs)} disjoint non-empty pairs")
    for by in ("LT", "LTT"):
        stats: dict = collections.Counter()
        times, peak = [], 0.0
        for d1, d2 in pairs:
            tracemalloc.start()
            t = time.perf_counter()
            stats[_kind(separate(d1, d2, by, limits=limits))] += 1
            times.append(time.perf_counter() - t)
            peak = max(peak, tracemalloc.get_traced_memory()[1] / 2 ** 20)
            tracemalloc.stop()
        print(f"  {by:>3}: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.items()))
              + f"; median {statistics.median(times):.3f} s, max {max(times):.2f} s, peak {peak:.1f} MB")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--census", default="3/ab,2/abc")
    ap.add_argument("--random", type=int, default=600)
    ap.add_argument("--letters", default="ab")
    ap.add_argument("--max-states", type=int, default=6)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--limit", type=int, default=None,
                    help="type_states and synthesis_states of the random pairs (the orders past 5,000 states)")
    args = ap.parse_args(argv)
    for spec in filter(None, args.census.split(",")):
        census(spec)
    if args.random:
        random_pairs(args.random, args.letters, args.max_states, args.seed, args.limit)


if __name__ == "__main__":
    main()
