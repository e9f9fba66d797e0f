"""Nondeterministic finite automata without ε-moves, as immutable values; the subset
construction (vectorised), reversal, Brzozowski's minimisation, and inclusion and
equivalence by antichains, without determinising.

An :class:`NFA` has states 0 … n−1; sets of states are Python integers used as bitmasks
(bit q for state q).  ``successors[q][i]`` is the set δ(q, alphabet[i]); ``initial`` and
``accepting`` are sets.  The regex front end builds Glushkov's position automaton
(:func:`attnlogic.automata.regex.regex_to_nfa`).

Subsets as bytes
----------------
The successor set of a set S under a letter is the union of δ(q, a) over q ∈ S.  With the
states cut into bytes, it is the union over the bytes j of S of a table entry
``post[a][j][byte_j(S)]`` (256 entries per byte, each the union for that byte's states),
so one letter costs ⌈n/8⌉ lookups, and for n ≤ 62 states a whole frontier of subsets
(int64 codes) is advanced by numpy gathers in :func:`determinize`.

Antichains (De Wulf, Doyen, Henzinger and Raskin, CAV 2006)
------------------------------------------------------------
L(A) ⊆ L(B) fails iff some word leads A to an accepting state p while the subset
construction of B is in a set S with no accepting state.  The search explores pairs
(p, S) breadth-first, one layer (word length) at a time; a pair (p, S) is dropped when a
pair (p, S') with S' ⊆ S is kept from the same or an earlier layer: every word that leads
from (p, S) to a counterexample leads from (p, S') to one (S' ⊆ S stays a subset along
any word), no longer.  So the first counterexample found is a shortest one (not always
the shortlex-least: a pair may give way to a smaller set reached by a later word of the
same length), and B is never determinised beyond the subsets that matter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from attnlogic.kernel.errors import InputError, LimitExceeded
from attnlogic.kernel.limits import DEFAULT_STATE_LIMIT as _STATE_LIMIT, renamed_parameters

from .dfa import DFA
from .operations import explore
from .minimize import canonical

__all__ = ["NFA", "determinize", "reverse", "brzozowski", "inclusion_counterexample",
           "shortest_distinguishing_word", "equivalent", "from_dfa", "subset_bfs",
           "DEFAULT_STATE_LIMIT"]

#: the one state bound of every construction (:data:`attnlogic.kernel.limits.DEFAULT_STATE_LIMIT`)
DEFAULT_STATE_LIMIT = _STATE_LIMIT


@dataclass(frozen=True)
class NFA:
    """An ε-free NFA: ``successors[q][i]`` = δ(q, alphabet[i]) as a bitmask; ``initial``
    and ``accepting`` bitmasks over the ``n_states`` states."""

    alphabet: tuple[str, ...]
    successors: tuple[tuple[int, ...], ...]
    initial: int
    accepting: int

    @property
    def n_states(self) -> int:
        return len(self.successors)

    @property
    def n_letters(self) -> int:
        return len(self.alphabet)

    def accepts(self, word: Sequence[str]) -> bool:
        index = {a: i for i, a in enumerate(self.alphabet)}
        S = self.initial
        for letter in word:
            if letter not in index:
                raise InputError(f"letter {letter!r} is not in the alphabet {list(self.alphabet)}")
            S = _post_slow(self, S, index[letter])
        return bool(S & self.accepting)


def _post_slow(nfa: NFA, S: int, a: int) -> int:
    out = 0
    while S:
        low = S & -S
        out |= nfa.successors[low.bit_length() - 1][a]
        S ^= low
    return out


def _byte_tables(nfa: NFA) -> list[list[list[int]]]:
    """``tables[a][j][b]`` = ⋃ δ(q, a) over the states q = 8j + i with bit i of b set."""
    n = nfa.n_states
    out = []
    for a in range(nfa.n_letters):
        per_byte = []
        for j in range(0, n, 8):
            row = [0] * 256
            for b in range(1, 256):
                low = b & -b
                i = low.bit_length() - 1
                q = j + i
                row[b] = row[b ^ low] | (nfa.successors[q][a] if q < n else 0)
            per_byte.append(row)
        out.append(per_byte)
    return out


class _Post:
    """Successor sets of subsets, by byte tables (Python integers of any width), filled
    lazily: entry ``(a, j, b)`` is computed (as the union of at most eight successor sets)
    the first time byte j of a subset equals b under letter a, so a search that meets few
    subsets (an antichain check) never pays for the full 256-entry tables."""

    def __init__(self, nfa: NFA):
        self.succ = nfa.successors
        self.n = nfa.n_states
        self.tables = [[{} for _ in range(0, self.n, 8)] for _ in range(nfa.n_letters)]

    def __call__(self, S: int, a: int) -> int:
        out = 0
        j = 0
        for row in self.tables[a]:
            b = S & 255
            if b:
                v = row.get(b)
                out |= v if v is not None else self._fill(row, a, j, b)
            S >>= 8
            if not S:
                break
            j += 1
        return out

    def _fill(self, row: dict, a: int, j: int, b: int) -> int:
        out, base, bits = 0, 8 * j, b
        while bits:
            low = bits & -bits
            out |= self.succ[base + low.bit_length() - 1][a]
            bits ^= low
        row[b] = out
        return out


def from_dfa(dfa: DFA) -> NFA:
    """The DFA as an NFA (same states, singleton successor sets)."""
    T = dfa.transitions.tolist()
    succ = tuple(tuple(1 << t for t in row) for row in T)
    acc = 0
    for q in np.flatnonzero(dfa.accepting).tolist():
        acc |= 1 << q
    return NFA(dfa.alphabet, succ, 1 << dfa.initial, acc)


def reverse(nfa: NFA) -> NFA:
    """The NFA of the mirror language: edges reversed, initial and accepting swapped."""
    n, k = nfa.n_states, nfa.n_letters
    pred = [[0] * k for _ in range(n)]
    for q, row in enumerate(nfa.successors):
        bit = 1 << q
        for a, S in enumerate(row):
            while S:
                low = S & -S
                pred[low.bit_length() - 1][a] |= bit
                S ^= low
    return NFA(nfa.alphabet, tuple(tuple(r) for r in pred), nfa.accepting, nfa.initial)


def determinize(nfa: NFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The subset construction over the reachable subsets, numbered in BFS order (the
    empty set, when reachable, is the rejecting sink).  Not minimised.

    Up to 62 NFA states the subsets are int64 codes and each BFS layer is advanced for all
    its subsets at once (byte-table gathers, :func:`~.operations.explore`); beyond, one
    subset at a time on Python integers.  :class:`LimitExceeded` beyond ``state_limit``
    subsets.
    """

    k = nfa.n_letters
    if nfa.n_states <= 62:
        tables = [np.array(t, dtype=np.int64) for t in _byte_tables(nfa)]

        def step(codes):
            out = np.zeros((codes.size, k), dtype=np.int64)
            for a, tab in enumerate(tables):
                acc = out[:, a]
                for j in range(tab.shape[0]):
                    acc |= tab[j][(codes >> (8 * j)) & 255]
            return out

        codes, table = explore(nfa.initial, step, state_limit, "subset-construction states")
        accepting = (codes & nfa.accepting) != 0
        return DFA._trusted(nfa.alphabet, table, 0, accepting)
    post = _Post(nfa)
    order, table = subset_bfs(nfa.initial, post, k, state_limit, "subset-construction states",
                              "the subset construction blew up; simplify the input")
    accepting = np.array([bool(S & nfa.accepting) for S in order], dtype=bool)
    return DFA._trusted(nfa.alphabet, table, 0, accepting)


def subset_bfs(initial, post, k: int, state_limit: int, what: str, hint: str):
    """The subset construction as a breadth-first search, whatever a subset is (any hashable
    value: a bitmask, a frozenset): ``post(S, a)`` is the successor subset of S under the
    letter a.  Returns ``(order, table)``: the reachable subsets in BFS order (``initial``
    first, letters in order) and the int64 transition table over their indices.
    :class:`LimitExceeded` (``what``, ``hint``) when more than ``state_limit`` subsets are
    reached."""
    index = {initial: 0}
    order = [initial]
    rows: list[list[int]] = []
    i = 0
    while i < len(order):
        S = order[i]
        i += 1
        row = []
        for a in range(k):
            T = post(S, a)
            j = index.get(T)
            if j is None:
                j = len(order)
                if j >= state_limit:
                    raise LimitExceeded(what, state_limit, hint, ("state_limit",))
                index[T] = j
                order.append(T)
            row.append(j)
        rows.append(row)
    return order, np.array(rows, dtype=np.int64).reshape(len(order), k)


def brzozowski(nfa: NFA, state_limit: int = DEFAULT_STATE_LIMIT,
               mirror_limit: int | None = None) -> DFA:
    """The minimal DFA by Brzozowski's double reversal: determinising the reversal of an
    accessible DFA of the mirror language yields a minimal DFA (Brzozowski 1962), here
    renumbered canonically (BFS, letters in alphabet order).  ``mirror_limit`` bounds the
    first determinisation (default ``state_limit``; LimitExceeded beyond)."""

    mirror = determinize(reverse(nfa), state_limit if mirror_limit is None
                         else min(state_limit, mirror_limit))
    return canonical(determinize(reverse(from_dfa(mirror)), state_limit))


def _aligned(a: NFA, b: NFA) -> NFA:
    if a.alphabet == b.alphabet:
        return b
    if set(a.alphabet) != set(b.alphabet):
        raise InputError(f"alphabets differ: {list(a.alphabet)} and {list(b.alphabet)}")
    cols = [b.alphabet.index(x) for x in a.alphabet]
    return NFA(a.alphabet, tuple(tuple(row[c] for c in cols) for row in b.successors),
               b.initial, b.accepting)


@renamed_parameters(limit="state_limit")
def inclusion_counterexample(a: NFA, b: NFA, state_limit: int = DEFAULT_STATE_LIMIT) -> tuple | None:
    """A shortest word of L(a) ∖ L(b), or None when L(a) ⊆ L(b): the antichain search of
    the module docstring (at most ``state_limit`` pairs made, else LimitExceeded)."""
    b = _aligned(a, b)
    post_b = _Post(b)
    k = a.n_letters
    succ_a = a.successors
    Fa, Fb = a.accepting, b.accepting
    kept: list[list[int]] = [[] for _ in range(a.n_states)]   # the antichain, per state of a
    # nodes (p, S, word): words[i] = (parent word, letter); the nodes of one word are
    # contiguous and in shortlex order (children are made word by word, letter by letter)
    words: list[tuple[int, int]] = [(-1, -1)]
    layer = []
    p_bits = a.initial
    while p_bits:
        low = p_bits & -p_bits
        p = low.bit_length() - 1
        p_bits ^= low
        kept[p].append(b.initial)
        layer.append((p, b.initial, 0))
    total = len(layer)
    while layer:
        for p, S, w in layer:
            if (Fa >> p) & 1 and not (S & Fb):
                out = []
                while words[w][0] >= 0:
                    out.append(a.alphabet[words[w][1]])
                    w = words[w][0]
                return tuple(reversed(out))
        nxt = []
        i = 0
        while i < len(layer):
            j = i
            while j < len(layer) and layer[j][2] == layer[i][2]:
                j += 1
            for x in range(k):
                wid = -1
                for p, S, w in layer[i:j]:
                    targets = succ_a[p][x]
                    if not targets:
                        continue
                    T = post_b(S, x)
                    while targets:
                        low = targets & -targets
                        r = low.bit_length() - 1
                        targets ^= low
                        chain = kept[r]
                        if any(not (U & ~T) for U in chain):      # some kept U ⊆ T: subsumed
                            continue
                        kept[r] = [U for U in chain if T & ~U] + [T]   # drop supersets of T
                        if wid < 0:
                            wid = len(words)
                            words.append((w, x))
                        nxt.append((r, T, wid))
                        total += 1
                        if total > state_limit:
                            raise LimitExceeded("antichain pairs", state_limit,
                                                "the automata are too large to compare", ("state_limit",))
            i = j
        # a node whose set lost its place in the antichain to a smaller set found later in
        # the same layer is dropped (that set's node does at least as well, at the same depth)
        layer = [node for node in nxt if node[1] in kept[node[0]]]
    return None


@renamed_parameters(limit="state_limit")
def shortest_distinguishing_word(a: NFA, b: NFA, state_limit: int = DEFAULT_STATE_LIMIT) -> tuple | None:
    """A shortest word in exactly one of L(a), L(b), or None: the shorter (then the
    lexicographically smaller) of the two inclusion counterexamples."""
    u = inclusion_counterexample(a, b, state_limit)
    v = inclusion_counterexample(_aligned(a, b), a, state_limit)
    found = [w for w in (u, v) if w is not None]
    if not found:
        return None
    order = {x: i for i, x in enumerate(a.alphabet)}
    return min(found, key=lambda w: (len(w), [order[x] for x in w]))


@renamed_parameters(limit="state_limit")
def equivalent(a: NFA, b: NFA, state_limit: int = DEFAULT_STATE_LIMIT) -> bool:
    """L(a) = L(b), by two antichain inclusion checks (the second only if the first holds)."""
    return (inclusion_counterexample(a, b, state_limit) is None
            and inclusion_counterexample(_aligned(a, b), a, state_limit) is None)
