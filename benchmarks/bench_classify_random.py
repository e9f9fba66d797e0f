"""Classification of random DFAs with the default options (all six fragments, window 2,
certificates), as a user runs it.

For each size (50, 200, 1,000 and 10,000 states over 2 letters; ``--sizes``) and each of
``--dfas`` random DFAs (uniform transitions, each state accepting with probability 1/2,
seeded), ``classify`` runs ``--repeat`` times, each in a fresh process so that its peak
memory is its own: the wall time of the classification (imports excluded, the first call of
a fresh process included; and its CPU time, which a loaded machine inflates less), and the
process's peak resident memory (imports included).
Printed per DFA: minimal states, the median time, the largest peak, the LTL[S] answer and
whether it carries a witness (a "no") or a formula (a "yes").  Targets (issue 24): every
50–200-state DFA under 1 s and 300 MB.

With ``--classes subregular`` (issue 38: classes' certificates within the budgets of the
fragments) the classification also asks the named classes, on small DFAs
(``--sizes 5,6,7,8,9,10``); the summary prints the median and the largest time, and the
"yes" answers that carry no certificate (``--yes-without``).

Run:  .venv/bin/python -m benchmarks.bench_classify_random
      .venv/bin/python -m benchmarks.bench_classify_random --sizes 5,6,7,8,9,10 --classes subregular --repeat 1
"""

from __future__ import annotations

import argparse
import statistics

from benchmarks import in_fresh_process, parse_or_answer


def _certified(r) -> bool:
    """Whether a "yes" carries its certificate: a formula, or a class's own certificate
    (a subregular class's answer holds it in its ``certificate``)."""
    if r.formula is not None:
        return True
    c = r.certificate
    return c is not None and getattr(c, "certificate", c) is not None


def _case(n: int, letters: int, seed: int, classes=()) -> dict:
    import resource
    import time

    import numpy as np

    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.engine.classify import classify

    rng = np.random.default_rng(seed)
    d = DFA([chr(97 + i) for i in range(letters)], rng.integers(0, n, (n, letters)), 0,
            rng.random(n) < 0.5)
    t, c = time.perf_counter(), time.process_time()
    cl = classify(d, classes=tuple(classes))
    seconds, cpu = time.perf_counter() - t, time.process_time() - c
    s = cl["LTL[S]"]
    return {"seconds": seconds, "cpu": cpu, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "minimal_states": cl.dfa.n_states, "ltl_s": s.member,
            "witness": s.witness is not None, "formula": s.formula is not None,
            "undecided": sum(r.member is None for r in cl.results),
            "yes": sum(r.member is True for r in cl.results),
            "yes_without": [str(r.fragment) for r in cl.results if r.member is True and not _certified(r)]}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,200,1000,10000")
    parser.add_argument("--letters", type=int, default=2)
    parser.add_argument("--dfas", type=int, default=3, help="random DFAs per size")
    parser.add_argument("--repeat", type=int, default=3, help="fresh processes per DFA (median)")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--classes", default="", help="classes asked beyond the default (e.g. subregular)")
    args = parse_or_answer(parser, argv, _case)
    if args is None:
        return
    classes = [c for c in args.classes.split(",") if c]
    print(f"{'states':>7} {'seed':>4} {'minimal':>7} {'median s':>9} {'cpu s':>6} {'peak MB':>8} "
          f"{'LTL[S]':>7} {'proof':>8} {'undecided':>9} {'yes':>4} {'no cert':>7}"
          "  target (≤ 200 states): < 1 s, < 300 MB")
    times, yes, without = [], 0, []
    for n in (int(x) for x in args.sizes.split(",")):
        for seed in range(args.dfas):
            runs = [in_fresh_process("bench_classify_random", [n, args.letters, seed, classes], args.timeout)
                    for _ in range(args.repeat)]
            bad = [r["error"] for r in runs if "error" in r]
            if bad:
                print(f"{n:>7} {seed:>4} {'':>7} {bad[0]}")
                continue
            t = statistics.median(r["seconds"] for r in runs)
            cpu = statistics.median(r["cpu"] for r in runs)
            mb = max(r["peak_mb"] for r in runs)
            r = runs[0]
            proof = "witness" if r["witness"] else "formula" if r["formula"] else "none"
            verdict = {True: "yes", False: "no", None: "?"}[r["ltl_s"]]
            ok = "" if n > 200 else ("  OK" if t < 1 and mb < 300 else "  MISSED")
            times.append(t)
            yes += r.get("yes", 0)
            without += r.get("yes_without", [])
            print(f"{n:>7} {seed:>4} {r['minimal_states']:>7} {t:>9.3f} {cpu:>6.2f} {mb:>8.0f} {verdict:>7} "
                  f"{proof:>8} {r['undecided']:>9} {r.get('yes', 0):>4} {len(r.get('yes_without', [])):>7}{ok}")
    if times:
        print(f"{len(times)} DFAs: median {statistics.median(times):.3f} s, max {max(times):.3f} s; "
              f"{yes} 'yes' answers, {len(without)} without a certificate"
              + (f" ({', '.join(sorted(set(without)))})" if without else ""))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
