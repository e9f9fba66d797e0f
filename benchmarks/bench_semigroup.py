"""Transition-semigroup enumeration speed: the numpy path of attnlogic against
libsemigroups' Froidure–Pin (the baseline, run in the same process).

Targets: ≥ 10^6 elements/s through libsemigroups, ≥ 10^5 elements/s in numpy.  Each side
is timed as the best of 3 runs.

Run:  .venv/bin/python benchmarks/bench_semigroup.py
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


def main() -> None:
    from attnlogic.automata.semigroup import libsemigroups_size, transition_semigroup

    cases = [("T_6 (full transformations)", full_transformation_dfa(6)),
             ("T_7 (full transformations)", full_transformation_dfa(7)),
             ("random 8 states, 2 letters", random_dfa(8, 2, 1)),
             ("random 10 states, 3 letters", random_dfa(10, 3, 2))]
    print(f"{'semigroup':<30} {'elements':>10} {'libsemigroups s':>15} {'elem/s':>12} "
          f"{'numpy s':>9} {'elem/s':>12} {'numpy/lib time':>15}")

    for name, dfa in cases:
        tl, size = best_of(lambda: libsemigroups_size(dfa, limit=10 ** 7), 3)
        tn, S = best_of(lambda: transition_semigroup(dfa, limit=10 ** 7), 3)
        assert S.size == size
        print(f"{name:<30} {size:>10} {tl:>15.3f} {size / tl:>12.0f} {tn:>9.3f} {size / tn:>12.0f} "
              f"{tn / tl:>15.1f}")


if __name__ == "__main__":
    main()
