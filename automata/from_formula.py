"""Formula → minimal DFA, for the whole logic, with the readout at position N+1.

Semantics (docs/syntax.md): w ∈ L(φ) iff w, N+1 ⊨ φ, where no atom holds at
N+1.  The truth of a *strict-past* subformula T ∈ {P ψ, Y[<=k] ψ, ψ S χ} at position n+1
depends only on w1 … wn, so it is a regular language L(T) = {w : w, |w|+1 ⊨ T}; its
minimal DFA D_T is built compositionally, inner subformulas first.

Construction of D_T
-------------------
1. Let T1 … Tm be the maximal temporal subformulas of T's argument(s).  Their minimal DFAs
   are already built; the *joint* automaton J is their reachable product.  In J's state
   after w1 … w(n−1), Ti holds at position n iff the Ti-component accepts.
2. The argument's value at position n is then a Boolean function of J's state and the
   letter w_n (atoms read the letter): J becomes a Mealy machine with that output, and is
   minimised as one (Hopcroft with the output rows as initial labels).
3. D_T is the reachable product of that Mealy machine with T's own memory, minimised:
   T's memory is its row of the operators' table (:data:`attnlogic.ltl.semantics.TEMPORAL`):
   * ``P ψ``: one bit, "ψ has held":      p' = p ∨ ψ(n),           T holds at n+1 iff p';
   * ``Y[<=k] ψ``: c = distance to the last ψ, capped at k (k = none within reach):
                   c' = 0 if ψ(n) else min(c+1, k),   T holds at n+1 iff c' < k;
   * ``ψ S χ``: one bit s:                 s' = χ(n) ∨ (ψ(n) ∧ s),  T holds at n+1 iff s'.
   All start "false" (nothing before position 1).
4. ``O ψ`` and ``H ψ`` are rewritten first as ``ψ ∨ P ψ`` and ``ψ ∧ ¬P ¬ψ`` (the table's
   rewriting).
5. The formula itself is a Boolean combination of its maximal temporal subformulas and
   atoms; at N+1 the atoms are false, so its DFA is the joint automaton of those
   subformulas with "skeleton true, atoms false" as acceptance, minimised.

Modular predicates
------------------
``MOD[m,r]`` reads the position, not the letter: in the state reached after w1 … w(n−1)
the current position is n.  When the arguments of T contain MOD leaves, the joint
automaton of step 1 gets one more factor, the clock c = (number of letters read) mod M
(M the lcm of the moduli), and ``MOD[m,r]`` holds at n iff c + 1 ≡ r (mod m); at the
root the clock reads N mod M at position N+1, the same rule.  The language of each T is
unchanged by the choice of M, so the cached minimal DFAs stay valid.

Letters that are not atoms of the formula behave identically, so the construction runs
over the atoms plus one representative "other" letter and copies its column at the end.

Why this is not the reference evaluator
---------------------------------------
Its result is an automaton, which the classifier, the exact checks and every language
source need; as the oracle of ``attnlogic check`` it is also the faster one: 16 words of
10^5 letters over abc against ``P (b & Y a) & !Y[<=2] c | P (c & P (a & Y b))``, every
prefix, take 0.38 s (build the 10-state DFA, run it in lock step) against 0.77 s for
:func:`attnlogic.ltl.prefix_acceptance` (one core of a shared 2-core machine).

Alphabet rule
-------------
``alphabet=None``: the formula's atoms, sorted.  Given: exactly those letters, in that
order; an atom that is not a letter is an :class:`~attnlogic.kernel.errors.InputError` unless
``extend=True``, which appends the missing atoms in sorted order (the command line's
"atoms plus any given" rule).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Sequence

import numpy as np

from attnlogic.kernel.errors import InputError
from attnlogic.ltl.formula import Atom, Const, Formula, Mod, Yesterday, is_future
from attnlogic.ltl.semantics import BOOLEAN, STRICT_PAST, TEMPORAL
from attnlogic.ltl.mirror import reversal_formula

from .dfa import DFA
from .minimize import canonical, coarsest_partition, minimize
from .operations import explore, too_many_states
from .rational import reverse
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import DEFAULT_STATE_LIMIT as _STATE_LIMIT

__all__ = ["formula_to_dfa", "formula_alphabet", "DEFAULT_STATE_LIMIT", "MAX_TEMPORAL_OPERATORS"]

#: most states of any intermediate automaton (``state_limit``): the one state bound of every
#: construction, :data:`attnlogic.kernel.limits.DEFAULT_STATE_LIMIT` (Y[<=k] for the largest k
#: the parser accepts, 10^6 with k + 1 states, fits); larger products are refused
DEFAULT_STATE_LIMIT = _STATE_LIMIT
#: most distinct temporal subformulas (``temporal_limit``): each is one automaton built
#: and minimised, so 1 000 nested P would take minutes
MAX_TEMPORAL_OPERATORS = 400

_STRICT = STRICT_PAST

#: minimal DFAs of strict-temporal subformulas, keyed by (subformula, reduced alphabet), each
#: with the most states its construction explored: formulas and DFAs are immutable values, so
#: reuse across calls is transparent (LRU) — a call whose ``state_limit`` that construction
#: passed is refused as building it again would be
_CACHE: "OrderedDict[tuple, tuple[DFA, int]]" = OrderedDict()
_CACHE_SIZE = 4096


def formula_alphabet(formula: Formula, alphabet: Sequence[str] | None = None,
                     extend: bool = False) -> tuple[str, ...]:
    """The alphabet of the formula's DFA by the rule in the module docstring."""
    atoms = sorted(formula.atoms)
    if alphabet is None:
        return tuple(atoms)
    letters = tuple(alphabet)
    if len(set(letters)) != len(letters):
        raise InputError(f"alphabet {list(letters)} has a duplicate letter")
    missing = [a for a in atoms if a not in set(letters)]
    if missing:
        if not extend:
            raise InputError(f"atom(s) {missing} of the formula are not letters of the alphabet "
                             f"{list(letters)}")
        letters = letters + tuple(missing)
    return letters


def _core(formula: Formula) -> Formula:
    """O and H rewritten with P (bottom-up, no recursion)."""
    new: dict[int, Formula] = {}
    for node in formula.subformulas():
        kids = tuple(new[id(c)] for c in node.children)
        node2 = node.map_children(kids) if kids else node
        rule = TEMPORAL.get(type(node2))
        if rule is not None and rule.rewrite is not None:     # O, H: the table's rewriting
            node2 = rule.rewrite(node2.arg)
        new[id(node)] = node2
    return new[id(formula)]


def _skeleton(roots: Sequence[Formula]) -> tuple[list[Formula], list[Formula]]:
    """(maximal strict-temporal subformulas, Boolean skeleton nodes children-first) of roots."""
    order: list[Formula] = []
    seen: set[int] = set()
    for root in roots:
        for node in root.subformulas(enter=lambda g: not isinstance(g, _STRICT)):
            if id(node) not in seen:
                seen.add(id(node))
                order.append(node)
    return [g for g in order if isinstance(g, _STRICT)], order


def _mods(order: list[Formula]) -> list[Formula]:
    """The MOD leaves of a skeleton."""
    return [g for g in order if isinstance(g, Mod)]


def _clock(letters: tuple[str, ...], modulus: int) -> DFA:
    """The permutation automaton counting letters mod ``modulus`` (state = count mod M)."""
    table = np.tile((np.arange(modulus, dtype=np.int64)[:, None] + 1) % modulus, (1, len(letters)))
    return DFA._trusted(letters, table, 0, np.zeros(modulus, dtype=bool))


def _evaluate(order: list[Formula], readout: dict, col: dict, k: int, at_end: bool) -> dict:
    """Values of the skeleton nodes, as arrays broadcastable to (states, letters).

    ``readout[T]`` is a (states, 1) bool array: T holds at the current position.  With
    ``at_end`` the position is N+1 and every atom is false.
    """
    val: dict = {}
    for node in order:
        if isinstance(node, Atom):
            if at_end:
                v = np.zeros((1, 1), dtype=bool)
            else:
                v = np.zeros((1, k), dtype=bool)
                v[0, col[node.name]] = True
        elif isinstance(node, Const):
            v = np.full((1, 1), node.value, dtype=bool)
        elif isinstance(node, Mod):
            v = readout[node]
        elif isinstance(node, _STRICT):
            v = readout[node]
        elif type(node) in BOOLEAN:
            v = BOOLEAN[type(node)](*(val[c] for c in node.children))
        else:  # pragma: no cover - O and H were rewritten
            raise TypeError(f"unexpected operator {type(node).__name__}")
        val[node] = v
    return val


class _Builder:
    """Minimal DFAs of strict-temporal subformulas over a fixed (reduced) alphabet."""

    def __init__(self, letters: tuple[str, ...], limit: int):
        self.letters = letters
        self.k = len(letters)
        self.col = {a: i for i, a in enumerate(letters)}
        self.limit = limit
        self.memo: dict[Formula, DFA] = {}
        self.explored = 0               # the most states one exploration reached (since reset)

    def joint(self, parts: list[Formula], mods: list[Formula] = ()) -> tuple[np.ndarray, dict]:
        """Reachable product of the parts' DFAs, and of the clock (letters read mod M) when
        ``mods`` lists MOD leaves: (table, {part or MOD leaf: (states, 1) readout})."""
        k = self.k
        table = np.zeros((1, k), dtype=np.int64)
        proj = np.zeros((1, 0), dtype=np.int64)
        factors = [self.memo[T] for T in parts]
        if mods:
            period = math.lcm(*(g.m for g in mods))
            if period > self.limit:      # the clock alone has that many reachable states
                raise LimitExceeded("formula automaton states", self.limit,
                                    f"counting positions modulo {period}, the lcm of the MOD moduli, "
                                    "takes that many", parameters=("state_limit",))
            factors.append(_clock(self.letters, period))
        for i, d in enumerate(factors):
            if i == 0 and d.initial == 0:  # the product with the first factor is the factor
                table = np.asarray(d.transitions, dtype=np.int64)
                proj = np.arange(d.n_states, dtype=np.int64)[:, None]
                continue
            nd = d.n_states
            td = np.asarray(d.transitions, dtype=np.int64)
            cur = table

            def step(codes, cur=cur, td=td, nd=nd):
                j, q = np.divmod(codes, nd)
                return cur[j] * nd + td[q]

            codes, table = explore(d.initial, step, self.limit, "formula automaton states")
            self.explored = max(self.explored, len(codes))
            j, q = np.divmod(codes, nd)
            proj = np.column_stack([proj[j], q])
        readout = {T: self.memo[T].accepting[proj[:, i]][:, None] for i, T in enumerate(parts)}
        if mods:
            clock = proj[:, len(parts)]
            for g in mods:
                readout[g] = ((clock + 1 - g.r) % g.m == 0)[:, None]
        return table, readout

    def build(self, T: Formula) -> DFA:
        """D_T for a strict-temporal T whose temporal subformulas are built already."""
        args = T.children
        parts, order = _skeleton(args)
        table, readout = self.joint(parts, _mods(order))
        val = _evaluate(order, readout, self.col, self.k, at_end=False)
        shape = (table.shape[0], self.k)
        out = sum(np.broadcast_to(val[a], shape).astype(np.int64) << j for j, a in enumerate(args))
        # the joint automaton as a Mealy machine with output `out`, minimised
        _, row_label = np.unique(out, axis=0, return_inverse=True)
        blocks = coarsest_partition(table, row_label.reshape(-1))
        nb = int(blocks.max()) + 1
        rep = np.empty(nb, dtype=np.int64)
        rep[blocks[::-1]] = np.arange(blocks.size - 1, -1, -1)
        mtable = blocks[table[rep]]
        mout = out[rep]
        init = int(blocks[0])

        rule = TEMPORAL[type(T)]        # T's memory, from the operators' table
        r, m0 = rule.states(T), rule.initial(T)

        def update(m, o):               # o = the arguments' truth, argument j in bit j
            return rule.step(T, m, *((o >> j) & 1 for j in range(len(args))))

        def holds(m):
            return rule.holds(T, m)

        def step(codes):
            j, m = np.divmod(codes, r)
            return mtable[j] * r + update(m[:, None], mout[j])

        codes, ptable = explore(init * r + m0, step, self.limit, "formula automaton states")
        self.explored = max(self.explored, len(codes))
        d = DFA._trusted(self.letters, ptable, 0, holds(codes % r))
        if isinstance(T, Yesterday) and mtable.shape[0] == 1 and 0 < int(mout.sum()) < self.k:
            # Y[<=k] ψ with ψ a letter test, true on some letter and false on another: the
            # counter c = 0 … k is minimal already (c < c' are told apart by ¬ψ^(k−c'),
            # rejected from c' and accepted from c) and all of it is reachable; renumbering
            # is all that minimising would do, and Hopcroft on a chain of 10^5 states is slow
            d = canonical(d)
            d._cache["minimal"] = d
            return d
        return minimize(d)

    def root(self, formula: Formula) -> DFA:
        parts, order = _skeleton([formula])
        table, readout = self.joint(parts, _mods(order))
        val = _evaluate(order, readout, self.col, self.k, at_end=True)
        acc = np.broadcast_to(val[formula], (table.shape[0], 1))[:, 0]
        return minimize(DFA._trusted(self.letters, table, 0, acc))


def formula_to_dfa(formula: Formula, alphabet: Sequence[str] | None = None, *,
                   extend: bool = False, state_limit: int = DEFAULT_STATE_LIMIT,
                   temporal_limit: int = MAX_TEMPORAL_OPERATORS) -> DFA:
    """The minimal, canonically numbered DFA of {w : w, |w|+1 ⊨ formula} (for an LTLf
    formula, with a future operator: {w : w, 1 ⊨ formula}, the reversal of the language of
    :func:`~attnlogic.ltl.mirror.reversal_formula`, docs/logic.md).

    ``alphabet``: see the module docstring (default: the atoms, sorted).  Raises
    :class:`~attnlogic.kernel.errors.InputError` for an atom outside a given alphabet and
    :class:`~attnlogic.kernel.errors.LimitExceeded` when an intermediate automaton would exceed
    ``state_limit`` states.
    """
    if not isinstance(formula, Formula):
        raise TypeError(f"expected a Formula, got {type(formula).__name__}")
    if is_future(formula):          # LTLf, read at position 1: the reversal of a past formula's
        mirrored = formula_to_dfa(reversal_formula(formula), alphabet, extend=extend,
                                  state_limit=state_limit, temporal_limit=temporal_limit)
        return reverse(mirrored, state_limit).minimal()
    letters = formula_alphabet(formula, alphabet, extend)
    atoms = formula.atoms
    reduced = [a for a in letters if a in atoms]
    others = [a for a in letters if a not in atoms]
    if others:
        reduced.append(others[0])
    col_of_letter = [reduced.index(a) if a in atoms else len(reduced) - 1 for a in letters]

    f = _core(formula)
    n_temporal = sum(1 for node in f.subformulas() if isinstance(node, _STRICT))
    if n_temporal > temporal_limit:
        raise LimitExceeded("temporal subformulas of a formula turned into a DFA", temporal_limit,
                            f"this one has {n_temporal}", parameters=("temporal_limit",))
    builder = _Builder(tuple(reduced), state_limit)
    for node in f.subformulas():
        if isinstance(node, _STRICT) and node not in builder.memo:
            key = (node, builder.letters)
            hit = _CACHE.get(key)
            if hit is None:
                builder.explored = 0
                d = builder.build(node)
                _CACHE[key] = (d, builder.explored)
                if len(_CACHE) > _CACHE_SIZE:
                    _CACHE.popitem(last=False)
            else:
                d, explored = hit
                if explored > state_limit:      # building it again would stop there
                    raise too_many_states("formula automaton states", state_limit)
                _CACHE.move_to_end(key)
            builder.memo[node] = d
    small = builder.root(f)
    if tuple(reduced) == letters:
        return small
    table = np.asarray(small.transitions)[:, col_of_letter] if letters else \
        np.zeros((small.n_states, 0), dtype=np.int64)
    return minimize(DFA._trusted(letters, table, small.initial, small.accepting))
