"""PT: the piecewise testable languages — membership decided by the set of subsequences of
length ≤ k (Boolean combinations of Σ*a1Σ*…Σ*amΣ*; Simon 1975).

Theorem (Simon 1975): L is piecewise testable iff its syntactic monoid is J-trivial.  DFA
test (Klíma and Polák 2013): the minimal DFA is piecewise testable iff it is acyclic (no
cycle but self-loops) and locally confluent — for every state q and letters a, b some word
w ∈ {a, b}* has q·a·w = q·b·w.  Here: the components of the transition graph are single
states (linear), and for each (q, a, b) a breadth-first search of the pairs (q·a·w, q·b·w)
over w ∈ {a, b}* for the diagonal (O(n³·|Σ|²) in all, polynomial; no semigroup).  The
J-triviality of the semigroup is the independent check in the tests.  The least k by the
exact profile test of :mod:`.profiles` (k = 1, 2, … within ``limits.synthesis_states``).

Certificate: the accepted sets of subsequences of length ≤ k (kind ``subsequences``),
checked by building the subsequence-tracking automaton and comparing it with the DFA.
Witness for "no" (pumped; the words agree on all subsequences of length ≤ K, so for every
k): a cycle p →a p·a ≠ p → … → p read by the block z = a·…: u·z^K·r against u·z^K·a·r
(r separates p from p·a); or a state q and letters a, b with no confluence: u·a·(ab)^K·r
against u·b·(ab)^K·r.  In both, the extra or changed letters occur in the pumped block, so
a subsequence of length ≤ K embeds in either word.  A "yes" carries the pair with one set
of subsequences of length ≤ k − 1 (so k is least).
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import distinguishing_suffix, dfa_sccs, shortest_words_from
from ...kernel.limits import Limits
from ..contract.classes import LanguageClass
from . import (ClassAnswer, ClassProcedure, exponents, letters, pumped_pair, word_to,
                         yes_with_least_order)
from ..checks.verify_subregular import AnswerCheck


__all__ = ["confluence_failure", "cycle", "decide", "member", "PROCEDURE", "CLASS"]


def cycle(dfa) -> tuple[int, int, list[int]] | None:
    """(p, a, z): p·a ≠ p lies in p's component and z leads from p·a back to p; None when
    the DFA is acyclic apart from self-loops."""
    T = np.asarray(dfa.transitions)
    comp = dfa_sccs(dfa).component
    for p in range(T.shape[0]):
        for a in range(T.shape[1]):
            r = int(T[p, a])
            if r != p and comp[r] == comp[p]:
                return p, a, shortest_words_from(T, r)[p]
    return None


def confluence_failure(dfa) -> tuple[int, int, int] | None:
    """(q, a, b) with no w ∈ {a, b}* such that q·a·w = q·b·w; None when locally confluent."""
    T = np.asarray(dfa.transitions)
    n, m = T.shape
    for a in range(m):
        for b in range(a + 1, m):
            for q in range(n):
                start = (int(T[q, a]), int(T[q, b]))
                seen = {start}
                frontier = [start]
                met = False
                while frontier and not met:
                    nxt = []
                    for x, y in frontier:
                        if x == y:
                            met = True
                            break
                        for c in (a, b):
                            node = (int(T[x, c]), int(T[y, c]))
                            if node not in seen:
                                seen.add(node)
                                nxt.append(node)
                    frontier = nxt
                if not met:
                    return q, a, b
    return None


def member(dfa, limits: Limits | None = None) -> bool:
    """Whether L is piecewise testable (Klíma–Polák; polynomial; no certificate)."""
    return cycle(dfa) is None and confluence_failure(dfa) is None


def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None):
    limits = Limits() if limits is None else limits
    T = np.asarray(dfa.transitions)
    cyc = cycle(dfa)
    if cyc is not None:
        p, a, z = cyc
        block = [a] + z
        method = (f"not piecewise testable: the minimal DFA has a cycle through {p} and {int(T[p, a])} "
                  f"({''.join(letters(dfa, block))}), so it is not acyclic (Klíma–Polák)")
        if not certificates:
            return ClassAnswer(False, method)
        u = word_to(dfa, p)
        r = distinguishing_suffix(T, dfa.accepting, p, int(T[p, a]))
        wit = pumped_pair(dfa, [block], [u, 0, r], [u, 0, [a], r],
                          "the extra letter occurs in the pumped block: the same subsequences of "
                          "length ≤ K (every k)")
        return ClassAnswer(False, method, witness=wit)
    bad = confluence_failure(dfa)
    if bad is not None:
        q, a, b = bad
        A, B = dfa.alphabet[a], dfa.alphabet[b]
        method = (f"not piecewise testable: acyclic but not locally confluent at state {q}: no word "
                  f"w over {{{A}, {B}}} has q·{A}·w = q·{B}·w (Klíma–Polák)")
        if not certificates:
            return ClassAnswer(False, method)
        K0, _ = exponents(dfa, [[a, b]], T.shape[0])
        mid = letters(dfa, [a, b] * K0)
        x, y = dfa.run((A,) + mid, q), dfa.run((B,) + mid, q)
        r = distinguishing_suffix(T, dfa.accepting, x, y)
        u = word_to(dfa, q)
        wit = pumped_pair(dfa, [[a, b]], [u, [a], 0, r], [u, [b], 0, r],
                          "the changed letter occurs in the pumped block: the same subsequences of "
                          "length ≤ K (every k)", at_least=T.shape[0])
        return ClassAnswer(False, method, witness=wit)
    method = "piecewise testable: the minimal DFA is acyclic and locally confluent (Klíma–Polák)"
    return yes_with_least_order(dfa, method, limits, certificates, "subsequences", 1,
                                lambda j: f"the same subsequences of length ≤ {j}")

PROCEDURE = ClassProcedure("piecewise testable", decide)
#: PT: Boolean combinations of subsequence conditions (asked when named: ``--class PT``)
CLASS = LanguageClass("PT", PROCEDURE, "subsequence profiles", "pair", default=False,
                      check=AnswerCheck("PT"),
                      inclusions=(("SP", "SP_k ⊆ PT_k"),), groups=("subregular",), bulk="PT",
                      parameters="k", summary="piecewise testable: membership by the subsequences of length ≤ k")
