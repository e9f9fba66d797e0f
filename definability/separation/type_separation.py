"""Separation by the window fragments LTL[Y<=k] (k ≥ 2), LTL[P,Y<=k] (k ≥ 1; LTL[P,Y] is
k = 1) and LTL[P] through bounded-depth types over the pair of DFAs
(docs/decision-procedures.md §11.7).

* **At depth ≤ d, exact.** The type automaton of depth d explored with the product D1 × D2
  (:func:`~..algebra.types.type_separation`): L1, L2 are separable by a formula of depth ≤ d
  iff no N+1 type of depth d is met by a word of L1 and by a word of L2 (the depth-d types
  are finitely many and each is defined by its χ, so the union of the types met by L1 is the
  least depth-d-definable language containing L1).  "Separable": the disjunction of those
  χ, tidied and printed with shared definitions when large, its DFA rebuilt from the formula's text and L1 ⊆ K, K ∩ L2 = ∅ checked; "not at
  depth d": two words, u ∈ L1 and v ∈ L2, with one depth-d type.
* **At every depth.** A lasso over the product (:func:`~..algebra.types.separation_lasso`):
  l·p^N·x ∈ L1 and l·p^N·y ∈ L2 for N ≡ n0 modulo t, with the N+1 nodes of ^ω(p)·x and
  ^ω(p)·y bisimilar in the lasso graph; then for every d the two words have one depth-d type
  once N·|p| ≥ d·s (§4.3), so no formula of the fragment separates L1 from L2
  (:class:`TypeLassoFamily`, re-checked by :meth:`TypeLassoFamily.check` with the referee's
  own lasso graph and the type recursion of :mod:`..checks.indistinguishable`).
* At every depth, with a window (k ≥ 1): the locally R-trivial family of
  :mod:`.locally_r_trivial_family` (every fragment here lies inside LTL[P,Y] = LR).
* Otherwise undecided, naming the depth reached and the budget.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...automata.dfa import DFA
from ...automata.operations import intersection, is_empty, is_subset
from ...automata.sources import load_language
from ...kernel.errors import LimitExceeded, MemoryBudgetExceeded
from ...kernel.limits import Limits
from ...kernel.work import OverBudget
from ...ltl.definitions import certificate
from ...ltl.fragments import Fragment
from ..algebra.types import separation_lasso, type_separation
from ..certify.synthesis import tidy
from ..checks.indistinguishable import MAX_CHECK_LENGTH, agreement_depth
from ..checks.verify import lasso_blocks_equal
from .locally_r_trivial_family import LR_FRAGMENT, LR_PROOFS, locally_r_trivial_family
from .strictly_local_separation import letters_text, run_word

__all__ = ["TypeLassoFamily", "TYPE_PROOFS", "TypeOutcome", "decide_by_types", "lasso_outcome", "window_of", "family_of",
           "LASSO_TAIL", "FAMILY_CHECK_DEPTHS"]

#: the longest tails x, y of the lasso over the product (periods up to k + 2, at least 2)
LASSO_TAIL = 3
#: the depths at which :meth:`TypeLassoFamily.check` compares the two words' types, computed
#: from the words by the type recursion (each at the least N the bound of §4.3 allows)
FAMILY_CHECK_DEPTHS = (1, 2, 3)


def window_of(fragment: Fragment) -> tuple[int, bool]:
    """(k, past) of a fragment without S for the type automaton: k = 0 when it has no
    window (LTL[P])."""
    k, past, _ = fragment.type_sets
    return (k or 0), past


@dataclass(frozen=True)
class TypeLassoFamily:
    """For every N ≡ ``n0`` modulo ``modulus`` (N ≥ n0): l·p^N·x ∈ L1 and l·p^N·y ∈ L2
    (l = ``prefix``, p = ``period``, x = ``tail_L1``, y = ``tail_L2``), and the N+1 nodes of
    ^ω(p)·x and ^ω(p)·y are in one block of the lasso graph of ``fragment``.  Then the two
    words have one depth-d type at N+1 once N·|p| ≥ d·s (s = k without P, max(k, |p|) with
    P; docs/decision-procedures.md §4.3): every formula of the fragment holds on both or on
    neither for N large, so none, of any depth, separates L1 from L2.

    Two periods (``period_L2`` = q given; no P, no prefix): p^N·x ∈ L1 for N ≡ n0 (mod
    modulus) and q^M·y ∈ L2 for M ≡ ``n0_L2`` (mod ``modulus_L2``), the N+1 nodes of ^ω(p)·x
    and ^ω(q)·y in one block of the two-cycle graph: one depth-d type once N·|p| ≥ d·k and
    M·|q| ≥ d·k (§4.3, two periods)."""

    fragment: str
    prefix: tuple
    period: tuple
    tail_L1: tuple
    tail_L2: tuple
    n0: int
    modulus: int
    period_L2: tuple | None = None
    n0_L2: int | None = None
    modulus_L2: int | None = None

    @property
    def shared(self) -> bool:
        return self.period_L2 is None

    def per_depth(self) -> int:
        """s: the letters of p^N each depth uses up (§4.3)."""
        k, past = window_of(Fragment.parse(self.fragment))
        return max(k, len(self.period)) if past else k

    def _sides(self) -> tuple[tuple, tuple]:
        """((p, n0, t) of the L1 word, (q, m0, t') of the L2 word)."""
        one = (tuple(self.period), self.n0, self.modulus)
        return one, (one if self.shared else (tuple(self.period_L2), self.n0_L2, self.modulus_L2))

    def words(self, N: int, M: int | None = None) -> tuple[tuple, tuple]:
        (p, _, _), (q, _, _) = self._sides()
        M = N if M is None else M
        return (tuple(self.prefix) + p * N + tuple(self.tail_L1), tuple(self.prefix) + q * M + tuple(self.tail_L2))

    def exponents(self, depth: int) -> tuple[int, int]:
        """The least (N, M) in their residue classes with N·|p| ≥ depth·s and M·|q| ≥
        depth·s (N = M for a shared period)."""
        s = self.per_depth()

        def least(p, n0, modulus):
            need = -(-(depth * s) // len(p))
            return n0 if n0 >= need else n0 + -(-(need - n0) // modulus) * modulus
        (p, n0, t), (q, m0, t2) = self._sides()
        if self.shared:
            N = least(p, n0, t)
            return N, N
        return least(p, n0, t), least(q, m0, t2)

    def check(self, d1: DFA, d2: DFA) -> bool:
        """Re-check from the words alone: the periods primitive and non-empty; ``modulus``
        copies of p loop on the state after l·p^n0 in D1 (and those of q after l·q^m0 in D2;
        for a shared period both in both); the words at three exponents of their classes in
        L1 and L2; the two N+1 nodes in one block of the lasso graph
        (:func:`~..checks.verify.lasso_blocks_equal`, the referee's own graph, with q's cycle
        for two periods); and, at each depth of ``FAMILY_CHECK_DEPTHS``, one type for the two
        words at the exponents the bound allows (:func:`~..checks.indistinguishable.agreement_depth`)."""
        fr = Fragment.parse(self.fragment)
        if "S" in fr.operators:
            return False
        k, past = window_of(fr)
        if not self.shared and (past or self.prefix or self.n0_L2 is None or self.modulus_L2 is None):
            return False
        sides = self._sides()
        for p, n0, t in sides:
            L = len(p)
            if not L or any(p == p[:d] * (L // d) for d in range(1, L) if L % d == 0) or n0 < 0 or t < 1:
                return False
        (p, n0, t), (q, m0, t2) = sides
        loops = [(d, p, n0, t) for d in (d1, d2)] if self.shared else [(d1, p, n0, t), (d2, q, m0, t2)]
        for d, period, start, turn in loops:
            state = run_word(d, int(d.initial), tuple(self.prefix) + period * start)
            if run_word(d, state, period * turn) != state:
                return False
        for j in range(3):
            u, v = self.words(n0 + j * t, m0 + j * t2)
            if not (d1.accepting[run_word(d1, int(d1.initial), u)] and d2.accepting[run_word(d2, int(d2.initial), v)]):
                return False
        if not lasso_blocks_equal(p, tuple(self.tail_L1), tuple(self.tail_L2), k or None, past,
                                  None if self.shared else q):
            return False
        for depth in FAMILY_CHECK_DEPTHS:
            u, v = self.words(*self.exponents(depth))
            if max(len(u), len(v)) > MAX_CHECK_LENGTH:
                break
            if agreement_depth(u, v, fr, cap=depth) != depth:
                return False
        return True

    def text(self, alphabet) -> str:
        l, p, x, y = (letters_text(alphabet, w) or "ε" for w in (self.prefix, self.period, self.tail_L1,
                                                                  self.tail_L2))
        s = self.per_depth()
        if not self.shared:
            q = letters_text(alphabet, self.period_L2)
            return (f"for every N ≡ {self.n0} mod {self.modulus} (N ≥ {self.n0}) and M ≡ {self.n0_L2} mod "
                    f"{self.modulus_L2} (M ≥ {self.n0_L2}), p^N·x ∈ L1 and q^M·y ∈ L2 with p = {p}, x = {x}, "
                    f"q = {q}, y = {y}; the N+1 nodes are in one block of the two-cycle graph of "
                    f"{self.fragment}, so the two words agree at depth d once N·{len(self.period)} ≥ d·{s} and "
                    f"M·{len(self.period_L2)} ≥ d·{s}: no formula of {self.fragment}, of any depth, separates them")
        return (f"for every N ≡ {self.n0} mod {self.modulus} (N ≥ {self.n0}), l·p^N·x ∈ L1 and l·p^N·y ∈ L2 "
                f"with l = {l}, p = {p}, x = {x}, y = {y}; the N+1 nodes of x and y are bisimilar in the "
                f"lasso graph of {self.fragment}, so the two words agree at depth d once N·{len(self.period)} "
                f"≥ d·{s}: no formula of {self.fragment}, of any depth, separates them")

    def to_json(self, alphabet) -> dict:
        out = {"kind": "type lasso", "fragment": self.fragment,
               "prefix": letters_text(alphabet, self.prefix), "period": letters_text(alphabet, self.period),
               "tail_L1": letters_text(alphabet, self.tail_L1), "tail_L2": letters_text(alphabet, self.tail_L2),
               "n0": self.n0, "modulus": self.modulus, "per_depth": self.per_depth()}
        if not self.shared:
            out.update(period_L2=letters_text(alphabet, self.period_L2), n0_L2=self.n0_L2,
                       modulus_L2=self.modulus_L2)
        return out


def family_of(fragment: str, lasso) -> TypeLassoFamily:
    """The family of a :class:`~..algebra.types.LassoWitness` over the pair (tail_in read in
    D1, tail_out in D2; two periods when it is not shared)."""
    family = TypeLassoFamily(fragment, lasso.prefix, lasso.period, lasso.tail_in, lasso.tail_out,
                             lasso.n0, lasso.modulus)
    if lasso.shared:
        return family
    return replace(family, period_L2=lasso.period_out, n0_L2=lasso.n0_out, modulus_L2=lasso.modulus_out)


def _family_from_json(j: dict, w) -> TypeLassoFamily:
    two = "period_L2" in j
    return TypeLassoFamily(str(Fragment.parse(j["fragment"])), w(j["prefix"]), w(j["period"]), w(j["tail_L1"]),
                           w(j["tail_L2"]), int(j["n0"]), int(j["modulus"]),
                           w(j["period_L2"]) if two else None, int(j["n0_L2"]) if two else None,
                           int(j["modulus_L2"]) if two else None)


TYPE_PROOFS = {"type lasso": _family_from_json, **LR_PROOFS}


@dataclass(frozen=True)
class TypeOutcome:
    """What the types said: ``formula`` (text, with its ``definitions`` when the certificate
    is printed shared; its DFA ``dfa``, on which L1 ⊆ K and K ∩ L2 = ∅ were checked) at
    ``depth``; or ``family`` (not separable at any depth: a :class:`TypeLassoFamily` or a
    :class:`~.locally_r_trivial_family.LocallyRTrivialFamily`, ``method`` saying which); or
    neither, with ``depth_reached`` (the deepest depth decided: not separable there, the
    pair ``words`` u ∈ L1, v ∈ L2 of one type) and ``stopped`` (why it went no deeper)."""

    formula: str | None = None
    dfa: DFA | None = None
    definitions: tuple = ()
    depth: int | None = None
    family: TypeLassoFamily | None = None
    depth_reached: int = 0
    words: tuple | None = None
    stopped: str = ""
    method: str = ""


def lasso_outcome(fragment: Fragment, d1: DFA, d2: DFA) -> TypeOutcome | None:
    """Theorem 2's lasso over the product (periods up to max(k, 1) + 2, tails up to
    :data:`LASSO_TAIL`): "not separable" at every depth, or None."""
    k, past = window_of(fragment)
    lasso = separation_lasso(d1, d2, k, past, max_period=max(k, 1) + 2, max_tail=LASSO_TAIL)
    if lasso is None:
        return None
    return TypeOutcome(family=family_of(str(fragment), lasso), method=(
        f"a lasso over D1 × D2 with bisimilar ends: a word of L1 and a word of L2 of one type at every "
        f"depth ({fragment}, §11.7)"))


def decide_by_types(fragment: Fragment, d1: DFA, d2: DFA, limits: Limits) -> TypeOutcome:
    """Separation of L1 from L2 (same alphabet, L1 ∩ L2 = ∅ known) by the fragment (without
    S): a lasso over the product first (cheap; "not separable" at every depth), with a
    window the locally R-trivial family (every depth, every fragment inside LTL[P,Y]), then the
    types at depth 1, 2, … ``limits.max_depth``, each exact, within ``limits.type_states``
    states and ``limits.memory_budget`` bytes; the first depth that separates gives the
    separator.  A separator whose DFA exceeds ``limits.synthesis_states`` is not built (the
    answer then says the types separate at that depth)."""
    k, past = window_of(fragment)
    name = str(fragment)
    found = lasso_outcome(fragment, d1, d2)
    if found is not None:
        return found
    family, refused = None, ""
    try:
        family = locally_r_trivial_family(d1, d2, limits) if k else None
    except LimitExceeded as e:
        refused = f"; the search for a locally R-trivial family was refused: {e}"
    if family is not None:
        return TypeOutcome(family=family, method=(
            "a family that every locally R-trivial semigroup confuses: (st)^ω s = (st)^ω in eSe ("
            + ("" if name == LR_FRAGMENT else f"{name} ⊆ ") + f"{LR_FRAGMENT} = LR, §11.7)"))
    reached, words, stopped = 0, None, f"max_depth = {limits.max_depth}"
    for depth in range(1, limits.max_depth + 1):
        try:
            res = type_separation(d1, d2, k, past, depth, limit=limits.type_states,
                                  memory_budget=limits.memory_budget)
        except LimitExceeded:
            stopped = f"the type automaton of depth {depth} exceeds type_states = {limits.type_states:,}"
            break
        except MemoryBudgetExceeded:
            stopped = f"the type automaton of depth {depth} exceeds memory_budget = {limits.memory_budget:,} bytes"
            break
        except OverBudget as e:             # pragma: no cover - no formula_steps passed
            stopped = str(e)
            break
        if not res.separable:
            reached, words = depth, res.words
            continue
        printed = certificate(tidy(res.formula, fragment.allows))     # a tree, or shared when large
        text = printed.text
        try:
            dfa = load_language(formula=text, alphabet=list(d1.alphabet),
                                state_limit=limits.synthesis_states).dfa
        except LimitExceeded:
            return TypeOutcome(depth_reached=depth, stopped=(
                f"the types separate at depth {depth}, but the separator's DFA exceeds synthesis_states = "
                f"{limits.synthesis_states:,}"))
        dfa = dfa.with_alphabet_order(d1.alphabet) if dfa.alphabet != d1.alphabet else dfa
        if not is_subset(d1, dfa) or not is_empty(intersection(dfa, d2)):
            raise AssertionError(f"the type separator of {name} failed its exact check")
        return TypeOutcome(formula=text, dfa=dfa, depth=depth, definitions=printed.definitions)
    return TypeOutcome(depth_reached=reached, words=words, stopped=stopped + refused)
