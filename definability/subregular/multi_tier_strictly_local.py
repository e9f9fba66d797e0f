"""MTSL: the multi-tier strictly local languages — the intersections of TSL languages on
(possibly different) tiers (Aksënova and Deshmukh 2018; De Santo and Graf 2019).

For T ⊆ Σ let π_T erase the letters off T.  A language is TSL_k on T when it is {w : every
k-factor of ⋊π_T(w)⋉ (the whole marked word when shorter) lies in F} for a set F of
*permitted* factors; L is MTSL_k when L = L₁ ∩ … ∩ L_m with L_i TSL_k on a tier T_i.

**Closure.** Let F_T(L) be the factors of ⋊π_T(w)⋉ over the words w ∈ L and C_T(L) the TSL_k
language on T that F_T(L) permits: the least TSL_k language on T containing L (a TSL_k
language on T containing L permits every factor of F_T(L)).

**Theorem.** L ∈ MTSL_k iff L = ⋂_T C_T(L), T over the non-empty subsets of the letters that
act on the minimal DFA (T₁, :mod:`..algebra.tiers`).  Proof: "if" — the right side is an
intersection of TSL_k languages.  "Only if" — let L = ⋂ L_i, L_i TSL_k on T_i.  Then L ⊆
C_T(L) for every T, and C_{T_i}(L) ⊆ L_i (L ⊆ L_i, and C is the least), so ⋂_T C_T(L) ⊆
⋂ L_i = L, over all tiers T ⊆ Σ.  Tiers with a neutral letter add nothing: if T = T' ∪ N
with N neutral (off T₁) and T' ≠ ∅, then C_{T'}(L) ⊆ C_T(L) — a factor f of ⋊π_T(v)⋉, its
N-letters deleted, lies in a permitted factor g of ⋊π_{T'}(v)⋉, which occurs in ⋊π_{T'}(w)⋉
for some w ∈ L; delete w's N-letters and insert f's around g's letters (L is closed under
both): the word is in L and f occurs in its projection on T —; and when T ⊆ N, C_T(L) = Σ*
for L ≠ ∅ (every word of N* is the projection of a word of L).  So the tiers inside T₁
suffice: 2^|T₁| − 1 of them.  ∎

**Decision** (:func:`decide_at`, a fixed k): F_T(L) by a breadth-first search of the
product of the DFA's useful states with a window of the last k − 1 tier symbols (the
letters off T leave the window unchanged); C_T(L) as a DFA over Σ (its states the windows);
the intersection built tier by tier, T₁ first (a TSL language needs no more: when L ∩ T₁*
is SL_k by SL's pair graph (its least k), L is TSL_k on T₁ and "yes" stands even if the closure's search
passes the limits, the certificate then not built), then the subsets of T₁ by size, each kept only when it shrinks the intersection, and minimised; "yes"
as soon as it equals L (the tiers kept and their permitted factors: the certificate);
"no" when every tier is in and a word w of the intersection lies outside L (the witness:
w, and for every tier T ⊆ T₁ each factor of ⋊π_T(w)⋉ with a word of L whose projection
has it).  Budgets (kernel/limits.py): :data:`MTSL_TIERS` tiers (a "yes" found among the
first ones stands; a "no" needs them all: beyond, undecided naming the budget), and
``Limits.synthesis_states`` (the windows and every product).

**MTSL** (:func:`decide`): the least k with L ∈ MTSL_k, k = 1 … :data:`MTSL_ORDERS`; beyond,
undecided — no bound on the k needed is known for an intersection (for one tier, SL's
pair graph gives it, §10).  A language outside the star-free ones is in no MTSL_k (every TSL
language is star-free): the classification settles that "no" by the declared inclusion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from ...automata.dfa import DFA
from ...automata.operations import equivalent, product, shortest_accepted
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..algebra.profiles import END, START, symbols_text
from ...automata.minimize import minimize
from ..algebra.tiers import on_tier, tier_of
from ..checks.verify import Check
from ..checks.verify_multi_tier import check_multi_tier
from ..contract.classes import LanguageClass
from ..values.pumped import ClassWitness
from . import ClassAnswer, ClassProcedure, accepted_suffix, letters
from . import strictly_local
from .strictly_local import useful

__all__ = ["TierClosure", "MultiTierFactors", "MultiTierCover", "closure", "decide_at", "decide",
           "multi_tier_class", "MTSL_TIERS", "MTSL_ORDERS", "PROCEDURE", "CLASS"]

#: tiers whose closures are intersected before "undecided" (kernel/limits.py)
MTSL_TIERS = _limits.MTSL_TIERS
#: the orders k tried by MTSL, 1 … this (kernel/limits.py)
MTSL_ORDERS = _limits.MTSL_ORDERS


def _slide(window: tuple, symbol, k: int) -> tuple:
    """(the k-factor completed by reading ``symbol`` or None, the window of the last k − 1
    symbols after it)."""
    new = window + (symbol,)
    return (new, new[1:]) if len(new) == k else (None, new)


@dataclass(frozen=True, eq=False)
class TierClosure:
    """F_T(L): the ``permitted`` marked k-factors (tuples of letter indices and the markers)
    of ⋊π_T(w)⋉ over w ∈ L, T = ``tier`` (letter indices); ``found``: for each, where the
    search met it (a node of the product and the symbol read), to write a word of L."""

    tier: tuple
    k: int
    permitted: frozenset
    found: dict = field(repr=False)
    parent: dict = field(repr=False)

    def word_with(self, dfa, factor) -> list[int]:
        """A word of L whose ⋊π_T(w)⋉ has ``factor``."""
        node, symbol = self.found[factor]
        if node is None:                                   # ⋊ alone (k = 1)
            return list(_shortest_accepted_indices(dfa))
        prefix = []
        at = node
        while self.parent[at] is not None:
            at, a = self.parent[at]
            prefix.append(a)
        prefix.reverse()
        if symbol == END:
            return prefix
        return prefix + [symbol] + accepted_suffix(dfa, int(dfa.transitions[node[0], symbol]))

    def automaton(self, dfa, state_limit: int) -> DFA:
        """C_T(L): the words all of whose k-factors of ⋊π_T(w)⋉ are permitted, as a DFA
        over the whole alphabet (states: the windows, and a dead state)."""
        k, F, on = self.k, self.permitted, set(self.tier)
        first, w0 = _slide((), START, k)
        index, rows = {}, []
        m = len(dfa.alphabet)
        dead = None if first is None or first in F else 0
        todo = [w0] if dead is None else []
        if dead is None:
            index[w0] = 0
        while todo:
            win = todo.pop()
            row = [0] * m
            for a in range(m):
                if a not in on:
                    row[a] = index[win]
                    continue
                f, nw = _slide(win, a, k)
                if f is not None and f not in F:
                    row[a] = -1
                    continue
                if nw not in index:
                    if len(index) >= state_limit:
                        raise LimitExceeded("windows of C_T(L)", state_limit, parameters=("synthesis_states",))
                    index[nw] = len(index)
                    todo.append(nw)
                row[a] = index[nw]
            rows.append((index[win], row))
        n = len(index) + 1
        table = np.full((n, m), n - 1, dtype=np.int64)
        acc = np.zeros(n, dtype=bool)
        for win, i in index.items():
            acc[i] = win + (END,) in F
        for i, row in rows:
            table[i] = [n - 1 if r < 0 else r for r in row]
        return DFA(dfa.alphabet, table, 0 if dead is None else n - 1, acc)


def _shortest_accepted_indices(dfa) -> tuple:
    w = shortest_accepted(dfa)
    return tuple(dfa.alphabet.index(a) for a in w)


def closure(dfa, tier: tuple, k: int, state_limit: int) -> TierClosure:
    """F_T(L) by a breadth-first search over (useful state, window of the last k − 1 tier
    symbols); LimitExceeded beyond ``state_limit`` nodes."""
    T = np.asarray(dfa.transitions)
    use = useful(dfa)
    on = set(tier)
    found: dict = {}
    parent: dict = {}
    if not use[dfa.initial]:
        return TierClosure(tuple(tier), k, frozenset(), found, parent)
    first, w0 = _slide((), START, k)
    if first is not None:
        found[first] = (None, START)
    start = (int(dfa.initial), w0)
    parent[start] = None
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            q, win = node
            if dfa.accepting[q]:
                found.setdefault(win + (END,), (node, END))
            for a in range(T.shape[1]):
                r = int(T[q, a])
                if not use[r]:
                    continue
                if a in on:
                    f, nw = _slide(win, a, k)
                    if f is not None:
                        found.setdefault(f, (node, a))
                else:
                    nw = win
                child = (r, nw)
                if child not in parent:
                    if len(parent) >= state_limit:
                        raise LimitExceeded(f"nodes of the search for the permitted {k}-factors on a tier",
                                            state_limit, parameters=("synthesis_states",))
                    parent[child] = (node, a)
                    nxt.append(child)
        frontier = nxt
    return TierClosure(tuple(tier), k, frozenset(found), found, parent)


def _factor_names(alphabet, f) -> tuple:
    """(starts with ⋊, its letters' names, ends with ⋉)."""
    start, end = f[:1] == (START,), f[-1:] == (END,)
    core = f[1 if start else 0:len(f) - (1 if end else 0)]
    return start, tuple(alphabet[a] for a in core), end


def _factor_json(alphabet, f, sep: str) -> list:
    start, core, end = _factor_names(alphabet, f)
    return [start, sep.join(core), end]


@dataclass(frozen=True)
class MultiTierFactors:
    """L = ⋂ over the ``tiers`` (letter names, with their permitted k-factors as tuples of
    letter indices and markers) of the TSL_k language each permits."""

    k: int
    alphabet: tuple
    tiers: tuple            # ((tier names, permitted factors), ...)

    def to_json(self, sep: str = "") -> dict:
        return {"kind": "multi-tier factors", "k": self.k,
                "tiers": [{"tier": list(t), "permitted": [_factor_json(self.alphabet, f, sep) for f in fs]}
                          for t, fs in self.tiers]}

    def text(self, sep: str = "", limit: int = 12) -> str:
        parts = []
        for t, fs in self.tiers:
            shown = [symbols_text(self.alphabet, f, sep) for f in fs]
            more = f", … ({len(shown) - limit} more)" if len(shown) > limit else ""
            parts.append(f"on {{{', '.join(t)}}} the {self.k}-factors {{{', '.join(shown[:limit])}{more}}}")
        return ("the intersection of " + str(len(self.tiers)) + " TSL languages (checked equal to L): "
                + "; ".join(parts) + " (the JSON form has all)")


@dataclass(frozen=True)
class MultiTierCover(ClassWitness):
    """A word w ∉ L (``outs``) in every C_T(L), T ⊆ T₁: ``tiers`` lists, for each tier
    (letter names), each marked factor of ⋊π_T(w)⋉ with a word of L (in ``ins``) whose
    projection has it."""

    tiers: tuple = ()        # ((tier names, (((⋊?, letters, ⋉?), word), ...)), ...)

    def to_json(self, sep: str = "") -> dict:
        out = super().to_json(sep)
        out["tiers"] = [{"tier": list(t), "factors": [{"factor": [f[0], sep.join(f[1]), f[2]], "in": sep.join(w)}
                                                      for f, w in fs]}
                        for t, fs in self.tiers]
        return out

    def text(self, sep: str = "", indent: str = "") -> str:
        return super().text(sep, indent) + f" ({len(self.tiers)} tiers, each factor with a word of L in the JSON form)"


def _tiers(acting: tuple) -> list[tuple]:
    """T₁ first, then its other non-empty subsets by size."""
    rest = [c for n in range(1, len(acting)) for c in combinations(acting, n)]
    return [tuple(acting)] + rest


def _witness(dfa, w: tuple, k: int, closures: list) -> MultiTierCover:
    """w's factors on every tier, each with a word of L that has it."""
    word = [dfa.alphabet.index(a) for a in w]
    ins: dict = {}
    tiers = []
    for c in closures:
        marked = (START,) + tuple(a for a in word if a in c.tier) + (END,)
        fs = [marked] if len(marked) < k else list(dict.fromkeys(marked[i:i + k]
                                                                 for i in range(len(marked) - k + 1)))
        rows = []
        for f in fs:
            u = letters(dfa, c.word_with(dfa, f))
            ins.setdefault(u, None)
            rows.append((_factor_names(dfa.alphabet, f), u))
        tiers.append((tuple(dfa.alphabet[a] for a in c.tier), tuple(rows)))
    claim = (f"on every tier of letters that act, every {k}-factor of ⋊π_T(out)⋉ occurs in the "
             f"projection of a word of L: an intersection of TSL_{k} languages containing L contains it")
    return MultiTierCover("multi-tier cover", tuple(ins), (tuple(w),), k, claim, tiers=tuple(tiers))


def _needed(dfa, kept: list, states: int) -> list:
    """The tiers of ``kept`` ((closure, its DFA) pairs whose intersection is L) without those
    the others already make redundant (each dropped when the rest still intersect to L)."""
    out = list(kept)
    for item in list(kept):
        rest = [cd for c, cd in out if c is not item[0]]
        if not rest:
            continue
        inter = rest[0]
        for cd in rest[1:]:
            inter = product(inter, cd, np.logical_and, state_limit=states)
        if equivalent(inter, dfa, state_limit=states):
            out = [x for x in out if x[0] is not item[0]]
    return out


def decide_at(k: int, dfa, limits: Limits | None = None, certificates: bool = True) -> ClassAnswer:
    """Whether L(dfa) (minimal) is MTSL_k (module docstring)."""
    limits = Limits() if limits is None else limits
    acting = tier_of(dfa)
    tiers = _tiers(acting)
    states = limits.synthesis_states
    inter, kept, closures = None, [], []
    shown = "{" + ", ".join(dfa.alphabet[a] for a in acting) + "}"
    sl = strictly_local.decide(minimize(on_tier(dfa, acting)), limits, False)     # its least k
    one_tier = bool(sl.member) and sl.k <= k
    if one_tier:
        # L ∩ T₁* is SL_k and the letters off T₁ are neutral: L is TSL_k on T₁, so MTSL_k
        method = f"MTSL_{k}: TSL_{k} on the tier {shown} of the letters that act (L ∩ {shown}* is SL_{k})"
        if not certificates:
            return ClassAnswer(True, method, k, least=False)
    try:
        for n, tier in enumerate(tiers):
            if n >= MTSL_TIERS:
                return ClassAnswer(None, f"undecided MTSL_{k}: no intersection of the closures on the first "
                                         f"{MTSL_TIERS} tiers equals L, and there are {len(tiers)} tiers of the "
                                         f"{len(acting)} letters that act (MTSL_TIERS = {MTSL_TIERS}, "
                                         "kernel/limits.py)", least=False)
            c = closure(dfa, tier, k, states)
            closures.append(c)
            cd = c.automaton(dfa, states)
            new = cd if inter is None else product(inter, cd, np.logical_and, state_limit=states)
            if inter is None or not equivalent(new, inter, state_limit=states):
                inter = new
                kept.append((c, cd))
            if equivalent(inter, dfa, state_limit=states):
                kept = [c for c, _ in _needed(dfa, kept, states)]
                names = [tuple(dfa.alphabet[a] for a in t.tier) for t in kept]
                method = (f"MTSL_{k}: L is the intersection of the least TSL_{k} languages containing it on "
                          f"{len(kept)} tier{'s' if len(kept) > 1 else ''} ("
                          + "; ".join("{" + ", ".join(t) + "}" for t in names) + ")")
                cert = (MultiTierFactors(k, tuple(dfa.alphabet), tuple(
                    (t, tuple(sorted(c.permitted, key=lambda f: (len(f), [str(x) for x in f]))))
                    for t, c in zip(names, kept))) if certificates else None)
                return ClassAnswer(True, method, k, cert, None, None, least=False)
        gap = product(inter, dfa, lambda x, y: x & ~y, state_limit=states)
        w = shortest_accepted(gap)
    except LimitExceeded as exc:
        if one_tier:
            return ClassAnswer(True, method + f"; certificate not built (beyond limit: {exc})", k, least=False)
        return ClassAnswer(None, f"undecided MTSL_{k}: {exc} (Limits.synthesis_states)", least=False)
    method = (f"not MTSL_{k}: {''.join(w) or 'ε'} ∉ L lies in the least TSL_{k} language containing L on "
              f"each of the {len(tiers)} tiers of the letters that act")
    return ClassAnswer(False, method, witness=_witness(dfa, w, k, closures) if certificates else None,
                       least=False)


def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
    """MTSL: the least k ≤ :data:`MTSL_ORDERS` with L ∈ MTSL_k, the witness for k − 1 beside
    it; undecided beyond (no bound on k is known)."""
    below, open_, why = None, [], ""
    for k in range(1, MTSL_ORDERS + 1):
        ans = decide_at(k, dfa, limits, certificates)
        if ans.member is None:                   # beyond a budget: a larger k may still say yes
            open_.append(k)
            why = why or ans.method
            below = None
        elif ans.member:
            if open_:
                return ClassAnswer(True, ans.method + f"; the least k is not settled (MTSL_j undecided for "
                                   f"j = {', '.join(map(str, open_))}: {why})", k, ans.certificate, least=False)
            return ClassAnswer(True, ans.method + f"; least k = {k}", k, ans.certificate, None, below)
        else:
            below = ans.witness
    if open_:
        return ClassAnswer(None, f"undecided: MTSL_j undecided for j = {', '.join(map(str, open_))} ({why}), "
                                 f"not MTSL_k for the other k ≤ {MTSL_ORDERS} (MTSL_ORDERS, kernel/limits.py)")
    return ClassAnswer(None, f"undecided: not MTSL_k for k ≤ {MTSL_ORDERS} (MTSL_ORDERS, kernel/limits.py); "
                             "no bound on the k needed is known, so larger k are not ruled out")


def _check(order: int | None):
    def check(dfa, answer: dict, sep: str = "") -> Check:
        return check_multi_tier(dfa, answer, sep, order)
    return check


def multi_tier_class(k: int) -> LanguageClass:
    """The declaration of MTSL[k] (built on demand by :mod:`.fixed_order`)."""
    return LanguageClass(f"MTSL[{k}]", ClassProcedure("MTSL at a fixed order",
                                                      lambda d, limits=None, certificates=True, context=None:
                                                      decide_at(k, d, limits, certificates)),
                         "multi-tier factors", "multi-tier cover", default=False, check=_check(k),
                         inclusions=((f"SL[{k}]", f"an SL_{k} language is TSL_{k} on the tier Σ"),))


PROCEDURE = ClassProcedure("multi-tier strictly local", decide)
#: MTSL: intersections of TSL languages (asked when named: ``--class MTSL``, ``--class 'MTSL[2]'``)
CLASS = LanguageClass("MTSL", PROCEDURE, "multi-tier factors", "multi-tier cover", default=False,
                      inclusions=(("TSL", "a TSL_k language is an intersection of one TSL_k language"),
                                  ("SL", "an SL_k language is TSL_k on the tier Σ")),
                      check=_check(None), parameters="k",
                      summary="multi-tier strictly local: an intersection of TSL_k languages on several tiers")
