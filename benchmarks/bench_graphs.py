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
10^5 states), after an untimed warm-up on a random DFA large enough for the numba kernels
(their compilation, the libraries' loading).  Building the library's graph object is timed separately ("build") because a
caller starting from our DFA pays it.  The table prints time, peak memory, the ratio to ours
and the growth exponent b of time ≈ c·n^b (least squares on log–log over the sizes run).

Run: ``python -m benchmarks.bench_graphs [--sizes 1000,10000,100000,1000000] [--quick]``
"""

from __future__ import annotations

import argparse
import sys

from . import fit_exponent, in_fresh_process, parse_or_answer

JOBS = {"scc": ("ours", "tarjan", "networkx"), "reachable": ("ours", "networkx", "scipy"),
        "layout": ("spring", "kamada_kawai")}


def _dfa(family: str, n: int, seed: int = 1):
    import numpy as np

    from attnlogic.automata.dfa import DFA

    if family == "random":
        rng = np.random.default_rng(seed)
        return DFA("ab", rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5)
    idx = np.arange(n)
    return DFA("ab", np.column_stack([(idx + 1) % n, np.zeros(n, dtype=np.int64)]), 0, [0])


def _build(impl: str, dfa):
    """The graph object the implementation works on, made from our DFA."""
    import numpy as np

    n, T = dfa.n_states, np.asarray(dfa.transitions)
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


def _run(job: str, impl: str, g, dfa) -> int:
    """The job once; its answer (component count, reachable count, positions laid out)."""
    import networkx as nx

    if job == "scc":
        if impl == "ours":
            from attnlogic.automata.graphs import dfa_sccs
            return dfa_sccs(g).count
        if impl == "tarjan":
            from attnlogic.automata.graphs import tarjan_scc
            return tarjan_scc(dfa.n_states, dfa.transitions).count
        c = nx.condensation(g)
        list(nx.topological_sort(c))
        return c.number_of_nodes()
    if job == "reachable":
        if impl == "ours":
            g._cache.pop("reachable", None)
            return int(g.reachable.sum())
        if impl == "networkx":
            return len(nx.descendants(g, 0)) + 1
        from scipy.sparse.csgraph import breadth_first_order
        return len(breadth_first_order(g, 0, directed=True, return_predecessors=False))
    if impl == "spring":
        return len(nx.spring_layout(g, seed=0))
    return len(nx.kamada_kawai_layout(g))


def run_case(job: str, impl: str, family: str, n: int) -> dict:
    """One case, in the fresh process of :func:`benchmarks.in_fresh_process`: the best time
    of 3 runs (1 above 10^5 states), the build time, and the ``ru_maxrss`` growth during the
    runs, after an untimed warm-up (numba's compilation, the libraries' loading)."""
    import resource
    import time

    import networkx as nx
    import scipy.optimize  # noqa: F401  (kamada_kawai_layout's solver, loaded outside the timing)
    import scipy.sparse.csgraph  # noqa: F401

    dfa = _dfa(family, n)
    t0 = time.perf_counter()
    if job == "layout":
        from attnlogic.automata.convert import to_networkx
        g = nx.DiGraph(to_networkx(dfa))
    else:
        g = _build(impl, dfa)
    build_s = time.perf_counter() - t0
    if job != "layout":   # warm-up on a random DFA large enough for the compiled kernels
        from attnlogic.automata._compiled import MIN_CELLS
        warm = _dfa("random", max(50, MIN_CELLS), seed=2)
        _run(job, impl, _build(impl, warm), warm)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    best, answer = float("inf"), None
    for _ in range(3 if n <= 100_000 else 1):
        t0 = time.perf_counter()
        answer = _run(job, impl, g, dfa)
        best = min(best, time.perf_counter() - t0)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    return {"seconds": best, "build": build_s, "peak_kib": peak, "answer": int(answer)}


def _case(job: str, impl: str, family: str, n: int, timeout: float) -> dict | None:
    """The case in a fresh process; None past ``timeout``; a failure stops the benchmark."""
    r = in_fresh_process("bench_graphs", [job, impl, family, n], timeout)
    if "error" not in r:
        return r
    if r["error"].startswith("timeout"):
        return None
    raise SystemExit(f"{job}/{impl}/{family}/{n} {r['error']}")


def _fmt_s(s):
    return "–" if s is None else (f"{s * 1e3:.2f} ms" if s < 1 else f"{s:.2f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000,1000000")
    parser.add_argument("--layout-sizes", default="10,100,1000")
    parser.add_argument("--timeout", type=float, default=300.0, help="cap on one case, seconds")
    parser.add_argument("--quick", action="store_true", help="sizes 100,1000; layouts at 10,50")
    args = parse_or_answer(parser, argv, run_case)
    if args is None:
        return
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
                b = fit_exponent([(n, s) for n, s in zip(sizes, secs) if s is not None])
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
            b = fit_exponent([(n, s) for n, s in zip(layout_sizes, secs) if s is not None])
            print(f"| {impl} | {family} | " + " | ".join(_fmt_s(s) for s in secs)
                  + f" | {'–' if b is None else f'{b:.2f}'} |")


if __name__ == "__main__":
    main(sys.argv[1:])
