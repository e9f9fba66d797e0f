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

(:data:`.bpol_groups.BPOL`).  Two consequences checked in the tests: with G = ST every pair is a pair
and the equation is J-triviality (Simon: BPol(ST) = PT); a cyclic group (a MOD language) has
only the pairs (q, q) and passes.  Decided on every MOD-pair, vectorised over (r, t) with the
syntactic monoid's Cayley table.

Decided, certified and re-checked by the generic procedure of :mod:`.bpol_groups` (the
MOD-pairs by :func:`..algebra.group_pairs.mod_pairs`); ``verify --class 'BPol(MOD)'``
re-derives t and p and checks the two words' lengths, then the identity pair on the DFA's
runs; a "yes" is re-decided there from scratch (:mod:`..checks.verify_bpol`).
"""

from __future__ import annotations

from .bpol_groups import bpol_class

__all__ = ["CLASS"]

#: BPol(MOD), MeSCaL's name
CLASS = bpol_class("BPol(MOD)", "MOD",
                   (("Pol(MOD)", "Pol(MOD) ⊆ BPol(MOD): a union of marked products"),
                    ("PT", "BPol(ST) = PT ⊆ BPol(MOD): ST ⊆ MOD"),
                    ("MOD", "MOD ⊆ BPol(MOD): a length class is a marked product of length 0")),
                   "level one of the concatenation hierarchy over MOD: Boolean combinations of "
                   "L0a1L1…anLn with length classes Li ((qr)^ω st (st)^ω = (qr)^ω qt (st)^ω for "
                   "the MOD-pairs (q, s))")
