"""Benchmark: the state inclusion preorder L_p ⊆ L_q of the syntactic order
(:func:`attnlogic.definability.algebra.syntactic_order.state_inclusion`: a worklist over pairs,
each failing pair once, its predecessor pairs from inverse transition lists) against the
round-by-round greatest fixpoint it replaced (every round recomputes the whole n × n table
for every letter: O(rounds · n² · |A|), rounds up to n²).

Families over two letters, n states, one accepting state:

* **random**: a on a cycle q ↦ q + 1, b uniform (few rounds: shallow refinement);
* **line**: a moves right, b moves left, the last state accepting (the failing pairs spread
  one step per round: n rounds, the fixpoint's worst case).

Time: the best of 3; peak: tracemalloc's peak of one call; both results compared.

Run: ``python -m benchmarks.bench_syntactic_order [--sizes 100,400,800]``
"""

from __future__ import annotations

import argparse
import time
import tracemalloc


def rounds(dfa):
    """The previous implementation: the greatest fixpoint, one whole table per round."""
    import numpy as np

    t = np.asarray(dfa.transitions, dtype=np.int64)
    acc = np.asarray(dfa.accepting, dtype=bool)
    bad = acc[:, None] & ~acc[None, :]
    while True:
        nxt = bad.copy()
        for a in range(t.shape[1]):
            nxt |= bad[t[:, a][:, None], t[:, a][None, :]]
        if (nxt == bad).all():
            return ~bad
        bad = nxt


def family(name: str, n: int):
    import numpy as np

    from attnlogic.automata.dfa import DFA

    acc = np.zeros(n, dtype=bool)
    if name == "random":
        rng = np.random.default_rng(1)
        acc[0] = True
        return DFA("ab", np.column_stack([(np.arange(n) + 1) % n, rng.integers(0, n, n)]), 0, acc)
    acc[n - 1] = True
    return DFA("ab", np.column_stack([np.minimum(np.arange(n) + 1, n - 1), np.maximum(np.arange(n) - 1, 0)]), 0, acc)


def measure(f, dfa):
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        out = f(dfa)
        best = min(best, time.perf_counter() - t0)
    tracemalloc.start()
    f(dfa)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return best, peak, out


def main(argv=None) -> int:
    from attnlogic.definability.algebra.syntactic_order import state_inclusion

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,400,800")
    args = ap.parse_args(argv)
    state_inclusion(family("random", 10))                  # warm-up
    print("| family | n | fixpoint (before) | worklist (now) | before / now |")
    print("|---|---:|---|---|---:|")
    for name in ("random", "line"):
        for n in (int(x) for x in args.sizes.split(",")):
            d = family(name, n)
            tb, pb, rb = measure(rounds, d)
            tn, pn, rn = measure(state_inclusion, d)
            assert (rb == rn).all()
            print(f"| {name} | {n} | {tb * 1e3:.0f} ms, {pb / 2 ** 20:.1f} MiB | {tn * 1e3:.0f} ms, "
                  f"{pn / 2 ** 20:.1f} MiB | {tb / tn:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
