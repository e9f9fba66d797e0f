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
* Otherwise undecided, naming the depth reached and the budget.
"""

from __future__ import annotations

from dataclasses import dataclass

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
from .strictly_local_separation import letters_text, run_word

__all__ = ["TypeLassoFamily", "TYPE_PROOFS", "TypeOutcome", "decide_by_types", "window_of",
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
    neither for N large, so none, of any depth, separates L1 from L2."""

    fragment: str
    prefix: tuple
    period: tuple
    tail_L1: tuple
    tail_L2: tuple
    n0: int
    modulus: int

    def per_depth(self) -> int:
        """s: the letters of p^N each depth uses up (§4.3)."""
        k, past = window_of(Fragment.parse(self.fragment))
        return max(k, len(self.period)) if past else k

    def words(self, N: int) -> tuple[tuple, tuple]:
        base = tuple(self.prefix) + tuple(self.period) * N
        return base + tuple(self.tail_L1), base + tuple(self.tail_L2)

    def exponent(self, depth: int) -> int:
        """The least N ≡ n0 (mod modulus), N ≥ n0, with N·|p| ≥ depth·s."""
        need = -(-(depth * self.per_depth()) // len(self.period))
        N = self.n0
        while N < need:
            N += self.modulus
        return N

    def check(self, d1: DFA, d2: DFA) -> bool:
        """Re-check from the words alone: p primitive and non-empty; its ``modulus`` copies
        loop on the states after l·p^n0 in D1 and in D2 (so membership recurs); the words at
        n0, n0 + t, n0 + 2t in L1 and L2; the two N+1 nodes in one block of the lasso graph
        (:func:`~..checks.verify.lasso_blocks_equal`, the referee's own graph); and, at each
        depth of ``FAMILY_CHECK_DEPTHS``, one type for the two words at the exponent the
        bound allows (:func:`~..checks.indistinguishable.agreement_depth`)."""
        fr = Fragment.parse(self.fragment)
        if "S" in fr.operators:
            return False
        p = tuple(self.period)
        L = len(p)
        if not L or any(p == p[:d] * (L // d) for d in range(1, L) if L % d == 0):
            return False
        if self.n0 < 0 or self.modulus < 1:
            return False
        for d in (d1, d2):
            q = run_word(d, int(d.initial), tuple(self.prefix) + p * self.n0)
            if run_word(d, q, p * self.modulus) != q:
                return False
        for j in range(3):
            u, v = self.words(self.n0 + j * self.modulus)
            if not (d1.accepting[run_word(d1, int(d1.initial), u)] and d2.accepting[run_word(d2, int(d2.initial), v)]):
                return False
        k, past = window_of(fr)
        if not lasso_blocks_equal(p, tuple(self.tail_L1), tuple(self.tail_L2), k or None, past):
            return False
        for depth in FAMILY_CHECK_DEPTHS:
            u, v = self.words(self.exponent(depth))
            if max(len(u), len(v)) > MAX_CHECK_LENGTH:
                break
            if agreement_depth(u, v, fr, cap=depth) != depth:
                return False
        return True

    def text(self, alphabet) -> str:
        l, p, x, y = (letters_text(alphabet, w) or "ε" for w in (self.prefix, self.period, self.tail_L1,
                                                                  self.tail_L2))
        s = self.per_depth()
        return (f"for every N ≡ {self.n0} mod {self.modulus} (N ≥ {self.n0}), l·p^N·x ∈ L1 and l·p^N·y ∈ L2 "
                f"with l = {l}, p = {p}, x = {x}, y = {y}; the N+1 nodes of x and y are bisimilar in the "
                f"lasso graph of {self.fragment}, so the two words agree at depth d once N·{len(self.period)} "
                f"≥ d·{s}: no formula of {self.fragment}, of any depth, separates them")

    def to_json(self, alphabet) -> dict:
        return {"kind": "type lasso", "fragment": self.fragment,
                "prefix": letters_text(alphabet, self.prefix), "period": letters_text(alphabet, self.period),
                "tail_L1": letters_text(alphabet, self.tail_L1), "tail_L2": letters_text(alphabet, self.tail_L2),
                "n0": self.n0, "modulus": self.modulus, "per_depth": self.per_depth()}


TYPE_PROOFS = {"type lasso": lambda j, w: TypeLassoFamily(
    str(Fragment.parse(j["fragment"])), w(j["prefix"]), w(j["period"]), w(j["tail_L1"]), w(j["tail_L2"]),
    int(j["n0"]), int(j["modulus"]))}


@dataclass(frozen=True)
class TypeOutcome:
    """What the types said: ``formula`` (text, with its ``definitions`` when the certificate
    is printed shared; its DFA ``dfa``, on which L1 ⊆ K and K ∩ L2 = ∅ were checked) at
    ``depth``; or ``family`` (not separable at any depth); or
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


def decide_by_types(fragment: Fragment, d1: DFA, d2: DFA, limits: Limits) -> TypeOutcome:
    """Separation of L1 from L2 (same alphabet, L1 ∩ L2 = ∅ known) by the fragment (without
    S): a lasso over the product first (cheap; "not separable" at every depth), then the
    types at depth 1, 2, … ``limits.max_depth``, each exact, within ``limits.type_states``
    states and ``limits.memory_budget`` bytes; the first depth that separates gives the
    separator.  A separator whose DFA exceeds ``limits.synthesis_states`` is not built (the
    answer then says the types separate at that depth)."""
    k, past = window_of(fragment)
    name = str(fragment)
    lasso = separation_lasso(d1, d2, k, past, max_period=max(k, 1) + 2, max_tail=LASSO_TAIL)
    if lasso is not None:
        family = TypeLassoFamily(name, lasso.prefix, lasso.period, lasso.tail_in, lasso.tail_out,
                                 lasso.n0, lasso.modulus)
        return TypeOutcome(family=family)
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
    return TypeOutcome(depth_reached=reached, words=words, stopped=stopped)
