"""BPol₂(C) for the seven bases on random DFAs: which bound settles each answer, how often the
two bounds fail to meet (undecided), and the time and memory beside UPol(BPol₂(C)) — the orbits'
equation alone on the same orbits, the strongest procedure to compare with (no peer decides
BPol₂(C): MeSCaL names the seven classes and has no procedure for them).

The DFAs are :func:`benchmarks.bench_every_class.random_dfa`'s (2, 2 or 3 letters, 5–11 states),
those whose syntactic monoid has at most ``--max-elements`` elements (the others are counted,
not asked). For each DFA and basis a fresh process (its peak memory its own) asks
UPol(BPol₂(C)), then, in a second classification, UPol(BPol₂(C)) and BPol₂(C) together
(``certificates=False``; the orbits shared, as in any classification asking both): BPol₂(C)'s
own CPU time is the difference (after a first classification that loads what any needs). Printed
per basis: the answers by the bound that gave them (the orbits' equation, the upper bound, the
lower bound, another class's answer carried over, undecided where the bounds do not meet,
undecided at a budget of the orbits), the CPU seconds of UPol(BPol₂(C)) and of BPol₂(C) beyond
it, their ratio, the largest peak resident memory; then the ratio by the size of the syntactic
monoid.

With ``--mescal``: instead, the 1,744 languages of tests/data/mescal/mescal_plus_answers.json
(744 random star-free DFAs of 5–12 states and 1,000 non-star-free 4-state languages), in this
process, each asked BPol₂(C), PL₂(C) and FL₂(C) for the seven bases together (the declared
BPol₂(C) ⊆ PL₂(C), FL₂(C) checked by the classification): the answers by bound, and the
languages where BPol₂(C) differs from PL₂(C) ∩ FL₂(C), with the bound that said "no".

Run:  .venv/bin/python -m benchmarks.bench_bpol2 --seeds 1,2 --count 40
      .venv/bin/python -m benchmarks.bench_bpol2 --mescal
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
    attnlogic.classify(d, windows=(), classes=[upol], certificates=False)     # warm: imports, compiled kernels
    t0 = time.process_time()
    attnlogic.classify(d, windows=(), classes=[upol], certificates=False)
    t1 = time.process_time()
    r = attnlogic.classify(d, windows=(), classes=[upol, bpol2], certificates=False)[bpol2]
    t2 = time.process_time()
    how = _how(r)
    return {"upol": t1 - t0, "own": max(0.0, (t2 - t1) - (t1 - t0)), "how": how, "method": r.method,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _how(r) -> str:
    if r.member is None:
        return "undecided" if "not known to be a BPol" in r.method else "budget"
    if r.carried is not None:
        return "carried"
    return "upper" if r.member else "lower" if "sets:" in r.method else "orbits"


def _mescal() -> int:
    import json
    import resource
    import time
    from pathlib import Path

    import attnlogic
    from attnlogic.automata.dfa import DFA

    data = json.loads((Path(__file__).resolve().parents[1] / "tests" / "data" / "mescal" /
                       "mescal_plus_answers.json").read_text(encoding="utf-8"))
    answers = {b: collections.Counter() for b in BASES}
    t0 = time.process_time()
    for lang in data["languages"]:
        accepting = set(lang["accepting"])
        dfa = DFA(tuple(lang["alphabet"]), lang["table"], 0, [q in accepting for q in range(len(lang["table"]))])
        names = [f"{c}2({b})" for b in BASES for c in ("BPol", "PL", "FL")]
        r = attnlogic.classify(dfa, windows=(), classes=names, certificates=False)
        for b in BASES:
            m, p, f = (r[f"{c}2({b})"] for c in ("BPol", "PL", "FL"))
            answers[b][_how(m)] += 1
            if None not in (m.member, p.member, f.member) and m.member != (p.member and f.member):
                answers[b]["≠ PL2∩FL2 (" + _how(m) + ")"] += 1
    print(f"{len(data['languages'])} languages of MeSCaL's comparison over the ⁺ bases; "
          f"{time.process_time() - t0:.0f} s of CPU, peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    for b in BASES:
        print(f"{b:6} " + ", ".join(f"{k} {v}" for k, v in sorted(answers[b].items())))
    return 0


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
    parser.add_argument("--mescal", action="store_true")
    args = parse_or_answer(parser, argv, _case)
    if args is None:
        return 0
    if args.mescal:
        return _mescal()
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
            if got["how"] in ("undecided", "budget"):
                print(f"seed {seed} #{i} ({size} elements) {b}: {got['method']}")
            cpu[b][0] += got["upol"]
            cpu[b][1] += got["own"]
            peak[b] = max(peak[b], got["peak_mb"])
            by_size[band][0] += 1
            by_size[band][1] += got["upol"]
            by_size[band][2] += got["own"]
    print(f"{len(cases)} random DFAs (seeds {args.seeds}, {args.count} each; {skipped} more with a syntactic monoid "
          f"past {args.max_elements} elements or past its bounds, not asked)")
    print(f"{'basis':6} {'orbits':>6} {'upper':>6} {'lower':>6} {'carried':>7} {'undec.':>6} {'budget':>6} {'error':>5} "
          f"{'UPol s':>8} {'BPol2 s':>8} {'ratio':>6} {'peak MB':>8}")
    for b in BASES:
        a, (u, o) = answers[b], cpu[b]
        print(f"{b:6} {a['orbits']:>6} {a['upper']:>6} {a['lower']:>6} {a['carried']:>7} {a['undecided']:>6} {a['budget']:>6} "
              f"{a['error']:>5} {u:8.2f} {o:8.2f} {o / u if u else 0:6.2f} {peak[b]:8.1f}")
    print("by the size of the syntactic monoid (all bases): classifications, UPol s, BPol2 s beyond it, ratio")
    for band in sorted(by_size):
        n, u, o = by_size[band]
        print(f"  ≤ {band:>10,} elements: {n:5} {u:8.2f} {o:8.2f} {o / u if u else 0:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
