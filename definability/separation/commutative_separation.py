"""Separation by COM, the commutative regular languages (docs/decision-procedures.md §11.12).

ψ is the Parikh map (the count of each letter).  For t ≥ 0, m ≥ 1, x ≡_{t,m} y on N^A when
for every letter a, x_a = y_a < t, or x_a, y_a ≥ t and x_a ≡ y_a (mod m).  A language is
commutative regular iff it is ψ⁻¹ of a recognisable subset of N^A (its syntactic monoid is
commutative: Eilenberg, Pin), i.e. by Mezei's theorem a finite union of products of
ultimately periodic subsets of N: a finite union of classes of ≡_{t,m} for some (t, m).  So
L1 is COM-separable from L2 iff for some (t, m) no x ∈ ψ(L1), y ∈ ψ(L2) have x ≡_{t,m} y,
and then K = ψ⁻¹(the classes meeting ψ(L1)) separates.

*Types on S.*  For a set S of letters and a bound B, let D^{S,B} be D with the counts of the
letters outside S kept exactly up to B (a word with more is dropped): its states (q, f),
f ∈ {0..B}^{A∖S}.  A letter outside S strictly increases f, so every cycle of D^{S,B} reads
letters of S only.  Its types (Λ, b + Λ) (:func:`..parikh_separation.parikh_types`: the
component sequences of accepting runs, Λ spanned by the cycles of the components passed)
therefore have Λ ⊆ Z^S, and every word of a type has its Parikh vector in b + Λ (outside S
exactly b).  supp Λ, the letters on the cycles of the components passed, is the set of
letters whose counts the type lets grow.

**Theorem.** L1 is not COM-separable from L2 iff for some S ⊆ A and B ≥ 0 a type
(Λ1, b1 + Λ1) of D1^{S,B} and a type (Λ2, b2 + Λ2) of D2^{S,B} have supp Λ1 = supp Λ2 and
b1 − b2 ∈ Λ1 + Λ2.
*Proof.* (⇐) the pumped family (:mod:`..checks.verify_commutative`): u_i a word of the type,
loops on the entry states of its components spanning Λ_i, integer counts with ψ(u1) +
Σ c·ψ(γ) = ψ(u2) + Σ c'·ψ(γ'); each loop inserted (c mod m) + m·t times puts w1 ≡_{t,m} w2
for every (t, m).  (⇒) if no (t, m) separates, take x_n ∈ ψ(L1), y_n ∈ ψ(L2) with x_n ≡_{n, n!}
y_n.  Passing to subsequences: each letter's count either tends to ∞ (on both sides: below n
they are equal, above both are ≥ n) — the set S — or is eventually constant and equal on both
sides (bounded, and equal once n exceeds it) — with B the largest; and the words' runs lie in
D_i^{S,B} with one type (Λ_i, b_i + Λ_i) for all n (finitely many types).  A letter of S is on a
cycle of the components passed (a letter on none occurs at most once per component
boundary), so supp Λ_i = S.  And x_n − y_n ∈ b1 − b2 + Λ1 + Λ2 vanishes outside S and is
≡ 0 (mod n!) on S: b1 − b2 ∈ Γ + mZ^S for every m (Γ = Λ1 + Λ2), hence b1 − b2 ∈ Γ (⋂_m
(Γ + mZ^S) = Γ by the Smith form, as in §11.10). ∎

*Decision.*  Two searches, one of which succeeds: for level ℓ = 1, 2, …: (a) every pair
(t, m) with t + m = ℓ, t ascending — the classes of ψ(L1) and ψ(L2) are the counter
components at the accepting states of the product of D_i with the counters (t + m)^|A| (a
breadth-first search over numpy index arrays); disjoint: separable, and (t, m) is the least
in the order (t + m, t); (b) when ℓ is a power of 2, every S ⊆ A on cycles of both DFAs (supp Λ_i is) with B = ℓ − 1: the types of D1^{S,B}, D2^{S,B}, a
meeting pair with equal supports (the Smith form of Λ1 + Λ2, as for AMT) gives the family.
By the theorem one of them answers at some level.  Budgets: the product, D^{S,B} and the
separator's counter within ``Limits.type_states`` / ``synthesis_states`` states, the states reached
in all the products and D^{S,B} built, over all levels, within ``Limits.search_budget``; past any: undecided, saying so.

Answers: a :class:`CommutativeSeparator` (t, m and the classes (min(x_a, t), x_a mod m) of
ψ(L1)), its counter DFA (:func:`..checks.verify_commutative.commutative_dfa`) checked exactly:
L1 ⊆ K, K ∩ L2 = ∅; or a :class:`CommutativeFamily`, re-checked by
:func:`..checks.verify_commutative.check_commutative_family`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from ...automata.dfa import DFA
from ...automata.graphs import dfa_sccs
from ...automata.operations import intersection, is_empty, is_subset
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..algebra.lattices import quotient_image, smith
from ..checks.verify_commutative import COM_CLASSES, COM_FAMILY, check_commutative_family, commutative_dfa
from ..checks.verify_parikh import parikh
from .length_separation import LengthSeparator
from .parikh_separation import ParikhFamily, _family, _family_from_json, _useful, _w, parikh_types

__all__ = ["CommutativeFamily", "CommutativeSeparator", "separate_commutative", "COM_PROOFS"]


@dataclass(frozen=True)
class CommutativeFamily(ParikhFamily):
    """u1 ∈ L1, u2 ∈ L2 and loops (position, loop word, count) on the states their runs reach
    there, the loops of both sides on one set S of letters, with ψ(u1) + Σ c·ψ(γ) = ψ(u2) +
    Σ c'·ψ(γ'): for every (t, m), each loop inserted (c mod m) + m·t times gives a word of L1
    and a word of L2 in one class of ≡_{t,m}."""

    def check(self, d1: DFA, d2: DFA) -> bool:
        return check_commutative_family(d1, d2, self.u1, self.loops1, self.u2, self.loops2) is None

    def text(self, alphabet) -> str:
        grow = sorted({alphabet[a] for _, g, _ in self.loops1 for a in g})
        if not grow:
            return (f"{_w(alphabet, self.u1, 'ε')} ∈ L1 and {_w(alphabet, self.u2, 'ε')} ∈ L2 have one Parikh vector: "
                    "every commutative language holds both or neither")
        return (f"ψ of {self._side(alphabet, self.u1, self.loops1)} (L1) = ψ of "
                f"{self._side(alphabet, self.u2, self.loops2)} (L2), each loop looping where it is inserted, "
                f"the loops of both sides on the letters {{{', '.join(grow)}}}: for every t, m, inserting each loop "
                "(count mod m) + m·t times gives a word of L1 and a word of L2 whose letter counts are equal below t "
                "and congruent modulo m from t on")

    def to_json(self, alphabet) -> dict:
        return {**super().to_json(alphabet), "kind": COM_FAMILY}


def _com_family_from_json(j: dict, w) -> CommutativeFamily:
    p = _family_from_json(j, w)
    return CommutativeFamily(p.u1, p.loops1, p.u2, p.loops2)


#: ``separate --check``: the proofs read back from JSON (``w`` reads a word)
COM_PROOFS = {COM_FAMILY: _com_family_from_json}


@dataclass(frozen=True)
class CommutativeSeparator(LengthSeparator):
    """K = the words whose Parikh class under ≡_{``threshold``,``modulus``} is one of
    ``residues`` (per letter (min(x_a, t), x_a mod m)); ``dfa`` its counter DFA, on which
    L1 ⊆ K and K ∩ L2 = ∅ were checked; ``least``: (t, m) is the least in the order (t + m, t)."""

    threshold: int = 0
    cls: str = "COM"

    def contains(self, word) -> bool:
        v = parikh(word, len(self.alphabet))
        t, m = self.threshold, self.modulus
        return tuple((min(x, t), x % m) for x in v) in set(self.residues)

    def certificate_json(self) -> dict:
        return {"class": "COM", "kind": COM_CLASSES, "threshold": self.threshold, "modulus": self.modulus,
                "letters": list(self.alphabet), "classes": [[list(c) for c in cls] for cls in self.residues],
                "least": self.least}

    def text(self, limit: int = 6) -> str:
        def one(cls):
            return "(" + ", ".join(f"#{a}{'=' if lo < self.threshold else '≥'}{lo}"
                                   + ("" if lo < self.threshold else f" ≡{r}") for a, (lo, r) in
                                   zip(self.alphabet, cls)) + ")"
        shown = [one(c) for c in self.residues[:limit]]
        more = f", … ({len(self.residues)} in all)" if len(self.residues) > limit else ""
        return (f"K = the words whose letter counts are in one of the classes {{{', '.join(shown)}{more}}} "
                f"(threshold t = {self.threshold}, modulus m = {self.modulus}: a count below t exactly, from t on "
                f"modulo m; {'the least (t, m) in the order t + m, then t' if self.least else 'not the least'})")


# ---------------------------------------------------------------------------------------------
# (a) the classes of ψ(L) at (t, m)

def _counter_steps(k: int, t: int, m: int) -> np.ndarray:
    """For each letter, the counter index after reading it (indices Σ c_j·(t + m)^j)."""
    base = t + m
    states = np.arange(base ** k, dtype=np.int64)
    out = np.empty((k, base ** k), dtype=np.int64)
    for j in range(k):
        digit = (states // base ** j) % base
        out[j] = states + (np.where(digit + 1 < base, digit + 1, t) - digit) * base ** j
    return out


def _classes(d: DFA, steps: np.ndarray) -> tuple[np.ndarray, int]:
    """The counter indices reached together with an accepting state of D (a breadth-first
    search of D × counters, one array operation per letter and level), and the number of
    product states reached (the work)."""
    k, size = steps.shape
    tr = np.asarray(d.transitions, dtype=np.int64)
    succ = [tr[:, a][:, None] * size + steps[a][None, :] for a in range(k)]
    succ = [s.ravel() for s in succ]
    reached = np.zeros(d.n_states * size, dtype=bool)
    start = int(d.initial) * size
    reached[start] = True
    frontier = np.array([start], dtype=np.int64)
    while frontier.size:
        nxt = np.unique(np.concatenate([s[frontier] for s in succ]))
        frontier = nxt[~reached[nxt]]
        reached[frontier] = True
    hits = reached.reshape(d.n_states, size)[np.asarray(d.accepting, dtype=bool)].any(axis=0)
    return np.flatnonzero(hits), int(reached.sum())


def _class_vectors(indices, k: int, t: int, m: int) -> tuple:
    """Counter indices → classes ((min(x_a, t), x_a mod m) per letter)."""
    base, out = t + m, []
    for i in indices.tolist():
        digits = [(i // base ** j) % base for j in range(k)]
        out.append(tuple((min(c, t), c % m) for c in digits))
    return tuple(sorted(out))


# ---------------------------------------------------------------------------------------------
# (b) the types of D^{S,B}

def _bounded(d: DFA, S: tuple, B: int) -> DFA:
    """D^{S,B}: state q·F + f (f the counts of the letters outside S, mixed radix B + 1,
    F = (B + 1)^|A∖S| of them) and a rejecting sink n·F for a count past B."""
    k, n = len(d.alphabet), d.n_states
    outside = [a for a in range(k) if a not in S]
    F = (B + 1) ** len(outside)
    f = np.arange(F, dtype=np.int64)
    tr = np.asarray(d.transitions, dtype=np.int64)
    sink = n * F
    table = np.full((n * F + 1, k), sink, dtype=np.int64)
    for a in range(k):
        if a in S:
            nf = f
        else:
            j = outside.index(a)
            digit = (f // (B + 1) ** j) % (B + 1)
            nf = np.where(digit < B, f + (B + 1) ** j, -1)
        rows = tr[:, a][:, None] * F + nf[None, :]
        table[:n * F, a] = np.where(nf[None, :] >= 0, rows, sink).ravel()
    acc = np.zeros(n * F + 1, dtype=bool)
    acc[:n * F] = np.repeat(np.asarray(d.accepting, dtype=bool), F)
    return DFA(tuple(d.alphabet), table, int(d.initial) * F, acc)


def _support(form: tuple) -> frozenset:
    return frozenset(j for row in form for j, x in enumerate(row) if x)


def _meeting(types1: dict, types2: dict, k: int):
    """A pair of witnesses of types with equal supports and b1 − b2 ∈ Λ1 + Λ2, or None."""
    groups1, groups2 = {}, {}
    for groups, types in ((groups1, types1), (groups2, types2)):
        for (form, coset), wit in types.items():
            groups.setdefault(form, []).append((coset, wit))
    for f1, side1 in groups1.items():
        for f2, side2 in groups2.items():
            if _support(f1) != _support(f2):
                continue
            U, d = smith(f1 + f2, k)
            seen = {quotient_image(U, d, c, None): w for c, w in side1}
            for c, w2 in side2:
                w1 = seen.get(quotient_image(U, d, c, None))
                if w1 is not None:
                    return w1, w2
    return None


def _cycle_letters(d: DFA) -> set:
    """The letters on a cycle among the states that lead into F (an edge inside a strongly
    connected component): the support of every type's Λ lies in them."""
    comp, useful = dfa_sccs(d).component, _useful(d)
    tr = np.asarray(d.transitions)
    return {a for p in np.flatnonzero(useful).tolist() for a, q in enumerate(tr[p].tolist())
            if useful[q] and comp[q] == comp[p]}


def _subsets(letters: list):
    """Every S ⊆ ``letters``, the larger first (all of them: the AMT-like case), generated one
    at a time (2^|letters|: the work budget, not a list, bounds how many are tried)."""
    for size in range(len(letters), -1, -1):
        yield from combinations(letters, size)


def separate_commutative(d1: DFA, d2: DFA, limits: Limits):
    """(separator, proof, method) for COM (module docstring); d1, d2 over one alphabet."""
    k = len(d1.alphabet)
    n = max(d1.n_states, d2.n_states)
    work, budget = 0, limits.search_budget

    def undecided(why: str):
        return None, None, (f"neither a separating (t, m) nor a pumped family was found {why}; undecided "
                            "(one of the two exists: §11.12)")
    level = 0
    while True:
        level += 1
        size = level ** k
        if n * size > limits.type_states:
            return undecided(f"below t + m = {level}, whose product with the counters would pass "
                             f"{limits.type_states} states (type_states; raise limit)")
        for t in range(level):
            m = level - t
            if work > budget:
                return undecided(f"within the search budget ({budget} states in all, search_budget), at t + m = {level}")
            steps = _counter_steps(k, t, m)
            (c1, w1), (c2, w2) = _classes(d1, steps), _classes(d2, steps)
            work += w1 + w2
            if np.intersect1d(c1, c2).size:
                continue
            if size > limits.synthesis_states:
                return None, None, (f"separable at threshold {t}, modulus {m} (the classes of ψ(L1), ψ(L2) are "
                                    f"disjoint), but the separator's counter ({size} states) passes "
                                    f"{limits.synthesis_states} (synthesis_states); undecided here")
            classes = _class_vectors(c1, k, t, m)
            sep = CommutativeSeparator(m, classes, tuple(d1.alphabet), commutative_dfa(d1.alphabet, t, m, classes),
                                       True, threshold=t)
            if not (is_subset(d1, sep.dfa) and is_empty(intersection(sep.dfa, d2))):   # pragma: no cover - a bug
                raise AssertionError("COM separator failed its exact check")
            return sep, None, (f"no class of ≡_(t,m) meets both ψ(L1) and ψ(L2) at t = {t}, m = {m}, the least "
                               "(t, m) in the order t + m, then t; checked on DFAs")
        if level & (level - 1):                    # the family at B = 0, 1, 3, 7, …: levels 1, 2, 4, 8, …
            continue
        B = level - 1
        for S in _subsets(sorted(_cycle_letters(d1) & _cycle_letters(d2))):
            if len(S) == k and level > 1:        # no count kept: the same types at every level
                continue
            states = n * (B + 1) ** (k - len(S))
            if states > limits.type_states:
                continue
            if work > budget:
                return undecided(f"within the search budget ({budget} states in all, search_budget), at counts "
                                 f"≤ {B} outside the growing letters")
            g1, g2 = _bounded(d1, S, B), _bounded(d2, S, B)
            try:
                types1 = parikh_types(g1, limits.type_states)
                types2 = parikh_types(g2, limits.type_states)
            except LimitExceeded as e:
                return undecided(f"(the types of D^(S,B): {e})")
            work += g1.n_states + g2.n_states
            pair = _meeting(types1, types2, k)
            if pair is not None:
                proof = _family(g1, pair[0], g2, pair[1], keep_zero=True, make=CommutativeFamily)
                grow = sorted({d1.alphabet[a] for _, g, _ in proof.loops1 for a in g})
                return None, proof, (f"a type of L1 and a type of L2 whose cycles grow the same letters "
                                     f"({', '.join(grow) or 'none'}) and whose cosets meet (b1 − b2 ∈ Λ1 + Λ2): "
                                     "their Parikh images meet in one class of every ≡_(t,m)")
