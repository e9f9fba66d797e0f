"""Separation by Pol(MOD), Pol(AMT) and Pol(GR) (level 1/2 of the concatenation hierarchies over
the length classes, the letter counts modulo m and the group languages): the closure of L1
under inserting blocks that no language of the basis tells from the empty word
(docs/decision-procedures.md §11.13).

Let G be MOD (the languages of lengths ≡ r mod d), AMT (of letter counts modulo d) or GR (the
group languages).  For a modulus d, resp. a normal subgroup N of finite index of the free
monoid's image (the kernel of a morphism onto a finite group), write u ≤ v when v is u with
words of length ≡ 0 mod d (AMT: with every letter count ≡ 0 mod d), resp. words of N,
inserted anywhere (possibly several, possibly at the ends).  (AMT is the case of the group
(Z_d)^A.)

**Theorem.** L1, L2 are Pol(G)-separable iff for some d (resp. N) no v ∈ L2 has a u ∈ L1 with
u ≤ v; equivalently iff the product search below, with the insertion relation R*, reaches no
accepting pair.

*Sound direction.* A language of Pol(G) is a finite union of L0 a1 L1 ⋯ an Ln with every Li
in G; all of them use one modulus d (resp. one finite group, whose kernel is N), and a word
of length ≡ 0 mod d (resp. of N) inserted into the part of Li keeps it in Li (in a group,
g·h·g' = g·g' iff h = 1); so every K ∈ Pol(G) is closed upward for ≤ at its d (N), and if
u ∈ L1 ⊆ K and u ≤ v ∈ L2, K meets L2.
*Complete direction.* ↑L1 for ≤ is in Pol(G): encode a word w as the word over A × Z_d (resp.
A × G) of its letters with the length (resp. the image) of the prefix before each; u ≤ v iff
the encodings are a subword of one another and |u| ≡ |v| (resp. u, v have one image), so by
Higman's lemma ↑L1 is a finite union of ↑u = X a1 X a2 ⋯ an X (X = the words of length ≡ 0
mod d, resp. of N), each in Pol(G).  So if ↑L1 misses L2 it separates.
*The search.* Let D1, D2 be the DFAs; ↑_d L1 meets L2 iff from (i1, i2) the pairs (p, x) reach
F1 × F2 by letter moves (p·a, x·a) and insertion moves (p, y) for x → y a path of D2 of a
length ≡ 0 mod d (resp. reading a word of N).  These relations R_d shrink as d grows by
multiples (N shrinks); being relations on D2's states they are eventually constant, equal to
R* = {(x, y) : for every d (every N) some word of L_{x→y} = {w : x·w = y} qualifies}, the
pairs where L_{x→y} and {ε} are not G-separable.  So: not separable iff the search with R*
reaches F1 × F2.

*R* for MOD*: from x, the sets X_ℓ of states reached by the words of length ℓ repeat (index
t, period c); (x, y) ∈ R* iff x = y or y ∈ X_ℓ0, ℓ0 the least multiple of c that is ≥ t (then
y ∈ X_{ℓ0 + kc} for every k, and for every d some ℓ0 + kc is a multiple of d; conversely
with d = c).  *R* for GR*: Benois's relation E of D2 with inverse letters inside its
components (:func:`..algebra.free_group_closure.hat`): (x, y) ∈ E iff a word of L_{x→y}
reduces to 1 there, iff 1 is in the closure of L_{x→y} in the pro-group topology.  *R* for
AMT*: for each pair of useful states, L_{x→y} against {ε} by :mod:`.parikh_separation`.

The answers: "not separable" — :class:`InsertionFamily`: a word u ∈ L1 and blocks inserted at
positions of u, each a family of words of L_{x→y} (MOD: p·z^k·s with z a loop where it stands
and |z| dividing |p| + |s|, so that for every d one k makes the block's length a multiple of
d; GR: a pattern with blocks (v a)^{N−1} v equal to 1 in every group of order N, as in
:mod:`.group_separation`; AMT: a Parikh family of L_{x→y} against {ε}, as in
:mod:`.parikh_separation`) — re-checked by :meth:`InsertionFamily.check` on the two DFAs.
"Separable" — Pol(MOD): the least modulus d ≤ :data:`MAX_MODULUS` (or the caller's type
budget) with ↑_d L1 ∩ L2 = ∅, K = ↑_d L1 (its DFA by the subset construction, within
``synthesis_states``), re-checked by :func:`..checks.verify_insertion.insertion_closure_meets`;
Pol(AMT), Pol(GR): a Pol(MOD) separator when there is one (Pol(MOD) ⊆ Pol(AMT) ⊆ Pol(GR)), else
"separable" by the theorem with no separator.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...automata.dfa import DFA
from ...automata.graphs import reachable, shortest_words_from
from ...automata.lengths import length_layers
from ...automata.operations import intersection, is_empty, is_subset
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..algebra.free_group_closure import group_family, hat
from ..checks.verify_group import check_group_family, family_json, family_parts
from .parikh_separation import PARIKH_PROOFS, ParikhFamily, ParikhSeparator, separate_by_parikh
from ..checks.verify_parikh import PARIKH_FAMILY
from .group_separation import pattern_text
from ..checks.verify_insertion import (GROUP_INSERTION_CLOSURE, INSERTION_CLOSURE, closure_dfa,
                                       group_closure_dfa, group_insertion_meets, insertion_closure_meets)
from .group_separation import PermutationSeparator, separate_by_groups
from .length_separation import LengthSeparator

__all__ = ["InsertionFamily", "insertion_relation", "separate_by_pol_group", "POL_GROUP_PROOFS", "MAX_MODULUS",
           "INSERTION_FAMILY"]

#: the kind of the "not separable" proof in ``--json``
INSERTION_FAMILY = "insertion family"
#: the largest modulus tried for a Pol(MOD) separator ↑_d L1 (past it: "separable", no separator)
MAX_MODULUS = 64


def _word(alphabet, w) -> str:
    return "".join(alphabet[a] for a in w)


def _eps_dfa(alphabet) -> DFA:
    """{ε}: state 0 accepting, every letter to the sink 1."""
    k = len(alphabet)
    return DFA(tuple(alphabet), np.ones((2, k), dtype=np.int64), 0, np.array([True, False]))


def _between(d: DFA, x: int, y: int) -> DFA:
    """L_{x→y}: D with initial state x and y the only accepting state."""
    acc = np.zeros(d.n_states, dtype=bool)
    acc[y] = True
    return DFA(d.alphabet, np.asarray(d.transitions), x, acc)


# ---------------------------------------------------------------------------------------------
# the insertion relations

def _counter_table(t: np.ndarray, m: int) -> np.ndarray:
    """The transitions of D × Z_m (state q·m + j: D in q after a number of letters ≡ j mod m)."""
    n, k = t.shape
    q, j = np.divmod(np.arange(n * m), m)
    return t[q] * m + ((j + 1) % m)[:, None]


def insertion_relation(d2: DFA, basis: str, limits: Limits) -> np.ndarray:
    """R* on D2's states (module docstring): [x, y] True iff x = y or L_{x→y} and {ε} are not
    ``basis``-separable (``MOD``, ``AMT`` or ``GR``) — for AMT and GR on the useful states of D2 (reachable and
    co-reachable), the only ones an accepting run of the search passes; False elsewhere."""
    n = d2.n_states
    R = np.eye(n, dtype=bool)
    if basis == "MOD":
        for x in range(n):
            seq, start, period = length_layers(d2, x, limits.type_states)
            l0 = -(-start // period) * period
            R[x] |= seq[start + (l0 - start) % period]
        return R
    if basis == "AMT":                                        # AMT: each block language against {ε}
        useful = np.flatnonzero(np.asarray(d2.reachable) & np.asarray(d2.coreachable()))
        if len(useful) ** 2 > limits.type_states:
            raise LimitExceeded("pairs of useful states of D2 (Pol(AMT)'s block languages)", limits.type_states,
                                "raise limit", ("limit",))
        eps = _eps_dfa(d2.alphabet)
        for x in useful:
            for y in useful:
                if x != y:
                    R[x, y] = separate_by_parikh(_between(d2, int(x), int(y)), eps, limits)[1] is not None
        return R
    h = hat(d2, limits)                                       # GR: Benois's relation
    idx = np.asarray(h.states, dtype=np.int64)
    if len(idx):
        R[np.ix_(idx, idx)] |= h.E()
    return R


def _relation_at(d2: DFA, d: int) -> np.ndarray:
    """R_d: [x, y] iff some path x → y of D2 has a length ≡ 0 mod d (reachability on D2 × Z_d)."""
    table = _counter_table(np.asarray(d2.transitions), d)
    return np.array([reachable(table, x * d)[::d] for x in range(d2.n_states)], dtype=bool)


def _search(d1: DFA, d2: DFA, R: np.ndarray):
    """Breadth-first over D1 × D2 with letter moves and insertion moves (p, x) → (p, y),
    R[x, y]: None when F1 × F2 is not reached, else the path as a list of moves
    (``("letter", a)`` or ``("insert", x, y)``)."""
    t1, t2 = np.asarray(d1.transitions), np.asarray(d2.transitions)
    n2, k = t2.shape[0], t1.shape[1]
    start = int(d1.initial) * n2 + int(d2.initial)
    parent = {start: None}
    frontier = [start]
    hit = start if d1.accepting[d1.initial] and d2.accepting[d2.initial] else None
    while frontier and hit is None:
        nxt = []
        for node in frontier:
            p, x = divmod(node, n2)
            moves = [(int(t1[p, a]) * n2 + int(t2[x, a]), ("letter", a)) for a in range(k)]
            moves += [(p * n2 + int(y), ("insert", x, int(y))) for y in np.flatnonzero(R[x]) if y != x]
            for child, move in moves:
                if child not in parent:
                    parent[child] = (node, move)
                    nxt.append(child)
                    q, y = divmod(child, n2)
                    if d1.accepting[q] and d2.accepting[y]:
                        hit = child
                        break
            if hit is not None:
                break
        frontier = nxt
    if hit is None:
        return None
    path = []
    while parent[hit] is not None:
        hit, move = parent[hit]
        path.append(move)
    return path[::-1]


# ---------------------------------------------------------------------------------------------
# the proof

def _loop_block(d2: DFA, x: int, y: int):
    """MOD: words (p, z, s), z ≠ ε, with x·p = r, r·z = r, r·s = y and |z| dividing |p| + |s|:
    the shortest |z| first (a closed walk of length c at r, paths x → r → y of total length
    ≡ 0 mod c, by breadth-first search on D2 × Z_c)."""
    t = np.asarray(d2.transitions)
    n = t.shape[0]
    for c in range(1, n + 1):
        table = _counter_table(t, c)
        from_x = shortest_words_from(table, x * c)
        for r in range(n):
            loop = _closed_walk(t, r, c)
            if loop is None:
                continue
            from_r = shortest_words_from(table, r * c)
            for j in range(c):
                p, s = from_x[r * c + j], from_r[y * c + (-j) % c]
                if p is not None and s is not None:
                    return tuple(p), loop, tuple(s)
    return None


def _closed_walk(t: np.ndarray, r: int, c: int):
    """A word of length exactly c leading r back to r, or None."""
    layers = [{r: None}]
    for _ in range(c):
        nxt = {}
        for q in layers[-1]:
            for a in range(t.shape[1]):
                s = int(t[q, a])
                if s not in nxt:
                    nxt[s] = (q, a)
        layers.append(nxt)
    if r not in layers[-1]:
        return None
    w, q = [], r
    for layer in reversed(layers[1:]):
        q, a = layer[q]
        w.append(a)
    return tuple(w[::-1])


@dataclass(frozen=True)
class InsertionFamily:
    """``u`` ∈ L1 and ``blocks``: (i, block) — a block inserted before letter i of u (i = |u|:
    at the end), in increasing i.  MOD blocks (``basis`` "MOD"): ("loop", p, z, s), standing
    for p·z^k·s (k ≥ 0) with z a loop where it stands in D2 and |z| dividing |p| + |s|: for
    every d some k makes its length ≡ 0 mod d.  GR blocks: ("group", parts), a pattern with
    blocks (v a)^{N−1} v (as in :mod:`.group_separation`) equal to 1 in every group of order
    N.  AMT blocks: ("parikh", a :class:`.parikh_separation.ParikhFamily` of L_{x→y} against
    {ε}).  With every block so chosen, u with its blocks inserted is in L2: every Pol(basis)
    language containing u contains it (module docstring)."""

    basis: str
    u: tuple
    blocks: tuple

    def check(self, d1: DFA, d2: DFA) -> bool:
        return self.problem(d1, d2) is None

    def problem(self, d1: DFA, d2: DFA) -> str | None:
        if self.basis not in ("MOD", "AMT", "GR"):
            return f"unknown basis {self.basis!r}"
        if not d1.accepts([d1.alphabet[a] for a in self.u]):
            return "u is not in L1"
        t = np.asarray(d2.transitions)
        x, last = int(d2.initial), 0
        for i, block in sorted(self.blocks, key=lambda b: b[0]):
            if not last <= i <= len(self.u):
                return "a block stands outside u"
            for a in self.u[last:i]:
                x = int(t[x, a])
            last = i
            if self.basis == "MOD":
                if block[0] != "loop" or len(block) != 4:
                    return "a block of Pol(MOD) is not p·z^k·s"
                _, p, z, s = block
                if not z or (len(p) + len(s)) % len(z):
                    return "a block's loop does not divide the rest of its length"
                r = x
                for a in p:
                    r = int(t[r, a])
                q = r
                for a in z:
                    q = int(t[q, a])
                if q != r:
                    return "a block's z does not loop where it stands"
                for a in s:
                    r = int(t[r, a])
                x = r
            elif self.basis == "AMT":
                if block[0] != "parikh" or len(block) != 2 or not isinstance(block[1], ParikhFamily):
                    return "a block of Pol(AMT) is not a Parikh family"
                fam = block[1]
                if any(not 0 <= int(a) < t.shape[1] for a in fam.u1) or fam.u2 or fam.loops2:
                    return "a Parikh block is malformed (its second side must be the empty word)"
                end = x
                for a in fam.u1:
                    end = int(t[end, a])
                if not fam.check(_between(d2, x, end), _eps_dfa(d2.alphabet)):
                    return "a Parikh block does not hold on D2"
                x = end
            else:
                if block[0] != "group" or len(block) != 2:
                    return "a block of Pol(GR) is not a group pattern"
                end = _pattern_end(d2, x, block[1])
                if end is None:
                    return "a group block does not run in D2"
                problem = check_group_family(_between(d2, x, end), _eps_dfa(d2.alphabet), block[1], ())
                if problem is not None:
                    return f"a group block: {problem}"
                x = end
        for a in self.u[last:]:
            x = int(t[x, a])
        return None if d2.accepting[x] else "u with its blocks is not in L2"

    def text(self, alphabet) -> str:
        parts, last = [], 0
        for i, block in self.blocks:
            parts.append(_word(alphabet, self.u[last:i]))
            if block[0] == "loop":
                _, p, z, s = block
                parts.append(f"[{_word(alphabet, p)}({_word(alphabet, z)})^k{_word(alphabet, s)}]")
            elif block[0] == "parikh":
                parts.append("[" + block[1].text(alphabet).split(" (L1)")[0].removeprefix("ψ of ") + "]")
            else:
                parts.append("[" + pattern_text(alphabet, block[1]) + "]")
            last = i
        parts.append(_word(alphabet, self.u[last:]))
        u = _word(alphabet, self.u) or "ε"
        v = "".join(parts) or "ε"
        if self.basis == "AMT":
            return (f"{u} ∈ L1 and {v} ∈ L2 for every m ≥ 1 (each bracket an inserted block of D2 with its "
                    "loops repeated so that its Parikh vector is ≡ 0 mod m): a Pol(AMT) language is closed "
                    "under inserting words whose letter counts are ≡ 0 modulo its modulus, so none contains the "
                    "first word without the second")
        if self.basis == "MOD":
            return (f"{u} ∈ L1 and {v} ∈ L2 for every k ≥ 0 (each bracket an inserted block p(z)^k s whose "
                    "z loops where it stands, |z| dividing |p| + |s|): for every d some k makes every block's "
                    "length ≡ 0 mod d, and a Pol(MOD) language of modulus d is closed under inserting such "
                    "blocks, so none contains the first word without the second")
        return (f"{u} ∈ L1 and {v} ∈ L2 for every N ≥ 1 (each bracket an inserted block equal to 1 in every "
                "group of order N, every (v a)^(N-1) v being a⁻¹ there): a Pol(GR) language is closed under "
                "inserting words that its group maps to 1, so none contains the first word without the second")

    def to_json(self, alphabet) -> dict:
        blocks = []
        for i, block in self.blocks:
            if block[0] == "loop":
                _, p, z, s = block
                blocks.append({"at": i, "p": _word(alphabet, p), "z": _word(alphabet, z), "s": _word(alphabet, s)})
            elif block[0] == "parikh":
                blocks.append({"at": i, "parikh": block[1].to_json(alphabet)})
            else:
                blocks.append({"at": i, "pattern": family_json(alphabet, block[1], ())["L1"]})
        return {"kind": INSERTION_FAMILY, "basis": self.basis, "u": _word(alphabet, self.u), "blocks": blocks}


def _pattern_end(d: DFA, x: int, parts) -> int | None:
    t = np.asarray(d.transitions)
    k = t.shape[1]
    for part in parts:
        if len(part) not in (1, 2) or any(not 0 <= int(a) < k for a in tuple(part[0]) + tuple(part[1:])):
            return None
        for a in part[0]:
            x = int(t[x, a])
    return x


def _family_from_json(j: dict, w) -> InsertionFamily:
    blocks = []
    for b in j["blocks"]:
        if j["basis"] == "MOD":
            blocks.append((int(b["at"]), ("loop", w(b["p"]), w(b["z"]), w(b["s"]))))
        elif j["basis"] == "AMT":
            blocks.append((int(b["at"]), ("parikh", PARIKH_PROOFS[PARIKH_FAMILY](b["parikh"], w))))
        else:
            parts, _ = family_parts({"L1": b["pattern"], "L2": []}, w)
            blocks.append((int(b["at"]), ("group", parts)))
    return InsertionFamily(str(j["basis"]), w(j["u"]), tuple(blocks))


#: ``separate --check``: the proof read back from JSON
POL_GROUP_PROOFS = {INSERTION_FAMILY: _family_from_json}


def _family(d1: DFA, d2: DFA, basis: str, path: list, limits: Limits) -> InsertionFamily:
    u, blocks = [], []
    for move in path:
        if move[0] == "letter":
            u.append(move[1])
            continue
        _, x, y = move
        if basis == "MOD":
            block = _loop_block(d2, x, y)
            if block is None:                                  # pragma: no cover - R* says it exists
                raise AssertionError("Pol(MOD): no loop block for a pair of R*")
            blocks.append((len(u), ("loop",) + block))
        elif basis == "AMT":
            _, proof, _ = separate_by_parikh(_between(d2, x, y), _eps_dfa(d2.alphabet), limits)
            if proof is None:                                  # pragma: no cover - R* says it exists
                raise AssertionError("Pol(AMT): no Parikh block for a pair of R*")
            blocks.append((len(u), ("parikh", proof)))
        else:
            fam = group_family(_between(d2, x, y), _eps_dfa(d2.alphabet), limits)
            if fam is None:                                    # pragma: no cover - R* says it exists
                raise AssertionError("Pol(GR): no group block for a pair of R*")
            blocks.append((len(u), ("group", fam[0])))
    return InsertionFamily(basis, tuple(u), tuple(blocks))


# ---------------------------------------------------------------------------------------------
# the separator (Pol(MOD)) and the decision

@dataclass(frozen=True)
class InsertionSeparator:
    """K = ↑_d L1: the words with a word of L1 below them for ≤_d (words of length ≡ 0 mod d
    inserted); ``dfa`` its DFA, on which L1 ⊆ K and K ∩ L2 = ∅ were checked."""

    cls: str
    modulus: int
    dfa: DFA
    found_in: str | None = None

    def contains(self, word) -> bool:
        return bool(self.dfa.accepts([self.dfa.alphabet[a] for a in word]))

    def certificate_json(self) -> dict:
        return {"class": self.cls, "kind": INSERTION_CLOSURE, "modulus": self.modulus,
                "of": "L1", "states": self.dfa.n_states}

    def text(self, limit=None) -> str:
        return (f"K = ↑_{self.modulus} L1, the words that have a word of L1 as a subword with every gap "
                f"(ends included) of a length ≡ 0 mod {self.modulus} ({self.dfa.n_states} states): a "
                f"finite union of X a1 X ⋯ an X, X = the words of length ≡ 0 mod {self.modulus}, so in Pol(MOD)")


@dataclass(frozen=True)
class GroupInsertionSeparator:
    """K = ↑_N L1 with N the words acting as the identity under ``perms`` (letter a moves point
    q to perms[a][q]); a finite union of N a1 N ⋯ an N, so in Pol(GR) (Pol(AMT) when the
    action counts letters modulo m); ``dfa`` its DFA, on which L1 ⊆ K and K ∩ L2 = ∅ were
    checked."""

    cls: str
    perms: tuple
    dfa: DFA
    found_in: str | None = None

    def contains(self, word) -> bool:
        return bool(self.dfa.accepts([self.dfa.alphabet[a] for a in word]))

    def certificate_json(self) -> dict:
        return {"class": self.cls, "kind": GROUP_INSERTION_CLOSURE, "of": "L1", "points": len(self.perms[0]),
                "permutations": {a: list(p) for a, p in zip(self.dfa.alphabet, self.perms)},
                "states": self.dfa.n_states}

    def text(self, limit=None) -> str:
        shown = "; ".join(f"{a} ↦ {list(p)}" for a, p in zip(self.dfa.alphabet, self.perms))
        return (f"K = ↑_N L1, the words that have a word of L1 as a subword with every gap (ends included) "
                f"acting as the identity on points 0…{len(self.perms[0]) - 1} ({shown}); "
                f"{self.dfa.n_states} states: a finite union of N a1 N ⋯ an N, so in {self.cls}")


def _action_of(sep, k: int):
    """The permutations (one per letter) of a GR separator of ε from a block language: a
    permutation automaton's own, or for a letter-count separator modulo m the m-cycles of one
    counter per letter (MOD's: one counter for all letters); None for another kind."""
    if isinstance(sep, PermutationSeparator):
        return tuple(tuple(int(x) for x in p) for p in sep.perms)
    if isinstance(sep, LengthSeparator):
        m = int(sep.modulus)
        counters = k if isinstance(sep, ParikhSeparator) else 1
        out = []
        for a in range(k):
            row = list(range(m * counters))
            c = a if counters > 1 else 0
            for r in range(m):
                row[c * m + r] = c * m + (r + 1) % m
            out.append(tuple(row))
        return tuple(out)
    return None


def _group_separator(d1: DFA, d2: DFA, basis: str, limits: Limits):
    """Pol(GR) / Pol(AMT): for every pair (x, y) of useful states of D2 outside R*, a separator
    of {ε} from L_{x→y} in the basis (:func:`.group_separation.separate_by_groups`,
    :func:`.parikh_separation.separate_by_parikh`) read as a permutation action; their disjoint
    union's kernel N has no word of those L_{x→y}, so ↑_N L1 misses L2 (the referee's search
    re-checks it).  None when a pair has no such separator or a budget stops it."""
    k = len(d1.alphabet)
    R = insertion_relation(d2, basis, limits)
    useful = np.flatnonzero(np.asarray(d2.reachable) & np.asarray(d2.coreachable()))
    eps = _eps_dfa(d2.alphabet)
    actions = []
    for x in useful:
        for y in useful:
            if x == y or R[x, y]:
                continue
            block = _between(d2, int(x), int(y))
            if not block.accepting[np.asarray(block.reachable)].any():
                continue
            try:
                sep = (separate_by_groups(eps, block, limits) if basis == "GR"
                       else separate_by_parikh(eps, block, limits))[0]
            except LimitExceeded:
                return None
            action = None if sep is None else _action_of(sep, k)
            if action is None:
                return None
            if action not in actions:
                actions.append(action)
    offset, perms = 0, [[] for _ in range(k)]
    for action in actions or [tuple((0,) for _ in range(k))]:
        for a in range(k):
            perms[a].extend(offset + int(q) for q in action[a])
        offset += len(action[0])
    perms = tuple(tuple(row) for row in perms)
    try:
        if group_insertion_meets(d1, d2, perms, limits.type_states):
            raise AssertionError(f"Pol({basis}): the group insertion closure meets L2")
        K = group_closure_dfa(d1, perms, limits.synthesis_states)
    except LimitExceeded:
        return None
    if not is_subset(d1, K) or not is_empty(intersection(K, d2)):
        raise AssertionError(f"Pol({basis}): the group separator failed its check on DFAs")
    return GroupInsertionSeparator(f"Pol({basis})", perms, K)


def separate_by_pol_group(d1: DFA, d2: DFA, basis: str, limits: Limits):
    """(separator, proof, method) for Pol(``basis``), L1 ∩ L2 = ∅ not assumed (a common word is
    the search's path without insertions).  The separator is None with no proof when
    separable but none was built (Pol(GR) past Pol(MOD), or the modulus search stopped)."""
    name = f"Pol({basis})"
    path = _search(d1, d2, insertion_relation(d2, basis, limits))
    if path is not None:
        fam = _family(d1, d2, basis, path, limits)
        return None, fam, (f"a word of L1 and a word of L2 obtained from it by inserting blocks that no "
                           f"{basis} language tells from the empty word: no {name} language separates them")
    if basis in ("AMT", "GR"):
        sep, _, method = separate_by_pol_group(d1, d2, "MOD", limits)
        if sep is not None:
            return (InsertionSeparator(name, sep.modulus, sep.dfa, f"Pol(MOD) ⊆ {name}"), None,
                    f"no block that {basis} cannot tell from ε leads from L1 to L2; {method}")
        group = _group_separator(d1, d2, basis, limits)
        if group is not None:
            return group, None, (f"no block that {basis} cannot tell from ε leads from L1 to L2: K = ↑_N L1 for N "
                                 f"the kernel of a permutation action on {len(group.perms[0])} points (each block "
                                 f"language that {basis} separates from ε separated by a part of it), checked "
                                 "on DFAs")
        return None, None, (f"no word of L2 is a word of L1 with blocks inserted that {basis} cannot tell from ε: "
                            f"separable by the theorem (§11.13); no separator built (Pol(MOD), and a group "
                            f"action from the block languages' {basis} separators, tried)")
    stopped = ""
    for d in range(1, MAX_MODULUS + 1):
        if d1.n_states * d2.n_states * d > limits.type_states:
            stopped = f"the modulus {d} passes type_states"
            break
        if _search(d1, d2, _relation_at(d2, d)) is not None:
            continue
        try:
            K = closure_dfa(d1, d, limits.synthesis_states)
        except LimitExceeded as e:
            stopped = f"↑_{d} L1's DFA: {e}"
            break
        if insertion_closure_meets(d1, d2, d) or not is_subset(d1, K) or not is_empty(intersection(K, d2)):
            raise AssertionError("Pol(MOD): the separator ↑_d L1 failed its check")
        return (InsertionSeparator(name, d, K), None,
                f"↑_{d} L1 ∩ L2 = ∅ (the least modulus d that gives it): K = ↑_{d} L1 separates, checked on DFAs")
    return None, None, (f"no block of length ≡ 0 mod every d leads from L1 to L2: separable by the theorem "
                        f"(§11.13); no separator built ({stopped or f'moduli ≤ {MAX_MODULUS} tried'})")
