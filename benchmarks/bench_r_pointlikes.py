"""The R-pointlike saturation (LTL[P] separation, docs/decision-procedures.md §11.4c) beside
Henckell's aperiodic saturation (LTL[S], §11.3a), the nearest procedure of the same kind, run
on the same pairs in the same process: time and peak memory of each, their ratio, and how
the cost grows with the size of the pair's transition monoid.

* ``random``: for each size n in ``--sizes``, ``--pairs`` seeded pairs of random DFAs over ab
  with n states, L2 made disjoint from L1 (L2 ∖ L1), minimised; each saturation within the
  default limits (a refusal is counted, not timed);
* ``blocks``: L1 = K_n ∩ Even, L2 = (A* ∖ K_n) ∩ Even for K_n = a⁺b⁺a⁺… (n blocks): separable
  by K_n (R-trivial, of P-depth n), neither L1 nor A* ∖ L2 R-trivial; the saturation and the
  whole ``separate --by LTL[P]`` (which must then build a separator).

Run:  OPENBLAS_NUM_THREADS=1 python -m benchmarks.bench_r_pointlikes --sizes 4,6,8,12 --pairs 20 --blocks 4,8,12
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

import numpy as np


def _timed(fn, *args):
    """(result or the exception, seconds, peak MB of Python allocations)."""
    tracemalloc.start()
    t = time.perf_counter()
    try:
        out = fn(*args)
    except Exception as e:                       # noqa: BLE001 — a refusal is a result here
        out = e
    dt = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return out, dt, peak


def random_pairs(n: int, count: int, seed: int):
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.operations import difference, is_empty

    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        d1 = DFA(("a", "b"), rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5).minimal()
        d2 = difference(DFA(("a", "b"), rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5), d1).minimal()
        if not is_empty(d1) and not is_empty(d2):
            out.append((d1, d2))
    return out


def blocks_pair(n: int):
    from attnlogic.automata.operations import complement, intersection
    from attnlogic.automata.regex import regex_to_dfa

    K = regex_to_dfa("".join("a+" if i % 2 == 0 else "b+" for i in range(n)), "ab")
    even = regex_to_dfa("((a|b)(a|b))*", "ab")
    return intersection(K, even).minimal(), intersection(complement(K), even).minimal()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="4,6,8,12")
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--blocks", default="4,8,12")
    args = ap.parse_args(argv)

    import attnlogic
    from attnlogic.definability.separation.aperiodic_pointlikes import pair_monoid, saturate
    from attnlogic.kernel.errors import LimitExceeded
    from attnlogic.kernel.limits import Limits
    from attnlogic.definability.separation.r_trivial_pointlikes import saturate_r

    print(f"{'states':>6} {'|M| med':>8} {'R med s':>9} {'R max s':>9} {'R peak MB':>9} "
          f"{'A med s':>9} {'R/A med':>8} {'R: no/yes/refused':>18}")
    for n in (int(x) for x in args.sizes.split(",")):
        rs, as_, peaks, sizes, counts = [], [], [], [], [0, 0, 0]
        for d1, d2 in random_pairs(n, args.pairs, args.seed + n):
            try:
                sizes.append(len(pair_monoid(d1, d2, Limits()).words))
            except LimitExceeded:
                counts[2] += 1
                continue
            r, dt, peak = _timed(saturate_r, d1, d2)
            _, da, _ = _timed(lambda a, b: saturate(a, b, families=False), d1, d2)
            if isinstance(r, LimitExceeded):
                counts[2] += 1
                continue
            counts[0 if r is not None else 1] += 1
            rs.append(dt)
            as_.append(da)
            peaks.append(peak)
        if rs:
            ratio = statistics.median(r / max(a, 1e-9) for r, a in zip(rs, as_))
            print(f"{n:>6} {statistics.median(sizes):>8.0f} {statistics.median(rs):>9.4f} {max(rs):>9.4f} "
                  f"{max(peaks):>9.1f} {statistics.median(as_):>9.4f} {ratio:>8.2f} {'/'.join(map(str, counts)):>18}")
        else:
            print(f"{n:>6} {'—':>8} {'—':>9} {'—':>9} {'—':>9} {'—':>9} {'—':>8} {'/'.join(map(str, counts)):>18}")
    print()
    print(f"{'blocks':>6} {'D1/D2':>7} {'|M|':>5} {'saturation s':>12} {'separate s':>10} {'peak MB':>8}  answer")
    for n in (int(x) for x in args.blocks.split(",")):
        d1, d2 = blocks_pair(n)
        size = len(pair_monoid(d1, d2, Limits()).words)
        r, dt, _ = _timed(saturate_r, d1, d2)
        ans, ds, peak = _timed(lambda a, b: attnlogic.separate(a, b, by="LTL[P]"), d1, d2)
        what = (f"separable, separator: {ans.separator.found_in}" if getattr(ans, "separator", None) is not None
                else f"separable={getattr(ans, 'separable', ans)}")
        print(f"{n:>6} {d1.n_states:>3}/{d2.n_states:<3} {size:>5} {dt:>12.4f} {ds:>10.3f} {peak:>8.1f}  "
              f"{'no pair' if r is None else r}; {what}")


if __name__ == "__main__":
    main()
