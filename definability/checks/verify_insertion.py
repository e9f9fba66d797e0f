"""The referee of Pol(MOD) separators (docs/decision-procedures.md §11.13): ↑_d L1, the words
v that have a word u of L1 below them — v is u with words of length ≡ 0 mod d inserted
anywhere, the ends included — built and searched here with none of the decider's code.

* :func:`closure_dfa` — the DFA of ↑_d L1: the subset construction of the automaton on the
  pairs (p, j), p a state of D1 and j ∈ Z_d the letters read so far inside an inserted block
  (j = 0: outside one): a letter either moves p (outside a block) or starts or continues a
  block (j + 1 mod d), p unchanged; accepting when j = 0 and p ∈ F1.
* :func:`insertion_closure_meets` — whether ↑_d L1 meets L2, by a breadth-first search on the
  triples (p, x, j) of D1 × D2 × Z_d with the same moves, D2 reading every letter.
* :func:`group_insertion_meets` — the same for Pol(GR)'s separators ↑_N L1, N the words acting
  as the identity in a permutation action (one permutation of 0 … P−1 per letter): the
  triples (p, x, g), g the permutation of the block open so far (the identity: none open).
"""

from __future__ import annotations

import numpy as np

from ...automata.dfa import DFA
from ...automata.nfa import subset_bfs
from ...kernel.errors import LimitExceeded

__all__ = ["INSERTION_CLOSURE", "GROUP_INSERTION_CLOSURE", "closure_dfa", "insertion_closure_meets",
           "group_insertion_meets", "group_closure_dfa"]

#: the kind of the Pol(MOD) separator's certificate in ``--json``
INSERTION_CLOSURE = "insertion closure"
#: the kind of Pol(GR)'s, with a permutation action
GROUP_INSERTION_CLOSURE = "group insertion closure"


def _moves(t1: np.ndarray, p: int, j: int, a: int, d: int) -> list:
    """The (p', j') after reading letter a from (p, j)."""
    if j == 0:
        return [(int(t1[p, a]), 0), (p, 1 % d)]
    return [(p, (j + 1) % d)]


def closure_dfa(d1: DFA, d: int, limit: int) -> DFA:
    """The minimal DFA of ↑_d L1 (LimitExceeded past ``limit`` subsets)."""
    if d < 1:
        raise ValueError("the modulus is at least 1")
    t1 = np.asarray(d1.transitions)

    def post(S, a):
        return frozenset(m for p, j in S for m in _moves(t1, p, j, a, d))
    order, table = subset_bfs(frozenset({(int(d1.initial), 0)}), post, t1.shape[1], limit,
                              "states of the DFA of the insertion closure ↑_d L1", "raise limit")
    acc = np.array([any(j == 0 and d1.accepting[p] for p, j in S) for S in order], dtype=bool)
    return DFA(d1.alphabet, table, 0, acc).minimal()


def insertion_closure_meets(d1: DFA, d2: DFA, d: int) -> bool:
    """Whether some v ∈ L2 is a u ∈ L1 with words of length ≡ 0 mod d inserted."""
    t1, t2 = np.asarray(d1.transitions), np.asarray(d2.transitions)
    k = t1.shape[1]
    start = (int(d1.initial), int(d2.initial), 0)
    seen = {start}
    todo = [start]
    while todo:
        p, x, j = todo.pop()
        if j == 0 and d1.accepting[p] and d2.accepting[x]:
            return True
        for a in range(k):
            y = int(t2[x, a])
            for q, i in _moves(t1, p, j, a, d):
                if (q, y, i) not in seen:
                    seen.add((q, y, i))
                    todo.append((q, y, i))
    return False


def group_insertion_meets(d1: DFA, d2: DFA, perms, limit: int) -> bool:
    """Whether some v ∈ L2 is a u ∈ L1 with words inserted that act as the identity under
    ``perms`` (letter a moves point q to perms[a][q]); LimitExceeded past ``limit`` triples."""
    t1, t2 = np.asarray(d1.transitions), np.asarray(d2.transitions)
    k = t1.shape[1]
    P = len(perms[0])
    if len(perms) != k or any(sorted(int(x) for x in row) != list(range(P)) for row in perms):
        raise ValueError("one permutation of the same points per letter is needed")
    identity = tuple(range(P))
    act = [tuple(int(x) for x in row) for row in perms]
    start = (int(d1.initial), int(d2.initial), identity)
    seen = {start}
    todo = [start]
    while todo:
        p, x, g = todo.pop()
        if g == identity and d1.accepting[p] and d2.accepting[x]:
            return True
        for a in range(k):
            y = int(t2[x, a])
            h = tuple(act[a][q] for q in g)           # g then a
            nxt = [(p, y, h)] + ([(int(t1[p, a]), y, identity)] if g == identity else [])
            for state in nxt:
                if state not in seen:
                    if len(seen) >= limit:
                        raise LimitExceeded("triples of the search of a group insertion closure", limit,
                                            "raise limit", ("limit",))
                    seen.add(state)
                    todo.append(state)
    return False


def group_closure_dfa(d1: DFA, perms, limit: int) -> DFA:
    """The minimal DFA of ↑_N L1 for the action ``perms`` (LimitExceeded past ``limit``
    subsets): the subset construction on the pairs (p, g), g the open block's permutation."""
    t1 = np.asarray(d1.transitions)
    identity = tuple(range(len(perms[0])))
    act = [tuple(int(x) for x in row) for row in perms]

    def post(S, a):
        out = set()
        for p, g in S:
            out.add((p, tuple(act[a][q] for q in g)))
            if g == identity:
                out.add((int(t1[p, a]), identity))
        return frozenset(out)
    order, table = subset_bfs(frozenset({(int(d1.initial), identity)}), post, t1.shape[1], limit,
                              "states of the DFA of the group insertion closure ↑_N L1", "raise limit")
    acc = np.array([any(g == identity and d1.accepting[p] for p, g in S) for S in order], dtype=bool)
    return DFA(d1.alphabet, table, 0, acc).minimal()
