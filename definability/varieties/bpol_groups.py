"""BPol(G) for the group bases G = MOD, AMT, GR: level one of the concatenation hierarchy
over G — the Boolean combinations of marked products L0·a1·L1 ⋯ an·Ln with Li ∈ G.
docs/decision-procedures.md §13.6, §14.8; the declarations are the small modules
``bpol_mod``, ``bpol_amt``, ``bpol_gr`` beside this one.

**Theorem** (Place–Zeitoun, "Characterizing level one in group-based concatenation
hierarchies"; MeSCaL's test).  For a group prevariety G, L ∈ BPol(G) iff its syntactic
morphism α : A* → M satisfies

    (qr)^ω s t (st)^ω = (qr)^ω q t (st)^ω   for every G-pair (q, s) and all r, t ∈ M,

(q, s) a G-pair when α⁻¹(q) and α⁻¹(s) are not G-separable (:mod:`..algebra.group_pairs`).
The same equation read on the G⁺-pairs is not BPol(G⁺) (census language 66 is in BPol(DD) ⊆
BPol(MOD⁺) and fails it; §14.8): BPol(G⁺) is :mod:`.bpol_plus`'s, with idempotents of α(A⁺).

Decided on every pair, vectorised over (r, t) with the syntactic monoid's Cayley table: r
over one per distinct (qr)^ω, t over one per distinct (st, qt, (st)^ω).

A "yes" is that check (:class:`PairsCheck`: the count of pairs and, for AMT, the modulus D at
which the pairs are exactly those with words of Parikh vectors ≡ mod D).  A "no" is the
violating instantiation as words — q's and s's words, r's and t's shortest words, the ω
exponents, a context the language separates — with the evidence that (q, s) is a pair
(:class:`PairViolation`: MOD, the words' lengths; AMT, two words with loops whose Parikh
vectors agree modulo every m; GR, two word families with blocks (v a)^{N−1} v equal in every
finite group).  Both re-checked by :mod:`..checks.verify_bpol` (``verify --class
'BPol(GR)'``) before they are returned.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..algebra.group_pairs import GroupPairs, group_pairs, idempotent_pair_evidence, pair_evidence
from ..checks.verify import require_valid
from ..checks.verify_bpol import BLOCK_GROUPS, BPOL, check_bpol
from ..checks.verify_group import family_json
from ..checks.verify_parikh import parikh_family_json
from ..contract.classes import PREVARIETY, LanguageClass
from .group_kernel_classes import monoid_table, syntactic_monoid
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, IdentityCheck, IdentityViolation, OrderedProcedure, \
    structure_of, violation_from_words
from .temporal_mod import separating_context

__all__ = ["BPOL", "PairsCheck", "PairViolation", "omega_exponent", "syntactic_table", "syntactic_pairs",
           "pairs_or_theorem", "FAST_BASES", "pair_violation", "decide_bpol",
           "block_group_instantiation", "TheoremCheck",
           "bpol_class"]


@dataclass(frozen=True)
class PairsCheck(IdentityCheck):
    """A "yes" of BPol(G): the :class:`IdentityCheck` on the ``pairs`` G-pairs; ``modulus``
    (AMT) the D the re-check searches at."""

    basis: str = ""
    pairs: int = 0
    modulus: int | None = None

    def to_json(self) -> dict:
        out = super().to_json()
        out["pairs"] = {"basis": self.basis, "count": self.pairs,
                        **({"modulus": self.modulus} if self.modulus is not None else {})}
        return out


@dataclass(frozen=True)
class TheoremCheck(IdentityCheck):
    """A "yes" of BPol(GR) or Pol(GR) when the GR-pairs are past their budget: ``identities``
    (the block groups, or Pin's insertion of idempotents) checked on the syntactic monoid, the
    ``theorem`` that makes them the class (:data:`..checks.verify_bpol.BLOCK_GROUPS`,
    :data:`..checks.verify_pol.PIN`), which the check re-checks on its own maps."""

    theorem: str = ""

    def to_json(self) -> dict:
        return {**super().to_json(), "theorem": self.theorem}


@dataclass(frozen=True)
class PairViolation(IdentityViolation):
    """A "no" of BPol(G): the :class:`IdentityViolation` and ``pair``, the JSON of the
    evidence that (q, s) is a G-pair (None for MOD: the lengths of q's and s's words); a
    G⁺-pair when ``plus`` (BPol(G⁺), :mod:`.bpol_plus`)."""

    pair: dict | None = None
    basis: str = ""
    plus: bool = False

    def text(self, sep: str = "", indent: str = "") -> str:
        how = ("the lengths of their words" if self.pair is None else
               "two word families, in the JSON answer, equal in every finite group" if self.basis == "GR" else
               "two words with loops, in the JSON answer, of Parikh vectors equal modulo every m")
        name = self.basis + ("⁺" if self.plus else "")
        return super().text(sep, indent) + f"\n{indent}(q, s) is {'an' if self.basis == 'AMT' else 'a'} {name}-pair: {how}"

    def to_json(self, sep: str = "") -> dict:
        out = super().to_json(sep)
        if self.pair is not None:
            out["pair"] = self.pair
        return out


def omega_exponent(st, x: int) -> int:
    """The least k ≥ 1 with x^k idempotent."""
    p, k = x, 1
    while int(st.multiply(p, p)) != p:
        p, k = int(st.multiply(p, x)), k + 1
    return k


def syntactic_table(dfa, limits: Limits, monoid=None):
    """(the syntactic monoid's :class:`.identities.Structure`, its table) of the minimal ``dfa``;
    ``monoid``, when given, is the classification's
    (:func:`.group_kernel_classes.syntactic_monoid`: structure, table, whether 1 is the image
    of a non-empty word), read instead of computing them again."""
    if monoid is not None:
        return monoid[0], monoid[1]
    st = structure_of(dfa, True, limits)
    m, _ = monoid_table(st, limits.memory_budget)
    return st, m


def syntactic_pairs(basis: str, dfa, limits: Limits):
    """(the syntactic monoid's :class:`.identities.Structure`, its table, its ``basis``-pairs)
    of the minimal ``dfa``."""
    st, m = syntactic_table(dfa, limits)
    return st, m, group_pairs(basis, m, dfa.alphabet, False, limits)


#: the bases whose classes get a "no" without their pairs (:func:`pairs_or_theorem`)
FAST_BASES = ("GR", "AMT")


def pairs_or_theorem(basis: str, dfa, limits: Limits, fast_no, theorem_yes, monoid=None):
    """The opening BPol(G)'s and Pol(G)'s deciders share, the syntactic monoid built once: for
    the :data:`FAST_BASES`, ``fast_no(st, m)`` — a "no" found without the pairs, or None —;
    then the ``basis``-pairs, or, when the GR-pairs pass their budget (the fast "no" having
    found nothing, so the theorem behind it says "yes"), ``theorem_yes(st, error)``.  Returns
    ((holds, proof), None) when that settles it, else (None, (st, m, pairs)); ``monoid`` as
    :func:`syntactic_table`'s."""
    st, m = syntactic_table(dfa, limits, monoid)
    if basis in FAST_BASES:
        fast = fast_no(st, m)
        if fast is not None:
            return (False, fast), None
    try:
        found = group_pairs(basis, m, dfa.alphabet, False, limits)
    except LimitExceeded as e:
        if basis != "GR":
            raise
        return (True, theorem_yes(st, e)), None
    return None, (st, m, found)


def block_group_instantiation(st, m) -> tuple | None:
    """(q, s, r, t) violating the equation of BPol(GR) on a GR-pair when the syntactic monoid is
    not a block group, else None.  Two distinct idempotents e, f in one ℛ-class (e·f = f,
    f·e = e): (e, 1, f, 1), whose sides are (ef)^ω = f and (ef)^ω·e = e; in one ℒ-class
    (e·f = e, f·e = f): (1, e, 1, f), sides e·f·(ef)^ω = e and f·(ef)^ω = f.  (1, e) and (e, 1)
    are GR-pairs: a word of e and its powers, and ε, have the same image, 1, in every finite
    group — so these are instantiations of the module's theorem, found without the pairs; a
    monoid that is not a block group has such e ≠ f (Margolis–Pin 1985; Ash 1991: then L ∉
    BPol(GR), and the module reaches the same verdict on its pairs)."""
    T = np.asarray(m.table)
    E = [int(e) for e in st.idempotents]
    one = int(m.one)
    for e in E:
        for f in E:
            if e == f:
                continue
            if T[e, f] == f and T[f, e] == e:
                return e, one, f, one
            if T[e, f] == e and T[f, e] == f:
                return one, e, one, f
    return None


def _decide_fast(basis: str, st, m, limits: Limits):
    """BPol(``basis``)'s "no" (GR or AMT) from :func:`block_group_instantiation` (no pairs
    computed: its pairs (e, 1), (1, e) are G-pairs for every group basis G, with
    :func:`..algebra.group_pairs.idempotent_pair_evidence`), or None when the syntactic monoid
    ``st`` (table ``m``) is a block group."""
    found = block_group_instantiation(st, m)
    if found is None:
        return None
    q, s, r, t = found
    T = np.asarray(m.table)
    e = int(st.omega[T[q, r]])
    f = int(st.omega[T[s, t]])
    left, right = int(T[T[e, T[s, t]], f]), int(T[T[e, T[q, t]], f])
    assert left != right, (q, s, r, t)                    # the lemma above
    pairs = GroupPairs(basis, False, np.zeros((0, 0), dtype=bool), None, "idempotents and 1 (block groups)")
    evidence = idempotent_pair_evidence(basis, m, st.dfa.alphabet, q, s, st.words, limits)
    return _violation(st, m, pairs, q, s, r, t, left, right, limits, evidence)


def _block_group_yes(st, error) -> TheoremCheck:
    """BPol(GR)'s "yes" by the theorem: ``st`` a block group, its GR-pairs refused (``error``)."""
    k = len(st.idempotents)
    return TheoremCheck("e·f·e = e and f·e·f = f imply e = f", "monoid", st.size, k,
                        (("e", "idempotents"), ("f", "idempotents")), k * k,
                        note=f"a block group, so in BPol(GR) (Margolis–Pin 1985; Ash 1991); the GR-pairs "
                             f"were not computed: {error}", theorem=BLOCK_GROUPS)


def decide_bpol(basis: str, dfa, limits: Limits | None = None, monoid=None):
    """(holds, PairsCheck or PairViolation) for BPol(``basis``); ``dfa`` minimal (module
    docstring).  For GR and AMT a monoid that is not a block group gets its violation at once
    (:func:`block_group_instantiation`; BPol(AMT) ⊆ BPol(GR)); otherwise the pairs are computed."""
    limits = Limits() if limits is None else limits
    answer, opened = pairs_or_theorem(basis, dfa, limits, lambda st, m: _decide_fast(basis, st, m, limits),
                                      _block_group_yes, monoid)
    if answer is not None:
        return answer
    st, m, found = opened
    name = basis
    pairs = found.matrix
    n = st.size
    count = found.count
    omega = st.omega
    QT = np.asarray(m.table)                                  # QT[q, t] = q·t
    first_r = []                                              # per q: the distinct (qr)^ω and an r for each
    for q in range(n):
        _, idx = np.unique(omega[QT[q]], return_index=True)
        first_r.append(np.sort(idx))
    evaluated = 0
    for q, s in zip(*np.nonzero(pairs & ~np.eye(n, dtype=bool))):     # the diagonal holds trivially
        rs = first_r[q]
        E = omega[QT[q, rs]]
        key = np.stack([QT[s], QT[q], omega[QT[s]]], axis=1)     # (s·t, q·t, (st)^ω) per t
        _, ts = np.unique(key, axis=0, return_index=True)
        ts = np.sort(ts)
        evaluated += len(rs) * len(ts)
        if evaluated > limits.instantiations:
            raise LimitExceeded(f"instantiations of {BPOL} ({count:,} {name}-pairs, {n} elements)",
                                limits.instantiations, "raise the budget instantiations of Limits",
                                ("instantiations",))
        F = omega[QT[s, ts]]
        left = QT[QT[E[:, None], QT[s, ts][None, :]], F[None, :]]
        right = QT[QT[E[:, None], QT[q, ts][None, :]], F[None, :]]
        bad = np.argwhere(left != right)
        if len(bad):
            i, j = (int(x) for x in bad[0])
            return False, _violation(st, m, found, int(q), int(s), int(rs[i]), int(ts[j]),
                                     int(left[i, j]), int(right[i, j]), limits)
    return True, PairsCheck(BPOL, "monoid", n, len(st.idempotents),
                            (("q", "elements"), ("r", "elements"), ("s", "elements"), ("t", "elements")),
                            count * n * n,
                            note=f"(q, s) over the {count:,} {name}-pairs ({found.note}), r and t over the monoid; "
                                 f"as {evaluated:,} checks, r over one per distinct (qr)^ω and t over one per "
                                 "distinct (st, qt, (st)^ω)",
                            basis=basis, pairs=count, modulus=found.modulus)


def _violation(st, m, found, q: int, s: int, r: int, t: int, left: int, right: int, limits: Limits,
               evidence=None):
    """The :class:`PairViolation` of the instantiation (q, r, s, t) whose sides are ``left`` ≠
    ``right``; ``evidence``: (q's word, s's word, proof) when given, else from ``found``."""
    dfa = st.dfa
    qw, sw, proof = evidence or pair_evidence(found, m, dfa.alphabet, q, s, st.words, limits)
    qw, sw = list(qw), list(sw)
    rw, tw = list(st.words[r]), list(st.words[t])
    k1 = omega_exponent(st, int(m.table[q, r]))
    k2 = omega_exponent(st, int(m.table[s, t]))
    e, f = (qw + rw) * k1, (sw + tw) * k2
    prefix, suffix = separating_context(dfa, st.elements[left], st.elements[right])
    v = violation_from_words(dfa, BPOL, {"q": qw, "r": rw, "s": sw, "t": tw}, {"(qr)^ω": k1, "(st)^ω": k2},
                             e + sw + tw + f, e + qw + tw + f, prefix, suffix, True)
    return pair_violation(v, found, proof, dfa.alphabet)


def pair_violation(v: IdentityViolation, found, proof, alphabet) -> PairViolation:
    """The :class:`PairViolation` of the checked violation ``v`` and the evidence ``proof``
    (:func:`..algebra.group_pairs.pair_evidence`) that its (q, s) is one of ``found``'s pairs."""
    pair = None
    if found.basis == "AMT":
        pair = parikh_family_json(alphabet, *proof)
    elif found.basis == "GR":
        pair = family_json(alphabet, *proof)
    return PairViolation(**{fl.name: getattr(v, fl.name) for fl in fields(IdentityViolation)}, pair=pair,
                         basis=found.basis, plus=found.plus)


class _Checked(OrderedProcedure):
    """The procedure of one class: every answer through its check before it is returned."""

    def __init__(self, name: str, basis: str):
        super().__init__(f"{basis}-pairs", lambda dfa, limits, monoid: self._decide(dfa, limits, monoid),
                         f"Place–Zeitoun ((qr)^ω st (st)^ω = (qr)^ω qt (st)^ω for the {basis}-pairs (q, s))",
                         shared=syntactic_monoid)
        self.name, self.basis = name, basis

    def _decide(self, dfa, limits, monoid):
        holds, proof = decide_bpol(self.basis, dfa, limits, monoid)
        answer = ({"member": True, "certificate": proof.to_json()} if holds else
                  {"member": False, "witness": proof.to_json("")})
        require_valid(f"{self.name}: the answer", check_bpol(dfa, answer, "", self.basis))
        return holds, proof


def bpol_class(name: str, basis: str, inclusions, summary: str) -> LanguageClass:
    """The declaration of BPol(``basis``), MeSCaL's name ``name``."""
    return LanguageClass(name, _Checked(name, basis), IDENTITY_CHECK, IDENTITY_PAIR,
                         inclusions=tuple(inclusions), default=False,
                         check=lambda dfa, answer, sep="": check_bpol(dfa, answer, sep, basis),
                         bulk=name if basis in ("MOD", "GR") else None, summary=summary, closure=PREVARIETY)
