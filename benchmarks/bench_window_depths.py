"""LTL[Y<=k] on every definite language of a census: the definiteness index m against the
least depth of a formula, or a lasso "no" (issue 46, docs/decision-procedures.md §4.5).

For each definite language (LTL[Y], decided in bulk by the census) and each window k: the
lasso search of the classifier (periods ≤ k + 2, tails ≤ max(2, min(m + 1, 4)), shared
period, then two periods) and, independently, the exact type automata at depths
1 … max(m, 1) + ``--extra`` (only to max(m, 1) where a lasso was found; stopping at the first depth whose N+1 type determines membership).
Printed per (k, m): how many languages a lasso puts outside, how many are definable at each
least depth, and the count of languages where both hold (a contradiction: the lasso is a
proof at every depth) or neither does (undecided within depth m + extra).  The question
it measures: is every member definable at depth ≤ max(m, 1)?

``--random COUNT`` takes COUNT random definite DFAs instead (indices up to 5; see
:func:`random_table`), with the formula looked for up to depth max(m, 1) + 2.

Run:  .venv/bin/python -m benchmarks.bench_window_depths --states 4 --alphabet ab
      .venv/bin/python -m benchmarks.bench_window_depths --states 3 --alphabet abc
      .venv/bin/python -m benchmarks.bench_window_depths --random 300 --extra 2
"""

from __future__ import annotations

import argparse
import collections
import resource
import time


def _outcome(d, k: int, extra: int, limit: int):
    """(m, outcome) of one definite DFA and window: "lasso", the least depth of a formula,
    "both", "neither" or "limit" (see :func:`depth_table`)."""
    from attnlogic.definability.algebra.types import lasso_search, type_automaton
    from attnlogic.definability.fragments.definite import decide_definite
    from attnlogic.kernel.errors import LimitExceeded

    m = decide_definite(d).data["index"]
    lasso = lasso_search(d, k, False, max_period=k + 2, max_tail=max(2, min(m + 1, 4)))
    least = None
    # with a lasso "no", a formula is looked for up to depth max(m, 1) only (a formula
    # there would contradict the lasso); without, up to max(m, 1) + extra
    for depth in range(1, max(m, 1) + (0 if lasso is not None else extra) + 1):
        try:
            if type_automaton(d, k, False, depth, limit=limit, build_formula=False).definable:
                least = depth
                break
        except LimitExceeded:
            least = "limit"
            break
    if lasso is not None:
        return m, "both" if isinstance(least, int) else "lasso"
    return m, "neither" if least is None else least


def depth_table(states: int, alphabet: str, windows=(2, 3), extra: int = 4, limit: int = 300_000):
    """{(k, m, outcome): count} over the definite languages of the census, with outcome
    "lasso", a least depth, "both" or "neither"; "limit" when a type automaton passed
    ``limit`` states first."""
    from attnlogic.definability.census import census

    c = census(states, alphabet, windows=())
    col = c.fragments.index("LTL[Y]")
    table: collections.Counter = collections.Counter()
    for e in c.entries:
        if e.verdicts[col]:
            for k in windows:
                m, outcome = _outcome(e.dfa, k, extra, limit)
                table[(k, m, outcome)] += 1
    return table


def random_table(seed: int, count: int, windows=(2, 3), extra: int = 2, limit: int = 400_000):
    """The same table over ``count`` random definite DFAs: the minimal DFA of {w : the last
    m0 letters of w lie in S} ∪ (a random set of shorter words), over 2 letters with m0 ∈
    {3, 4, 5} or 3 letters with m0 ∈ {2, 3}, S of density 0.1, 0.3 or 0.5 (seeded)."""
    import itertools
    import random

    import numpy as np

    from attnlogic.automata.dfa import DFA

    rng = random.Random(seed)
    table: collections.Counter = collections.Counter()
    for _ in range(count):
        nA = rng.choice([2, 2, 3])
        m0 = rng.choice([3, 4, 5]) if nA == 2 else rng.choice([2, 3])
        density = rng.choice([0.1, 0.3, 0.5])
        words = [w for length in range(m0 + 1) for w in itertools.product(range(nA), repeat=length)]
        index = {w: i for i, w in enumerate(words)}
        table_ = np.array([[index[(w + (a,))[-m0:]] for a in range(nA)] for w in words], dtype=np.int64)
        accepting = [rng.random() < (density if len(w) == m0 else 0.5) for w in words]
        d = DFA(tuple("abc"[:nA]), table_, 0, accepting).minimal()
        for k in windows:
            m, outcome = _outcome(d, k, extra, limit)
            table[(k, m, outcome)] += 1
    return table


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3)
    parser.add_argument("--alphabet", default="ab")
    parser.add_argument("--windows", default="2,3")
    parser.add_argument("--extra", type=int, default=4, help="depths tried beyond max(m, 1)")
    parser.add_argument("--random", type=int, default=0, metavar="COUNT",
                        help="COUNT random definite DFAs (seeded by --seed) instead of the census")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args([] if argv is None else argv)
    t = time.perf_counter()
    windows = tuple(int(x) for x in args.windows.split(","))
    if args.random:
        table = random_table(args.seed, args.random, windows, args.extra)
        print(f"{args.random} random definite DFAs (seed {args.seed}):")
    else:
        table = depth_table(args.states, args.alphabet, windows, args.extra)
        print(f"definite languages of at most {args.states} states over {{{', '.join(args.alphabet)}}}:")
    print(f"{'k':>2} {'m':>2} {'lasso no':>8}  definable at least depth d: count   both  neither/limit")
    worst: dict = {}
    for k, m in sorted({(k, m) for k, m, _ in table}):
        row = {o: n for (kk, mm, o), n in table.items() if (kk, mm) == (k, m)}
        depths = sorted(o for o in row if isinstance(o, int))
        if depths:
            worst[(k, m)] = depths[-1]
        print(f"{k:>2} {m:>2} {row.get('lasso', 0):>8}  {', '.join(f'd={o}: {row[o]}' for o in depths) or '-':<30}"
              f" {row.get('both', 0):>5} {row.get('neither', 0) + row.get('limit', 0):>8}")
    over = [(k, m, d) for (k, m), d in worst.items() if d > max(m, 1)]
    print("members needing a depth > max(m, 1):", over or "none")
    print(f"({time.perf_counter() - t:.1f} s, peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
