"""The Pol(C⁺)-pairs, re-checked from the DFA and printed words alone — no decider code imported
(docs/decision-procedures.md §14.15; the decider's side is :mod:`..algebra.pol_plus_pairs`), for
C⁺ = DD (= ST⁺) and the group bases' MOD⁺, AMT⁺, GR⁺.

The morphism read is α' : A* → M' = α(A⁺) ∪ {1'}, ε alone mapped to 1'.  Here an element of M'
is ``None`` for 1' and the transformation (a tuple) of the minimal DFA's states for an element of
α(A⁺); a word's element is None exactly for ε.

The pairs are the least P ⊆ M'² that holds (1', 1') and every (a, a), is closed under products,
and holds (e, f·t·f) for every (e, f) ∈ P with e, f idempotents of α(A⁺) and every t ∈ α(A⁺) with
(f, t) a C⁺-pair (α⁻¹(f) ∩ A⁺, α⁻¹(t) ∩ A⁺ not C-separable: every pair for DD).  Each rule keeps
Pol(C⁺)-pairs Pol(C⁺)-pairs (§14.15's lemma: (α'(w), α'(w)) trivially; products since the
pattern preorders are precongruences; rule 3 by replacing, inside a gap of every pattern, one of
many copies of a word of f by a word of t·f read alike by the gap's group), so a *derivation* —
facts, each a trivial pair of a word, the product of two earlier facts, or rule 3 on an earlier
fact and a word of t (over G⁺ with f ≠ t: a word of f and the evidence that (f, t) is a G⁺-pair,
:func:`.verify_bpol.pair_problem`) — proves its pairs Pol(C⁺)-pairs (:func:`derived_pairs`, for a
"no").  For a "yes" P is recomputed by a search of its own (:func:`plus_pairs`) from a set of
C⁺-pairs: all (DD), the G⁺-pairs re-derived (:func:`.verify_bpol.pair_maps`; for AMT⁺ at the
certificate's modulus D, a superset), so that its orbits contain the true ones.
"""

from __future__ import annotations

from ...kernel.limits import IDENTITY_TABLE_ENTRIES
from .verify_group_kernels import TransitionMonoid, word_letters

__all__ = ["element", "pair_closure", "plus_pairs", "plus_orbits", "derived_pairs"]


def element(M: TransitionMonoid, word) -> tuple | None:
    """α'(word): None for ε, else its transformation."""
    return M.of(word) if len(word) else None


def _mul(M: TransitionMonoid, x, y):
    return y if x is None else x if y is None else M.mul(x, y)


def _idempotent(M: TransitionMonoid, x) -> bool:
    return x is not None and M.mul(x, x) == x


def pair_closure(mul, found: set, todo, by, gens, work: int | None = None) -> int | None:
    """Grow ``found`` (a set of pairs, closed so far under right products with ``gens``): multiply
    ``todo``'s pairs by the generators ``by``, then every new pair by all of ``gens``, until nothing
    is new (``mul`` the product of one component).  Returns the products made, or None once they
    pass ``work`` (no bound when None)."""
    count = 0
    while todo:
        count += len(todo) * len(by)
        if work is not None and count > work:
            return None
        new = []
        for s, t in todo:
            for g, h in by:
                pair = (mul(s, g), mul(t, h))
                if pair not in found:
                    found.add(pair)
                    new.append(pair)
        todo, by = new, gens
    return count


def plus_pairs(M: TransitionMonoid, work: int, allowed=None) -> frozenset | None:
    """The least P of the module docstring, (f, t) in rule 3 ranging over ``allowed`` (a set of
    pairs of maps; None: every pair, DD) and the diagonal, or None past ``work`` products: a worklist of the
    pairs found, each multiplied on the right by every generator — the (a, a) and each pair of
    rule 3 not yet found when its (e, f) is first seen (one found already is a product of the
    generators before it) —, a new generator also multiplied onto every pair found before it."""
    if len(M.elements) ** 2 <= IDENTITY_TABLE_ENTRIES:      # elements by their positions in the table
        E, T, at, ONE = M.elements, M.table().tolist(), M.index, len(M.elements)

        def mul(x, y):
            return y if x == ONE else x if y == ONE else T[x][y]
        letters, semigroup = [at[a] for a in M.letters], sorted(at[x] for x in M.semigroup)
        allowed = None if allowed is None else {(at[f], at[t]) for f, t in allowed}
    else:                                                   # the maps themselves, 1' as None
        ONE, letters, semigroup = None, list(M.letters), sorted(M.semigroup)

        def mul(x, y):
            return _mul(M, x, y)
    found = _search(mul, ONE, letters, semigroup, work, allowed)
    if found is None or ONE is None:
        return found
    back = [*E, None]
    return frozenset((back[x], back[y]) for x, y in found)


def _search(mul, ONE, letters, semigroup, work: int, allowed) -> frozenset | None:
    """:func:`plus_pairs` on elements multiplied by ``mul``, 1' being ``ONE``."""
    idempotents = [x for x in semigroup if mul(x, x) == x]
    gens = [(a, a) for a in letters]
    found = {(ONE, ONE)}
    seen_idempotent_pairs: set = set()
    left = [work]

    def grow(todo, by) -> bool:
        """:func:`pair_closure` within what is left of ``work``; False past it."""
        made = pair_closure(mul, found, todo, by, gens, left[0])
        if made is None:
            return False
        left[0] -= made
        return True

    if not grow([(ONE, ONE)], gens):
        return None
    added = True
    while added:
        added = False
        for e in idempotents:
            for f in idempotents:
                if (e, f) not in found or (e, f) in seen_idempotent_pairs:
                    continue
                seen_idempotent_pairs.add((e, f))
                for t in semigroup:
                    if allowed is not None and t != f and (f, t) not in allowed:
                        continue
                    g = (e, mul(mul(f, t), f))
                    if g in found:
                        continue
                    gens.append(g)
                    added = True
                    if not grow(list(found), [g]):   # the new generator on every pair so far, then all
                        return None
    return frozenset(found)


def plus_orbits(M: TransitionMonoid, pairs) -> dict:
    """idempotent e of α(A⁺) → {x ∈ e·M'·e : (x, e) ∈ ``pairs``} (a frozenset)."""
    out = {}
    for e in M.semigroup:
        if _idempotent(M, e):
            out[e] = frozenset(x for x, y in pairs if y == e and x is not None and M.mul(M.mul(e, x), e) == x)
    return out


def derived_pairs(M: TransitionMonoid, facts, letters, c_pair=None) -> tuple[list | None, str | None]:
    """(the pairs the facts prove, None) or (None, what is wrong): each fact {"pair": [word, word],
    "by": "word" (with "word": its pair is (α'(w), α'(w))), "product" ("of": [i, j], earlier facts:
    its pair their product) or "idempotents" ("of": i, an earlier fact (e, f) of idempotents of
    α(A⁺), and "t": a non-empty word; its pair (e, f·t·f))}; ``c_pair(f, t, row)`` → None when
    (f, t) is shown a C⁺-pair by the row (None: every pair, DD), else what fails."""
    got: list = []
    for k, row in enumerate(facts):
        claimed = tuple(element(M, word_letters(w, letters)) for w in row["pair"])
        by = row.get("by")
        if by == "word":
            x = element(M, word_letters(row["word"], letters))
            ok = claimed == (x, x)
        elif by == "product":
            i, j = row["of"]
            if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < k for v in (i, j)):
                return None, f"fact {k} multiplies facts that do not come before it"
            ok = claimed == (_mul(M, got[i][0], got[j][0]), _mul(M, got[i][1], got[j][1]))
        elif by == "idempotents":
            i = row["of"]
            if not (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < k):
                return None, f"fact {k} rests on a fact that does not come before it"
            e, f = got[i]
            t = element(M, word_letters(row["t"], letters))
            if not (_idempotent(M, e) and _idempotent(M, f)) or t is None:
                return None, f"fact {k}: its (e, f) are not idempotents of α(A⁺), or t is empty"
            problem = None if c_pair is None or t == f else c_pair(f, t, row)
            if problem is not None:
                return None, f"fact {k}: (f, t) is not shown a pair of the basis: {problem}"
            ok = claimed == (e, M.mul(M.mul(f, t), f))
        else:
            return None, f"fact {k}: an unknown rule"
        if not ok:
            return None, f"fact {k}: its pair is not what its rule gives"
        got.append(claimed)
    return got, None
