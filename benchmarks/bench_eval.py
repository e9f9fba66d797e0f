"""Reference evaluator speed: formulas of size 50 on words of 10^6 letters.

Baseline, run in the same process: a straightforward per-position streaming evaluator in
pure Python (one pass over the word, a state per temporal subformula), on the same formula
and a shorter word, scaled to the same length.  Target: under 1 s for 10^6 letters.

    python -m benchmarks.bench_eval
"""

from __future__ import annotations

import time

import numpy as np

from attnlogic.ltl import random_formula, truth_values
from attnlogic.ltl.formula import (And, Atom, Const, Historically, Iff, Implies, Not, Once, Or, Past,
                                   Since, Xor, Yesterday)


def streaming_accepts(f, word) -> bool:
    """Per-position evaluation, one pass, O(N · |f| · k): the naive baseline."""
    nodes = f.subformulas()
    past = {id(n): False for n in nodes}           # P: argument seen strictly before
    hist = {id(n): [] for n in nodes}              # Y[<=k]: last k argument values
    since = {id(n): False for n in nodes}          # S: value at the next position
    once = {id(n): False for n in nodes}
    histo = {id(n): True for n in nodes}
    value = {}
    for pos in range(len(word) + 1):
        letter = word[pos] if pos < len(word) else None
        for n in nodes:
            t = type(n)
            if t is Atom:
                v = letter == n.name
            elif t is Const:
                v = n.value
            elif t is Not:
                v = not value[id(n.arg)]
            elif t is And:
                v = value[id(n.left)] and value[id(n.right)]
            elif t is Or:
                v = value[id(n.left)] or value[id(n.right)]
            elif t is Implies:
                v = (not value[id(n.left)]) or value[id(n.right)]
            elif t is Iff:
                v = value[id(n.left)] == value[id(n.right)]
            elif t is Xor:
                v = value[id(n.left)] != value[id(n.right)]
            elif t is Past:
                v = past[id(n)]
            elif t is Yesterday:
                v = any(hist[id(n)])
            elif t is Once:
                v = once[id(n)] or value[id(n.arg)]
            elif t is Historically:
                v = histo[id(n)] and value[id(n.arg)]
            elif t is Since:
                v = since[id(n)]
            value[id(n)] = v
        for n in nodes:  # update the memories for the next position
            t = type(n)
            if t is Past:
                past[id(n)] = past[id(n)] or value[id(n.arg)]
            elif t is Yesterday:
                h = hist[id(n)]
                h.append(value[id(n.arg)])
                if len(h) > n.k:
                    h.pop(0)
            elif t is Once:
                once[id(n)] = value[id(n)]
            elif t is Historically:
                histo[id(n)] = value[id(n)]
            elif t is Since:
                since[id(n)] = value[id(n.right)] or (value[id(n.left)] and since[id(n)])
    return value[id(f)]


def main() -> None:
    rng = np.random.default_rng(0)
    n = 1_000_000
    word = "".join(rng.choice(list("abc"), size=n))
    print(f"{'formula (size 50)':<18} {'ours 10^6 (s)':>14} {'naive 10^6 est. (s)':>20} {'ratio':>8}")
    worst = 0.0
    for seed in range(5):
        f = random_formula(np.random.default_rng(seed), "abc", 50)
        t0 = time.perf_counter()
        ours = truth_values(f, word)[-1]
        t_ours = time.perf_counter() - t0
        short = word[:20_000]
        t0 = time.perf_counter()
        base = streaming_accepts(f, short)
        t_base = (time.perf_counter() - t0) * (n / len(short))
        assert base == truth_values(f, short)[-1]
        worst = max(worst, t_ours)
        print(f"seed {seed:<13} {t_ours:>14.3f} {t_base:>20.1f} {t_ours / t_base:>8.4f}")
    print(f"worst: {worst:.3f} s for 10^6 letters (target < 1 s): {'OK' if worst < 1 else 'MISSED'}")


if __name__ == "__main__":
    main()
