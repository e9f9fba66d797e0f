"""How many depth-d types the type automaton with P must hold (LTL[P,Y<=k], two letters).

A deterministic automaton that computes the depth-d type of N+1 needs one state per type
that words realise, whatever the DFA beside it.  Two measurements, k = 2 over {a, b}:

1. ``per length``: the distinct depth-d types of N+1 among all 2^n words of length n, for
   d = 1, 2, 3, by the defining recursion (:func:`attnlogic.definability.indistinguishable.end_types`).
2. ``past sets``: the depth-3 type of N+1 is (the 2-types of the last k positions, X) with X
   the set of 2-types of the positions read, and distinct X are distinct types (P χ(σ)
   tells them apart).  X only grows, so the reachable X are enumerated by size: X with the
   set of states of the depth-2 part (the window of (0,1,2)-types and the sets of 0- and
   1-types seen, an automaton of its own) reached with exactly that X; a size is finished
   before the next one starts and then dropped.  Printed per size: the X of that size, the
   running total (a lower bound on the depth-3 type automaton's states), the growth factor,
   seconds and peak resident memory.

3. ``--undecided``: the census languages left undecided in LTL[P,Y<=2] (two 4-state DFAs
   over {a, b}, four acceptance sets each) against the lasso search with periods and tails of
   up to 8 letters and the two-level occurrence form with inner depth 1, outer depths 1–3.

    python -m benchmarks type_growth              # lengths ≤ 12, sets up to size 18
    python -m benchmarks type_growth --length 14 --size 21 --undecided
"""

from __future__ import annotations

import argparse
import itertools
import resource
import time


def per_length(max_length: int, k: int = 2) -> list[tuple[int, list[int]]]:
    """For d = 1, 2, 3: the number of distinct depth-d types of N+1 over the words of each
    length 0 … ``max_length`` over {a, b}."""
    from attnlogic.definability.checks.indistinguishable import end_types

    rows = []
    for depth in (1, 2, 3):
        rows.append((depth, [len(set(end_types(itertools.product("ab", repeat=n), f"LTL[P,Y<={k}]",
                                               depth)))
                             for n in range(max_length + 1)]))
    return rows


def _depth2_part(k: int, letters: int):
    """The automaton of the depth-2 part: state = (window of the last k type vectors of
    depths 0, 1, 2; the sets of 0- and 1-types seen); per state and letter the successor and
    the 2-type of the position read (what joins X)."""
    table: dict = {}

    def intern(key) -> int:
        return table.setdefault(key, len(table))

    def vector(a, window, seen):
        v = [intern((0, a, (), ()))]
        for j in (1, 2):
            v.append(intern((j, a, frozenset(u[j - 1] for u in window), seen[j - 1])))
        return tuple(v)

    start = ((), (frozenset(), frozenset()))
    ids, states, succ, emit = {start: 0}, [start], [], []
    i = 0
    while i < len(states):
        window, seen = states[i]
        row, erow = [], []
        for a in range(letters):
            v = vector(a, window, seen)
            nxt = ((window + (v,))[-k:], (seen[0] | {v[0]}, seen[1] | {v[1]}))
            if nxt not in ids:
                ids[nxt] = len(states)
                states.append(nxt)
            row.append(ids[nxt])
            erow.append(v[2])
        succ.append(row)
        emit.append(erow)
        i += 1
    return succ, emit


def past_sets(max_size: int, k: int = 2, letters: int = 2):
    """Yield (size, X of that size, states of the depth-2 part summed over them) for sizes
    0 … ``max_size`` of the sets X of 2-types seen."""
    succ, emit = _depth2_part(k, letters)
    bits = {e: 1 << i for i, e in enumerate(sorted({e for row in emit for e in row}))}
    mask = [[bits[e] for e in row] for row in emit]
    layer = {0: {0}}                       # X (bitmask) -> states reached with exactly X
    for size in range(max_size + 1):
        nxt: dict[int, set[int]] = {}
        held = 0
        for X, R in layer.items():
            stack = list(R)
            while stack:                   # close under the letters that keep X
                s = stack.pop()
                for a, t in enumerate(succ[s]):
                    m = mask[s][a]
                    if X & m:
                        if t not in R:
                            R.add(t)
                            stack.append(t)
                    else:
                        nxt.setdefault(X | m, set()).add(t)
            held += len(R)
        yield size, len(layer), held, len(succ), len(bits)
        layer = nxt


#: the census's undecided LTL[P,Y<=2] languages (docs/census.md): tables and acceptance sets
UNDECIDED = (([[0, 1], [0, 2], [2, 3], [3, 3]], ([2], [0, 1, 2], [3], [0, 1, 3])),
             ([[1, 0], [2, 0], [3, 2], [3, 3]], ([2], [0, 1, 2], [3], [0, 1, 3])))


def undecided() -> None:
    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.fragments.occurrence import occurrence_forms
    from attnlogic.definability.algebra.types import lasso_search
    from attnlogic.kernel.errors import LimitExceeded

    print("\nthe census's undecided LTL[P,Y<=2] languages:")
    print(f"  {'DFA':<34} {'accepting':<10} {'lasso ≤ 8':>9}  two levels (1, D), D = 1 2 3   s")
    for table, sets in UNDECIDED:
        for accepting in sets:
            d = DFA(("a", "b"), table, 0, [q in accepting for q in range(len(table))])
            t0 = time.perf_counter()
            lasso = lasso_search(d, 2, True, max_period=8, max_tail=8)
            forms = []
            for D in (1, 2, 3):
                try:
                    forms.append("yes" if occurrence_forms(d, 2, D, 1_000_000, build_formula=False,
                                                           inner_depth=1).definable else "no")
                except LimitExceeded:
                    forms.append("limit")
            print(f"  {str(table):<34} {str(accepting):<10} {'found' if lasso else 'none':>9}  "
                  f"{' '.join(forms):<28} {time.perf_counter() - t0:.1f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks type_growth", description=__doc__.split("\n")[0])
    ap.add_argument("--length", type=int, default=12, help="longest words of the per-length count")
    ap.add_argument("--size", type=int, default=18, help="largest set of 2-types enumerated")
    ap.add_argument("--undecided", action="store_true", help="also try the census's undecided languages")
    args = ap.parse_args(argv)
    print("distinct depth-d types of N+1 with P, window 2, over {a, b}, per word length n:")
    t0 = time.perf_counter()
    rows = per_length(args.length)
    print("  n       " + " ".join(f"{n:>6}" for n in range(args.length + 1)))
    print("  words   " + " ".join(f"{2 ** n:>6}" for n in range(args.length + 1)))
    for depth, counts in rows:
        print(f"  depth {depth} " + " ".join(f"{c:>6}" for c in counts))
    print(f"  ({time.perf_counter() - t0:.1f} s)")
    print("\nsets X of 2-types seen (each a distinct depth-3 type of N+1), by size |X|:")
    print(f"  {'|X|':>4} {'X':>11} {'total':>11} {'growth':>7} {'part states':>12} {'s':>7} {'peak MB':>8}")
    t0, total, last = time.perf_counter(), 0, None
    for size, count, held, part, labels in past_sets(args.size):
        total += count
        growth = f"{count / last:.2f}" if last else "–"
        last = count
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        print(f"  {size:>4} {count:>11,} {total:>11,} {growth:>7} {held:>12,} {time.perf_counter() - t0:>7.1f} {peak:>8}",
              flush=True)
    print(f"  (the depth-2 part: {part:,} states, {labels:,} distinct 2-types of letter positions)")
    if args.undecided:
        undecided()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
