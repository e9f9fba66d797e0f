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
With ``--baseline DIR`` (a checkout of the commit to compare with, e.g. ``git worktree add
/tmp/base 44d40cd``) each language is classified by both versions in the same run: two
worker processes, one importing this checkout and one DIR, given the same DFAs one at a
time, in alternating order; printed per corpus: both counts, the median and largest times,
the ratio of the medians (this checkout / DIR) and the median of the per-language ratios,
and each worker's peak resident memory.

Run:  .venv/bin/python -m benchmarks.bench_certificates [--census-step 1] [--repeat 3]
      .venv/bin/python -m benchmarks.bench_certificates --yes [--census-step 50] [--baseline DIR]
      (the whole census ≤ 4 in two processes: --yes --census-only --census-step 2 --census-offset 0,
       and the same with --census-offset 1)
          [--certificate-seconds 0]
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
    parser.add_argument("--baseline", metavar="DIR",
                        help="--yes: compare with the checkout DIR in the same run (two workers)")
    parser.add_argument("--census-offset", type=int, default=0,
                        help="--yes: the census languages i with i %% step == offset (the whole census in "
                             "STEP processes: offsets 0 … STEP−1)")
    parser.add_argument("--census-only", action="store_true", help="--yes: the census corpus alone")
    parser.add_argument("--certificate-seconds", type=float, metavar="S",
                        help="--yes: classify's certificate_seconds (0: the step budget alone, no try "
                             "bounded by the clock: counts that do not depend on the load)")
    args = parser.parse_args(argv)
    if args.yes and args.baseline:
        return compare_yes(args.census_step, args.baseline, args.certificate_seconds)
    if args.yes:
        return count_yes(args.census_step, args.certificate_seconds, args.census_offset, args.census_only)

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


def _yes_corpora(census_step: int, census_offset: int = 0, census_only: bool = False) -> dict:
    from pathlib import Path

    import numpy as np

    from attnlogic.automata.census import minimal_dfas
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.sources import load_language

    root = Path(__file__).resolve().parent.parent / "tests" / "data" / "mlregtest"
    census = [d for i, d in enumerate(minimal_dfas(4, "ab")) if i % census_step == census_offset]
    if census_only:
        return {f"census <= 4 states (i % {census_step} == {census_offset})": census}
    mlreg = [load_language(dfa=str(p)).dfa for p in sorted(root.glob("04.*.att"))]
    rng = np.random.default_rng(38)
    random = [DFA("ab", rng.integers(0, n, (n, 2)), 0, rng.random(n) < 0.5)
              for n in (50, 100, 200) for _ in range(5)]
    return {f"census <= 4 states (every {census_step}th)": census, "MLRegTest 4 letters": mlreg,
            "random 50-200": random}


def count_yes(census_step: int, certificate_seconds: float | None = None, census_offset: int = 0,
              census_only: bool = False) -> None:
    """The "yes" answers of default classifications without a certificate (``--yes``)."""
    import collections

    from attnlogic.definability.engine.classify import classify

    for name, dfas in _yes_corpora(census_step, census_offset, census_only).items():
        times, yes, missing = [], 0, collections.Counter()
        for d in dfas:
            t = time.perf_counter()
            cl = classify(d, certificate_seconds=certificate_seconds)
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


#: the worker of --baseline: classifies the DFAs it is sent (one JSON object a line) with
#: the attnlogic it imports, and answers each with its time, its "yes" answers without a
#: formula and the process's peak resident memory so far
_WORKER = r"""
import json, resource, sys, time
from attnlogic.automata.dfa import DFA
from attnlogic.definability.classify import classify
for line in sys.stdin:
    job = json.loads(line)
    d = DFA(job["alphabet"], job["transitions"], job["initial"], job["accepting"])
    t = time.perf_counter()
    cl = classify(d, certificate_seconds=job["certificate_seconds"])
    seconds = time.perf_counter() - t
    yes = [r for r in cl.results if r.member is True]
    print(json.dumps({"seconds": seconds, "yes": len(yes),
                      "missing": [f"{r.fragment}: {r.method[:60]}" for r in yes if r.formula is None],
                      "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}), flush=True)
"""


def _shim(checkout) -> str:
    """A folder whose ``attnlogic`` package is the checkout's (its top-level folders as
    ``attnlogic.<folder>``, as setup.py maps them), to put first on the worker's path.  The
    checkout's compiled automata/_native extension is copied from this one when it has none
    and the C source is the same (without it the baseline would take the slower routes)."""
    import shutil
    import tempfile
    from pathlib import Path

    base = Path(checkout).resolve()
    here = Path(__file__).resolve().parent.parent
    if not (base / "attnlogic" / "__init__.py").is_file():
        raise SystemExit(f"--baseline {checkout}: not a checkout of attnlogic")
    if not list((base / "automata").glob("_native*.so")):
        built = list((here / "automata").glob("_native*.so"))
        if built and (base / "automata" / "_native.c").read_bytes() == (here / "automata" / "_native.c").read_bytes():
            shutil.copy2(built[0], base / "automata" / built[0].name)
            print(f"(copied {built[0].name} into {base / 'automata'}: the same C source)")
    root = Path(tempfile.mkdtemp(prefix="attnlogic-baseline-"))
    pkg = root / "attnlogic"
    pkg.mkdir()
    for item in (base / "attnlogic").iterdir():
        (pkg / item.name).symlink_to(item)
    skip = {"benchmarks", "tests", "examples", "build", "dist", "attnlogic"}
    for folder in base.iterdir():
        if (folder / "__init__.py").is_file() and folder.name not in skip and folder.name.isidentifier():
            (pkg / folder.name).symlink_to(folder)
    return str(root)


class _Worker:
    """A worker process running :data:`_WORKER` (``path``: put first on its PYTHONPATH)."""

    def __init__(self, path: str | None):
        import os
        import subprocess
        import sys

        env = dict(os.environ)
        if path is not None:
            env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
        self.proc = subprocess.Popen([sys.executable, "-c", _WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env, cwd="/")

    def run(self, d, certificate_seconds: float | None = None) -> dict:
        import json

        job = {"alphabet": list(d.alphabet), "transitions": [[int(x) for x in row] for row in d.transitions],
               "initial": int(d.initial), "accepting": [bool(x) for x in d.accepting],
               "certificate_seconds": certificate_seconds}
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("a worker ended without answering")
        return json.loads(line)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def compare_yes(census_step: int, baseline: str, certificate_seconds: float | None = None) -> None:
    """``--yes --baseline DIR``: :func:`count_yes` for this checkout and DIR in the same run."""
    import collections

    import shutil

    shim = _shim(baseline)
    workers = {"this": _Worker(None), "base": _Worker(shim)}
    warm = _yes_corpora(census_step)["MLRegTest 4 letters"][:2]
    for d in warm:                       # imports and first calls, not counted
        for w in workers.values():
            w.run(d)
    budget = "default budgets" if certificate_seconds is None else f"certificate_seconds={certificate_seconds:g}"
    print(f"this checkout vs {baseline}: classify ({budget}), each language by both (alternating order)")
    try:
        for name, dfas in _yes_corpora(census_step, census_offset, census_only).items():
            times = {k: [] for k in workers}
            yes = {k: 0 for k in workers}
            missing = {k: collections.Counter() for k in workers}
            peak = {}
            for i, d in enumerate(dfas):
                for k in (("this", "base") if i % 2 == 0 else ("base", "this")):
                    out = workers[k].run(d, certificate_seconds)
                    times[k].append(out["seconds"])
                    yes[k] += out["yes"]
                    missing[k].update(out["missing"])
                    peak[k] = out["peak_kb"]
            ratios = [a / max(b, 1e-9) for a, b in zip(times["this"], times["base"])]
            med = {k: statistics.median(v) for k, v in times.items()}
            print(f"{name}: {len(dfas)} languages")
            for k in ("base", "this"):
                print(f"    {k:>4}: {yes[k]} 'yes', {sum(missing[k].values())} without a certificate; classify "
                      f"median {med[k]:.4f} s, max {max(times[k]):.3f} s; peak RSS {peak[k] / 1024:.0f} MB")
                for what, n in missing[k].most_common(4):
                    print(f"          {n} x {what}")
            print(f"    ratio this/base: of the medians {med['this'] / max(med['base'], 1e-9):.2f}x, median of "
                  f"the per-language ratios {statistics.median(ratios):.2f}x, of the totals "
                  f"{sum(times['this']) / max(sum(times['base']), 1e-9):.2f}x")
    finally:
        for w in workers.values():
            w.close()
        shutil.rmtree(shim, ignore_errors=True)     # its symbolic links only


if __name__ == "__main__":
    main()
