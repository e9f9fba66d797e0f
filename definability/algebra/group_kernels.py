"""The G-kernels of a syntactic morphism φ: A* → M for the group classes G = MOD, AMT, GR.

**Definition** (Place–Zeitoun, "Group separation strikes back", LICS 2023, and their papers
on group-based hierarchies).  For a class G of group languages, the *G-kernel* of φ is the
set of s ∈ M such that {ε} and φ⁻¹(s) are not G-separable (no language of G contains ε and
misses φ⁻¹(s)).  It is a submonoid of M (1 = φ(ε) is in it; if u, v are inseparable from ε
with φ(u) = s, φ(v) = t, so is uv: a group language containing ε and missing φ⁻¹(st) would,
by its finite group recogniser, separate ε from φ⁻¹(s) or from φ⁻¹(t)) containing every
idempotent (e = φ(w^n) for n a multiple of any group's exponent).  MOD ⊆ AMT ⊆ GR, so the
GR-kernel ⊆ the AMT-kernel ⊆ the MOD-kernel.

* **GR** (all group languages).  By Ash's theorem (Ash 1991, "Inevitable graphs: a proof of
  the type II conjecture and some related decision procedures", the type-II conjecture of
  Rhodes) the GR-kernel is the *type-II submonoid*: the least submonoid K of M closed under
  weak conjugation — if s ∈ K and x̄·x·x̄ = x̄, then x·s·x̄ ∈ K and x̄·s·x ∈ K.
  :func:`gr_kernel` computes it by saturation on the monoid's table, each element with the
  step that derived it (:class:`Step`: the identity, a product of two earlier elements, or a
  weak conjugate of an earlier one), so that a third party re-derives it step by step.
* **AMT** (the letters' counts modulo d).  A language of AMT is {w : ψ(w) mod d ∈ R} (ψ the
  Parikh vector).  So s is in the AMT-kernel iff for every modulus d some word w with
  φ(w) = s has every letter count ≡ 0 mod d, i.e. the kernel is ⋂_d K_d with
  K_d = {φ(w) : ψ(w) ≡ 0 mod d} (the projection of the submonoid of M × (Z/d)^A reached by
  the letters, at residue 0).
* **MOD** (the length modulo d): the same with the length |w| in place of ψ(w), computed by
  lengths (below).

*Computing the AMT- and MOD-kernels exactly.*  The words w with φ(w) = s are the paths from
1 to s in the right Cayley graph of M.  Cutting a path at the strongly connected components
it passes (the R-classes), its weight vector ψ(w) (or |w|) lies in a coset b + Λ, Λ spanned
by the cycle vectors of the components passed, and modulo every d the weights of those
paths fill the whole coset (insert loops: the *density* argument of
:mod:`attnlogic.definability.separation.parikh_separation`, docs/decision-procedures.md
§11.10).  There are finitely many *types* (Λ, b + Λ) at each s, so s is in the kernel iff
some type at s has 0 ∈ b + Λ (the intersection over d of Λ + dZ^k is Λ: finitely generated
abelian groups are residually finite), and for s outside it every type is separated from 0
at some modulus (read off the Smith form of Λ, :func:`..algebra.lattices.quotient_image`):
their lcm D gives K_D = the kernel exactly (:func:`weighted_kernel` returns D, and the
re-check computes K_D by its own search).  Each element of the kernel carries a
:class:`ParikhProof`: a word u with φ(u) = s and loops γ_j inserted at positions p_j of u
(φ(u[:p_j]·γ_j) = φ(u[:p_j])) with integers c_j, Σ c_j·ψ(γ_j) = −ψ(u) — inserting γ_j
(c_j mod d) times gives, for each d, a word of φ⁻¹(s) with ψ ≡ 0 mod d.

*The MOD-kernel by lengths* (:func:`_length_levels`, the one computation of it, read by
:func:`length_kernel` on a DFA's maps and by :func:`mod_kernel` on a monoid's elements): with R_n
the set of the maps of the words of length n (R_0 = {1}, R_{n+1} = R_n·A), ultimately periodic —
R_{n+p} = R_n for n ≥ t, read at the first repetition —, the kernel is {1} ∪ R_N for N the least
positive multiple of p that is ≥ t (proof: docs/decision-procedures.md §13.5 — lengths ≥ t in
one residue class modulo p meet every residue class modulo every m that p's gcd allows).

Values are element indices of the monoid given as its table (``table[s, t]`` = s·t, first s
then t), its identity and the letters' images: a :class:`MonoidTable`.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import numpy as np

from ...automata.graphs import table_sccs
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from .lattices import combination, hermite, quotient_image, reduce, smith

__all__ = ["weighted_types", "meeting_family", "least_separating_modulus", "MonoidTable", "Step", "GroupKernel", "ParikhProof", "ModKernel", "gr_kernel", "amt_kernel", "mod_kernel",
           "length_kernel",
           "weighted_kernel", "parikh_proof", "weak_inverse_pairs", "kernel_at_modulus"]


@dataclass(frozen=True, eq=False)
class MonoidTable:
    """A finite monoid with a generating morphism: ``table[s, t]`` = s·t (element indices),
    ``one`` the identity, ``letters[a]`` = φ(a)."""

    table: np.ndarray
    one: int
    letters: tuple

    @property
    def size(self) -> int:
        return int(self.table.shape[0])

    def element(self, word) -> int:
        """φ(word) (letter indices)."""
        s = self.one
        for a in word:
            s = int(self.table[s, self.letters[a]])
        return s


@dataclass(frozen=True)
class Step:
    """How an element entered the GR-kernel: ``rule`` "one" (the identity), "product"
    (``args`` = (s, t): s·t) or "conjugate" (``args`` = (x, x̄, s, side): x·s·x̄ for side
    "x s x̄", x̄·s·x for "x̄ s x", where x̄·x·x̄ = x̄)."""

    rule: str
    args: tuple = ()


@dataclass(frozen=True)
class ParikhProof:
    """s = φ(word) is in the kernel of a weight (ψ for AMT, the length for MOD): inserting
    each loop (position p, loop word γ, integer c) — φ(word[:p]·γ) = φ(word[:p]) — c mod d
    times gives a word of φ⁻¹(s) of weight ≡ 0 mod d, for every d (the module docstring)."""

    word: tuple
    loops: tuple


@dataclass(frozen=True)
class GroupKernel:
    """The G-kernel of a :class:`MonoidTable`: ``base`` ("GR", "AMT" or "MOD"),
    ``members`` (a bool per element), ``how`` (element → its :class:`Step` for GR; for AMT
    the word and the entries (position, state) of a zero type, which :func:`parikh_proof`
    turns into a :class:`ParikhProof`; for MOD (word, ()) with the word ε or of a length
    N ≥ t divisible by p, :func:`mod_kernel`), ``modulus`` (AMT, MOD: a D with K_D = the
    kernel; None for GR), ``vectors`` (AMT, MOD: the letters' weights)."""

    base: str
    members: tuple
    how: dict
    modulus: int | None
    vectors: tuple = ()

    @property
    def elements(self) -> tuple:
        return tuple(i for i, m in enumerate(self.members) if m)


def weak_inverse_pairs(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(x, x̄) arrays of every pair of elements with x̄·x·x̄ = x̄."""
    n = table.shape[0]
    xb = np.arange(n)[:, None]
    mask = table[table[xb, np.arange(n)[None, :]], xb] == xb         # mask[x̄, x]
    xbar, x = np.nonzero(mask)
    return x.astype(np.int64), xbar.astype(np.int64)


def gr_kernel(m: MonoidTable, max_work: int | None = None) -> GroupKernel:
    """The GR-kernel (Ash's type-II submonoid) of ``m`` by saturation: from {1}, add the
    products of two elements and the weak conjugates x·s·x̄, x̄·s·x (x̄·x·x̄ = x̄) until
    nothing is new; each element with its :class:`Step`.  ``max_work``: the ``instantiations``
    budget; |M|² and |M| × (number of weak-inverse pairs), the products looked up, may be
    ``KERNEL_PRODUCTS_PER_INSTANTIATION`` times as many (LimitExceeded past it)."""
    T = np.asarray(m.table)
    n = T.shape[0]
    bound = None if max_work is None else max_work * _limits.KERNEL_PRODUCTS_PER_INSTANTIATION
    if bound is not None and n * n > bound:
        raise LimitExceeded("products for the GR-kernel's weak conjugates", bound,
                            "raise the budget instantiations of Limits", parameters=("instantiations",))
    X, XB = weak_inverse_pairs(T)
    if bound is not None and n * max(1, X.size) > bound:
        raise LimitExceeded("products for the GR-kernel's weak conjugates", bound,
                            "raise the budget instantiations of Limits", parameters=("instantiations",))
    member = np.zeros(n, dtype=bool)
    how: dict = {m.one: Step("one")}
    member[m.one] = True
    queue = deque([m.one])

    def add(cands: np.ndarray, step) -> None:
        fresh = np.flatnonzero(~member[cands])
        for j in fresh.tolist():
            c = int(cands[j])
            if not member[c]:
                member[c] = True
                how[c] = step(j)
                queue.append(c)

    while queue:
        s = queue.popleft()
        ks = np.flatnonzero(member)
        add(T[s, ks], lambda j: Step("product", (s, int(ks[j]))))
        add(T[ks, s], lambda j: Step("product", (int(ks[j]), s)))
        add(T[T[X, s], XB], lambda j: Step("conjugate", (int(X[j]), int(XB[j]), s, "x s x̄")))
        add(T[T[XB, s], X], lambda j: Step("conjugate", (int(X[j]), int(XB[j]), s, "x̄ s x")))
    return GroupKernel("GR", tuple(bool(b) for b in member), how, None)


# ---------------------------------------------------------------------------------------------
# the kernels of a weight: AMT (the Parikh vector) and MOD (the length)

def _weight(word, vectors, k: int) -> tuple:
    out = [0] * k
    for a in word:
        for j in range(k):
            out[j] += vectors[a][j]
    return tuple(out)


def _paths(T: np.ndarray, inside: set, s: int, forward: bool) -> dict:
    """Letter paths inside a component: from s to each state (``forward``), or into s."""
    paths = {s: ()}
    queue = deque([s])
    adj: dict = {}
    for p in inside:
        for a, q in enumerate(T[p].tolist()):
            if q in inside:
                adj.setdefault(p if forward else q, []).append((a, q if forward else p))
    while queue:
        cur = queue.popleft()
        for a, nxt in adj.get(cur, ()):
            if nxt not in paths:
                paths[nxt] = paths[cur] + (a,) if forward else (a,) + paths[cur]
                queue.append(nxt)
    return paths


def _loops(T: np.ndarray, inside: set, s: int, vectors, k: int) -> list:
    """Loop words on s spanning the cycle vectors of its component (tree out of s, an edge,
    tree back), kept when they enlarge the span."""
    fwd, back = _paths(T, inside, s, True), _paths(T, inside, s, False)
    loops = sorted({fwd[p] + (a,) + back[int(q)] for p in inside for a, q in enumerate(T[p].tolist())
                    if int(q) in inside}, key=lambda w: (len(w), w))
    kept, form = [], ()
    for w in loops:
        grown = hermite(form + (_weight(w, vectors, k),), k)
        if grown != form:
            kept.append(w)
            form = grown
    return kept


def least_separating_modulus(form, coset, k: int) -> int:
    """The least d ≥ 1 with 0 ∉ coset + Λ + dZ^k (coset ∉ Λ, Λ by its Hermite form)."""
    U, dd = smith(form, k) if form else (tuple(tuple(int(i == j) for j in range(k)) for i in range(k)), ())
    d = 1
    while not any(quotient_image(U, dd, coset, d)):
        d += 1
    return d


def weighted_types(m: MonoidTable, vectors, base: str, max_types: int) -> list:
    """The types (Λ, b + Λ) of the weights of the paths 1 → s of the right Cayley graph, for
    every s: ``types[s]`` maps (Hermite form of Λ, canonical b) to a word of that type and its
    entries (position, node) into the cyclic components it crosses (module docstring: the
    closure of the weights of the paths 1 → s is the union of their b + Λ).  LimitExceeded past
    ``max_types`` types."""
    T = np.asarray(m.table)[:, list(m.letters)]          # the right Cayley graph: s –a→ s·φ(a)
    n, k = T.shape[0], len(vectors[0]) if vectors else 0
    sccs = table_sccs(T)
    comp = sccs.component
    types: list = [dict() for _ in range(n)]               # s → {(form, coset): (word, entries)}
    entries: dict = {m.one: {((), (0,) * k): ((), ())}}
    count = 0
    for ci, members in enumerate(sccs.members):
        inside = set(members)
        cyclic = any(int(comp[q]) == ci for p in members for q in T[p].tolist())
        own = ()
        if cyclic:
            root = members[0]
            tree = _paths(T, inside, root, True)
            phi = {q: _weight(p, vectors, k) for q, p in tree.items()}
            own = hermite([tuple(phi[p][j] + vectors[a][j] - phi[int(q)][j] for j in range(k))
                           for p in members for a, q in enumerate(T[p].tolist()) if int(q) in inside], k)
        for s in members:
            if s not in entries:
                continue
            here_paths = _paths(T, inside, s, True) if cyclic else {s: ()}
            for (form, coset), (word, ent) in entries.pop(s).items():
                total = hermite(form + own, k)
                ent2 = ent + (((len(word), s),) if cyclic else ())
                for q, path in here_paths.items():
                    w = word + path
                    c = reduce(tuple(x + y for x, y in zip(coset, _weight(path, vectors, k))), total)
                    types[q].setdefault((total, c), (w, ent2))
                    for a, r in enumerate(T[q].tolist()):
                        if int(comp[r]) != ci:
                            nxt = reduce(tuple(x + v for x, v in zip(c, vectors[a])), total)
                            entries.setdefault(int(r), {}).setdefault((total, nxt), (w + (a,), ent2))
                    count += 1
                    if count > max_types:
                        raise LimitExceeded(f"types (subgroup, coset) of the {base}-kernel (type_states)", max_types,
                                            "raise limit", parameters=("limit",))
    return types


def weighted_kernel(m: MonoidTable, vectors, base: str, max_types: int) -> GroupKernel:
    """The kernel of the weight w ↦ Σ vectors[a] over the letters of w (module docstring):
    s in the kernel iff one of its :func:`weighted_types` holds 0, with a :class:`ParikhProof`;
    the modulus D of the elements outside.  LimitExceeded past ``max_types`` types."""
    types = weighted_types(m, vectors, base, max_types)
    n, k = len(types), len(vectors[0]) if vectors else 0
    members_mask, how, modulus = [], {}, 1
    for s in range(n):
        zero = next(((w, ent) for (form, c), (w, ent) in types[s].items() if not any(c)), None)
        members_mask.append(zero is not None)
        if zero is not None:
            how[s] = zero
        else:
            for (form, c) in types[s]:
                modulus = math.lcm(modulus, least_separating_modulus(form, c, k))
    return GroupKernel(base, tuple(members_mask), how, modulus, tuple(vectors))


def meeting_family(m: MonoidTable, vectors, side1, side2) -> tuple:
    """Two types that meet — (word, entries) of :func:`weighted_types` at two elements, with
    b1 − b2 ∈ Λ1 + Λ2 — as two words and their loops: (u, loops of u, v, loops of v), loops as
    (position, loop word, count), with weight(u) + Σ c·weight(γ) = weight(v) + Σ c'·weight(γ')
    (each loop loops on the node its word reaches at that position)."""
    k = len(vectors[0]) if vectors else 0
    T = np.asarray(m.table)[:, list(m.letters)]
    comp = table_sccs(T).component
    sides = []
    for word, entries in (side1, side2):
        loops = []
        for pos, s in entries:
            inside = set(np.flatnonzero(comp == comp[s]).tolist())
            loops += [(pos, g) for g in _loops(T, inside, s, vectors, k)]
        sides.append((tuple(word), loops))
    (u, l1), (v, l2) = sides
    gens = [_weight(g, vectors, k) for _, g in l1] + [tuple(-x for x in _weight(g, vectors, k)) for _, g in l2]
    target = tuple(b - a for a, b in zip(_weight(u, vectors, k), _weight(v, vectors, k)))
    coef = combination(gens, target, k) if gens else (None if any(target) else ())
    if coef is None:                                      # pragma: no cover - a bug
        raise AssertionError("two meeting types without an integer combination of their loops")
    n1 = len(l1)
    return (u, tuple((p, g, int(c)) for (p, g), c in zip(l1, coef[:n1]) if c), v,
            tuple((p, g, int(c)) for (p, g), c in zip(l2, coef[n1:]) if c))


def parikh_proof(m: MonoidTable, kernel: GroupKernel, s: int) -> ParikhProof:
    """The :class:`ParikhProof` that s is in ``kernel`` (a :func:`weighted_kernel`: AMT): the loops at the
    entries of its zero type and the integer combination Σ c·weight(γ) = −weight(word)."""
    word, entries = kernel.how[s]
    vectors = kernel.vectors
    k = len(vectors[0]) if vectors else 0
    T = np.asarray(m.table)[:, list(m.letters)]
    comp = table_sccs(T).component
    side = []
    for pos, s in entries:
        inside = set(np.flatnonzero(comp == comp[s]).tolist())
        side += [(pos, g) for g in _loops(T, inside, s, vectors, k)]
    target = tuple(-x for x in _weight(word, vectors, k))
    gens = [_weight(g, vectors, k) for _, g in side]
    coef = combination(gens, target, k) if gens else (None if any(target) else ())
    if coef is None:                                      # pragma: no cover - a bug
        raise AssertionError("a zero type without an integer combination of its loops")
    return ParikhProof(tuple(word), tuple((p, g, int(c)) for (p, g), c in zip(side, coef) if c))


def amt_kernel(m: MonoidTable, max_types: int = _limits.DEFAULT_LIMIT) -> GroupKernel:
    """The AMT-kernel: the weight is the Parikh vector ψ (module docstring)."""
    k = len(m.letters)
    return weighted_kernel(m, tuple(tuple(int(i == a) for i in range(k)) for a in range(k)), "AMT", max_types)


def mod_kernel(m: MonoidTable, limit: int = _limits.DEFAULT_INSTANTIATIONS,
               memory_budget: int | None = None) -> GroupKernel:
    """The MOD-kernel: the sequence R_n of :func:`length_kernel` read on the monoid's elements
    (:func:`_length_levels` on the right Cayley graph s –a→ s·φ(a) from the one point 1: the
    graph's map of a word w sends 1 to φ(w) and is determined by it, so the two sequences are
    the same sets and repeat at the same n); ``how[s]`` a word of s (ε or of length N ≥ t
    divisible by p), ``modulus`` p·(t + 1), with which K_D = the kernel (a word of length
    divisible by p·(t + 1) is ε or of length ≥ t divisible by p).  Each element of the
    sequence is one index, not a map on the |M| elements (which cost 16·|M| bytes each); at
    most ``limit`` of them in all, :data:`~attnlogic.kernel.limits.SEQUENCE_ELEMENT_BYTES` each
    within ``memory_budget``."""
    moves = np.asarray(m.table)[:, list(m.letters)]
    one = int(m.one)
    levels, tail, period = _length_levels(moves, [one], limit, _limits.SEQUENCE_ELEMENT_BYTES, memory_budget)
    length, chosen = _kernel_level(levels, tail, period)
    members, how = [False] * m.size, {one: ((), ())}
    members[one] = True
    for i, s in enumerate(levels[chosen][0][:, 0].tolist()):
        members[s] = True
        how.setdefault(s, (_level_word(levels, chosen, i), ()))
    return GroupKernel("MOD", tuple(members), how, period * (tail + 1), tuple((1,) for _ in m.letters))


# ---------------------------------------------------------------------------------------------
# the MOD-kernel by lengths: the one computation of it, _length_levels (TL(MOD), TL(MOD⁺),
# UPol(MOD⁺) read it on the DFA's maps by length_kernel, mod_kernel on the monoid's elements)

@dataclass(frozen=True, eq=False)
class ModKernel:
    """The MOD-kernel K by lengths (:func:`length_kernel`): ``maps[i]`` (row q ↦ q·w),
    ``words[i]`` a word of that element (letter indices; ε for 1, otherwise of length
    ``length``); ``tail`` t and ``period`` p of the sequence R_n = α(A^n)."""

    maps: np.ndarray
    words: tuple
    tail: int
    period: int
    length: int


def _length_levels(t: np.ndarray, start, limit: int, key_bytes: int = 0, memory_budget: int | None = None):
    """The sequence R_0 = {start}, R_{n+1} = {x·a : x ∈ R_n, a ∈ A} of the maps of the words
    of length n on the points ``start`` of the transition table ``t`` (row q, column a: q·a;
    x·a the map q ↦ t[x(q), a]), up to the first n + p with R_{n+p} = R_n: (levels, t, p).
    ``levels[j]`` = (rows, ways): R_j's maps as rows in a canonical order (sorted by their
    packed code when a row fits in 62 bits — ``bits`` per point —, else lexicographically:
    np.unique), so that two levels are the same set iff their rows are equal, and, for
    j ≥ 1, for each row the index in R_{j-1} and the letter of the first product that gives
    it (in the order of R_{j-1}'s rows, then the letters).  One level at a time in numpy.
    LimitExceeded naming ``instantiations`` past ``limit`` elements in all, naming
    ``memory_budget`` past that many bytes at ``key_bytes`` an element."""
    t = np.asarray(t, dtype=np.int64)
    k = t.shape[1]
    level = np.asarray(start, dtype=np.int64).reshape(1, -1)
    width = level.shape[1]
    bits = max(1, int(t.max(initial=0)).bit_length())
    shifts = np.arange(width, dtype=np.int64) * bits if bits * width <= 62 else None
    levels = [(level, None)]
    seen = {level.tobytes(): 0}
    total = 1
    while True:
        products = np.transpose(t[level], (0, 2, 1)).reshape(-1, width)     # row x·a at x·k + a
        if shifts is not None:                  # one integer a row: a 1-D unique, far faster
            _, first = np.unique((products << shifts).sum(axis=1), return_index=True)
            rows = products[first]
        else:
            rows, first = np.unique(products, axis=0, return_index=True)
        total += len(rows)
        if total > limit:
            raise LimitExceeded("elements of the sequence α(A^n) (the MOD-kernel)", limit,
                                "raise the budget instantiations of Limits", ("instantiations",))
        if memory_budget is not None and total * key_bytes > memory_budget:
            raise LimitExceeded(f"bytes for the sequence α(A^n) (the MOD-kernel, {key_bytes} bytes an element)",
                                memory_budget, "raise the budget memory_budget of Limits", ("memory_budget",))
        key = rows.tobytes()
        if key in seen:
            tail = seen[key]
            return levels, tail, len(levels) - tail
        seen[key] = len(levels)
        levels.append((rows, (first // k, first % k)))
        level = rows


def _kernel_level(levels, tail: int, period: int) -> tuple[int, int]:
    """(N, j): N the least positive multiple of p that is ≥ t, j the index of R_N in ``levels``
    (R_N = R_j, j < len(levels); t = 0: R_p = R_0 = {1})."""
    length = period * max(1, -(-tail // period))
    return length, (length if length < len(levels) else 0)


def _level_word(levels, j: int, i: int) -> tuple:
    """The word of the i-th row of R_j: its letters back along the first products found."""
    out = []
    while j > 0:
        parent, letter = levels[j][1]
        out.append(int(letter[i]))
        i = int(parent[i])
        j -= 1
    return tuple(reversed(out))


def length_kernel(transitions: np.ndarray, limit: int, memory_budget: int | None = None) -> ModKernel:
    """The MOD-kernel of the transformations the words induce on the states of
    ``transitions`` (row q, column a: q·a) — for a minimal DFA its syntactic monoid — from
    the sets R_n = {the map of w : |w| = n} (module docstring, *the MOD-kernel by lengths*:
    :func:`_length_levels` from the identity map).  LimitExceeded naming ``instantiations``
    when the sequence R_n runs past ``limit`` elements in all before repeating, naming
    ``memory_budget`` when its maps (16 bytes a state each: the rows and the levels' keys)
    would pass that many bytes."""
    t = np.asarray(transitions, dtype=np.int64)
    n = t.shape[0]
    ident = np.arange(n, dtype=np.int64)
    levels, tail, period = _length_levels(t, ident, limit, 16 * n + _limits.SEQUENCE_ELEMENT_BYTES, memory_budget)
    length, chosen = _kernel_level(levels, tail, period)
    rows = levels[chosen][0]
    elems = {ident.tobytes(): (ident, ())}
    for i in range(len(rows)):
        elems.setdefault(rows[i].tobytes(), (rows[i], _level_word(levels, chosen, i)))
    maps = np.asarray([v[0] for v in elems.values()], dtype=np.int64).reshape(len(elems), n)
    return ModKernel(maps, tuple(v[1] for v in elems.values()), tail, period, length)


def kernel_at_modulus(m: MonoidTable, vectors, d: int, max_states: int) -> tuple:
    """K_d = {φ(w) : weight(w) ≡ 0 mod d}: a bool per element, by a breadth-first search of
    the pairs (φ(w), weight(w) mod d) from (1, 0).  LimitExceeded past ``max_states`` pairs."""
    k = len(vectors[0]) if vectors else 0
    if m.size * d ** k > max_states:
        raise LimitExceeded("pairs (element, residues modulo d) (type_states)", max_states, "raise limit",
                            parameters=("limit",))
    T = np.asarray(m.table)
    start = (m.one, (0,) * k)
    seen = {start}
    queue = deque([start])
    out = [False] * m.size
    while queue:
        s, r = queue.popleft()
        if not any(r):
            out[s] = True
        for a, g in enumerate(m.letters):
            nxt = (int(T[s, g]), tuple((x + v) % d for x, v in zip(r, vectors[a])))
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return tuple(out)
