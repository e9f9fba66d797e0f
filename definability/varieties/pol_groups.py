"""Pol(G) for the group bases G = MOD, AMT, GR: the finite unions of marked products
L0·a1·L1 ⋯ an·Ln with Li ∈ G (level 1/2 of the concatenation hierarchy over G).
docs/decision-procedures.md §14.9; the declarations are the small modules ``pol_mod``,
``pol_amt``, ``pol_gr`` beside this one.

**Theorem** (Place–Zeitoun, "Characterizing level one in group-based concatenation
hierarchies"; "Generic results for concatenation hierarchies" for a finite basis).  For a
group prevariety G, L ∈ Pol(G) iff its syntactic ordered monoid satisfies

    q^ω s q^ω ≤ q^{ω+1}   for every G-pair (q, s),

(q, s) a G-pair when α⁻¹(q) and α⁻¹(s) are not G-separable (:mod:`..algebra.group_pairs`).
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
from ..algebra.group_pairs import GroupPairs, idempotent_pair_evidence, pair_evidence
from ..algebra.syntactic_order import leq, residual_difference, state_inclusion
from ..checks.verify_pol import PIN, POL, check_pol
from ..contract.classes import LanguageClass
from .bpol_groups import PairsCheck, TheoremCheck, omega_exponent, pair_violation, pairs_or_theorem
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


def decide_pol(basis: str, dfa, limits: Limits | None = None):
    """(holds, PairsCheck or PairViolation) for Pol(``basis``); ``dfa`` minimal (module
    docstring)."""
    limits = Limits() if limits is None else limits
    answer, opened = pairs_or_theorem(basis, dfa, limits, lambda st, m: _idempotent_violation(basis, st, m, limits),
                                      _pin_yes)
    if answer is not None:
        return answer
    st, m, found = opened
    bad = first_violation(st, m, found.matrix, limits)
    if bad is None:
        return True, PairsCheck(POL, "monoid", st.size, len(st.idempotents), (("q", "elements"), ("s", "elements")),
                                found.count, note=f"(q, s) over the {found.count:,} {basis}-pairs ({found.note})",
                                basis=basis, pairs=found.count, modulus=found.modulus)
    return False, _violation(st, m, found, *bad, limits)



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


def _violation(st, m, found, q: int, s: int, x: int, y: int, limits: Limits, evidence=None):
    """The :class:`PairViolation` of the pair (q, s) with x = q^ω s q^ω ≰ y = q^{ω+1}: a
    state i with L_{i·y} ⊄ L_{i·x}, reached by p, and r ∈ L_{i·y} ∖ L_{i·x}; ``evidence``: (q's
    word, s's word, proof) when given, else from ``found``."""
    dfa = st.dfa
    qw, sw, proof = evidence or pair_evidence(found, m, dfa.alphabet, q, s, st.words, limits)
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


def _decide_checked(name: str, basis: str):
    """The decider of Pol(``basis``): every answer through its check before it is returned."""
    def decide(dfa, limits):
        holds, proof = decide_pol(basis, dfa, limits)
        answer = ({"member": True, "certificate": proof.to_json()} if holds else
                  {"member": False, "witness": proof.to_json("")})
        check = check_pol(dfa, answer, "", basis)
        if not check.valid:                                 # pragma: no cover - a bug, never an answer
            raise AssertionError(f"{name}: the answer fails its check: {check.reason}")
        return holds, proof
    return decide


def pol_class(name: str, basis: str, inclusions, summary: str) -> LanguageClass:
    """The declaration of Pol(``basis``), MeSCaL's name ``name``."""
    theorem = f"Place–Zeitoun (q^ω s q^ω ≤ q^{{ω+1}} for the {basis}-pairs (q, s))"
    return LanguageClass(name, OrderedProcedure(f"{basis}-pairs ordered", _decide_checked(name, basis), theorem),
                         IDENTITY_CHECK, IDENTITY_PAIR, inclusions=tuple(inclusions), default=False,
                         check=lambda dfa, answer, sep="": check_pol(dfa, answer, sep, basis), summary=summary,
                         bulk=name if basis in ("GR", "MOD") else None)
