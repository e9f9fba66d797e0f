"""BPol(MOD): the Boolean combinations of marked products L0·a1·L1 ⋯ an·Ln of length classes
Li ∈ MOD — level one of the concatenation hierarchy over MOD (MOD-enriched piecewise
testability).  docs/decision-procedures.md §13.6.

**MOD-pairs.**  (q, s) ∈ M² is a MOD-pair of the syntactic morphism α : A* → M when α⁻¹(q)
and α⁻¹(s) are not MOD-separable: for every m some u ∈ α⁻¹(q), v ∈ α⁻¹(s) have |u| ≡ |v|
mod m.  With R_n = α(A^n), ultimately periodic from t with period p (:mod:`.temporal_mod`),
and Z_s = {n < t + p : s ∈ R_n} (every length folded into [0, t + p) by n ↦ t + (n − t) mod
p), (q, s) is a MOD-pair iff some n1 ∈ Z_q, n2 ∈ Z_s have

    n1 ≡ n2 (mod p)  and  (n1 = n2 or max(n1, n2) ≥ t).

Proof.  If n1 = n2 both sets hold a common length.  If, say, n2 ≥ t (a length of s at least t,
so n2 + jp is one for every j ≥ 0) and n1 = n2 − cp (c ∈ ℤ), then for any m pick j ≥ 0 with
j ≡ −c (mod m), then n2 + jp ≡ n1 (mod m).  Conversely, let m = p·T with T > t: two lengths
n1 ∈ X_q, n2 ∈ X_s with n1 ≡ n2 mod m fold to lengths ≡ mod p; if both are < t, they are < m
and equal.

**The equation** (MeSCaL's test for BPol(MOD), Place and Zeitoun's characterisation of level
one of the group-based hierarchies, "Characterizing level one in group-based concatenation
hierarchies"):

    (qr)^ω s t (st)^ω = (qr)^ω q t (st)^ω   for every MOD-pair (q, s) and all r, t ∈ M

(:data:`BPOL_MOD`).  Two consequences checked in the tests: with G = ST every pair is a pair
and the equation is J-triviality (Simon: BPol(ST) = PT); a cyclic group (a MOD language) has
only the pairs (q, q) and passes.  Decided on every MOD-pair, vectorised over (r, t) with the
syntactic monoid's Cayley table.

A "yes" is that check (:class:`~.identities.IdentityCheck`, its count of MOD-pairs).  A "no" is
the violating instantiation as words — q's and s's words of lengths n1, n2 as above, r's and
t's shortest words, the ω exponents, a context the language separates — an
:class:`~.identities.IdentityViolation`; ``verify --class 'BPol(MOD)'`` re-derives t and p and
checks the two lengths, then the identity pair on the DFA's runs; a "yes" is re-decided there
from scratch (:mod:`..checks.verify_mod_kernel`).
"""

from __future__ import annotations

import numpy as np

from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..checks.verify_mod_kernel import BPOL_MOD, check_bpol_mod
from ..contract.classes import LanguageClass
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, IdentityCheck, OrderedProcedure, structure_of, \
    violation_from_words
from .temporal_mod import separating_context

__all__ = ["BPOL_MOD", "mod_pairs", "decide_bpol_mod", "CLASS"]


def _length_words(st, limit: int):
    """(words, t, p): ``words[n]`` maps each element of R_n (n < t + p) to a word of length n
    (letter indices), on the syntactic monoid ``st``; LimitExceeded past ``limit`` in all."""
    letters = [int(x) for x in st.semigroup.index_of(np.asarray(st.dfa.transitions, dtype=np.int64).T)]
    level = {st.one: ()}
    levels, seen, total = [level], {frozenset(level): 0}, 1
    while True:
        keys = np.fromiter(level, dtype=np.int64)
        nxt: dict = {}
        for a, g in enumerate(letters):
            prods = st.multiply(keys, np.full(len(keys), g)).tolist()
            for x, y in zip(keys.tolist(), prods):
                nxt.setdefault(y, level[x] + (a,))
        total += len(nxt)
        if total > limit:
            raise LimitExceeded("elements of the sequence α(A^n) (the MOD-pairs)", limit,
                                "raise the budget semigroup_elements of Limits", ("semigroup_elements",))
        key = frozenset(nxt)
        if key in seen:
            return levels, seen[key], len(levels) - seen[key]
        seen[key] = len(levels)
        levels.append(nxt)
        level = nxt


def mod_pairs(st, limit: int):
    """(pairs, lengths, t, p): the boolean matrix of MOD-pairs of the monoid ``st`` (module
    docstring) and, for each pair, folded lengths (n1, n2) that witness it."""
    levels, t, p = _length_words(st, limit)
    size = st.size
    pairs = np.zeros((size, size), dtype=bool)
    lengths: dict = {}
    for n1, l1 in enumerate(levels):
        for n2, l2 in enumerate(levels):
            if (n1 - n2) % p or not (n1 == n2 or max(n1, n2) >= t):
                continue
            for q in l1:
                for s in l2:
                    if not pairs[q, s]:
                        pairs[q, s] = True
                        lengths[q, s] = (l1[q], l2[s])
    return pairs, lengths, t, p


def _power(st, x: int) -> int:
    """The least k ≥ 1 with x^k idempotent."""
    p, k = x, 1
    while int(st.multiply(p, p)) != p:
        p, k = int(st.multiply(p, x)), k + 1
    return k


def decide_bpol_mod(dfa, limits: Limits | None = None):
    """(holds, IdentityCheck or IdentityViolation) for BPol(MOD) (``dfa`` minimal; module
    docstring)."""
    limits = Limits() if limits is None else limits
    st = structure_of(dfa, True, limits)
    pairs, lengths, t, p = mod_pairs(st, limits.semigroup_elements)
    n = st.size
    every = np.arange(n)
    count = int(pairs.sum())
    omega = st.omega
    QT = st.multiply(every[:, None], every[None, :])          # QT[q, t] = q·t
    first_r = []                                              # per q: the distinct (qr)^ω and an r for each
    for q in range(n):
        _, idx = np.unique(omega[QT[q]], return_index=True)
        first_r.append(np.sort(idx))
    evaluated = 0
    for q, s in zip(*np.nonzero(pairs)):
        rs = first_r[q]
        E = omega[QT[q, rs]]
        key = np.stack([QT[s], QT[q], omega[QT[s]]], axis=1)     # (s·t, q·t, (st)^ω) per t
        _, ts = np.unique(key, axis=0, return_index=True)
        ts = np.sort(ts)
        evaluated += len(rs) * len(ts)
        if evaluated > limits.instantiations:
            raise LimitExceeded(f"instantiations of {BPOL_MOD} ({count:,} MOD-pairs, {n} elements)",
                                limits.instantiations, "raise the budget instantiations of Limits",
                                ("instantiations",))
        F = omega[QT[s, ts]]
        left = st.multiply(st.multiply(E[:, None], QT[s, ts][None, :]), F[None, :])
        right = st.multiply(st.multiply(E[:, None], QT[q, ts][None, :]), F[None, :])
        bad = np.argwhere(left != right)
        if len(bad):
            i, j = (int(x) for x in bad[0])
            r, tt = int(rs[i]), int(ts[j])
            qw, sw = (list(w) for w in lengths[int(q), int(s)])
            rw, tw = list(st.words[r]), list(st.words[tt])
            k1 = _power(st, int(QT[q, r]))
            k2 = _power(st, int(QT[s, tt]))
            e, f = (qw + rw) * k1, (sw + tw) * k2
            prefix, suffix = separating_context(dfa, st.elements[int(left[i, j])], st.elements[int(right[i, j])])
            return False, violation_from_words(dfa, BPOL_MOD, {"q": qw, "r": rw, "s": sw, "t": tw},
                                               {"(qr)^ω": k1, "(st)^ω": k2}, e + sw + tw + f, e + qw + tw + f,
                                               prefix, suffix, True)
    return True, IdentityCheck(BPOL_MOD, "monoid", n, len(st.idempotents),
                               (("q", "elements"), ("r", "elements"), ("s", "elements"), ("t", "elements")),
                               count * n * n,
                               note=f"(q, s) over the {count:,} MOD-pairs (α(A^n) of tail {t}, period {p}), r and t "
                                    f"over the monoid; as {evaluated:,} checks, r over one per distinct (qr)^ω and t "
                                    "over one per distinct (st, qt, (st)^ω)")


#: BPol(MOD), MeSCaL's name
CLASS = LanguageClass("BPol(MOD)", OrderedProcedure("MOD-pairs", decide_bpol_mod,
                                                    "Place–Zeitoun ((qr)^ω st (st)^ω = (qr)^ω qt (st)^ω "
                                                    "for the MOD-pairs (q, s))"),
                      IDENTITY_CHECK, IDENTITY_PAIR,
                      inclusions=(("PT", "BPol(ST) = PT ⊆ BPol(MOD): ST ⊆ MOD"),
                                  ("MOD", "MOD ⊆ BPol(MOD): a length class is a marked product of length 0")),
                      default=False, check=check_bpol_mod, bulk="BPol(MOD)",
                      summary="level one of the concatenation hierarchy over MOD: Boolean combinations of "
                              "L0a1L1…anLn with length classes Li ((qr)^ω st (st)^ω = (qr)^ω qt (st)^ω for "
                              "the MOD-pairs (q, s))")
