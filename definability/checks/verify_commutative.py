"""Independent checks of COM separation answers (definability/separation/commutative_separation.py),
from the DFAs, the printed numbers and the words alone — no decider code, no lattice algebra.

For a threshold t ≥ 0 and a modulus m ≥ 1, counts x, y ∈ N are equivalent, x ≡_{t,m} y, when
x = y < t or x, y ≥ t and x ≡ y (mod m); Parikh vectors are equivalent when every letter's
counts are.  The class of x is written (min(x, t), x mod m).  A commutative regular language
is a finite union of classes of ≡_{t,m} on the Parikh vectors for some t, m
(docs/decision-procedures.md §11.12).

* the separator: K = the words whose class is in a list is built here as its own counter DFA
  (:func:`commutative_dfa`: per letter a counter 0, 1, …, t + m − 1 that falls back from
  t + m − 1 to t, (t + m)^k states), on which L1 ⊆ K and K ∩ L2 = ∅ are checked by the
  caller; the claim "(t, m) is the least" by the class sets of every earlier pair
  (:func:`earlier_pair`, a breadth-first search of each DFA times the counters);
* the proof of "not separable" (:func:`check_commutative_family`): words u1 ∈ L1, u2 ∈ L2 and
  loop words γ inserted at positions of u1 (of u2), each looping on the state its DFA reaches
  there, with integer counts c, such that ψ(u1) + Σ c·ψ(γ) = ψ(u2) + Σ c'·ψ(γ') exactly and
  the loops of each side use the same letters S.  Then for every t, m the words w_i(t, m) =
  u_i with each γ inserted (c mod m) + m·t times are in L_i (a loop leaves the run's state
  unchanged), and w1 ≡_{t,m} w2: a letter outside S is on no loop, so its counts are ψ(u1)_a
  = ψ(u2)_a (the identity there); a letter a ∈ S is on some loop of each side, inserted at
  least m·t ≥ t times, so both counts are ≥ t, and they agree modulo m by the identity.  So
  every commutative language holds both or neither.  The check re-runs the DFAs on the loops
  and on w_i(t, m) for (t, m) in :data:`CHECKED_PAIRS`, and compares the classes.
"""

from __future__ import annotations

import numpy as np

from ...automata.dfa import DFA
from ...kernel.errors import LimitExceeded
from .verify_parikh import identity_problem, parikh, pumped_word

__all__ = ["COM_CLASSES", "COM_FAMILY", "CHECKED_PAIRS", "count_class", "word_class", "commutative_dfa",
           "check_commutative_family", "earlier_pairs", "earlier_pair"]

#: certificate kind of a COM separator, witness kind of its "no"
COM_CLASSES = "threshold-modulus classes"
COM_FAMILY = "commutative family"
#: the (threshold, modulus) pairs at which a family's words are re-run
CHECKED_PAIRS = ((0, 1), (1, 1), (1, 2), (2, 3), (3, 2), (2, 5), (4, 4), (3, 7))


def count_class(x: int, t: int, m: int) -> tuple:
    """The class of the count x under ≡_{t,m}: (min(x, t), x mod m)."""
    return (min(int(x), t), int(x) % m)


def word_class(word, k: int, t: int, m: int) -> tuple:
    """The class of a word's Parikh vector: one (min(x_a, t), x_a mod m) per letter."""
    return tuple(count_class(x, t, m) for x in parikh(word, k))


def commutative_dfa(alphabet, t: int, m: int, classes) -> DFA:
    """The DFA of the words whose class is in ``classes``: state Σ c_j·(t + m)^j for the
    letters' counters c_j (the count while below t + m, then t + ((count − t) mod m))."""
    k, base = len(alphabet), t + m
    size = base ** k
    states = np.arange(size, dtype=np.int64)
    table = np.empty((size, k), dtype=np.int64)
    for j in range(k):
        digit = (states // base ** j) % base
        table[:, j] = states + (np.where(digit + 1 < base, digit + 1, t) - digit) * base ** j
    acc = np.zeros(size, dtype=bool)
    for cls in classes:
        if len(cls) != k:
            raise ValueError(f"a class of {len(cls)} letters, not {k}")
        index = 0
        for j, (low, r) in enumerate(cls):
            low, r = int(low), int(r)
            if not (0 <= low <= t and 0 <= r < m and (low == t or low % m == r)):
                raise ValueError(f"({low}, {r}) is no class of counts at threshold {t}, modulus {m}")
            digit = low if low < t else t + (r - t) % m
            index += digit * base ** j
        acc[index] = True
    return DFA(tuple(alphabet), table, 0, acc)


def _run(d: DFA, q: int, word) -> int:
    for a in word:
        q = int(d.transitions[q, a])
    return q


def check_commutative_family(d1: DFA, d2: DFA, u1, loops1, u2, loops2) -> str | None:
    """None when the family holds (module docstring), else what fails.  ``loops``: triples
    (position in u, loop word, integer count)."""
    if {a for _, loop, _ in loops1 for a in loop} != {a for _, loop, _ in loops2 for a in loop}:
        return "the loops of L1 and of L2 do not use the same letters"
    problem, k = identity_problem(d1, d2, u1, loops1, u2, loops2), len(d1.alphabet)
    if problem:
        return problem
    for t, m in CHECKED_PAIRS:
        # each loop (count mod m) + m·t times (pumped_word reduces the count modulo its m: here none)
        w1 = pumped_word(u1, [(p, g, (int(c) % m) + m * t) for p, g, c in loops1], 1 << 62)
        w2 = pumped_word(u2, [(p, g, (int(c) % m) + m * t) for p, g, c in loops2], 1 << 62)
        if not d1.accepting[_run(d1, d1.initial, w1)] or not d2.accepting[_run(d2, d2.initial, w2)]:
            return f"a pumped word at t = {t}, m = {m} is not in its language"
        if word_class(w1, k, t, m) != word_class(w2, k, t, m):
            return f"the pumped words at t = {t}, m = {m} are in different classes"
    return None


def _class_set(d: DFA, t: int, m: int) -> set:
    """The classes of ψ(L): the reachable (state, class vector) pairs, level by level."""
    k = len(d.alphabet)
    tr = np.asarray(d.transitions)

    def bump(c):
        low, r = c
        return (min(low + 1, t), (r + 1) % m)
    frontier = {(int(d.initial), tuple(count_class(0, t, m) for _ in range(k)))}
    seen = set(frontier)
    while frontier:
        frontier = {(int(tr[q, a]), v[:a] + (bump(v[a]),) + v[a + 1:]) for q, v in frontier for a in range(k)} - seen
        seen |= frontier
    return {v for q, v in seen if d.accepting[q]}


def earlier_pairs(t: int, m: int):
    """The pairs (t', m') before (t, m) in the order of the search: t' + m' < t + m, or
    t' + m' = t + m and t' < t (t' ≥ 0, m' ≥ 1)."""
    for level in range(1, t + m + 1):
        for low in range(level):
            if (level, low) >= (t + m, t):
                return
            yield low, level - low


def earlier_pair(d1: DFA, d2: DFA, t: int, m: int, max_states: int):
    """A pair (t', m') before (t, m) at which the class sets of ψ(L1) and ψ(L2) are already
    disjoint (the claim "(t, m) is the least" refuted), or None; LimitExceeded when a product
    would pass ``max_states`` states."""
    k = len(d1.alphabet)
    for low, mod in earlier_pairs(t, m):
        if max(d1.n_states, d2.n_states) * (low + mod) ** k > max_states:
            raise LimitExceeded(f"states of the product with the counters at t = {low}, m = {mod} (type_states)",
                                max_states, "raise limit", parameters=("limit",))
        if not _class_set(d1, low, mod) & _class_set(d2, low, mod):
            return low, mod
    return None

