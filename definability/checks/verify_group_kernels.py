"""Re-checks the answers of the classes decided on a G-kernel, G = GR or AMT —
PL(G), FL(G), SF(G) and PL(G⁺), FL(G⁺) (docs/decision-procedures.md §14) — from the DFA and
the printed words alone: the syntactic monoid is recomputed here (the transformations of
the minimal DFA's states, by a breadth-first closure), and no decider code is imported.

*Why a closed superset proves "yes".*  Let K be the G-kernel and K' a submonoid of M with
K ⊆ K'.  R-triviality, L-triviality and aperiodicity are defined by identities of monoids —
(xy)^ω x = (xy)^ω, y(xy)^ω = (xy)^ω, x^ω x = x^ω — that hold for all elements of K' when K'
has the property, hence for all elements of any submonoid: K has the property (and so has
eKe ⊆ eK'e, a submonoid of eK'e with the same identity e).  K ⊆ K' is checked so:

* GR: K' contains 1 and is closed under products and weak conjugation (x·s·x̄, x̄·s·x for
  every s ∈ K' and every pair with x̄·x·x̄ = x̄, over the whole monoid): by Ash's theorem
  the GR-kernel is the least such submonoid;
* AMT: K' contains K_d = {φ(w) : every letter count of w ≡ 0 mod d} for the printed d
  (recomputed by a search of the pairs (φ(w), ψ(w) mod d)): the AMT-kernel lies in K_d, as
  for s ∉ K_d the AMT language {w : ψ(w) ≡ 0 mod d} contains ε and misses φ⁻¹(s).

*Why a derivation proves "no".*  Every element it names is shown in the kernel:

* GR: step by step — 1; a product of two earlier elements; a weak conjugate x·s·x̄ or
  x̄·s·x of an earlier s with x̄·x·x̄ = x̄ (the rules under which the GR-kernel is closed);
* AMT: a word u with φ(u) = s and loops (position p, word γ, integer c) with
  φ(u[:p]·γ) = φ(u[:p]) and ψ(u) + Σ c·ψ(γ) = 0: for every d, inserting each γ (c mod d)
  times gives a word of φ⁻¹(s) whose letter counts are ≡ 0 mod d, so no AMT language
  separates ε from φ⁻¹(s).

(TL(G), TL(G⁺): the property DA, the identity (xy)^ω y (xy)^ω = (xy)^ω; UPol(G⁺): every
e·K'·e = {e}, i.e. e·k·e = e for every k ∈ K' — both inherited by submonoids like the others.)

Then the instance: an idempotent e (ε for PL(G), FL(G), SF(G); a non-empty word for the ⁺
classes, whose orbits eKe are taken at the idempotents of the semigroup φ(A⁺)) and kernel
elements s', t', k1', k2' with s = e·s'·e, …: s ≠ t, s·k1 = t and t·k2 = s (R), or k1·s = t
and k2·t = s (L): two distinct R- (L-) equivalent elements of eKe; for SF(G), s = s' with
s^ω ≠ s^(ω+1): a non-trivial group in K; for TL(G), TL(G⁺), x = e·x'·e, y = e·y'·e with
(xy)^ω·y·(xy)^ω ≠ (xy)^ω and a context (prefix, suffix) with exactly one of prefix·(xy)^ω·y·
(xy)^ω·suffix and prefix·(xy)^ω·suffix in the language (read on the DFA's run); for UPol(G⁺),
s = e·s'·e ≠ e and such a context telling prefix·s·suffix from prefix·e·suffix.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import CheckBoundExceeded, LimitExceeded
from ...kernel.words import split_word
from .verify import Check

__all__ = ["KERNEL_CLOSURE", "KERNEL_DERIVATION", "PROPERTIES", "check_kernel_answer", "property_failure",
           "word_letters", "TransitionMonoid", "check_by_verdict", "kernel_at_modulus", "proven_in_kernel",
           "weak_conjugation_problem", "orbit_instance_check"]

#: certificate kind: a submonoid containing the kernel, with the property
KERNEL_CLOSURE = "kernel closure"
#: witness kind: kernel elements derived step by step and a violating instance
KERNEL_DERIVATION = "kernel derivation"
#: the property of each family: R-trivial (PL), L-trivial (FL), aperiodic (SF), DA (TL), trivial (UPol: eKe = {e})
PROPERTIES = ("R-trivial", "L-trivial", "aperiodic", "DA", "trivial")

#: at most this many products for one check (|M|² pairs times |K'|): the identities' bound
_WORK = _limits.DEFAULT_INSTANTIATIONS


class TransitionMonoid:
    """The transition monoid of a minimal DFA, by its own closure: transformations as tuples,
    product "first f, then g"."""

    def __init__(self, dfa, limit: int = _limits.DEFAULT_LIMIT):
        self.dfa = dfa
        self.letters = tuple(tuple(int(q) for q in dfa.transitions[:, a]) for a in range(len(dfa.alphabet)))
        self.one = tuple(range(dfa.n_states))
        seen = {self.one}
        queue = deque([self.one])
        nonempty = set()
        while queue:
            f = queue.popleft()
            for g in self.letters:
                h = self.mul(f, g)
                nonempty.add(h)
                if h not in seen:
                    if len(seen) >= limit:
                        raise LimitExceeded("elements of the syntactic monoid (verify)", limit, "raise limit")
                    seen.add(h)
                    queue.append(h)
        self.elements = tuple(sorted(seen))
        self.semigroup = frozenset(nonempty)           # φ(A⁺)
        self._index = None
        self._table = None

    @staticmethod
    def mul(f, g):
        return tuple(g[q] for q in f)

    @property
    def index(self) -> dict:
        """element → its position in ``elements``."""
        if self._index is None:
            self._index = {f: i for i, f in enumerate(self.elements)}
        return self._index

    def table(self) -> np.ndarray:
        """T[i, j] = the position of elements[i]·elements[j] (first i, then j), built once: the
        products of all elements with one element j at a time as arrays, each row found in
        ``elements`` by a 64-bit code and then compared entry by entry (a collision of codes
        is refused, never read as a product).  LimitExceeded past IDENTITY_TABLE_ENTRIES
        entries, before it is built."""
        n = len(self.elements)
        if n * n > _limits.IDENTITY_TABLE_ENTRIES:
            raise LimitExceeded("entries of the monoid's multiplication table (verify)", _limits.IDENTITY_TABLE_ENTRIES)
        if self._table is None:
            E = np.array(self.elements, dtype=np.int64).reshape(len(self.elements), -1)
            weights = np.random.default_rng(0).integers(1, 2 ** 62, size=E.shape[1], dtype=np.int64) | 1
            codes = (E * weights).sum(axis=1)                       # wraps modulo 2^64: a hash
            order = np.argsort(codes, kind="stable")
            if len(np.unique(codes)) != len(codes):
                raise ValueError("two elements share a code")
            T = np.empty((len(E), len(E)), dtype=np.int64)
            for j in range(len(E)):
                prod = E[j][E]                                      # g[f[q]] for every f: f, then g = E[j]
                at = np.searchsorted(codes, (prod * weights).sum(axis=1), sorter=order)
                at = order[np.minimum(at, len(E) - 1)]
                if not (E[at] == prod).all():
                    raise ValueError("a product is missing from the monoid")
                T[:, j] = at
            self._table = T
        return self._table

    def of(self, word) -> tuple:
        f = self.one
        for a in word:
            f = self.mul(f, self.letters[a])
        return f

    def omega(self, s):
        """s^ω, the idempotent power of s."""
        p = s
        while self.mul(p, p) != p:
            p = self.mul(p, s)
        return p

    def accepts(self, f) -> bool:
        """Whether the words of the transformation f are in the language."""
        return bool(self.dfa.accepting[f[self.dfa.initial]])

    def power_cycle(self, s) -> int:
        """The period of s's powers (1: s^ω = s^(ω+1))."""
        seen: dict = {}
        p, i = s, 1
        while p not in seen:
            seen[p] = i
            p, i = self.mul(p, s), i + 1
        return i - seen[p]


def _orbit(M: TransitionMonoid, K, e) -> dict:
    """eKe: element → a k ∈ K with e·k·e = element."""
    out: dict = {}
    for k in K:
        out.setdefault(M.mul(M.mul(e, k), e), k)
    return out


def property_failure(M, N, prop: str) -> str | None:
    """None when the monoid N (a set of transformations, closed) has ``prop``, else a reason;
    ``M`` any monoid of transformations with ``mul``, ``omega`` (and ``power_cycle`` for
    aperiodicity)."""
    if prop == "aperiodic":
        bad = next((s for s in N if M.power_cycle(s) > 1), None)
        return None if bad is None else "an element has powers cycling with period > 1"
    if prop == "trivial":
        return None if len(N) == 1 else "an orbit eK'e has two elements: not trivial"
    if prop == "DA":
        for x in N:
            for y in N:
                e = M.omega(M.mul(x, y))
                if M.mul(M.mul(e, y), e) != e:
                    return "(xy)^ω y (xy)^ω ≠ (xy)^ω for two of its elements: not in DA"
        return None
    right = prop == "R-trivial"
    ideal = {s: frozenset((M.mul(s, k) if right else M.mul(k, s)) for k in N) for s in N}
    for s in N:
        for t in ideal[s]:
            if t != s and s in ideal[t]:
                return f"two distinct elements are {'R' if right else 'L'}-equivalent"
    return None


def orbit_instance_check(M, v: dict, prop: str, p, r, where: str) -> Check:
    """The verdict on a "no" instance whose elements ``v`` (by name: x, y for DA; s, t, k1, k2 for
    R-, L-triviality) the caller has shown ``where`` (in one orbit), with the context (p, r):
    DA — the context tells (xy)^ω·y·(xy)^ω from (xy)^ω; R (L) — s·k1 = t, t·k2 = s (k1·s = t,
    k2·t = s) and the context tells s from t."""
    if prop == "DA":
        f = M.omega(M.mul(v["x"], v["y"]))
        left = M.mul(M.mul(f, v["y"]), f)
        if M.accepts(M.mul(M.mul(p, left), r)) == M.accepts(M.mul(M.mul(p, f), r)):
            return Check(False, "the context does not tell the two sides apart")
        return Check(True, f"x, y are {where} and the context tells (xy)^ω y (xy)^ω from (xy)^ω apart: not in DA")
    s, t, k1, k2 = v["s"], v["t"], v["k1"], v["k2"]
    ok = (M.mul(s, k1) == t and M.mul(t, k2) == s) if prop == "R-trivial" else (M.mul(k1, s) == t and M.mul(k2, t) == s)
    if not ok:
        return Check(False, "the instance is not two equivalent elements")
    if M.accepts(M.mul(M.mul(p, s), r)) == M.accepts(M.mul(M.mul(p, t), r)):
        return Check(False, "the context does not tell s from t apart")
    rel = "R" if prop == "R-trivial" else "L"
    return Check(True, f"s, t, k1, k2 are {where}, s ≠ t (the context tells them apart), s {rel} t within the "
                       f"orbit: not {prop}")


def word_letters(text, letters) -> list:
    """Letter indices of a printed word (ValueError on an unknown letter)."""
    return [letters.index(x) for x in split_word(str(text), letters)] if text else []


def check_by_verdict(dfa, answer: dict, monoid, yes, no) -> Check:
    """Re-check an answer as ``classify --json`` prints it on the minimal DFA's monoid
    ``monoid(dfa)`` (past its limit its LimitExceeded: nothing checked): a "yes" by
    ``yes(M, certificate, letters)``, a "no" by ``no(M, witness, letters)``; a malformed answer
    (a field missing, of the wrong type, out of range) refused naming the error, as is an
    answer that is neither."""
    dfa = as_dfa(dfa).minimal()
    letters = list(dfa.alphabet)
    M = monoid(dfa)
    member = answer.get("member")
    try:
        if member is True:
            return yes(M, answer.get("certificate"), letters)
        if member is False:
            return no(M, answer.get("witness"), letters)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        return Check(False, f"a malformed answer ({type(e).__name__}: {e})")
    return Check(False, "the answer is neither a 'yes' nor a 'no'")


def check_kernel_answer(dfa, answer: dict, base: str, prop: str, plus: bool, sep: str = "") -> Check:
    """Re-check an answer of the class (base, property, plus) as ``classify --json`` prints
    it (module docstring)."""
    return check_by_verdict(dfa, answer, TransitionMonoid,
                            lambda M, cert, letters: _check_yes(M, cert, base, prop, plus, letters),
                            lambda M, wit, letters: _check_no(M, wit, base, prop, plus, letters))


def _orbits(M: TransitionMonoid, K, plus: bool) -> list:
    """(e, eKe) for the identity (not ``plus``) or every idempotent e of φ(A⁺)."""
    if not plus:
        return [(M.one, set(K))]
    return [(e, set(_orbit(M, K, e))) for e in sorted(M.semigroup) if M.mul(e, e) == e]


def _check_yes(M: TransitionMonoid, cert, base, prop, plus, letters) -> Check:
    if not isinstance(cert, dict) or cert.get("kind") != KERNEL_CLOSURE:
        return Check(False, f"a 'yes' without its {KERNEL_CLOSURE}")
    if cert.get("base") != base or cert.get("property") != prop:
        return Check(False, "the certificate is for another class")
    K = {M.of(word_letters(w, letters)) for w in cert["elements"]}
    if M.one not in K:
        return Check(False, "the set does not contain 1")
    if len(K) ** 2 > _WORK:
        raise CheckBoundExceeded("the set is too large")
    for s in K:
        for t in K:
            if M.mul(s, t) not in K:
                return Check(False, "the set is not closed under products")
    if base == "GR":
        bad = weak_conjugation_problem(M, K)
        if bad is not None:
            return Check(False, bad)
        why = "1 ∈ K', closed under products and weak conjugation: K' ⊇ the GR-kernel (Ash)"
    else:
        d = int(cert["modulus"])
        if d < 1:
            return Check(False, "the modulus is not positive")
        Kd = kernel_at_modulus(M, d)
        if not Kd <= K:
            return Check(False, f"an element of K_{d} (letter counts ≡ 0 mod {d}) is missing from the set")
        why = f"K' ⊇ K_{d} ⊇ the AMT-kernel (every s ∉ K_{d} is separated from ε by the counts modulo {d})"
    for e, N in _orbits(M, K, plus):
        if e not in K:                               # then eK'e is a submonoid of K' (e·k·e·e·k'·e = e·(k·e·k')·e)
            return Check(False, "an idempotent of φ(A⁺) is missing from the set")
        bad = property_failure(M, N, prop)
        if bad is not None:
            return Check(False, f"the set does not have the property: {bad}")
    where = "every orbit eK'e (e idempotent of φ(A⁺)) is" if plus else "K' is"
    return Check(True, f"{why}; {where} {prop}, so the kernel's {'orbits are' if plus else 'is'} too")


def weak_conjugation_problem(M: TransitionMonoid, K) -> str | None:
    """None when the set K is closed under weak conjugation — x·s·x̄, x̄·s·x ∈ K for s ∈ K and
    x̄·x·x̄ = x̄ —, else why not (CheckBoundExceeded past the check's bound).  On the monoid's
    multiplication table (:meth:`TransitionMonoid.table`): the pairs (x, x̄) at once, then for
    each s ∈ K every conjugate of s at once, in blocks."""
    n = len(M.elements)
    try:
        T = M.table()
    except LimitExceeded:
        raise CheckBoundExceeded("the monoid's table is too large") from None
    rows = np.arange(n)[:, None]
    xbs, xs = np.nonzero(T[T, rows] == rows)          # [x̄, x]: (x̄·x)·x̄ = x̄
    if len(xs) * len(K) > _WORK * _limits.KERNEL_PRODUCTS_PER_INSTANTIATION:
        raise CheckBoundExceeded("too many weak conjugates")
    inside = np.zeros(n, dtype=bool)
    ks = np.array(sorted(M.index[k] for k in K), dtype=np.int64)
    inside[ks] = True
    for s in ks:
        if not (inside[T[T[xs, s], xbs]].all() and inside[T[T[xbs, s], xs]].all()):
            return "the set is not closed under weak conjugation"
    return None


def kernel_at_modulus(M: TransitionMonoid, d: int) -> set:
    """K_d = {φ(w) : every letter count of w ≡ 0 mod d}, by a search of the pairs (φ(w), ψ(w) mod d)
    (CheckBoundExceeded past the check's bound): it contains the AMT-kernel."""
    k = len(M.letters)
    if len(M.elements) * d ** k > _WORK:
        raise CheckBoundExceeded("the modulus is too large")
    start = (M.one, (0,) * k)
    seen = {start}
    queue = deque([start])
    out = set()
    while queue:
        f, r = queue.popleft()
        if not any(r):
            out.add(f)
        for a, g in enumerate(M.letters):
            nxt = (M.mul(f, g), tuple((x + (j == a)) % d for j, x in enumerate(r)))
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return out


def proven_in_kernel(M: TransitionMonoid, wit, base, letters) -> tuple[dict, str | None]:
    """(word text → element, for every element the witness proves in the ``base``-kernel (GR: by
    its ``steps``; AMT: by its ``proofs``, module docstring); what fails, or None)."""
    proven: dict = {}
    if base == "GR":
        got: list = []
        for i, st in enumerate(wit["steps"]):
            rule, f = st["rule"], M.of(word_letters(st["element"], letters))
            if rule == "one":
                ok = f == M.one
            elif rule == "product":
                a, b = (int(j) for j in st["from"])
                ok = 0 <= a < i and 0 <= b < i and M.mul(got[a], got[b]) == f
            elif rule == "conjugate":
                (j,) = (int(j) for j in st["from"])
                x, xb = M.of(word_letters(st["x"], letters)), M.of(word_letters(st["xbar"], letters))
                s = got[j] if 0 <= j < i else None
                side = st["side"]
                ok = (s is not None and M.mul(M.mul(xb, x), xb) == xb and
                      f == (M.mul(M.mul(x, s), xb) if side == "x s x̄" else M.mul(M.mul(xb, s), x) if side == "x̄ s x"
                            else None))
            else:
                ok = False
            if not ok:
                return proven, f"step {i} ({rule}) does not hold"
            got.append(f)
            proven[st["element"]] = f
        return proven, None
    for i, pr in enumerate(wit["proofs"]):
        u = word_letters(pr["word"], letters)
        total = [0] * len(letters)
        for a in u:
            total[a] += 1
        for p, g, c in pr["loops"]:
            p, g, c = int(p), word_letters(g, letters), int(c)
            if not 0 <= p <= len(u) or not g or M.of(u[:p] + g) != M.of(u[:p]):
                return proven, f"proof {i}: a loop does not return to its element"
            for a in g:
                total[a] += c
        if any(total):
            return proven, f"proof {i}: the letter counts do not cancel"
        proven[pr["element"]] = M.of(u)
        if M.of(word_letters(pr["element"], letters)) != M.of(u):
            return proven, f"proof {i}: its word is not of the element"
    return proven, None


def _check_no(M: TransitionMonoid, wit, base, prop, plus, letters) -> Check:
    if not isinstance(wit, dict) or wit.get("kind") != KERNEL_DERIVATION:
        return Check(False, f"a 'no' without its {KERNEL_DERIVATION}")
    if wit.get("base") != base or wit.get("property") != prop:
        return Check(False, "the witness is for another class")
    proven, bad = proven_in_kernel(M, wit, base, letters)
    if bad is not None:
        return Check(False, bad)
    inst = wit["instance"]
    ew = word_letters(inst["e"], letters)
    e = M.of(ew)
    if M.mul(e, e) != e or (plus and not ew):
        return Check(False, "e is not an idempotent" + (" of a non-empty word" if plus else ""))
    names = ("s",) if prop in ("aperiodic", "trivial") else ("x", "y") if prop == "DA" else ("s", "t", "k1", "k2")
    for n in names:
        if inst[n] not in proven:
            return Check(False, f"{n} is not shown in the kernel")
    v = {n: M.mul(M.mul(e, proven[inst[n]]), e) for n in names}
    kernel = f"{base}-kernel" + (" orbit eKe" if plus else "")
    if prop == "aperiodic":
        if M.power_cycle(v["s"]) == 1:
            return Check(False, "s^ω = s^(ω+1)")
        return Check(True, f"s is in the {kernel} and its powers cycle: the kernel is not aperiodic")
    if prop in ("DA", "trivial"):
        # DA: (xy)^ω y (xy)^ω against (xy)^ω; trivial: e·s·e against e
        f = M.omega(M.mul(v["x"], v["y"])) if prop == "DA" else e
        left = M.mul(M.mul(f, v["y"]), f) if prop == "DA" else v["s"]
        p, r = M.of(word_letters(inst["prefix"], letters)), M.of(word_letters(inst["suffix"], letters))
        if left == f or M.accepts(M.mul(M.mul(p, left), r)) == M.accepts(M.mul(M.mul(p, f), r)):
            return Check(False, "the context does not tell the two sides apart")
        if prop == "trivial":
            return Check(True, f"s is in the {base}-kernel and the context tells e·s·e from e apart: the orbit eKe "
                               "is not trivial")
        return Check(True, f"x, y are in the {kernel} and the context tells (xy)^ω y (xy)^ω from (xy)^ω apart: "
                           "not in DA")
    s, t, k1, k2 = v["s"], v["t"], v["k1"], v["k2"]
    if prop == "R-trivial":
        ok = M.mul(s, k1) == t and M.mul(t, k2) == s
    else:
        ok = M.mul(k1, s) == t and M.mul(k2, t) == s
    if s == t or not ok:
        return Check(False, "the instance is not two distinct equivalent elements")
    rel = "R" if prop == "R-trivial" else "L"
    return Check(True, f"s ≠ t in the {kernel}, s {rel} t within it: not {prop}")
