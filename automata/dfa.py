"""Deterministic finite automata over an explicit alphabet, as immutable value objects.

A :class:`DFA` is (Σ, Q = {0, …, n−1}, δ, q0, F) with δ stored as a read-only numpy
array ``transitions[q, i] = δ(q, alphabet[i])``.  It is always complete: constructors add
a sink where a transition is missing.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

__all__ = ["DFA"]


class DFA:
    """An immutable complete DFA.

    Attributes
    ----------
    alphabet : tuple[str, ...]
        The letters, in order; column ``i`` of ``transitions`` is ``alphabet[i]``.
    transitions : np.ndarray[int32], shape (n_states, len(alphabet)), read-only
    initial : int
    accepting : np.ndarray[bool], shape (n_states,), read-only
    """

    __slots__ = ("alphabet", "transitions", "initial", "accepting", "_index", "__weakref__")

    def __init__(self, alphabet: Sequence[str], transitions, initial: int, accepting):
        alphabet = tuple(alphabet)
        if len(set(alphabet)) != len(alphabet):
            raise ValueError("duplicate letters in the alphabet")
        table = np.array(transitions, dtype=np.int32).reshape(-1, len(alphabet)) if len(alphabet) \
            else np.zeros((len(transitions), 0), dtype=np.int32)
        n = table.shape[0]
        if n == 0:
            raise ValueError("a DFA needs at least one state")
        if table.size and (table.min() < 0 or table.max() >= n):
            raise ValueError("transition target out of range")
        if not (0 <= int(initial) < n):
            raise ValueError("initial state out of range")
        acc = np.asarray(accepting)
        if acc.dtype == bool and acc.shape == (n,):
            acc_mask = acc.copy()
        else:
            acc_mask = np.zeros(n, dtype=bool)
            idx = np.asarray(list(accepting), dtype=np.int64)
            if idx.size and (idx.min() < 0 or idx.max() >= n):
                raise ValueError("accepting state out of range")
            acc_mask[idx] = True
        table.setflags(write=False)
        acc_mask.setflags(write=False)
        sa = object.__setattr__
        sa(self, "alphabet", alphabet)
        sa(self, "transitions", table)
        sa(self, "initial", int(initial))
        sa(self, "accepting", acc_mask)
        sa(self, "_index", {a: i for i, a in enumerate(alphabet)})

    def __setattr__(self, name, value):
        raise AttributeError("DFA is immutable")

    @property
    def n_states(self) -> int:
        return self.transitions.shape[0]

    def letter_index(self, letter: str) -> int:
        try:
            return self._index[letter]
        except KeyError:
            raise ValueError(f"letter {letter!r} is not in the alphabet {list(self.alphabet)}") from None

    def encode(self, word: Iterable[str]) -> np.ndarray:
        """The word as an int array of letter indices."""
        return np.fromiter((self.letter_index(a) for a in word), dtype=np.int64)

    def run(self, word: Iterable[str], state: int | None = None) -> int:
        """δ*(state, word), from the initial state by default."""
        q = self.initial if state is None else state
        t = self.transitions
        for i in self.encode(word):
            q = t[q, i]
        return int(q)

    def accepts(self, word: Iterable[str]) -> bool:
        return bool(self.accepting[self.run(word)])
