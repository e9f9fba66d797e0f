"""Benchmarks, not part of the test suite: ``python -m benchmarks`` runs them all,
``python -m benchmarks.bench_<topic>`` one of them.

``python -m`` puts the repository root first on sys.path, where our top-level ``automata``
folder would shadow automata-lib (a baseline here); drop the root so that ``import automata``
finds automata-lib and our code is reached through ``attnlogic.*`` as installed.
"""

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _ROOT]


def best_of(fn, repeat: int = 3, keep: bool = False):
    """(smallest wall time over ``repeat`` calls of ``fn``, the last result).  A shared machine
    only ever adds time, so the minimum is the least noisy estimate.  With ``keep`` every
    result stays alive until all calls are timed, so that freeing one (e.g. a large C++
    object) is not counted in the next call's time."""
    import time

    best, kept = float("inf"), []
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
        kept = kept + [out] if keep else [out]
    return best, kept[-1]


def time_and_peak(fn):
    """(seconds of an untraced run, peak traced bytes of a second, traced run, result):
    tracing slows allocation-heavy code several times, so time and memory are separate runs."""
    import time
    import tracemalloc

    t0 = time.perf_counter()
    out = fn()
    seconds = time.perf_counter() - t0
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak, out


def in_fresh_process(module: str, payload, timeout: float, flag: str = "--case") -> dict:
    """``python -m benchmarks.<module> <flag> <payload as JSON>`` in a fresh interpreter (so
    that its peak memory is its own): the JSON object on the last line of its output, or
    {"error": ...} on a timeout or a failure (the last line of its stderr)."""
    import json
    import subprocess

    cmd = [sys.executable, "-m", f"benchmarks.{module}", flag, json.dumps(payload)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=_ROOT)
    except subprocess.TimeoutExpired:
        return {"error": f"timeout {timeout:.0f}s"}
    if proc.returncode != 0:
        return {"error": "failed: " + (proc.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def parse_or_answer(parser, argv, fn, flag: str = "--case"):
    """Parse ``argv`` (None: no arguments) with ``parser`` plus the hidden ``flag``; in the
    fresh process started by :func:`in_fresh_process` (``flag`` given), print
    ``fn(*arguments)`` as one JSON line and return None, else return the parsed arguments."""
    import argparse
    import json

    parser.add_argument(flag, help=argparse.SUPPRESS)
    args = parser.parse_args([] if argv is None else argv)
    payload = getattr(args, flag.lstrip("-").replace("-", "_"))
    if payload is None:
        return args
    print(json.dumps(fn(*json.loads(payload))))
    return None


def fit_exponent(points: list[tuple[int, float]]) -> float | None:
    """The growth exponent b of seconds ≈ c·size^b: the least-squares slope of log(seconds)
    on log(size) over the (size, seconds) points with seconds > 0 (None below two)."""
    import math

    pts = [(math.log(n), math.log(t)) for n, t in points if t > 0]
    if len(pts) < 2:
        return None
    xs, ys = zip(*pts)
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else None
