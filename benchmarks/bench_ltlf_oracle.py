"""LTLf (future) formula → minimal DFA: ours (the mirror into the past and the reversal)
against ltlf2dfa + MONA on random formulas in ltlf2dfa's syntax, over every valuation of the
propositions, the empty trace included: how many minimal DFAs are equal, and the times.
The texts are our printed formulas (ltlf2dfa's notation with the fewest parentheses its
grammar needs: U and R chains, & and | runs and their precedences are left to it).

    python -m benchmarks.bench_ltlf_oracle [COUNT]      (default 200; needs mona and ltlf2dfa)
"""

from __future__ import annotations

import shutil
import sys
import time
import tracemalloc

import numpy as np

from attnlogic.ltl import parse, random_formula
from attnlogic.ltl.formula import is_future


def main(argv=()) -> None:
    count = int(argv[0]) if argv else 200
    try:
        import ltlf2dfa  # noqa: F401
    except ImportError:
        print("ltlf2dfa is not installed: nothing to compare")
        return
    if shutil.which("mona") is None:
        print("mona is not on PATH: nothing to compare")
        return
    from attnlogic.automata.ppltl import ltlf2dfa_valuations
    from attnlogic.ltl.random import FRAGMENT_OPERATORS
    from attnlogic.automata.sources import load_language

    rng = np.random.default_rng(2026)
    texts = []
    while len(texts) < count:
        f = random_formula(rng, ["a", "b", "c"], (3, 20), {**FRAGMENT_OPERATORS["LTLf"], "xor": 0})
        if is_future(f):
            texts.append(str(f))
    equal, t_ours, t_theirs, sizes, empty_in = 0, 0.0, 0.0, [], 0
    tracemalloc.start()
    for text in texts:
        props = sorted(parse(text, syntax="ltlf2dfa").atoms)
        t0 = time.perf_counter()
        ours = load_language(formula=text, syntax="ltlf2dfa", alphabet=None if props else ["z"]).dfa
        t1 = time.perf_counter()
        theirs = ltlf2dfa_valuations(text, "ltlf", props, ours.alphabet)
        t2 = time.perf_counter()
        t_ours += t1 - t0
        t_theirs += t2 - t1
        equal += ours == theirs
        sizes.append(ours.n_states)
        empty_in += bool(ours.accepting[ours.initial])
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    print(f"random LTLf formulas (3-20 nodes, atoms a b c, seed 2026): {count}")
    print(f"equal minimal DFAs (over every valuation, empty trace included): {equal} of {count}")
    print(f"accepting the empty trace: {empty_in}; states: {min(sizes)}-{max(sizes)} (median {int(np.median(sizes))})")
    print(f"time: ours {t_ours:.2f} s, ltlf2dfa + mona {t_theirs:.2f} s; peak traced memory {peak:.1f} MiB")
    if equal != count:
        raise SystemExit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
