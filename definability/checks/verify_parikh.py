"""Independent checks of AMT separation answers (definability/separation/parikh_separation.py),
from the DFAs, the printed numbers and the words alone — no decider code, no lattice algebra.

* the separator: K = {w : ψ(w) mod m ∈ R} (ψ the Parikh vector, the count of each letter)
  is built here as its own counter DFA over (Z/m)^k (:func:`parikh_dfa`, m^k states), on
  which L1 ⊆ K and K ∩ L2 = ∅ are checked by the caller; the claim "m is the least" by the
  residue sets modulo every smaller m (:func:`smaller_modulus`, a breadth-first search of
  each DFA times the counter);
* the proof of "not separable" (:func:`check_parikh_family`): words u1 ∈ L1, u2 ∈ L2 and
  loop words γ inserted at positions of u1 (of u2), each looping on the state its DFA
  reaches there, with integer counts c such that ψ(u1) + Σ c·ψ(γ) = ψ(u2) + Σ c'·ψ(γ')
  exactly.  Then for every m, w_i(m) = u_i with each γ inserted (c mod m) times at its
  position is in L_i (a loop leaves the run's state unchanged) and ψ(w1(m)) ≡ ψ(w2(m))
  (mod m): every AMT language, a union of classes of ψ modulo some m, holds both or
  neither.  The check re-runs the DFAs on the loops and on w_i(m) for m in
  :data:`CHECKED_MODULI`, and compares the Parikh vectors modulo m.
"""

from __future__ import annotations

import numpy as np

from ...automata.dfa import DFA
from ...kernel.errors import LimitExceeded
from ...kernel.words import join_word

__all__ = ["PARIKH_RESIDUES", "PARIKH_FAMILY", "CHECKED_MODULI", "parikh", "parikh_dfa", "pumped_word",
           "check_parikh_family", "smaller_modulus", "side_problem", "loop_total", "identity_problem",
           "parikh_family_json", "parikh_family_parts"]

#: certificate kind of an AMT separator, witness kind of its "no"
PARIKH_RESIDUES = "parikh residues"
PARIKH_FAMILY = "parikh family"
#: the moduli at which a family's words are re-run: 1 … 12 and a few primes
CHECKED_MODULI = tuple(range(1, 13)) + (13, 17, 19, 23, 29, 31)


def parikh(word, k: int) -> tuple:
    """ψ(word): the number of occurrences of each of the k letters (letter indices)."""
    out = [0] * k
    for a in word:
        out[a] += 1
    return tuple(out)


def _index(vector, m: int) -> int:
    return sum((int(x) % m) * m ** j for j, x in enumerate(vector))


def parikh_dfa(alphabet, m: int, residues) -> DFA:
    """The DFA of {w : ψ(w) mod m ∈ R}: state Σ r_j·m^j for the residue vector r, letter j
    adding 1 to r_j modulo m."""
    if int(m) < 1:
        raise ValueError(f"the modulus is {m}: a modulus is at least 1")
    k = len(alphabet)
    size = m ** k
    states = np.arange(size, dtype=np.int64)
    table = np.empty((size, k), dtype=np.int64)
    for j in range(k):
        digit = (states // m ** j) % m
        table[:, j] = states + (((digit + 1) % m) - digit) * m ** j
    acc = np.zeros(size, dtype=bool)
    for r in residues:
        if len(r) != k:
            raise ValueError(f"a residue vector of length {len(r)}, not {k}")
        acc[_index(r, m)] = True
    return DFA(tuple(alphabet), table, 0, acc)


def _run(d: DFA, q: int, word) -> int:
    for a in word:
        q = int(d.transitions[q, a])
    return q


def pumped_word(u, loops, m: int) -> tuple:
    """u with each loop word inserted (count mod m) times at its position (positions of u;
    loops at one position in the order given)."""
    at: dict = {}
    for pos, loop, count in loops:
        at.setdefault(int(pos), []).append(tuple(loop) * (int(count) % m))
    out = []
    for i in range(len(u) + 1):
        for block in at.get(i, ()):
            out.extend(block)
        if i < len(u):
            out.append(u[i])
    return tuple(out)


def side_problem(d: DFA, u, loops, name: str) -> str | None:
    """What fails of "u ∈ L(d) and each loop (position, γ, c) of u loops where it is placed", or None."""
    if not d.accepting[_run(d, d.initial, u)]:
        return f"the base word is not in {name}"
    for pos, loop, _ in loops:
        if not 0 <= int(pos) <= len(u) or not loop:
            return f"a loop of {name} is empty or placed outside its word"
        q = _run(d, d.initial, u[:int(pos)])
        if _run(d, q, loop) != q:
            return f"a loop word of {name} does not loop on the state reached at position {pos}"
    return None


def loop_total(u, loops, k: int) -> list:
    """ψ(u) + Σ c·ψ(γ) over the loops (position, γ, c)."""
    v = list(parikh(u, k))
    for _, loop, count in loops:
        for j, x in enumerate(parikh(loop, k)):
            v[j] += int(count) * x
    return v


def identity_problem(d1: DFA, d2: DFA, u1, loops1, u2, loops2) -> str | None:
    """What fails of "u1 ∈ L1, u2 ∈ L2, each loop loops where it is placed, and ψ(u1) +
    Σ c·ψ(γ) = ψ(u2) + Σ c'·ψ(γ')", or None."""
    for d, u, loops, name in ((d1, u1, loops1, "L1"), (d2, u2, loops2, "L2")):
        problem = side_problem(d, u, loops, name)
        if problem:
            return problem
    k = len(d1.alphabet)
    if loop_total(u1, loops1, k) != loop_total(u2, loops2, k):
        return "the integer identity ψ(u1) + Σ c·ψ(γ) = ψ(u2) + Σ c'·ψ(γ') fails"
    return None


def check_parikh_family(d1: DFA, d2: DFA, u1, loops1, u2, loops2) -> str | None:
    """None when the family holds (module docstring), else what fails.  ``loops``: triples
    (position in u, loop word, integer count)."""
    k = len(d1.alphabet)
    problem = identity_problem(d1, d2, u1, loops1, u2, loops2)
    if problem:
        return problem
    for m in CHECKED_MODULI:
        w1, w2 = pumped_word(u1, loops1, m), pumped_word(u2, loops2, m)
        if not d1.accepting[_run(d1, d1.initial, w1)] or not d2.accepting[_run(d2, d2.initial, w2)]:
            return f"a pumped word at m = {m} is not in its language"
        if any((x - y) % m for x, y in zip(parikh(w1, k), parikh(w2, k))):
            return f"the pumped words at m = {m} have Parikh vectors that differ modulo {m}"
    return None


def _residue_set(d: DFA, m: int) -> set:
    """ψ(L) mod m: the reachable (state, residue vector) pairs, level by level."""
    k = len(d.alphabet)
    t = np.asarray(d.transitions)
    frontier = {(int(d.initial), (0,) * k)}
    seen = set(frontier)
    while frontier:
        frontier = {(int(t[q, a]), r[:a] + ((r[a] + 1) % m,) + r[a + 1:]) for q, r in frontier
                    for a in range(k)} - seen
        seen |= frontier
    return {r for q, r in seen if d.accepting[q]}


def smaller_modulus(d1: DFA, d2: DFA, m: int, max_states: int) -> int | None:
    """A modulus m' < m at which ψ(L1) and ψ(L2) are already apart (the claim "m is the least"
    refuted), or None; LimitExceeded when a product would pass ``max_states`` states."""
    for smaller in range(1, m):
        if max(d1.n_states, d2.n_states) * smaller ** len(d1.alphabet) > max_states:
            raise LimitExceeded(f"states of the product with the counter modulo {smaller} (type_states)", max_states,
                                "raise limit", parameters=("limit",))
        if not _residue_set(d1, smaller) & _residue_set(d2, smaller):
            return smaller
    return None


def parikh_family_json(alphabet, u1, loops1, u2, loops2) -> dict:
    """A family's JSON: the two words and their loops ``{"at", "loop", "count"}`` (words as text)."""
    def w(word):
        return join_word([alphabet[a] for a in word], alphabet)

    def loops(side):
        return [{"at": int(p), "loop": w(g), "count": int(c)} for p, g, c in side]
    return {"kind": PARIKH_FAMILY, "in_L1": w(u1), "loops_L1": loops(loops1), "in_L2": w(u2), "loops_L2": loops(loops2)}


def parikh_family_parts(j: dict, w) -> tuple:
    """(u1, loops1, u2, loops2) of a family's JSON (``w`` reads a word as letter indices)."""
    def loops(side):
        return tuple((int(x["at"]), w(x["loop"]), int(x["count"])) for x in side)
    return w(j["in_L1"]), loops(j["loops_L1"]), w(j["in_L2"]), loops(j["loops_L2"])
