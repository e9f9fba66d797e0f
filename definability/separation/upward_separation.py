"""Separation by Pol(ST) = Σ1[<] (the upward closed languages for the subword order ≼), and
by its dual SP (the downward closed languages: strictly piecewise).

Theorem: L1 is Pol(ST)-separable from L2 iff ↑L1 ∩ L2 = ∅, where ↑L1 = {v : u ≼ v for some
u ∈ L1} is the upward closure.  Proof: ↑L1 is upward closed and regular, so in Pol(ST)
(Higman: a finite basis; :mod:`.sigma1`), and it contains L1 — if it misses L2 it separates.
Conversely any K ∈ Pol(ST) with L1 ⊆ K is upward closed, so ↑L1 ⊆ K; if v ∈ ↑L1 ∩ L2 then
v ∈ K ∩ L2 and K does not separate.  So ↑L1 is the least Pol(ST) language containing L1.

"Separable": the separator K = ↑L1, printed as its basis (the minimal words of L1 for ≼, the
minimal words of ↑L1: :func:`.sigma1.minimal_words` on its minimal DFA), checked on DFAs
(L1 ⊆ K, K ∩ L2 = ∅).  "Not separable": a word u ∈ L1 and a superword v ∈ L2
(:class:`SubwordPair`, re-checked from the words: membership and u ≼ v by a greedy match);
v is a shortest word of ↑L1 ∩ L2, found with u by a breadth-first search over the pairs of
states of D1 × D2, each letter of v read by both DFAs or by D2 alone (no subset construction:
"not separable" costs O(|Q1|·|Q2|·|A|); only a separator needs ↑L1's DFA).

SP (:func:`separate_downward`).  Theorem: L1 is SP-separable from L2 iff L1 ∩ ↑L2 = ∅.
Proof: K ⊇ L1 is SP iff it is downward closed (Haines, Higman: :mod:`..subregular.strictly_piecewise`),
and K is downward closed iff A* ∖ K is upward closed.  So an SP separator of L1 from L2 is
the complement of a Pol(ST) separator of L2 from L1, and the least Pol(ST) language
containing L2 is ↑L2: L1 is SP-separable from L2 iff ↑L2 misses L1, and then
K = A* ∖ ↑L2 — the words with no subsequence in the basis of ↑L2 (its forbidden
subsequences; K is SP_k for k the longest of them) — is the largest SP separator.
"Separable": that basis, K's DFA checked on DFAs (L1 ⊆ K, K ∩ L2 = ∅).  "Not separable": a
word u ∈ L1 and a subword v ≼ u in L2 (:class:`SubwordPair`, ``downward``): every downward closed
K ∋ u contains v.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce

import numpy as np

from ...automata import rational
from ...automata.dfa import DFA
from ...automata.operations import complement, intersection, is_empty, is_subset, union
from ...kernel.limits import Limits
from ..varieties.sigma1 import minimal_words

__all__ = ["SubwordPair", "UpwardSeparator", "DownwardSeparator", "separate_upward",
           "separate_downward", "upward_dfa", "downward_dfa", "is_subword"]


def is_subword(u, v) -> bool:
    """u ≼ v: u is a (scattered) subsequence of v (greedy left-to-right match)."""
    it = iter(v)
    return all(any(a == b for b in it) for a in u)


def _shown(alphabet, word) -> str:
    """The word as text, "ε" when empty."""
    return "".join(alphabet[a] for a in word) or "ε"


@dataclass(frozen=True)
class SubwordPair:
    """u ∈ L1, v ∈ L2 with u ≼ v: every upward closed K ⊇ L1 contains u, so v.  With
    ``downward``: v ≼ u instead, and every downward closed K ⊇ L1 contains u, so v (SP)."""

    u: tuple
    v: tuple
    downward: bool = False

    def check(self, d1: DFA, d2: DFA) -> bool:
        small, large = (self.v, self.u) if self.downward else (self.u, self.v)
        return (bool(d1.accepts([d1.alphabet[a] for a in self.u])) and bool(d2.accepts([d2.alphabet[a] for a in self.v]))
                and is_subword(small, large))

    def text(self, alphabet) -> str:
        u, v = _shown(alphabet, self.u), _shown(alphabet, self.v)
        if self.downward:
            return f"{v} ∈ L2 is a subword of {u} ∈ L1: every downward closed language containing L1 contains both"
        return f"{u} ∈ L1 is a subword of {v} ∈ L2: every upward closed language containing L1 contains both"

    def to_json(self, alphabet) -> dict:
        return {"kind": "superword pair" if self.downward else "subword pair",
                "in_L1": _shown(alphabet, self.u), "in_L2": _shown(alphabet, self.v)}


def upward_dfa(alphabet, basis, state_limit: int) -> DFA:
    """The minimal DFA of ⋃_{w ∈ basis} A*w1A*…A*wmA* (``basis``: words of letters)."""
    alphabet = tuple(alphabet)
    parts = [rational.sequence(alphabet, [None] + [x for a in w for x in ({a}, None)], state_limit) for w in basis]
    return reduce(union, parts, rational.empty(alphabet)).minimal()


@dataclass(frozen=True)
class UpwardSeparator:
    """K = ↑L1 = ⋃ over ``basis`` of A*w1A*…A*wmA*; ``dfa`` its DFA, on which L1 ⊆ K and
    K ∩ L2 = ∅ were checked."""

    cls: str
    basis: tuple
    alphabet: tuple
    dfa: DFA
    found_in: str | None = None

    @property
    def k(self):
        return None

    def contains(self, word) -> bool:
        """Whether some basis word is a subword of ``word`` (letter indices)."""
        return any(is_subword(w, word) for w in self.basis)

    def certificate_json(self) -> dict:
        return {"class": self.cls, "kind": "upward basis",
                "basis": [_shown(self.alphabet, w) for w in self.basis]}

    def text(self, limit: int = 6) -> str:
        pats = ["A*" + "A*".join(self.alphabet[a] for a in w) + "A*" if w else "A*" for w in self.basis]
        more = f" … ({len(pats) - limit} more in the JSON form)" if len(pats) > limit else ""
        return "K = ↑L1 = " + (" ∪ ".join(pats[:limit]) or "∅") + more


def downward_dfa(alphabet, forbidden, state_limit: int) -> DFA:
    """The minimal DFA of the words with no subsequence in ``forbidden`` (words of letters):
    A* ∖ ⋃_{w ∈ forbidden} A*w1A*…A*wmA*."""
    return complement(upward_dfa(alphabet, forbidden, state_limit)).minimal()


@dataclass(frozen=True)
class DownwardSeparator:
    """K = A* ∖ ↑L2: the words with no subsequence in ``forbidden`` (the basis of ↑L2);
    ``dfa`` its DFA, on which L1 ⊆ K and K ∩ L2 = ∅ were checked.  K is SP_k for k the
    longest forbidden word (k ≥ 1)."""

    cls: str
    forbidden: tuple
    alphabet: tuple
    dfa: DFA
    found_in: str | None = None

    @property
    def k(self):
        return max((len(w) for w in self.forbidden), default=1) or 1

    def contains(self, word) -> bool:
        """Whether no forbidden word is a subword of ``word`` (letter indices)."""
        return not any(is_subword(w, word) for w in self.forbidden)

    def certificate_json(self) -> dict:
        return {"class": self.cls, "kind": "forbidden subsequences", "k": self.k,
                "forbidden": [_shown(self.alphabet, w) for w in self.forbidden]}

    def text(self, limit: int = 6) -> str:
        words = [_shown(self.alphabet, w) for w in self.forbidden]
        more = f" … ({len(words) - limit} more in the JSON form)" if len(words) > limit else ""
        return (f"K = A* ∖ ↑L2 (SP[{self.k}]): the words with none of {', '.join(words[:limit]) or 'no word'}"
                f"{more} as a subsequence")


def _subword_meet(d1: DFA, d2: DFA):
    """A pair (u, v), u ∈ L1, v ∈ L2, u ≼ v with v shortest, or None when ↑L1 ∩ L2 = ∅:
    breadth-first over the pairs (q1, q2) of D1 × D2, each letter of v read by both DFAs
    (kept in u) or by D2 alone (skipped) — the product of D2 with the NFA of ↑L1 (D1 with a
    loop on every letter at every state), O(|Q1|·|Q2|·|A|), no subset construction."""
    t1, t2 = np.asarray(d1.transitions).tolist(), np.asarray(d2.transitions).tolist()
    f1, f2 = np.asarray(d1.accepting, dtype=bool).tolist(), np.asarray(d2.accepting, dtype=bool).tolist()
    start = (int(d1.initial), int(d2.initial))
    parent = {start: None}
    todo = [start]
    for node in todo:                                  # grows while read
        p, q = node
        if f1[p] and f2[q]:
            u, v = [], []
            while parent[node] is not None:
                node, a, kept = parent[node]
                v.append(a)
                if kept:
                    u.append(a)
            return tuple(u[::-1]), tuple(v[::-1])
        for a in range(len(t2[q])):
            for nxt, kept in (((t1[p][a], t2[q][a]), True), ((p, t2[q][a]), False)):
                if nxt not in parent:
                    parent[nxt] = (node, a, kept)
                    todo.append(nxt)
    return None


def separate_upward(d1: DFA, d2: DFA, limits: Limits | None = None):
    """(UpwardSeparator, None) or (None, SubwordPair) for Pol(ST) (module docstring); ``d1``,
    ``d2`` minimal over one alphabet."""
    limits = Limits() if limits is None else limits
    meet = _subword_meet(d1, d2)
    if meet is not None:
        return None, SubwordPair(*meet)
    up = rational.upward_closure(d1, limits.synthesis_states).minimal()
    basis = tuple(minimal_words(up, limits.instantiations))
    K = upward_dfa(d1.alphabet, [[d1.alphabet[a] for a in w] for w in basis], limits.synthesis_states)
    if not (is_subset(d1, K) and is_empty(intersection(K, d2))):   # pragma: no cover - a bug
        raise AssertionError("Pol(ST): the upward closure's basis does not separate")
    return UpwardSeparator("Pol(ST)", basis, d1.alphabet, K), None


def separate_downward(d1: DFA, d2: DFA, limits: Limits | None = None):
    """(DownwardSeparator, None) or (None, SubwordPair with ``downward``) for SP (module docstring): the dual
    of :func:`separate_upward` with the two languages exchanged; ``d1``, ``d2`` minimal over
    one alphabet."""
    limits = Limits() if limits is None else limits
    up, pair = separate_upward(d2, d1, limits)
    if pair is not None:                           # pair.u ∈ L2 is a subword of pair.v ∈ L1
        return None, SubwordPair(pair.v, pair.u, downward=True)
    K = complement(up.dfa).minimal()
    if not (is_subset(d1, K) and is_empty(intersection(K, d2))):   # pragma: no cover - a bug
        raise AssertionError("SP: the complement of ↑L2 does not separate")
    return DownwardSeparator("SP", up.basis, d1.alphabet, K), None
