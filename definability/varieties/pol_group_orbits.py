"""Level two over the group bases G = MOD, AMT, GR — the navigational PL₂(G), FL₂(G), TL₂(G)
(MeSCaL's FL₂(G), TL₂(G)), the concatenation hierarchy's Pol₂(G) = Pol(BPol(G)) and
UPol(BPol₂(G)) — decided on the BPol(G)-orbits, computed from the Pol(G)-pairs
(docs/decision-procedures.md §14.14).

MOD is the Boolean algebra of the languages {w : |w| ≡ r mod m}.  TL(C) is unary temporal logic
whose modalities F_K φ, P_K φ ask a later (earlier) position where φ holds with the infix
between in K ∈ C; level two of the navigational hierarchy of basis C is TL₂(C) = TL(TL(C)) (FL,
PL keep the future, the past modalities).

**Theorem** (Place–Zeitoun, CSL 2024, for a prevariety C and the syntactic morphism
α : A* → M of L): L ∈ TL(C) iff every C-orbit is in DA; L ∈ PL(C) iff every C-orbit is
R-trivial; L ∈ FL(C) iff every C-orbit is L-trivial.  For level two over a group basis G
(Place–Zeitoun, "Navigational hierarchies of regular languages", arXiv:2402.10080: membership
at level two reduces to Pol(G)-separation) the orbits are the BPol(G)-orbits, and the orbit of
an idempotent e is O_e = {x ∈ e·M·e : (x, e) a Pol(G)-pair} — (x, e) a Pol(G)-pair when no
language of Pol(G) contains α⁻¹(x) and misses α⁻¹(e) (the formula MeSCaL computes).  And
L ∈ UPol(BPol₂(C)) iff (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every idempotent e, every s
in the BPol(C)-orbit of e and every t ∈ M (Place–Zeitoun's generic equation of UPol(BPol(C)),
read over ST on the AT-orbits in :mod:`.level_two_st`), and L ∈ Pol₂(G) = Pol(BPol(G)) iff
every s in the BPol(G)-orbit of e is below e in the syntactic order — p·e·r ∈ L implies
p·s·r ∈ L (MeSCaL's test, "e ⩽ s" in its reversed order; read over ST on the AT-orbits it is
Σ2 = Pol₂(ST), equal to :mod:`.sigma2`'s ordered identity on the census,
tests/definability/test_pol_group_orbits.py).  Measured against MeSCaL's TL₂(MOD),
FL₂(MOD) and UPol(BPol₂(MOD)) on its 1,154 languages: 0 disagreements (tests/definability/
test_mescal.py); the other orientation, (e, x), disagrees on about 150.

**The Pol(G)-pairs, all at once** (§11.13's search, on the monoid): with K the G-kernel — the
k ∈ M with α⁻¹(k) not G-separable from {ε} (:mod:`..algebra.group_kernels`: MOD and AMT by the
types of the paths of the Cayley graph, GR by Ash's weak conjugation) —, the Pol(G)-pairs are
the pairs (p, y) reached from (1, 1) by letter moves (p·a, y·a) and insertion moves
(p, y) → (p, y·k), k ∈ K (proof: :mod:`..checks.verify_pol_group_orbits`): |M|² pairs
(``Limits.type_states``), one Boolean matrix closed under the moves.  The orbits' products
are bounded by ``Limits.instantiations``.

Answers (each re-checked by :func:`..checks.verify_pol_group_orbits.check_pol_group_orbit_answer`
before it is returned):

* "yes": a :class:`PolGroupOrbitCheck` — the kernel as the check reads it (MOD: nothing, the
  check recomputes the MOD-kernel; AMT: a modulus D with K_D = K; GR: K's elements, closed under
  Ash's rules), every idempotent as a word and its orbit's elements as words; verify recomputes
  the pairs and the property;
* "no": a :class:`PolGroupOrbitViolation` — a word of an idempotent e, the instance's elements
  as words, each with its path (a word u of it and the kernel elements inserted, leading to e),
  the kernel's proofs of the elements inserted (AMT: Parikh loops; GR: a derivation), and a
  context telling the two sides apart.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...automata.graphs import shortest_words_from
from ...kernel.errors import LimitExceeded
from ...kernel.words import join_word
from ..algebra.group_kernels import GroupKernel, amt_kernel, gr_kernel, mod_kernel
from ..algebra.syntactic_order import leq, residual_difference, state_inclusion
from ..checks.verify_pol_group_orbits import (CHECK_WORK, POL2, POL_GROUP_ORBIT_CHECK, POL_GROUP_ORBIT_INSTANCE, UBP2,
                                              check_pol_group_orbit_answer)
from ..contract.classes import LanguageClass
from ..contract.procedure import Procedure
from ..values.results import FragmentResult
from .group_kernel_classes import checked_result, da_sides, kernel_proofs, kernel_violation, monoid_table
from .identities import structure_of
from .level_two_st import ubp2_violation
from .temporal_mod import separating_context

__all__ = ["PolGroupOrbits", "PolGroupOrbitCheck", "PolGroupOrbitViolation", "PolGroupOrbitProcedure",
           "pol_group_orbits", "pol_group_orbit_class"]


def _w(alphabet, word) -> str:
    return join_word([alphabet[a] for a in word], alphabet)


@dataclass(frozen=True)
class PolGroupOrbits:
    """The BPol(G)-orbits of a syntactic monoid: ``table`` M's product, ``moves`` its Cayley
    graph (element × letter), ``one`` its identity, ``kernel`` the G-kernel
    (:class:`..algebra.group_kernels.GroupKernel`), ``words`` element → a shortest word,
    ``orbits`` idempotent e → its orbit's elements (a tuple)."""

    table: np.ndarray
    moves: np.ndarray
    one: int
    kernel: GroupKernel
    words: dict
    orbits: dict

    def path(self, x: int, e: int) -> tuple:
        """(u, insertions): a shortest path of the search from (1, 1) to (x, e) as a word u
        (letter indices) and the kernel elements inserted, (position in u, element)."""
        T, moves = self.table, self.moves
        K = self.kernel.elements
        start = (self.one, self.one)
        parent: dict = {start: None}
        frontier = [start]
        while (x, e) not in parent:
            if not frontier:                             # pragma: no cover - the orbit says it is reached
                raise AssertionError("a pair of the orbit is not reached")
            nxt = []
            for node in frontier:
                p, y = node
                children = [((int(moves[p, a]), int(moves[y, a])), ("letter", a)) for a in range(moves.shape[1])]
                children += [((p, int(T[y, k])), ("insert", k)) for k in K]
                for child, move in children:
                    if child not in parent:
                        parent[child] = (node, move)
                        nxt.append(child)
            frontier = nxt
        steps, node = [], (x, e)
        while parent[node] is not None:
            node, move = parent[node]
            steps.append(move)
        u, insertions = [], []
        for kind, arg in reversed(steps):
            if kind == "letter":
                u.append(arg)
            else:
                insertions.append((len(u), arg))
        return tuple(u), tuple(insertions)


def pol_group_pairs(T: np.ndarray, moves: np.ndarray, one: int, kernel) -> np.ndarray:
    """The Boolean matrix V of the pairs (p, y) reached from (1, 1) by letter moves
    (p·a, y·a) — ``moves`` the Cayley graph's table — and insertion moves (p, y) → (p, y·k),
    k ∈ ``kernel``: a fixpoint of whole-matrix steps (V ← V·R with R[y, y·k] for k ∈ K, then
    each letter's image)."""
    n = moves.shape[0]
    R = np.zeros((n, n), dtype=np.int64)
    for k in kernel:
        R[np.arange(n), T[:, k]] = 1
    V = np.zeros((n, n), dtype=bool)
    V[one, one] = True
    while True:
        before = int(V.sum())
        V = (V.astype(np.int64) @ R) > 0
        rows, cols = np.nonzero(V)
        for a in range(moves.shape[1]):
            V[moves[rows, a], moves[cols, a]] = True
        if int(V.sum()) == before:
            return V


def group_kernel(m, basis: str, limits) -> GroupKernel:
    """The ``basis``-kernel of the monoid table ``m`` (:mod:`..algebra.group_kernels`)."""
    if basis == "MOD":
        return mod_kernel(m, limits.type_states)
    if basis == "AMT":
        return amt_kernel(m, limits.type_states)
    return gr_kernel(m, limits.instantiations)


def pol_group_orbits(st, m, basis: str, limits) -> PolGroupOrbits:
    """The BPol(``basis``)-orbits of the monoid ``st`` (its table ``m``) from its
    Pol(``basis``)-pairs (module docstring)."""
    T = np.asarray(m.table)
    n = T.shape[0]
    if n * n > limits.type_states:
        raise LimitExceeded("pairs of elements of the syntactic monoid (its Pol(G)-pairs)", limits.type_states,
                            "raise the budget type_states of Limits", ("type_states",))
    moves = np.ascontiguousarray(T[:, list(m.letters)])
    one = int(m.one)
    kernel = group_kernel(m, basis, limits)
    V = pol_group_pairs(T, moves, one, kernel.elements)
    orbits = {}
    for e in range(n):
        if T[e, e] == e:
            inside = (T[T[e, :], e] == np.arange(n)) & V[:, e]
            orbits[e] = tuple(np.flatnonzero(inside).tolist())
    return PolGroupOrbits(T, moves, one, kernel, _shortest_words(moves, one), orbits)


def _shortest_words(moves: np.ndarray, one: int) -> dict:
    """element → a shortest word (letter indices), breadth first from 1 on the Cayley graph."""
    words = {one: ()}
    frontier = [one]
    while frontier:
        nxt = []
        for s in frontier:
            for a in range(moves.shape[1]):
                t = int(moves[s, a])
                if t not in words:
                    words[t] = words[s] + (a,)
                    nxt.append(t)
        frontier = nxt
    return words


@dataclass(frozen=True)
class PolGroupOrbitCheck:
    """A "yes": the ``kernel`` entry the check reads (module docstring) and every orbit (e's
    word, its elements' words), all with ``prop``."""

    basis: str
    prop: str
    kernel: dict
    orbits: tuple
    alphabet: tuple

    def text(self, sep: str = "", indent: str = "") -> str:
        sizes = ", ".join(f"{_w(self.alphabet, e) or 'ε'}: {len(xs)}" for e, xs in self.orbits)
        how = {"MOD": "the MOD-kernel", "AMT": f"the AMT-kernel = K_{self.kernel.get('modulus')}",
               "GR": f"the GR-kernel ({len(self.kernel.get('elements', ()))} elements)"}[self.basis]
        return (f"every BPol({self.basis})-orbit {{x ∈ e·M·e : (x, e) a Pol({self.basis})-pair}} is "
                f"{_property_text(self.prop)} (the pairs by insertions of {how}; {len(self.orbits)} idempotents; "
                f"orbit sizes {sizes})")

    def to_json(self, sep: str = "") -> dict:
        return {"kind": POL_GROUP_ORBIT_CHECK, "basis": self.basis, "property": self.prop, "kernel": dict(self.kernel),
                "orbits": [{"e": _w(self.alphabet, e), "elements": [_w(self.alphabet, x) for x in xs]}
                           for e, xs in self.orbits]}


@dataclass(frozen=True)
class PolGroupOrbitViolation:
    """A "no": the ``instance`` (words by name: e, then x, y or s, t, k1, k2 — s and t for
    UPol(BPol₂(G)) —, prefix, suffix), the ``paths`` (name → u and its kernel insertions)
    showing each element in the orbit of e, and the kernel's ``proofs`` (key, rows) of the
    elements inserted (AMT: "proofs", GR: "steps"; none for MOD)."""

    basis: str
    prop: str
    instance: dict
    paths: dict
    proofs: tuple

    def summary(self, sep: str = "") -> str:
        i = {n: (v or "ε") for n, v in self.instance.items()}
        where = f"in the BPol({self.basis})-orbit of e = {i['e']} (paths of {self.basis}-kernel insertions)"
        if self.prop == POL2:
            return (f"s = {i['s']} {where}: p·e·r ∈ L and p·s·r ∉ L for the context ({i['prefix']}, {i['suffix']}): "
                    f"s is not below e, not in Pol₂({self.basis})")
        if self.prop == UBP2:
            return (f"s = {i['s']} {where}, t = {i['t']}: (esete)^(ω+1) ≠ (esete)^ω ete (esete)^ω, told apart by "
                    f"the context ({i['prefix']}, {i['suffix']}): not in UPol(BPol₂({self.basis}))")
        if self.prop == "DA":
            return (f"x = {i['x']}, y = {i['y']} {where}: (xy)^ω y (xy)^ω ≠ (xy)^ω, told apart by the "
                    f"context ({i['prefix']}, {i['suffix']}): not in DA")
        rel = "s·k1 = t, t·k2 = s" if self.prop == "R-trivial" else "k1·s = t, k2·t = s"
        return (f"s = {i['s']}, t = {i['t']}, k1 = {i['k1']}, k2 = {i['k2']} {where}: {rel}, s ≠ t (the context "
                f"({i['prefix']}, {i['suffix']})): not {self.prop}")

    def text(self, sep: str = "", indent: str = "") -> str:
        return self.summary(sep)

    def to_json(self, sep: str = "") -> dict:
        out = {"kind": POL_GROUP_ORBIT_INSTANCE, "basis": self.basis, "property": self.prop,
               "instance": dict(self.instance), "paths": dict(self.paths)}
        if self.proofs:
            out[self.proofs[0]] = list(self.proofs[1])
        return out


def _orbits_of(basis: str):
    def orbits(context) -> tuple:
        st = structure_of(context.dfa, monoid=True, limits=context.limits)
        m, _ = monoid_table(st)
        return st, m, pol_group_orbits(st, m, basis, context.limits)
    return orbits


#: basis → (the syntactic monoid, its table, the BPol(basis)-orbits), once per classification
#: (one function per basis, so that the classes over one basis share it)
_ORBITS = {basis: _orbits_of(basis) for basis in ("MOD", "AMT", "GR")}


def _property_text(prop: str) -> str:
    return {"DA": "in DA", UBP2: "a solution of (esete)^(ω+1) = (esete)^ω ete (esete)^ω",
            POL2: "below its idempotent in the syntactic order"}.get(prop, prop)


def order_violation(st, e: int, elements, inc) -> tuple | None:
    """(s,) for the first s of ``elements`` not ≤ e in the syntactic order (L_{q·e} ⊄ L_{q·s} for
    some state q; ``inc`` the state inclusion of the minimal DFA), None when every one is."""
    E = np.asarray(st.elements)
    S = np.asarray(elements, dtype=np.int64)
    bad = np.flatnonzero(~leq(inc, E[S], E[e][None, :]))
    return (int(S[bad[0]]),) if bad.size else None


def _order_context(st, e: int, s: int) -> tuple:
    """(p, r) with p·e·r ∈ L and p·s·r ∉ L (s not ≤ e in the syntactic order)."""
    d = st.dfa
    reach = shortest_words_from(np.asarray(d.transitions), d.initial)
    for q in range(d.n_states):
        if reach[q] is None:
            continue
        r = residual_difference(d, int(st.elements[e][q]), int(st.elements[s][q]))
        if r is not None:
            return list(reach[q]), list(r)
    raise AssertionError("s is below e")                   # pragma: no cover - the order said it is not


class PolGroupOrbitProcedure(Procedure):
    """PL₂(G), FL₂(G), TL₂(G), UPol(BPol₂(G)): every BPol(G)-orbit ``prop`` (module docstring)."""

    def __init__(self, basis: str, prop: str):
        self.basis, self.prop = basis, prop
        self.family = f"BPol({basis})-orbits" + {UBP2: ", UPol(BPol) equation", POL2: " below e"}.get(
            prop, f" {_property_text(prop)}")

    def handles(self, fragment) -> bool:              # keyed by its declaration
        return False

    def decide(self, cls, context, results) -> FragmentResult:
        d = context.dfa
        context.deciding()
        st, m, orbits = context.verdict(_ORBITS[self.basis])
        T = orbits.table
        budget = context.limits.instantiations
        if context.certificates:                     # the check re-does these products within its own bound
            budget = min(budget, CHECK_WORK)
        work = sum(len(o) * (st.size if self.prop == UBP2 else len(o)) for o in orbits.orbits.values())
        if work > budget:
            raise LimitExceeded(f"products on the BPol({self.basis})-orbits", budget,
                                "raise the budget instantiations of Limits", ("instantiations",))
        prop = _property_text(self.prop)
        inc = state_inclusion(st.dfa) if self.prop == POL2 else None
        for e, elements in orbits.orbits.items():
            if self.prop == UBP2:
                hit = ubp2_violation(T, st.omega, [(e, elements)])
                v = None if hit is None else hit[1:]
            elif self.prop == POL2:
                v = order_violation(st, e, elements, inc)
            else:
                v = kernel_violation(T, {x: x for x in elements}, self.prop)
            if v is not None:
                method = (f"the BPol({self.basis})-orbit of an idempotent ({len(elements)} of {st.size} elements) "
                          f"is not {prop}")
                if not context.certificates:
                    return FragmentResult(cls, False, None, None, method)
                return self._checked(cls, d, False, self._violation(st, m, orbits, e, v, d.alphabet), method)
        method = (f"every BPol({self.basis})-orbit {{x ∈ e·M·e : (x, e) a Pol({self.basis})-pair}} is {prop} "
                  f"({len(orbits.orbits)} idempotents of {st.size} elements; the {self.basis}-kernel "
                  f"{len(orbits.kernel.elements)} of them)")
        if not context.certificates:
            return FragmentResult(cls, True, None, None, method)
        K = len(orbits.kernel.elements)              # the sizes the check refuses (the same bounds)
        check = {"MOD": 0, "AMT": st.size * (orbits.kernel.modulus or 1) ** len(m.letters),
                 "GR": max(K * K, st.size ** 2 * K)}[self.basis]
        if check > CHECK_WORK:
            raise LimitExceeded(f"the check of a certificate of BPol({self.basis})-orbits", CHECK_WORK,
                                "ask without certificates", ("instantiations",))
        rows = tuple((orbits.words[e], tuple(orbits.words[x] for x in xs)) for e, xs in orbits.orbits.items())
        kernel = {"MOD": {}, "AMT": {"modulus": orbits.kernel.modulus},
                  "GR": {"elements": [_w(d.alphabet, orbits.words[k]) for k in orbits.kernel.elements]}}[self.basis]
        cert = PolGroupOrbitCheck(self.basis, self.prop, kernel, rows, tuple(d.alphabet))
        return self._checked(cls, d, True, cert, method)

    def _violation(self, st, m, orbits: PolGroupOrbits, e: int, v, alphabet) -> PolGroupOrbitViolation:
        T = orbits.table
        names = {"DA": ("x", "y"), UBP2: ("s",), POL2: ("s",)}.get(self.prop, ("s", "t", "k1", "k2"))
        instance = {"e": _w(alphabet, orbits.words[e]), **{n: _w(alphabet, orbits.words[x]) for n, x in zip(names, v)}}
        paths, used = {}, []
        for n, x in zip(names, v):
            u, insertions = orbits.path(x, e)
            paths[n] = {"u": _w(alphabet, u),
                        "insertions": [{"at": i, "element": _w(alphabet, orbits.words[k])} for i, k in insertions]}
            used += [k for _, k in insertions]
        proofs = () if self.basis == "MOD" else kernel_proofs(st, m, orbits.kernel, tuple(dict.fromkeys(used)),
                                                              alphabet)
        if self.prop == POL2:
            left = right = None
        elif self.prop == UBP2:
            s, t = v
            instance["t"] = _w(alphabet, orbits.words[t])
            x = int(T[T[T[T[e, s], e], t], e])
            z = int(st.omega[x])
            left, right = int(T[z, x]), int(T[T[z, T[T[e, t], e]], z])
        elif self.prop == "DA":
            left, right = da_sides(T, *v)
        else:
            left, right = v[:2]
        if self.prop == POL2:                        # p·e·r ∈ L, p·s·r ∉ L
            prefix, suffix = _order_context(st, e, v[0])
        else:
            prefix, suffix = separating_context(st.dfa, st.elements[left], st.elements[right])
        instance.update({"prefix": _w(alphabet, prefix), "suffix": _w(alphabet, suffix)})
        return PolGroupOrbitViolation(self.basis, self.prop, instance, paths, proofs)

    def _checked(self, cls, dfa, member: bool, value, method: str) -> FragmentResult:
        return checked_result(cls, member, value, method,
                              lambda answer: check_pol_group_orbit_answer(dfa, answer, self.prop, self.basis))


def pol_group_orbit_class(name: str, basis: str, prop: str, inclusions, summary: str,
                          groups: tuple = ("navigational",)) -> LanguageClass:
    """The declaration of the class ``name``: asked only when named (and by ``groups``), its answers re-checked by
    :func:`..checks.verify_pol_group_orbits.check_pol_group_orbit_answer`."""
    return LanguageClass(name, PolGroupOrbitProcedure(basis, prop), POL_GROUP_ORBIT_CHECK, POL_GROUP_ORBIT_INSTANCE,
                         default=False, inclusions=tuple(inclusions), groups=tuple(groups), bulk=None,
                         check=lambda dfa, answer, sep="": check_pol_group_orbit_answer(dfa, answer, prop, basis, sep),
                         summary=summary)
