"""Separation by AMT, the alphabet modulo testable languages (docs/decision-procedures.md §11.10).

An AMT language is {w : ψ(w) mod m ∈ R} for a modulus m and a set R ⊆ (Z/m)^A, ψ the
Parikh vector (the count of each letter).  So L1 is AMT-separable from L2 iff for some m the
residues ψ(L1) mod m and ψ(L2) mod m are disjoint; then K = ψ⁻¹(ψ(L1) mod m) separates.

*Cosets of a run.*  Cut an accepting run of a DFA D at the strongly connected components it
passes through: it enters C_1 at s_1, stays in C_1 until p'_1, takes a letter into C_2 at
s_2, …, ends in C_j at an accepting state.  For a component C and a state s ∈ C let φ_s(q)
be the Parikh vector of the path from s to q in a breadth-first tree of C, and Λ_C the
subgroup of Z^A spanned by the vectors φ_s(p) + e_a − φ_s(q) of C's edges p –a→ q (the
same subgroup for every s: it is spanned by the closed walks of C).  A path from s to q
inside C has Parikh vector φ_s(q) + (a sum of those edge vectors, the telescoping sum), so
all of them lie in φ_s(q) + Λ_C; and Λ_C is spanned by the loops on s (walk the tree to p,
read a, walk back from q to s; the loop of the tree edge into q subtracted).  *Density*:
for every m and every v ∈ φ_s(q) + Λ_C some path s → q inside C has ψ ≡ v (mod m): take
one path s → q, write v − its vector = Σ c_j·ψ(γ_j) with loops γ_j on s, and insert γ_j
(c_j mod m) ≥ 0 times.  Summing along the run, the accepting runs through one sequence of
components and states give, modulo every m, exactly the coset b + Λ (b the Parikh vector of
one of their words, Λ the sum of the Λ_C of the components passed).  There are finitely many
such sequences, so ψ(L) mod m = ⋃ (b + Λ) mod m over finitely many *types* (Λ, b + Λ).

**Theorem.** L1 is not AMT-separable from L2 iff some type (Λ1, b1 + Λ1) of D1 and some type
(Λ2, b2 + Λ2) of D2 have b1 − b2 ∈ Λ1 + Λ2.
*Proof.* The images of two types meet modulo m iff b1 − b2 ∈ Γ + mZ^A, Γ = Λ1 + Λ2.  (⇐)
then they meet modulo every m, so no m separates.  (⇒) if every pair of types is separated
by some m_p, the lcm of the m_p separates every pair at once (a meeting modulo a multiple
of m_p reduces to one modulo m_p): separable.  So "not separable" means some pair meets
modulo every m, i.e. b1 − b2 ∈ ⋂_m (Γ + mZ^A) = Γ: by the Smith form, Z^A/Γ ≅ ⊕ Z/d_i ⊕
Z^r and a non-zero element y is outside m·(Z^A/Γ) for m = d_i when its torsion coordinate
y_i is not a multiple of d_i, and for every m not dividing a non-zero free coordinate. ∎

*Decision.*  The types are propagated through the components in a topological order: an
entry (Λ, b + Λ) at s ∈ C gives at each q ∈ C the type (Λ + Λ_C, b + φ_s(q) + (Λ + Λ_C)),
and along each letter leaving C an entry of the next component; cosets are kept as their
canonical representatives modulo the Hermite form of the subgroup (:mod:`..algebra.lattices`),
so equal types are merged; their number counts against ``Limits.type_states``.  Only the
states that lead into F matter.  Each pair of accepting types is tested exactly (b1 − b2
reduced modulo the Hermite form of Λ1 + Λ2).

Answers:

* separable: the least m (m = 1, 2, …: a pair is separated at m iff U(b1 − b2) has a
  coordinate i ≤ s not divisible by gcd(d_i, m), or a later one not divisible by m — the
  Smith form U, d of Γ; within ``Limits.search_budget`` steps, else the lcm of the pairs'
  least moduli, said so), R = ψ(L1) mod m by the product of D1 with the counter over
  (Z/m)^A, and K's DFA (m^|A| states, ``Limits.synthesis_states``) checked exactly:
  L1 ⊆ K, K ∩ L2 = ∅;
* not separable: a :class:`ParikhFamily` — the two types' words u1, u2, the loops on the
  entry states of their components with the integer counts of the identity
  ψ(u1) + Σ c·ψ(γ) = ψ(u2) + Σ c'·ψ(γ') (:func:`..algebra.lattices.combination`), re-checked
  by :func:`..checks.verify_parikh.check_parikh_family`.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import numpy as np

from ...automata.dfa import DFA
from ...automata.graphs import dfa_sccs
from ...automata.operations import intersection, is_empty, is_subset
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ...kernel.words import join_word
from ..algebra.lattices import combination, hermite, quotient_image, reduce, smith
from .length_separation import LengthSeparator
from ..checks.verify_parikh import (PARIKH_FAMILY, PARIKH_RESIDUES, check_parikh_family, parikh, parikh_dfa,
                                    parikh_family_json, parikh_family_parts)

__all__ = ["ParikhFamily", "ParikhSeparator", "separate_by_parikh", "parikh_types", "PARIKH_PROOFS"]


def _w(alphabet, word, empty: str = "") -> str:
    """The word as text (``empty`` for ε: "" in JSON, "ε" in sentences)."""
    return join_word([alphabet[a] for a in word], alphabet) or empty


@dataclass(frozen=True)
class ParikhFamily:
    """u1 ∈ L1, u2 ∈ L2, and loops (position, loop word, count) on the states their runs reach
    at those positions, with ψ(u1) + Σ c·ψ(γ) = ψ(u2) + Σ c'·ψ(γ'): for every m the words
    with each loop inserted (c mod m) times lie in L1, L2 with Parikh vectors equal modulo m."""

    u1: tuple
    loops1: tuple
    u2: tuple
    loops2: tuple

    def check(self, d1: DFA, d2: DFA) -> bool:
        return check_parikh_family(d1, d2, self.u1, self.loops1, self.u2, self.loops2) is None

    def _side(self, alphabet, u, loops) -> str:
        if not loops:
            return _w(alphabet, u, "ε")
        parts = ", ".join(f"({_w(alphabet, g)})×{c if c > 0 else f'({c})'} at position {p}" for p, g, c in loops)
        return f"{_w(alphabet, u, 'ε')} with {parts}"

    def text(self, alphabet) -> str:
        if not self.loops1 and not self.loops2:
            return (f"{_w(alphabet, self.u1, 'ε')} ∈ L1 and {_w(alphabet, self.u2, 'ε')} ∈ L2 have one Parikh vector: "
                    "every AMT language holds both or neither")
        return (f"ψ of {self._side(alphabet, self.u1, self.loops1)} (L1) = ψ of "
                f"{self._side(alphabet, self.u2, self.loops2)} (L2), each loop looping where it is inserted: "
                "for every m, inserting each loop (count mod m) times gives a word of L1 and a word of L2 with "
                "Parikh vectors equal modulo m")

    def to_json(self, alphabet) -> dict:
        return parikh_family_json(alphabet, self.u1, self.loops1, self.u2, self.loops2)


def _family_from_json(j: dict, w) -> ParikhFamily:
    return ParikhFamily(*parikh_family_parts(j, w))


#: ``separate --check``: the proofs read back from JSON (``w`` reads a word)
PARIKH_PROOFS = {PARIKH_FAMILY: _family_from_json}


@dataclass(frozen=True)
class ParikhSeparator(LengthSeparator):
    """K = {w : ψ(w) mod ``modulus`` ∈ ``residues``} (residue vectors over the letters); ``dfa``
    its counter over (Z/m)^A, on which L1 ⊆ K and K ∩ L2 = ∅ were checked; ``least``: whether
    ``modulus`` is the least that separates (the fields of MOD's separator, K read by letters)."""

    cls: str = "AMT"

    def contains(self, word) -> bool:
        v = parikh(word, len(self.alphabet))
        return tuple(x % self.modulus for x in v) in set(self.residues)

    def certificate_json(self) -> dict:
        return {"class": "AMT", "kind": PARIKH_RESIDUES, "modulus": self.modulus, "letters": list(self.alphabet),
                "residues": [list(r) for r in self.residues], "least": self.least}

    def text(self, limit: int = 6) -> str:
        shown = ["(" + ", ".join(map(str, r)) + ")" for r in self.residues[:limit]]
        more = f", … ({len(self.residues)} in all)" if len(self.residues) > limit else ""
        letters = ", ".join(f"#{a}" for a in self.alphabet)
        return (f"K = the words whose letter counts ({letters}) modulo {self.modulus} are one of "
                f"{{{', '.join(shown)}{more}}} "
                f"({'the least modulus' if self.least else 'not searched for the least modulus'})")


# ---------------------------------------------------------------------------------------------
# the types of a DFA

@dataclass(frozen=True)
class _Component:
    """A strongly connected component among the useful states: its members, whether it holds
    a cycle (an edge inside it), and the Hermite form of Λ_C."""

    members: tuple
    cyclic: bool
    form: tuple


def _useful(d: DFA) -> np.ndarray:
    """The states from which an accepting state is reached."""
    t = np.asarray(d.transitions)
    good = np.asarray(d.accepting, dtype=bool).copy()
    while True:
        nxt = good | good[t].any(axis=1)
        if (nxt == good).all():
            return good
        good = nxt


def _tree(t: np.ndarray, inside: set, s: int, forward: bool = True) -> dict:
    """A breadth-first tree of the component from s (``forward``) or into s: state → the
    letter path from s to it (into s from it)."""
    paths = {s: ()}
    queue = deque([s])
    if forward:
        while queue:
            p = queue.popleft()
            for a, q in enumerate(t[p].tolist()):
                if q in inside and q not in paths:
                    paths[q] = paths[p] + (a,)
                    queue.append(q)
        return paths
    preds: dict = {q: [] for q in inside}
    for p in inside:
        for a, q in enumerate(t[p].tolist()):
            if q in inside:
                preds[q].append((p, a))
    while queue:
        q = queue.popleft()
        for p, a in preds[q]:
            if p not in paths:
                paths[p] = (a,) + paths[q]
                queue.append(p)
    return paths


def _components(d: DFA, useful: np.ndarray) -> tuple[np.ndarray, list]:
    """The components of the useful states in a topological order, and each state's index in
    it (−1: not useful); Λ_C from the edge vectors φ(p) + e_a − φ(q) of a tree from C's least
    state (module docstring)."""
    t = np.asarray(d.transitions)
    k = t.shape[1]
    comp = dfa_sccs(d).component
    out = []
    members: dict = {}
    for q in np.flatnonzero(useful).tolist():
        members.setdefault(int(comp[q]), []).append(q)
    index = np.full(d.n_states, -1, dtype=np.int64)
    for c in sorted(members):
        inside = set(members[c])
        s = members[c][0]
        phi = {q: parikh(p, k) for q, p in _tree(t, inside, s).items()}
        gens, cyclic = [], False
        for p in inside:
            for a, q in enumerate(t[p].tolist()):
                if q in inside:
                    cyclic = True
                    gens.append(tuple(phi[p][j] + (j == a) - phi[q][j] for j in range(k)))
        for q in inside:
            index[q] = len(out)
        out.append(_Component(tuple(sorted(inside)), cyclic, hermite(gens, k)))
    return index, out


@dataclass(frozen=True)
class _Witness:
    """A word of a type and its entries (position, state) into the cyclic components passed."""

    word: tuple
    entries: tuple


def parikh_types(d: DFA, max_types: int) -> dict:
    """The accepting types of D: (Hermite form of Λ, canonical representative of b + Λ) →
    a :class:`_Witness` (module docstring).  LimitExceeded past ``max_types`` types."""
    k = len(d.alphabet)
    t = np.asarray(d.transitions)
    useful = _useful(d)
    if not useful[d.initial]:
        return {}
    index, comps = _components(d, useful)
    accepting = np.asarray(d.accepting, dtype=bool)
    entries: dict = {int(d.initial): {((), (0,) * k): _Witness((), ())}}
    out: dict = {}
    sums: dict = {}
    count = 0
    for ci, comp in enumerate(comps):
        inside = set(comp.members)
        for s in comp.members:
            if s not in entries:
                continue
            tree = _tree(t, inside, s) if comp.cyclic else {s: ()}
            for (form, coset), wit in entries.pop(s).items():
                key = (form, ci)
                if key not in sums:
                    sums[key] = hermite(form + comp.form, k)
                total = sums[key]
                ent = wit.entries + (((len(wit.word), s),) if comp.cyclic else ())
                for q, path in tree.items():
                    word = wit.word + path
                    here = reduce(tuple(c + x for c, x in zip(coset, parikh(path, k))), total)
                    if accepting[q] and (total, here) not in out:
                        out[(total, here)] = _Witness(word, ent)
                    for a, r in enumerate(t[q].tolist()):
                        if useful[r] and index[r] != ci:
                            nxt = reduce(tuple(c + (j == a) for j, c in enumerate(here)), total)
                            bucket = entries.setdefault(r, {})
                            if (total, nxt) not in bucket:
                                bucket[(total, nxt)] = _Witness(word + (a,), ent)
                                count += 1
                    count += 1
                    if count > max_types:
                        raise LimitExceeded("types (subgroup, coset) of the Parikh images (type_states)", max_types,
                                            "raise limit", parameters=("limit",))
    return out


def _loops(d: DFA, s: int) -> list:
    """Loop words on s spanning Λ_C of s's component: for each edge p –a→ q inside it, the
    tree path s → p, a, and the path q → s; kept only when they enlarge the subgroup (shortest
    first), so that the few kept span it."""
    t = np.asarray(d.transitions)
    k = t.shape[1]
    useful = _useful(d)
    comp = dfa_sccs(d).component
    inside = {q for q in np.flatnonzero(comp == comp[s]).tolist() if useful[q]}
    fwd, back = _tree(t, inside, s), _tree(t, inside, s, forward=False)
    loops = sorted({fwd[p] + (a,) + back[q] for p in inside for a, q in enumerate(t[p].tolist()) if q in inside},
                   key=lambda w: (len(w), w))
    kept, form = [], ()
    for w in loops:
        grown = hermite(form + (parikh(w, k),), k)
        if grown != form:
            kept.append(w)
            form = grown
    return kept


def _family(d1: DFA, w1: _Witness, d2: DFA, w2: _Witness, keep_zero: bool = False, make=ParikhFamily):
    """The proof of "not separable" for a meeting pair of types: the loops at their entries
    and the integer combination ψ(u2) − ψ(u1) = Σ c·ψ(γ) − Σ c'·ψ(γ') (``keep_zero``: the
    loops of count 0 kept too, as COM's family pumps every loop; ``make`` builds the proof)."""
    k = len(d1.alphabet)
    side1 = [(p, g) for p, s in w1.entries for g in _loops(d1, s)]
    side2 = [(p, g) for p, s in w2.entries for g in _loops(d2, s)]
    gens = [parikh(g, k) for _, g in side1] + [tuple(-x for x in parikh(g, k)) for _, g in side2]
    target = tuple(b - a for a, b in zip(parikh(w1.word, k), parikh(w2.word, k)))
    coef = combination(gens, target, k) if gens else (None if any(target) else ())
    if coef is None:                                # pragma: no cover - a bug
        raise AssertionError("AMT: a meeting pair of types without an integer combination")
    n1 = len(side1)
    loops1 = tuple((p, g, int(c)) for (p, g), c in zip(side1, coef[:n1]) if c or keep_zero)
    loops2 = tuple((p, g, int(c)) for (p, g), c in zip(side2, coef[n1:]) if c or keep_zero)
    return make(w1.word, loops1, w2.word, loops2)


def _residues(d: DFA, m: int, max_states: int) -> tuple:
    """ψ(L) mod m: the residue vectors at the accepting states of the product of D with the
    counter over (Z/m)^A (a breadth-first search)."""
    k = len(d.alphabet)
    t = np.asarray(d.transitions).tolist()
    if d.n_states * m ** k > max_states:
        raise LimitExceeded("states of the product with the counter modulo m (type_states)", max_states, "raise limit",
                            parameters=("limit",))
    start = (int(d.initial), (0,) * k)
    seen = {start}
    queue = deque([start])
    out = set()
    while queue:
        q, r = queue.popleft()
        if d.accepting[q]:
            out.add(r)
        for a in range(k):
            nxt = (t[q][a], tuple((x + (j == a)) % m for j, x in enumerate(r)))
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return tuple(sorted(out))


def _groups(types: dict) -> dict:
    """Hermite form of Λ → [(canonical b, witness)]."""
    out: dict = {}
    for (form, coset), wit in types.items():
        out.setdefault(form, []).append((coset, wit))
    return out


def separate_by_parikh(d1: DFA, d2: DFA, limits: Limits):
    """(separator, proof, method) for AMT (module docstring); d1, d2 over one alphabet."""
    k = len(d1.alphabet)
    types1 = parikh_types(d1, limits.type_states)
    types2 = parikh_types(d2, limits.type_states)
    lattices = []
    for f1, side1 in _groups(types1).items():
        for f2, side2 in _groups(types2).items():
            U, d = smith(f1 + f2, k)
            seen = {quotient_image(U, d, c, None): w for c, w in side1}
            for c, w2 in side2:
                w1 = seen.get(quotient_image(U, d, c, None))
                if w1 is not None:                 # b1 − b2 ∈ Λ1 + Λ2
                    proof = _family(d1, w1, d2, w2)
                    return None, proof, ("a type of L1 and a type of L2 whose cosets b1 + Λ1, b2 + Λ2 have "
                                         "b1 − b2 ∈ Λ1 + Λ2: their Parikh images meet modulo every m")
            # a modulus that separates every pair of these two groups: a multiple of every d_i
            # beyond the spread of the free coordinates
            free = [quotient_image(U, d, c, None)[len(d):] for c, _ in side1 + side2]
            spread = max((max(col) - min(col) for col in zip(*free)), default=0)
            lattices.append((U, d, side1, side2, (d[-1] if d else 1) * (spread + 1)))
    bound = math.lcm(1, *(b for *_, b in lattices))
    m, least, work = bound, True, 0
    for cand in range(1, bound + 1):
        work += 1 + sum(len(s1) + len(s2) for _, _, s1, s2, _ in lattices) * k
        if work > limits.search_budget:
            m, least = bound, False
            break
        if all({quotient_image(U, d, c, cand) for c, _ in s1}.isdisjoint(quotient_image(U, d, c, cand) for c, _ in s2)
               for U, d, s1, s2, _ in lattices):
            m = cand
            break
    try:
        if m ** k > limits.synthesis_states:
            raise LimitExceeded("states of the separator's counter (m^|A|; synthesis_states)", limits.synthesis_states,
                                "raise limit", parameters=("limit",))
        R = _residues(d1, m, limits.type_states)
    except LimitExceeded as e:
        return None, None, (f"no type of L1 meets a type of L2, so AMT separates them at modulus {m} "
                            f"(§11.10), but the separator was not built: {e}; undecided here")
    sep = ParikhSeparator(m, R, tuple(d1.alphabet), parikh_dfa(d1.alphabet, m, R), least)
    if not (is_subset(d1, sep.dfa) and is_empty(intersection(sep.dfa, d2))):    # pragma: no cover - a bug
        raise AssertionError("AMT separator failed its exact check")
    how = (f"the least modulus is {m}" if least else
           f"modulus {m}, a multiple of every torsion order beyond the free coordinates' spread (the least "
           "not searched: search_budget)")
    return sep, None, (f"no type of L1 meets a type of L2 ({len(types1)} and {len(types2)} types): {how}; "
                       "checked on DFAs")
