"""Benchmark: graph algorithms on DFA transition graphs — ours (numpy / iterative Python)
against networkx and scipy.sparse.csgraph, to decide which library each job uses.

Jobs, each on random complete DFAs over 2 letters (uniform targets) and on chains (state i
goes to i+1 on a and back to 0 on b: one long cycle, the deepest case for a depth-first
search) with 10^3 … 10^6 states:

* **SCC**: strongly connected components numbered in a topological order of the condensation.
  ours: :func:`attnlogic.automata.graphs.dfa_sccs` (scipy's compiled search, order
  verified); tarjan: our iterative Python Tarjan (:func:`~attnlogic.automata.graphs.tarjan_scc`,
  the fallback); networkx: ``condensation`` + ``topological_sort``.
* **reachable**: the states reachable from the initial state (:attr:`DFA.reachable`, a numpy
  breadth-first search).  networkx: ``descendants``; scipy: ``breadth_first_order``.
* **layout** (drawing only; networkx is the only candidate): ``spring_layout`` and
  ``kamada_kawai_layout`` on 10 … 1000 states, the sizes a drawing is readable at.

Each case runs in a fresh subprocess so that its peak memory (``ru_maxrss`` after the job
minus before it, input built beforehand) is its own; the time is the best of 3 runs (1 above
10^5 states), after a warm-up run on 50 states (numba's compilation, scipy's loading).  Building the library's graph object is timed separately ("build") because a
caller starting from our DFA pays it.  The table prints time, peak memory, the ratio to ours
and the growth exponent b of time ≈ c·n^b (least squares on log–log over the sizes run).

Run: ``python -m benchmarks.bench_graphs [--sizes 1000,10000,100000,1000000] [--quick]``
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys

_CASE = r"""
import json, resource, sys, time
import numpy as np
from attnlogic.automata.dfa import DFA
job, impl, family, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
if family == "random":
    rng = np.random.default_rng(1)
    dfa = DFA("ab", rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5)
else:
    idx = np.arange(n)
    dfa = DFA("ab", np.column_stack([(idx + 1) % n, np.zeros(n, dtype=np.int64)]), 0, [0])
T = np.asarray(dfa.transitions)

if impl == "networkx":
    import networkx as nx
elif impl in ("scipy", "ours", "tarjan"):
    import scipy.sparse as sp
    from scipy.sparse.csgraph import breadth_first_order, connected_components
    from attnlogic.automata.graphs import dfa_sccs, tarjan_scc
else:
    import networkx as nx
    import scipy.optimize  # kamada_kawai_layout's solver, imported outside the timing

def build():
    if impl == "networkx":
        import networkx as nx
        g = nx.DiGraph()
        g.add_nodes_from(range(n))
        g.add_edges_from(zip(np.repeat(np.arange(n), 2).tolist(), T.reshape(-1).tolist()))
        return g
    if impl == "scipy":
        import scipy.sparse as sp
        return sp.csr_matrix((np.ones(2 * n, dtype=np.int8), (np.repeat(np.arange(n), 2), T.reshape(-1))),
                             shape=(n, n))
    return dfa

def run(g):
    if job == "scc":
        if impl == "ours":
            return dfa_sccs(g).count
        if impl == "tarjan":
            return tarjan_scc(n, T).count
        c = nx.condensation(g)
        list(nx.topological_sort(c))
        return c.number_of_nodes()
    if job == "reachable":
        if impl == "ours":
            g._cache.pop("reachable", None)
            return int(g.reachable.sum())
        if impl == "networkx":
            return len(nx.descendants(g, 0)) + 1
        return len(breadth_first_order(g, 0, directed=True, return_predecessors=False))
    layout = nx.spring_layout if impl == "spring" else nx.kamada_kawai_layout
    return len(layout(g, seed=0) if impl == "spring" else layout(g))

if job == "layout":
    from attnlogic.automata.convert import to_networkx
    t0 = time.perf_counter(); g = nx.DiGraph(to_networkx(dfa)); build_s = time.perf_counter() - t0
else:
    t0 = time.perf_counter(); g = build(); build_s = time.perf_counter() - t0
if job != "layout":      # warm-up on a small copy: numba compiles, scipy loads, outside the timing
    n_real, T_real, dfa_real = n, T, dfa
    n, T = 50, np.asarray(dfa.transitions)[:50] % 50
    dfa = DFA("ab", T, 0, [0])
    run(build())
    n, T, dfa = n_real, T_real, dfa_real
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
best, answer = float("inf"), None
for _ in range(3 if n <= 100_000 else 1):
    t0 = time.perf_counter(); answer = run(g); best = min(best, time.perf_counter() - t0)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps({"seconds": best, "build": build_s, "peak_kib": peak, "answer": int(answer)}))
"""

JOBS = {"scc": ("ours", "tarjan", "networkx"), "reachable": ("ours", "networkx", "scipy"),
        "layout": ("spring", "kamada_kawai")}


def _case(job: str, impl: str, family: str, n: int, timeout: float) -> dict | None:
    try:
        proc = subprocess.run([sys.executable, "-c", _CASE, job, impl, family, str(n)],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if proc.returncode != 0:
        raise RuntimeError(f"{job}/{impl}/{family}/{n} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def growth_exponent(sizes, seconds) -> float | None:
    """Least-squares slope of log(seconds) on log(size) (None with fewer than 2 points)."""
    pts = [(math.log(n), math.log(max(s, 1e-7))) for n, s in zip(sizes, seconds) if s is not None]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sxx if sxx else None


def _fmt_s(s):
    return "–" if s is None else (f"{s * 1e3:.2f} ms" if s < 1 else f"{s:.2f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000,1000000")
    parser.add_argument("--layout-sizes", default="10,100,1000")
    parser.add_argument("--timeout", type=float, default=300.0, help="cap on one case, seconds")
    parser.add_argument("--quick", action="store_true", help="sizes 100,1000; layouts at 10,50")
    args = parser.parse_args(argv)
    sizes = [100, 1000] if args.quick else [int(s) for s in args.sizes.split(",")]
    layout_sizes = [10, 50] if args.quick else [int(s) for s in args.layout_sizes.split(",")]
    print("| job | family | implementation | " + " | ".join(f"n={n:,}" for n in sizes)
          + " | peak memory at largest | build at largest | growth b | ratio to ours at largest |")
    print("|---|---|---|" + "---|" * (len(sizes) + 4))
    for job in ("scc", "reachable"):
        for family in ("random", "chain"):
            rows = {impl: [_case(job, impl, family, n, args.timeout) for n in sizes] for impl in JOBS[job]}
            answers = {tuple(r["answer"] if r else None for r in rows[i]) for i in rows}
            base = rows["ours"][-1]
            for impl, results in rows.items():
                secs = [r["seconds"] if r else None for r in results]
                last = results[-1]
                ratio = (f"{last['seconds'] / base['seconds']:.2f}×" if last and base else "–")
                b = growth_exponent(sizes, secs)
                print(f"| {job} | {family} | {impl} | " + " | ".join(_fmt_s(s) for s in secs)
                      + f" | {last['peak_kib'] / 1024:.1f} MiB | {_fmt_s(last['build']) if last else '–'}"
                      f" | {'–' if b is None else f'{b:.2f}'} | {ratio} |" if last else
                      f"| {job} | {family} | {impl} | " + " | ".join(_fmt_s(s) for s in secs) + " | – | – | – | – |")
            if len({a for a in answers if None not in a}) > 1:
                raise SystemExit(f"{job}/{family}: the implementations disagree: {answers}")
    print()
    print("| layout (networkx) | family | " + " | ".join(f"n={n:,}" for n in layout_sizes) + " | growth b |")
    print("|---|---|" + "---|" * (len(layout_sizes) + 1))
    for impl in JOBS["layout"]:
        for family in ("random", "chain"):
            secs = [(r or {}).get("seconds") for r in (_case("layout", impl, family, n, args.timeout)
                                                       for n in layout_sizes)]
            b = growth_exponent(layout_sizes, secs)
            print(f"| {impl} | {family} | " + " | ".join(_fmt_s(s) for s in secs)
                  + f" | {'–' if b is None else f'{b:.2f}'} |")


if __name__ == "__main__":
    main()
