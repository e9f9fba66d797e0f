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
