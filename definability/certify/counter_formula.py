"""The LTL[P,MOD] formula of a DFA whose strongly connected components are counters
(docs/decision-procedures.md §12.4, the "if" half of the theorem).

A *counter* component C of a DFA is one where every state has at most one successor inside
C: C is a single state (with or without loops) or a simple cycle c_0 → c_1 → … → c_{p−1} →
c_0 (every letter that stays in C moves c_i to c_{i+1 mod p}).  Its period p is |C| for a
cycle and 1 for a single state.  The run of a word visits a chain of components, each once
(the components form a DAG), and inside a counter the state is a function of the state it
entered in and of how many letters were read since: if the run entered C in c_j at the
position t ≡ ρ (mod p), its state at the position i (before reading w_i) is
c_{(j + i − ρ) mod p} for as long as it stays in C.  The position i of w = w_1 … w_N runs over
1 … N+1, the state at i being δ(q_0, w_1 … w_{i−1}); a formula is read at N+1.

A visit is therefore described by its *entry* (C, κ), κ = (j − ρ) mod p: its state at a
position ≡ σ (mod p) is c_{(κ+σ) mod p}.  For each entry that some run makes (found
breadth-first from (C_0, q_0 at the position 1)):

* ``leave(C, κ)`` = ⋁_σ MOD[p,σ] ∧ ⋁{a : c_{(κ+σ) mod p}·a ∉ C} a — at a letter position
  where the run is in C by that entry, the letter leaves C (letters and MOD atoms only);
* ``enter(C, κ)`` (C not the initial component) = ⋁ in(C', κ') ∧ MOD[M,τ] ∧ a over the
  entries (C', κ') of other components, M = lcm(p', p), τ ∈ Z_M and letters a with
  c'_{(κ'+τ) mod p'}·a = c_j and j − (τ + 1) ≡ κ (mod p) — true exactly at the (unique)
  letter position whose letter brings the run into C by that entry;
* ``in(C, κ)`` = ¬P leave(C_0, κ_0) for the initial entry, and P enter ∧ ¬P(leave ∧ P enter)
  otherwise — the run is in C by that entry at the current position: it entered before (and
  only once), and no letter since has left C.  (P enter at a position t says t is after the
  entry, so the leave events looked at are those of this visit.)

By induction along the DAG each ``in`` and ``enter`` is exact, and the formula
⋁_{(C,κ)} in(C, κ) ∧ ⋁{MOD[p,σ] : c_{(κ+σ) mod p} accepting} read at N+1 defines the
DFA's language.  It uses P, letters and MOD atoms only (MOD[1,·] is folded to true, so a
partially ordered DFA gets an LTL[P] formula).  The formula is a DAG (hash-consed); it is
checked exactly by the caller.
"""

from __future__ import annotations

from math import gcd

import numpy as np

from ...automata.graphs import dfa_sccs
from ...ltl.formula import TRUE, Atom, Formula, Mod, and_, and_all, not_, or_all, past_

__all__ = ["Counter", "counters", "counter_formula"]


class Counter:
    """One counter component: its states in cycle order (``cycle[i]`` moves to
    ``cycle[i+1]`` inside the component), its period ``p`` and whether it is initial."""

    __slots__ = ("cycle", "p", "members")

    def __init__(self, cycle: tuple):
        self.cycle = cycle
        self.p = len(cycle)
        self.members = frozenset(cycle)


def counters(dfa) -> list[Counter] | None:
    """The counter components of ``dfa`` (a cycle order of each), or None when some state
    has two different successors inside its own component."""
    table = np.asarray(dfa.transitions).tolist()
    sccs = dfa_sccs(dfa)
    comp = sccs.component.tolist()
    out = []
    for members in sccs.members:
        inside = {q: {r for r in table[q] if comp[r] == comp[q]} for q in members}
        if any(len(s) > 1 for s in inside.values()):
            return None
        if len(members) == 1:
            out.append(Counter((members[0],)))
            continue
        cycle, q = [members[0]], next(iter(inside[members[0]]))
        while q != members[0]:
            cycle.append(q)
            q = next(iter(inside[q]))
        out.append(Counter(tuple(cycle)))
    return out


def _mod(p: int, r: int) -> Formula:
    return TRUE if p == 1 else Mod(p, r)


def counter_formula(dfa) -> Formula | None:
    """The LTL[P,MOD] formula of L(dfa) by its counter components (module docstring), or
    None when some component is not a counter."""
    parts = counters(dfa)
    if parts is None:
        return None
    table = np.asarray(dfa.transitions).tolist()
    accepting = np.asarray(dfa.accepting, dtype=bool).tolist()
    letters = [Atom(a) for a in dfa.alphabet]
    of_state = {q: (c, i) for c, part in enumerate(parts) for i, q in enumerate(part.cycle)}

    def state(entry, sigma):
        """The state at a position ≡ sigma (mod p) of the visit by ``entry``."""
        c, delta = entry
        part = parts[c]
        return part.cycle[(delta + sigma) % part.p]

    def leave(entry) -> Formula:
        c = entry[0]
        part = parts[c]
        return or_all(and_(_mod(part.p, sigma), or_all(letters[a] for a, r in enumerate(table[state(entry, sigma)])
                                                       if r not in part.members))
                      for sigma in range(part.p))

    c0, j0 = of_state[int(dfa.initial)]
    start = (c0, (j0 - 1) % parts[c0].p)
    # the entries some run makes, and for each the moves into it: (entry before, a modulus M
    # multiple of both periods, the residue τ mod M of the letter's position, the letter)
    into: dict = {start: []}
    todo = [start]
    while todo:
        entry = todo.pop()
        c = entry[0]
        part = parts[c]
        for sigma in range(part.p):                    # e ≡ sigma (mod p): the state at e
            for a, r in enumerate(table[state(entry, sigma)]):
                if r in part.members:
                    continue
                c2, j2 = of_state[r]
                p2 = parts[c2].p
                lcm = part.p * p2 // gcd(part.p, p2)
                for tau in range(sigma, lcm, part.p):      # e ≡ tau (mod lcm): the next entry's residue
                    nxt = (c2, (j2 - tau - 1) % p2)
                    if nxt not in into:
                        into[nxt] = []
                        todo.append(nxt)
                    into[nxt].append((entry, lcm, tau, a))
    inside: dict = {}

    def in_(entry) -> Formula:
        # the entries into a component come from components before it (a DAG), so the
        # recursion ends; each entry's formula is built once
        if entry not in inside:
            if entry == start:
                inside[entry] = not_(past_(leave(entry)))
            else:
                enter = or_all(and_all((in_(before), _mod(lcm, tau), letters[a]))
                               for before, lcm, tau, a in into[entry])
                inside[entry] = and_(past_(enter), not_(past_(and_(leave(entry), past_(enter)))))
        return inside[entry]

    accept = []
    for entry in sorted(into):
        part = parts[entry[0]]
        ok = [sigma for sigma in range(part.p) if accepting[state(entry, sigma)]]
        if ok:
            accept.append(and_(in_(entry), or_all(_mod(part.p, sigma) for sigma in ok)))
    return or_all(accept)
