"""The bulk verdicts of a census size against ``classify`` one language at a time, on a seeded
sample (recorded command: ``python benchmarks/census_sample_check.py [N] [SIZE]``, default 300
languages of 6 states over two letters; a few minutes).

Each language is drawn uniformly from a uniformly drawn shard of that size, its verdicts
computed by the two compiled kernels of the census (``definability/batch.py``,
``definability/batch_classes.py``) and by ``classify(..., certificates=False)`` (the
per-language procedures of the fragments and classes) for LTL[P], LTL[Y], LTL[P,Y], LTL[S]
and the classes SL, SP, RD, GD, LT, LTT, PT, FO2[<] (DD1 one at a time takes up to seconds
at these sizes and is left to the smaller sizes' comparisons, docs/census.md).  Prints each
differing verdict and the totals; "undecided" answers of the per-language route (beyond its
``Limits``) are counted apart.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from attnlogic.automata.census import minimal_dfa_arrays, shard_depth, shard_prefixes
from attnlogic.automata.dfa import DFA
from attnlogic.definability.census.batch import classify_tables
from attnlogic.definability.census.batch_classes import CLASSES, classify_classes
from attnlogic.definability.engine.classify import classify


def main(count: int = 300, n: int = 6) -> None:
    rng = np.random.default_rng(n)
    prefixes = shard_prefixes(n, 2, shard_depth(n, 2))
    names = ["LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]"] + [c for c in CLASSES if c != "DD1"]
    languages = asked = differ = undecided = 0
    t0 = time.time()
    while languages < count:
        rows, accs = minimal_dfa_arrays(n, 2, prefixes[rng.integers(len(prefixes))])
        if len(rows) == 0:
            continue
        i = int(rng.integers(len(rows)))
        bulk = classify_tables(n, 2, rows[i:i + 1])
        own = classify_classes(n, 2, rows[i:i + 1], accs[i:i + 1], bulk)
        kernel = list(bulk[0]) + [own[0][CLASSES.index(c)] for c in names[4:]]
        d = DFA._trusted(("a", "b"), rows[i].astype(np.int64).reshape(n, 2), 0,
                         np.array([(int(accs[i]) >> q) & 1 for q in range(n)], dtype=bool))
        c = classify(d, windows=(), minimal=True, certificates=False, classes=names[4:])
        languages += 1
        for name, k in zip(names, kernel):
            member = c[name].member
            asked += 1
            if member is None:
                undecided += 1
            elif int(member) != int(k):
                differ += 1
                print("DIFFER", name, rows[i].tolist(), int(accs[i]), flush=True)
    print(f"{languages} languages of {n} states over two letters (seed {n}), {asked} verdicts: "
          f"{differ} differing, {undecided} undecided one at a time; {time.time() - t0:.0f} s wall")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
