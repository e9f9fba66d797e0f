"""LTL[S,MOD] = FO[<,MOD] = the quasi-aperiodic languages: masked hard attention with a
periodic positional encoding (docs/decision-procedures.md, "Periodic positional encodings").

Theorem (Barrington, Compton, Straubing and Thérien 1992; Straubing, *Finite automata,
formal logic and circuit complexity*, 1994, ch. IX): L ∈ FO[<,MOD] iff, for the stability
index s of the syntactic morphism η: A⁺ → S (the least s ≥ 1 with η(A^s) = η(A^{2s})), the
stable semigroup η(A^s) is aperiodic (x^{ω+1} = x^ω for each of its elements).  Past LTL
with MOD[m,r] atoms (read at N+1: docs/logic.md) defines the same languages: both equal
{L : τ_m(L) is star-free over A × Z_m for some m} through the tagging of
:mod:`..certify.tagged` (Kamp's theorem on the tagged alphabet).

Deciding (:func:`stable_semigroup`, :func:`decide_quasi_aperiodic`): the sets X_k = η(A^k)
are computed on the right Cayley graph (X_{k+1} = X_k · A) until X_s = X_{2s}; then every
element x of X_s is tested.

"Yes": a formula with MOD atoms, checked exactly against the DFA (formula → DFA →
equivalence).  For s | m, the tagged DFA of τ_m(L) (:func:`..certify.tagged.tagged_dfa`) is
aperiodic: an element of its transition semigroup other than the sink is a tagged word u
read from one counter value c, acting as (q, c) ↦ (q·u, c + |u|); its powers stay off the
sink only when |u| ≡ 0 (mod m), and then they act on the block of c as η(u)^k.  So the
semigroup is aperiodic iff every η(u) with |u| a positive multiple of m is, and those are
the elements of ⋃_k η(A^{km}) = η(A^s) (η(A^{js}) = η(A^s) for every j ≥ 1, by induction
from η(A^{2s}) = η(A^s)).  The LTL[S] procedure builds a formula ψ of τ_m(L); its untagging
(atom (a, r) → ``a & MOD[m,r]``) defines L.  The divisors m of s are tried in increasing
order (m = 1 when L is star-free), so the modulus printed is the least divisor of s that
works.

"No": a family of witness pairs for every modulus m and quantifier depth n
(:class:`PeriodicFamily`): x ∈ η(A^s) with x^{ω+1} ≠ x^ω, u and w words of length s with
η(u) = x and η(w) = e = x^E (E ≥ 1 the least exponent with x^E idempotent), g = x^{E+1}
(g·e = g, g^d = e for the order d ≥ 1 of g), and a context (p, q) with exactly one of
p·e·q, p·g·q in L.  For m and n let v_m = u^{E+1} w^j with j = −(E+1) mod m (so |v_m| =
s·(E+1+j) ≡ 0 mod m and η(v_m) = g) and K = d·2^n: then η(v_m^K) = e and η(v_m^{K+1}) = g,
so p v_m^K q and p v_m^{K+1} q differ on L; and no FO[<,MOD] sentence of quantifier depth n
whose moduli divide m tells them apart: tagged by τ_m, every block v_m carries the same tags
(|v_m| ≡ 0 mod m), so the tagged words are p'·v'^K·q' and p'·v'^{K+1}·q', which agree on
FO[<] sentences of depth n for K ≥ 2^n (the Ehrenfeucht–Fraïssé argument for u^K ≡_n
u^{K+1}; Straubing 1994, ch. VI), and MOD predicates are letters of the tagged alphabet.
:mod:`..checks.verify_mod` checks a family from its words and the DFA alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from ...automata.graphs import distinguishing_suffix, shortest_words_from
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ...kernel.work import STEPS_PER_SECOND, CertificateTimeout, deadline
from ...ltl.definitions import certificate
from ...automata.dfa import DFA
from ...automata.minimize import minimize
from ...ltl.formula import Formula, Mod, and_, or_all
from ...ltl.fragments import LTL_S, Fragment
from ..algebra.counters import decide_aperiodic
from ..algebra.semigroup import transition_semigroup
from ...automata.tagged import tagged_dfa
from ..certify.tagged import untag
from ..checks.verify_mod import check_answer, verify_mod_formula
from ..contract.classes import LanguageClass
from ..contract.procedure import Context, Procedure
from ..values.results import FragmentResult
from . import aperiodic

__all__ = ["PairFamily", "StableSemigroup", "stable_semigroup", "PeriodicFamily", "ModFormula", "decide_quasi_aperiodic",
           "MOD_FORMULA", "PERIODIC_FAMILY", "tagged_certificate", "ModEnriched", "divisors", "quasi_verdict", "root_mod_certificate", "PROCEDURE", "CLASS"]

#: certificate kind: a formula of past LTL with MOD[m,r] atoms, checked exactly on the DFA
MOD_FORMULA = "formula with MOD atoms"
#: witness kind: a family of pairs for every modulus and depth (:class:`PeriodicFamily`)
PERIODIC_FAMILY = "periodic pair family"
#: lengths k explored for the stability index (kernel/limits.py)
STABILITY_STEPS = _limits.STABILITY_STEPS
#: acceptance sets tried per residue by :func:`root_mod_certificate` (kernel/limits.py)
ROOT_MOD_CANDIDATES = _limits.ROOT_MOD_CANDIDATES


@dataclass(frozen=True)
class StableSemigroup:
    """The stability index ``s`` of η (least s ≥ 1 with η(A^s) = η(A^{2s})), the elements
    of η(A^s) (indices of the transition semigroup ``semigroup``), and for each a word of
    length exactly s with that image (letter indices)."""

    s: int
    elements: tuple[int, ...]
    words: dict
    semigroup: object


def stable_semigroup(S, steps: int = STABILITY_STEPS) -> StableSemigroup:
    """:class:`StableSemigroup` of the transition semigroup ``S`` (of a minimal DFA, so its
    syntactic semigroup); LimitExceeded after ``steps`` lengths."""
    right = np.asarray(S.right)
    level = {int(S.generators[a]): [a] for a in range(len(S.alphabet))}   # X_1 with words
    levels = [None, level]
    k = 1
    while True:
        if k % 2 == 0 and set(levels[k // 2]) == set(levels[k]):
            s = k // 2
            return StableSemigroup(s, tuple(sorted(levels[s])), levels[s], S)
        if k >= 2 * steps:
            raise LimitExceeded("lengths k explored for the stability index (η(A^s) = η(A^2s))",
                                steps, "the syntactic semigroup's length sets have a long period",
                                ("steps",))
        nxt: dict = {}
        for x, w in levels[k].items():
            for a in range(right.shape[1]):
                y = int(right[x, a])
                if y not in nxt:
                    nxt[y] = w + [a]
        levels.append(nxt)
        k += 1


class PairFamily:
    """What the witness families of the MOD-enriched fragments share: their example pair
    (``accepted``, ``rejected``) summed up."""

    def summary(self, sep: str = "") -> str:
        return (f"{sep.join(self.accepted) or 'ε'} ∈ L, {sep.join(self.rejected) or 'ε'} ∉ L, "
                f"and the family for every modulus")


@dataclass(frozen=True)
class PeriodicFamily(PairFamily):
    """The witness of L ∉ FO[<,MOD] (module docstring): words ``u`` and ``w`` of length
    ``s`` (the stability index), the exponent E (η(u)^E idempotent), the order d of
    g = η(u)^{E+1} (g^d = η(u)^E), a context ``prefix``/``suffix``, and the pair of the
    family for m = 1, depth 0 (``accepted``, ``rejected``) as an example.  Words are tuples
    of letters."""

    s: int
    u: tuple
    w: tuple
    exponent: int
    order: int
    prefix: tuple
    suffix: tuple
    accepted: tuple
    rejected: tuple

    def pair(self, m: int, n: int) -> tuple[tuple, tuple]:
        """(p v_m^K q, p v_m^{K+1} q) for modulus m and depth n (K = d·2^n)."""
        return family_pair(self.u, self.w, self.exponent, self.order, self.prefix, self.suffix, m, n)

    def text(self, sep: str = "", indent: str = "") -> str:
        return (f"for every modulus m and depth n: p (u^{self.exponent + 1} w^j)^K q vs the same "
                f"with K+1, j = -{self.exponent + 1} mod m, K = {self.order}·2^n: "
                f"u = {sep.join(self.u) or 'ε'}, "
                f"w = {sep.join(self.w) or 'ε'}, p = {sep.join(self.prefix) or 'ε'}, "
                f"q = {sep.join(self.suffix) or 'ε'} (s = {self.s})")

    def to_json(self, sep: str = "") -> dict:
        j = sep.join
        return {"kind": PERIODIC_FAMILY, "stability_index": self.s, "u": j(self.u), "w": j(self.w),
                "exponent": self.exponent, "order": self.order, "prefix": j(self.prefix),
                "suffix": j(self.suffix), "accepted": j(self.accepted), "rejected": j(self.rejected),
                "family": "for modulus m and depth n: prefix (u^(exponent+1) w^j)^K suffix and the same "
                          "with K+1, j = -(exponent+1) mod m, K = order·2^n: one in L, one not, and no "
                          "FO[<,MOD] sentence of quantifier depth n with moduli dividing m separates them"}


def family_pair(u, w, E: int, d: int, p, q, m: int, n: int) -> tuple[tuple, tuple]:
    """The pair of a :class:`PeriodicFamily` for modulus m and depth n."""
    j = (-(E + 1)) % m
    v = tuple(u) * (E + 1) + tuple(w) * j
    K = d * 2 ** n
    return tuple(p) + v * K + tuple(q), tuple(p) + v * (K + 1) + tuple(q)


@dataclass(frozen=True)
class ModFormula:
    """A "yes" of a MOD-enriched fragment: ``formula`` (MOD atoms of ``modulus``; m = 1:
    none), how it was built, and its exact check."""

    formula: Formula
    modulus: int
    how: str
    checked: str

    def text(self, sep: str = "", indent: str = "") -> str:
        cert = certificate(self.formula)
        if not cert.definitions:
            return cert.text
        return "\n".join([f"${n} := {t}" if i == 0 else f"{indent}${n} := {t}"
                          for i, (n, t) in enumerate(cert.definitions)] + [f"{indent}{cert.body}"])

    def __str__(self) -> str:
        return certificate(self.formula).text

    def to_json(self, sep: str = "") -> dict:
        cert = certificate(self.formula)
        return {"kind": MOD_FORMULA, "formula": cert.text,
                "definitions": [list(p) for p in cert.definitions], "modulus": self.modulus,
                "how": self.how, "checked": self.checked}


def _power(S, x: int, k: int) -> int:
    y = x
    for _ in range(k - 1):
        y = int(S.multiply(y, x))
    return y


def periodic_family(dfa, st: StableSemigroup, x: int) -> PeriodicFamily:
    """The witness family for an element x of η(A^s) with x^{ω+1} ≠ x^ω."""
    S, letters = st.semigroup, dfa.alphabet
    E, y = 1, x
    while int(S.multiply(y, y)) != y:
        y = int(S.multiply(y, x))
        E += 1
    e = y
    g = int(S.multiply(e, x))
    d, z = 1, g
    while z != e:
        z = int(S.multiply(z, g))
        d += 1
    table = np.asarray(dfa.transitions)
    acc = np.asarray(dfa.accepting, dtype=bool)
    reach = shortest_words_from(table, dfa.initial)
    Ee, Eg = np.asarray(S.elements[e]), np.asarray(S.elements[g])
    for q0 in range(dfa.n_states):
        if reach[q0] is not None and Ee[q0] != Eg[q0]:
            r = distinguishing_suffix(table, acc, int(Ee[q0]), int(Eg[q0]))
            if r is not None:
                p, q = list(reach[q0]), r
                break
    else:                                                     # pragma: no cover - a bug
        raise AssertionError("x^ω and x^(ω+1) differ yet act alike in every context")
    L = lambda word: tuple(letters[a] for a in word)           # noqa: E731
    u, w = L(st.words[x]), L(st.words[e])
    a, b = family_pair(u, w, E, d, L(p), L(q), 1, 0)
    accepted, rejected = (a, b) if dfa.accepts(list(a)) else (b, a)
    return PeriodicFamily(st.s, u, w, E, d, L(p), L(q), accepted, rejected)


@dataclass(frozen=True)
class QuasiVerdict:
    """``member`` (η(A^s) aperiodic), the stable semigroup, the family when not."""

    member: bool
    stable: StableSemigroup
    family: PeriodicFamily | None
    method: str


def decide_quasi_aperiodic(dfa, limits) -> QuasiVerdict:
    """Whether L(dfa) (``dfa`` minimal) is quasi-aperiodic, with the witness family when not."""
    S = transition_semigroup(dfa, limit=limits.semigroup_elements, memory_budget=limits.memory_budget)
    st = stable_semigroup(S)
    xs = np.asarray(st.elements, dtype=np.int64)
    om = np.asarray(S.omega)[xs]
    bad = xs[np.asarray(S.multiply(om, xs)) != om]
    where = f"stability index s = {st.s}, η(A^s) has {len(xs)} of the {S.size} elements"
    if len(bad) == 0:
        return QuasiVerdict(True, st, None, f"quasi-aperiodic: {where}, all aperiodic (x^(ω+1) = x^ω)")
    x = min((int(b) for b in bad), key=lambda b: (int(S.length[b]), b))
    fam = periodic_family(dfa, st, x)
    return QuasiVerdict(False, st, fam, f"not quasi-aperiodic: {where}; u = {''.join(fam.u)} of length s has "
                                        f"η(u)^(ω+1) ≠ η(u)^ω (a non-trivial group in η(A^s))")


def divisors(n: int) -> list[int]:
    """The divisors of n, increasing."""
    return [d for d in range(1, n + 1) if n % d == 0]


def tagged_certificate(dfa, m: int, fragment: Fragment, procedure: Procedure, limits, temporal: Fragment,
                       how: str) -> ModFormula | None:
    """The untagged formula of ``fragment``'s answer on the tagged DFA when that answer is
    "yes" with a formula (checked exactly against ``dfa`` here), else None: the DFA that
    believes the tags first (:func:`attnlogic.automata.tagged.tagged_dfa` with ``trust``:
    no check that the tags follow each other, so often a smaller formula; its language agrees
    with τ_m(L) on τ_m(A*), which is all the untagging needs), then τ_m(L)."""
    for trust in (True, False):           # the tags believed (often smaller), then τ_m(L) itself
        cert = _tagged_formula(dfa, tagged_dfa(dfa, m, trust), m, fragment, procedure, limits, temporal, how)
        if cert is not None:
            return cert
    return None


def _tagged_formula(dfa, t, m, fragment, procedure, limits, temporal, how) -> ModFormula | None:
    context = Context(t, limits)
    res = procedure.decide(fragment, context, {})
    if res.member and res.formula is None and limits.certificate_seconds > 0:
        # the tagged DFA is |A|·m letters wide: a second try within the time budget
        # (classify's own second try, :func:`.classify.within_time`, for a formula class)
        try:
            with deadline(limits.certificate_seconds):
                res = procedure.decide(fragment, context.for_second_try(
                    int(limits.certificate_seconds * STEPS_PER_SECOND)), {})
        except CertificateTimeout:
            return None
    if not res.member or res.formula is None:
        return None
    f = untag(res.formula, m, dfa.alphabet)
    check = verify_mod_formula(dfa, temporal, f, state_limit=limits.check_states)
    if not check.valid:                                          # pragma: no cover - a bug
        raise AssertionError(f"untagged certificate at modulus {m} fails its check: {check.reason}")
    return ModFormula(f, m, how, check.reason)


def _residue_states(dfa, m: int) -> list[set]:
    """For each c in Z_m, the states reached by the words of length ≡ c (mod m)."""
    table = np.asarray(dfa.transitions)
    seen = {(int(dfa.initial), 0)}
    todo = [(int(dfa.initial), 0)]
    while todo:
        q, c = todo.pop()
        for r in table[q]:
            x = (int(r), (c + 1) % m)
            if x not in seen:
                seen.add(x)
                todo.append(x)
    return [{q for q, c in seen if c == k} for k in range(m)]


def root_mod_certificate(dfa, m: int, fragment: Fragment, procedure: Procedure, limits,
                         temporal: Fragment) -> ModFormula | None:
    """A formula ⋁_ρ (MOD[m,ρ] ∧ ψ_ρ), MOD atoms at the root only (read at N+1, so
    MOD[m,ρ] says N ≡ ρ − 1): ψ_ρ a formula of ``fragment`` for a language K_ρ that agrees
    with L on the words of length ≡ ρ − 1 — the DFA of L with its accepting states changed
    on the states no such word reaches (free: up to ROOT_MOD_CANDIDATES choices, fewest
    free states accepting first), the first one in the fragment.  Checked exactly; None
    when some residue has no such K_ρ among those tried."""
    table, acc = np.asarray(dfa.transitions), np.asarray(dfa.accepting, dtype=bool)
    reached = _residue_states(dfa, m)
    parts = []
    for rho in range(m):
        here = reached[(rho - 1) % m]
        free = [q for q in range(dfa.n_states) if q not in here]
        if 2 ** len(free) > ROOT_MOD_CANDIDATES:
            return None
        psi = None
        for size in range(len(free) + 1):
            for chosen in combinations(free, size):
                a = acc.copy()
                a[free] = False
                a[list(chosen)] = True
                k = minimize(DFA(dfa.alphabet, table, int(dfa.initial), a))
                res = procedure.decide(fragment, Context(k, limits), {})
                if res.member and res.formula is not None:
                    psi = res.formula
                    break
            if psi is not None:
                break
        if psi is None:
            return None
        parts.append(and_(Mod(m, rho), psi))
    f = or_all(parts)
    check = verify_mod_formula(dfa, temporal, f, state_limit=limits.check_states)
    if not check.valid:                                          # pragma: no cover - a bug
        raise AssertionError(f"root MOD certificate at modulus {m} fails its check: {check.reason}")
    return ModFormula(f, m, f"MOD[{m},·] at the root, each residue's language of {fragment}", check.reason)


class ModEnriched(Procedure):
    """A MOD-enriched fragment (``handles`` nothing: keyed by its declaration)."""

    family = "MOD-enriched"

    def handles(self, fragment) -> bool:
        return False

    #: what opens the reason of a "no" proved by the stable semigroup (L ∉ LTL[S,MOD])
    why_not = ""

    def decide(self, cls, context, results) -> FragmentResult:
        """Undecided past a limit; "no" with the periodic family when L ∉ LTL[S,MOD] (every
        MOD-enriched fragment here lies inside it); else :meth:`decide_quasi`."""
        try:
            v = quasi_verdict(context)
        except LimitExceeded as exc:
            return FragmentResult(cls, None, None, None, f"undecided: {exc}")
        if not v.member:
            return FragmentResult(cls, False, None, v.family, self.why_not + v.method)
        return self.decide_quasi(cls, context, v)

    def decide_quasi(self, cls, context, v) -> FragmentResult:
        """The answer for a quasi-aperiodic L (``v``: the verdict of the stable semigroup)."""
        raise NotImplementedError


class QuasiAperiodic(ModEnriched):
    """LTL[S,MOD]: the stable semigroup aperiodic (module docstring)."""

    family = "quasi-aperiodic"

    why_not = "Barrington–Compton–Straubing–Thérien: "

    def decide_quasi(self, cls, context, v) -> FragmentResult:
        d, limits = context.dfa, context.limits
        if not context.certificates:
            return FragmentResult(cls, True, None, None, v.method)
        for m in divisors(v.stable.s):
            try:
                cert = root_mod_certificate(d, m, LTL_S, aperiodic.PROCEDURE, limits, LTL_S) if m > 1 else None
                if cert is not None:
                    return FragmentResult(cls, True, None, None, f"{v.method}; formula at modulus {m}: {cert.how}",
                                          certificate=cert)
                tagged = tagged_dfa(d, m)
                if not decide_aperiodic(tagged, limit=limits.semigroup_elements,
                                        memory_budget=limits.memory_budget).member:
                    if m == v.stable.s:                          # pragma: no cover - a bug
                        raise AssertionError("η(A^s) is aperiodic but the tagged DFA at m = s is not")
                    continue
                cert = tagged_certificate(d, m, LTL_S, aperiodic.PROCEDURE, limits, LTL_S,
                                          f"LTL[S] formula of τ_{m}(L) (aperiodic), untagged")
            except LimitExceeded as exc:
                return FragmentResult(cls, True, None, None, f"{v.method}; no formula: {exc}")
            if cert is not None:
                return FragmentResult(cls, True, None, None, f"{v.method}; formula at modulus {m}: {cert.how}",
                                      certificate=cert)
            break
        return FragmentResult(cls, True, None, None, f"{v.method}; no formula built within the budgets "
                                                     "(the verdict is proved by the stable semigroup)")


def _quasi(context: Context) -> QuasiVerdict:
    return decide_quasi_aperiodic(context.dfa, context.limits)


def quasi_verdict(context: Context) -> QuasiVerdict:
    """The quasi-aperiodicity test on the context's DFA, once per classification (shared by
    the MOD-enriched fragments)."""
    return context.verdict(_quasi)


def mod_class(name: str, procedure, witness: str, temporal, inclusions, summary: str,
              bulk: str | None = None) -> LanguageClass:
    """The declaration of a MOD-enriched fragment: a formula with MOD atoms for "yes",
    ``witness`` for "no", its answers checked by :func:`.verify_mod.check_answer` with the
    fragment's ``temporal`` operators, in the group ``mod``, asked only when named (``bulk``:
    its column of the census kernel, ``LanguageClass.bulk``)."""
    return LanguageClass(name, procedure, MOD_FORMULA, witness, default=False, inclusions=inclusions,
                         check=lambda dfa, answer, sep="": check_answer(dfa, answer, sep, temporal),
                         groups=("mod",), summary=summary, bulk=bulk)


PROCEDURE = QuasiAperiodic()
#: LTL[S,MOD] = FO[<,MOD]: masked hard attention with a periodic positional encoding; the
#: inclusions LTL[S] ⊆ LTL[S,MOD] (no MOD atom needed) and LTL[P,Y,MOD] ⊆ LTL[S,MOD]
CLASS = mod_class("LTL[S,MOD]", PROCEDURE, PERIODIC_FAMILY, LTL_S, (
    ("LTL[S]", "LTL[S] ⊆ LTL[S,MOD] (no MOD atom needed)"),
    ("LTL[P,Y,MOD]", "LTL[P,Y,MOD] ⊆ LTL[S,MOD] (P and Y are definable with S)")),
    "past LTL with MOD[m,r] atoms = FO[<,MOD] = quasi-aperiodic: masked hard attention with a periodic "
    "positional encoding", bulk="LTL[S,MOD]")
