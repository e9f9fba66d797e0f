"""BPol₂(C) = BPol(BPol(C)), level two of the concatenation hierarchy of basis C, for the group
bases C = MOD, AMT, GR and the ⁺ bases C = DD (dot-depth two), MOD⁺, AMT⁺, GR⁺, decided where
two bounds on the BPol(C)-sets meet (docs/decision-procedures.md §14.16); the declarations are
``bpol2_mod`` … ``bpol2_gr_plus`` beside this one.

**Theorem** (Place–Zeitoun, "Dot-depth three, return of the J-class", LICS 2024; the equations
as MeSCaL states them).  L ∈ BPol₂(C) iff its syntactic morphism α : A* → M satisfies
UPol(BPol₂(C))'s equation (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω on the BPol(C)-orbits
(:mod:`.pol_group_orbits`) and Knast's equation (eqfre)^ω (esfte)^ω = (eqfre)^ω·qft·(esfte)^ω
for all idempotents e, f and all q, r, s, t whose sets {x, e, f} are BPol(C)-sets
(BPol(C)-pointlike).  Computing the BPol(C)-sets is BPol(C)-covering — the reduction by which
the paper decides these levels —, not implemented here (nor in MeSCaL, which names BPol₂(MOD) …
and decides none of them).  Instead (proofs in :mod:`..checks.verify_bpol2`):

* **upper bound**: a BPol(C)-set has its elements pairwise mutual Pol(C)-pairs; Knast's equation
  on every triple {x, e, f} of mutual pairs proves L ∈ BPol₂(C) (with the orbits' equation);
* **lower bound**: the products G1 ⋯ Gk of singletons {α(a)} and of the orbit pairs {e, s}
  (s in the BPol(C)-orbit of e), and their subsets, are BPol(C)-sets; Knast's equation failing
  on such sets proves L ∉ BPol₂(C) — a breadth-first search over the products from {1}, each
  set multiplied by each generator, within ``Limits.instantiations`` products.

Where the upper bound's equation fails and the lower bound's search finds no failure, the class
is **undecided** (said so, with the triple). Measured: never, on every language of ≤ 3 states
over ab and ≤ 4 states over ab (docs/census.md); over ST — where BPol₂(ST) is decided exactly on
the AT-sets (:mod:`.level_two_st`) — the same two bounds agree with it on every language of the
census (tests/definability/test_bpol2.py).

Answers (each re-checked by :func:`..checks.verify_bpol2.check_bpol2_answer` before it is
returned): "yes" — UPol(BPol₂(C))'s orbit certificate and the count of pairs of idempotents
that are mutual pairs; "no" — UPol(BPol₂(C))'s orbit instance, or Knast's identity pair with
the orbit pairs used (each with its proof), and for each of q, r, s, t the product (letters'
words and orbit pairs) whose set holds it with e and f.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...kernel.errors import LimitExceeded
from ...kernel.limits import POINTLIKE_SET_ELEMENT_BYTES
from ...kernel.words import join_word
from ..checks.verify_bpol2 import BPOL2_CHECK, BPOL2_INSTANCE, KNAST, check_bpol2_answer
from ..checks.verify_pol_group_orbits import UBP2
from ..contract.classes import PREVARIETY, LanguageClass
from ..contract.procedure import Procedure
from ..values.results import FragmentResult
from .bpol_groups import omega_exponent
from .group_kernel_classes import checked_result
from .identities import violation_from_words
from .level_two_st import knast_violation
from .pol_group_orbits import PolGroupOrbitProcedure, bpol_orbits, orbit_evidence
from .temporal_mod import separating_context

__all__ = ["BPol2Check", "BPol2Violation", "knast_upper", "pointlike_products", "knast_lower",
           "BPol2Procedure", "bpol2_class"]


def _w(alphabet, word) -> str:
    return join_word([alphabet[a] for a in word], alphabet)


def knast_upper(T: np.ndarray, omega: np.ndarray, pairs: np.ndarray, idempotents, budget: int
                ) -> tuple[tuple | None, int, int]:
    """((e, f, q, r, s, t) failing Knast's equation with q, r, s, t, e, f pairwise mutual
    Pol(C)-pairs of their triple, or None; the comparisons made; the pairs (e, f) of idempotents
    examined); ``pairs[x, y]``: (x, y) a Pol(C)-pair.  LimitExceeded past ``budget``."""
    mutual = pairs & pairs.T
    work = count = 0
    for e in idempotents:
        for f in idempotents:
            if not mutual[e, f]:
                continue
            count += 1
            sub = np.flatnonzero(mutual[:, e] & mutual[:, f])
            hit, done = knast_violation(T, omega, e, f, sub, budget - work)
            work += done
            if work > budget:
                raise LimitExceeded(f"instantiations of {KNAST} on the mutual Pol(C)-pairs", budget,
                                    "raise the budget instantiations of Limits", ("instantiations",))
            if hit is not None:
                return (int(e), int(f)) + hit, work, count
    return None, work, count


def pointlike_products(T: np.ndarray, one: int, generators, budget: int, memory_budget: int) -> tuple[dict, bool]:
    """({set: (the set it was reached from, the generator's index)} for the sets {1}·G1 ⋯ Gk,
    Gi among ``generators`` (tuples of elements), reached breadth-first; whether the search
    stopped before its end — at ``budget`` products, or when the sets kept would pass
    ``memory_budget`` bytes (:data:`POINTLIKE_SET_ELEMENT_BYTES` per element)."""
    start = frozenset((one,))
    reached = {start: None}
    frontier, work, held = [start], 0, 1
    while frontier:
        nxt = []
        for X in frontier:
            xs = np.fromiter(X, dtype=np.int64)
            for i, G in enumerate(generators):
                work += len(xs) * len(G)
                if work > budget:
                    return reached, True
                Y = frozenset(T[xs[:, None], np.asarray(G)[None, :]].ravel().tolist())
                if Y not in reached:
                    held += len(Y)
                    if held * POINTLIKE_SET_ELEMENT_BYTES > memory_budget:
                        return reached, True
                    reached[Y] = (X, i)
                    nxt.append(Y)
        frontier = nxt
    return reached, False


def knast_lower(T: np.ndarray, omega: np.ndarray, reached: dict, idempotents, budget: int) -> tuple[tuple | None, bool]:
    """(((e, f, q, r, s, t), {x: a set of ``reached`` holding {x, e, f}} for x = q, r, s, t) when
    Knast's equation fails on the sets of ``reached`` (and their subsets), else None; whether it
    stopped at ``budget`` steps first — the pairs (e, f) inside each set times its elements, then
    the comparisons —, reading only part of the sets)."""
    ids = set(int(e) for e in idempotents)
    holding: dict = {}
    work = 0
    for R in reached:
        inside = [x for x in R if x in ids]
        work += len(inside) ** 2 * len(R)
        if work > budget:
            return None, True
        for e in inside:
            for f in inside:
                row = holding.setdefault((e, f), {})
                for x in R:
                    row.setdefault(x, R)
    for (e, f), row in sorted(holding.items()):
        hit, done = knast_violation(T, omega, e, f, np.asarray(sorted(row), dtype=np.int64), budget - work)
        work += done
        if work > budget:
            return None, True
        if hit is not None:
            return ((e, f) + hit, {name: row[x] for name, x in zip("qrst", hit)}), False
    return None, False


def _factors(reached: dict, R) -> list:
    """The generators' indices whose product from {1} is the set ``R`` (its path in the search)."""
    out = []
    while reached[R] is not None:
        R, i = reached[R]
        out.append(i)
    return out[::-1]


@dataclass(frozen=True)
class BPol2Check:
    """A "yes": UPol(BPol₂(C))'s orbit certificate (:class:`.pol_group_orbits.PolGroupOrbitCheck`)
    and the number of pairs (e, f) of idempotents that are mutual Pol(C)-pairs, Knast's equation
    holding on every triple of mutual pairs."""

    basis: str
    orbits: object
    idempotent_pairs: int

    def text(self, sep: str = "", indent: str = "") -> str:
        return (f"{self.orbits.text(sep)}; Knast's equation (eqfre)^ω (esfte)^ω = (eqfre)^ω qft (esfte)^ω holds "
                f"for the {self.idempotent_pairs} pairs of idempotents e, f that are mutual Pol({self.basis})-pairs "
                f"and every q, r, s, t a mutual pair with both (every BPol({self.basis})-set is such a triple)")

    def to_json(self, sep: str = "") -> dict:
        return {"kind": BPOL2_CHECK, "basis": self.basis, "orbits": self.orbits.to_json(sep),
                "idempotent pairs": self.idempotent_pairs}


@dataclass(frozen=True)
class BPol2Violation:
    """A "no": ``inner`` — UPol(BPol₂(C))'s orbit instance, or Knast's identity pair — and for the
    latter the ``pairs`` {e_i, s_i} used (words and proofs), the ``sets`` (name → factors) and
    the kernel's or the derivation's shared ``proofs`` (key, rows)."""

    basis: str
    inner: object
    pairs: tuple = ()
    sets: tuple = ()
    proofs: tuple = ()

    def summary(self, sep: str = "") -> str:
        if not self.sets:
            return self.inner.summary(sep)
        return (f"{self.inner.summary(sep)}; {{q, e, f}}, {{r, e, f}}, {{s, e, f}}, {{t, e, f}} are BPol({self.basis})-"
                f"sets: each in a product of letters and of {len(self.pairs)} pairs {{e_i, s_i}} with s_i in the "
                f"BPol({self.basis})-orbit of e_i — not in BPol₂({self.basis})")

    def text(self, sep: str = "", indent: str = "") -> str:
        return self.summary(sep)

    def to_json(self, sep: str = "") -> dict:
        if not self.sets:
            return {"kind": BPOL2_INSTANCE, "basis": self.basis, "orbit instance": self.inner.to_json(sep)}
        out = {"kind": BPOL2_INSTANCE, "basis": self.basis, "identity pair": self.inner.to_json(sep),
               "orbit pairs": [dict(p) for p in self.pairs], "sets": {n: list(f) for n, f in self.sets}}
        if self.proofs:
            out[self.proofs[0]] = list(self.proofs[1])
        return out


class BPol2Procedure(Procedure):
    """BPol₂(C) where the two bounds on the BPol(C)-sets meet (module docstring)."""

    def __init__(self, basis: str):
        self.basis = basis
        self.family = f"BPol({basis})-orbits and bounds on the BPol({basis})-sets"

    def handles(self, fragment) -> bool:              # keyed by its declaration
        return False

    def decide(self, cls, context, results) -> FragmentResult:
        d, limits, basis = context.dfa, context.limits, self.basis
        context.deciding()
        st, m, orbits = bpol_orbits(context, basis)
        T = orbits.table
        upol = PolGroupOrbitProcedure(basis, UBP2)     # UPol(BPol₂(C)) ⊇ BPol₂(C): its equation first
        budget = upol.orbit_budget(st, orbits, context)
        found = upol.first_violation(st, orbits, None)
        if found is not None:
            e, elements, v = found
            method = (f"UPol(BPol₂({basis}))'s equation fails on the BPol({basis})-orbit of an idempotent "
                      f"({len(elements)} of {st.size} elements)")
            if not context.certificates:
                return FragmentResult(cls, False, None, None, method)
            inner = upol.violation(st, m, orbits, e, v, d.alphabet, None, limits)
            return self._checked(cls, d, False, BPol2Violation(basis, inner), method)
        # Knast's e, f range over every idempotent of M (over C⁺ too: a BPol(C⁺)-set may hold 1); the
        # orbit pairs {e, s} over the orbits' idempotents (over C⁺ those of α(A⁺))
        idempotents = [int(e) for e in st.idempotents]
        # where the upper bound cannot answer — the Pol(C⁺)-pairs' saturation or its own comparisons
        # stopped at a budget —, the lower bound may still: a "no", else that budget's refusal
        refused = orbits.saturated.exceeded if orbits.saturated is not None else None
        over = None
        if refused is None:                           # the pairs are whole: the upper bound is sound
            try:
                over, work, count = knast_upper(T, st.omega, orbits.pairs, idempotents, budget)
            except LimitExceeded as exc:
                refused, over = exc, ()
            if over is None:
                method = (f"UPol(BPol₂({basis}))'s equation on the BPol({basis})-orbits and Knast's on every triple "
                          f"of mutual Pol({basis})-pairs hold ({count} pairs of idempotents, {work:,} comparisons)")
                if not context.certificates:
                    return FragmentResult(cls, True, None, None, method)
                cert = upol.certificate(st, m, orbits, d.alphabet)
                return self._checked(cls, d, True, BPol2Check(basis, cert, count), method)
        generators = [(int(a),) for a in m.letters] + [(e, s) for e, orbit in orbits.orbits.items() for s in orbit
                                                       if s != e]
        reached, cut = pointlike_products(T, int(m.one), generators, budget, limits.memory_budget)
        lower, stopped = knast_lower(T, st.omega, reached, idempotents, budget)
        cut = cut or stopped
        if lower is None:
            if refused is not None:
                raise refused
            why = (f"the search of the products of BPol({basis})-sets stopped at its bounds ({budget:,} products, "
                   f"{limits.memory_budget:,} bytes)"
                   if cut else f"none of the {len(reached)} products of BPol({basis})-sets reached shows it")
            return FragmentResult(
                cls, None, None, None,
                f"undecided: Knast's equation fails on a triple of mutual Pol({basis})-pairs {self._triple(st, over)} "
                f"not known to be a BPol({basis})-set ({why}; BPol({basis})-covering, which would settle it, is not "
                f"implemented)" + ("; raise the budget instantiations of Limits to search further" if cut else ""))
        method = (f"Knast's equation fails on BPol({basis})-sets: products of letters and of pairs {{e, s}} of the "
                  f"BPol({basis})-orbits ({len(reached)} products searched)")
        if not context.certificates:
            return FragmentResult(cls, False, None, None, method)
        return self._checked(cls, d, False, self._knast_witness(st, m, orbits, generators, reached, lower, limits),
                             method)

    @staticmethod
    def _triple(st, over) -> str:
        e, f, q = over[:3]
        a = st.dfa.alphabet
        return "{" + ", ".join((_w(a, st.words[x]) or "ε") for x in (q, e, f)) + "}"

    def _knast_witness(self, st, m, orbits, generators, reached, lower, limits) -> BPol2Violation:
        (e, f, q, r, s, t), holding = lower
        alphabet, T = st.dfa.alphabet, orbits.table
        paths = {name: _factors(reached, R) for name, R in holding.items()}
        used = sorted({i for p in paths.values() for i in p if len(generators[i]) == 2})
        index = {i: k for k, i in enumerate(used)}
        proofs, shared = orbit_evidence(orbits, st, m, [(generators[i][1], generators[i][0]) for i in used], alphabet,
                                        self.basis, limits)
        pairs = tuple({"e": _w(alphabet, orbits.words[generators[i][0]]),
                       "s": _w(alphabet, orbits.words[generators[i][1]]), "proof": proof}
                      for i, proof in zip(used, proofs))
        sets = tuple((name, tuple({"pair": index[i]} if len(generators[i]) == 2 else
                                  {"word": _w(alphabet, orbits.words[generators[i][0]])} for i in path))
                     for name, path in paths.items())
        words = {n: list(orbits.words[x]) for n, x in zip("efqrst", (e, f, q, r, s, t))}
        x1, x2 = int(T[T[T[T[e, q], f], r], e]), int(T[T[T[T[e, s], f], t], e])
        k1, k2 = omega_exponent(st, x1), omega_exponent(st, x2)
        X, Y = int(st.omega[x1]), int(st.omega[x2])
        left, right = int(T[X, Y]), int(T[T[T[T[X, q], f], t], Y])
        ew, fw, qw, rw, sw, tw = (words[n] for n in "efqrst")
        xw, yw = (ew + qw + fw + rw + ew) * k1, (ew + sw + fw + tw + ew) * k2
        prefix, suffix = separating_context(st.dfa, st.elements[left], st.elements[right])
        inner = violation_from_words(st.dfa, KNAST, words, {"(eqfre)^ω": k1, "(esfte)^ω": k2}, xw + yw,
                                     xw + qw + fw + tw + yw, prefix, suffix, True)
        return BPol2Violation(self.basis, inner, pairs, sets, shared)

    def _checked(self, cls, dfa, member: bool, value, method: str) -> FragmentResult:
        return checked_result(cls, member, value, method,
                              lambda answer: check_bpol2_answer(dfa, answer, self.basis))


def bpol2_class(name: str, basis: str, inclusions, summary: str) -> LanguageClass:
    """The declaration of BPol₂(``basis``): asked only when named, its answers re-checked by
    :func:`..checks.verify_bpol2.check_bpol2_answer`."""
    return LanguageClass(name, BPol2Procedure(basis), BPOL2_CHECK, BPOL2_INSTANCE, default=False,
                         inclusions=tuple(inclusions), bulk=None,
                         check=lambda dfa, answer, sep="": check_bpol2_answer(dfa, answer, basis, sep),
                         summary=summary, closure=PREVARIETY)
