"""Re-checks the answers of the classes of level two over a group basis G = MOD, AMT or GR
decided on the BPol(G)-orbits — PL₂(G), FL₂(G), TL₂(G) (the navigational hierarchy),
Pol₂(G), co-Pol₂(G) and UPol(BPol₂(G)) (docs/decision-procedures.md §14.14) — from the DFA and the printed words alone:
the syntactic monoid is recomputed here (:class:`.verify_group_kernels.TransitionMonoid`), the
pairs by a search of its own, and no decider code is imported.  The same six classes over the ⁺
bases DD, MOD⁺, AMT⁺, GR⁺ (§14.15) are re-checked on the Pol(C⁺)-pairs of
:mod:`.verify_pol_plus_pairs` (:data:`PLUS_BASES`): a "yes" on its own saturation, a "no" by
replaying the witness's derivation.

*The orbits.*  For the syntactic morphism α : A* → M and an idempotent e, the BPol(G)-orbit of e
is O_e = {x ∈ e·M·e : (x, e) a Pol(G)-pair}, (x, e) a Pol(G)-pair when no language of Pol(G)
contains α⁻¹(x) and misses α⁻¹(e).  The G-kernel K is the set of the k ∈ M with α⁻¹(k) not
G-separable from {ε}.  *Lemma*: the Pol(G)-pairs are the pairs (p, y) reached from (1, 1) by
letter moves (p·a, y·a) and insertion moves (p, y) → (p, y·k), k ∈ K.  (§11.13: they are the
pairs reached with insertion moves (p, y) → (p, z), L_{y→z} = {w : y·α(w) = z} not G-separable
from {ε}; L_{y→z} is the finite union of the α⁻¹(k), y·k = z, and {ε} is G-separable from a finite
union iff from each part — intersect the separators —, so those moves are the y → y·k, k ∈ K.)

*"yes"* (a ``Pol(G)-orbit check``): a set K' ⊇ K — MOD: the MOD-kernel itself, recomputed here
(:func:`.verify_mod_kernel.kernel_maps`); AMT: K_d = {α(w) : every letter count of w ≡ 0 mod d}
for the printed d (:func:`.verify_group_kernels.kernel_at_modulus`; for s ∉ K_d the AMT language
{w : ψ(w) ≡ 0 mod d} contains ε and misses α⁻¹(s)); GR: the printed elements, checked to hold 1
and to be closed under products and weak conjugation (by Ash's theorem K is the least such
submonoid) — and, for every idempotent, its orbit's elements as words.  The pairs reached with
the insertions of K' are recomputed here; the listed orbits must be exactly the
O'_e = {x ∈ e·M·e : (x, e) reached}, for exactly the idempotents of M, and each must be
R-trivial (PL₂), L-trivial (FL₂), in DA (TL₂), below e in the syntactic order (Pol₂: p·e·r ∈ L
implies p·s·r ∈ L for every s in it, read on the residuals of the minimal DFA; above e for
co-Pol₂, the complements) or, for
UPol(BPol₂(G)), such that (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every s in it and every
t ∈ M, by brute force.
Since K ⊆ K' the Pol(G)-pairs are among those reached, O_e ⊆ O'_e, and each property is
universal over the orbit's elements: every BPol(G)-orbit has it.

*"no"* (a ``Pol(G)-orbit instance``): a word of an idempotent e, the elements of the instance
(x, y for DA; s, t, k1, k2 for R- and L-triviality; s for Pol₂(G) and co-Pol₂(G); s for
UPol(BPol₂(G)), with a free word t),
each a word of an element v = e·v·e with its path: a word u with α(u) = v and insertions
(position i of u, a word of a kernel element k), the product of u's pieces and the k's being e;
and the proofs that the k's are in K — MOD: membership in the kernel recomputed here; AMT: a
word with loops whose integer combination cancels its letter counts; GR: a derivation by Ash's
rules (:func:`.verify_group_kernels.proven_in_kernel`).  For every group language N ∋ ε of G
(a modulus, a finite group) each α⁻¹(k) has a word in N, so u with those words inserted is a
word of e above u for N's insertions: no language of Pol(G) holds α⁻¹(v) and misses α⁻¹(e).
And a context telling the two sides apart ((xy)^ω·y·(xy)^ω from (xy)^ω; s from t, with
s·k1 = t, t·k2 = s or k1·s = t, k2·t = s; (esete)^{ω+1} from (esete)^ω·ete·(esete)^ω).
"""

from __future__ import annotations

from ...kernel import limits as _limits
from ...kernel.errors import CheckBoundExceeded, LimitExceeded
from ...kernel.words import separator
from .verify import Check
from .verify_group_kernels import (TransitionMonoid, check_by_verdict, kernel_at_modulus, orbit_instance_check,
                                   property_failure, proven_in_kernel, weak_conjugation_problem, word_letters)
from .verify_mod_kernel import kernel_maps
from .verify_bpol import pair_maps, pair_problem
from .verify_pol_plus_pairs import derived_pairs, element, pair_closure, plus_orbits, plus_pairs
from .verify_pol import state_inclusions

__all__ = ["POL_GROUP_ORBIT_CHECK", "POL_GROUP_ORBIT_INSTANCE", "UBP2", "POL2", "CO_POL2", "CHECK_WORK",
           "check_pol_group_orbit_answer", "generators", "kernel_pairs", "recomputed_pairs", "orbits_check",
           "pair_orbits", "orbit_idempotent", "orbit_evidence_test", "ubp2_sides"]

#: certificate kind: every BPol(G)-orbit, from a superset of the G-kernel, with the property
POL_GROUP_ORBIT_CHECK = "Pol(G)-orbit check"
#: witness kind: elements of one BPol(G)-orbit, each with its path of kernel insertions, violating the property
POL_GROUP_ORBIT_INSTANCE = "Pol(G)-orbit instance"
#: the property of Pol₂(G) = Pol(BPol(G)): s ≤ e in the syntactic order (Pin's: p·e·r ∈ L implies
#: p·s·r ∈ L) for every s in the orbit of e
POL2 = "below e"
#: the property of co-Pol₂(G), the complements: e ≤ s for every s in the orbit of e (the order reversed)
CO_POL2 = "above e"
#: the property of UPol(BPol₂(G)): (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for s in the orbit of e, t ∈ M
UBP2 = "UPol(BPol) equation"
_PROPERTY_TEXT = {"DA": "in DA", UBP2: "a solution of (esete)^(ω+1) = (esete)^ω ete (esete)^ω (t ∈ M)",
                  POL2: "below its idempotent e in the syntactic order (p·e·r ∈ L implies p·s·r ∈ L)",
                  CO_POL2: "above its idempotent e in the syntactic order (p·s·r ∈ L implies p·e·r ∈ L)"}
_BASES = ("MOD", "AMT", "GR")
#: the ⁺ bases, decided on the saturated Pol(C⁺)-pairs → the group basis of their C⁺-pairs (None: DD, all)
PLUS_BASES = {"DD": None, "MOD⁺": "MOD", "AMT⁺": "AMT", "GR⁺": "GR"}

#: at most this many products (or search nodes) for one check: the identities' bound (the
#: decider refuses a certificate the check would refuse for its size: the same bound)
CHECK_WORK = _WORK = _limits.DEFAULT_INSTANTIATIONS


def generators(M: TransitionMonoid, K) -> list:
    """A subset of ``K`` generating the submonoid ⟨K⟩ (each element taken when not yet in the
    submonoid generated by those before it, in a fixed order)."""
    gens: list = []
    inside = {M.one}
    for k in sorted(K):
        if k in inside:
            continue
        gens.append(k)
        todo = list(inside)
        while todo:
            x = todo.pop()
            for g in gens:
                y = M.mul(x, g)
                if y not in inside:
                    inside.add(y)
                    todo.append(y)
    return gens


def kernel_pairs(M: TransitionMonoid, K) -> frozenset:
    """The pairs (p, y) reached from (1, 1) by letter moves (p·a, y·a) and insertion moves
    (p, y) → (p, y·k), k ∈ ``K`` (module docstring): the submonoid of M × M generated by the
    (a, a) and the (1, k), searched with a generating subset of ⟨K⟩ (the same submonoid)."""
    step = [(g, g) for g in M.letters] + [(M.one, k) for k in generators(M, K)]
    start = (M.one, M.one)
    seen = {start}
    pair_closure(M.mul, seen, [start], step, step)
    return frozenset(seen)


def check_pol_group_orbit_answer(dfa, answer: dict, prop: str, basis: str = "MOD", sep: str = "") -> Check:
    """Re-check an answer of PL₂(G) (``prop`` "R-trivial"), FL₂(G) ("L-trivial"), TL₂(G) ("DA")
    or UPol(BPol₂(G)) (:data:`UBP2`), G = ``basis``, as ``classify --json`` prints it (module
    docstring)."""
    if basis not in _BASES and basis not in PLUS_BASES:
        return Check(False, f"no check of the BPol({basis})-orbits")
    return check_by_verdict(dfa, answer, TransitionMonoid,
                            lambda M, cert, letters: _check_yes(M, cert, prop, basis, letters),
                            lambda M, wit, letters: _check_no(M, wit, prop, basis, letters))


def _superset(M: TransitionMonoid, kernel: dict, basis: str, letters) -> tuple:
    """(K' ⊇ the ``basis``-kernel, why) from the certificate's ``kernel`` entry, or (None, why
    not); CheckBoundExceeded past the check's bounds."""
    if basis == "MOD":
        try:
            return frozenset(kernel_maps(M.dfa, _WORK)), "the MOD-kernel (recomputed)"
        except LimitExceeded:
            raise CheckBoundExceeded("the MOD-kernel's search is too large") from None
    if basis == "AMT":
        d = kernel["modulus"]
        if not isinstance(d, int) or isinstance(d, bool) or d < 1:
            return None, "the modulus is not a positive integer"
        return frozenset(kernel_at_modulus(M, d)), f"K_{d} ⊇ the AMT-kernel (letter counts ≡ 0 mod {d})"
    K = frozenset(M.of(word_letters(w, letters)) for w in kernel["elements"])
    if M.one not in K:
        return None, "the kernel's set does not contain 1"
    if len(K) ** 2 > _WORK:
        raise CheckBoundExceeded("the kernel's set is too large")
    if any(M.mul(s, t) not in K for s in K for t in K):
        return None, "the kernel's set is not closed under products"
    bad = weak_conjugation_problem(M, K)
    if bad is not None:
        return None, bad
    return K, "K' holds 1, closed under products and weak conjugation: K' ⊇ the GR-kernel (Ash)"


def recomputed_pairs(M: TransitionMonoid, kernel: dict, basis: str, letters) -> tuple:
    """(pairs, why): a superset of the Pol(``basis``)-pairs recomputed here from a certificate's
    ``kernel`` entry — over a group basis the pairs of M reached with the insertions of K' ⊇ K
    (:func:`_superset`), over C⁺ the saturated pairs of M' (1' as None,
    :func:`.verify_pol_plus_pairs.plus_pairs`) —, or (None, what is wrong);
    CheckBoundExceeded past the check's bounds."""
    if basis in PLUS_BASES:
        group = PLUS_BASES[basis]
        try:
            allowed = None if group is None else pair_maps(M.dfa, group, True, {"pairs": kernel})
        except LimitExceeded:
            raise CheckBoundExceeded(f"the {basis}-pairs' search is too large") from None
        pairs = plus_pairs(M, _WORK, allowed)
        if pairs is None:
            raise CheckBoundExceeded(f"the saturation of the Pol({basis})-pairs is too large")
        return pairs, f"the Pol({basis})-pairs saturated (recomputed" + ("" if group is None else
                                                                         f" from the {basis}-pairs re-derived") + ")"
    K, why = _superset(M, kernel, basis, letters)
    if K is None:
        return None, why
    if len(M.elements) ** 2 * (len(M.letters) + len(K)) > _WORK:
        raise CheckBoundExceeded("the search of the pairs is too large")
    return kernel_pairs(M, K), why


def pair_orbits(M: TransitionMonoid, pairs) -> dict:
    """idempotent e → {x ∈ e·M·e : (x, e) ∈ ``pairs``} (a frozenset)."""
    out = {}
    for e in M.elements:
        if M.mul(e, e) == e:
            out[e] = frozenset(x for x, y in pairs if y == e and M.mul(M.mul(e, x), e) == x)
    return out


def orbit_idempotent(M: TransitionMonoid, word: str, basis: str, letters):
    """The element of an orbit's idempotent e as a witness writes it: over C⁺ that of α(A⁺) (None
    for the empty word — the orbits are those of the idempotents of α(A⁺), 1' apart), over a group
    basis that of M."""
    w = word_letters(word, letters)
    return element(M, w) if basis in PLUS_BASES else M.of(w)


def orbit_evidence_test(M: TransitionMonoid, wit: dict, basis: str, letters) -> tuple:
    """(test, None) — ``test(x, e, proof)`` → None when ``proof`` (a path, or over C⁺ the index of
    a fact of the witness's derivation) shows x in the BPol(``basis``)-orbit of e's pairs, else
    what fails — or (None, what is wrong with the witness's shared proofs: the kernel's, or the
    derivation); CheckBoundExceeded past the MOD-kernel's search."""
    if basis in PLUS_BASES:
        derived, bad = derived_pairs(M, wit["pairs"], letters, _c_pair_test(M, PLUS_BASES[basis], letters))
        if bad is not None:
            return None, f"the derivation of the Pol({basis})-pairs: {bad}"

        def test(x, e, proof) -> str | None:
            i = proof["pair"]
            ok = isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(derived)
            return None if ok and derived[i] == (x, e) else "its fact is not the pair (x, e)"
        return test, None
    try:
        kernel, bad = _kernel_test(M, wit, basis, letters)
    except LimitExceeded:
        raise CheckBoundExceeded("the MOD-kernel's search is too large") from None
    if bad is not None:
        return None, f"the kernel's proofs: {bad}"
    return (lambda x, e, path: _path_problem(M, x, e, path, kernel, letters)), None


def _check_yes(M: TransitionMonoid, cert, prop: str, basis: str, letters) -> Check:
    if not isinstance(cert, dict) or cert.get("kind") != POL_GROUP_ORBIT_CHECK:
        return Check(False, f"a 'yes' without its {POL_GROUP_ORBIT_CHECK}")
    if cert.get("property") != prop or cert.get("basis") != basis:
        return Check(False, "the certificate is for another class")
    pairs, why = recomputed_pairs(M, cert["kernel"], basis, letters)
    if pairs is None:
        return Check(False, why)
    return orbits_check(M, cert, prop, basis, letters, pairs, why)


def orbits_check(M: TransitionMonoid, cert: dict, prop: str, basis: str, letters, pairs, why: str) -> Check:
    """The orbits a certificate lists against those of ``pairs`` (recomputed from its kernel
    entry by :func:`recomputed_pairs`, which says ``why`` they hold the Pol(``basis``)-pairs),
    each with the property ``prop`` (module docstring)."""
    if basis in PLUS_BASES:
        truth = plus_orbits(M, pairs)
        of = element                                 # the words of α(A⁺) are non-empty; ε is 1'
    else:
        truth = pair_orbits(M, pairs)

        def of(M, word):
            return M.of(word)
    listed: dict = {}
    for row in cert["orbits"]:
        e = of(M, word_letters(row["e"], letters))
        if e in listed:
            return Check(False, "an idempotent is listed twice")
        listed[e] = frozenset(of(M, word_letters(x, letters)) for x in row["elements"])
    if set(listed) != set(truth):
        return Check(False, "the certificate does not list exactly the idempotents of the syntactic monoid")
    for e, orbit in truth.items():
        if listed[e] != orbit:
            return Check(False, "an orbit listed is not {x ∈ e·M·e : (x, e) among the pairs recomputed}")
    size = len(M.elements) if prop == UBP2 else 1
    if sum(len(o) * max(size, len(o)) for o in truth.values()) > _WORK:
        raise CheckBoundExceeded("the orbits are too large")
    inclusion = state_inclusions(M.dfa) if prop in (POL2, CO_POL2) else None
    for e, orbit in truth.items():
        bad = (_ubp2_failure(M, e, orbit) if prop == UBP2
               else _order_failure(inclusion, e, orbit, prop == CO_POL2) if prop in (POL2, CO_POL2)
               else property_failure(M, orbit, prop))
        if bad is not None:
            return Check(False, f"an orbit does not have the property: {bad}")
    reached = "in the saturated pairs" if basis in PLUS_BASES else "reached with its insertions"
    return Check(True, f"{why}; every orbit {{x ∈ e·M·e : (x, e) {reached}}} ({len(truth)} "
                       f"idempotents, recomputed; each contains the BPol({basis})-orbit of e) is "
                       f"{_PROPERTY_TEXT.get(prop, prop)}")


def ubp2_sides(M: TransitionMonoid, e, s, t) -> tuple:
    """UBP2's two sides at e, s, t: ((esete)^{ω+1}, (esete)^ω·ete·(esete)^ω)."""
    x = M.mul(M.mul(M.mul(M.mul(e, s), e), t), e)
    z = M.omega(x)
    return M.mul(z, x), M.mul(M.mul(z, M.mul(M.mul(e, t), e)), z)


def _ubp2_failure(M: TransitionMonoid, e, orbit) -> str | None:
    for s in orbit:
        for t in M.elements:
            left, right = ubp2_sides(M, e, s, t)
            if left != right:
                return "(esete)^(ω+1) ≠ (esete)^ω ete (esete)^ω for an s of the orbit of e and a t"
    return None


def _order_failure(apart, e, orbit, above: bool = False) -> str | None:
    """None when every s of ``orbit`` is ≤ e in the syntactic order — L_{q·e} ⊆ L_{q·s} for
    every state q — (≥ e when ``above``: L_{q·s} ⊆ L_{q·e}); ``apart`` the pairs (p, q) of
    states with L_p ⊄ L_q (:func:`.verify_pol.state_inclusions`)."""
    for s in orbit:
        lo, hi = (e, s) if above else (s, e)
        if any((hi[q], lo[q]) in apart for q in range(len(e))):
            return f"an element s of the orbit of e is not {'above' if above else 'below'} e in the syntactic order"
    return None


def _path_problem(M: TransitionMonoid, v, e, path: dict, kernel, letters) -> str | None:
    """None when ``path`` — u with insertions of kernel elements — leads from v's word to e
    (module docstring), ``kernel`` telling whether a word's element is proven in the kernel."""
    u = word_letters(path["u"], letters)
    if M.of(u) != v:
        return "the path's word u is not a word of its element"
    y, last = M.one, 0
    for ins in path["insertions"]:
        i = ins["at"]
        if not isinstance(i, int) or isinstance(i, bool) or not last <= i <= len(u):
            return "an insertion stands outside u, or out of order"
        k = kernel(ins["element"])
        if k is None:
            return "an inserted element is not shown in the kernel"
        y = M.mul(M.mul(y, M.of(u[last:i])), k)
        last = i
    y = M.mul(y, M.of(u[last:]))
    return None if y == e else "u with its insertions is not a word of e"


def _kernel_test(M: TransitionMonoid, wit, basis: str, letters):
    """(word text → its element if proven in the kernel, else None; what fails of the proofs, or None)."""
    if basis == "MOD":
        K = frozenset(kernel_maps(M.dfa, _WORK))

        def test(word):
            k = M.of(word_letters(word, letters))
            return k if k in K else None
        return test, None
    proven, bad = proven_in_kernel(M, wit, basis, letters)
    return proven.get, bad


def _c_pair_test(M: TransitionMonoid, group: str | None, letters):
    """None (DD: every pair of non-empty words is a DD-pair), or the test of rule 3's evidence
    that (f, t) is a G⁺-pair: a non-empty word of f, t's word, and their evidence re-checked on the
    Cayley DFAs (:func:`.verify_bpol.pair_problem`)."""
    if group is None:
        return None
    sep = separator(letters)

    def test(f, t, row) -> str | None:
        proof = row.get("evidence")
        if not isinstance(proof, dict):
            return "no evidence that (f, t) is a pair"
        fw, tw = word_letters(proof["f"], letters), word_letters(row["t"], letters)
        if not fw or element(M, fw) != f:
            return "the evidence's word of f is not a non-empty word of f"
        problem, _ = pair_problem(M.dfa, group, True, tuple(fw), tuple(tw), proof.get("pair"), sep)
        return problem
    return test


def _check_no(M: TransitionMonoid, wit, prop: str, basis: str, letters) -> Check:
    if not isinstance(wit, dict) or wit.get("kind") != POL_GROUP_ORBIT_INSTANCE:
        return Check(False, f"a 'no' without its {POL_GROUP_ORBIT_INSTANCE}")
    if wit.get("property") != prop or wit.get("basis") != basis:
        return Check(False, "the witness is for another class")
    inst, paths = wit["instance"], wit["paths"]
    shown, bad = orbit_evidence_test(M, wit, basis, letters)
    if bad is not None:
        return Check(False, bad)
    e = orbit_idempotent(M, inst["e"], basis, letters)
    if e is None:
        return Check(False, "e's word is empty: the orbits are those of the idempotents of α(A⁺)")
    if M.mul(e, e) != e:
        return Check(False, "e's word is not of an idempotent")
    names = {"DA": ("x", "y"), UBP2: ("s",), POL2: ("s",), CO_POL2: ("s",)}.get(prop, ("s", "t", "k1", "k2"))
    v = {}
    for n in names:
        x = M.of(word_letters(inst[n], letters))
        if M.mul(M.mul(e, x), e) != x:
            return Check(False, f"{n} is not in e·M·e")
        problem = shown(x, e, paths[n])
        if problem is not None:
            return Check(False, f"{n}: not shown in the BPol({basis})-orbit of e ({problem})")
        v[n] = x
    p, r = M.of(word_letters(inst["prefix"], letters)), M.of(word_letters(inst["suffix"], letters))
    where = (f"in the BPol({basis})-orbit of e (" + (f"each derived with e as a Pol({basis})-pair)" if basis in PLUS_BASES else
                                                     "each with its path of kernel insertions)"))
    if prop == UBP2:
        left, right = ubp2_sides(M, e, v["s"], M.of(word_letters(inst["t"], letters)))
        if M.accepts(M.mul(M.mul(p, left), r)) == M.accepts(M.mul(M.mul(p, right), r)):
            return Check(False, "the context does not tell the two sides apart")
        return Check(True, f"s is {where} and the context tells (esete)^(ω+1) from (esete)^ω ete (esete)^ω apart: "
                           f"not in UPol(BPol₂({basis}))")
    if prop in (POL2, CO_POL2):
        inside, outside = (e, v["s"]) if prop == POL2 else (v["s"], e)
        if not M.accepts(M.mul(M.mul(p, inside), r)) or M.accepts(M.mul(M.mul(p, outside), r)):
            return Check(False, "the context does not hold p·e·r in L and p·s·r out of it" if prop == POL2 else
                         "the context does not hold p·s·r in L and p·e·r out of it")
        if prop == POL2:
            return Check(True, f"s is {where}, p·e·r ∈ L and p·s·r ∉ L: s is not below e, not in Pol₂({basis})")
        return Check(True, f"s is {where}, p·s·r ∈ L and p·e·r ∉ L: s is not above e, not in co-Pol₂({basis})")
    return orbit_instance_check(M, v, prop, p, r, where)
