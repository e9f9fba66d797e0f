"""Transition-semigroup enumeration speed, all paths in the same process, best of 3 each.

Columns:
  * libsemigroups Froidure–Pin alone (the baseline; presized hash table, see
    ``definability.semigroup._ls_froidure_pin``), from the generators to the finished
    enumeration — freeing its tables afterwards (0.1–0.4 s at 10^6 elements) is not
    counted: target ≥ 10^6 elements/s;
  * our numpy enumeration, building everything the deciders use (elements, both Cayley
    graphs, shortlex words, sorted keys): target ≥ 10^5 elements/s, and its time relative
    to libsemigroups alone;
  * the ``libsemigroups`` backend end to end: Froidure–Pin, then both Cayley graphs read
    into numpy and the same arrays rebuilt.  ``transition_semigroup(backend="auto")``
    uses it when libsemigroups is installed; this column is the evidence for that choice.

Run:  .venv/bin/python -m benchmarks semigroup
"""

from __future__ import annotations

import numpy as np

from benchmarks import best_of


def full_transformation_dfa(n: int):
    """Generators of the full transformation monoid T_n (n^n elements): a cycle, a
    transposition and a rank n−1 map, as a DFA over three letters."""
    from attnlogic.automata.dfa import DFA
    cyc = [(q + 1) % n for q in range(n)]
    tr = [1, 0] + list(range(2, n))
    col = [0, 0] + list(range(2, n))
    return DFA("abc", np.array([cyc, tr, col]).T, 0, [0])


def random_dfa(n: int, letters: int, seed: int):
    from attnlogic.automata.dfa import DFA
    rng = np.random.default_rng(seed)
    return DFA([chr(97 + i) for i in range(letters)], rng.integers(0, n, (n, letters)), 0, [0])


CASES = [("T_6 (full transformations)", lambda: full_transformation_dfa(6)),
         ("random 12 states, 2 letters", lambda: random_dfa(12, 2, 0)),
         ("random 15 states, 2 letters", lambda: random_dfa(15, 2, 3)),
         ("random 24 states, 2 letters", lambda: random_dfa(24, 2, 0)),
         ("T_7 (full transformations)", lambda: full_transformation_dfa(7)),
         ("random 10 states, 3 letters", lambda: random_dfa(10, 3, 2))]


def main() -> None:
    from attnlogic.definability.algebra.semigroup import _ls_froidure_pin, transition_semigroup

    big = 10 ** 7
    print(f"{'semigroup':<28} {'elements':>9} | {'libsemigroups':>13} {'elem/s':>9} | "
          f"{'numpy':>7} {'elem/s':>9} {'numpy/lib':>9} | {'lib→numpy':>9} {'elem/s':>9}")
    for name, make in CASES:
        dfa = make()
        tl, fp = best_of(lambda: _ls_froidure_pin(np.asarray(dfa.transitions), big), 3, keep=True)
        size = int(fp.current_size())
        tn, S = best_of(lambda: transition_semigroup(dfa, limit=big, backend="numpy"), 3)
        tb, B = best_of(lambda: transition_semigroup(dfa, limit=big, backend="libsemigroups"), 3)
        assert S.size == B.size == size and (S.right == B.right).all()
        print(f"{name:<28} {size:>9} | {tl:>12.3f}s {size / tl:>9.2g} | {tn:>6.3f}s "
              f"{size / tn:>9.2g} {tn / tl:>9.1f} | {tb:>8.3f}s {size / tb:>9.2g}")


if __name__ == "__main__":
    main()
