"""Word sources for checking a model against a language: letter-index arrays over an
alphabet, each source a different way of looking for a disagreement.

* :func:`exhaustive` — every word of a length (or up to it);
* :func:`random_words` — uniform random letters, random lengths;
* :func:`boundary_words` — the words one edit (substitution, deletion, insertion) away
  from sample words whose membership differs from theirs: words near the language's boundary;
* :func:`context_words` — the language's own distinguishing contexts: for two states p ≠ q
  of the minimal DFA, u_p·s and u_q·s with u_p, u_q shortest words to them and s a shortest
  word separating them (so exactly one of the pair is in the language);
* :func:`long_words` — long words of one length: periodic words (a b^{k−1})^r and u^r
  (the separating families of the theory), DFA-guided pumps l·z^r·s (l reaches a state q,
  z is a cycle through q, s separates q from another state) and uniform random words.

All breadth-first searches are those of :mod:`attnlogic.automata.graphs`.
"""

from __future__ import annotations

import itertools
from typing import Iterator

import numpy as np

from attnlogic.kernel.errors import InputError
from attnlogic.automata.graphs import distinguishing_suffix, shortest_words_from

__all__ = ["dfa_table", "exhaustive", "random_words", "boundary_words", "context_words", "long_words"]


def dfa_table(dfa, alphabet) -> np.ndarray:
    """The DFA's transition table with its columns in the order of ``alphabet``."""

    missing = [a for a in alphabet if a not in dfa.alphabet]
    if missing:
        raise InputError(f"letters {missing} are not in the DFA's alphabet {list(dfa.alphabet)}",
                         parameters=("alphabet",))
    return np.asarray(dfa.transitions, dtype=np.int64)[:, [dfa.letter_index(a) for a in alphabet]]


def exhaustive(k: int, length: int, up_to: bool = False) -> list[np.ndarray]:
    """Every word of ``length`` letters over k letters (with ``up_to``: of every length ≤ it),
    in length-lexicographic order."""
    lengths = range(length + 1) if up_to else (length,)
    return [np.array(w, dtype=np.int64) for n in lengths for w in itertools.product(range(k), repeat=n)]


def random_words(k: int, count: int, max_length: int, rng: np.random.Generator) -> list[np.ndarray]:
    """``count`` words of uniformly random lengths 0 … max_length and uniform letters."""
    lengths = rng.integers(0, max_length + 1, count)
    return [rng.integers(0, k, int(n)) for n in lengths]


def _accepts(rows: list, initial: int, accepting: list, w) -> bool:
    """Whether the DFA (its table as lists of ints) accepts ``w``."""
    q = initial
    for a in w:
        q = rows[q][a]
    return accepting[q]


def boundary_words(table: np.ndarray, initial: int, accepting, seeds, limit: int,
                   rng: np.random.Generator) -> list[np.ndarray]:
    """Up to ``limit`` words one edit away from a seed word and on the other side of the
    language's boundary (a member next to a non-member, or the reverse)."""
    acc = np.asarray(accepting, dtype=bool).tolist()
    rows = np.asarray(table).tolist()
    k = table.shape[1]
    out: list[np.ndarray] = []
    seen: set[tuple[int, ...]] = set()
    for w in seeds:
        w = [int(a) for a in w]
        inside = _accepts(rows, initial, acc, w)
        edits = [w[:i] + [a] + w[i + 1:] for i in range(len(w)) for a in range(k) if a != w[i]]
        edits += [w[:i] + w[i + 1:] for i in range(len(w))]
        edits += [w[:i] + [a] + w[i:] for i in range(len(w) + 1) for a in range(k)]
        order = rng.permutation(len(edits))
        for j in order:
            v = tuple(edits[j])
            if v not in seen and _accepts(rows, initial, acc, v) != inside:
                seen.add(v)
                out.append(np.array(v, dtype=np.int64))
                if len(out) >= limit:
                    return out
    return out


def context_words(table: np.ndarray, initial: int, accepting, limit: int = 4096) -> list[np.ndarray]:
    """u_p·s and u_q·s for pairs of reachable states p ≠ q (see the module docstring), and
    every access word u_p; at most ``limit`` words."""

    access = shortest_words_from(table, initial)
    states = [q for q, u in enumerate(access) if u is not None]
    out = [np.array(access[q], dtype=np.int64) for q in states]
    for p, q in itertools.combinations(states, 2):
        s = distinguishing_suffix(table, accepting, p, q)
        if s is not None:
            out.append(np.array(access[p] + s, dtype=np.int64))
            out.append(np.array(access[q] + s, dtype=np.int64))
        if len(out) >= limit:
            break
    return out[:limit]


def _periodic(block: list[int], n: int) -> np.ndarray:
    reps = -(-n // max(1, len(block)))
    return np.array((block * reps)[:n], dtype=np.int64)


def _dfa_pumps(dfa, alphabet, rng) -> list[tuple[list[int], list[int], list[int]]]:
    """(l, z, s) for every reachable state q with a cycle: l a shortest word to q, z a
    shortest non-empty cycle on q, s a shortest word separating q from one of up to four
    other states (chosen at random; empty when none is separated).  Letters are indices of
    ``alphabet``; the breadth-first searches are those of :mod:`attnlogic.automata.graphs`."""
    if dfa is None:
        return []

    table = dfa_table(dfa, alphabet)
    access = shortest_words_from(table, dfa.initial)
    reachable = [q for q, w in enumerate(access) if w is not None]
    pumps = []
    for q in reachable:
        cycles = [[a] + back for a in range(table.shape[1])
                  if (back := shortest_words_from(table, int(table[q, a]))[q]) is not None]
        if not cycles:
            continue
        z = min(cycles, key=lambda c: (len(c), c))
        others = [p for p in reachable if p != q]
        rng.shuffle(others)
        s = next((s for p in others[:4]
                  if (s := distinguishing_suffix(table, dfa.accepting, q, p)) is not None), [])
        pumps.append((access[q], z, s))
    return pumps


def long_words(alphabet, n: int, count: int, seed: int = 0, dfa=None) -> Iterator[tuple[str, np.ndarray]]:
    """``count`` words of length ``n`` as (kind, letter indices), cycling through the generators."""
    rng = np.random.default_rng(seed)
    k = len(alphabet)
    periodic: list[list[int]] = []
    for a in range(k):                       # (a b^{k-1})^r, k = 1..4, every ordered pair
        for b in range(k):
            if a != b:
                for m in (1, 2, 3, 4):
                    periodic.append([a] + [b] * (m - 1))
    for L in (1, 2, 3):                      # u^r for every short block
        periodic.extend(list(u) for u in itertools.product(range(k), repeat=L))
    seen, blocks = set(), []
    for u in periodic:
        if tuple(u) not in seen:
            seen.add(tuple(u))
            blocks.append(u)
    rng.shuffle(blocks)
    pumps = _dfa_pumps(dfa, alphabet, rng)
    gens = ["periodic", "pump", "random"] if pumps else ["periodic", "random"]
    bi = pi = 0
    for i in range(count):
        kind = gens[i % len(gens)]
        if kind == "periodic":
            block = blocks[bi % len(blocks)]
            bi += 1
            w = _periodic(block, n)
            if bi > len(blocks):             # second round: a random prefix, then the period
                cut = int(rng.integers(0, max(1, n // 2)))
                w[:cut] = rng.integers(0, k, cut)
        elif kind == "pump":
            l, z, s = pumps[pi % len(pumps)]
            pi += 1
            body = max(0, n - len(l) - len(s))
            w = np.array((l + (z * (body // len(z) + 1))[:body] + s)[:n], dtype=np.int64)
            if len(w) < n:
                w = np.concatenate([w, rng.integers(0, k, n - len(w))])
        else:
            w = rng.integers(0, k, n)
        yield kind, w


