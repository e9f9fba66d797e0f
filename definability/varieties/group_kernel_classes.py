"""The classes over the group bases AMT and GR decided on a G-kernel
(docs/decision-procedures.md §14): PL(G), FL(G), SF(G), TL(G), PL(G⁺), FL(G⁺), TL(G⁺) for
G = AMT, GR —
MeSCaL's names; the declarations are the small modules ``past_gr``, ``future_amt_plus``, …
beside this one.

**Theorems** (Place–Zeitoun, "Group separation strikes back", LICS 2023, and their papers
on the group-based hierarchies; the kernels are those of :mod:`..algebra.group_kernels`).
For a group prevariety G and the syntactic morphism φ: A* → M of L, with K its G-kernel:

* L ∈ PL(G) (unary temporal logic with P and the G-modalities) iff K is R-trivial;
* L ∈ FL(G) (with F) iff K is L-trivial;
* L ∈ SF(G) (the star-free closure, FO[<, G]) iff K is aperiodic (H-trivial);
* L ∈ TL(G) (unary temporal logic with F, P and the G-modalities) iff K is in DA, and
  L ∈ TL(G⁺) iff every G⁺-orbit eKe is in DA (Place–Zeitoun, "A generic characterization of
  generalized unary temporal logic and two-variable first-order logic", CSL 2024) — DA's
  identity (xy)^ω y (xy)^ω = (xy)^ω for x, y in K (eKe);
* L ∈ PL(G⁺) iff every G⁺-orbit eKe, e an idempotent of the semigroup φ(A⁺), is
  R-trivial; L ∈ FL(G⁺) likewise L-trivial (G⁺: G with {ε}, the well-suited extension; 1
  counts as such an e only when a non-empty word maps to it, and then K itself is the
  orbit of 1).

* L ∈ UPol(G⁺) (the unambiguous polynomial closure of G⁺) iff every G⁺-orbit eKe is trivial,
  eKe = {e} (Pin–Weil, "Polynomial closure and unambiguous product", 1997: UPol(V) ↔ the
  Mal'cev product LI ⓜ V; its G⁺ reading is MeSCaL's test; docs §14.7).

R-, L-triviality, aperiodicity, DA and eKe = {e} (e·k·e = e) are identities, so they pass to
submonoids (§14.3).

R-, L-triviality and aperiodicity are taken in the monoid K (eKe) itself.  The ⁺ classes of
SF are SF(G) (MeSCaL names none).

Answers (each re-checked by :mod:`..checks.verify_group_kernels` from the DFA and words,
before it is returned):

* "yes": a :class:`KernelClosure` — the kernel's elements as words (and for AMT the modulus
  d with K = K_d, the words whose letter counts are ≡ 0 mod d); the check proves it a
  closed superset of the kernel with the property, which the kernel inherits;
* "no": a :class:`KernelDerivation` — each element of the instance derived in the kernel
  (GR: by products and weak conjugations from 1; AMT: by a word and loops whose letter
  counts cancel) and the instance: s ≠ t in eKe with s·k1 = t, t·k2 = s (R; k1·s = t,
  k2·t = s for L), or s whose powers cycle (aperiodic), or x, y with
  (xy)^ω·y·(xy)^ω ≠ (xy)^ω and a context (prefix, suffix) the language separates the two
  sides by (DA), or s with e·s·e ≠ e and such a context (trivial orbits).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...kernel.limits import require_memory
from ...kernel.words import join_word
from ..algebra.group_kernels import MonoidTable, amt_kernel, gr_kernel, parikh_proof
from ..checks.verify import require_valid
from ..checks.verify_group_kernels import KERNEL_CLOSURE, KERNEL_DERIVATION, check_kernel_answer
from ..contract.classes import PREVARIETY, LanguageClass
from ..contract.procedure import Procedure
from ..values.results import FragmentResult
from .identities import monoid_structure
from .temporal_mod import separating_context

__all__ = ["syntactic_monoid", "KernelClosure", "KernelDerivation", "KernelProcedure", "kernel_class", "kernel_proofs", "kernel_violation", "monoid_table",
           "omega_rows", "da_sides", "checked_result"]

_LETTERS = {"R-trivial": "PL", "L-trivial": "FL", "aperiodic": "SF", "DA": "TL", "trivial": "UPol"}


def _w(alphabet, word) -> str:
    return join_word([alphabet[a] for a in word], alphabet)


@dataclass(frozen=True)
class KernelClosure:
    """A "yes": ``elements`` (words, letter indices) of a submonoid containing the
    ``base``-kernel with ``prop``; ``modulus`` (AMT) the d whose K_d it contains."""

    base: str
    prop: str
    plus: bool
    elements: tuple
    modulus: int | None
    alphabet: tuple

    def text(self, sep: str = "", indent: str = "") -> str:
        words = ", ".join(_w(self.alphabet, w) or "1" for w in self.elements)
        mod = f" (= K_{self.modulus}: letter counts ≡ 0 mod {self.modulus})" if self.modulus else ""
        where = "every orbit eKe is" if self.plus else "it is"
        prop = {"DA": "in DA", "trivial": "trivial ({e})"}.get(self.prop, self.prop)
        return f"the {self.base}-kernel {{{words}}}{mod}: {where} {prop}"

    def to_json(self, sep: str = "") -> dict:
        out = {"kind": KERNEL_CLOSURE, "base": self.base, "property": self.prop,
               "elements": [_w(self.alphabet, w) for w in self.elements]}
        if self.modulus is not None:
            out["modulus"] = self.modulus
        return out


@dataclass(frozen=True)
class KernelDerivation:
    """A "no": ``steps`` (GR: dicts of the derivation) or ``proofs`` (AMT) of the kernel
    elements used, and the ``instance`` (words by name: e, s, t, k1, k2)."""

    base: str
    prop: str
    derivation: tuple
    instance: dict
    alphabet: tuple

    def summary(self, sep: str = "") -> str:
        i = {n: (v or "ε") for n, v in self.instance.items()}
        e = "" if i["e"] == "ε" else f" in the orbit e·K·e, e = {i['e']}"
        if self.prop == "aperiodic":
            return f"s = {i['s']} in the {self.base}-kernel has powers cycling: not aperiodic"
        if self.prop == "trivial":
            return (f"s = {i['s']} in the {self.base}-kernel{e}: e·s·e ≠ e, told apart by the context "
                    f"({i['prefix']}, {i['suffix']}): the orbit is not trivial ({len(self.derivation)} derivation steps)")
        if self.prop == "DA":
            return (f"x = {i['x']}, y = {i['y']} in the {self.base}-kernel{e}: (xy)^ω y (xy)^ω ≠ (xy)^ω, told apart "
                    f"by the context ({i['prefix']}, {i['suffix']}): not in DA ({len(self.derivation)} derivation steps)")
        rel = "s·k1 = t, t·k2 = s" if self.prop == "R-trivial" else "k1·s = t, k2·t = s"
        return (f"s = {i['s']}, t = {i['t']}, k1 = {i['k1']}, k2 = {i['k2']} in the {self.base}-kernel{e}: "
                f"{rel}, s ≠ t ({len(self.derivation)} derivation steps)")

    def text(self, sep: str = "", indent: str = "") -> str:
        return self.summary(sep)

    def to_json(self, sep: str = "") -> dict:
        key = "steps" if self.base == "GR" else "proofs"
        return {"kind": KERNEL_DERIVATION, "base": self.base, "property": self.prop,
                key: [dict(d) for d in self.derivation], "instance": dict(self.instance)}


def monoid_table(st, memory_budget: int | None = None) -> tuple[MonoidTable, bool]:
    """The :class:`MonoidTable` of a monoid :class:`.identities.Structure` and whether 1 is
    the image of a non-empty word.  MemoryBudgetExceeded before the |M|² table (and the
    gathers of a level of word length it is computed from, int64 each) passes ``memory_budget``
    (None: the default)."""
    require_memory("the syntactic monoid's multiplication table", 3 * 8 * st.size * st.size, memory_budget)
    table = st.cayley_table()
    letters = tuple(int(np.flatnonzero((st.elements == st.dfa.transitions[:, a][None, :]).all(axis=1))[0])
                    for a in range(len(st.dfa.alphabet)))
    return MonoidTable(table, int(st.one), letters), st._adjoined is None


def _orbits(T: np.ndarray, members, one: int, plus: bool, one_nonempty: bool) -> list:
    """(e, {element of eKe: a k ∈ K with e·k·e = it}) for 1 or the idempotents of φ(A⁺)."""
    K = [i for i, m in enumerate(members) if m]
    if not plus:
        return [(one, {k: k for k in K})]
    out = []
    for e in range(T.shape[0]):
        if T[e, e] == e and (e != one or one_nonempty):
            orbit: dict = {}
            for k in K:
                orbit.setdefault(int(T[T[e, k], e]), k)
            out.append((e, orbit))
    return out


def kernel_violation(T: np.ndarray, orbit: dict, prop: str):
    """None when the monoid ``orbit`` (its elements) has ``prop``; else the instance as
    orbit elements: (s,) for aperiodicity, (s, t, k1, k2) for R (s·k1 = t, t·k2 = s) or L.
    For R, L and DA ``orbit`` may also be a subset of an orbit (not closed under products):
    an instance found in it is one of the orbit (k1, k2 are taken in the subset)."""
    N = np.array(sorted(orbit), dtype=np.int64)
    if prop == "trivial":                       # eKe = {e}: an element other than its identity e
        if N.size == 1:
            return None
        ident = next(x for x in N.tolist() if (T[x, N] == N).all())
        return (next(x for x in N.tolist() if x != ident),)
    if prop == "DA":
        return _da_violation(T, N)
    if prop == "aperiodic":
        for s in N.tolist():
            p, seen = s, []
            while p not in seen:
                seen.append(p)
                p = int(T[p, s])
            if len(seen) - seen.index(p) > 1:
                return (s,)
        return None
    P = T[np.ix_(N, N)] if prop == "R-trivial" else T[np.ix_(N, N)].T     # P[i, j] = N_i·N_j (N_j·N_i)
    pos = {int(s): i for i, s in enumerate(N.tolist())}
    reach = np.zeros((N.size, N.size), dtype=bool)
    for i in range(N.size):                    # products leaving N ignored (a part of an orbit, §14.15)
        reach[i, [pos[x] for x in P[i].tolist() if x in pos]] = True
    both = reach & reach.T
    np.fill_diagonal(both, False)
    hit = np.argwhere(both)
    if hit.size == 0:
        return None
    i, j = (int(x) for x in hit[0])
    k1 = int(N[int(np.flatnonzero(P[i] == N[j])[0])])
    k2 = int(N[int(np.flatnonzero(P[j] == N[i])[0])])
    return int(N[i]), int(N[j]), k1, k2


def omega_rows(T: np.ndarray, s: np.ndarray) -> np.ndarray:
    """s^ω elementwise (the idempotent power) on the table ``T``."""
    p = s.copy()
    todo = T[p, p] != p
    while todo.any():
        p[todo] = T[p[todo], s[todo]]
        todo = T[p, p] != p
    return p


def da_sides(T: np.ndarray, x: int, y: int) -> tuple[int, int]:
    """DA's two sides at x, y on the table ``T``: ((xy)^ω·y·(xy)^ω, (xy)^ω)."""
    f = int(omega_rows(T, np.array([T[x, y]]))[0])
    return int(T[T[f, y], f]), f


def checked_result(cls, member: bool, value, method: str, check) -> FragmentResult:
    """The answer with ``value`` (a certificate for a "yes", a witness for a "no"), after its
    independent check — ``check`` of the answer as ``classify --json`` prints it; a failure is a
    bug, never an answer; a check stopped at its own bound leaves it undecided
    (:func:`..checks.verify.require_valid`)."""
    key = "certificate" if member else "witness"
    require_valid(f"{cls}: the {key}", check({"member": member, key: value.to_json()}))
    return FragmentResult(cls, member, None, None if member else value, method,
                          certificate=value if member else None)


def _da_violation(T: np.ndarray, N: np.ndarray):
    """The first (x, y) of N² with (xy)^ω·y·(xy)^ω ≠ (xy)^ω (DA's identity), None when none."""
    for x in N.tolist():
        e = omega_rows(T, T[x, N])
        bad = np.flatnonzero(T[T[e, N], e] != e)
        if bad.size:
            return x, int(N[int(bad[0])])
    return None


def syntactic_monoid(context) -> tuple:
    """(syntactic monoid, its :class:`MonoidTable`, whether 1 is the image of a non-empty
    word): ask it as ``context.verdict(syntactic_monoid)``, once per classification — every
    class that reads the |M|² table shares this one (the kernels, the AT- and BPol-orbits,
    level two over ST)."""
    st = context.verdict(monoid_structure)
    return (st, *monoid_table(st, context.limits.memory_budget))


def _gr_kernel(context) -> tuple:
    """:func:`syntactic_monoid` and the GR-kernel, once per classification (every class over GR asks it)."""
    st, m, one_nonempty = context.verdict(syntactic_monoid)
    return st, m, one_nonempty, gr_kernel(m, context.limits.instantiations)


def _amt_kernel(context) -> tuple:
    """:func:`syntactic_monoid` and the AMT-kernel, once per classification."""
    st, m, one_nonempty = context.verdict(syntactic_monoid)
    return st, m, one_nonempty, amt_kernel(m, context.limits.type_states)


def kernel_proofs(st, m, ker, elems, alphabet) -> tuple[str, tuple]:
    """(key, rows): the proofs that the elements ``elems`` are in the kernel ``ker``, as
    :func:`..checks.verify_group_kernels.proven_in_kernel` reads them — GR: ``"steps"``, the
    derivation of every element they need, in the order of derivation; AMT: ``"proofs"``, a
    :func:`..algebra.group_kernels.parikh_proof` per element."""
    def w(i):
        return _w(alphabet, st.words[i])
    if ker.base == "GR":
        need, todo = set(), list(elems)
        while todo:
            x = todo.pop()
            if x in need:
                continue
            need.add(x)
            stp = ker.how[x]
            todo += list(stp.args[:2]) if stp.rule == "product" else [stp.args[2]] if stp.rule == "conjugate" else []
        order = [x for x in ker.how if x in need]        # the order of derivation
        at = {x: i for i, x in enumerate(order)}
        steps = []
        for x in order:
            stp = ker.how[x]
            row = {"element": w(x), "rule": stp.rule}
            if stp.rule == "product":
                row["from"] = [at[stp.args[0]], at[stp.args[1]]]
            elif stp.rule == "conjugate":
                row.update({"from": [at[stp.args[2]]], "x": w(stp.args[0]), "xbar": w(stp.args[1]),
                            "side": stp.args[3]})
            steps.append(row)
        return "steps", tuple(steps)
    proofs = []
    for x in dict.fromkeys(elems):
        pr = parikh_proof(m, ker, x)
        proofs.append({"element": w(x), "word": _w(alphabet, pr.word),
                       "loops": [[p, _w(alphabet, g), c] for p, g, c in pr.loops]})
    return "proofs", tuple(proofs)


class KernelProcedure(Procedure):
    """PL / FL / SF / TL / UPol over G = ``base`` (module docstring)."""

    def __init__(self, base: str, prop: str, plus: bool):
        self.base, self.prop, self.plus = base, prop, plus
        self.family = (f"{base}-kernel {'in DA' if prop == 'DA' else prop}" + (" (orbits)" if plus else "")
                       if prop != "trivial" else f"{base}⁺-orbits trivial")

    def handles(self, fragment) -> bool:              # keyed by its declaration
        return False

    def decide(self, cls, context, results) -> FragmentResult:
        d = context.dfa
        context.deciding()
        st, m, one_nonempty, ker = context.verdict(_gr_kernel if self.base == "GR" else _amt_kernel)
        T = np.asarray(m.table)
        found = None
        for e, orbit in _orbits(T, ker.members, m.one, self.plus, one_nonempty):
            v = kernel_violation(T, orbit, self.prop)
            if v is not None:
                found = (e, tuple(orbit[x] for x in v))
                break
        size = sum(ker.members)
        where = "an orbit eKe" if self.plus else "the kernel"
        if found is None:
            method = f"the {self.base}-kernel ({size} of {m.size} elements): {'every orbit eKe is' if self.plus else 'it is'} {self.prop}"
            if not context.certificates:
                return FragmentResult(cls, True, None, None, method)
            cert = KernelClosure(self.base, self.prop, self.plus, tuple(tuple(st.words[i]) for i in ker.elements),
                                 ker.modulus if self.base != "GR" else None, tuple(d.alphabet))
            return self._checked(cls, d, True, cert, method)
        e, elems = found
        method = f"the {self.base}-kernel ({size} of {m.size} elements): {where} is not {self.prop}"
        if not context.certificates:
            return FragmentResult(cls, False, None, None, method)
        return self._checked(cls, d, False, self._derivation(st, m, ker, e, elems, d.alphabet), method)

    def _derivation(self, st, m, ker, e: int, elems, alphabet) -> KernelDerivation:
        def w(i):
            return _w(alphabet, st.words[i])
        names = ("s",) if self.prop in ("aperiodic", "trivial") else ("x", "y") if self.prop == "DA" \
            else ("s", "t", "k1", "k2")
        instance = {"e": w(e), **{n: w(x) for n, x in zip(names, elems)}}
        if self.prop == "DA":
            instance.update(self._context(st, m, e, elems, alphabet))
        elif self.prop == "trivial":
            T = np.asarray(m.table)
            prefix, suffix = separating_context(st.dfa, st.elements[int(T[T[e, elems[0]], e])], st.elements[e])
            instance.update({"prefix": _w(alphabet, prefix), "suffix": _w(alphabet, suffix)})
        _, rows = kernel_proofs(st, m, ker, elems, alphabet)
        return KernelDerivation(self.base, self.prop, rows, instance, tuple(alphabet))

    @staticmethod
    def _context(st, m, e: int, elems, alphabet) -> dict:
        """DA's two sides on x' = e·x·e, y' = e·y·e — (x'y')^ω·y'·(x'y')^ω and (x'y')^ω — and a
        context (prefix, suffix) the language separates them by."""
        T = np.asarray(m.table)
        left, right = da_sides(T, *(int(T[T[e, k], e]) for k in elems))
        prefix, suffix = separating_context(st.dfa, st.elements[left], st.elements[right])
        return {"prefix": _w(alphabet, prefix), "suffix": _w(alphabet, suffix)}

    def _checked(self, cls, dfa, member: bool, value, method: str) -> FragmentResult:
        return checked_result(cls, member, value, method,
                              lambda answer: check_kernel_answer(dfa, answer, self.base, self.prop, self.plus))


def kernel_class(name: str, base: str, prop: str, plus: bool, inclusions, summary: str) -> LanguageClass:
    """The declaration of the class ``name``: asked only when named, in the group
    ``kernels``, its answers re-checked by :func:`.verify_group_kernels.check_kernel_answer`."""
    return LanguageClass(name, KernelProcedure(base, prop, plus), KERNEL_CLOSURE, KERNEL_DERIVATION,
                         default=False, inclusions=tuple(inclusions), groups=("kernels",), bulk=None,
                         check=lambda dfa, answer, sep="": check_kernel_answer(dfa, answer, base, prop, plus, sep),
                         summary=summary, closure=PREVARIETY)
