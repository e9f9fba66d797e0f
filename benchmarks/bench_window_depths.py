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

Run:  .venv/bin/python -m benchmarks.bench_window_depths --states 4 --alphabet ab
      .venv/bin/python -m benchmarks.bench_window_depths --states 3 --alphabet abc
"""

from __future__ import annotations

import argparse
import collections
import resource
import time


def depth_table(states: int, alphabet: str, windows=(2, 3), extra: int = 4, limit: int = 300_000):
    """{(k, m, outcome): count} with outcome "lasso", a least depth, "both" or "neither";
    "limit" when a type automaton passed ``limit`` states first."""
    from attnlogic.definability.algebra.types import lasso_search, type_automaton
    from attnlogic.definability.census import census
    from attnlogic.definability.fragments.definite import decide_definite
    from attnlogic.kernel.errors import LimitExceeded

    c = census(states, alphabet, windows=())
    col = c.fragments.index("LTL[Y]")
    table: collections.Counter = collections.Counter()
    for e in c.entries:
        if not e.verdicts[col]:
            continue
        d = e.dfa
        m = decide_definite(d).data["index"]
        for k in windows:
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
                outcome = "both" if isinstance(least, int) else "lasso"
            else:
                outcome = "neither" if least is None else least
            table[(k, m, outcome)] += 1
    return table


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3)
    parser.add_argument("--alphabet", default="ab")
    parser.add_argument("--windows", default="2,3")
    parser.add_argument("--extra", type=int, default=4, help="depths tried beyond max(m, 1)")
    args = parser.parse_args([] if argv is None else argv)
    t = time.perf_counter()
    table = depth_table(args.states, args.alphabet, tuple(int(x) for x in args.windows.split(",")), args.extra)
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
