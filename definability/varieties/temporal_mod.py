"""TL(MOD): the unary temporal logic with the modalities F_L and P_L over L ∈ MOD ("somewhere
in the future / the past, with the infix in between of length ≡ r mod m"), the two-way
closure of PL(MOD) = LTL[P,MOD] and FL(MOD).  Decided by the MOD-kernel in DA (Place and
Zeitoun, "A generic characterization of generalized unary temporal logic and two-variable
first-order logic", CSL 2024 — TL(G) for a group prevariety G: L ∈ TL(G) iff the G-kernel of
its syntactic morphism is in DA; MOD is one; the same paper's TL(G⁺): the G⁺-orbits in DA,
:mod:`.temporal_mod_plus`).  docs/decision-procedures.md §13.5.

**The MOD-kernel.**  For the syntactic morphism α : A* → M, the MOD-kernel is the set of
s ∈ M such that {ε} and α⁻¹(s) are not MOD-separable, i.e. for every m ≥ 1 some word of
α⁻¹(s) has length ≡ 0 mod m.  It is computed (:func:`..algebra.group_kernels.length_kernel`,
the one computation of it) from the sequence R_n = α(A^n) of sets of elements (R_0 = {1},
R_{n+1} = R_n·α(A)), ultimately periodic: R_{n+p} = R_n for n ≥ t, with t and p found at the
first repetition.  Then

    K = {1} ∪ R_N,  N = p·max(1, ⌈t/p⌉)  (the least positive multiple of p that is ≥ t).

Proof: the length set X_s = {n : s ∈ R_n} satisfies n ∈ X_s ⇔ n + p ∈ X_s for n ≥ t.  If
s ∈ R_N then N + jp ∈ X_s for all j ≥ 0, and for any m, N + jp ≡ 0 mod m is solvable in j since
gcd(p, m) divides N; so s is in the kernel.  Conversely, let s be in the kernel with 0 ∉ X_s
(s = 1 by ε is in K anyway): with m = p·(t + 1), some n ∈ X_s is a positive multiple of m, so
n ≥ t and p | n, and s ∈ R_n = R_N.  K is a submonoid (lengths ≥ t and ≡ 0 mod p add up).

**The test.**  K ∈ DA: (xy)^ω·y·(xy)^ω = (xy)^ω for all x, y ∈ K (:data:`DA_KERNEL`), |K|²
instantiations, on the transformations of the minimal DFA (the syntactic monoid).

A "yes" is that check (:class:`~.identities.IdentityCheck` on the structure "MOD-kernel").
A "no" is the violating instantiation as words — x and y words of α⁻¹(x), α⁻¹(y) of length
N (or ε for 1), the ω exponent, a context the language separates — an
:class:`~.identities.IdentityViolation`; ``verify --class 'TL(MOD)'`` re-derives t and p
from the DFA and checks that each variable's word is ε or of a length ≥ t divisible by p
(so its element is in the kernel), then the identity pair on the DFA's runs
(:mod:`..checks.verify_mod_kernel`); a "yes" is re-decided there from scratch.
"""

from __future__ import annotations

import numpy as np

from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..algebra.group_kernels import ModKernel, length_kernel
from ..algebra.identity_terms import parse_identities
from ..algebra.syntactic_order import residual_difference
from ...automata.graphs import shortest_words_from
from ..checks.verify_mod_kernel import DA_KERNEL, LDA_KERNEL, check_tl_mod
from ..contract.classes import LanguageClass
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, IdentityCheck, OrderedProcedure, violation_from_words

__all__ = ["DA_KERNEL", "ModKernel", "decide_tl_mod", "decide_tl_mod_plus", "dfa_mod_kernel", "separating_context", "temporal_class",
           "CLASS"]


def _then(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise composition, first a then b (rows are maps q ↦ q·w; a single row broadcasts)."""
    a, b = np.broadcast_arrays(a, b)
    return np.take_along_axis(b, a, axis=-1)


def _mod_kernel(dfa, limits: Limits) -> ModKernel:
    """The MOD-kernel (module docstring) of the minimal DFA's transformations:
    :func:`..algebra.group_kernels.length_kernel` within ``limits.instantiations`` elements of
    the sequence and ``limits.memory_budget`` bytes (the G-kernel classes'
    :func:`..algebra.group_kernels.mod_kernel` reads the same sequence on the monoid's elements)."""
    return length_kernel(np.asarray(dfa.transitions, dtype=np.int64), limits.instantiations,
                         limits.memory_budget)


def dfa_mod_kernel(context) -> ModKernel:
    """The MOD-kernel of the classification's minimal DFA (:func:`_mod_kernel`): ask it as
    ``context.verdict(dfa_mod_kernel)``, once per classification for TL(MOD), TL(MOD⁺) and
    UPol(MOD⁺) (a bound it passes raised again to each without recomputing)."""
    return _mod_kernel(context.dfa, context.limits)


def _omega(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(s^k, k) row-wise for the least k ≥ 1 with s^k idempotent."""
    p = rows.copy()
    k = np.ones(len(rows), dtype=np.int64)
    todo = ~(_then(p, p) == p).all(axis=1)
    while todo.any():
        p[todo] = _then(p[todo], rows[todo])
        k[todo] += 1
        todo = ~(_then(p, p) == p).all(axis=1)
    return p, k


def separating_context(dfa, left: np.ndarray, right: np.ndarray):
    """(prefix, suffix) letter lists with prefix·left·suffix and prefix·right·suffix on
    different sides of L (the two maps differ: the DFA is minimal)."""
    reach = shortest_words_from(np.asarray(dfa.transitions), dfa.initial)
    for q in range(dfa.n_states):
        if reach[q] is None or left[q] == right[q]:
            continue
        r = residual_difference(dfa, int(left[q]), int(right[q]))
        if r is None:
            r = residual_difference(dfa, int(right[q]), int(left[q]))
        return list(reach[q]), list(r)
    raise AssertionError("the sides differ, yet no reachable state tells them apart")  # pragma: no cover


def _da_violation(xs: np.ndarray, ys: np.ndarray, budget: list):
    """The first (i, j, (x_i y_j)^ω, its exponent) with (x_i y_j)^ω·y_j·(x_i y_j)^ω ≠
    (x_i y_j)^ω, x over the rows ``xs`` and y over ``ys``; None when DA's identity holds."""
    for i in range(len(xs)):
        budget[0] -= len(ys)
        if budget[0] < 0:
            raise LimitExceeded("instantiations of the identity on the MOD-kernel", budget[1],
                                "raise the budget instantiations of Limits", ("instantiations",))
        xy = _then(xs[i], ys)
        e, k = _omega(xy)
        bad = ~(_then(_then(e, ys), e) == e).all(axis=1)
        if bad.any():
            j = int(np.flatnonzero(bad)[0])
            return i, j, e[j], int(k[j])
    return None


def decide_tl_mod(dfa, limits: Limits | None = None, kernel: ModKernel | None = None):
    """(holds, IdentityCheck or IdentityViolation) for TL(MOD): the MOD-kernel in DA
    (``dfa`` minimal; module docstring; ``kernel``: its MOD-kernel when known)."""
    limits = Limits() if limits is None else limits
    K = _mod_kernel(dfa, limits) if kernel is None else kernel
    budget = [limits.instantiations, limits.instantiations]
    found = _da_violation(K.maps, K.maps, budget)
    m = len(K.maps)
    if found is None:
        idem = int((_then(K.maps, K.maps) == K.maps).all(axis=1).sum())
        return True, IdentityCheck(DA_KERNEL, "MOD-kernel", m, idem, (("x", "elements"), ("y", "elements")), m * m,
                                   note=f"the MOD-kernel {{1}} ∪ α(A^{K.length}) of the syntactic monoid "
                                        f"(α(A^n) of tail {K.tail}, period {K.period})")
    i, j, e, k = found
    x, y = list(K.words[i]), list(K.words[j])
    xyk = (x + y) * k
    left = xyk + y + xyk
    left_map = _then(_then(e, K.maps[j]), e)
    prefix, suffix = separating_context(dfa, left_map, e)
    return False, violation_from_words(dfa, DA_KERNEL, {"x": x, "y": y}, {"(xy)^ω": k}, left, xyk,
                                       prefix, suffix, True)


def _idempotents(dfa, limit: int):
    """The distinct idempotents of α(A⁺), each as (row, a non-empty word s, k) with
    α(s)^k the idempotent; LimitExceeded naming ``semigroup_elements`` past ``limit``."""
    t = np.asarray(dfa.transitions, dtype=np.int64)
    n, k = t.shape
    rows, words, seen = [], [], set()
    for a in range(k):
        r = t[:, a].copy()
        if r.tobytes() not in seen:
            seen.add(r.tobytes())
            rows.append(r)
            words.append((a,))
    i = 0
    while i < len(rows):
        for a in range(k):
            r = t[rows[i], a]
            if r.tobytes() not in seen:
                seen.add(r.tobytes())
                rows.append(r)
                words.append(words[i] + (a,))
                if len(rows) > limit:
                    raise LimitExceeded("elements of the syntactic semigroup", limit,
                                        "raise the budget semigroup_elements of Limits", ("semigroup_elements",))
        i += 1
    S = np.asarray(rows, dtype=np.int64).reshape(len(rows), n)
    E, ks = _omega(S)
    out = {}
    for idx in range(len(S)):
        out.setdefault(E[idx].tobytes(), (E[idx], words[idx], int(ks[idx])))
    return list(out.values())


def decide_tl_mod_plus(dfa, limits: Limits | None = None, kernel: ModKernel | None = None):
    """(holds, IdentityCheck or IdentityViolation) for TL(MOD⁺): every MOD⁺-orbit e·K·e (e an
    idempotent of α(A⁺), K the MOD-kernel) in DA, as the identity :data:`LDA_KERNEL` with
    e over α(A⁺) and u, v over K (:mod:`.temporal_mod_plus`; ``dfa`` minimal; ``kernel``: its
    MOD-kernel when known)."""
    limits = Limits() if limits is None else limits
    K = _mod_kernel(dfa, limits) if kernel is None else kernel
    budget = [limits.instantiations, limits.instantiations]
    covered, total = 0, 0
    idempotents = _idempotents(dfa, limits.semigroup_elements)
    for e, ew, ek in idempotents:
        orbit = _then(_then(e, K.maps), e)       # e·k·e for k ∈ K
        _, first = np.unique(orbit, axis=0, return_index=True)
        first = np.sort(first)
        O = orbit[first]
        covered += len(K.maps) ** 2
        total += len(O) ** 2
        found = _da_violation(O, O, budget)
        if found is None:
            continue
        i, j, f, k = found
        u, v = list(K.words[int(first[i])]), list(K.words[int(first[j])])
        en = list(ew) * ek
        x, y = en + u + en, en + v + en
        xyk = (x + y) * k
        left = xyk + y + xyk
        prefix, suffix = separating_context(dfa, _then(_then(f, O[j]), f), f)
        return False, violation_from_words(dfa, LDA_KERNEL, {"e": list(ew), "u": u, "v": v},
                                           {"e^ω": ek, "(e^ωue^ωe^ωve^ω)^ω": k}, left, xyk, prefix, suffix, True)
    return True, IdentityCheck(LDA_KERNEL, "MOD⁺-orbits", len(K.maps), len(idempotents),
                               (("e", "idempotents"), ("u", "elements"), ("v", "elements")), covered,
                               note=f"e over the idempotents of α(A⁺), u, v over the MOD-kernel {{1}} ∪ "
                                    f"α(A^{K.length}) ({len(K.maps)} elements; α(A^n) of tail {K.tail}, period "
                                    f"{K.period}); as {total:,} checks of DA's identity on the distinct elements "
                                    "of each orbit e·K·e")


def temporal_class(name: str, plus: bool, inclusions, summary: str, check) -> LanguageClass:
    """The declaration of TL(MOD) (``plus=False``) or TL(MOD⁺) (a column of the census kernel,
    :mod:`..census.batch_classes`, of the same name)."""
    decider = decide_tl_mod_plus if plus else decide_tl_mod
    theorem = ("Place–Zeitoun (TL(G⁺): every MOD⁺-orbit e·K·e in DA)" if plus
               else "Place–Zeitoun (TL(G): the MOD-kernel in DA)")
    return LanguageClass(name, OrderedProcedure("MOD⁺-orbits in DA" if plus else "MOD-kernel in DA", decider, theorem,
                                                shared=dfa_mod_kernel),
                         IDENTITY_CHECK, IDENTITY_PAIR, inclusions=tuple(inclusions), default=False,
                         check=check, summary=summary, bulk=name)


parse_identities(DA_KERNEL), parse_identities(LDA_KERNEL)    # both parse (a typo fails at import)

#: TL(MOD), MeSCaL's name
CLASS = temporal_class(
    "TL(MOD)", False,
    (("LTL[P,MOD]", "PL(MOD) ⊆ TL(MOD): P with the MOD modalities is a part of TL(MOD)"),
     ("FL(MOD)", "FL(MOD) ⊆ TL(MOD): F with the MOD modalities is a part of TL(MOD)"),
     ("FO2[<]", "TL(ST) ⊆ TL(MOD): ST ⊆ MOD (FO²[<] = TL = UL)"),
     ("MOD", "C ⊆ TL(C): at the left end, F_L(the right end) holds iff the word is in L (Place–Zeitoun's end positions)")),
    "unary temporal logic with F, P and the MOD modalities (the infix's length mod m): the MOD-kernel "
    "in DA (Place–Zeitoun)", check_tl_mod)
