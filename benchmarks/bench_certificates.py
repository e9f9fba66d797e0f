"""What the certificates cost beside the decisions (issue 24: "never more than a small
multiple of the decisions").

For every language of the corpus — the built-in suite (:data:`attnlogic.suite.SUITE`),
every minimal DFA with at most 3 states over {a, b} (1,054 languages; ``--census-step S``
takes every S-th), the issue's ``(a|b)*aa(a|b)*`` and random DFAs of 50, 200 and 1,000
states over 2 letters (3 each, seeded) — ``classify`` runs with the default options twice:
with ``certificates=False`` (the decisions alone) and with certificates (the decisions, the
certificates and the witnesses' attestation), each the least CPU time of ``--repeat`` runs
on a fresh DFA object.  The certificates' time is the difference.

Printed: the distribution of the certificates' time and of its ratio to the decisions'
time, the languages with the largest, and the steps the classification counted
(:mod:`attnlogic.kernel.work`: decisions, certificates, allowance) with the microseconds
per certificate step they imply.  The bound the meter enforces is on steps:
certificates ≤ CERTIFICATE_FLOOR + certificate_factor × decisions; the time check printed
last is that bound read in time: certificates' CPU ≤ factor × decisions' CPU + the floor's
steps at one microsecond each.

With ``--yes`` (issue 38: a certificate for every "yes" at the default budgets) it counts
instead, over the census of minimal DFAs with at most 4 states over {a, b} (every
``--census-step``-th), MLRegTest's 4-letter languages of tests/data/mlregtest (04.*) and random
DFAs of 50, 100 and 200 states (5 each, seeded): the "yes" answers of a default
classification, those without a certificate (by fragment, with the reason's first words),
and the median and largest wall time of ``classify`` per corpus (a run each, warm).

Run:  .venv/bin/python -m benchmarks.bench_certificates [--census-step 1] [--repeat 3]
      .venv/bin/python -m benchmarks.bench_certificates --yes [--census-step 50]
(on a checkout without the meter, e.g. 69cce41, it measures the "before": every column but
the steps).
"""

from __future__ import annotations

import argparse
import statistics
import time


def _corpus(census_step: int):
    import numpy as np

    from attnlogic.automata.census import minimal_dfas
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.sources import load_language
    from attnlogic.suite import SUITE

    out = [(s.name, s.load().dfa) for s in SUITE]
    out.append(("(a|b)*aa(a|b)*", load_language(regex="(a|b)*aa(a|b)*", alphabet=["a", "b"]).dfa))
    for i, d in enumerate(minimal_dfas(3, "ab")):
        if i % census_step == 0:
            out.append((f"census #{i}", d))
    rng = np.random.default_rng(24)
    for n in (50, 200, 1000):
        for j in range(3):
            out.append((f"random {n} #{j}", DFA("ab", rng.integers(0, n, (n, 2)), 0, rng.random(n) < 0.5)))
    return out


def _cpu(fn, repeat: int):
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t)
    return best, out


def main(argv=None) -> None:
    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.engine.classify import classify
    from attnlogic.suite import SUITE
    try:
        from attnlogic.kernel.limits import CERTIFICATE_FLOOR, DEFAULT_CERTIFICATE_FACTOR
    except ImportError:                 # a version without the meter (the "before" column)
        CERTIFICATE_FLOOR, DEFAULT_CERTIFICATE_FACTOR = 5 * 10 ** 4, 10

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--census-step", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--yes", action="store_true", help="count the 'yes' answers without a certificate")
    args = parser.parse_args(argv)
    if args.yes:
        return count_yes(args.census_step)

    def fresh(d):
        return DFA._trusted(d.alphabet, d.transitions, d.initial, d.accepting)

    corpus = _corpus(args.census_step)
    for _, d in corpus[:len(SUITE)]:                # imports (sympy's on the first two-level
        classify(fresh(d))                           # minimisation) and first calls, not counted
    rows = []
    for name, d in corpus:
        dec, _ = _cpu(lambda: classify(fresh(d), certificates=False), args.repeat)
        full, cl = _cpu(lambda: classify(fresh(d)), args.repeat)
        cert = max(0.0, full - dec)
        steps = getattr(cl, "steps", None) or {"decisions": 0, "certificates": 0, "allowance": 0}
        rows.append((name, cl.dfa.n_states, dec, cert, steps))
    print(f"{len(rows)} languages; factor {DEFAULT_CERTIFICATE_FACTOR}, floor {CERTIFICATE_FLOOR:,} steps; "
          f"least CPU of {args.repeat} runs each")
    certs = sorted(r[3] for r in rows)
    ratios = sorted(r[3] / max(r[2], 1e-6) for r in rows)

    def quantiles(xs, fmt):
        q = lambda p: xs[min(len(xs) - 1, int(p * len(xs)))]
        return "  ".join(f"{k} {fmt(q(p))}" for k, p in (("median", .5), ("90%", .9), ("99%", .99))) + \
            f"  max {fmt(xs[-1])}"

    print("certificates' CPU:       " + quantiles(certs, lambda x: f"{x * 1e3:.1f} ms"))
    print("certificates/decisions:  " + quantiles(ratios, lambda x: f"{x:.1f}x"))
    print(f"total: decisions {sum(r[2] for r in rows):.2f} s, certificates {sum(certs):.2f} s")
    print("\nlargest certificates' CPU:")
    print(f"{'language':>22} {'states':>6} {'decide ms':>9} {'certify ms':>10} {'ratio':>6} "
          f"{'dec. steps':>10} {'cert. steps':>11} {'us/step':>7}")
    for name, n, dec, cert, st in sorted(rows, key=lambda r: -r[3])[:12]:
        per = cert * 1e6 / st["certificates"] if st["certificates"] else float("nan")
        print(f"{name:>22} {n:>6} {dec * 1e3:>9.1f} {cert * 1e3:>10.1f} {cert / max(dec, 1e-6):>6.1f} "
              f"{st['decisions']:>10,} {st['certificates']:>11,} {per:>7.2f}")
    over = [r for r in rows if r[3] > DEFAULT_CERTIFICATE_FACTOR * r[2] + CERTIFICATE_FLOOR * 1e-6]
    print(f"\ncertificates' CPU > {DEFAULT_CERTIFICATE_FACTOR} x decisions + {CERTIFICATE_FLOOR * 1e-3:.0f} ms: "
          f"{len(over)} of {len(rows)}" + ("" if not over else " — " + ", ".join(
              f"{r[0]} ({r[3] * 1e3:.0f} ms vs {r[2] * 1e3:.1f} ms)" for r in over[:8])))
    within = statistics.mean(r[4]["certificates"] <= r[4]["allowance"] for r in rows)
    print(f"steps within the allowance: {within:.0%} (the last stage admitted may overshoot)")


def _yes_corpora(census_step: int) -> dict:
    from pathlib import Path

    import numpy as np

    from attnlogic.automata.census import minimal_dfas
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.sources import load_language

    root = Path(__file__).resolve().parent.parent / "tests" / "data" / "mlregtest"
    census = [d for i, d in enumerate(minimal_dfas(4, "ab")) if i % census_step == 0]
    mlreg = [load_language(dfa=str(p)).dfa for p in sorted(root.glob("04.*.att"))]
    rng = np.random.default_rng(38)
    random = [DFA("ab", rng.integers(0, n, (n, 2)), 0, rng.random(n) < 0.5)
              for n in (50, 100, 200) for _ in range(5)]
    return {f"census <= 4 states (every {census_step}th)": census, "MLRegTest 4 letters": mlreg,
            "random 50-200": random}


def count_yes(census_step: int) -> None:
    """The "yes" answers of default classifications without a certificate (``--yes``)."""
    import collections

    from attnlogic.definability.engine.classify import classify

    for name, dfas in _yes_corpora(census_step).items():
        times, yes, missing = [], 0, collections.Counter()
        for d in dfas:
            t = time.perf_counter()
            cl = classify(d)
            times.append(time.perf_counter() - t)
            for r in cl.results:
                if r.member is True:
                    yes += 1
                    if r.formula is None:
                        missing[f"{r.fragment}: {r.method[:60]}"] += 1
        print(f"{name}: {len(dfas)} languages, classify median {statistics.median(times):.3f} s, "
              f"max {max(times):.3f} s; {yes} 'yes', {sum(missing.values())} without a certificate")
        for what, k in missing.most_common(6):
            print(f"    {k} x {what}")


if __name__ == "__main__":
    main()
