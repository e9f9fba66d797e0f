"""How much the census shares by asking a class once per syntactic morphism, and a check of
the sharing against ``classify`` asked language by language (recorded command:
``python benchmarks/census_morphisms.py [N]``; N languages drawn for the check, default 200;
a few minutes per hundred).

Prints, for every language of at most 4 states over two letters and at most 3 over three,
the number of languages, of syntactic morphisms and of ordered syntactic morphisms (the keys
of ``definability/algebra/morphism_keys.py``) — what the census asks a prevariety and a
positive prevariety.  Then it runs the census of at most 4 states over two letters for every
class with a declared closure (``definability/census/morphisms.py``: once per morphism),
draws N of its languages (seed 20261206) and asks ``classify(..., certificates=False)`` of
each for those classes, printing each differing verdict and the totals.
"""

from __future__ import annotations

import random
import sys
import time

from attnlogic.automata.census import minimal_dfas
from attnlogic.definability.algebra.morphism_keys import morphism_key, ordered_morphism_key
from attnlogic.definability.census import census
from attnlogic.definability.census.morphisms import ORDER_ENTRIES
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.engine.registry import CLASSES
from attnlogic.kernel.limits import DEFAULT_LIMIT


def key_counts(max_states: int, letters: str) -> tuple[int, int, int]:
    """(languages, syntactic morphisms, ordered syntactic morphisms) up to ``max_states``."""
    plain, ordered, languages = set(), set(), 0
    for d in minimal_dfas(max_states, letters):
        languages += 1
        plain.add(morphism_key(d, DEFAULT_LIMIT))
        ordered.add(ordered_morphism_key(d, DEFAULT_LIMIT, ORDER_ENTRIES))
    return languages, len(plain), len(ordered)


def main(count: int = 200) -> None:
    for n, letters in ((4, "ab"), (3, "abc")):
        t0 = time.process_time()
        languages, plain, ordered = key_counts(n, letters)
        print(f"at most {n} states over {letters}: {languages:,} languages, {plain:,} syntactic morphisms, "
              f"{ordered:,} ordered ones ({time.process_time() - t0:.1f} s of CPU)", flush=True)
    names = tuple(c.name for c in CLASSES if c.bulk is None and c.closure is not None)
    t0 = time.process_time()
    c = census(4, "ab", windows=(), classes=names)
    print(f"census of {len(names)} classes per morphism, at most 4 states over ab: "
          f"{time.process_time() - t0:.0f} s of CPU", flush=True)
    columns = [(j, f) for j, f in enumerate(c.fragments) if str(f) in names]
    drawn = random.Random(20261206).sample(range(len(c.entries)), count)
    differ = undecided = 0
    t0 = time.process_time()
    for idx in drawn:
        e = c.entries[idx]
        got = classify(e.dfa, windows=(), minimal=True, certificates=False, classes=names)
        for j, f in columns:
            member = got[f].member
            if member is None:
                undecided += 1
            elif member != e.verdicts[j]:
                differ += 1
                print("DIFFER", f, e.dfa.transitions.tolist(), e.dfa.accepting.tolist(), flush=True)
    print(f"{count} languages × {len(columns)} classes asked one at a time: {differ} differing, "
          f"{undecided} undecided ({time.process_time() - t0:.0f} s of CPU)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
