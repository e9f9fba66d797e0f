"""Enumeration of accepted words in length-lexicographic order.

Words are ordered by length, then lexicographically by the alphabet's order (the order
of ``dfa.alphabet``, not of the letters' spelling).  With R_r = {q : some word of length
exactly r leads from q to a final state} (R_0 = F, R_r = {q : ∃a. δ(q, a) ∈ R_(r−1)}),
a depth-first search that only enters letters keeping the remaining length feasible
yields every accepted word of length L in order, at O(L·|Σ|) cost per word.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from .dfa import DFA

__all__ = ["enumerate_words", "words_of_length", "feasible_lengths"]


def feasible_lengths(dfa: DFA, max_len: int) -> np.ndarray:
    """Boolean (max_len+1, n) array R with R[r, q]: some word of length r leads q into F."""
    T = np.asarray(dfa.transitions, dtype=np.int64)
    R = np.zeros((max_len + 1, dfa.n_states), dtype=bool)
    R[0] = dfa.accepting
    for r in range(1, max_len + 1):
        R[r] = R[r - 1][T].any(axis=1) if T.shape[1] else False
    return R


def _of_length(rows, feasible, q0, L, alphabet) -> Iterator[tuple]:
    if not feasible[L][q0]:
        return
    k = len(alphabet)
    states, word, nxt = [q0], [], [0]
    while nxt:
        d = len(word)
        if d == L:
            yield tuple(word)
        else:
            i, q, r = nxt[-1], states[-1], L - d - 1
            row, ok = rows[q], feasible[r]
            while i < k and not ok[row[i]]:
                i += 1
            if i < k:
                nxt[-1] = i + 1
                word.append(alphabet[i])
                states.append(row[i])
                nxt.append(0)
                continue
        nxt.pop()
        states.pop()
        if word:
            word.pop()


def words_of_length(dfa: DFA, length: int) -> Iterator[tuple]:
    """The accepted words of exactly ``length`` letters, in lexicographic order (tuples)."""
    R = feasible_lengths(dfa, length)
    return _of_length(np.asarray(dfa.transitions).tolist(), R.tolist(), dfa.initial, length,
                      dfa.alphabet)


def enumerate_words(dfa: DFA, max_len: int, min_len: int = 0) -> Iterator[tuple]:
    """All accepted words with min_len ≤ length ≤ max_len, in length-lexicographic order."""
    R = feasible_lengths(dfa, max_len).tolist()
    rows = np.asarray(dfa.transitions).tolist()
    for L in range(min_len, max_len + 1):
        yield from _of_length(rows, R, dfa.initial, L, dfa.alphabet)
