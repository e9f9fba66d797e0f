"""SP: the strictly piecewise languages — forbidden subsequences (Rogers et al. 2010; Haines
1969 for the downward closed languages).

L is SP_k iff L = {w : no subsequence of w of length ≤ k is in X} for a set X of forbidden
words.  An SP language is closed under taking subsequences (downward closed); conversely a
downward closed L is {w : no element of B is a subsequence of w} for the finite set B of
its minimal forbidden words (Higman), so L is SP iff it is downward closed, and the least k
is the length of the longest element of B (at least 1).

DFA test: L is downward closed iff L_{p·a} ⊆ L_p for every state p and letter a (delete
one letter at a time; right languages compared by the greatest fixed point of
incl(p, q) = (p ∈ F ⇒ q ∈ F) ∧ ⋀_a incl(p·a, q·a), O(n²·|Σ|) per round, at most n² rounds).
The basis B: a minimal forbidden word m = a1…al has its proper prefixes in L and its
one-letter deletions in L; its run visits distinct states (a repeated state would give a
shorter forbidden subsequence), so |m| < n.  The search walks nodes (q_i, D_i), D_i the
states reached by the one-letter deletions of a1…ai (D_{i+1} = D_i·a ∪ {q_i}), and B is
the set of paths to nodes with q ∉ F and D ⊆ F (bounded by ``limits.synthesis_states``).

Certificate: B (the forbidden subsequences), checked by building the automaton that tracks
the progress of every element of B and comparing it with the DFA.  Witness for "no": u·a·r
∈ L and u·r ∉ L ("deletion": no SP language, of any k, has it).  A "yes" carries, for
k − 1, an element m of B of length k and its one-letter deletions ("cover": every
subsequence of m of length ≤ k − 1 is one of a deletion, all in L).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...automata.graphs import distinguishing_suffix
from ...kernel.errors import LimitExceeded
from ...kernel.limits import require_memory
from ...kernel.limits import Limits
from ..contract.classes import LanguageClass
from ..values.pumped import ClassWitness
from . import ClassAnswer, ClassProcedure, letters, refuted, word_to
from ..checks.verify_subregular import AnswerCheck

__all__ = ["ForbiddenSubsequences", "inclusion", "basis", "decide", "member", "PROCEDURE", "CLASS"]


def inclusion(dfa, memory_budget: int | None = None) -> np.ndarray:
    """``I[p, q]`` = (L_p ⊆ L_q), the right languages of the states (greatest fixed point)."""
    T = np.asarray(dfa.transitions, dtype=np.int64)
    n, m = T.shape
    require_memory(f"the inclusion table of {n} states", 8 * n * n * (m + 1), memory_budget)
    acc = np.asarray(dfa.accepting)
    I = ~acc[:, None] | acc[None, :]
    while True:
        new = I.copy()
        for a in range(m):
            new &= I[np.ix_(T[:, a], T[:, a])]
        if (new == I).all():
            return I
        I = new


def _down_violation(dfa, I):
    T = np.asarray(dfa.transitions)
    for p in range(T.shape[0]):
        for a in range(T.shape[1]):
            if not I[T[p, a], p]:
                return p, a
    return None


def member(dfa, limits: Limits | None = None) -> bool:
    """Whether L is strictly piecewise = downward closed (quadratic; no certificate)."""
    limits = Limits() if limits is None else limits
    return _down_violation(dfa, inclusion(dfa, limits.memory_budget)) is None


def basis(dfa, limit: int) -> list[list[int]]:
    """The minimal forbidden words of a downward closed L (letter indices), shortlex."""
    T = np.asarray(dfa.transitions)
    acc = np.asarray(dfa.accepting)
    m = T.shape[1]
    out: list[list[int]] = []
    start = (int(dfa.initial), frozenset())
    stack = [(start, [])]
    visited = 0
    while stack:
        (q, D), w = stack.pop()
        visited += 1
        if visited > limit:
            raise LimitExceeded("search for the minimal forbidden subsequences", limit,
                                "raise limit", ("limit",))
        if not acc[q]:
            if all(acc[d] for d in D):
                out.append(w)
            continue                          # a proper prefix of a minimal word is in L
        if len(w) >= T.shape[0]:
            continue                          # runs of minimal words visit distinct states
        for a in range(m - 1, -1, -1):
            stack.append(((int(T[q, a]), frozenset(int(T[d, a]) for d in D) | {q}), w + [a]))
    return sorted(out, key=lambda w: (len(w), w))


@dataclass(frozen=True)
class ForbiddenSubsequences:
    """L = the words with no element of ``forbidden`` (letter-index tuples) as a
    subsequence; ``k`` = the longest (at least 1)."""

    k: int
    alphabet: tuple
    forbidden: tuple

    def to_json(self, sep: str = "") -> dict:
        return {"kind": "forbidden subsequences", "k": self.k,
                "forbidden": [sep.join(self.alphabet[a] for a in f) for f in self.forbidden]}

    def text(self, sep: str = "", limit: int = 12) -> str:
        shown = [sep.join(self.alphabet[a] for a in f) or "ε" for f in self.forbidden]
        more = f", … ({len(shown) - limit} more; the JSON form has all)" if len(shown) > limit else ""
        return (f"no subsequence in the forbidden set of {len(shown)} (the minimal words outside L): "
                f"{{{', '.join(shown[:limit])}{more}}}")


def _deletion_pair(dfa, p: int, a: int) -> ClassWitness:
    """u·a·r ∈ L against u·r ∉ L, for the word u to p and r ∈ L_(p·a) \\ L_p (not empty: the
    violation at p, a)."""
    T = np.asarray(dfa.transitions)
    r = distinguishing_suffix(T, dfa.accepting, p, int(T[p, a]), directed=True)
    u = word_to(dfa, p)
    w_in, w_out = letters(dfa, u + [a] + r), letters(dfa, u + r)
    return ClassWitness("deletion", (w_in,), (w_out,), None,
                        "the out-word is the in-word with one letter deleted (every SP_k is closed under that)")


def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
    limits = Limits() if limits is None else limits
    I = inclusion(dfa, limits.memory_budget)
    bad = _down_violation(dfa, I)
    if bad is not None:
        p, a = bad
        return refuted(f"not strictly piecewise: L is not closed under deleting a letter "
                       f"(L_(p·{dfa.alphabet[a]}) ⊄ L_p for the state p = {p})", certificates,
                       _deletion_pair, dfa, p, a)
    method = "strictly piecewise: L is closed under deleting letters (L_(p·a) ⊆ L_p for all p, a)"
    try:
        B = basis(dfa, limits.synthesis_states)
    except LimitExceeded as exc:
        return ClassAnswer(True, method + f"; least k and certificate not computed: {exc}")
    k = max([1] + [len(b) for b in B])
    method += f"; least k = {k} (the longest minimal forbidden word)"
    if not certificates:
        return ClassAnswer(True, method, k)
    below = None
    if k >= 2:
        m = next(b for b in B if len(b) == k)
        dels = tuple(dict.fromkeys(letters(dfa, m[:i] + m[i + 1:]) for i in range(len(m))))
        below = ClassWitness("cover", dels, (letters(dfa, m),), k - 1,
                             f"every subsequence of length ≤ {k - 1} of the out-word is one of an in-word "
                             "(its one-letter deletions)")
    cert = ForbiddenSubsequences(k, tuple(dfa.alphabet), tuple(tuple(b) for b in B))
    return ClassAnswer(True, method, k, cert, None, below)


PROCEDURE = ClassProcedure("strictly piecewise", decide)
#: SP: forbidden subsequences (asked when named: ``--class SP``)
CLASS = LanguageClass("SP", PROCEDURE, "forbidden subsequences", "deletion", default=False,
                      check=AnswerCheck("SP"), groups=("subregular",), bulk="SP", parameters="k",
                      summary="strictly piecewise: forbidden subsequences of length k")
