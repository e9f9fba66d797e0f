"""Certificate formulas: from a minimal DFA in a fragment to a formula of that fragment
defining exactly its language at N+1, and an exact checker of any formula against a DFA.

Constructions (proofs in docs/decision-procedures.md):

* :func:`synthesize_r_trivial` — partially ordered DFA → LTL[P].  With all SCCs singletons,
  ``Visited[q]`` ("the run has entered q before the current position") and
  ``In[q] = Visited[q] ∧ ¬P(Visited[q] ∧ ⋁ exit letters of q)`` ("the state before the
  current position is q"); at N+1 ``In[q]`` says the whole word leads to q, so
  φ = ⋁_{q∈F} In[q].  The run never returns to a state it left, which is what makes the
  "has left" test sound.
* :func:`synthesize_definite` — definite DFA → LTL[Y]: a decision tree over the offsets from
  the end, ``node(j, B)`` with B = {q : q·v ∈ F} for the last j letters v; at j = index
  B ∈ {∅, Q}; a branch ``¬Y^(j+1) true`` covers words of length exactly j (q0 ∈ B).
  Subtrees with equal B are shared, so the size is that of the backward subset
  construction restricted to what the language can see.
* :func:`synthesize_locally_r_trivial` — LR DFA → LTL[P,Y]: SCCs in topological order;
  for each SCC C, whether the run has entered C, whether it has left it, and, inside C,
  the state as a function of the entry point and the letters since entry (fewer than k)
  or of the last k letters (k from the internal pair graphs).

:func:`check_formula` decides exactly whether a formula defines the DFA's language: it runs
the formula's evaluation automaton (the memory of every temporal subformula: a bit for P,
O, H and S, the last k values for Y[<=k]) in product with the DFA, breadth-first, and
returns a shortest word where they differ (None when equal).
"""

from __future__ import annotations

from ...kernel import limits as _limits

import numpy as np

from ...kernel.errors import LimitExceeded, MemoryBudgetExceeded
from ...kernel.work import CHECK_UNITS_PER_STEP, FORMULA_NODE_STEPS, SINCE_STATE_STEPS, OverBudget, check_steps
from ...ltl.definitions import dag_size
from ...ltl.formula import and_ as _and, not_ as _not, or_ as _or
from ...ltl.formula import or_all as _disj, past_ as _P, yesterday_ as _Y
from ...ltl.semantics import BOOLEAN, step_history, step_once, step_past, step_since, step_window
from ...ltl.simplify import simplify
from ...ltl.formula import (FALSE, TRUE, And, Atom, Const, Formula, Historically, Mod, Once, Or,
                           Past, Since, Yesterday, period)
from ...automata.from_formula import MAX_TEMPORAL_OPERATORS, formula_to_dfa
from ...automata.graphs import SCCs, dfa_sccs
from ...automata.operations import shortest_distinguishing_word
from ..algebra.types import since_type_automaton

__all__ = [
    "check_formula", "synthesize_r_trivial", "synthesize_definite",
    "synthesize_locally_r_trivial", "synthesize_star_free", "tidy", "shrink", "substitute",
    "DEFAULT_CHECK_LIMIT",
]

#: (DEFAULT_LIMIT of kernel/limits.py: the default of the Limits field this bounds)
DEFAULT_CHECK_LIMIT = _limits.DEFAULT_LIMIT


def Yn(f: Formula, n: int) -> Formula:
    for _ in range(n):
        f = Yesterday(f, 1)
    return f


# -- exact checker ----------------------------------------------------------------------------
class _Evaluator:
    """The deterministic evaluation automaton of a past formula, run on a batch of memories
    at once.  A memory is one integer per temporal subformula (a truth value for P, O, H
    and S; for Y[<=k] the positions since its argument last held, capped at k, so that
    Y[<=10^6] costs no more than Y) and, last, the clock (letters read mod the period of
    the MOD leaves; always 0 without them).  A batch is an ``(m, width)`` integer array, one
    memory per row; :meth:`step` evaluates every distinct subformula once per batch (the
    connectives and the temporal recurrences of :mod:`attnlogic.ltl.semantics` on numpy
    arrays), so a breadth-first search pays one numpy operation per subformula and layer,
    not one Python evaluation per subformula and product state.

    Kept beside the reference evaluator and the formula → DFA construction because the
    exact check needs the formula as an automaton it can run in product with a DFA, and
    this one is the cheaper route for the many candidates the certificate stage checks
    (``python -m benchmarks exact_check``)."""

    def __init__(self, f: Formula):
        self.period = period(f)
        self.nodes = f.subformulas()
        index = {id(n): i for i, n in enumerate(self.nodes)}
        self.root = index[id(f)]
        self.kids = [tuple(index[id(c)] for c in n.children) for n in self.nodes]
        self.temporal = [i for i, n in enumerate(self.nodes)
                         if isinstance(n, (Past, Once, Historically, Yesterday, Since))]
        self.slot = {i: s for s, i in enumerate(self.temporal)}
        self.width = len(self.temporal) + 1
        self.visited = 1

    def initial(self) -> np.ndarray:
        """The memory before the first letter, as a batch of one."""
        start = [n.k if isinstance(n, Yesterday) else int(isinstance(n, Historically))
                 for n in (self.nodes[i] for i in self.temporal)]
        return np.array([start + [0]], dtype=np.int64)

    def step(self, letter, mem: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The root's value at a position carrying ``letter`` (None = N+1) for each memory
        of the batch ``mem``, and the batch of memories at the next position."""
        m = mem.shape[0]
        yes, no = np.ones(m, dtype=bool), np.zeros(m, dtype=bool)
        vals: list = [None] * len(self.nodes)
        for i, (n, kids) in enumerate(zip(self.nodes, self.kids)):
            op = BOOLEAN.get(type(n))
            if op is not None:
                v = op(*[vals[j] for j in kids])
            elif isinstance(n, Atom):
                v = yes if letter is not None and n.name == letter else no
            elif isinstance(n, Const):
                v = yes if n.value else no
            elif isinstance(n, Mod):   # the current position is (letters read) + 1
                v = (mem[:, -1] + 1 - n.r) % n.m == 0
            else:
                col = mem[:, self.slot[i]]
                if isinstance(n, (Past, Since)):
                    v = col != 0
                elif isinstance(n, Once):
                    v = step_once(col != 0, vals[kids[0]])
                elif isinstance(n, Historically):
                    v = step_history(col != 0, vals[kids[0]])
                elif isinstance(n, Yesterday):
                    v = col < n.k
                else:  # pragma: no cover
                    raise TypeError(type(n).__name__)
            vals[i] = v
        new = np.empty_like(mem)
        for s, i in enumerate(self.temporal):
            n, kids, col = self.nodes[i], self.kids[i], mem[:, s]
            if isinstance(n, Past):
                new[:, s] = step_past(col != 0, vals[kids[0]])
            elif isinstance(n, (Once, Historically)):
                new[:, s] = vals[i]
            elif isinstance(n, Yesterday):
                new[:, s] = step_window(col, vals[kids[0]], n.k)
            else:
                new[:, s] = step_since(col != 0, vals[kids[0]], vals[kids[1]])
        new[:, -1] = (mem[:, -1] + 1) % self.period
        return vals[self.root], new


#: DFAs with more states than this are checked through the formula's own minimal DFA
CHECK_BY_DFA_FROM = 2000
#: so are formulas with more distinct subformulas than this (one Python evaluation of each per
#: product state is slower than building the formula's DFA: a 4,575-node certificate of an
#: 8-state chain took 7 s by the product search, 1.5 s by its DFA), unless that DFA exceeds
#: its state limit (a wide window), when the product search checks it
CHECK_BY_DFA_NODES = 1000

#: the product search costs one evaluation of every distinct subformula per product state
#: ... (kernel/limits.py, with every default budget)
CHECK_WORK = _limits.CHECK_WORK


def check_formula(f: Formula, dfa, limit: int = DEFAULT_CHECK_LIMIT,
                  stats: dict | None = None, work: int = CHECK_WORK) -> tuple[str, ...] | None:
    """None if the formula defines exactly L(dfa) (readout at N+1); otherwise the shortest
    (shortlex-least) word on which they disagree.  Exact, by one of two independent routes
    that give the same word:

    * breadth-first search of the product of the formula's evaluation automaton with the
      DFA (at most ``limit`` product states), one Python step per product state;
    * for DFAs of more than CHECK_BY_DFA_FROM states or formulas of more than
      CHECK_BY_DFA_NODES distinct subformulas, when the formula's atoms are letters:
      the formula's minimal DFA built compositionally
      (:func:`~attnlogic.automata.from_formula.formula_to_dfa`, at most ``limit`` states
      per intermediate automaton) and the product search of
      :func:`~attnlogic.automata.operations.shortest_distinguishing_word`, which stops at
      the first difference — vectorised, so large certificates check in seconds.

    Either route raises :class:`~attnlogic.kernel.errors.LimitExceeded` when it would exceed its
    bounds, the product search also when DFA states × distinct subformulas exceed ``work``
    (default :data:`CHECK_WORK`), which also bounds product states × distinct subformulas
    visited.  ``stats["states"]``, when given, receives the number of product
    states visited (the work done).
    """
    ev = _Evaluator(f)
    if f.atoms <= set(dfa.alphabet) and (dfa.n_states > CHECK_BY_DFA_FROM
                                         or len(ev.nodes) > CHECK_BY_DFA_NODES):
        try:
            g = formula_to_dfa(f, dfa.alphabet, state_limit=max(limit, 2 * dfa.n_states),
                               temporal_limit=max(MAX_TEMPORAL_OPERATORS, len(ev.nodes)))
        except LimitExceeded:
            if dfa.n_states > CHECK_BY_DFA_FROM:
                raise
            g = None             # (a wide window's automaton): the product search counts it
        if g is not None:
            if stats is not None:
                stats["states"] = dfa.n_states + g.n_states
            return shortest_distinguishing_word(dfa, g, state_limit=max(limit, 2 * (dfa.n_states + g.n_states)))
    if dfa.n_states * len(ev.nodes) > work:
        raise LimitExceeded("formula check (DFA states × distinct subformulas)", work,
                            f"{dfa.n_states} states × {len(ev.nodes)} subformulas")
    try:
        return _product_search(ev, dfa, min(limit, work // len(ev.nodes)))
    finally:
        if stats is not None:
            stats["states"] = ev.visited


def _product_search(ev: "_Evaluator", dfa, limit: int) -> tuple[str, ...] | None:
    """The breadth-first product search of :func:`check_formula`, one layer at a time: the
    layer's pairs (formula memory, DFA state) are checked at N+1 in queue order, then
    expanded state by state and letter by letter, new pairs kept in order of first
    appearance — the order of a queue, so the first disagreement found is the shortlex-least
    word of least length.  ``ev.visited`` counts the product states."""
    t = np.asarray(dfa.transitions)
    accepting = np.asarray(dfa.accepting, dtype=bool)
    letters = dfa.alphabet
    mem = ev.initial()
    q = np.array([dfa.initial], dtype=np.int64)
    seen = {mem[0].tobytes() + q[:1].tobytes(): 0}
    parent = [(-1, -1)]                       # (index of the parent pair, letter)
    first = 0                                 # index of the layer's first pair
    while len(q):
        value, _ = ev.step(None, mem)
        bad = np.flatnonzero(value != accepting[q])
        if len(bad):
            node, word = first + int(bad[0]), []
            while parent[node][0] >= 0:
                node, a = parent[node]
                word.append(letters[a])
            return tuple(reversed(word))
        k = len(letters)
        nxt_mem = np.empty((len(q), k, ev.width), dtype=np.int64)
        nxt_q = t[q]                          # (layer, letters)
        for a, letter in enumerate(letters):
            nxt_mem[:, a] = ev.step(letter, mem)[1]
        nxt_mem = nxt_mem.reshape(-1, ev.width)
        nxt_q = nxt_q.reshape(-1).astype(np.int64)
        keys = np.concatenate([nxt_mem, nxt_q[:, None]], axis=1)
        rows = keys.tobytes()
        size = keys.shape[1] * 8
        fresh = []
        for j in range(len(nxt_q)):
            key = rows[j * size:(j + 1) * size]
            if key not in seen:
                seen[key] = len(parent)
                parent.append((first + j // k, j % k))
                fresh.append(j)
                if len(parent) > limit:
                    ev.visited = len(parent)
                    raise LimitExceeded("formula check (product of formula and DFA states)", limit)
        ev.visited = len(parent)
        first = len(parent) - len(fresh)
        mem, q = nxt_mem[fresh], nxt_q[fresh]
    return None


def tidy(f: Formula, allowed_check=None, meter=None) -> Formula:
    """Simplify with the language-preserving simplifier, keeping the result only if it is
    smaller (and, when given, ``allowed_check(result)`` holds, e.g. same fragment); the
    two-level minimisations within ``meter``'s allowance (:func:`~attnlogic.ltl.simplify.simplify`)."""
    try:
        g = simplify(f, meter=meter)
    except Exception:  # pragma: no cover - the simplifier is best effort here
        return f
    if g.size < f.size and (allowed_check is None or allowed_check(g)):
        return g
    return f


# -- LTL[P]: partially ordered DFA -------------------------------------------------------------
def synthesize_r_trivial(dfa, sccs: SCCs | None = None, max_size: int | None = None) -> Formula:
    """An LTL[P] formula for a partially ordered minimal DFA (all SCCs singletons).

    Every state q other than the initial one and the (at most two: one accepting, one not)
    states without exits has its own ``P(…)`` (Visited[q]) and the four nodes of
    In[q] = Visited[q] ∧ ¬P(Visited[q] ∧ exits), so the formula has at least 5(n − 3)
    distinct subformulas; when that exceeds ``max_size`` nothing is built (LimitExceeded),
    so a certificate too large to print costs nothing."""
    sccs = sccs or dfa_sccs(dfa)
    if not sccs.all_trivial():
        raise ValueError("the DFA is not partially ordered")
    if max_size is not None and 5 * (dfa.n_states - 3) > max_size:
        raise LimitExceeded("certificate formula size (distinct subformulas)", max_size,
                            f"the formula would have at least 5 × ({dfa.n_states} − 3) distinct "
                            "subformulas; it was not built")
    t = dfa.transitions
    A = dfa.alphabet
    order = [m[0] for m in sccs.members]  # topological order of states
    preds: dict[int, list[tuple[int, int]]] = {q: [] for q in order}
    for p in order:
        for a in range(len(A)):
            r = int(t[p, a])
            if r != p:
                preds[r].append((p, a))
    inside: dict[int, Formula] = {}
    for q in order:
        if q == dfa.initial:
            visited = TRUE
        else:
            visited = _P(_disj(_and(Atom(A[a]), inside[p]) for p, a in preds[q]))
        exits = _disj(Atom(A[a]) for a in range(len(A)) if int(t[q, a]) != q)
        inside[q] = _and(visited, _not(_P(_and(visited, exits))))
    return _disj(inside[q] for q in order if dfa.accepting[q])


# -- LTL[Y]: definite ------------------------------------------------------------------------
def synthesize_definite(dfa, index: int, limit: int = _limits.DEFAULT_LIMIT) -> Formula:
    """An LTL[Y] formula for a definite minimal DFA whose every word of length ≥ ``index``
    is a reset word.  Decision tree on the letters at offsets 1, 2, … from the end (the
    letter at offset i is tested by Y^i a at N+1).

    Built level by level from j = ``index`` down to 0 (no recursion: the depth of the tree
    is the index, thousands on a long chain): level j holds the distinct suffix classes
    B = {q : q·v ∈ F}, |v| = j, reachable from F by the backward step B ↦ B[t[:, a]]; equal
    classes share one subformula, and the chains ``Y^j true`` / ``Y^j a`` are built once
    per j, so the formula is a DAG with O(classes · |A|) distinct subformulas."""
    t = np.asarray(dfa.transitions)
    n, m = t.shape
    A = dfa.alphabet
    q0 = dfa.initial
    # forward: the classes of each level, as byte keys (level j+1 from level j), and per
    # class of level j < index the keys of its children B[t[:, a]] (the level's own key
    # objects: no copies kept), so that the backward pass need not compute them again
    cols = [np.ascontiguousarray(t[:, a]) for a in range(m)]
    levels: list[dict[bytes, np.ndarray]] = []
    kids: list[dict[bytes, tuple[bytes, ...]]] = []
    first = np.asarray(dfa.accepting, dtype=bool).copy()
    level = {first.tobytes(): first}
    total = 0
    for j in range(index + 1):
        levels.append(level)
        total += len(level)
        if total > limit:
            raise LimitExceeded("LTL[Y] synthesis (suffix classes)", limit)
        if j == index:
            break
        nxt: dict[bytes, np.ndarray] = {}
        canon: dict[bytes, bytes] = {}
        edges: dict[bytes, tuple[bytes, ...]] = {}
        for key, B in level.items():
            ks = []
            for a in range(m):
                C = B[cols[a]]
                k = C.tobytes()
                c = canon.get(k)
                if c is None:
                    canon[k] = c = k
                    nxt[k] = C
                ks.append(c)
            edges[key] = tuple(ks)
        kids.append(edges)
        level = nxt
    # Y^j true and Y^j a for j = 1 … index
    ytrue = [TRUE]
    yatom = [[Atom(x)] for x in A]
    for j in range(1, index + 1):
        ytrue.append(Yesterday(ytrue[-1], 1))
        for chain in yatom:
            chain.append(Yesterday(chain[-1], 1))
    # backward: the subformula of each class, deepest level first
    offsets: dict[int, tuple[Formula, float]] = {}      # _least_offset's memo, shared by the levels
    below: dict[bytes, Formula] = {key: (TRUE if B.all() else FALSE)
                                   for key, B in levels[index].items()}
    for j in range(index - 1, -1, -1):
        here: dict[bytes, Formula] = {}
        for key, B in levels[j].items():
            start = bool(B[q0])                  # the word is exactly these j letters
            children = [below[k] for k in kids[j][key]]
            exact = _not(ytrue[j + 1]) if start else FALSE
            if all(c is children[0] for c in children):
                c = children[0]
                if c is TRUE:
                    res = TRUE if start else ytrue[j + 1]
                elif c is FALSE:
                    res = exact
                else:
                    res = _or(exact, _and(ytrue[j + 1], c)) if start else \
                        (c if _least_offset(c, offsets) >= j + 1 else _and(ytrue[j + 1], c))
            else:
                res = exact
                for a in range(m):
                    res = _or(res, _and(yatom[a][j + 1], children[a]))
            here[key] = res
        below = here
    return below[first.tobytes()]


def _least_offset(f: Formula, memo: dict[int, tuple[Formula, float]]) -> float:
    """The syntactic offset of f (built by synthesize_definite): the largest d such that,
    read syntactically, f implies Y^d true — an Or the least of its sides', an And the
    largest of its conjuncts', a chain of Yesterdays its total depth, anything else −∞ (it
    implies no Y^d true).  So f implies Y^j true, by this reading, iff the offset is ≥ j.

    Bottom-up over the DAG (no recursion), memoised in ``memo`` (id → (formula, offset); the
    formula is held so that its id is not reused): synthesize_definite asks it of the
    subformulas of every level, and each distinct subformula is computed once, not once per
    level (which was quadratic in the index: 10,000 levels on a long exact chain)."""
    hit = memo.get(id(f))
    if hit is not None:
        return hit[1]
    for g in f.subformulas(enter=lambda h: id(h) not in memo):
        if id(g) in memo:
            continue
        if isinstance(g, Or):
            v = min(memo[id(g.left)][1], memo[id(g.right)][1])
        elif isinstance(g, And):
            v = max(memo[id(g.left)][1], memo[id(g.right)][1])
        elif isinstance(g, Yesterday):
            v = g.k + (memo[id(g.arg)][1] if isinstance(g.arg, Yesterday) else 0)
        else:
            v = float("-inf")
        memo[id(g)] = (g, v)
    return memo[id(f)][1]


# -- LTL[P,Y]: locally R-trivial --------------------------------------------------------------
def synthesize_locally_r_trivial(dfa, k: int, sccs: SCCs | None = None,
                                 limit: int = _limits.DEFAULT_LIMIT) -> Formula:
    """An LTL[P,Y] formula for a minimal DFA whose SCCs have acyclic internal pair graphs;
    ``k`` ≥ 1 such that inside an SCC the state is a function of the last k letters read in
    it.  Builds ``Cur[p]`` ("the state after the current letter is p") at letter positions
    and reads it at N+1 through Y: φ = ⋁_{p∈F} Y Cur[p] (∨ ¬Y true if ε ∈ L)."""
    sccs = sccs or dfa_sccs(dfa)
    t = np.asarray(dfa.transitions)
    A = dfa.alphabet
    nA = len(A)
    comp = sccs.component
    q0 = dfa.initial
    c0 = int(comp[q0])
    first = _not(_Y(TRUE))
    cur: dict[int, Formula] = {}
    built = 0

    def prev_is(p: int) -> Formula:
        f = _Y(cur[p])
        return _or(f, first) if p == q0 else f

    for c, members in enumerate(sccs.members):
        if c < c0:
            continue  # not reachable from the initial state: minimal DFAs have none
        C = set(members)
        # states after reading j letters since entering C (j < k), and at entry
        since: list[dict[int, Formula]] = []
        if c == c0:
            level = {p: FALSE for p in C}
            for a in range(nA):
                r = int(t[q0, a])
                if r in C:
                    level[r] = _or(level[r], _and(first, Atom(A[a])))
            since.append(level)          # since[0]: position 1 (one letter read from q0)
            entered = TRUE
        else:
            enter_at = {r: FALSE for r in C}
            for p in range(len(t)):
                if comp[p] >= c or p not in cur:
                    continue
                for a in range(nA):
                    r = int(t[p, a])
                    if r in C:
                        enter_at[r] = _or(enter_at[r], _and(Atom(A[a]), prev_is(p)))
            since.append(enter_at)
            enter = _disj(enter_at.values())
            entered = _or(enter, _P(enter))
        steps = k if c != c0 else k  # since[j] for j < k (C ≠ C0) / positions 1..k (C0)
        for _ in range(1, steps):
            prev = since[-1]
            level = {p: FALSE for p in C}
            for p in C:
                if prev[p] is FALSE:
                    continue
                built += 1
                if built > limit:   # k levels of |C| states: a long chain SCC needs k·|C|
                    raise LimitExceeded("LTL[P,Y] synthesis (states × letters since entry)", limit)
                for a in range(nA):
                    r = int(t[p, a])
                    if r in C:
                        level[r] = _or(level[r], _and(Atom(A[a]), _Y(prev[p])))
            since.append(level)
        # last k letters inside C: Ψ_j[T] on sets reachable by the internal step from C
        last_k = _last_k_states(t, A, C, k, limit)
        guard = Yn(entered, k) if c != c0 else Yn(TRUE, k)
        hyp = {}
        for p in C:
            hyp[p] = _or(_and(guard, last_k.get(p, FALSE)), _disj(lv[p] for lv in since))
        exit_now = FALSE
        for p in C:
            for a in range(nA):
                if int(t[p, a]) not in C:
                    exit_now = _or(exit_now, _and(Atom(A[a]), _Y(hyp[p])))
        if c == c0:
            for a in range(nA):
                if int(t[q0, a]) not in C:
                    exit_now = _or(exit_now, _and(first, Atom(A[a])))
        left = _or(exit_now, _P(exit_now))
        in_c = _and(entered, _not(left))
        for p in C:
            cur[p] = _and(in_c, hyp[p])
    phi = _disj(_Y(cur[p]) for p in sorted(cur) if dfa.accepting[p])
    if dfa.accepting[q0]:
        phi = _or(phi, first)
    return phi


def _last_k_states(t: np.ndarray, A, C: set, k: int, limit: int = _limits.DEFAULT_LIMIT) -> dict[int, Formula]:
    """Ψ: for each state p of C, a formula (at a letter position) saying that the internal
    runs of C over the last k letters (ending here) all end in p.  Subset construction
    from C with the partial step T ↦ {q·a : q ∈ T, q·a ∈ C}."""
    full = frozenset(C)
    layer: dict[frozenset, Formula] = {full: TRUE}
    for j in range(k):
        nxt: dict[frozenset, Formula] = {}
        for T, f in layer.items():
            for a in range(len(A)):
                T2 = frozenset(int(t[q, a]) for q in T if int(t[q, a]) in C)
                if not T2:
                    continue
                g = _and(Atom(A[a]), f if j == 0 else _Y(f))
                nxt[T2] = _or(nxt.get(T2, FALSE), g)
        if len(nxt) > limit:
            raise LimitExceeded("LTL[P,Y] synthesis (subsets inside an SCC)", limit)
        layer = nxt
    out: dict[int, Formula] = {}
    for T, f in layer.items():
        if len(T) == 1:
            (p,) = T
            out[p] = _or(out.get(p, FALSE), f)
    return out


# -- LTL[S]: star-free ------------------------------------------------------------------------
def synthesize_star_free(dfa, max_depth: int = 4, limit: int = _limits.DEFAULT_LIMIT,
                         memory_budget: int | None = None, meter=None, min_depth: int = 1) -> Formula | None:
    """An LTL[S] formula for an aperiodic DFA by S-type refinement (depth ``min_depth``,
    …, ``max_depth``); None when no depth up to ``max_depth`` suffices (Kamp's theorem says
    some depth does).  ``limit`` states and ``memory_budget`` bytes per depth; with a
    :class:`~attnlogic.kernel.work.WorkMeter`, the states explored are counted on it
    (SINCE_STATE_STEPS per state × letter), each depth gets at most what is left, and the
    formula is built only within it (LimitExceeded otherwise)."""
    m = len(dfa.alphabet)
    for depth in range(min_depth, max_depth + 1):
        cap = limit if meter is None else meter.cap(limit, SINCE_STATE_STEPS * m)
        if cap <= 0:
            raise OverBudget(meter.refusal(f"the S-type automaton at depth {depth}", SINCE_STATE_STEPS * m))
        try:
            res = since_type_automaton(dfa, depth, limit=cap, memory_budget=memory_budget,
                                       formula_steps=None if meter is None else meter.left)
        except OverBudget as exc:         # the formula's construction refused (by the meter)
            meter.spend(SINCE_STATE_STEPS * m * cap)
            raise OverBudget(f"{exc} ({meter.describe()})") from None
        except LimitExceeded as exc:
            if meter is not None:
                meter.spend(SINCE_STATE_STEPS * m * cap)
                if cap < limit and not isinstance(exc, MemoryBudgetExceeded):
                    # the meter lowered the bound: say so, and the flag that raises it
                    raise OverBudget(f"the S-type automaton at depth {depth} has more than {cap:,} "
                                     f"states, all the step budget left allows ({meter.describe()})") from None
            raise
        if meter is not None:
            meter.spend(SINCE_STATE_STEPS * m * res.states)
        if res.definable:
            if meter is not None:
                meter.spend(FORMULA_NODE_STEPS * dag_size(res.formula))
            return res.formula
    return None


# -- readability: semantic shrinking ------------------------------------------------------------
def substitute(f: Formula, old: Formula, new: Formula) -> Formula:
    """f with every occurrence of the subformula ``old`` replaced by ``new`` (iterative)."""
    image: dict[int, Formula] = {}
    for g in f.subformulas():
        if g is old:
            image[id(g)] = new
            continue
        kids = g.children
        if kids:
            mapped = tuple(image[id(c)] for c in kids)
            image[id(g)] = g if all(m is c for m, c in zip(mapped, kids)) else g.map_children(mapped)
        else:
            image[id(g)] = g
    return image[id(f)]


def shrink(f: Formula, dfa, allowed=None, max_checks: int = _limits.SHRINK_CALL_CHECKS,
           check_limit: int = _limits.SHRINK_CHECK_STATES, max_seconds: float | None = None,
           max_work: int | None = None, stats: dict | None = None,
           prefilter=None, max_filtered: int | None = None) -> Formula:
    """Greedy semantic simplification: replace a subformula (largest first) by ``true``,
    ``false`` or one of its operands whenever the result is smaller, still in the fragment
    (``allowed``) and still defines L(dfa) exactly (:func:`check_formula`).  ``prefilter``
    (optional): a necessary condition for defining L(dfa), cheaper than the exact check
    (:class:`~.smallest.SampleFilter`); a candidate that fails it is dropped without an
    exact check, at most ``max_filtered`` times (then the shrinking stops).  Every accepted
    step is checked, so the result is as correct as the input; ``max_checks`` bounds the
    work, ``max_work`` that of all checks together (product states × distinct subformulas
    of the candidate; each check gets at most what is left), and ``max_seconds`` (wall
    clock) too.  ``stats["work"]``, when given, receives the work of all checks (product
    states × distinct subformulas, and a check's fixed part, :func:`~attnlogic.kernel.work.check_steps`
    × CHECK_UNITS_PER_STEP; the latter not counted in ``max_work``, which ``max_checks``
    bounds)."""
    import time
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    work = [max_work]
    done = [0]                                  # work of all checks
    checks = 0
    filtered = 0
    improved = True
    try:
        while improved and checks < max_checks:
            improved = False
            subs = sorted((g for g in f.subformulas() if g is not f or g.children),
                          key=lambda g: -g.size)
            for g in subs:
                options = [TRUE, FALSE] + list(g.children)
                for c in options:
                    if c is g:
                        continue
                    h = substitute(f, g, c)
                    if h.size >= f.size or (allowed is not None and not allowed(h)):
                        continue
                    if prefilter is not None and not prefilter(h):
                        filtered += 1
                        if max_filtered is not None and filtered >= max_filtered:
                            return f
                        continue
                    checks += 1
                    one: dict = {}
                    nodes = len(h.subformulas())
                    lim = check_limit if work[0] is None else max(1, min(check_limit, work[0] // nodes))
                    try:
                        ok = check_formula(h, dfa, limit=lim, stats=one) is None
                    except LimitExceeded:
                        ok = False
                    units = one.get("states", lim) * nodes
                    done[0] += check_steps(nodes, units) * CHECK_UNITS_PER_STEP
                    if work[0] is not None:
                        work[0] -= units
                    if ok:
                        f = h
                        improved = True
                        break
                    if (checks >= max_checks or (work[0] is not None and work[0] <= 0)
                            or (deadline is not None and time.monotonic() > deadline)):
                        return f
                if improved:
                    break
        return f
    finally:
        if stats is not None:
            stats["work"] = done[0]
