"""Level two of the Straubing–Thérien hierarchy, BPol₂(ST) = BΣ2[<] (the Boolean combinations
of Σ2[<] sentences: of unions of A0*·a1·A1* ⋯ an·An*), and its unambiguous closure
UPol(BPol₂(ST)), decided on the AT-orbits and the AT-sets of the syntactic monoid
(docs/decision-procedures.md §14.13); the declarations are ``bpol2_st`` and ``upol_bpol2_st``
beside this one.

**Theorem** (Place–Zeitoun: the generic characterisations of UPol(BPol(C)) and of BPol(C) by
C-orbits and Knast-like equations — "Dot-depth three, return of the J-class", LICS 2024; the
equations as MeSCaL states and tests them, on its PT-orbits, which are the AT-orbits, §14.11).
For the syntactic morphism α : A* → M of L:

* L ∈ UPol(BPol₂(ST)) iff (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every idempotent e,
  every s in the AT-orbit e·α(B_e*)·e of e and every t ∈ M;
* L ∈ BPol₂(ST) iff moreover (eqfre)^ω (esfte)^ω = (eqfre)^ω qft (esfte)^ω for all
  idempotents e, f and all q, r, s, t whose sets {x, e, f} are AT-sets (words of one
  alphabet): with B_ef the largest alphabet of a word of e that is the alphabet of a word of f,
  all q, r, s, t ∈ α(B_ef*) (proof of the reduction in :mod:`..checks.verify_level_two`).

The first equation read on the ST-orbits e·M·e instead is DA = UPol(BPol(ST)) (measured equal
to FO2[<] in tests/definability/test_level_two.py): the same generic theorem one level down.

**Computation.**  The pairs (element, alphabet) of the words (:func:`.alphabet_orbits.content_pairs`,
``Limits.semigroup_elements``) give the AT-orbits and, for idempotents e, f, B_ef and α(B_ef*).
The first equation is one array per orbit (s × t).  The second: per (e, f), q and s through
their distinct e·q·f, r and t through their distinct f·r·e, the distinct (X, X·eqf),
X = (eqfre)^ω, against the distinct (Y, fte·Y), Y = (esfte)^ω — the sides read nothing else
(X·Y against (X·eqf)·(fte·Y)) —, compared as one |·|×|·| array (:func:`knast_violation`); the
work counted against ``Limits.instantiations``.

A "yes" is an ``identity check`` (the system, the counts of orbits and of idempotent pairs with
an AT-set); a "no" the violating instantiation as words (an ``identity pair`` of the equation
that fails): e (and f) as words of alphabet B_e (B_ef), s over B_e (the orbit), q, r, s, t over
B_ef, t free for the first, the ω exponents and a context the language separates.  Both
re-checked by :func:`..checks.verify_level_two.check_level_two` before they are returned (with
certificates; without them the verdict alone).
"""

from __future__ import annotations

import numpy as np

from ...kernel.errors import LimitExceeded
from ..checks.verify_level_two import KNAST_AT, UBP2, check_level_two
from ..contract.classes import PREVARIETY, LanguageClass
from ..contract.procedure import Procedure
from ..values.results import FragmentResult
from .alphabet_orbits import at_orbits, content_pairs
from .bpol_groups import omega_exponent
from .group_kernel_classes import checked_result, syntactic_monoid
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, IdentityCheck, violation_from_words
from .temporal_mod import separating_context

__all__ = ["ubp2_violation", "knast_violation", "knast_at_violation", "LevelTwoProcedure", "level_two_class"]


def ubp2_violation(T: np.ndarray, omega: np.ndarray, orbits) -> tuple | None:
    """(e, s, t) with (esete)^{ω+1} ≠ (esete)^ω·ete·(esete)^ω, s in ``orbits`` (pairs (e, the
    orbit's elements)), or None; on the table ``T``."""
    n = T.shape[0]
    M = np.arange(n)
    for e, elements in orbits:
        S = np.asarray(sorted(elements), dtype=np.int64)
        P = T[T[S[:, None], M[None, :]], e]                     # s·t·e = e·s·e·t·e
        Z = omega[P]
        ete = T[T[e, M], e]
        bad = np.argwhere(T[Z, P] != T[T[Z, ete[None, :]], Z])
        if len(bad):
            i, t = (int(x) for x in bad[0])
            return int(e), int(S[i]), t
    return None


def knast_violation(T: np.ndarray, omega: np.ndarray, e: int, f: int, sub: np.ndarray, budget: int | None = None
                    ) -> tuple[tuple | None, int]:
    """((q, r, s, t) from ``sub`` with (eqfre)^ω (esfte)^ω ≠ (eqfre)^ω·qft·(esfte)^ω, or None;
    the comparisons counted) for the idempotents e, f.  The sides read q, s only through e·q·f,
    e·s·f and r, t only through f·r·e, f·t·e (X = (eqfre)^ω = ((eqf)(fre))^ω, X·qf = X·(eqf) as
    X·e = X, ft·Y = (fte)·Y as e·Y = Y): with U the distinct e·x·f and V the distinct f·x·e of
    ``sub``, X ranges over (u·v)^ω, u ∈ U, v ∈ V, and the distinct pairs (X, X·u) are compared
    with the distinct (Y, v'·Y) — X·Y against (X·u)·(v'·Y) — as one array.  Past ``budget``
    comparisons (2|U||V| for the pairs, counted before they are built, then their product)
    nothing is compared: (None, the count), for the caller to refuse."""
    U, ui = np.unique(T[T[e, sub], f], return_index=True)
    V, vi = np.unique(T[T[f, sub], e], return_index=True)
    if budget is not None and 2 * len(U) * len(V) > budget:
        return None, 2 * len(U) * len(V)
    X = omega[T[U[:, None], V[None, :]]]                                 # [u, v]: (uv)^ω, as X and as Y
    left, li = np.unique(np.stack([X.ravel(), T[X, U[:, None]].ravel()], 1), axis=0, return_index=True)
    right, ri = np.unique(np.stack([X.ravel(), T[V[None, :], X].ravel()], 1), axis=0, return_index=True)
    work = 2 * len(U) * len(V) + len(left) * len(right)
    if budget is not None and work > budget:
        return None, work
    bad = np.argwhere(T[left[:, 0][:, None], right[:, 0][None, :]] != T[left[:, 1][:, None], right[:, 1][None, :]])
    if not len(bad):
        return None, work
    i, j = (int(x) for x in bad[0])
    q, r = divmod(int(li[i]), len(V))
    s_, t = divmod(int(ri[j]), len(V))
    return tuple(int(sub[k]) for k in (ui[q], vi[r], ui[s_], vi[t])), work


def knast_at_violation(T: np.ndarray, omega: np.ndarray, word: dict, idempotents, budget: int
                       ) -> tuple[tuple | None, int, int]:
    """((e, f, B, q, r, s, t) violating Knast's equation on AT-sets, or None; the comparisons
    made; the instantiations they cover) from the pairs (element, alphabet mask) ``word`` and
    the ``idempotents``; LimitExceeded past ``budget`` comparisons."""
    masks: dict = {}
    for x, c in word:
        masks.setdefault(x, set()).add(c)
    work = covered = 0
    for e in idempotents:
        for f in idempotents:
            common = masks[e] & masks[f]
            if not common:
                continue
            b = 0
            for c in common:
                b |= c
            sub = np.asarray(sorted({x for x, c in word if c & ~b == 0}), dtype=np.int64)
            hit, done = knast_violation(T, omega, e, f, sub, budget - work)
            work += done
            covered += len(sub) ** 4
            if work > budget:
                raise LimitExceeded(f"instantiations of {KNAST_AT} ({len(sub)} elements over an alphabet of e and "
                                    f"f)", budget, "raise the budget instantiations of Limits", ("instantiations",))
            if hit is not None:
                return (int(e), int(f), b) + hit, work, covered
    return None, work, covered


def _word_over(word: dict, x: int, b: int) -> tuple:
    """A shortest word of ``x`` over the letters of the mask ``b``."""
    return min((w for (y, c), w in word.items() if y == x and c & ~b == 0), key=lambda w: (len(w), w))


class LevelTwoProcedure(Procedure):
    """Decides BPol₂(ST) (``knast``) or UPol(BPol₂(ST)) (module docstring)."""

    def __init__(self, knast: bool):
        self.knast = knast
        self.family = "AT-orbits and AT-sets" if knast else "AT-orbits, UPol(BPol) equation"

    def handles(self, fragment) -> bool:              # keyed by its declaration
        return False

    def decide(self, cls, context, results) -> FragmentResult:
        context.deciding()
        dfa, limits = context.dfa, context.limits
        try:
            st, m, _ = context.verdict(syntactic_monoid)
            T = np.asarray(m.table)
            word = content_pairs(st, T, m.letters, limits.semigroup_elements)
            orbits = at_orbits(st, T, m.letters, limits.semigroup_elements, word)
            hit = ubp2_violation(T, st.omega, [(o.e, o.elements) for o in orbits])
            knast, work, covered = None, 0, 0
            idempotents = [int(e) for e in st.idempotents]
            if hit is None and self.knast:
                knast, work, covered = knast_at_violation(T, st.omega, word, idempotents, limits.instantiations)
        except LimitExceeded as exc:
            return FragmentResult(cls, None, None, None, f"undecided: {exc}")
        member = hit is None and knast is None
        which = "the UPol(BPol) equation on the AT-orbits" + (" and Knast's on the AT-sets" if self.knast else "")
        method = (f"Place–Zeitoun ({which}): {'it holds' if member else 'it fails'} ({len(orbits)} AT-orbit"
                  f"{'' if len(orbits) == 1 else 's'}"
                  + (f", {work:,} comparisons on AT-sets" if self.knast else "") + ")")
        if not context.certificates:
            return FragmentResult(cls, member, None, None, method)
        if member:
            system = f"[{UBP2[1:-1]}; {KNAST_AT[1:-1]}]" if self.knast else UBP2
            ranges = ((("e", "idempotents"), ("s", "AT-orbit of e"), ("t", "elements")) if not self.knast else
                      (("e", "idempotents"), ("f", "idempotents"),
                       ("s", "AT-orbit of e in the first relation, elements of α(B_ef*) in the second"),
                       ("t", "elements in the first, those of α(B_ef*) in the second"),
                       ("q", "elements of α(B_ef*)"), ("r", "elements of α(B_ef*)")))
            value = IdentityCheck(system, "monoid", st.size, len(idempotents), ranges,
                                  sum(len(o.elements) for o in orbits) * st.size + covered,
                                  note=f"{len(orbits)} AT-orbits e·α(B_e*)·e, s over each, t over the monoid"
                                       + ("; Knast's equation for every pair of idempotents e, f with words of one "
                                          "alphabet, q, r, s, t over the largest such alphabet, as "
                                          f"{work:,} comparisons (q, s through e·q·f, r, t through f·r·e; the pairs "
                                          "(X, X·eqf) against (Y, fte·Y))" if self.knast else ""))
        elif hit is not None:
            value = self._ubp2_witness(st, T, orbits, *hit)
        else:
            value = self._knast_witness(st, T, word, *knast)
        return checked_result(cls, member, value, method,
                              lambda answer: check_level_two(dfa, answer, self.knast))

    @staticmethod
    def _ubp2_witness(st, T, orbits, e: int, s: int, t: int):
        orbit = next(o for o in orbits if o.e == e)
        ew, sw, tw = list(orbit.word), list(orbit.elements[s]), list(st.words[t])
        x = int(T[T[s, t], e])
        k = omega_exponent(st, x)
        z, ete = int(st.omega[x]), int(T[T[e, t], e])
        left, right = int(T[z, x]), int(T[T[z, ete], z])
        xw = ew + sw + ew + tw + ew
        prefix, suffix = separating_context(st.dfa, st.elements[left], st.elements[right])
        return violation_from_words(st.dfa, UBP2, {"e": ew, "s": sw, "t": tw}, {"(esete)^ω": k},
                                    xw * k + xw, xw * k + ew + tw + ew + xw * k, prefix, suffix, True)

    @staticmethod
    def _knast_witness(st, T, word, e: int, f: int, b: int, q: int, r: int, s: int, t: int):
        ew, fw = list(word[(e, b)]), list(word[(f, b)])
        qw, rw, sw, tw = (list(_word_over(word, x, b)) for x in (q, r, s, t))
        x1, x2 = int(T[T[T[T[e, q], f], r], e]), int(T[T[T[T[e, s], f], t], e])
        k1, k2 = omega_exponent(st, x1), omega_exponent(st, x2)
        X, Y = int(st.omega[x1]), int(st.omega[x2])
        left, right = int(T[X, Y]), int(T[T[T[T[X, q], f], t], Y])
        xw, yw = (ew + qw + fw + rw + ew) * k1, (ew + sw + fw + tw + ew) * k2
        prefix, suffix = separating_context(st.dfa, st.elements[left], st.elements[right])
        return violation_from_words(st.dfa, KNAST_AT, {"e": ew, "q": qw, "f": fw, "r": rw, "s": sw, "t": tw},
                                    {"(eqfre)^ω": k1, "(esfte)^ω": k2}, xw + yw, xw + qw + fw + tw + yw,
                                    prefix, suffix, True)


def level_two_class(name: str, knast: bool, inclusions, summary: str) -> LanguageClass:
    """The declaration of BPol₂(ST) (``knast``) or UPol(BPol₂(ST)), asked only when named, its
    answers re-checked by :func:`..checks.verify_level_two.check_level_two`."""
    return LanguageClass(name, LevelTwoProcedure(knast), IDENTITY_CHECK, IDENTITY_PAIR, default=False,
                         inclusions=tuple(inclusions),
                         check=lambda dfa, answer, sep="": check_level_two(dfa, answer, knast, sep),
                         summary=summary, closure=PREVARIETY)
