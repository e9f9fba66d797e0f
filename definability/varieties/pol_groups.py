"""Pol(G) for the group bases G = MOD, AMT, GR: the finite unions of marked products
L0·a1·L1 ⋯ an·Ln with Li ∈ G (level 1/2 of the concatenation hierarchy over G).
docs/decision-procedures.md §14.9; the declarations are the small modules ``pol_mod``,
``pol_amt``, ``pol_gr`` beside this one.

**Theorem** (Place–Zeitoun, "Characterizing level one in group-based concatenation
hierarchies"; "Generic results for concatenation hierarchies" for a finite basis).  For a
group prevariety G, L ∈ Pol(G) iff its syntactic ordered monoid satisfies

    q^ω s q^ω ≤ q^{ω+1}   for every G-pair (q, s),

(q, s) a G-pair when α⁻¹(q) and α⁻¹(s) are not G-separable (:mod:`..algebra.group_pairs`).

**Pol(G⁺)** (``plus``: :mod:`.pol_mod_plus`, :mod:`.pol_amt_plus`, :mod:`.pol_gr_plus`), G⁺ the
Boolean algebra of G and {ε}: the same inequality on the G⁺-pairs — (1, 1), and the (q, s)
with α⁻¹(q) ∩ A⁺ and α⁻¹(s) ∩ A⁺ not G-separable (a G⁺-separator of two sets of non-empty
words is a G-separator with ε set either way, and ε ∈ α⁻¹(q) ∩ α⁻¹(s) only for q = s = 1).
*Proof*, from the theorem for a finite basis C (Place–Zeitoun, "Generic results for
concatenation hierarchies": L ∈ Pol(C) iff the inequality holds on the C-pairs, C a finite
quotient-closed Boolean algebra), for any quotient-closed Boolean algebra D such as G⁺:
(⇒) L ∈ Pol(D) is built from finitely many languages of D; their quotients generate a finite
such algebra C ⊆ D with L ∈ Pol(C), and every D-pair is a C-pair (not D-separable, so not
C-separable): the inequality holds on the D-pairs.  (⇐) For each of the finitely many non-D-pairs
pick a separator in D; the algebra C these generate is finite, C ⊆ D, and its pairs are exactly
the D-pairs (a C-pair is not separated by any of the chosen separators, so it is a D-pair); the
inequality on them gives L ∈ Pol(C) ⊆ Pol(D).  ∎  The same argument gives the theorem for G
itself.  Checked on ST⁺ = DD, whose pairs are (1, 1) and all of α(A⁺)²: the inequality there
is Pol(DD)'s, x^ω y x^ω ≤ x^ω on the semigroup (Pin–Weil), on every language of the census
≤ 3 states over ab (tests/definability/test_pol_groups.py).  No shortcut for G⁺: the pairs
(1, e) of Pin's theorem need not be G⁺-pairs (ε alone is G⁺-separable from A⁺).
The order is Pin's (:mod:`..algebra.syntactic_order`: u ≤ v iff x·v·y ∈ L ⇒ x·u·y ∈ L); the
papers write s^{ω+1} ≤ s^ω t s^ω in the reverse order (u ≤ v iff x·u·y ∈ L ⇒ x·v·y ∈ L), the
pair (s, t) written (q, s) here so as to share BPol(G)'s evidence.  The direction is checked
on ST (every pair a pair): the inequality there is Pol(ST), x ≤ 1 (q = 1), on every language
of the census ≤ 3 states over ab (tests/definability/test_pol_groups.py).

Decided on every pair at once: x = q^ω s q^ω and y = q^ω q from the Cayley table, x ≤ y iff
L_{i·y} ⊆ L_{i·x} for every state i (:func:`..algebra.syntactic_order.leq`).

A "yes" is that check (:class:`.bpol_groups.PairsCheck`).  A "no" is the violating
instantiation as words — q's and s's words, the ω exponent, a context p, r with
p·q^{ω+1}·r ∈ L and p·q^ω s q^ω·r ∉ L — with the evidence that (q, s) is a pair
(:class:`.bpol_groups.PairViolation`, as for BPol(G)).  Both re-checked by
:mod:`..checks.verify_pol` before they are returned.
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import shortest_words_from
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..algebra.group_pairs import GroupPairs, group_pairs, idempotent_pair_evidence, pair_evidence
from ..algebra.syntactic_order import leq, residual_difference, state_inclusion
from ..checks.verify import require_valid
from ..checks.verify_pol import PIN, POL, check_pol
from ..contract.classes import POSITIVE_PREVARIETY, LanguageClass
from .bpol_groups import (PairsCheck, TheoremCheck, omega_exponent, pair_violation, pairs_or_theorem,
                          syntactic_table)
from .group_kernel_classes import syntactic_monoid
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, OrderedProcedure, violation_from_words

__all__ = ["POL", "first_violation", "decide_pol", "pol_class"]


def first_violation(st, m, pairs: np.ndarray, limits: Limits):
    """(q, s, x, y) for the first pair (q, s) of the boolean matrix ``pairs`` with
    x = q^ω s q^ω ≰ y = q^{ω+1}, None when the inequality holds on every pair."""
    qs, ss = np.nonzero(pairs)
    if len(qs) * st.elements.shape[1] > limits.instantiations:
        raise LimitExceeded(f"instantiations of {POL} ({len(qs):,} pairs, {st.size} elements)",
                            limits.instantiations, "raise the budget instantiations of Limits", ("instantiations",))
    T = np.asarray(m.table)
    e = st.omega[qs]
    x, y = T[T[e, ss], e], T[e, qs]
    ok = leq(state_inclusion(st.dfa), st.elements[x], st.elements[y])
    bad = np.flatnonzero(~ok)
    if not len(bad):
        return None
    i = int(bad[0])
    return int(qs[i]), int(ss[i]), int(x[i]), int(y[i])


def decide_pol(basis: str, dfa, limits: Limits | None = None, plus: bool = False, monoid=None):
    """(holds, PairsCheck or PairViolation) for Pol(``basis``), or Pol(``basis``⁺) when
    ``plus`` (the inequality on the G⁺-pairs; no shortcut: the pairs (1, e) of Pin's theorem
    need not be G⁺-pairs); ``dfa`` minimal (module docstring)."""
    limits = Limits() if limits is None else limits
    if plus:
        st, m = syntactic_table(dfa, limits, monoid)
        found = group_pairs(basis, m, dfa.alphabet, True, limits)
    else:
        answer, opened = pairs_or_theorem(basis, dfa, limits,
                                          lambda st, m: _idempotent_violation(basis, st, m, limits), _pin_yes,
                                          monoid)
        if answer is not None:
            return answer
        st, m, found = opened
    name = f"{basis}⁺" if plus else basis
    bad = first_violation(st, m, found.matrix, limits)
    if bad is None:
        return True, PairsCheck(POL, "monoid", st.size, len(st.idempotents), (("q", "elements"), ("s", "elements")),
                                found.count, note=f"(q, s) over the {found.count:,} {name}-pairs ({found.note})",
                                basis=name, pairs=found.count, modulus=found.modulus)
    words = nonempty_words(st) if plus else st.words
    return False, _violation(st, m, found, *bad, limits, words=words)


def nonempty_words(st) -> tuple:
    """A shortest non-empty word of each element of the syntactic monoid ``st`` that a
    non-empty word reaches (the G⁺-pairs' evidence is made of non-empty words): ``st.words``
    but for 1, whose word ε is replaced by the shortest non-empty word acting as 1 when there
    is one (a product of two shortest words is not always shortest, so a breadth-first
    search over the monoid from the letters)."""
    words = list(st.words)
    one = st.one
    if one is None or words[one]:
        return tuple(words)
    letters = [int(g) for g in st.semigroup.generators]       # the element of each letter
    seen, frontier = {}, []
    for a, i in enumerate(letters):
        if i not in seen:
            seen[i] = (a,)
            frontier.append(i)
    while frontier and one not in seen:
        nxt = []
        for i in frontier:
            for a, g in enumerate(letters):
                j = int(st.multiply(np.array([i]), np.array([g]))[0])
                if j not in seen:
                    seen[j] = seen[i] + (a,)
                    nxt.append(j)
        frontier = nxt
    if one in seen:
        words[one] = seen[one]
    return tuple(words)



def _pin_yes(st, error) -> TheoremCheck:
    """Pol(GR)'s "yes" by Pin's theorem: no idempotent e ≰ 1 in ``st``, its GR-pairs refused
    (``error``)."""
    k = len(st.idempotents)
    return TheoremCheck("s·t ∈ P implies s·e·t ∈ P (e ≤ 1)", "monoid", st.size, k, (("e", "idempotents"),), k,
                        note=f"every idempotent e ≤ 1 in Pin's order, so in Pol(GR) (Pin, LITP 94/21, 1994); "
                             f"the GR-pairs were not computed: {error}", theorem=PIN)


def _idempotent_violation(basis: str, st, m, limits: Limits):
    """Pol(``basis``)'s "no" (GR or AMT) without the pairs, or None: by Pin's theorem (L ∈
    Pol(GR) iff s·t ∈ P implies s·e·t ∈ P for every idempotent e — LITP 94/21, 1994) a
    language outside Pol(GR) has an idempotent e with e ≰ 1, i.e. the inequality fails on the
    pair (1, e) — a G-pair for every group basis G, since a word of e, its powers and ε have one
    image in every finite group (Pol(AMT) ⊆ Pol(GR), so the same "no" holds there).  Its
    witness is the module's own, with that one pair's evidence
    (:func:`..algebra.group_pairs.idempotent_pair_evidence`); ``st``, ``m`` the syntactic monoid
    and its table."""
    one = int(m.one)
    pairs = np.zeros((st.size, st.size), dtype=bool)
    pairs[one, [int(e) for e in st.idempotents]] = True
    bad = first_violation(st, m, pairs, limits)
    if bad is None:
        return None
    stub = GroupPairs(basis, False, pairs, None, "1 and the idempotents (Pin)")
    evidence = idempotent_pair_evidence(basis, m, st.dfa.alphabet, bad[0], bad[1], st.words, limits)
    return _violation(st, m, stub, *bad, limits, evidence)


def _violation(st, m, found, q: int, s: int, x: int, y: int, limits: Limits, evidence=None, words=None):
    """The :class:`PairViolation` of the pair (q, s) with x = q^ω s q^ω ≰ y = q^{ω+1}: a
    state i with L_{i·y} ⊄ L_{i·x}, reached by p, and r ∈ L_{i·y} ∖ L_{i·x}; ``evidence``: (q's
    word, s's word, proof) when given, else from ``found`` with the elements' ``words``
    (default ``st.words``)."""
    dfa = st.dfa
    qw, sw, proof = evidence or pair_evidence(found, m, dfa.alphabet, q, s, st.words if words is None else words,
                                              limits)
    qw, sw = list(qw), list(sw)
    k = omega_exponent(st, q)
    reach = shortest_words_from(np.asarray(dfa.transitions), dfa.initial)
    ex, ey = st.elements[x], st.elements[y]
    for i in range(dfa.n_states):
        r = residual_difference(dfa, int(ey[i]), int(ex[i])) if reach[i] is not None else None
        if r is not None:
            break
    else:                                                   # pragma: no cover - x ≰ y has a state
        raise AssertionError("x ≰ y, yet no reachable state tells them apart")
    v = violation_from_words(dfa, POL, {"q": qw, "s": sw}, {"q^ω": k}, qw * k + sw + qw * k, qw * k + qw,
                             list(reach[i]), list(r), True)
    return pair_violation(v, found, proof, dfa.alphabet)


def _decide_checked(name: str, basis: str, plus: bool = False):
    """The decider of Pol(``basis``) (Pol(``basis``⁺) when ``plus``): every answer through its
    check before it is returned."""
    def decide(dfa, limits, monoid):
        holds, proof = decide_pol(basis, dfa, limits, plus, monoid)
        answer = ({"member": True, "certificate": proof.to_json()} if holds else
                  {"member": False, "witness": proof.to_json("")})
        require_valid(f"{name}: the answer", check_pol(dfa, answer, "", basis, plus))
        return holds, proof
    return decide


def pol_class(name: str, basis: str, inclusions, summary: str, plus: bool = False) -> LanguageClass:
    """The declaration of Pol(``basis``) (Pol(``basis``⁺) when ``plus``), MeSCaL's name ``name``."""
    pairs = f"{basis}⁺-pairs" if plus else f"{basis}-pairs"
    theorem = f"Place–Zeitoun (q^ω s q^ω ≤ q^{{ω+1}} for the {pairs} (q, s))"
    return LanguageClass(name, OrderedProcedure(f"{pairs} ordered", _decide_checked(name, basis, plus), theorem,
                                                          shared=syntactic_monoid),
                         IDENTITY_CHECK, IDENTITY_PAIR, inclusions=tuple(inclusions), default=False,
                         check=lambda dfa, answer, sep="": check_pol(dfa, answer, sep, basis, plus), summary=summary,
                         bulk=name if basis in ("GR", "MOD") and not plus else None, closure=POSITIVE_PREVARIETY)
