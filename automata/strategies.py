"""Hypothesis strategies for DFAs, shared by the tests (as :mod:`attnlogic.ltl.strategies`
is for formulas).

Requires hypothesis (a test dependency), imported only by tests.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from .dfa import DFA

__all__ = ["dfas"]


@st.composite
def dfas(draw, max_states: int = 8, max_letters: int = 3, min_letters: int = 1,
         letter_names=None):
    """Complete DFAs with 1 … ``max_states`` states (any initial state, any accepting set)
    over ``min_letters`` … ``max_letters`` letters: ``a``, ``b``, … or, when
    ``letter_names`` is given, distinct names drawn from it."""
    n = draw(st.integers(1, max_states))
    k = draw(st.integers(min_letters, max_letters))
    table = draw(st.lists(st.lists(st.integers(0, n - 1), min_size=k, max_size=k),
                          min_size=n, max_size=n))
    acc = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if letter_names is None:
        letters = [chr(ord("a") + i) for i in range(k)]
    else:
        letters = draw(st.lists(st.sampled_from(list(letter_names)), min_size=k, max_size=k, unique=True))
    initial = draw(st.integers(0, n - 1))
    return DFA(letters, np.array(table, dtype=int).reshape(n, k), initial, np.array(acc))
