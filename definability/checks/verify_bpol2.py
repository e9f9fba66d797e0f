"""Re-checks the answers of BPol₂(C) = BPol(BPol(C)), level two of the concatenation hierarchy
of basis C for C = MOD, AMT, GR and C = DD, MOD⁺, AMT⁺, GR⁺ (docs/decision-procedures.md
§14.16), from the DFA and the printed words alone: the syntactic monoid is recomputed here
(:class:`.verify_group_kernels.TransitionMonoid`), the Pol(C)-pairs by the searches of
:mod:`.verify_pol_group_orbits`, and no decider code is imported.

**Theorem** (Place–Zeitoun, "Dot-depth three, return of the J-class", LICS 2024 — the two
equations as MeSCaL states them for BPol₂(C)).  For the syntactic morphism α : A* → M of L,
L ∈ BPol₂(C) iff

* (:data:`UBP2`) (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every idempotent e, every s with
  (e, s) a BPol(C)-pair and every t ∈ M — UPol(BPol₂(C))'s equation, decided on the
  BPol(C)-orbits {x ∈ e·M·e : (x, e) a Pol(C)-pair} (§14.14, §14.15); and
* (:data:`KNAST`) (eqfre)^ω (esfte)^ω = (eqfre)^ω·qft·(esfte)^ω for all idempotents e, f and all
  q, r, s, t such that {q, e, f}, {r, e, f}, {s, e, f} and {t, e, f} are BPol(C)-sets — a set
  X ⊆ M is a BPol(C)-set (BPol(C)-pointlike) when every cover of A* by languages of BPol(C) has
  a language meeting α⁻¹(x) for every x ∈ X.

The BPol(C)-sets are what BPol(C)-covering computes, which is not implemented here; the two
sides below bound them instead.

*An upper bound* (for a "yes").  If {x, y} is a BPol(C)-set then (x, y) and (y, x) are
Pol(C)-pairs: a language K of Pol(C) ⊆ BPol(C) holding α⁻¹(x) and missing α⁻¹(y) gives the
cover {K, A* \\ K}.  So every BPol(C)-set {x, e, f} has its three pairs mutual Pol(C)-pairs,
and Knast's equation on every such triple implies it on the BPol(C)-sets.  The pairs recomputed
here are a superset of the Pol(C)-pairs (:func:`.verify_pol_group_orbits.recomputed_pairs`; over
C⁺ those of M' = α(A⁺) ∪ {1'} read on M: α⁻¹(1) = {ε} ∪ α⁺⁻¹(1), and a lattice separates a
union from a language iff it separates each part), so the triples checked include all that
matter.

*A lower bound* (for a "no").  (1) Every singleton {α(w)} is a BPol(C)-set.  (2) {e, s}, for an
idempotent e and s in the BPol(C)-orbit of e, is a BPol(C)-set: (e, s) is a BPol(C)-pair — the
reading of the orbits behind UPol(BPol₂(C))'s equation (Place–Zeitoun; measured against
MeSCaL's UPol(BPol₂(C)), §14.14).  (3) The BPol(C)-sets are closed under products and subsets:
BPol(C) is a Boolean algebra closed under quotients, so each finite sub-algebra D closed under
quotients is the set of unions of the classes of a congruence ~_D of finite index (u ~_D v iff
no language of D holds one and not the other; a⁻¹K ∈ D for K ∈ D makes ~_D a congruence); X is
D-pointlike iff one class of ~_D meets every α⁻¹(x), x ∈ X, and then for X and Y D-pointlike the
product of the two classes lies in one class meeting every α⁻¹(xy); a cover by languages of
BPol(C) lies in such a finite D.  So a product G1·G2 ⋯ Gk of sets of kinds (1) and (2) is a
BPol(C)-set, and so is each of its subsets.

Answers:

* **"yes"** (a ``BPol₂ check``): the Pol(G)-orbit certificate of UPol(BPol₂(C)) (re-checked by
  :func:`.verify_pol_group_orbits.orbits_check` on the pairs recomputed once: :data:`UBP2` on every orbit)
  and the number of pairs (e, f) of idempotents that are mutual pairs; here the pairs are
  recomputed from the same certificate's kernel and Knast's equation is re-decided on every
  e, f, q, r, s, t with q, r, s, t, e, f pairwise mutual pairs of {x, e, f} (the upper bound);
* **"no"** (a ``BPol₂ instance``): either UPol(BPol₂(C))'s orbit instance (re-checked as that
  class's witness; BPol₂(C) ⊆ UPol(BPol₂(C))), or an identity pair of :data:`KNAST` on the
  DFA's runs (:func:`.verify_tiers.identity_witness`) with: e's and f's words of idempotents;
  the orbit pairs {e_i, s_i} used, each s_i in e_i·M·e_i with its proof of the Pol(C)-pair
  (s_i, e_i) (a path of kernel insertions, or over C⁺ a fact of the witness's derivation:
  :func:`.verify_pol_group_orbits.orbit_evidence_test`); and for each of q, r, s, t a product of
  factors — a word w (the set {α(w)}) or an orbit pair — whose set, computed here, holds the
  element, e and f (the lower bound).
"""

from __future__ import annotations

from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import CheckBoundExceeded
from .verify import Check
from .verify_group_kernels import TransitionMonoid, check_by_verdict, word_letters
from .verify_pol_group_orbits import (PLUS_BASES, POL_GROUP_ORBIT_CHECK, UBP2, check_pol_group_orbit_answer,
                                      orbit_evidence_test, orbit_idempotent, orbits_check, recomputed_pairs)
from .verify_level_two import knast_fails_on
from .verify_tiers import identity_witness

__all__ = ["BPOL2_CHECK", "BPOL2_INSTANCE", "KNAST", "UBP2", "check_bpol2_answer", "mutual_pairs",
           "knast_on_mutual_pairs"]

#: certificate kind: UPol(BPol₂(C))'s orbit certificate and Knast's equation on the mutual Pol(C)-pairs
BPOL2_CHECK = "BPol₂ check"
#: witness kind: UPol(BPol₂(C))'s orbit instance, or Knast's equation failing on products of BPol(C)-sets
BPOL2_INSTANCE = "BPol₂ instance"
#: Knast's equation, as the identity pair of a "no" instantiates it
KNAST = "[(eqfre)*(esfte)*=(eqfre)*qft(esfte)*]"
_BASES = ("MOD", "AMT", "GR", *PLUS_BASES)
#: at most this many products for one check (the decider refuses a certificate past it: the same bound)
_WORK = _limits.DEFAULT_INSTANTIATIONS


def mutual_pairs(M: TransitionMonoid, pairs) -> dict:
    """x → the set of y with (x, y) and (y, x) both in ``pairs`` (pairs of maps; over C⁺ those of
    M', 1' as None, read on M: None is M's 1)."""
    one = M.one
    folded = {(one if x is None else x, one if y is None else y) for x, y in pairs}
    out: dict = {x: set() for x in M.elements}
    for x, y in folded:
        if (y, x) in folded:
            out[x].add(y)
    return out


def knast_on_mutual_pairs(M: TransitionMonoid, mutual: dict) -> tuple[bool, int]:
    """(whether Knast's equation holds for all idempotents e, f with (e, f) mutual and all q, r,
    s, t mutual with both, the number of such (e, f)); CheckBoundExceeded past the work bound.
    Each (e, f) by :func:`.verify_level_two.knast_fails_on`."""
    mul, work, count = M.mul, 0, 0
    idempotents = [x for x in M.elements if mul(x, x) == x]
    for e in idempotents:
        for f in idempotents:
            if f not in mutual[e]:
                continue
            count += 1
            sub = [x for x in mutual[e] if x in mutual[f]]
            fails, done = knast_fails_on(M, e, f, sub, _WORK - work)
            work += done
            if work > _WORK:
                raise CheckBoundExceeded("Knast's equation on the mutual pairs is too large to re-decide")
            if fails:
                return False, count
    return True, count


def check_bpol2_answer(dfa, answer: dict, basis: str, sep: str = "") -> Check:
    """Re-check an answer of BPol₂(``basis``) as ``classify --json`` prints it (module docstring)."""
    if basis not in _BASES:
        return Check(False, f"no check of BPol₂({basis})")
    dfa = as_dfa(dfa).minimal()
    return check_by_verdict(dfa, answer, TransitionMonoid,
                            lambda M, cert, letters: _check_yes(dfa, M, cert, basis, letters, sep),
                            lambda M, wit, letters: _check_no(dfa, M, wit, basis, letters, sep))


def _check_yes(dfa, M: TransitionMonoid, cert, basis: str, letters, sep: str) -> Check:
    if not isinstance(cert, dict) or cert.get("kind") != BPOL2_CHECK:
        return Check(False, f"a 'yes' without its {BPOL2_CHECK}")
    if cert.get("basis") != basis:
        return Check(False, "the certificate is for another class")
    orbits = cert["orbits"]
    if not isinstance(orbits, dict) or orbits.get("kind") != POL_GROUP_ORBIT_CHECK or orbits.get("basis") != basis \
            or orbits.get("property") != UBP2:
        return Check(False, f"its orbits are not UPol(BPol₂({basis}))'s {POL_GROUP_ORBIT_CHECK}")
    pairs, why = recomputed_pairs(M, orbits["kernel"], basis, letters)
    if pairs is None:
        return Check(False, f"its orbit certificate: {why}")
    upol = orbits_check(M, orbits, UBP2, basis, letters, pairs, why)
    if not upol.valid:
        return Check(False, f"its orbit certificate: {upol.reason}")
    holds, count = knast_on_mutual_pairs(M, mutual_pairs(M, pairs))
    if not holds:
        return Check(False, "Knast's equation fails on a triple of mutual Pol(C)-pairs: re-decided from scratch, "
                            "the answer \"yes\" is wrong")
    if cert.get("idempotent pairs") != count:
        return Check(False, f"the certificate counts {cert.get('idempotent pairs')!r} pairs of idempotents that are "
                            f"mutual pairs; recomputed: {count}")
    return Check(True, f"{upol.reason}; Knast's equation (eqfre)^ω (esfte)^ω = (eqfre)^ω qft (esfte)^ω holds for the {count} pairs of idempotents e, f that are "
                       f"mutual Pol({basis})-pairs and all q, r, s, t mutual pairs with both (re-decided: every "
                       f"BPol({basis})-set is among them): in BPol₂({basis})")


def _product_set(M: TransitionMonoid, factors, pair_sets: list, letters) -> set:
    """The set {1}·G1 ⋯ Gk of ``factors`` ({"word": w}: {α(w)}; {"pair": i}: ``pair_sets[i]``)."""
    got = {M.one}
    for factor in factors:
        if "word" in factor:
            G = {M.of(word_letters(factor["word"], letters))}
        else:
            i = factor["pair"]
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(pair_sets):
                raise ValueError("a factor names an orbit pair that is not listed")
            G = pair_sets[i]
        got = {M.mul(x, g) for x in got for g in G}
    return got


def _check_no(dfa, M: TransitionMonoid, wit, basis: str, letters, sep: str) -> Check:
    if not isinstance(wit, dict) or wit.get("kind") != BPOL2_INSTANCE:
        return Check(False, f"a 'no' without its {BPOL2_INSTANCE}")
    if wit.get("basis") != basis:
        return Check(False, "the witness is for another class")
    if "orbit instance" in wit:
        upol = check_pol_group_orbit_answer(dfa, {"member": False, "witness": wit["orbit instance"]}, UBP2, basis, sep)
        if not upol.valid:
            return Check(False, f"its orbit instance: {upol.reason}")
        return Check(True, f"{upol.reason}; BPol₂({basis}) ⊆ UPol(BPol₂({basis})): not in BPol₂({basis})")
    check, words = identity_witness(dfa, {"witness": wit["identity pair"]}, sep, KNAST)
    if words is None:
        return check
    of = {v: M.of([letters.index(a) for a in w]) for v, w in words.items()}
    for v in ("e", "f"):
        if M.mul(of[v], of[v]) != of[v]:
            return Check(False, f"{v}'s word does not act as an idempotent")
    shown, bad = orbit_evidence_test(M, wit, basis, letters)
    if bad is not None:
        return Check(False, bad)
    pair_sets = []
    for i, row in enumerate(wit["orbit pairs"]):
        e = orbit_idempotent(M, row["e"], basis, letters)
        if e is None:
            return Check(False, f"orbit pair {i}: e's word is empty (the orbits are those of α(A⁺)'s idempotents)")
        s = M.of(word_letters(row["s"], letters))
        if M.mul(e, e) != e or M.mul(M.mul(e, s), e) != s:
            return Check(False, f"orbit pair {i}: e is not idempotent, or s is not in e·M·e")
        problem = shown(s, e, row["proof"])
        if problem is not None:
            return Check(False, f"orbit pair {i}: s is not shown in the BPol({basis})-orbit of e ({problem})")
        pair_sets.append({e, s})
    sets = wit["sets"]
    if len(M.elements) * sum(len(sets[v]) for v in "qrst") > _WORK:
        raise CheckBoundExceeded("the products of the witness's sets are too long")
    for v in "qrst":
        got = _product_set(M, sets[v], pair_sets, letters)
        if not {of[v], of["e"], of["f"]} <= got:
            return Check(False, f"the product listed for {v} does not hold {{{v}, e, f}}: not shown a BPol({basis})-set")
    return Check(True, f"{check.reason}; e and f are idempotents and {{q, e, f}}, {{r, e, f}}, {{s, e, f}}, "
                       f"{{t, e, f}} lie in products of singletons and of {len(pair_sets)} pairs {{e_i, s_i}} with "
                       f"s_i in the BPol({basis})-orbit of e_i (each shown): BPol({basis})-sets, so not in "
                       f"BPol₂({basis})")
