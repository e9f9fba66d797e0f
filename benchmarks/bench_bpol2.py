"""BPol₂(C) for the seven bases on random DFAs: which bound settles each answer, how often the
two bounds fail to meet (undecided), and the time and memory beside UPol(BPol₂(C)) — the orbits'
equation alone on the same orbits, the strongest procedure to compare with (no peer decides
BPol₂(C): MeSCaL names the seven classes and has no procedure for them).

The DFAs are :func:`benchmarks.bench_every_class.random_dfa`'s (2, 2 or 3 letters, 5–11 states),
those whose syntactic monoid has at most ``--max-elements`` elements (the others are counted,
not asked).  For each DFA and basis a fresh process (its peak memory its own) asks
UPol(BPol₂(C)), then, in a second classification, UPol(BPol₂(C)) and BPol₂(C) together
(``certificates=False``; the orbits shared, as in any classification asking both): BPol₂(C)'s
own CPU time is the difference.  Printed per basis: the answers by the bound that gave them (the
orbits' equation, the upper bound, the lower bound, another class's answer carried over,
undecided), the CPU seconds of UPol(BPol₂(C)) and of BPol₂(C) beyond it, their ratio, the
largest peak resident memory; then the ratio by the size of the syntactic monoid.

Run:  .venv/bin/python -m benchmarks.bench_bpol2 --seeds 1,2 --count 40
"""

from __future__ import annotations

import argparse
import collections
import sys

from benchmarks import in_fresh_process, parse_or_answer

BASES = ("MOD", "AMT", "GR", "DD", "MOD⁺", "AMT⁺", "GR⁺")


def _case(seed: int, index: int, basis: str) -> dict:
    import resource
    import time

    import attnlogic
    from benchmarks.bench_every_class import random_dfa

    d = random_dfa(seed, index).minimal()
    upol, bpol2 = f"UPol(BPol2({basis}))", f"BPol2({basis})"
    t0 = time.process_time()
    attnlogic.classify(d, windows=(), classes=[upol], certificates=False)
    t1 = time.process_time()
    r = attnlogic.classify(d, windows=(), classes=[upol, bpol2], certificates=False)[bpol2]
    t2 = time.process_time()
    how = ("undecided" if r.member is None else "carried" if r.carried is not None else
           "upper" if r.member else "lower" if "sets:" in r.method else "orbits")
    return {"upol": t1 - t0, "own": max(0.0, (t2 - t1) - (t1 - t0)), "how": how,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _size(seed: int, index: int) -> int | None:
    from attnlogic.definability.varieties.identities import structure_of
    from attnlogic.kernel.errors import LimitExceeded
    from attnlogic.kernel.limits import Limits
    from benchmarks.bench_every_class import random_dfa

    try:
        return structure_of(random_dfa(seed, index).minimal(), True, Limits()).size
    except LimitExceeded:
        return None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--max-elements", type=int, default=1000)
    parser.add_argument("--timeout", type=float, default=300)
    args = parse_or_answer(parser, argv, _case)
    if args is None:
        return 0
    cases, skipped = [], 0
    for s in args.seeds.split(","):
        for i in range(args.count):
            size = _size(int(s), i)
            if size is None or size > args.max_elements:
                skipped += 1
            else:
                cases.append((int(s), i, size))
    answers = {b: collections.Counter() for b in BASES}
    cpu = {b: [0.0, 0.0] for b in BASES}
    peak = {b: 0.0 for b in BASES}
    by_size: dict = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for seed, i, size in cases:
        band = next(x for x in (10, 100, 1000, 10 ** 9) if size <= x)
        for b in BASES:
            got = in_fresh_process("bench_bpol2", [seed, i, b], args.timeout)
            if "error" in got:
                answers[b]["error"] += 1
                print(f"seed {seed} #{i} ({size} elements) {b}: {got['error']}")
                continue
            answers[b][got["how"]] += 1
            cpu[b][0] += got["upol"]
            cpu[b][1] += got["own"]
            peak[b] = max(peak[b], got["peak_mb"])
            by_size[band][0] += 1
            by_size[band][1] += got["upol"]
            by_size[band][2] += got["own"]
    print(f"{len(cases)} random DFAs (seeds {args.seeds}, {args.count} each; {skipped} more with a syntactic monoid "
          f"past {args.max_elements} elements or past its bounds, not asked)")
    print(f"{'basis':6} {'orbits':>6} {'upper':>6} {'lower':>6} {'carried':>7} {'undec.':>6} {'error':>5} "
          f"{'UPol s':>8} {'BPol2 s':>8} {'ratio':>6} {'peak MB':>8}")
    for b in BASES:
        a, (u, o) = answers[b], cpu[b]
        print(f"{b:6} {a['orbits']:>6} {a['upper']:>6} {a['lower']:>6} {a['carried']:>7} {a['undecided']:>6} "
              f"{a['error']:>5} {u:8.2f} {o:8.2f} {o / u if u else 0:6.2f} {peak[b]:8.1f}")
    print("by the size of the syntactic monoid (all bases): classifications, UPol s, BPol2 s beyond it, ratio")
    for band in sorted(by_size):
        n, u, o = by_size[band]
        print(f"  ≤ {band:>10,} elements: {n:5} {u:8.2f} {o:8.2f} {o / u if u else 0:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
