"""Boolean operations, emptiness and equivalence of DFAs (with shortest witnesses).

Binary operations need the two automata to have the same *set* of letters; the result
uses the alphabet order of the first operand.  Products are explored breadth-first from
the pair of initial states, so only reachable pairs are built; results are minimal and
canonically numbered.

Shortest words: a BFS from the initial state (letters in alphabet order) reaches every
state first by a length-lexicographically smallest word, so :func:`shortest_accepted` and
:func:`shortest_distinguishing_word` return the *shortest* such word, and among those the
first in alphabet order.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from attnlogic.errors import InputError, LimitExceeded

from .dfa import DFA
from .minimize import minimize

__all__ = [
    "complement", "intersection", "union", "difference", "symmetric_difference",
    "product", "is_empty", "is_universal", "is_subset", "equivalent",
    "shortest_accepted", "shortest_distinguishing_word", "explore", "align",
]

#: default bound on the number of states an exploration may create
DEFAULT_STATE_LIMIT = 5_000_000
#: layers with at most this many successor codes are handled without numpy set operations
_THIN = 64


def explore(initial: int, step: Callable[[np.ndarray], np.ndarray], limit: int = DEFAULT_STATE_LIMIT,
            what: str = "product states") -> tuple[np.ndarray, np.ndarray]:
    """Breadth-first exploration of an implicit deterministic automaton.

    States are non-negative int64 *codes*; ``step(codes)`` returns the (len(codes), k)
    array of successor codes.  Returns ``(codes, table)``: the reachable codes, numbered
    0, 1, … in discovery order (the initial code is 0), and the (n, k) int64 table over
    those numbers.  Raises :class:`LimitExceeded` beyond ``limit`` states.
    """
    index = {int(initial): 0}
    frontier = np.array([initial], dtype=np.int64)
    found = [frontier]
    rows = []
    n = 1
    while frontier.size:
        nxt = np.asarray(step(frontier), dtype=np.int64)
        if nxt.size <= _THIN:  # a thin layer (deep automaton): plain dictionary work
            ids_list, fresh_list = [], []
            for c in nxt.reshape(-1).tolist():
                j = index.get(c)
                if j is None:
                    j = index[c] = n
                    n += 1
                    fresh_list.append(c)
                ids_list.append(j)
            if n > limit:
                raise LimitExceeded(what, limit, "the automaton is too large; simplify the input")
            rows.append(np.array(ids_list, dtype=np.int64).reshape(nxt.shape))
            frontier = np.array(fresh_list, dtype=np.int64)
            found.append(frontier)
            continue
        uniq, inv = np.unique(nxt.reshape(-1), return_inverse=True)
        get = index.get
        ids = np.fromiter((get(c, -1) for c in uniq.tolist()), dtype=np.int64, count=uniq.size)
        new = ids < 0
        cnt = int(new.sum())
        if cnt:
            if n + cnt > limit:
                raise LimitExceeded(what, limit, "the automaton is too large; simplify the input")
            fresh = uniq[new]
            ids[new] = np.arange(n, n + cnt, dtype=np.int64)
            index.update(zip(fresh.tolist(), range(n, n + cnt)))
            n += cnt
            found.append(fresh)
        rows.append(ids[inv.reshape(-1)].reshape(nxt.shape))
        frontier = fresh if cnt else np.zeros(0, dtype=np.int64)
    return np.concatenate(found), np.concatenate(rows, axis=0)


def align(a: DFA, b: DFA) -> DFA:
    """``b`` with its columns in ``a``'s alphabet order (same letters required)."""
    if a.alphabet == b.alphabet:
        return b
    if set(a.alphabet) != set(b.alphabet):
        raise InputError(f"alphabets differ: {list(a.alphabet)} and {list(b.alphabet)}")
    return b.with_alphabet_order(a.alphabet)


def product(a: DFA, b: DFA, accept: Callable[[np.ndarray, np.ndarray], np.ndarray],
            minimal: bool = True, limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The reachable product automaton; a pair (p, q) accepts iff ``accept(F_a[p], F_b[q])``."""
    b = align(a, b)
    Ta = np.asarray(a.transitions, dtype=np.int64)
    Tb = np.asarray(b.transitions, dtype=np.int64)
    nb = Tb.shape[0]

    def step(codes):
        p, q = np.divmod(codes, nb)
        return Ta[p] * nb + Tb[q]

    codes, table = explore(a.initial * nb + b.initial, step, limit)
    p, q = np.divmod(codes, nb)
    d = DFA._trusted(a.alphabet, table, 0, accept(a.accepting[p], b.accepting[q]))
    return minimize(d) if minimal else d


def complement(a: DFA) -> DFA:
    """Σ* ∖ L(a) (same states, accepting set flipped; minimal if ``a`` is)."""
    return DFA._trusted(a.alphabet, a.transitions, a.initial, ~a.accepting)


def intersection(a: DFA, b: DFA) -> DFA:
    return product(a, b, np.logical_and)


def union(a: DFA, b: DFA) -> DFA:
    return product(a, b, np.logical_or)


def difference(a: DFA, b: DFA) -> DFA:
    """L(a) ∖ L(b)."""
    return product(a, b, lambda x, y: x & ~y)


def symmetric_difference(a: DFA, b: DFA) -> DFA:
    return product(a, b, np.logical_xor)


def _bfs_parents(T: np.ndarray, initial: int):
    """BFS tree: (order, parent, letter) arrays; parent[initial] = -1, unseen = -2."""
    n, k = T.shape
    parent = np.full(n, -2, dtype=np.int64)
    letter = np.full(n, -1, dtype=np.int64)
    parent[initial] = -1
    frontier = np.array([initial], dtype=np.int64)
    order = [frontier]
    while frontier.size and k:
        nxt = T[frontier].reshape(-1)
        fresh = parent[nxt] == -2
        if not fresh.any():
            break
        idx = np.flatnonzero(fresh)
        tgt = nxt[idx]
        uniq, first = np.unique(tgt, return_index=True)
        src_i = idx[first]
        parent[uniq] = frontier[src_i // k]
        letter[uniq] = src_i % k
        new = uniq[np.argsort(first, kind="stable")]
        order.append(new)
        frontier = new
    return np.concatenate(order), parent, letter


def _word_to(parent, letter, alphabet, q) -> tuple:
    word = []
    while parent[q] >= 0:
        word.append(alphabet[letter[q]])
        q = parent[q]
    return tuple(reversed(word))


def shortest_accepted(a: DFA) -> tuple | None:
    """A shortest accepted word (length-lexicographically least), or None if L(a) = ∅."""
    order, parent, letter = _bfs_parents(np.asarray(a.transitions, dtype=np.int64), a.initial)
    hits = order[a.accepting[order]]
    if hits.size == 0:
        return None
    return _word_to(parent, letter, a.alphabet, int(hits[0]))


def is_empty(a: DFA) -> bool:
    return not bool(a.accepting[a.reachable].any())


def is_universal(a: DFA) -> bool:
    return bool(a.accepting[a.reachable].all())


def shortest_distinguishing_word(a: DFA, b: DFA) -> tuple | None:
    """A shortest word in exactly one of L(a), L(b) (least in length-lex order), or None.

    BFS over the reachable pairs of the product, so the word is shortest.
    """
    d = product(a, b, np.logical_xor, minimal=False)
    return shortest_accepted(d)


def equivalent(a: DFA, b: DFA) -> bool:
    """L(a) = L(b) (alphabets must have the same letters)."""
    b = align(a, b)
    return minimize(a) == minimize(b)


def is_subset(a: DFA, b: DFA) -> bool:
    """L(a) ⊆ L(b)."""
    return is_empty(product(a, b, lambda x, y: x & ~y, minimal=False))
