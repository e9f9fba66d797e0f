"""LTL[P] and LTL[P,Y] separation on random disjoint pairs of census languages
(docs/decision-procedures.md §11.7, "On random disjoint pairs"): how many answers are
yes / no (by proof kind) / undecided, before and after the locally
R-trivial family, and how many pairs the mirror of the R-trivial family would add.

* pairs: for each ``--census STATES/LETTERS``, ``--pairs`` draws (seeded by ``--seed``) of two
  minimal DFAs of the census (1 … STATES states), kept when their languages are disjoint and
  neither is empty, until ``--pairs`` pairs are kept;
* ``before``: ``separate`` with the locally R-trivial family switched off (the code as it was
  before the family; everything else the same); ``after``: ``separate`` as it is;
* ``mirror``: the pairs with no R-trivial family p(xy)ⁿx·s ∈ L1, p(xy)ⁿ·s ∈ L2 but one of the
  mirrored shape p(xy)ⁿ·s ∈ L1, p(xy)ⁿx·s ∈ L2 (the search run on (D2, D1)).

Run:  OPENBLAS_NUM_THREADS=1 nice -n 10 .venv/bin/python -m benchmarks.bench_separate_families \\
          --census 3/ab,2/abc --pairs 200
"""

from __future__ import annotations

import argparse
import collections
import time
from unittest import mock

import numpy as np

from .bench_separate_local import _kind

FRAGMENTS = ("LTL[P]", "LTL[P,Y]")


def disjoint_pairs(states: int, letters: str, count: int, seed: int) -> list:
    """``count`` seeded pairs (L1, L2) of minimal DFAs of ≤ ``states`` states over ``letters``
    with L1 ∩ L2 = ∅, both non-empty."""
    from attnlogic.automata.census import minimal_dfas
    from attnlogic.automata.operations import intersection, is_empty

    pool = [d for n in range(1, states + 1) for d in minimal_dfas(n, letters) if d.accepting.any()]
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        i, j = (int(v) for v in rng.integers(0, len(pool), size=2))
        if is_empty(intersection(pool[i], pool[j])):
            out.append((pool[i], pool[j]))
    return out


def run(spec: str, count: int, seed: int) -> None:
    from attnlogic.definability.separation import type_separation
    from attnlogic.definability.separation.separate_languages import _r_trivial_family, separate, verify_proof
    from attnlogic.kernel.limits import Limits

    states, letters = spec.split("/")
    pairs = disjoint_pairs(int(states), letters, count, seed)
    limits = Limits()
    stats: dict = collections.Counter()
    t0 = time.perf_counter()
    mirror = 0
    for d1, d2 in pairs:
        if _r_trivial_family(d1, d2, limits.type_states) is None and _r_trivial_family(d2, d1, limits.type_states):
            mirror += 1
        for by in FRAGMENTS:
            with mock.patch.object(type_separation, "locally_r_trivial_family", lambda *a: None):
                before = separate(d1, d2, by, limits=limits)
            after = separate(d1, d2, by, limits=limits)
            for when, ans in (("before", before), ("after", after)):
                assert ans.separable is not False or verify_proof(ans.proof, d1, d2)
                stats[by, when, _kind(ans)] += 1
            if None not in (before.separable, after.separable):
                assert before.separable is after.separable, (by, d1, d2)
    print(f"census {spec}: {len(pairs)} disjoint pairs (seed {seed}), {time.perf_counter() - t0:.1f} s")
    print(f"  R-trivial family: pairs only its mirror finds: {mirror}")
    for by in FRAGMENTS:
        for when in ("before", "after"):
            row = {k[2]: v for k, v in stats.items() if k[:2] == (by, when)}
            text = ", ".join(f"{k} {v}" for k, v in sorted(row.items()))
            print(f"  {by:9} {when:6}: {text}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--census", default="3/ab,2/abc")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for spec in args.census.split(","):
        run(spec, args.pairs, args.seed)


if __name__ == "__main__":
    main()
