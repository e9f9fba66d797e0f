"""Pol(ST) = Σ1[<]: the finite unions of A*a1A*a2…A*anA*, i.e. the languages upward closed
for the subword (scattered subsequence) order — MeSCaL's PPT, the "positive piecewise
testable" languages (Pin 1995; Pin–Weil 1997).  Its complements, the downward closed
languages Π1, are the strictly piecewise languages, decided as SP.

Characterisation (Pin's order, :mod:`.syntactic_order`: s ≤ t iff p·t·r ∈ L ⇒ p·s·r ∈ L):
L ∈ Pol(ST) iff its syntactic ordered monoid satisfies x ≤ 1 — inserting any word keeps a
word in L.  Since ≤ is compatible with the product, it is enough that a ≤ 1 for every letter
a, which on the minimal DFA reads L_q ⊆ L_{q·a} for every state q and letter a (y ∈ L_q
means x·y ∈ L for the words x leading to q; x·a·y ∈ L iff y ∈ L_{q·a}): |Q|·|A| lookups in
the state inclusion preorder, no monoid enumerated.

**Certificate**: the basis of L, its minimal words for the subword order, so that L =
⋃_{w ∈ basis} A*w1A*…A*wmA* (Higman: finite).  Every minimal word w = a1…am ∈ L has a run
i = q0, q1, …, qm through *distinct* states: if q_i = q_j with i < j, deleting a_{i+1}…a_j
leaves a word of L that is a proper subword of w.  So m ≤ |Q| − 1, and the basis is found
among the simple paths of the minimal DFA from i to F; a word of such a path is minimal iff
no one-letter deletion of it is in L (L being upward closed, a proper subword in L gives a
one-letter deletion in L on the way up to w).  The simple paths explored are bounded by
``Limits.instantiations``.  The certificate is checked exactly before it is returned, and
again by ``verify`` (:mod:`.verify_concatenation`:
the product of the DFA with the greedy subsequence matchers of the basis words, every
reachable state accepting in L iff some word is matched).

**Witness**: a state q (reached by x) and a letter a with L_q ⊄ L_{q·a}, r in the difference:
x·r ∈ L, x·a·r ∉ L — the relation x ≤ 1 fails at x = a (an
:class:`~.identities.IdentityViolation`, re-checked on the DFA's runs).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...automata.graphs import shortest_words_from
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..algebra.identity_terms import parse_identities
from ..algebra.syntactic_order import residual_difference, state_inclusion
from ..checks.verify_concatenation import check_sigma1, check_upward_basis
from ..contract.classes import LanguageClass
from .identities import IDENTITY_PAIR, OrderedProcedure, violation_from_words

__all__ = ["SIGMA1_IDENTITY", "UPWARD_BASIS", "UpwardBasis", "minimal_words", "decide_sigma1", "CLASS"]

#: the ordered identity of Pol(ST) in Pin's order
SIGMA1_IDENTITY = "[x ≤ 1]"
_IDS = parse_identities(SIGMA1_IDENTITY)
#: certificate kind: the finite basis of an upward closed language
UPWARD_BASIS = "upward basis"


@dataclass(frozen=True)
class UpwardBasis:
    """A "yes": L = ⋃ over ``basis`` (words, tuples of letters) of A*w1A*…A*wmA*; every
    word of length ≤ ``bound`` = |Q| − 1 (the minimal DFA's states less one)."""

    basis: tuple[tuple[str, ...], ...]
    bound: int
    #: the state inclusion lookups made (|Q|·|A|)
    lookups: int = 0

    def __str__(self) -> str:
        pats = " | ".join("A*" + "A*".join(w) + "A*" if w else "A*" for w in self.basis) or "∅"
        pairs = "pair" if self.lookups == 1 else "pairs"
        words = "minimal word, of length" if len(self.basis) == 1 else "minimal words, each of length"
        return (f"L = {pats} (upward closed: L_q ⊆ L_q·a for all {self.lookups:,} (state, letter) {pairs}; "
                f"{len(self.basis)} {words} ≤ {self.bound})")

    @property
    def checked(self) -> str:
        """What was checked, in one line (the certificate itself is :meth:`__str__`)."""
        pairs = "pair" if self.lookups == 1 else "pairs"
        return f"L_q ⊆ L_q·a on all {self.lookups:,} (state, letter) {pairs}"

    def to_json(self, sep: str = "") -> dict:
        return {"kind": UPWARD_BASIS, "basis": [sep.join(w) for w in self.basis], "bound": self.bound,
                "lookups": self.lookups}


def minimal_words(dfa, limit: int) -> list[tuple[int, ...]]:
    """The minimal words (letter indices) of L(dfa), ``dfa`` minimal and L upward closed:
    the words of the simple paths from the initial state into F none of whose one-letter
    deletions is accepted (module docstring), in shortlex order.  LimitExceeded naming
    ``instantiations`` beyond ``limit`` paths."""
    t = np.asarray(dfa.transitions, dtype=np.int64).tolist()
    acc = np.asarray(dfa.accepting, dtype=bool).tolist()
    k = len(t[0]) if t else 0
    out, explored = [], 0
    stack = [(dfa.initial, (), frozenset((dfa.initial,)))]
    while stack:
        q, w, on = stack.pop()
        explored += 1
        if explored > limit:
            raise LimitExceeded("simple paths of the minimal DFA (the basis of an upward closed language)",
                                limit, "raise the budget instantiations of Limits", ("instantiations",))
        if acc[q]:
            if not any(_accepts(t, acc, dfa.initial, w[:i] + w[i + 1:]) for i in range(len(w))):
                out.append(w)
            continue                           # a longer word through F is not minimal
        for a in range(k - 1, -1, -1):
            r = t[q][a]
            if r not in on:
                stack.append((r, w + (a,), on | {r}))
    return sorted(set(out), key=lambda w: (len(w), w))


def _accepts(t, acc, q, word) -> bool:
    for a in word:
        q = t[q][a]
    return acc[q]


def decide_sigma1(dfa, limits=None):
    """(holds, UpwardBasis or IdentityViolation) for Pol(ST) (``dfa`` minimal; module
    docstring)."""
    limits = Limits() if limits is None else limits
    t = np.asarray(dfa.transitions, dtype=np.int64)
    inc = state_inclusion(dfa)
    n, k = t.shape
    ok = inc[np.arange(n)[:, None], t]                 # L_q ⊆ L_{q·a}
    if ok.all():
        basis = tuple(tuple(dfa.alphabet[a] for a in w) for w in minimal_words(dfa, limits.instantiations))
        check = check_upward_basis(dfa, basis, limits.check_states)      # exact, before it is printed
        if not check.valid:                                             # pragma: no cover - a bug
            raise AssertionError(f"Pol(ST): the basis failed its exact check: {check.reason}")
        return True, UpwardBasis(basis, max(n - 1, 0), n * k)
    reach = shortest_words_from(t, dfa.initial)
    for q, a in zip(*np.nonzero(~ok)):
        if reach[int(q)] is None:                       # pragma: no cover - minimal: all reachable
            continue
        r = residual_difference(dfa, int(q), int(t[q, a]))
        return False, violation_from_words(dfa, _IDS, {"x": [int(a)]}, {}, [int(a)], [], list(reach[int(q)]),
                                           r, True)
    raise AssertionError("x ≤ 1 fails, yet every reachable state passes")  # pragma: no cover


#: Pol(ST) = Σ1[<], asked by name (MeSCaL's PPT)
CLASS = LanguageClass("Pol(ST)", OrderedProcedure("upward closed", decide_sigma1, "Pin (x ≤ 1: upward closed)"),
                      UPWARD_BASIS, IDENTITY_PAIR, default=False, groups=("hierarchy", "SIGMA1"), check=check_sigma1,
                      bulk="Pol(ST)",
                      summary="Σ1[<] (MeSCaL's PPT; alias SIGMA1): unions of A*a1A*…anA*, upward closed (x ≤ 1)")
