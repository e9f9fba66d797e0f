"""Each census language separated from its complement, beside the census kernel's verdict.

Separating L from A* ∖ L by a class is deciding L's membership in it, so for every minimal
DFA of the census the answer of ``attnlogic.separate(L, A* ∖ L, by=...)`` must be the census
kernel's column for that class (definability/census/batch_classes.py, an independent bulk
computation).  Shared by the separation tests of the group and commutative classes
(test_separate_amt.py, test_separate_com.py, test_separate_gr.py).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

import attnlogic
from attnlogic.automata.census import minimal_dfa_arrays, minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.operations import complement


@lru_cache(maxsize=None)
def census(n: int, letters: str) -> tuple:
    """Every minimal DFA with exactly ``n`` states over ``letters``, in census order."""
    return tuple(minimal_dfas(n, letters))


def separated_from_complements(by: str, letters: str, most: int, stride: int = 1):
    """(L, its complement, their separation by ``by``, the census kernel's ``by`` verdict on L)
    for every ``stride``-th minimal DFA of at most ``most`` states over ``letters``."""
    from attnlogic.definability.census.batch_classes import CLASSES, classify_classes

    k, col, seen = len(letters), CLASSES.index(by), 0
    for n in range(1, most + 1):
        rows, accs = minimal_dfa_arrays(n, k)
        for row, bits, verdicts in zip(rows, accs, classify_classes(n, k, rows, accs)):
            seen += 1
            if seen % stride:
                continue
            d = DFA(letters, np.asarray(row, dtype=np.int64).reshape(n, k), 0,
                    np.array([(int(bits) >> q) & 1 for q in range(n)], dtype=bool))
            c = complement(d)
            yield d, c, attnlogic.separate(d, c, by=by), bool(verdicts[col])
