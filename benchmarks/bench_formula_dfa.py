"""Formula → minimal DFA: ours against ltlf2dfa + MONA, the closest existing past-LTL tool.

Random formulas over 3 atoms (ltlf2dfa's PPLTL after the convention bridge of
:mod:`attnlogic.automata.ppltl`), both sides producing the same minimal DFA (asserted), times
summed per size band.  Skips the baseline when ``mona`` or ltlf2dfa is missing.
"""

from __future__ import annotations

import shutil
import time

import numpy as np

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.ltl.random import random_formula


def main() -> None:
    have_mona = shutil.which("mona") is not None
    try:
        import ltlf2dfa  # noqa: F401
    except ImportError:
        have_mona = False
    if have_mona:
        from attnlogic.automata.ppltl import ltlf2dfa_dfa
    alphabet = ("a", "b", "c")
    print(f"{'formula size':<14} {'formulas':>8} {'ours (s)':>10} {'ltlf2dfa+mona (s)':>18} {'ratio':>8}")
    for lo, hi in ((4, 10), (10, 20), (20, 30)):
        rng = np.random.default_rng(lo)
        formulas = [random_formula(rng, alphabet, (lo, hi)) for _ in range(20)]
        t0 = time.perf_counter()
        ours = [formula_to_dfa(f, alphabet) for f in formulas]
        t_ours = time.perf_counter() - t0
        if not have_mona:
            print(f"{lo}-{hi:<11} {len(formulas):>8} {t_ours:>10.3f} {'(no mona)':>18} {'':>8}")
            continue
        t0 = time.perf_counter()
        theirs = [ltlf2dfa_dfa(f, alphabet) for f in formulas]
        t_theirs = time.perf_counter() - t0
        assert all(t.minimal() == o for t, o in zip(theirs, ours)), "the two tools disagree"
        print(f"{lo}-{hi:<11} {len(formulas):>8} {t_ours:>10.3f} {t_theirs:>18.3f} {t_ours / t_theirs:>8.3f}")


if __name__ == "__main__":
    main()
