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

**Two levels** (``inner_depth`` = D1): the same with the *enriched* letter (w_i, E_i) at each
position, E_i = the set of depth-D1 window types of the letter positions before i.  A
formula over enriched letters is a formula over the letters and the atoms P χ(σ) (σ a
depth-D1 window type: P χ(σ) holds at i iff σ ∈ E_i), so the Proposition, read over
enriched letters, decides L = O ψ with ψ ∈ LTL[Y<=k] of depth ≤ D over the letters and the
P θ, θ ∈ LTL[Y<=k] of depth ≤ D1 — formulas of depth D + D1 + 2, for languages where a
local picture must come after another one (one global head reading another's output).
The product state adds the window of depth-D1 vectors and E (interned).

**Marks** (``marks`` = (θ_1, …, θ_r), formulas of LTL[Y<=k] of window depth ≤ D1): the same
with the enriched letter (w_i, M_i), M_i = {b : θ_b holds at some letter position before i}
instead of E_i (M_i is a function of E_i, so this decides L = O ψ with ψ of window depth ≤ D
over the letters and the atoms P θ_b only — a subform of the two-level form whose product
has 2^r values of M instead of the subsets of depth-D1 types, which explode at D1 = 2).  The
truth of θ_b at a letter position is read off its depth-D1 window type (Y[<=k] χ holds at a
type of depth j iff χ holds at one of its window's types of depth j − 1).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from ...automata.operations import complement
from ...kernel.errors import LimitExceeded, MemoryBudgetExceeded
from ...kernel.limits import DEFAULT_MEMORY_BUDGET
from ...ltl.formula import FALSE, TRUE, And, Atom, Const, Formula, Not, Or, Past, Yesterday, and_, and_all, or_
from ..algebra.types import (_ENTRY_OVERHEAD, _SAMPLE_EVERY, _interner, _MemoryEstimate, type_formulas,
                    types_disjunction)

__all__ = ["OccurrenceResult", "occurrence_forms"]


@dataclass(frozen=True)
class OccurrenceResult:
    """``definable``: L = O ψ (``negated`` False) or L = ¬O ψ (``negated`` True) with ψ of
    window depth ``depth`` (over the letters and, when ``inner_depth`` is set, the atoms
    P θ with θ of window depth ``inner_depth``); ``formula`` (None when not asked for or
    not definable); ``states``: product states explored."""

    depth: int
    definable: bool
    negated: bool
    formula: Formula | None
    states: int
    inner_depth: int | None = None


def _letter(label) -> int:
    """The letter index of a type label: the label itself (one level) or its first component
    (two levels: (letter, E id)); -1 at N+1."""
    return label if isinstance(label, int) else label[0]


def occurrence_forms(dfa, k: int, depth: int, limit: int, build_formula: bool = True,
                     memory_budget: int | None = None,
                     inner_depth: int | None = None, marks: tuple = ()) -> OccurrenceResult:
    """Decide whether L(dfa) = O ψ or L(dfa) = ¬O ψ for some ψ ∈ LTL[Y<=k] of window depth
    ≤ ``depth`` — over the letters, or with ``inner_depth`` = D1 over the letters and the
    atoms P θ, θ of window depth ≤ D1 (module docstring) — with the defining formula of
    LTL[P,Y<=k].  With ``marks`` (θ_1, …, θ_r) the atoms are P θ_b instead (module docstring;
    ``inner_depth`` defaults to their greatest window depth)."""
    marks = tuple(marks)
    if marks:
        deepest = max(_window_depth(m, k) for m in marks)
        inner_depth = deepest if inner_depth is None else inner_depth
        if deepest > inner_depth:
            raise ValueError(f"a mark has window depth {deepest} > inner_depth {inner_depth}")
    budget = DEFAULT_MEMORY_BUDGET if memory_budget is None else memory_budget
    t = np.asarray(dfa.transitions)
    nA = t.shape[1]
    accepting = np.asarray(dfa.accepting, dtype=bool)
    # reach[side][q]: from q some word of L (side 1) / outside L (side 0) can be completed
    reach = (complement(dfa).coreachable(), dfa.coreachable())
    D, D1 = depth, inner_depth
    none = frozenset()
    intern, info = _interner()       # id -> (j, label, window ids, frozenset())
    intern1, info1 = _interner()     # the inner level's window types (two levels)
    sets, set_list = {none: 0}, [none]   # E (inner types of the letters read) -> its id

    def vector(label, window: tuple, depth_: int, intern_) -> tuple:
        v = [intern_((0, label, (), none))]
        for j in range(1, depth_ + 1):
            v.append(intern_((j, label, frozenset(u[j - 1] for u in window), none)))
        return tuple(v)

    truth: dict = {}

    def holds(f: Formula, typ: int) -> bool:
        """θ at a position of inner type ``typ`` (θ of window depth ≤ the type's depth)."""
        key = (f, typ)
        if key not in truth:
            j, label, window, _ = info1[typ]
            if isinstance(f, Atom):
                v = label == letters[f.name]
            elif isinstance(f, Const):
                v = f.value
            elif isinstance(f, Not):
                v = not holds(f.arg, typ)
            elif isinstance(f, And):
                v = holds(f.left, typ) and holds(f.right, typ)
            elif isinstance(f, Or):
                v = holds(f.left, typ) or holds(f.right, typ)
            elif isinstance(f, Yesterday) and f.k == k and j > 0:
                v = any(holds(f.arg, w) for w in window)
            else:
                raise ValueError(f"a mark must be a formula of LTL[Y<={k}] of window depth ≤ D1: {f}")
            truth[key] = v
        return truth[key]

    letters = {name: n for n, name in enumerate(dfa.alphabet)}

    bits_of: dict[int, int] = {}

    def mark_bits(typ: int) -> int:
        """The marks holding at a position of inner type ``typ``, as a bit set (memoised)."""
        bits = bits_of.get(typ)
        if bits is None:
            bits = bits_of[typ] = sum(1 << b for b, m in enumerate(marks) if holds(m, typ))
        return bits

    # a state: (window of outer vectors, q) or (inner window, E id, outer window, q)
    start = ((), dfa.initial) if D1 is None else ((), 0, (), dfa.initial)
    index = {start: 0}
    states = [start]
    edges: list[list[tuple[int, int]]] = []       # per state: (type id, next state) by letter
    ends: list[int] = []                          # per state: the N+1 type id
    realised: list[set[int]] = [set() for _ in range(D + 1)]
    realised1: list[set[int]] = [set() for _ in range((D1 or 0) + 1)]
    # occurs[side]: the type ids occurring at a position of some word on that side of L
    occurs: tuple[set[int], set[int]] = (set(), set())
    sizes = _MemoryEstimate(_ENTRY_OVERHEAD)
    sizes.sample(start)
    i = 0
    while i < len(states):
        state = states[i]
        i += 1
        q = state[-1]
        if D1 is None:
            window = state[0]
            label_of = lambda a: a          # noqa: E731 - the one-level label is the letter
        else:
            inner, e, window = state[0], state[1], state[2]
            label_of = lambda a, e=e: (a, e)  # noqa: E731
        end = vector(label_of(-1), window, D, intern)[D]
        ends.append(end)
        occurs[int(accepting[q])].add(end)
        out = []
        for a in range(nA):
            v = vector(label_of(a), window, D, intern)
            for j in range(D + 1):
                realised[j].add(v[j])
            r = int(t[q, a])
            for side in (0, 1):
                if reach[side][r]:
                    occurs[side].add(v[D])
            if D1 is None:
                nxt = ((window + (v,))[-k:], r)
            else:
                u = vector(a, inner, D1, intern1)
                for j in range(D1 + 1):
                    realised1[j].add(u[j])
                if marks:
                    e2 = e | mark_bits(u[D1])
                else:
                    grown = set_list[e] | {u[D1]}
                    e2 = sets.setdefault(grown, len(set_list))
                    if e2 == len(set_list):
                        set_list.append(grown)
                nxt = ((inner + (u,))[-k:], e2, (window + (v,))[-k:], r)
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
        on_side = [bool(accepting[st[-1]]) == bool(side) for st in states]
        in_b = sum(1 << pos[typ] for typ in top if typ not in outside)
        # the form holds iff no word on `side` has all its positions' types outside B
        if _escape(edges, ends, on_side, pos, in_b, in_b) is not None:
            continue
        formula = None
        if build_formula:
            level = _Level(dfa.alphabet, k, D, info, realised, top, pos)
            if D1 is not None:
                level.enrich(_Level(dfa.alphabet, k, D1, info1, realised1,
                                    sorted(realised1[D1]), None), set_list, marks)
            formula = _formula(level, outside, edges, ends, on_side, negated)
        return OccurrenceResult(D, True, negated, formula, len(states), D1)
    return OccurrenceResult(D, False, False, None, len(states), D1)


class _Level:
    """The realised window types of one level (``info``: id → (j, label, window ids, ∅)),
    their exact formulas χ and the enumeration of small formulas as bitsets over the
    depth-D types ``top`` (``pos``: id → bit).  With :meth:`enrich` the labels carry the id
    of E, the set of the inner level's types seen before, read by the atoms P θ."""

    def __init__(self, A, k, D, info, realised, top, pos):
        self.A, self.k, self.D, self.info, self.realised = A, k, D, info, realised
        self.top = top
        self.pos = pos if pos is not None else {t: n for n, t in enumerate(top)}
        self.inner = None
        self._chi = None

    def enrich(self, inner: "_Level", set_list: list, marks: tuple = ()) -> None:
        """The inner level and E by id (the labels of this level are (letter, E id)); with
        ``marks`` the label's second part is the bitmask M of the marks seen instead."""
        self.inner, self.set_list, self.marks = inner, set_list, tuple(marks)

    def chi(self, i: int) -> Formula:
        """χ(τ) for the type id i: exact at letter positions (resp. N+1); two levels add, for
        each realised inner type σ at letter positions, P χ_inner(σ) or its negation."""
        if self._chi is None:
            if self.inner is None:
                self._chi = type_formulas(self.A, self.k, False, self.info, self.realised)
            else:
                self._chi = self._enriched_chi()
        return self._chi(i)

    def _enriched_chi(self):
        inner, A, k = self.inner, self.A, self.k
        R = [sorted(r) for r in self.realised]
        R1 = sorted(inner.realised[inner.D])
        memo: dict[int, Formula] = {}
        pmemo: dict[int, Formula] = {}

        def ppart(e: int) -> Formula:
            if e not in pmemo and self.marks:
                pmemo[e] = and_all(Past(m) if e >> b & 1 else Not(Past(m)) for b, m in enumerate(self.marks))
            if e not in pmemo:
                f = TRUE
                for s in R1:
                    g = Past(inner.chi(s))
                    f = and_(f, g if s in self.set_list[e] else Not(g))
                pmemo[e] = f
            return pmemo[e]

        def chi(i: int) -> Formula:
            if i not in memo:
                j, (a, e), W, _ = self.info[i]
                f = and_(Atom(A[a]) if a >= 0 else TRUE, ppart(e))
                for s in (R[j - 1] if j > 0 else ()):
                    g = Yesterday(chi(s), k)
                    f = and_(f, g if s in W else Not(g))
                memo[i] = f
            return memo[i]

        return chi

    def atoms(self) -> list[tuple[int, Formula]]:
        """(bitset over ``top``, formula) of the letters and, with an inner level, of P θ for
        the inner formulas θ of at most INNER_MAX_SIZE nodes (distinct bitsets only)."""
        out = []
        for a, name in enumerate(self.A):
            out.append((sum(1 << self.pos[t] for t in self.top if _letter(self.info[t][1]) == a),
                        Atom(name)))
        if self.inner is not None and self.marks:
            for b, m in enumerate(self.marks):
                out.append((sum(1 << self.pos[t] for t in self.top if self.info[t][1][1] >> b & 1), Past(m)))
        elif self.inner is not None:
            sees = {}                     # E id -> bitset of the inner types in it
            for e, E in enumerate(self.set_list):
                sees[e] = sum(1 << self.inner.pos[s] for s in E if s in self.inner.pos)
            enum = _Enumerator(self.inner, self.inner.atoms(), INNER_MAX_SIZE)
            while enum.grow():
                pass
            for bits1, (g, _) in enum.seen.items():
                bits = sum(1 << self.pos[t] for t in self.top if sees[self.info[t][1][1]] & bits1)
                out.append((bits, Past(g)))
        return out


#: the compact cover enumerates window formulas up to this many nodes, keeping at most
#: COVER_MAX_FORMULAS semantically distinct ones (truth on every realised depth-D type)
COVER_MAX_SIZE = 11
COVER_MAX_FORMULAS = 60_000
#: ... and adds at most this many disjuncts
COVER_MAX_PARTS = 400
#: the formulas θ of the atoms P θ of two-level covers have at most this many nodes
INNER_MAX_SIZE = 5


class _Enumerator:
    """Formulas of LTL[Y<=k] over ``atoms`` ((bitset, formula) pairs), bottom-up by size,
    one per bitset over the level's depth-D types: a formula's bitset is its truth on them.
    A formula of window depth < D is true at a (D−1)-type σ iff it is true at any D-type
    projecting to σ, which gives Y[<=k] on bitsets; atoms have window depth 0 (a letter, or
    P θ, which reads the E of the label)."""

    def __init__(self, level: _Level, atoms, max_size: int):
        self.level, self.max_size = level, max_size
        info, top, pos = level.info, level.top, level.pos
        self.full = (1 << len(top)) - 1
        canon_memo: dict[int, tuple] = {}
        proj_memo: dict[int, tuple] = {}

        def canon(i: int) -> tuple:        # a type, as a key independent of the interning
            if i not in canon_memo:
                j, a, W, _ = info[i]
                canon_memo[i] = (0, a) if j == 0 else (j, a, frozenset(canon(s) for s in W))
            return canon_memo[i]

        def proj(i: int) -> tuple:         # the key of the (j−1)-type of the same position
            if i not in proj_memo:
                j, a, W, _ = info[i]
                proj_memo[i] = (0, a) if j == 1 else (j - 1, a, frozenset(proj(s) for s in W))
            return proj_memo[i]

        rep: dict[tuple, int] = {}
        for t in top:
            if _letter(info[t][1]) >= 0:
                rep.setdefault(proj(t), pos[t])
        holders: dict[tuple, int] = {}
        for t in top:
            for s in info[t][2]:
                kk = canon(s)
                holders[kk] = holders.get(kk, 0) | (1 << pos[t])
        self.lower = [(1 << rep[kk], mask) for kk, mask in holders.items() if kk in rep]
        self.seen: dict[int, tuple[Formula, int]] = {}        # bitset -> (formula, window depth)
        self.by_size: list[list[tuple[int, Formula, int]]] = [[] for _ in range(max_size + 1)]
        self.pending = sorted(atoms, key=lambda x: x[1].size)
        self.next_size = 1

    def _yesterday(self, bits: int) -> int:
        out = 0
        for r, mask in self.lower:
            if bits & r:
                out |= mask
        return out

    def _add(self, bits: int, f: Formula, wd: int) -> None:
        if bits not in self.seen and len(self.seen) < COVER_MAX_FORMULAS and f.size <= self.max_size:
            self.seen[bits] = (f, wd)
            self.by_size[f.size].append((bits, f, wd))

    def grow(self) -> list[tuple[int, Formula, int]] | None:
        """The formulas of the next size (enumerated only as needed), or None at the bounds."""
        n = self.next_size
        if n > self.max_size or len(self.seen) >= COVER_MAX_FORMULAS:
            return None
        while self.pending and self.pending[0][1].size <= n:
            bits, f = self.pending.pop(0)
            self._add(bits, f, 0)
        for bits, f, wd in list(self.by_size[n - 1]) if n > 1 else ():
            self._add(self.full & ~bits, Not(f), wd)
            if wd < self.level.D:
                self._add(self._yesterday(bits), Yesterday(f, self.level.k), wd + 1)
        for m in range(1, (n - 1) // 2 + 1):
            for b1, f1, w1 in self.by_size[m]:
                for b2, f2, w2 in self.by_size[n - 1 - m]:
                    self._add(b1 & b2, And(f1, f2), max(w1, w2))
                    self._add(b1 | b2, Or(f1, f2), max(w1, w2))
        self.next_size = n + 1
        return self.by_size[n]


def _formula(level: _Level, outside, edges, ends, on_side, negated) -> Formula:
    """The form's formula: the compact cover of :func:`_cover` when it finds one, else the
    type disjunctions of the Proposition (always correct, often large)."""
    letter_types = {typ for out in edges for typ, _ in out}
    end_types = set(ends)
    found = _cover(level, outside, edges, ends, on_side, letter_types, end_types)
    if found is not None:
        letters, at_end = found
    else:
        letters, at_end = (types_disjunction(level.chi, sorted(here - outside), sorted(here & outside))
                           for here in (letter_types, end_types))
    phi = or_(FALSE if letters is FALSE else Past(letters), at_end)
    return Not(phi) if negated else phi


def _cover(level: _Level, outside, edges, ends, on_side, letter_types, end_types):
    """A small ψ for the form, by counterexample-guided cover: formulas are enumerated
    bottom-up by size as bitsets over the realised types (:class:`_Enumerator`); the *safe*
    ones are false on every type outside B (at letter positions for P(·), at N+1 for the end
    disjunct); while the restricted search of :func:`occurrence_forms` finds a word on the
    form's side avoiding the types covered so far, the smallest safe formula true at one of
    that word's types is added (ties: the one covering most types of B), or, when no
    enumerated one is, χ(τ) of a type τ ∈ B of the word (the word has one, as the form
    holds).  Returns (letter disjunction, N+1 disjunction), or None when the cover passes
    COVER_MAX_PARTS disjuncts (the caller then writes the type disjunctions)."""
    pos, top = level.pos, level.top
    letter_mask = sum(1 << pos[t] for t in letter_types)
    end_mask = sum(1 << pos[t] for t in end_types)
    out_letters = sum(1 << pos[t] for t in letter_types & outside)
    out_ends = sum(1 << pos[t] for t in end_types & outside)
    enum = _Enumerator(level, level.atoms(), COVER_MAX_SIZE)
    safe_letter: list[tuple[int, int, Formula]] = []     # (size, bits, formula), by size
    safe_end: list[tuple[int, int, Formula]] = []

    def grow() -> bool:
        new = enum.grow()
        if new is None:
            return False
        for bits, f, _ in new:
            if bits & out_letters == 0 and bits & letter_mask:
                safe_letter.append((f.size, bits, f))
            if bits & out_ends == 0 and bits & end_mask:
                safe_end.append((f.size, bits, f))
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
            best = _type_part(top, letters_on & good_letter, end_on & good_end, level.chi)
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


def _type_part(top, letters_on: int, end_on: int, chi):
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


def _window_depth(f: Formula, k: int) -> int:
    """The nesting depth of Y[<=k] in a formula of LTL[Y<=k] (ValueError for other operators)."""
    if isinstance(f, (Atom, Const)):
        return 0
    if isinstance(f, Not):
        return _window_depth(f.arg, k)
    if isinstance(f, (And, Or)):
        return max(_window_depth(f.left, k), _window_depth(f.right, k))
    if isinstance(f, Yesterday) and f.k == k:
        return 1 + _window_depth(f.arg, k)
    raise ValueError(f"a mark must be a formula of LTL[Y<={k}]: {f}")


def mark_candidates(alphabet, k: int, depth: int, max_size: int, limit: int) -> list[Formula]:
    """Formulas θ of LTL[Y<=k] of window depth ≤ ``depth`` (letters, true, ¬, ∧, Y[<=k]) of at
    most ``max_size`` nodes, smallest first, one per truth function at letter positions
    (none equivalent to a letter, a constant or a negated letter: P of those adds nothing to
    LTL[P]), at most ``limit`` of them.  A window formula
    of depth ≤ D at a letter position i reads w_max(1,i−D·k) … w_i only, so its truth function
    is its truth at every position of every word of 1 … D·k + 1 letters (each such position
    is the last one of a prefix, itself such a word); these are computed bottom-up as
    vectors over those positions."""
    from itertools import product

    letters = tuple(alphabet)
    words = [w for n in range(1, depth * k + 2) for w in product(range(len(letters)), repeat=n)]
    label = np.array([a for w in words for a in w])
    npos = len(label)
    window = np.full((npos, k), npos)            # index npos: a false sentinel
    p = 0
    for w in words:
        for i in range(len(w)):
            for j in range(max(0, i - k), i):
                window[p, j - i + k] = p - i + j
            p += 1

    def yesterday(v):
        return np.append(v, False)[window].any(axis=1)

    atoms = [(Atom(a), 0, label == n) for n, a in enumerate(letters)] + [(TRUE, 0, np.ones(npos, bool))]
    by_size: list[list] = [[], atoms]
    seen = {v.tobytes() for _, _, v in atoms}
    # kept for building larger formulas, but no mark: P ¬a, P false add nothing to LTL[P]
    trivial = seen | {(~v).tobytes() for _, _, v in atoms}
    out: list[Formula] = []
    for size in range(2, max_size + 1):
        level = []
        for f, d, v in by_size[size - 1]:
            level.append((Not(f), d, ~v))
            if d < depth:
                level.append((Yesterday(f, k), d + 1, yesterday(v)))
        for ls in range(1, size - 1):
            for f, d, v in by_size[ls]:
                for g, e, u in by_size[size - 1 - ls]:
                    level.append((And(f, g), max(d, e), v & u))
        kept = []
        for f, d, v in level:
            key = v.tobytes()
            if key not in seen:
                seen.add(key)
                kept.append((f, d, v))
                if key in trivial:
                    continue
                out.append(f)
                if len(out) >= limit:
                    return out
        by_size.append(kept)
    return out
