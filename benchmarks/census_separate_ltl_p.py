"""LTL[P] separation on the whole census (docs/decision-procedures.md §11.4c): every minimal
DFA of ≤ ``--states`` states over ``--letters`` against its complement, the R-pointlike
saturation's verdict (no pointlike pair = separable) against the census kernel's LTL[P] column
(every strongly connected component one state, :mod:`attnlogic.definability.census.batch`), an
unrelated test; disagreements counted, every ``--check-every``-th derivation re-checked from
its words, and the time.

Run:  OPENBLAS_NUM_THREADS=1 nice .venv/bin/python -m benchmarks.census_separate_ltl_p --states 4 --letters ab
      OPENBLAS_NUM_THREADS=1 nice .venv/bin/python -m benchmarks.census_separate_ltl_p --states 3 --letters abc
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--states", type=int, default=3)
    ap.add_argument("--letters", default="ab")
    ap.add_argument("--check-every", type=int, default=50)
    args = ap.parse_args(argv)

    from attnlogic.automata.census import minimal_dfa_arrays
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.operations import complement
    from attnlogic.definability.census.batch import FRAGMENTS, classify_tables
    from attnlogic.definability.separation.r_trivial_pointlikes import saturate_r

    k, col = len(args.letters), FRAGMENTS.index("LTL[P]")
    t0 = time.perf_counter()
    seen = outside = bad = checked = 0
    for n in range(1, args.states + 1):
        rows, accs = minimal_dfa_arrays(n, k)
        bulk = classify_tables(n, k, rows)
        for i in range(len(rows)):
            d = DFA._trusted(args.letters, np.asarray(rows[i], dtype=np.int64).reshape(n, k), 0,
                             np.array([(int(accs[i]) >> q) & 1 for q in range(n)], dtype=bool))
            c = complement(d)
            der = saturate_r(d, c)
            seen += 1
            outside += der is not None
            if (der is None) != bool(bulk[i, col]):
                bad += 1
                print("DISAGREEMENT:", d)
            elif der is not None and seen % args.check_every == 0:
                checked += 1
                if not der.check(d, c):
                    bad += 1
                    print("A DERIVATION FAILED ITS CHECK:", d)
    print(f"≤ {args.states} states over {args.letters}: {seen} languages, {outside} outside LTL[P], "
          f"{bad} disagreements, {checked} derivations re-checked, {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
