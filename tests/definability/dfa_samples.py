"""Seeded samples of minimal DFAs for the tests of the identity deciders (a helper module of
the tests, not a test file)."""

from __future__ import annotations

import numpy as np

from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize


def sample4(count: int, seed: int) -> list[DFA]:
    """``count`` distinct minimal DFAs with exactly 4 states over {a, b}: random tables,
    minimised, those of 4 states kept (seeded by ``seed``)."""
    rng = np.random.default_rng(seed)
    out, seen = [], set()
    while len(out) < count:
        t = rng.integers(0, 4, size=(4, 2))
        acc = rng.integers(0, 2, size=4).astype(bool)
        d = minimize(DFA("ab", t, 0, acc))
        key = (d.transitions.tobytes(), d.accepting.tobytes())
        if d.n_states == 4 and key not in seen:
            seen.add(key)
            out.append(d)
    return out
