"""Bounded-depth types for the window fragments LTL[Y<=k] and LTL[P,Y<=k] (readout at N+1),
and lasso witnesses that settle non-definability at every depth.

Types
-----
The depth-d type of a position i of w (positions 1..N+1, position N+1 carrying no letter):

    τ_0(i) = (w_i)
    τ_d(i) = (w_i, {τ_{d−1}(j) : max(1, i−k) ≤ j < i}, [{τ_{d−1}(j) : j < i}])

(the bracketed set only with P).  Two positions satisfy the same formulas of temporal depth
≤ d iff they have the same depth-d type (standard modal/Ehrenfeucht–Fraïssé argument; the
χ formulas below make one direction explicit).  So L is definable at depth ≤ d iff the
depth-d type of position N+1 determines membership.

:func:`type_automaton` decides this EXACTLY for all lengths: it explores the deterministic
automaton whose state is (type vectors of the last k positions, sets of types seen so far
[with P], DFA state), and at each state computes the type of N+1.  Either every reachable
state agrees (then φ = ⋁ of the accepting N+1 types' χ formulas, a formula of depth d), or
two words with the same N+1 type and different membership come out.  Bounded by ``limit``
states (LimitExceeded) and by ``memory_budget`` bytes (MemoryBudgetExceeded): the bytes of
the states kept and of the type table are estimated as the search grows, from the measured
size of every 1024th new state and type (:func:`_explore`).

Lassos
------
For U = ^ω(p)·x (p a period, x a tail) the positions of p^N x far from the start map onto a
finite graph: cycle nodes for the phases of p (window: the k preceding phases; P: every
phase) and chain nodes for x (window: the k preceding nodes, falling into the cycle; P:
every phase and every earlier chain node), plus an N+1 node.  If the N+1 nodes of ^ω(p)x and
^ω(p)y are bisimilar (coarsest stable partition), then for every prefix l and every depth d,
l p^N x and l p^N y have the same depth-d type at N+1 as soon as N|p| ≥ |l| + d·k + |p|
(proof in docs/decision-procedures.md: positions beyond |l| + (d−j)·k with bisimilar nodes
have equal j-types, the positions before are shared).  If moreover the memberships of
l p^N x and l p^N y differ for some N in the periodic part of the run of l p^N, they differ
for infinitely many N: a witness valid at every depth.

Without P the two words may pump different periods: in ONE graph holding the cycles of
p and q and the tail chains (each falling back into its own cycle), if the N+1 nodes of
(p, x) and (q, y) are in one block then p^N·x and q^M·y have equal depth-d types at N+1
once N|p| ≥ d·k and M|q| ≥ d·k (a depth-d formula of LTL[Y<=k] reads only the last d·k
letters); with the DFA states after p^N and q^M on their cycles, membership differs for
infinitely many (N, M): :func:`lasso_search` tries these when no shared period is found.
"""

from __future__ import annotations

from ...kernel import limits as _limits

import functools
import itertools
import math
import sys
from collections import deque
from dataclasses import dataclass, replace

import numpy as np

from ...kernel.errors import LimitExceeded, MemoryBudgetExceeded
from ...kernel.limits import DEFAULT_MEMORY_BUDGET
from ...ltl.formula import and_ as _and, or_ as _or
from ...ltl.formula import FALSE, TRUE, Atom, Formula, Not, Past, Yesterday
from ..values.witnesses import Factors, Witness, family_witness, make_witness, run
from ...automata.dfa import DFA
from ...automata.graphs import shortest_words_from
from ...ltl.formula import Since
from ...kernel.work import FORMULA_NODE_STEPS, OverBudget

__all__ = [
    "DepthResult", "type_automaton", "lasso_search", "periodic_partner", "primitive_words",
    "LassoWitness", "lasso_to_witness", "DEFAULT_TYPE_LIMIT", "type_formulas", "types_disjunction",
    "type_separation", "DepthSeparation", "separation_lasso",
]

#: (DEFAULT_LIMIT of kernel/limits.py: the default of the Limits field this bounds)
DEFAULT_TYPE_LIMIT = _limits.DEFAULT_LIMIT






def types_disjunction(chi, inside, outside) -> Formula:
    """A formula true exactly on the types of ``inside`` among ``inside`` ∪ ``outside``
    (whose χ are mutually exclusive and exhaustive where it is read): ⋁_{inside} χ, or
    ¬⋁_{outside} χ when that is smaller; TRUE / FALSE when one side is empty."""
    inside, outside = list(inside), list(outside)
    if not inside:
        return FALSE
    if not outside:
        return TRUE
    pos = FALSE
    for e in inside:
        pos = _or(pos, chi(e))
    neg = FALSE
    for e in outside:
        neg = _or(neg, chi(e))
    return pos if pos.size <= neg.size + 1 else Not(neg)


def _accepting_types_formula(end_verdict: dict, chi) -> Formula:
    """The disjunction of the type formulas ``chi(e)`` of the accepting end types, or the
    negated disjunction of the rejecting ones, whichever is smaller."""
    return types_disjunction(chi, [e for e, (ok, _) in end_verdict.items() if ok],
                             [e for e, (ok, _) in end_verdict.items() if not ok])


def _bfs_word(parent: dict, state) -> list:
    """The letters of the breadth-first path to ``state`` (``parent[s] = (previous, letter)``,
    None at the start)."""
    out = []
    while parent[state] is not None:
        state, a = parent[state]
        out.append(a)
    return out[::-1]


# -- exact type automaton ----------------------------------------------------------------
@dataclass(frozen=True)
class DepthResult:
    """Outcome of :func:`type_automaton` at one depth: ``definable`` with a ``formula``, or
    a ``witness`` (two words with equal N+1 types, depth = this depth)."""

    depth: int
    definable: bool
    formula: Formula | None
    witness: Witness | None
    states: int
    #: why a definable result has no formula although one was asked for (its construction
    #: would pass ``formula_steps``)
    refused: str | None = None


def _interner():
    """(intern, info): ``intern(key)`` numbers each distinct key once, in order of first
    appearance; ``info[i]`` is the key of id i."""
    table: dict[tuple, int] = {}
    info: list[tuple] = []

    def intern(key: tuple) -> int:
        i = table.get(key)
        if i is None:
            i = len(info)
            table[key] = i
            info.append(key)
        return i

    return intern, info


#: bytes of one entry of the search's dictionaries and queue beyond the key itself: the dict
#: slot and hash, the parent tuple (state, letter), the queue reference (CPython 3.11, 64-bit)
_ENTRY_OVERHEAD = 160
#: a new state (and a new type) is measured once every this many
_SAMPLE_EVERY = 1024


def _deep_bytes(obj) -> int:
    """The bytes of the tuples and frozensets of ``obj``, recursively (integers not counted:
    type ids and DFA states are shared objects)."""
    if isinstance(obj, (tuple, frozenset)):
        return sys.getsizeof(obj) + sum(_deep_bytes(x) for x in obj)
    return 0


class _MemoryEstimate:
    """Running estimate of the bytes a search holds: ``count`` items, each costing the mean
    measured size of the sampled ones plus a fixed overhead."""

    def __init__(self, overhead: int):
        self.overhead = overhead
        self.sampled = 0
        self.total = 0

    def sample(self, item) -> None:
        self.sampled += 1
        self.total += _deep_bytes(item)

    def bytes(self, count: int) -> int:
        mean = self.total / self.sampled if self.sampled else 0
        return int(count * (mean + self.overhead))


def _explore(dfa, start_memory, vector, advance, D: int, limit: int, what: str,
             memory_budget: int | None = None, info: list | None = None, sides=None):
    """Breadth-first search of the product of a type automaton and the DFA.

    A state is (memory, q): what the types of the positions read so far contribute (the
    window and past sets, or the since-pairs), and the DFA state.  ``vector(a, memory)`` is
    the tuple of type ids of depths 0..D of a position carrying letter a (a = -1: N+1; a
    letter position may stop at depth D − 1, the deepest any N+1 type reads);
    ``advance(memory, v)`` the memory after it.  Returns (parent map, the realised type ids
    per depth, end type → (accepted, a state reaching it), and the first pair of states
    whose N+1 types agree while membership differs, or None).  LimitExceeded past ``limit``
    states; MemoryBudgetExceeded as soon as the estimated bytes of the states kept and of
    the type table ``info`` (the interner's list, when given) pass ``memory_budget`` (None:
    the default budget): every 1024th new state and type is measured, the estimate is
    (states × mean state size + types × mean type size) plus a fixed overhead per entry.

    ``sides`` (separation, :func:`type_separation`): per DFA state 1 (the word is in L1), 0
    (in L2) or -1 (in neither: its N+1 type is not recorded); None: the DFA's acceptance."""
    budget = DEFAULT_MEMORY_BUDGET if memory_budget is None else memory_budget
    t = np.asarray(dfa.transitions)
    start = (start_memory, dfa.initial)
    parent: dict = {start: None}
    queue = deque([start])
    realised: list[set[int]] = [set() for _ in range(D + 1)]
    end_verdict: dict[int, tuple[bool, tuple]] = {}
    states, types = _MemoryEstimate(_ENTRY_OVERHEAD), _MemoryEstimate(_ENTRY_OVERHEAD)
    states.sample(start)
    while queue:
        state = queue.popleft()
        memory, q = state
        end = vector(-1, memory)[D]
        side = int(dfa.accepting[q]) if sides is None else int(sides[q])
        if side >= 0:
            acc = bool(side)
            seen = end_verdict.get(end)
            if seen is None:
                end_verdict[end] = (acc, state)
            elif seen[0] != acc:
                return parent, realised, end_verdict, (seen[1], state)
        for a in range(t.shape[1]):
            v = vector(a, memory)
            for j, x in enumerate(v):
                realised[j].add(x)
            nxt = (advance(memory, v), int(t[q, a]))
            if nxt not in parent:
                parent[nxt] = (state, a)
                n = len(parent)
                if n > limit:
                    raise LimitExceeded(what, limit, "lower max_depth or raise limit", ("max_depth", "limit"))
                if n % _SAMPLE_EVERY == 0:
                    states.sample(nxt)
                    if info:
                        while types.sampled * _SAMPLE_EVERY < len(info):
                            types.sample(info[types.sampled * _SAMPLE_EVERY])
                    needed = states.bytes(n) + types.bytes(len(info) if info else 0)
                    if needed > budget:
                        raise MemoryBudgetExceeded(f"the {what} ({n} states so far)", needed, budget)
                queue.append(nxt)
    return parent, realised, end_verdict, None


def type_automaton(dfa, k: int, past: bool, depth: int, limit: int = DEFAULT_TYPE_LIMIT,
                   build_formula: bool = True, memory_budget: int | None = None,
                   formula_steps: int | None = None) -> DepthResult:
    """Decide whether the depth-``depth`` type of N+1 (window k, with P when ``past``; k = 0:
    no window, LTL[P]) determines membership in L(dfa); exact for all word lengths.  At most
    ``limit`` states (LimitExceeded) and ``memory_budget`` bytes (MemoryBudgetExceeded; None:
    the default).  When definable, the formula is built if ``build_formula`` and its
    :func:`type_formula_steps` are at most ``formula_steps`` (None: any); otherwise
    ``refused`` says why not."""
    D = depth
    parent, realised, end_verdict, conflict, info = _type_exploration(dfa, k, past, D, limit,
                                                                      memory_budget)
    if conflict is not None:
        wit = make_witness(dfa, _bfs_word(parent, conflict[0]), _bfs_word(parent, conflict[1]), D)
        return DepthResult(D, False, None, wit, len(parent))
    formula = refused = None
    if build_formula:
        needed = type_formula_steps(info, realised, past)
        if formula_steps is not None and needed > formula_steps:
            refused = f"building the type formula needs about {needed:,} steps, {formula_steps:,} left"
        else:
            formula = _formula_from_types(dfa.alphabet, k, past, D, info, realised, end_verdict)
    return DepthResult(D, True, formula, None, len(parent), refused)


def _type_exploration(dfa, k: int, past: bool, D: int, limit: int, memory_budget: int | None,
                      sides=None):
    """The type automaton of depth D (window k, k = 0 for none; P when ``past``) explored
    with ``dfa`` by :func:`_explore`: (parent map, realised type ids per depth, end type →
    (side, a state), the first conflict or None, the interner's list of types)."""
    intern, info = _interner()      # id -> (j, letter index or -1, window ids, past ids)

    def vector(a: int, window: tuple, pastsets: tuple) -> tuple:
        # a letter position's depth-D type is read by no formula of depth ≤ D at N+1 (only
        # its (D−1)-type is, under Y[<=k] or P): computing it would only split states that
        # agree on every N+1 type to come, so letter positions get depths 0..D−1
        v = [intern((0, a, (), ()))]
        for j in range(1, D + 1 if a < 0 else D):
            w = frozenset(u[j - 1] for u in window)
            ps = pastsets[j - 1] if past else frozenset()
            v.append(intern((j, a, w, ps)))
        return tuple(v)

    empty_past = tuple(frozenset() for _ in range(D)) if past else ()

    def advance(memory, v):
        window, pastsets = memory
        return ((window + (v,))[-k:] if k else (),
                tuple(pastsets[j] | {v[j]} for j in range(D)) if past else ())

    parent, realised, end_verdict, conflict = _explore(
        dfa, ((), empty_past), lambda a, memory: vector(a, *memory), advance, D, limit,
        f"type automaton at depth {D}", memory_budget, info, sides)
    return parent, realised, end_verdict, conflict, info


@dataclass(frozen=True)
class DepthSeparation:
    """Outcome of :func:`type_separation` at one depth: ``separable`` with ``formula`` (the
    disjunction of the χ of the N+1 types met by L1, or the negated one of those met by L2),
    or ``words`` = (u ∈ L1, v ∈ L2) with equal depth-``depth`` types at N+1."""

    depth: int
    separable: bool
    formula: Formula | None
    words: tuple | None
    states: int


def type_separation(d1, d2, k: int, past: bool, depth: int, limit: int = DEFAULT_TYPE_LIMIT,
                    memory_budget: int | None = None, formula_steps: int | None = None) -> DepthSeparation:
    """Is some formula of depth ≤ ``depth`` (window k, k = 0 for none; P when ``past``) true on
    L1 = L(d1) and false on L2 = L(d2)?  Exact for all lengths: the type automaton explored
    with the product D1 × D2 (a state carries (q1, q2)); separable iff no N+1 type is met by a
    word of L1 and by a word of L2, since the depth-d types are finitely many and each is
    defined by its χ (docs/decision-procedures.md §11.7).  The two DFAs share their alphabet
    (letter order) and L1 ∩ L2 = ∅ is known (a common word is its own proof).  LimitExceeded / MemoryBudgetExceeded as :func:`type_automaton`;
    OverBudget when the formula would need more than ``formula_steps`` steps."""
    product, sides = _product_dfa(d1, d2)
    parent, realised, end_verdict, conflict, info = _type_exploration(product, k, past, depth, limit,
                                                                      memory_budget, sides)
    if conflict is not None:
        a, b = conflict
        if sides[a[1]] != 1:
            a, b = b, a
        return DepthSeparation(depth, False, None, (tuple(_bfs_word(parent, a)), tuple(_bfs_word(parent, b))),
                               len(parent))
    needed = type_formula_steps(info, realised, past)
    if formula_steps is not None and needed > formula_steps:
        raise OverBudget(f"building the separating type formula needs about {needed:,} steps, "
                         f"{formula_steps:,} allowed")
    formula = _formula_from_types(d1.alphabet, k, past, depth, info, realised, end_verdict)
    return DepthSeparation(depth, True, formula, None, len(parent))


def _product_dfa(d1, d2):
    """(the product automaton D1 × D2 as a DFA object, state q1·|Q2| + q2, accepting F1 × F2;
    its sides: 1 where q1 ∈ F1, else 0 where q2 ∈ F2, else -1)."""
    n2 = d2.n_states
    t1, t2 = np.asarray(d1.transitions), np.asarray(d2.transitions)
    table = (t1[:, None, :] * n2 + t2[None, :, :]).reshape(-1, t1.shape[1])
    f1 = np.repeat(np.asarray(d1.accepting, dtype=bool), n2)
    f2 = np.tile(np.asarray(d2.accepting, dtype=bool), d1.n_states)
    sides = np.where(f1, 1, np.where(f2, 0, -1))
    return DFA(d1.alphabet, table, int(d1.initial) * n2 + int(d2.initial), f1 & f2), sides


def type_formula_steps(info, realised, past: bool) -> int:
    """An upper bound on the steps (:mod:`attnlogic.kernel.work`) of building the type
    formula: FORMULA_NODE_STEPS per node, a type of depth j ≥ 1 over the r realisable
    types of depth j − 1 getting its letter and at most 3r nodes (Y[<=k] χ or its negation,
    and the conjunction) for the window, 3r more for P."""
    sizes = [len(r) for r in realised]
    nodes = 0
    for j, *_ in info:
        nodes += 1 + (3 * sizes[j - 1] * (2 if past else 1) if j > 0 else 0)
    return FORMULA_NODE_STEPS * nodes


def type_formulas(A, k: int, past: bool, info: list, realised: list):
    """``chi(i)``: the formula χ(τ) of the type with id ``i`` (``info[i]`` = (depth j, letter
    index or -1 for N+1, window ids, past ids)):

        χ(a, W, Π) = a ∧ ⋀_{σ∈W} Y[<=k]χ(σ) ∧ ⋀_{σ∈R∖W} ¬Y[<=k]χ(σ) [∧ the same with P over Π]

    (no letter conjunct at N+1), R = ``realised[j−1]``, the (j−1)-types realised at letter
    positions: their χ are mutually exclusive and exhaustive there, so χ(τ) holds at a
    position iff its type is τ.  Memoised: the χ share their subformulas (a DAG)."""
    memo: dict[int, Formula] = {}
    R = [sorted(r) for r in realised]

    def chi(i: int) -> Formula:
        if i in memo:
            return memo[i]
        j, a, W, PS = info[i]
        f = Atom(A[a]) if a >= 0 else TRUE
        if j > 0:
            lower = R[j - 1]
            if not k:
                pass                              # no window (LTL[P]): W is always empty
            elif len(lower) > 1 or not W:
                for s in lower:
                    g = Yesterday(chi(s), k)
                    f = _and(f, g if s in W else Not(g))
            else:
                f = _and(f, Yesterday(TRUE, k))   # a single realisable type: "some position"
            if past:
                if len(lower) > 1 or not PS:
                    for s in lower:
                        g = Past(chi(s))
                        f = _and(f, g if s in PS else Not(g))
                else:
                    f = _and(f, Past(TRUE))
        memo[i] = f
        return f

    return chi


def _formula_from_types(A, k, past, D, info, realised, end_verdict) -> Formula:
    """φ = ⋁ χ(τ) over accepting N+1 types τ (or the negation over rejecting ones, whichever
    is shorter), χ of :func:`type_formulas`."""
    return _accepting_types_formula(end_verdict, type_formulas(A, k, past, info, realised))


# -- lasso witnesses --------------------------------------------------------------------------
@dataclass(frozen=True)
class LassoWitness:
    """``prefix · period^N · tail_in ∈ L`` and ``prefix · period_out^M · tail_out ∉ L`` for N
    ≡ ``n0`` modulo ``modulus`` (N ≥ n0) and M ≡ ``n0_out`` modulo ``modulus_out`` (M ≥
    n0_out), with bisimilar N+1 nodes.  ``period_out``, ``n0_out``, ``modulus_out`` default
    to ``period``, ``n0``, ``modulus``: the shared-period lasso, where N = M; different
    periods (LTL[Y<=k] only, empty prefix) are the two-cycle lassos of
    :func:`lasso_search`."""

    prefix: tuple[int, ...]
    period: tuple[int, ...]
    tail_in: tuple[int, ...]
    tail_out: tuple[int, ...]
    n0: int
    modulus: int
    period_out: tuple[int, ...] | None = None
    n0_out: int | None = None
    modulus_out: int | None = None

    def __post_init__(self):
        for name, default in (("period_out", self.period), ("n0_out", self.n0),
                              ("modulus_out", self.modulus)):
            if getattr(self, name) is None:
                object.__setattr__(self, name, default)

    @property
    def shared(self) -> bool:
        """Whether both words pump the same period with the same exponent (N = M)."""
        return (self.period_out, self.n0_out, self.modulus_out) == (self.period, self.n0, self.modulus)

    def words(self, N: int, M: int | None = None) -> tuple[list[int], list[int]]:
        """``prefix·period^N·tail_in`` and ``prefix·period_out^M·tail_out`` (M = N if None)."""
        M = N if M is None else M
        return (list(self.prefix) + list(self.period) * N + list(self.tail_in),
                list(self.prefix) + list(self.period_out) * M + list(self.tail_out))

    def exponent_for_depth(self, k: int, depth: int, past: bool = False) -> int:
        """Least N that the proof needs for the given depth (N|p| ≥ |l| + d·k + |p|, which is
        more than the d·k that the proof without P needs; with P, ``past``, also N|p| ≥
        d·max(k, |p|): docs/decision-procedures.md §4.3); the shared-period lasso only (see
        :meth:`exponents_for_depth`)."""
        p = len(self.period)
        need = -(-max(len(self.prefix) + depth * k + p, depth * max(k, p) if past else 0) // p)
        N = self.n0
        while N < need:
            N += self.modulus
        return N

    def exponents_for_depth(self, k: int, depth: int) -> tuple[int, int]:
        """Least (N, M) in the residue classes that the proof needs for the given depth: N = M
        = :meth:`exponent_for_depth` for a shared period; else N|p| ≥ d·k and M|q| ≥ d·k
        (a depth-d formula of LTL[Y<=k] reads only the last d·k letters)."""
        if self.shared:
            N = self.exponent_for_depth(k, depth)
            return N, N

        def least(n0, modulus, length):
            need = -(-(depth * k) // length)
            return n0 if n0 >= need else n0 + -(-(need - n0) // modulus) * modulus
        return (least(self.n0, self.modulus, len(self.period)),
                least(self.n0_out, self.modulus_out, len(self.period_out)))


def _primitive(word: tuple) -> bool:
    n = len(word)
    return all(word != word[d:] + word[:d] for d in range(1, n) if n % d == 0)


def primitive_words(n_letters: int, max_length: int):
    """The primitive words over letters 0 … n_letters−1 of length 1 … ``max_length``,
    shortest first, in lexicographic order within a length."""
    for length in range(1, max_length + 1):
        yield from (w for w in itertools.product(range(n_letters), repeat=length) if _primitive(w))


def _cycles_blocks(periods: list[tuple], tails: list[tuple], k: int,
                   past: bool) -> dict[tuple, int]:
    """Coarsest stable partition of ONE graph holding, for every period, its cycle of phases
    and the chains of all the tails (as a trie) with an N+1 node each; returns the block of
    the N+1 node of each (period, tail).  Window edges: a phase to the k preceding phases
    (cyclically), a chain node to the k preceding nodes of its chain, falling back into its
    own cycle; P-edges (``past``): every phase of its own cycle and every earlier node of its
    chain.  The components of different periods share no edge, so two nodes of one period
    are in one block iff they are in the graph of that period alone."""
    labels, win, pst, end_node = _cycles_graph(periods, tails, k)
    block = _stable_blocks(labels, win, pst, past)
    return {key: block[node] for key, node in end_node.items()}


def _cycles_graph(periods: list[tuple], tails: list[tuple], k: int):
    """The graph of :func:`_cycles_blocks`: (labels (None at N+1 nodes), window successors,
    P-successors, {(period, tail): its N+1 node})."""
    labels: list = []
    win: list[list[int]] = []
    pst: list[list[int]] = []
    end_node: dict[tuple, int] = {}
    for period in periods:
        p, base = len(period), len(labels)
        cycle = list(range(base, base + p))
        for i in range(p):
            labels.append(period[i])
            win.append([base + (i - j) % p for j in range(1, k + 1)])
            pst.append(cycle)
        chain_id: dict[tuple, int] = {}

        def back(prefix_nodes: list[int]) -> list[int]:
            # the k nodes before the next position: last chain nodes, then cycle phases
            out = list(reversed(prefix_nodes[-k:])) if k else []
            ph = p - 1
            for _ in range(k - len(out)):
                out.append(base + ph % p)
                ph -= 1
            return out

        for tail in tails:
            nodes: list[int] = []
            for i in range(len(tail)):
                key = tail[:i + 1]
                if key not in chain_id:
                    chain_id[key] = len(labels)
                    labels.append(tail[i])
                    win.append(back(nodes))
                    pst.append(cycle + nodes)
                nodes.append(chain_id[key])
            end_node[(period, tail)] = len(labels)
            labels.append(None)
            win.append(back(nodes))
            pst.append(cycle + nodes)
    return labels, win, pst, end_node


def _stable_blocks(labels: list, win: list[list[int]], pst: list[list[int]], past: bool) -> list[int]:
    """The block of every node in the coarsest partition stable under (label, set of blocks
    of the window successors[, of the P-successors]): bisimilarity on this finite graph."""
    _, block = np.unique(np.array([-1 if x is None else x for x in labels]), return_inverse=True)
    block = list(block.ravel())
    while True:
        sig = {}
        new = []
        for v in range(len(labels)):
            s = (block[v], frozenset(block[w] for w in win[v]),
                 frozenset(block[w] for w in pst[v]) if past else None)
            new.append(sig.setdefault(s, len(sig)))
        if len(sig) == len(set(block)):
            break
        block = new
    return block


def _lasso_blocks(period: tuple, tails: list[tuple], k: int, past: bool) -> dict[tuple, int]:
    """Coarsest stable partition of the lasso graph of one period with all the tails (as a
    trie); returns the block of the N+1 node of each tail (a fresh dict: the partition
    depends on the letters' indices only, not on the DFA, and is memoised)."""
    return dict(_lasso_blocks_of(tuple(period), tuple(tails), k, past))


@functools.lru_cache(maxsize=1024)
def _lasso_blocks_of(period: tuple, tails: tuple, k: int, past: bool) -> tuple:
    return tuple((tail, b) for (_, tail), b in _cycles_blocks([period], list(tails), k, past).items())


def _cycle_of(t: np.ndarray, state: int, period) -> tuple[int, list[int]]:
    """(N0, cycle) of the run s_N = δ(state, period^N): the least N0 with s_N0 on the
    cycle the run ends in, and the states s_N0, s_N0+1, … of one turn of that cycle."""
    seen: dict[int, int] = {}
    order: list[int] = []
    s = state
    while s not in seen:
        seen[s] = len(order)
        order.append(s)
        s = run(t, s, period)
    return seen[s], order[seen[s]:]


def _two_period_search(dfa, k: int, max_period: int, tails: list[tuple],
                       max_candidates: int, dfa_out=None) -> LassoWitness | None:
    """Lasso pairs p^N·x / q^M·y with DIFFERENT primitive periods (LTL[Y<=k], no prefix):
    one partition of the graph of all periods of length ≤ ``max_period`` (shortest first,
    while periods × tails ≤ ``max_candidates``) with all tails; the N+1 nodes are grouped by
    block across periods, and the pair of smallest |p| + |x| + |q| + |y| whose memberships
    differ for some phases of the DFA's cycles of p^N and q^M is returned.  With ``dfa_out``
    (separation): p^N·x accepted by ``dfa`` (L1) and q^M·y by ``dfa_out`` (L2), each word
    tracked in its own DFA."""
    t = np.asarray(dfa.transitions)
    periods: list[tuple] = []
    spent = 0
    for plen in range(1, max_period + 1):
        for period in itertools.product(range(t.shape[1]), repeat=plen):
            if _primitive(period):
                spent += len(tails)
                if spent > max_candidates:
                    break
                periods.append(period)
        else:
            continue
        break
    if len(periods) < 2:
        return None
    blocks = _cycles_blocks(periods, tails, k, False)
    # each side: (the DFA its words are read in, the acceptance it needs)
    readers = ((dfa, True), (dfa, False)) if dfa_out is None else ((dfa, True), (dfa_out, True))
    cycles = [{p: _cycle_of(np.asarray(d.transitions), d.initial, p) for p in periods} for d, _ in readers]
    members: dict[int, list[tuple]] = {}
    for key, b in blocks.items():
        members.setdefault(b, []).append(key)
    best = None
    for keys in members.values():
        if len({p for p, _ in keys}) < 2:
            continue
        sides: dict[bool, list] = {True: [], False: []}
        for p, x in keys:
            for side, (d, want), cyc_of in zip((True, False), readers, cycles):
                N0, cyc = cyc_of[p]
                td = np.asarray(d.transitions)
                off = next((o for o, s in enumerate(cyc) if bool(d.accepting[run(td, s, x)]) == want), None)
                if off is not None:     # the first cycle offset giving that side
                    sides[side].append((len(p) + len(x), p, x, N0 + off, len(cyc)))
        for side in sides.values():
            side.sort()
        for a in sides[True]:
            if best is not None and a[0] >= best[0]:
                break
            for b in sides[False]:
                if best is not None and a[0] + b[0] >= best[0]:
                    break
                if a[1] != b[1]:
                    best = (a[0] + b[0], a, b)
                    break
    if best is None:
        return None
    _, (_, p, x, n, tp), (_, q, y, m, tq) = best
    return LassoWitness((), p, x, y, n, tp, q, m, tq)


def periodic_partner(dfa, k: int, period: tuple, tail: tuple,
                     max_nodes: int = _limits.LASSO_CANDIDATES, spent: list | None = None) -> LassoWitness | None:
    """For U = ^ω(period)·tail and a definite DFA: a left-infinite V = ^ω(q)·y on the other
    side of L whose N+1 node is bisimilar to U's (window k, no P), or None if there is none
    at all (docs/decision-procedures.md §4.5 (b): exact for this U, whatever V's period).

    The blocks β of the coarsest stable partition of U's lasso graph have a letter λ(β) and
    a window set W(β) (the blocks of its window successors); V is a left-infinite path of
    the graph on (the ordered last k blocks (β_1 … β_k), DFA state) with an edge λ(β) to
    ((β, β_1 … β_(k−1)), δ(s, λ(β))) for each β with W(β) = {β_1 … β_k}, ending in a node
    whose set of blocks is W of U's N+1 block and whose state is on the other side of L.
    The nodes with an infinite past are what remains after removing, round after round, the
    nodes without a predecessor; a path back from an end node repeats a node: the cycle q
    and the path y.  Raises LimitExceeded past ``max_nodes`` graph nodes; ``spent``, when
    given, receives the number of nodes built."""
    t = np.asarray(dfa.transitions)
    n = t.shape[0]
    labels, win, _, end_node = _cycles_graph([tuple(period)], [tuple(tail)], k)
    block = _stable_blocks(labels, win, [[] for _ in labels], False)
    letter: dict[int, int] = {}
    window: dict[int, frozenset] = {}
    for v, b in enumerate(block):
        window[b] = frozenset(block[w] for w in win[v])
        if labels[v] is not None:
            letter[b] = labels[v]
    by_window: dict[frozenset, list[int]] = {}
    for b in letter:
        by_window.setdefault(window[b], []).append(b)
    N0, cyc = _cycle_of(t, dfa.initial, tuple(period))
    u_in = bool(dfa.accepting[run(t, cyc[0], tuple(tail))])
    goal = window[block[end_node[(tuple(period), tuple(tail))]]]
    # the ordered k-tuples of letter blocks consistent with their own windows
    tuples: list[tuple] = []

    def extend(prefix: tuple) -> None:
        if len(prefix) == k:
            tuples.append(prefix)
            return
        for b in (letter if not prefix else set.intersection(*(set(window[c]) for c in prefix))):
            if b in letter:
                extend(prefix + (b,))
    extend(())
    if spent is not None:
        spent.append(len(tuples) * n)
    if len(tuples) * n > max_nodes:
        raise LimitExceeded(f"the realisation graph of a periodic side ({len(tuples) * n} nodes)", max_nodes)
    nodes = [(tp, s) for tp in tuples for s in range(n)]
    succ: dict[tuple, list[tuple]] = {}
    pred: dict[tuple, list[tuple]] = {v: [] for v in nodes}
    for v in nodes:
        tp, s = v
        out = [((b,) + tp[:-1], int(t[s, letter[b]])) for b in by_window.get(frozenset(tp), ())]
        succ[v] = out
        for w in out:
            pred[w].append(v)
    alive = set(nodes)
    indeg = {v: len(pred[v]) for v in nodes}
    queue = deque(v for v in nodes if indeg[v] == 0)
    while queue:
        v = queue.popleft()
        if v not in alive:
            continue
        alive.discard(v)
        for w in succ[v]:
            indeg[w] -= 1
            if indeg[w] == 0 and w in alive:
                queue.append(w)
    ends = sorted(v for v in alive if frozenset(v[0]) == goal and bool(dfa.accepting[v[1]]) != u_in)
    if not ends:
        return None
    path = [ends[0]]
    seen = {ends[0]: 0}
    while True:
        v = next(w for w in pred[path[-1]] if w in alive)
        if v in seen:
            break
        seen[v] = len(path)
        path.append(v)
    j = seen[v]
    # forward: v = path[j] → path[j−1] → … → path[0]; the cycle runs path[len−1] … path[j]
    forward = [letter[w[0][0]] for w in reversed(path)]
    q, y = tuple(forward[:len(path) - j]), tuple(forward[len(path) - j:])
    q = next(q[:d] for d in range(1, len(q) + 1) if len(q) % d == 0 and q[:d] * (len(q) // d) == q)
    p = tuple(period)
    r = next((r for r in range(len(p)) if len(q) == len(p) and q == p[r:] + p[:r]), None)
    if r is not None:       # ^ω(p[r:]·p[:r])·y = ^ω(p)·p[:r]·y: a shared-period lasso
        x, y = (tuple(tail), p[:r] + y) if u_in else (p[:r] + y, tuple(tail))
        return LassoWitness((), p, x, y, N0, len(cyc))
    M0, cyc_q = _cycle_of(t, dfa.initial, q)
    U = (p, tuple(tail), N0, len(cyc))
    V = (q, y, M0, len(cyc_q))
    (p, x, n0, tp), (pq, yy, m0, tq) = (U, V) if u_in else (V, U)
    return LassoWitness((), p, x, yy, n0, tp, pq, m0, tq)


def lasso_search(dfa, k: int, past: bool, max_period: int, max_tail: int,
                 max_candidates: int = _limits.LASSO_CANDIDATES) -> LassoWitness | None:
    """Search lasso pairs (same period, tails up to ``max_tail``) with bisimilar N+1 nodes
    and a prefix (a shortest word to each DFA state) making the memberships differ in the
    periodic part.  Returns the first witness found (shortest period first).  Without P,
    when no shared-period pair exists, pairs of different periods are tried
    (:func:`_two_period_search`).  Each of the two searches spends at most
    ``max_candidates`` (period, tail) nodes; None if neither finds a pair."""
    t = np.asarray(dfa.transitions)
    n, nA = t.shape
    letters = range(nA)
    # (state, a shortest word reaching it): the word's run ends in that state; without P the
    # empty prefix alone (the words are then not spelled: quadratic on a long chain)
    if past:
        prefixes = [(q, w) for q, w in enumerate(shortest_words_from(t, dfa.initial)) if w is not None]
    else:
        prefixes = [(dfa.initial, [])]
    tails = [tuple(x) for L in range(max_tail + 1) for x in itertools.product(letters, repeat=L)]
    accepting = np.asarray(dfa.accepting, dtype=bool)
    found = _shared_search(dfa, t, k, past, max_period, tails, prefixes, accepting, ~accepting,
                           max_candidates)
    if found is not None or past:
        return found
    return _two_period_search(dfa, k, max_period, tails, max_candidates)


def separation_lasso(d1, d2, k: int, past: bool, max_period: int, max_tail: int,
                     max_candidates: int = _limits.LASSO_CANDIDATES) -> LassoWitness | None:
    """A shared-period lasso over the product D1 × D2 (same alphabet, letter order): l·p^N·x
    ∈ L1 and l·p^N·y ∈ L2 for N ≡ n0 modulo ``modulus`` (N ≥ n0), the N+1 nodes of ^ω(p)·x
    and ^ω(p)·y bisimilar (window k, k = 0 for none; P when ``past``): then no formula of the
    fragment, of any depth, separates L1 from L2 (docs/decision-procedures.md §11.7).  The
    prefixes l are shortest words to the product's states; periods up to ``max_period``,
    tails up to ``max_tail``, at most ``max_candidates`` (period, tail) nodes.  Without P,
    when no shared period is found: p^N·x ∈ L1 and q^M·y ∈ L2 with different periods and the
    N+1 nodes in one block of the two-cycle graph (:func:`_two_period_search`, each word read
    in its own DFA).  None if no such pair is found."""
    product, _ = _product_dfa(d1, d2)
    t = np.asarray(product.transitions)
    prefixes = [(q, w) for q, w in enumerate(shortest_words_from(t, product.initial)) if w is not None]
    tails = [tuple(x) for L in range(max_tail + 1) for x in itertools.product(range(t.shape[1]), repeat=L)]
    n2 = d2.n_states
    in_l1 = np.repeat(np.asarray(d1.accepting, dtype=bool), n2)
    in_l2 = np.tile(np.asarray(d2.accepting, dtype=bool), d1.n_states)
    found = _shared_search(product, t, k, past, max_period, tails, prefixes, in_l1, in_l2, max_candidates)
    if found is not None or past:
        return found
    return _two_period_search(d1, k, max_period, tails, max_candidates, dfa_out=d2)


def _shared_search(dfa, t, k, past, max_period, tails, prefixes, inside, outside,
                   budget: int) -> LassoWitness | None:
    """The shared-period lassos of every primitive period up to ``max_period`` (shortest
    first) while periods × tails ≤ ``budget``: the first found by :func:`_shared_period`."""
    for plen in range(1, max_period + 1):
        for period in itertools.product(range(t.shape[1]), repeat=plen):
            if not _primitive(period):
                continue
            budget -= len(tails)
            if budget < 0:
                return None
            found = _shared_period(dfa, t, k, past, period, tails, prefixes, inside, outside)
            if found is not None:
                return found
    return None


def _shared_period(dfa, t, k, past, period, tails, prefixes, inside=None, outside=None) -> LassoWitness | None:
    """The shared-period lasso of one period (see :func:`lasso_search`), or None: a tail
    whose run ends in a state with ``inside`` and one, in the same block, ending in a state
    with ``outside`` (None: membership, the accepting states and the others; separation: a
    word of L1 and a word of L2)."""
    if inside is None:
        inside = np.asarray(dfa.accepting, dtype=bool)
        outside = ~inside
    n = t.shape[0]
    blocks = _lasso_blocks(period, tails, k, past)
    groups: dict[int, list[tuple]] = {}
    for tail, b in blocks.items():
        groups.setdefault(b, []).append(tail)
    groups = {b: ts for b, ts in groups.items() if len(ts) > 1}
    if not groups:
        return None
    pT = np.arange(n)
    for a in period:
        pT = t[pT, a]
    # periodic part of s·p^N: N0 = the index of the map pT (the least N after which
    # its image stops shrinking, so pT^N0 sends every state onto a cycle), found on
    # all states at once; then one period.  N0 ≤ n, and small on most automata, so
    # the printed pair stays short (N0 = n made 65,537-letter words for 2^15 states).
    N0, X = 0, np.arange(n)
    image = n
    while True:
        Y = pT[X]
        size = int(np.count_nonzero(np.bincount(Y, minlength=n)))
        if size == image:
            break
        X, image, N0 = Y, size, N0 + 1
    tried: set[int] = set()
    for s, l in prefixes:
        x = int(X[s])
        if x in tried:       # the same periodic part: the same answer as before
            continue
        tried.add(x)
        seen = []
        y = x
        while y not in seen:
            seen.append(y)
            y = int(pT[y])
        for offset, state in enumerate(seen):
            for ts in groups.values():
                ends = {tail: run(t, state, tail) for tail in ts}
                ins = [tl for tl in ts if inside[ends[tl]]]
                outs = [tl for tl in ts if outside[ends[tl]]]
                if ins and outs:
                    return LassoWitness(tuple(l), tuple(period), min(ins, key=len),
                                        min(outs, key=len), N0 + offset, len(seen))
    return None


def lasso_to_witness(dfa, lw: LassoWitness, k: int) -> Witness:
    """A representative pair of the pumped family (depth None): the smallest exponents in
    the right residue classes that meet the theorem's bound for depth 1 (larger ones in the
    same classes beat every larger depth).  With two periods the family is
    ``in: (p)^K·p^(N−K)·x, out: (q)^K·q^(M−K)·y`` with K = min(N, M), stepping K by the
    lcm of the two DFA cycle lengths."""
    N, M = lw.exponents_for_depth(k, 1)
    K = min(N, M)
    if lw.shared:
        w = family_witness(dfa, lw.prefix, lw.prefix, lw.period, lw.tail_in, lw.tail_out, N,
                           lw.modulus)
    else:
        w = family_witness(dfa, lw.prefix, lw.prefix, lw.period,
                           lw.period * (N - K) + lw.tail_in, lw.period_out * (M - K) + lw.tail_out,
                           K, math.lcm(lw.modulus, lw.modulus_out), block_b=lw.period_out)
    if w is None:  # pragma: no cover - lasso_search guarantees different memberships
        raise AssertionError("lasso witness words do not differ on L")
    A = dfa.alphabet

    def fac(period, exponent, tail):
        return Factors(tuple(A[a] for a in lw.prefix), tuple(A[a] for a in period), exponent,
                       tuple(A[a] for a in tail))

    fin, fout = fac(lw.period, N, lw.tail_in), fac(lw.period_out, M, lw.tail_out)
    if fin.word != w.accepted:         # make_witness put the words the other way round
        fin, fout = fout, fin
    return replace(w, accepted_factors=fin, rejected_factors=fout)


# -- Since types (LTL[S]) ---------------------------------------------------------------------
def since_type_automaton(dfa, depth: int, limit: int = DEFAULT_TYPE_LIMIT,
                         max_realised: int = 12, memory_budget: int | None = None,
                         formula_steps: int | None = None) -> DepthResult:
    """Type refinement for the logic with S alone (P φ = true S φ, Y φ = false S φ).

    The depth-d S-type of a position n is (letter, M) where, for each (d−1)-type τ, M holds
    the ⊆-minimal sets U such that some m < n has type τ and U is the set of types strictly
    between m and n: then ``α S β`` (α, β unions of (d−1)-types X, Z) holds iff some
    (τ, U) ∈ M has τ ∈ Z and U ⊆ X, and conversely the truth values of these formulas
    determine M.  The automaton keeps M for every depth < d (update on reading a position of
    type v: every U grows by v, and (v, ∅) is added).  Exact for all lengths, and bounded by
    ``limit`` states and ``memory_budget`` bytes, like :func:`type_automaton`; the formula lists for every type the S-formulas it satisfies
    and the maximal ones it does not (``max_realised`` bounds that subset enumeration, and
    ``formula_steps`` the :func:`since_formula_steps` of the construction: LimitExceeded
    past either, before building).
    """
    A = dfa.alphabet
    D = depth
    intern, info = _interner()      # id -> (j, letter index or -1, since-pairs)

    def minimal(pairs):
        by = {}
        for tau, U in pairs:
            by.setdefault(tau, []).append(U)
        out = set()
        for tau, Us in by.items():
            for U in Us:
                if not any(V < U for V in Us):
                    out.add((tau, U))
        return frozenset(out)

    def vector(a, sigmas):
        v = [intern((0, a, frozenset()))]
        for j in range(1, D + 1):
            v.append(intern((j, a, sigmas[j - 1])))
        return tuple(v)

    steps: dict = {}            # (M, type read) -> M after it: the same few recur

    def grow(M, x):
        key = (M, x)
        out = steps.get(key)
        if out is None:
            out = steps[key] = minimal([(tau, U | {x}) for tau, U in M] + [(x, frozenset())])
        return out

    def advance(sigmas, v):
        return tuple(grow(sigmas[j], v[j]) for j in range(D))

    parent, realised, end_verdict, conflict = _explore(
        dfa, tuple(frozenset() for _ in range(D)), vector, advance, D, limit,
        f"S-type automaton at depth {D}", memory_budget, info)
    if conflict is not None:
        wit = make_witness(dfa, _bfs_word(parent, conflict[0]), _bfs_word(parent, conflict[1]), D)
        return DepthResult(D, False, None, wit, len(parent))
    if any(len(r) > max_realised for r in realised[:D]):
        raise LimitExceeded("realisable S-types per depth (formula construction)", max_realised)
    if formula_steps is not None:
        needed = since_formula_steps(info, realised)
        if needed > formula_steps:
            raise OverBudget(f"the S-type formula construction needs about {needed:,} steps, "
                             f"{max(0, formula_steps):,} left")
    return DepthResult(D, True, _since_formula(A, D, info, realised, end_verdict), None, len(parent))


def since_formula_steps(info, realised) -> int:
    """The steps (:mod:`attnlogic.kernel.work`) of building the S-type formula, counted
    before building: FORMULA_NODE_STEPS per conjunct of the χ formulas (a conjunct
    ``X S τ`` or ``¬(X S τ)`` is at most three new nodes beside the unions, shared) and per
    union of types, and a step per set the minimal transversals of :func:`_maximal_avoiding`
    enumerate (memoised: each family of sets is enumerated once)."""
    R = [sorted(r) for r in realised]
    avoiding = _Avoiding()
    conjuncts, unions = 0, set()
    for j, _, M in info:
        if j == 0:
            continue
        by = _pairs_by_type(M)
        for tau in R[j - 1]:
            Us = by.get(tau, ())
            Xs = avoiding(R[j - 1], Us)
            conjuncts += len(Us) + len(Xs)
            unions.update(Us)
            unions.update(Xs)
    return FORMULA_NODE_STEPS * (3 * conjuncts + len(unions)) + avoiding.work


def _pairs_by_type(M) -> dict:
    """The since-pairs (τ, U) of an S-type grouped by τ: τ → its sets U, in a fixed order
    (by their sorted elements)."""
    by: dict = {}
    for tau, U in M:
        by.setdefault(tau, []).append(U)
    return {tau: tuple(sorted(Us, key=sorted)) for tau, Us in by.items()}


class _Avoiding:
    """``avoiding(lower, Us)``: the ⊆-maximal sets X ⊆ ``lower`` that contain no U of
    ``Us`` (the sets U are subsets of ``lower``), ordered by decreasing size, then by their
    sorted elements (the order of an enumeration of the subsets of ``lower`` by decreasing
    size in lexicographic order).

    X contains no U iff its complement T = lower ∖ X meets every U, and X is maximal iff T
    is minimal: the sets X are the complements of the minimal transversals of ``Us``, built
    one set U at a time (Berge: each transversal that misses U is extended by each element
    of U, the non-minimal ones dropped) — polynomial in the transversals, where an
    enumeration of all subsets of ``lower`` costs 2^|lower| whatever ``Us`` is.  Memoised
    (the same family recurs across the types of a depth); ``work`` counts the transversals
    built."""

    def __init__(self):
        self.memo: dict = {}
        self.work = 0

    def __call__(self, lower, Us) -> tuple:
        key = (tuple(lower), frozenset(Us))
        out = self.memo.get(key)
        if out is None:
            out = self.memo[key] = self._compute(lower, Us)
        return out

    def _compute(self, lower, Us) -> tuple:
        everything = frozenset(lower)
        transversals = {frozenset()}
        # a U with an element outside ``lower`` lies in no X: it constrains nothing
        for U in sorted((U for U in Us if U <= everything), key=lambda U: (len(U), sorted(U))):
            grown = set()
            for T in transversals:
                if T & U:
                    grown.add(T)
                else:
                    grown.update(T | {x} for x in U)
            self.work += len(grown)
            # keep the minimal ones (a set is dropped when a proper subset is kept)
            transversals = {T for T in grown if not any(S < T for S in grown)}
        return tuple(sorted((everything - T for T in transversals), key=lambda X: (-len(X), sorted(X))))


def _since_formula(A, D, info, realised, end_verdict) -> Formula:
    """φ = ⋁ χ(τ) over the accepting N+1 S-types τ (or the negation over the rejecting
    ones), where χ(a, M) = a ∧ ⋀_τ [⋀_{(τ, U) ∈ M} (⋁U) S χ(τ) ∧ ⋀_X ¬((⋁X) S χ(τ))], X
    ranging over the maximal sets of (j−1)-types containing no U of M for τ
    (:class:`_Avoiding`): χ(τ) holds at a position iff its S-type is τ
    (:func:`since_type_automaton`).  Memoised: the χ and the unions are shared (a DAG)."""
    R = [sorted(r) for r in realised]
    memo: dict[int, Formula] = {}
    unions: dict[frozenset, Formula] = {}
    avoiding = _Avoiding()

    def union(ids) -> Formula:
        key = frozenset(ids)
        f = unions.get(key)
        if f is None:
            f = FALSE
            for s in sorted(key):
                f = _or(f, chi(s))
            unions[key] = f
        return f

    def chi(i: int) -> Formula:
        if i in memo:
            return memo[i]
        j, a, M = info[i]
        f = Atom(A[a]) if a >= 0 else TRUE
        if j > 0:
            lower = R[j - 1]
            by = _pairs_by_type(M)
            for tau in lower:
                Us = by.get(tau, ())
                for U in Us:
                    f = _and(f, Since(union(U), chi(tau)))
                for Xs in avoiding(lower, Us):
                    f = _and(f, Not(Since(union(Xs), chi(tau))))
        memo[i] = f
        return f

    return _accepting_types_formula(end_verdict, chi)
