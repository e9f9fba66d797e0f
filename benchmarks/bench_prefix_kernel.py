"""The documented API's speed on a long word: ``compile_formula(f).prefix_acceptance(w)`` on
10^5 letters, with the model's default kernel, against ``check``'s throughput on the same
model and length (its forward passes, in tokens per second) and against the quadratic
kernel (``model.set_kernel("sdpa")``, what the default was before issue 45).

Target (issue 45): prefix_acceptance within 2× of check's throughput (ratio ≤ 2); the
answers of both kernels equal the formula's DFA on the word.  One process, one thread,
the three models of ``bench_check``: local-only, global-only, hybrid.

    python -m benchmarks.bench_prefix_kernel [--length 100000] [--threads 1]
"""

from __future__ import annotations

import argparse

import numpy as np

from . import best_of as _best
from .bench_check import ALPHABET, MODELS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--length", type=int, default=100_000)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    import torch

    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.compiler import compile_formula
    from attnlogic.compiler.check import check_compiled
    from attnlogic.ltl.parser import parse

    torch.set_num_threads(args.threads)
    n = args.length
    word = [ALPHABET[i] for i in np.random.default_rng(0).integers(0, len(ALPHABET), n)]
    print(f"{'model':12s} {'N':>7s} {'prefix_acceptance s':>20s} {'tok/s':>11s} {'check tok/s':>12s} "
          f"{'ratio':>6s} {'sdpa s':>8s} {'sdpa/default':>12s}  answers")
    for name in ("local-only", "global-only", "hybrid"):
        c = compile_formula(MODELS[name], ALPHABET)
        want = formula_to_dfa(parse(MODELS[name]), ALPHABET).prefix_acceptance(word)
        default_s, got = _best(lambda: c.prefix_acceptance(word))
        res = check_compiled(c, max_length=n, samples=max(2, 400_000 // (n + 1)), exhaustive=0).to_json()
        check_tps = res["tokens_per_second"]
        c.model.set_kernel("sdpa")
        sdpa_s, got_sdpa = _best(lambda: c.prefix_acceptance(word), repeat=1)
        c.model.set_kernel("auto")
        tps = (n + 1) / default_s
        same = bool((np.asarray(got) == np.asarray(want)).all() and (np.asarray(got_sdpa) == np.asarray(want)).all())
        print(f"{name:12s} {n:7d} {default_s:20.3f} {tps:11,.0f} {check_tps:12,.0f} {check_tps / tps:6.2f} "
              f"{sdpa_s:8.2f} {sdpa_s / default_s:11.1f}×  {'equal the DFA' if same else 'DIFFER'}")


if __name__ == "__main__":
    main()
