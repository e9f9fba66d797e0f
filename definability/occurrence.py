"""Occurrence of window types: L = O ψ, or its complement, with ψ in LTL[Y<=k] of depth ≤ D
— a sufficient condition for LTL[P,Y<=k], decided exactly for this form.

The depth-D *window type* of a position is its type without P (docs/decision-procedures.md
§4.1): ω_0(i) = (w_i), ω_j(i) = (w_i, {ω_{j−1}(m) : max(1, i−k) ≤ m < i}); it depends only on
the last D·k letters before i and on whether the word is shorter.  Call a type *outside* when
it occurs at some position of some word not in L (a letter position i of w ∉ L depends on
w_1…w_i only, so: of some prefix that some word outside L extends; the N+1 position of some
w ∉ L), and let B be the types that are not outside.

**Proposition.** L = O ψ for some ψ ∈ LTL[Y<=k] of depth ≤ D iff every word of L has a
position 1 … N+1 whose depth-D window type is in B; then

    φ = P(⋁_{τ ∈ B, a letter type} χ(τ)) ∨ ⋁_{τ ∈ B, an N+1 type} χ(τ)

defines L (χ as in :func:`.types.type_formulas`), a formula of LTL[P,Y<=k] of depth D+1.

*Proof.* ψ is a Boolean combination of depth-≤D window formulas, so its truth at a position
is a function of the position's depth-D window type.  If L = O ψ, the types where ψ holds
occur in no word outside L (such a word would satisfy O ψ), so they lie in B, and every word
of L has one.  Conversely, with φ as above: a word outside L has all its types outside B,
so φ is false on it; a word of L has a position with type in B, where the χ of that type
holds (χ(τ) holds exactly at the positions of type τ among the letter positions, resp. at
N+1), so φ holds.  ∎

The complement form ¬O ψ (L^c = O ψ) is the same with L and L^c exchanged.  Both are decided
by one breadth-first search of the product of the window-type automaton (state: the type
vectors of the last k positions) with the DFA, and, for each form, one search restricted to
the positions of types outside B: the form holds iff it reaches no word of L (resp. L^c).
The procedure is exact for these forms; when neither holds it says nothing about LTL[P,Y<=k]
(the full type automaton with P decides each depth, :func:`.types.type_automaton`).
Shortest-word search order, bounded by ``limit`` product states (LimitExceeded) and by the
memory budget (MemoryBudgetExceeded).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from ..automata.operations import complement
from ..errors import DEFAULT_MEMORY_BUDGET, LimitExceeded, MemoryBudgetExceeded
from ..ltl.formula import FALSE, TRUE, Formula, Not, Past, or_
from .types import _ENTRY_OVERHEAD, _SAMPLE_EVERY, _interner, _MemoryEstimate, type_formulas

__all__ = ["OccurrenceResult", "occurrence_forms"]


@dataclass(frozen=True)
class OccurrenceResult:
    """``definable``: L = O ψ (``negated`` False) or L = ¬O ψ (``negated`` True) with ψ of
    window depth ``depth``; ``formula`` (None when not asked for or not definable);
    ``states``: product states explored."""

    depth: int
    definable: bool
    negated: bool
    formula: Formula | None
    states: int


def occurrence_forms(dfa, k: int, depth: int, limit: int, build_formula: bool = True,
                     memory_budget: int | None = None) -> OccurrenceResult:
    """Decide whether L(dfa) = O ψ or L(dfa) = ¬O ψ for some ψ ∈ LTL[Y<=k] of window depth
    ≤ ``depth`` (module docstring), with the defining formula of LTL[P,Y<=k] (depth + 1)."""
    budget = DEFAULT_MEMORY_BUDGET if memory_budget is None else memory_budget
    t = np.asarray(dfa.transitions)
    nA = t.shape[1]
    accepting = np.asarray(dfa.accepting, dtype=bool)
    # reach[side][q]: from q some word of L (side 1) / outside L (side 0) can be completed
    reach = (complement(dfa).coreachable(), dfa.coreachable())
    D = depth
    intern, info = _interner()      # id -> (j, letter index or -1, window ids, frozenset())
    none = frozenset()

    def vector(a: int, window: tuple) -> tuple:
        v = [intern((0, a, (), none))]
        for j in range(1, D + 1):
            v.append(intern((j, a, frozenset(u[j - 1] for u in window), none)))
        return tuple(v)

    start = ((), dfa.initial)
    index = {start: 0}
    states = [start]
    edges: list[list[tuple[int, int]]] = []       # per state: (type id, next state) by letter
    ends: list[int] = []                          # per state: the N+1 type id
    realised: list[set[int]] = [set() for _ in range(D + 1)]
    # occurs[side]: the type ids occurring at a position of some word on that side of L
    occurs: tuple[set[int], set[int]] = (set(), set())
    sizes = _MemoryEstimate(_ENTRY_OVERHEAD)
    sizes.sample(start)
    i = 0
    while i < len(states):
        window, q = states[i]
        i += 1
        end = vector(-1, window)[D]
        ends.append(end)
        occurs[int(accepting[q])].add(end)
        out = []
        for a in range(nA):
            v = vector(a, window)
            for j in range(D + 1):
                realised[j].add(v[j])
            r = int(t[q, a])
            for side in (0, 1):
                if reach[side][r]:
                    occurs[side].add(v[D])
            nxt = ((window + (v,))[-k:], r)
            s = index.get(nxt)
            if s is None:
                s = index[nxt] = len(states)
                states.append(nxt)
                if len(states) > limit:
                    raise LimitExceeded(f"window-type occurrence automaton at depth {D}", limit,
                                        "lower max_depth or raise limit", ("max_depth", "limit"))
                if len(states) % _SAMPLE_EVERY == 0:
                    sizes.sample(nxt)
                    needed = sizes.bytes(len(states)) * (nA + 1)
                    if needed > budget:
                        raise MemoryBudgetExceeded(
                            f"the window-type occurrence automaton at depth {D} ({len(states)} states so far)",
                            needed, budget)
            out.append((v[D], s))
        edges.append(out)

    top = sorted({typ for out in edges for typ, _ in out} | set(ends))
    pos = {typ: n for n, typ in enumerate(top)}
    for negated in (False, True):
        side = 0 if negated else 1       # the side of L that must hit B
        outside = occurs[1 - side]       # types occurring on the other side: not in B
        on_side = [bool(accepting[q]) == bool(side) for _, q in states]
        in_b = sum(1 << pos[typ] for typ in top if typ not in outside)
        # the form holds iff no word on `side` has all its positions' types outside B
        if _escape(edges, ends, on_side, pos, in_b, in_b) is not None:
            continue
        formula = None
        if build_formula:
            formula = _formula(dfa.alphabet, k, info, realised, D, outside, edges, ends, negated,
                               on_side, top, pos)
        return OccurrenceResult(D, True, negated, formula, len(states))
    return OccurrenceResult(D, False, False, None, len(states))


def _formula(A, k, info, realised, D, outside, edges, ends, negated, on_side, top, pos) -> Formula:
    """The form's formula: the compact cover of :func:`_cover` when it finds one, else the
    type disjunctions of the Proposition (always correct, often large)."""
    letter_types = {typ for out in edges for typ, _ in out}
    end_types = set(ends)
    chi = type_formulas(A, k, False, info, realised)
    found = _cover(A, k, info, D, outside, edges, ends, on_side, letter_types, end_types, chi, top, pos)
    if found is not None:
        letters, at_end = found
    else:
        letters = _disjunction(chi, letter_types, outside)
        at_end = _disjunction(chi, end_types, outside)
    phi = or_(FALSE if letters is FALSE else Past(letters), at_end)
    return Not(phi) if negated else phi


def _disjunction(chi, realised_here: set[int], outside: set[int]) -> Formula:
    """⋁ χ over the types of ``realised_here`` in B, or, when shorter, the negation of the
    disjunction over those outside B (the χ are exhaustive at letter positions, resp. N+1)."""
    inside = sorted(realised_here - outside)
    rest = sorted(realised_here & outside)
    if not rest:
        return TRUE if inside else FALSE
    pos, neg = FALSE, FALSE
    for i in inside:
        pos = or_(pos, chi(i))
    for i in rest:
        neg = or_(neg, chi(i))
    return pos if pos.size <= neg.size + 1 else Not(neg)


#: the compact cover enumerates window formulas up to this many nodes, keeping at most
#: COVER_MAX_FORMULAS semantically distinct ones (truth on every realised depth-D type)
COVER_MAX_SIZE = 11
COVER_MAX_FORMULAS = 60_000
#: ... and adds at most this many disjuncts
COVER_MAX_PARTS = 400


def _cover(A, k, info, D, outside, edges, ends, on_side, letter_types, end_types, chi, top, pos):
    """A small ψ for the form, by counterexample-guided cover: enumerate formulas of
    LTL[Y<=k] bottom-up by size, each represented by its truth on the realised depth-D
    window types (a bitset; a formula of depth < D is true at a (D−1)-type σ iff it is true
    at any D-type projecting to σ, so Y[<=k] g is computed from the bitset of g); keep the
    *safe* ones (false on every type outside B, at letter positions for P(·), at N+1 for the
    end disjunct); then, while the restricted search of :func:`occurrence_forms` finds a word
    on the form's side avoiding the types covered so far, add the smallest safe formula
    true at one of that word's types (ties: the one covering most types of B), or, when no
    enumerated one is, χ(τ) of a type τ ∈ B of the word (:func:`.types.type_formulas`; the
    word has one, as the form holds).  Returns (letter disjunction, N+1 disjunction), or
    None when the cover passes COVER_MAX_PARTS disjuncts (the caller then writes the type
    disjunctions)."""
    from ..ltl.formula import And, Atom, Or, Yesterday

    full = (1 << len(top)) - 1
    letter_mask = sum(1 << pos[t] for t in letter_types)
    end_mask = sum(1 << pos[t] for t in end_types)
    out_letters = sum(1 << pos[t] for t in letter_types & outside)
    out_ends = sum(1 << pos[t] for t in end_types & outside)
    # the (D−1)-type of each D-type (its projection), and for each (D−1)-type the bitset of
    # the D-types whose window holds it (for Y[<=k]) and one D-letter-type projecting to it
    proj_memo: dict[int, tuple] = {}

    def key_of(i: int) -> tuple:
        if i not in proj_memo:
            j, a, W, _ = info[i]
            proj_memo[i] = (0, a) if j <= 1 else (j - 1, a, frozenset(key_of(s) for s in W))
        return proj_memo[i]

    def lower_key(i: int) -> tuple:      # the key of a (D−1)-type id from its own entry
        j, a, W, _ = info[i]
        return (0, a) if j == 0 else (j, a, frozenset(key_of(s) for s in W))

    rep: dict[tuple, int] = {}
    for t in letter_types:
        rep.setdefault(key_of(t), pos[t])
    holders: dict[tuple, int] = {}
    for t in top:
        for s in info[t][2]:
            kk = lower_key(s)
            holders[kk] = holders.get(kk, 0) | (1 << pos[t])
    lower = [(1 << rep[kk], mask) for kk, mask in holders.items() if kk in rep]

    def yesterday(bits: int) -> int:
        out = 0
        for r, mask in lower:
            if bits & r:
                out |= mask
        return out

    # bottom-up enumeration: by_size[n] = [(bits, formula)], one formula per bitset
    seen: dict[int, Formula] = {}
    by_size: list[list[tuple[int, Formula]]] = [[] for _ in range(COVER_MAX_SIZE + 1)]

    def add(bits: int, f: Formula) -> None:
        if bits not in seen and len(seen) < COVER_MAX_FORMULAS:
            seen[bits] = f
            by_size[f.size].append((bits, f))

    safe_letter: list[tuple[int, int, Formula]] = []     # (size, bits, formula), by size
    safe_end: list[tuple[int, int, Formula]] = []
    level = [1]                     # the next size to enumerate

    def keep(n: int) -> None:
        for bits, f in by_size[n]:
            if bits & out_letters == 0 and bits & letter_mask:
                safe_letter.append((n, bits, f))
            if bits & out_ends == 0 and bits & end_mask:
                safe_end.append((n, bits, f))

    def grow() -> bool:
        """Enumerate the formulas of the next size (sizes are enumerated only as the cover
        needs them); False when the bounds are reached."""
        n = level[0]
        if n > COVER_MAX_SIZE or len(seen) >= COVER_MAX_FORMULAS:
            return False
        if n == 1:
            for a, name in enumerate(A):
                add(sum(1 << pos[t] for t in top if info[t][1] == a), Atom(name))
        for bits, f in by_size[n - 1] if n > 1 else ():
            add(full & ~bits, Not(f))
            if f.depth < D:
                add(yesterday(bits), Yesterday(f, k))
        for m in range(1, (n - 1) // 2 + 1):
            for b1, f1 in by_size[m]:
                for b2, f2 in by_size[n - 1 - m]:
                    add(b1 & b2, And(f1, f2))
                    add(b1 | b2, Or(f1, f2))
        keep(n)
        level[0] = n + 1
        return True

    chosen_letter: list[Formula] = []
    chosen_end: list[Formula] = []
    cov_letter = cov_end = 0
    good_letter, good_end = letter_mask & ~out_letters, end_mask & ~out_ends
    while True:
        path = _escape(edges, ends, on_side, pos, cov_letter, cov_end)
        if path is None:
            break
        letters_on, end_on = path
        best = _best(safe_letter, safe_end, letters_on, end_on, good_letter & ~cov_letter,
                     good_end & ~cov_end)
        while best is None and grow():
            best = _best(safe_letter, safe_end, letters_on, end_on, good_letter & ~cov_letter,
                         good_end & ~cov_end)
        if best is None:
            if len(chosen_letter) + len(chosen_end) >= COVER_MAX_PARTS:
                return None
            best = _type_part(top, pos, letters_on & good_letter, end_on & good_end, chi)
        _, _, where, bits, f = best
        if where == "letter":
            chosen_letter.append(f)
            cov_letter |= bits
        else:
            chosen_end.append(f)
            cov_end |= bits
    letters = FALSE
    for f in chosen_letter:
        letters = or_(letters, f)
    at_end = FALSE
    for f in chosen_end:
        at_end = or_(at_end, f)
    return letters, at_end


def _best(safe_letter, safe_end, letters_on: int, end_on: int, new_letter: int, new_end: int):
    """The smallest safe formula true at one of the escaping word's types (letter positions
    for the P disjunct, N+1 for the end one), ties broken by the most types of B not yet
    covered: (size, −new types, where, bits, formula), or None."""
    best = None
    for where, safe, on, new in (("letter", safe_letter, letters_on, new_letter),
                                 ("end", safe_end, end_on, new_end)):
        for size, bits, f in safe:
            if best is not None and size > best[0]:
                break
            if bits & on:
                score = (size, -bin(bits & new).count("1"))
                if best is None or score < best[:2]:
                    best = (size, score[1], where, bits, f)
    return best


def _type_part(top, pos, letters_on: int, end_on: int, chi):
    """The disjunct χ(τ) for the first type τ ∈ B among the word's letter types (else its N+1
    type), with the bitset of that single type, in the shape of the cover's candidates."""
    for where, bits in (("letter", letters_on), ("end", end_on)):
        if bits:
            i = (bits & -bits).bit_length() - 1
            return (0, 0, where, 1 << i, chi(top[i]))
    raise AssertionError("a word on the form's side with no type in B")  # pragma: no cover


def _escape(edges, ends, on_side, pos, cov_letter: int, cov_end: int):
    """A shortest word on the form's side whose positions avoid the covered types (bitsets
    over ``pos``: ``cov_letter`` at letter positions, ``cov_end`` at N+1): the bitsets of its
    letter types and of its N+1 type, or None.  With the covered types = B this is the
    restricted search that decides the form; with a partial cover, the next counterexample
    of the cover synthesis."""
    parent = {0: None}
    queue = deque([0])
    while queue:
        s = queue.popleft()
        if on_side[s] and not (cov_end >> pos[ends[s]]) & 1:
            bits, r = 0, s
            while parent[r] is not None:
                r, typ = parent[r]
                bits |= 1 << pos[typ]
            return bits, 1 << pos[ends[s]]
        for typ, r in edges[s]:
            if not (cov_letter >> pos[typ]) & 1 and r not in parent:
                parent[r] = (s, typ)
                queue.append(r)
    return None
