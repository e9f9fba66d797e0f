"""Pol(MOD), Pol(AMT), Pol(GR) on the census by separation (docs/census.md, docs/decision-
procedures.md §11.13): L ∈ Pol(G) iff L and its complement are Pol(G)-separable, decided by the
insertion search of :mod:`attnlogic.definability.separation.pol_group_separation` — an
algorithm unrelated to the registry's (Place–Zeitoun's inequality on the G-pairs, §14.9).
Counts per number of states, the inclusions Pol(MOD) ⊆ Pol(AMT) ⊆ Pol(GR) language by
language, and — with ``--registry N`` — the registry's verdict on every language of at most N
states compared (disagreements counted).

Run:  OPENBLAS_NUM_THREADS=1 nice .venv/bin/python -m benchmarks.census_pol_groups --states 4 --letters ab --registry 3
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

BASES = ("MOD", "AMT", "GR")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--states", type=int, default=3)
    ap.add_argument("--letters", default="ab")
    ap.add_argument("--registry", type=int, default=0, help="compare with classify up to this many states")
    args = ap.parse_args(argv)

    import attnlogic
    from attnlogic.automata.census import minimal_dfa_arrays
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.operations import complement
    from attnlogic.definability.separation.pol_group_separation import separate_by_pol_group
    from attnlogic.kernel.limits import Limits

    limits, k = Limits(), len(args.letters)
    counts = {b: [] for b in BASES}
    violations = disagreements = compared = 0
    t0 = time.perf_counter()
    for n in range(1, args.states + 1):
        rows, accs = minimal_dfa_arrays(n, k)
        per = dict.fromkeys(BASES, 0)
        for i in range(len(rows)):
            d = DFA._trusted(args.letters, np.asarray(rows[i], dtype=np.int64).reshape(n, k), 0,
                             np.array([(int(accs[i]) >> q) & 1 for q in range(n)], dtype=bool))
            c = complement(d)
            member = {b: separate_by_pol_group(d, c, b, limits)[1] is None for b in BASES}
            violations += (member["MOD"] and not member["AMT"]) or (member["AMT"] and not member["GR"])
            for b in BASES:
                per[b] += member[b]
            if n <= args.registry:
                r = attnlogic.classify(d, windows=(), classes=[f"Pol({b})" for b in BASES])
                got = json.loads(json.dumps(r.to_json()))["classes"]
                compared += 1
                disagreements += any(got[f"Pol({b})"]["member"] is not member[b] for b in BASES)
        for b in BASES:
            counts[b].append(per[b])
        print(f"n = {n}: {len(rows)} languages, " + ", ".join(f"Pol({b}) {per[b]}" for b in BASES), flush=True)
    print("| class | " + " | ".join(f"n = {n}" for n in range(1, args.states + 1)) + " | total |")
    for b in BASES:
        print(f"| Pol({b}) | " + " | ".join(str(x) for x in counts[b]) + f" | {sum(counts[b])} |")
    print(f"inclusion violations {violations}; registry compared on {compared} languages: {disagreements} "
          f"disagreements; {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
