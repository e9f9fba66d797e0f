"""Re-checking certificates by code paths independent of the deciders that made them.

Anyone holding a language (its minimal DFA) and an answer can check the answer here; no
decision procedure, type automaton, semigroup or synthesis of this package is called.

* A **formula** certificate of membership in a fragment F is valid iff every temporal
  operator of the formula is one of F (:meth:`Fragment.allows`) and its DFA, built by the
  compositional construction of :mod:`attnlogic.automata.from_formula`, is equivalent to
  the language's (product emptiness, :func:`attnlogic.automata.operations.equivalent`).
  The deciders check their formulas with a different procedure (the product of the
  formula's evaluation automaton with the DFA, ``synthesis.check_formula``).
* A **witness at depth r** (two words, one in L and one not, that no formula of F of
  temporal depth ≤ r separates) is valid iff the DFA puts exactly one of them in L and the
  two N+1 positions have equal depth-r types, computed by the direct recursion on the two
  words (:func:`.indistinguishable.agreement_depth`, the one type computation of the
  package, which also checks every witness before it is printed): τ_0(i) = the letter at i (none at N+1) and τ_d(i) = (τ_0(i), the set of
  τ_{d−1}(j) over the window max(1, i−k) ≤ j < i, the set over all j < i when F has P);
  for LTL[S] the set of pairs (τ_{d−1}(m), {τ_{d−1}(j) : m < j < i}) over m < i, since
  ψ S χ holds at i iff some such pair has its first type in χ and its set inside ψ.
  Equal types imply equal truth of every formula of depth ≤ r (induction on r: a depth-r
  formula is a Boolean combination of atoms and of operators over depth r−1 formulas,
  and each operator's value is a function of the sets above).  When the types differ the
  pair's own separability decides (:func:`pair_separation`: exact types, for LTL[S] the
  closest-pair S-types, and a separating formula evaluated on both words).
* The **pair itself at every depth** (no depth given): types refined to their fixed point;
  a separable pair is refused with its depth and formula, and whether its family is a proof.
* A **pumped family** (``family=True``; the pair is one of its instances) proves
  non-membership at every depth when one of these arguments applies to a decomposition
  found in the two words (docs/decision-procedures.md §4.3a: each bound, proved):

  - *lasso* (F ∈ LTL[P], LTL[Y<=k], LTL[P,Y<=k]; docs/decision-procedures.md §4.3): the
    words are l·p^N·x and l·p^N·y; in the finite graph of the period p and the tails x, y
    the two N+1 nodes are in one block of the coarsest stable partition (label, blocks of
    the window successors, blocks of the P-successors), so l·p^M·x and l·p^M·y have equal
    depth-d types whenever M|p| ≥ d·k without P, M|p| ≥ d·max(k, |p|) with P; and the DFA
    state after l·p^N lies on the cycle of l·p^M (M ≥ N), so membership differs for M = N +
    j·t, every j;
  - *suffix* (F without P): the words are u1·x^K·v and u2·x^K·v; a formula of LTL[Y<=k]
    of depth d reads only the last d·k letters and whether the word is shorter, so the
    pair agrees at depth d once K|x| ≥ d·k; the pair of DFA states after u1·x^K, u2·x^K
    lies on the cycle of that sequence (K ≥ its start), so membership differs for
    infinitely many K;
  - *two periods* (F without P; §4.5): the words are l1·p^N·x and l2·q^M·y, p and q
    primitive (possibly different), each found as a maximal run of ≥ 2 copies; in ONE
    graph holding p's cycle, q's cycle and the two tail chains (each falling back into its
    own cycle) the N+1 nodes are in one block, so the words agree at depth d once N|p| ≥
    d·k and M|q| ≥ d·k (a depth-d formula reads only the last d·k letters; the positions
    it reads have full windows and map to graph nodes with the same window successors);
    the DFA states after l1·p^N and l2·q^M lie on their cycles under p and q, so
    membership differs for N + i·t_p, M + j·t_q, every i, j;
  - *aperiodicity* (F = LTL[S], star-free = aperiodic by Schützenberger and
    McNaughton–Papert): the words are u·x^a·v and u·x^b·v and the DFA state after u·x^a
    lies on a cycle of length t ≥ 2 of the sequence u·x^n: the membership of u·x^n·v is
    then periodic in n from n = 0 and not constant (it differs for n = a and n = b), so
    not eventually constant, which no star-free language allows.

  A witness for which no decomposition is found is reported invalid with that reason when
  every decomposition of the fragment's forms was examined (:func:`search_cut` None: short
  enough words); when a bound (MAX_PERIOD, MAX_PREFIX, MAX_TAILS, MAX_RUNS) cut the search,
  nothing is verified (CheckBoundExceeded).
"""

from __future__ import annotations

from ...kernel import limits as _limits

from dataclasses import dataclass

import numpy as np

from ...automata.sources import as_dfa
from ...automata.from_formula import formula_to_dfa
from ...automata.operations import DEFAULT_STATE_LIMIT, equivalent, shortest_distinguishing_word
from ...kernel.errors import CheckBoundExceeded, InputError, LimitExceeded
from ...kernel.words import join_word
from ...ltl.evaluate import accepts, truth_values
from ...ltl.formula import FALSE, TRUE, Formula, Mod, P, S, Y, atom
from ...ltl.fragments import Fragment
from ..algebra.identity_terms import Const, Omega, Power, Var, parse_identities
from .indistinguishable import agreement_depth
from .outcome import Check
from .transformations import compose as _compose, omega_power, reenumerated_elements, word_map as _word_map
from .verify_knast import KNAST, verify_knast

__all__ = ["Check", "require_valid", "enumerated_identity_check", "reenumerated_elements", "omega_power",
           "verify_formula", "verify_witness", "lasso_blocks_equal", "end_types_equal", "MAX_PERIOD",
           "MAX_PREFIX", "MAX_TAILS", "MAX_RUNS", "MAX_SINCE_LENGTH", "MAX_TYPED_LENGTH",
           "verify_identity_violation", "verify_identity_check"]

#: the longest period p (or pumped factor x) tried when decomposing a witness
MAX_PERIOD = 48
#: the longest prefix l tried before the period of a lasso
MAX_PREFIX = 64
#: the longest tails x, y (together) of a lasso graph
MAX_TAILS = 20_000
#: the decompositions l·p^N·x of each word tried by the two-period argument
MAX_RUNS = 32
#: LTL[S] depth-r types are quadratic in the word length: longer words are refused
MAX_SINCE_LENGTH = 3000
#: the other fragments' types are linear in the word length (times window and type count)
MAX_TYPED_LENGTH = 200_000


def require_valid(what: str, check: Check) -> None:
    """A decider's own answer after its independent check ``check``: nothing when valid,
    AssertionError otherwise (the answer is wrong: a bug, never printed).  A check that stops
    at its own bound does not return: it raises
    :class:`~attnlogic.kernel.errors.CheckBoundExceeded` (or the
    :class:`~attnlogic.kernel.errors.LimitExceeded` of the budget it passed), which leaves the
    answer undecided rather than given unchecked."""
    if not check.valid:
        raise AssertionError(f"{what} fails its check: {check.reason}")


# -- formulas -----------------------------------------------------------------------------------
def verify_formula(dfa, fragment: "Fragment | str", formula: Formula,
                   state_limit: int = DEFAULT_STATE_LIMIT, mod_atoms: bool = False) -> Check:
    """Whether ``formula`` is a formula of ``fragment`` defining exactly L(dfa) (``dfa``: any
    automaton :func:`~attnlogic.automata.sources.as_dfa` takes); ``mod_atoms``: of the
    fragment extended by MOD[m,r] atoms (its operators checked with them read as true)."""
    dfa = as_dfa(dfa)
    fr = Fragment.parse(fragment)
    if not fr.allows(_without_mod(formula) if mod_atoms else formula):
        return Check(False, f"the formula is not a formula of {fr}{' with MOD atoms' if mod_atoms else ''} "
                            f"(it uses an operator outside {', '.join(sorted(fr.operators))})")
    letters = tuple(dfa.alphabet)
    extra = sorted(set(formula.atoms) - set(letters))
    if extra:
        return Check(False, f"the formula names {extra}, which are not letters of the alphabet")
    try:
        d = formula_to_dfa(formula, letters, state_limit=state_limit)
    except LimitExceeded as exc:
        raise LimitExceeded(exc.what, exc.limit, "the formula's DFA is too large to verify",
                            parameters=exc.parameters or ("state_limit",)) from None
    if not equivalent(d, dfa):
        w = shortest_distinguishing_word(d, dfa)
        shown = join_word(w, letters)
        return Check(False, f"the formula and the language differ on {shown or 'ε'!r}")
    return Check(True, f"a formula of {fr}{' with MOD atoms' if mod_atoms else ''}; its DFA ({d.n_states} "
                       "states, built from the formula) is equivalent to the language's")


def _without_mod(f: Formula) -> Formula:
    """``f`` with every MOD[m,r] leaf replaced by true (its temporal skeleton)."""
    memo: dict = {}

    def go(g: Formula) -> Formula:
        if g not in memo:
            memo[g] = TRUE if isinstance(g, Mod) else g.map_children(tuple(go(c) for c in g.children))
        return memo[g]
    return go(f)


# -- depth-r types ------------------------------------------------------------------------------
def end_types_equal(u, v, fragment: "Fragment | str", depth: int) -> bool:
    """Whether the N+1 positions of u and v have the same depth-``depth`` type in the
    fragment (the type recursion of :mod:`.indistinguishable`, on the words themselves: no
    decider code).  Words longer than MAX_SINCE_LENGTH (LTL[S]) or MAX_TYPED_LENGTH (the other
    fragments) are refused."""
    fr = Fragment.parse(fragment)
    quadratic = fr.type_degree > 1                 # LTL[S]: one level costs n²
    limit = MAX_SINCE_LENGTH if quadratic else MAX_TYPED_LENGTH
    n = max(len(u), len(v))
    if n > limit:
        raise LimitExceeded(f"{f'{fr} ' if quadratic else ''}type computation (word length)", limit,
                            f"the longer word has {n} letters")
    return agreement_depth(tuple(u), tuple(v), fr, cap=depth, max_length=limit) == depth


# -- the pair itself: the exact depth at which it becomes separable -----------------------------
#: positions × levels of the refinement of one pair (both words): beyond it the pair's own
#: ... (kernel/limits.py, with every default budget)
MAX_PAIR_WORK = _limits.MAX_PAIR_WORK
#: a separating formula with more nodes (as a tree) is checked but not printed
MAX_SHOWN_FORMULA = 20_000


@dataclass(frozen=True)
class PairSeparation:
    """How deep the pair u, v agrees in a fragment, computed on the words alone.

    ``agrees_to``: the largest d with equal depth-d types at N+1 (None: equal at every depth,
    the refinement of the positions of both words having reached its fixed point);
    ``formula``: one formula of the fragment true on u and false on v (None when they agree
    at every depth), checked by evaluating it on both words; ``exact``: whether its depth is
    ``agrees_to`` + 1, i.e. no formula of smaller depth separates the pair (always, except for
    LTL[S], whose types are only a sufficient condition of agreement, see
    :func:`pair_separation`)."""

    agrees_to: "int | None"
    formula: "Formula | None"
    exact: bool

    def text(self, u, v) -> str:
        if self.agrees_to is None:
            return "the pair agrees at every depth (the refinement of its positions is stable)"
        if self.formula is None:
            return (f"the pair itself is separable at depth {self.agrees_to + 1} (its N+1 types "
                    "differ; no formula written: the letters are not atom names), so it is a "
                    f"witness at depth <= {self.agrees_to} only")
        d = self.formula.depth
        if self.formula.size > MAX_SHOWN_FORMULA:
            shown = f"a formula of {self.formula.size:,} nodes (too large to print)"
        else:
            shown = str(self.formula)
            if len(shown) > 400:
                shown = shown[:400] + f"… ({len(shown):,} characters; the JSON answer has it whole)"
        said = (f"{shown} holds on {_text(u) or 'ε'!r} and not on {_text(v) or 'ε'!r} (evaluated "
                "on both words)")
        if self.exact:
            return (f"the pair itself is separable at depth {d}: {said}, so it is a witness at "
                    f"depth <= {self.agrees_to} only")
        return (f"the pair itself agrees up to depth {self.agrees_to} (equal S-types: no formula of "
                f"that depth separates it) and is separable at depth {d}: {said}; between the two "
                "depths it was not decided")

    def to_json(self) -> dict:
        return {"agrees_to_depth": self.agrees_to,
                "separable_at_depth": (None if self.agrees_to is None else self.agrees_to + 1
                                       if self.formula is None else self.formula.depth),
                "separating_formula": (None if self.formula is None or self.formula.size > MAX_SHOWN_FORMULA
                                       else str(self.formula)),
                "formula_size": None if self.formula is None else self.formula.size,
                "exact": self.exact}


def _refine(words, k: int | None, past: bool, cap: int | None, work: int):
    """The depth-d types of every position of the words (position len(w) is N+1), level by
    level: τ_0 = the letter, τ_d = (letter, {τ_{d−1}(j) : i−k ≤ j < i} with a window,
    {τ_{d−1}(j) : j < i} with P), interned per level.  Returns the list of levels, each
    ``(ids, keys)`` with ids[w][i] and keys[id]; stops at the first level whose N+1 types
    differ, at the fixed point (a level with no more classes than the one before), at
    ``cap`` levels, or past ``work`` (None then)."""
    def intern(keys_of):
        table: dict = {}
        ids = [[table.setdefault(key, len(table)) for key in row] for row in keys_of]
        keys = [None] * len(table)
        for key, i in table.items():
            keys[i] = key
        return ids, keys

    levels = [intern([[(w[i] if i < len(w) else None,) for i in range(len(w) + 1)] for w in words])]
    size = sum(len(w) + 1 for w in words)
    spent = 0
    while levels[-1][0][0][-1] == levels[-1][0][1][-1] and (cap is None or len(levels) <= cap):
        prev, prev_keys = levels[-1]
        spent += size * (1 + (k or 0) + (len(prev_keys) if past else 0))   # the sets built
        if spent > work:
            return None
        rows = []
        for w, pv in zip(words, prev):
            row, before = [], set()
            for i in range(len(pv)):
                row.append((w[i] if i < len(w) else None,
                            frozenset(pv[max(0, i - k):i]) if k else None,
                            frozenset(before) if past else None))
                before.add(pv[i])
            rows.append(row)
        nxt = intern(rows)
        if len(nxt[1]) == len(prev_keys):               # no class split: the fixed point
            return levels
        levels.append(nxt)
    return levels


class _Truth:
    """Truth values of formulas at every position of the two words (the reference
    evaluator), cached per formula; ``cover`` builds the conjunction of separators greedily:
    χ(x, y) for the first target y where the conjunction so far still holds, the targets
    whose types are most alike x's (differing at the highest level) first, until it fails on
    every target (each χ(x, ·) holds at x, so the conjunction does)."""

    def __init__(self, words):
        self.words = [list(w) for w in words]
        self.cache: dict = {}

    def at(self, f, pos) -> bool:
        if f not in self.cache:
            self.cache[f] = [truth_values(f, w) for w in self.words]
        return bool(self.cache[f][pos[0]][pos[1]])

    def cover(self, separate, x, targets, closeness) -> Formula:
        out = TRUE
        for y in sorted(targets, key=lambda y: -closeness(x, y)):     # the most alike first
            if out is TRUE or self.at(out, y):
                g = separate(x, y)
                out = g if out is TRUE else out & g
        return out


def _separating_formula(words, levels, k: int | None, past: bool) -> Formula:
    """A formula true at N+1 of words[0] and false at N+1 of words[1] (their types differ at
    the last level), of depth the first level where they differ: χ(s, t) for positions s, t
    first differing at level e is a letter (e = 0), else Y[<=k] of a conjunction of χ(x, y)
    false on every window position y of t (x: a window position of s whose type t's window
    lacks), or the negation of the symmetric formula; the same with P.  The conjunctions
    are built greedily (:class:`_Truth`), which keeps the formula small."""
    truth = _Truth(words)

    def ident(e, pos):
        return levels[e][0][pos[0]][pos[1]]

    def first(s, t):
        e = 0
        while ident(e, s) == ident(e, t):
            e += 1
        return e

    memo: dict = {}

    def chi(s, t):
        e = first(s, t)
        key = (e, ident(e, s), ident(e, t))
        if key in memo:
            return memo[key]
        a, b = (levels[0][1][ident(0, z)][0] for z in (s, t))
        if e == 0:
            f = atom(a) if a is not None else ~atom(b)
        else:
            f = None
            reads = ([(lambda i: range(max(0, i - k), i), lambda g: Y(g, k))] if k else []) + \
                    ([(lambda i: range(0, i), P)] if past else [])
            for span, op in reads:
                xs = {ident(e - 1, (s[0], j)): (s[0], j) for j in span(s[1])}
                ys = {ident(e - 1, (t[0], j)): (t[0], j) for j in span(t[1])}
                extra = [x for i, x in xs.items() if i not in ys]
                if extra:
                    f = op(truth.cover(chi, extra[0], list(ys.values()), first))
                    break
                missing = [y for i, y in ys.items() if i not in xs]
                if missing:
                    f = ~op(truth.cover(chi, missing[0], list(xs.values()), first))
                    break
            assert f is not None, "types differ in nothing they read"   # pragma: no cover
        memo[key] = f
        return f

    return chi((0, len(words[0])), (1, len(words[1])))


def pair_separation(u, v, fragment: "Fragment | str",
                    work: int = MAX_PAIR_WORK) -> "PairSeparation | None":
    """Whether some formula of ``fragment`` separates the words u and v at N+1, and at which
    depth, with such a formula (true on u, false on v; checked by evaluation).  For
    LTL[Y<=k], LTL[P], LTL[P,Y<=k] the types of :func:`_refine` are exactly formula
    equivalence (modal logic on a finite structure: the characteristic formulas of
    :func:`_separating_formula` realise every difference); for LTL[S] the closest-pair
    S-types of :func:`_since_exact` are.  So the depth is exact, and the formula has depth
    one more than the agreement.  None when the refinement would take more than ``work``
    position-levels (quadratic ones for LTL[S])."""
    fr = Fragment.parse(fragment)
    k, past, since = fr.type_sets
    words = (tuple(u), tuple(v))
    if since:
        found = _since_exact(words, work)
        if found is False:
            return None
        agrees, build = found
    else:
        levels = _refine(words, k, past, None, work)
        if levels is None:
            return None
        top = levels[-1][0]
        agrees = None if top[0][-1] == top[1][-1] else len(levels) - 2

        def build():
            return _separating_formula(words, levels, k, past)
    if agrees is None:
        return PairSeparation(None, None, True)
    try:
        f = build()
        if since:       # the LTL[P,Y] formula when it has the same depth and is smaller
            levels = _refine(words, 1, True, None, work)
            if levels is not None and levels[-1][0][0][-1] != levels[-1][0][1][-1] \
                    and len(levels) - 1 == agrees + 1:
                g = _separating_formula(words, levels, 1, True)
                f = g if g.size < f.size else f
    except (InputError, ValueError, TypeError):          # a letter that is no atom name
        return PairSeparation(agrees, None, True)
    if not (fr.allows(f) and accepts(f, list(words[0])) and not accepts(f, list(words[1]))
            and f.depth == agrees + 1):
        raise AssertionError(f"the separating formula {f} fails on the pair")  # pragma: no cover
    return PairSeparation(agrees, f, True)


def _since_exact(words, work: int):
    """LTL[S] at N+1 of the two words, exactly: (the largest depth at which no formula
    separates them, None for every depth; a function building a separating formula of one
    more depth, true on words[0]), or False beyond ``work``.

    The *closest-pair* S-types: τ_0(i) = (w_i), τ_d(i) = (w_i, {(τ_{d−1}(m), {τ_{d−1}(j) :
    m < j < i}) : m < i the closest position before i of its type}).  A formula ψ S χ of
    depth d with ψ, χ of depth ≤ d − 1 (unions U, V of (d−1)-types, by induction) holds at i
    iff some m < i has τ(m) ∈ V and every type strictly between in U; the set between grows
    as m moves left, so only the closest m of each type matters: the closest pairs decide
    every such formula, hence equal closest-pair types at depth d ⇒ equal truth of every
    formula of depth ≤ d.  Conversely, for positions s, t whose types first differ at level
    e, with (σ, B) a pair of s that t lacks: C(B) S C(σ) holds at s, and at t iff t's σ-pair
    (σ, B′) has B′ ⊆ B; then B′ ⊊ B and C(B′) S C(σ) holds at t and not at s (its negation
    separates); if t has no σ-pair, ⊤-free C(B) S C(σ) already fails at t.  Here C(σ) is the
    conjunction of the formulas separating a σ-position from one position of every other
    (e−1)-type present (depth ≤ e − 1, true on every σ-position), C(B) the disjunction over B
    (⊥ for B empty: then it reads Y C(σ)).  So the types are exactly formula equivalence and
    the formula has depth e.  (The S-types of :mod:`.indistinguishable` keep every pair, a
    finer, sufficient condition.)"""
    flat = [(w, i) for w in range(2) for i in range(len(words[w]) + 1)]
    index = {pos: n for n, pos in enumerate(flat)}
    truth = _Truth(words)
    letters = [words[w][i] if i < len(words[w]) else None for w, i in flat]
    start = [0, len(words[0]) + 1]
    s_end, t_end = len(words[0]), len(flat) - 1
    table0: dict = {}
    ids = [[table0.setdefault((a,), len(table0)) for a in letters]]
    pairs_at: list = [None]
    spent = 0
    while ids[-1][s_end] == ids[-1][t_end]:
        spent += len(flat) ** 2 * (1 + len(set(ids[-1])) // 16)          # scans and sets built
        if spent > work:
            return False
        prev, table, keys, row = ids[-1], {}, [], []
        for n, (w, i) in enumerate(flat):
            base = start[w]
            closest, between = {}, set()
            for m in range(i - 1, -1, -1):
                closest.setdefault(prev[base + m], frozenset(between))
                between.add(prev[base + m])
            ps = frozenset(closest.items())
            row.append(table.setdefault((letters[n], ps), len(table)))
            keys.append(dict(closest))
        if len(table) == len(set(prev)):                 # no class split: the fixed point
            return None, None
        ids.append(row)
        pairs_at.append(keys)
    memo: dict = {}

    def level(s, t):
        return next(e for e in range(len(ids)) if ids[e][s] != ids[e][t])

    def chi(s, t):                                       # flat indices; true at s, false at t
        e = level(s, t)
        key = (e, ids[e][s], ids[e][t])
        if key in memo:
            return memo[key]
        if e == 0:
            a, b = letters[s], letters[t]
            f = atom(a) if a is not None else ~atom(b)
        else:
            reps: dict = {}
            for n in range(len(flat)):
                reps.setdefault(ids[e - 1][n], n)

            def char(sigma):                 # true exactly on the σ-positions
                return truth.cover(lambda x, y: chi(index[x], index[y]), flat[reps[sigma]],
                                   [flat[n] for n in range(len(flat)) if ids[e - 1][n] != sigma],
                                   lambda x, y: level(index[x], index[y]))

            def since(sigma, B):
                left = FALSE
                for b in sorted(B):
                    g = char(b)
                    left = g if left is FALSE else left | g
                return S(left, char(sigma))

            ps, pt = pairs_at[e][s], pairs_at[e][t]
            sigma = next((x for x in sorted(ps) if pt.get(x) != ps[x]), None)
            if sigma is not None:                        # (σ, B) at s, not at t
                B = ps[sigma]
                if sigma in pt and pt[sigma] <= B:
                    f = ~since(sigma, pt[sigma])
                else:
                    f = since(sigma, B)
            else:                                        # (σ, B) at t, not at s
                sigma = next(x for x in sorted(pt) if ps.get(x) != pt[x])
                B = pt[sigma]
                f = since(sigma, ps[sigma]) if sigma in ps and ps[sigma] <= B else ~since(sigma, B)
        memo[key] = f
        return f

    return len(ids) - 2, lambda: chi(s_end, t_end)


# -- witnesses ----------------------------------------------------------------------------------
def verify_witness(dfa, fragment: "Fragment | str", u, v, depth: int | None = None,
                   family: bool = False) -> Check:
    """Whether the words u, v (sequences of letters, either order) witness that L(dfa) is
    not in ``fragment``; ``dfa``: any automaton :func:`~attnlogic.automata.sources.as_dfa`
    takes.  What is claimed:

    * ``depth`` d: no formula of depth ≤ d separates the pair (equal depth-d types);
    * neither: the pair itself is separated by no formula at all (:func:`pair_separation`;
      a pair of finite words seldom is: it is then NOT valid, with the depth where it
      becomes separable and a separating formula);
    * ``family``: the pumped family of the pair (a lasso, a common suffix, two periods, a
      non-aperiodic pumping, found in the words) proves non-membership at every depth.

    The answer's ``details`` hold ``pair`` (:meth:`PairSeparation.to_json`, when computed)
    and, without ``depth``, ``family`` (``valid``, ``reason`` and the decomposition)."""
    dfa = as_dfa(dfa)
    fr = Fragment.parse(fragment)
    u, v = tuple(u), tuple(v)
    for w in (u, v):
        bad = [a for a in w if a not in dfa.alphabet]
        if bad:
            raise InputError(f"the witness word has letters {sorted(set(bad))} outside the "
                             f"alphabet {list(dfa.alphabet)}", parameters=("witness",))
    if depth is not None and family:
        raise InputError("a witness is claimed at a depth or for its family, not both",
                         parameters=("depth", "family"))
    au, av = dfa.accepts(u), dfa.accepts(v)
    if au == av:
        return Check(False, f"both words are {'in' if au else 'outside'} the language")
    if not au:
        u, v = v, u
    if depth is not None:
        if depth < 0:
            raise InputError(f"depth must be >= 0, got {depth}", parameters=("depth",))
        if end_types_equal(u, v, fr, depth):
            return Check(True, f"one word is in the language, the other not, and their N+1 positions "
                               f"have the same depth-{depth} type in {fr} (direct recursion on the words)")
        sep = pair_separation(u, v, fr)
        if not fr.types_are_exact and sep is not None and (sep.agrees_to is None or sep.agrees_to >= depth):
            # LTL[S]: the S-types keeping every pair differ, the closest-pair ones (exact) agree
            return Check(True, f"one word is in the language, the other not, and their N+1 positions "
                               f"have the same depth-{depth} closest-pair S-type (no formula of {fr} of "
                               f"depth <= {depth} separates them); {sep.text(u, v)}", {"pair": sep.to_json()})
        if sep is None:
            if not fr.types_are_exact:           # LTL[S]: the closest-pair types were not computed
                raise CheckBoundExceeded(f"the depth-{depth} S-types differ, and the pair's closest-pair "
                                         f"S-types, the exact test, were not computed (more than "
                                         f"{MAX_PAIR_WORK:,} position-levels)")
            return Check(False, f"the N+1 positions have different depth-{depth} types in {fr}: a formula "
                                f"of depth <= {depth} separates the words; the pair's own separability was "
                                f"not computed (more than {MAX_PAIR_WORK:,} position-levels)")
        return Check(False, f"a formula of {fr} of depth <= {depth} separates the words: "
                            + sep.text(u, v), {"pair": sep.to_json()})
    sep = pair_separation(u, v, fr)
    found = None
    for name in fr.pumping_arguments:            # the fragment says which arguments apply
        found = ARGUMENTS[name][0](dfa, fr, u, v)
        if found is not None:
            break
    if found is None:
        fam = {"valid": False, "reason": f"no decomposition tried proves indistinguishability "
                                         f"in {fr} at every depth (tried: "
                                         + ", ".join(ARGUMENTS[n][1] for n in fr.pumping_arguments)
                                         + f", periods up to {MAX_PERIOD})"}
    else:
        fam = {"valid": True, "reason": found[0], **found[1]}
    details = {"pair": None if sep is None else sep.to_json(), "family": fam}
    if sep is not None and sep.agrees_to is None:
        return Check(True, f"one word is in the language, the other not, and {sep.text(u, v)}: no "
                           f"formula of {fr} separates them, at any depth", details)
    pair_text = (sep.text(u, v) if sep is not None else
                 f"the pair's own separability was not computed (more than {MAX_PAIR_WORK:,} "
                 "position-levels)")
    fam_text = ("its pumped family is a valid non-membership proof: " + fam["reason"] if fam["valid"]
                else "its pumped family is not proved: " + fam["reason"])
    if family:
        if fam["valid"]:
            return Check(True, fam["reason"] + "; " + pair_text, details)
        cut = search_cut(dfa, fr, u, v)
        if cut is not None:                      # a decomposition past the bounds was not tried
            raise CheckBoundExceeded(f"no decomposition found within the search's bounds ({cut})")
        return Check(False, fam["reason"] + "; every decomposition of those forms was tried; "
                     + pair_text, details)
    if sep is None:                              # the claim, the pair at every depth, not computed
        raise CheckBoundExceeded(f"{pair_text}; {fam_text}")
    return Check(False, f"{pair_text}; {fam_text}", details)


def _text(w) -> str:
    return join_word(w)


def _on_cycle(step, start, bound: int = 100_000) -> int | None:
    """For the sequence s_0 = start, s_{j+1} = step(s_j): the least t ≥ 1 with s_t = s_0,
    or None when s_0 is not on the cycle the sequence ends in."""
    seen = {start: 0}
    s = start
    for j in range(1, bound):
        s = step(s)
        if s == start:
            return j
        if s in seen:
            return None
        seen[s] = j
    return None  # pragma: no cover - a DFA has fewer states than the bound


def search_cut(dfa, fr: Fragment, u, v) -> str | None:
    """Which bound cut short the search of the pumping arguments of ``fr`` for the pair (u, v),
    or None when every decomposition of their forms was examined: the lasso tries periods
    ≤ MAX_PERIOD and prefixes ≤ MAX_PREFIX inside the common prefix, and tails of at most
    MAX_TAILS letters; the common suffix tries periods ≤ MAX_PERIOD inside it; two periods, runs
    of period ≤ MAX_PERIOD, the first MAX_RUNS of each word; aperiodicity, a pumped factor of
    period ≤ MAX_PERIOD dividing the length difference."""
    for name in fr.pumping_arguments:
        if name == "lasso":
            c = _lcp(u, v)
            if c > min(MAX_PERIOD, MAX_PREFIX):
                return f"a common prefix of {c} letters, periods ≤ {MAX_PERIOD} and prefixes ≤ {MAX_PREFIX} tried"
        elif name == "suffix":
            s = 0
            while s < len(u) and s < len(v) and u[-1 - s] == v[-1 - s]:
                s += 1
            if s > MAX_PERIOD:
                return f"a common suffix of {s} letters, periods ≤ {MAX_PERIOD} tried"
        elif name == "two periods":
            if fr.lookback is None:
                continue
            for w in (u, v):
                if len(w) // 2 > MAX_PERIOD:
                    return f"a word of {len(w)} letters, periods ≤ {MAX_PERIOD} tried"
                if len(_periodic_ends(dfa, w)) == MAX_RUNS:
                    return f"the first {MAX_RUNS} periodic runs of a word tried"
        elif name == "aperiodicity" and abs(len(u) - len(v)) > MAX_PERIOD:
            return f"words {abs(len(u) - len(v))} letters apart, pumped factors ≤ {MAX_PERIOD} letters tried"
        if name in ("lasso", "two periods") and len(u) + len(v) > MAX_TAILS:
            return f"tails of at most {MAX_TAILS:,} letters tried"
    return None


def _lcp(a, b) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def _lasso(dfa, fr: Fragment, u, v) -> tuple[str, dict] | None:
    c = _lcp(u, v)
    k, past, _ = fr.type_sets
    trace = dfa.state_trace(u[:c])             # states after each prefix of the common part
    T = np.asarray(dfa.transitions)
    index = {a: i for i, a in enumerate(dfa.alphabet)}
    readings = []                              # (tails' length, start, L, N): shortest tails first
    for start in range(0, min(c, MAX_PREFIX) + 1):
        for L in range(1, min(MAX_PERIOD, c - start) + 1):
            p = u[start:start + L]
            if any(p == p[:d] * (L // d) for d in range(1, L) if L % d == 0):
                continue                               # p not primitive
            N = 1
            while start + (N + 1) * L <= c and u[start + N * L:start + (N + 1) * L] == p:
                N += 1
            readings.append((len(u) + len(v) - 2 * (start + N * L), start, L, N))
    for tails, start, L, N in sorted(readings):
        p = u[start:start + L]
        l, x, y = u[:start], u[start + N * L:], v[start + N * L:]
        if tails > MAX_TAILS:
            continue
        move = np.arange(dfa.n_states)
        for a in p:
            move = T[move, index[a]]
        t = _on_cycle(lambda s: int(move[s]), int(trace[start + N * L]))
        if t is None or not lasso_blocks_equal(p, x, y, k, past):
            continue
        s = max(k or 0, L) if past else k      # letters of p^M used up per depth
        return (f"lasso: the words are l·(p)^N·x and l·(p)^N·y with l = {_text(l) or 'ε'!r}, "
                f"p = {_text(p)!r}, N = {N}, x = {_text(x) or 'ε'!r}, y = {_text(y) or 'ε'!r}; "
                f"the N+1 nodes of x and y are in one block of the lasso graph ({fr}), so "
                f"l·p^M·x and l·p^M·y agree at depth d once M·{L} >= d·{s} "
                f"(docs/decision-procedures.md §4.3; the printed pair, M = {N}: depth <= {N * L // s}); "
                f"the DFA state after l·p^N recurs every {t} copies of p, so membership "
                f"differs for M = N + j·{t}, every j: L is not in {fr} at any depth",
                {"form": "lasso", "prefix": _text(l), "period": _text(p), "N": N,
                 "tail_in": _text(x), "tail_out": _text(y), "cycle": t, "per_depth": s})
    return None


def lasso_blocks_equal(p, x, y, k: int | None, past: bool, q=None) -> bool:
    """The coarsest stable partition of the lasso graph (docs/decision-procedures.md §4.3):
    are the N+1 nodes of ^ω(p)·x and ^ω(q)·y in one block?  ``q`` None: one cycle, p's,
    shared by both tails; else (no P) two cycles, the tail x falling back into p's and y
    into q's (§4.5)."""
    labels: list = []
    window: list[list[int]] = []
    psucc: list[list[int]] = []
    ends = []
    cycles: dict[tuple, list[int]] = {}
    for period, tail in ((tuple(p), x), (tuple(p if q is None else q), y)):
        L = len(period)
        if period not in cycles:
            base = len(labels)
            cycles[period] = list(range(base, base + L))
            for i in range(L):
                labels.append(period[i])
                window.append([base + (i - j) % L for j in range(1, (k or 0) + 1)])
                psucc.append(cycles[period] if past else [])
        cycle = cycles[period]
        chain: list[int] = []
        for letter in list(tail) + [None]:
            node = len(labels)
            labels.append(letter)
            back = chain[::-1] + [cycle[(L - j) % L] for j in range(1, (k or 0) + 1)]
            window.append(back[:k or 0])
            psucc.append((cycle + chain) if past else [])
            chain.append(node)
        ends.append(chain[-1])
    names = {}
    block = [names.setdefault(("label", a), len(names)) for a in labels]
    while True:
        names = {}
        new = [names.setdefault((block[n], frozenset(block[m] for m in window[n]),
                                 frozenset(block[m] for m in psucc[n])), len(names))
               for n in range(len(labels))]
        if len(set(new)) == len(set(block)):
            return new[ends[0]] == new[ends[1]]
        block = new


def _suffix(dfa, fr: Fragment, u, v) -> tuple[str, dict] | None:
    k = fr.lookback                       # the fragment has no P: a step reads k letters back
    s = 0
    while s < len(u) and s < len(v) and u[-1 - s] == v[-1 - s]:
        s += 1
    su, sv = len(u) - s, len(v) - s       # the words are u[:su]·z and v[:sv]·z
    z = u[su:]
    for L in range(1, min(MAX_PERIOD, len(z)) + 1):
        x = z[:L]
        K = 1
        while (K + 1) * L <= len(z) and z[K * L:(K + 1) * L] == x:
            K += 1
        if K < 2:
            continue
        rest = z[K * L:]
        q = (dfa.run(u[:su] + x * K), dfa.run(v[:sv] + x * K))
        t = _on_cycle(lambda pq: (dfa.run(x, pq[0]), dfa.run(x, pq[1])), q)
        if t is None:
            continue
        return (f"common suffix: the words are u1·(x)^K·v and u2·(x)^K·v with u1 = {_text(u[:su]) or 'ε'!r}, "
                f"u2 = {_text(v[:sv]) or 'ε'!r}, x = {_text(x)!r}, K = {K}, v = {_text(rest) or 'ε'!r}; "
                f"a formula of {fr} of depth d reads only the last d·{k} letters, which agree once "
                f"K·{L} >= d·{k} (the printed pair, K = {K}: depth <= {K * L // k}); the DFA states "
                f"after u1·x^K, u2·x^K recur every {t} copies of x, so membership differs for "
                f"infinitely many K: L is not in {fr} at any depth",
                {"form": "suffix", "prefix_in": _text(u[:su]), "prefix_out": _text(v[:sv]),
                 "factor": _text(x), "K": K, "suffix": _text(rest), "cycle": t, "per_depth": k})
    return None


def _copies(w, e: int, p) -> int:
    """How many copies of p end at index e of w (w[e − n|p| : e] = p^n, n largest)."""
    n, L = 0, len(p)
    while e - (n + 1) * L >= 0 and w[e - (n + 1) * L:e - n * L] == p:
        n += 1
    return n


def _periodic_ends(dfa, w) -> list[tuple[int, tuple]]:
    """The ways to read w as l·p^N·x (p primitive, N ≥ 2, |p| ≤ MAX_PERIOD) with the DFA
    state after l·p^N on the cycle of its run under p, as (e, p): e = |l·p^N| ends a
    maximal run of period |p| (a maximal stretch of i with w[i] = w[i+|p|]) and p = the |p|
    letters before e.  The first ``MAX_RUNS`` by shortest tail x, then period."""
    T = np.asarray(dfa.transitions)
    index = {a: i for i, a in enumerate(dfa.alphabet)}
    codes = np.asarray([index[a] for a in w], dtype=np.int64)
    n = len(w)
    ends = []
    for L in range(1, min(MAX_PERIOD, n // 2) + 1):
        padded = np.concatenate(([False], codes[:-L] == codes[L:], [False]))
        edges = np.flatnonzero(padded[1:] != padded[:-1])
        for s, t in zip(edges[::2], edges[1::2]):     # w[s : t+L] has period L
            if t - s >= L:                            # at least two copies
                ends.append((n - int(t) - L, L, int(t) + L))
    ends.sort()
    trace = dfa.state_trace(w)                        # trace[i]: the state after w[:i]
    out = []
    for _, L, e in ends:
        p = w[e - L:e]
        if any(p == p[:d] * (L // d) for d in range(1, L) if L % d == 0):
            continue                                  # p not primitive
        move = np.arange(dfa.n_states)
        for a in p:
            move = T[move, index[a]]
        if _on_cycle(lambda q: int(move[q]), int(trace[e])) is not None:
            out.append((e, p))
            if len(out) == MAX_RUNS:
                break
    return out


def _two_periods(dfa, fr: Fragment, u, v) -> tuple[str, dict] | None:
    """u = l1·p^N·x, v = l2·q^M·y (F without P): the N+1 nodes of ^ω(p)·x and ^ω(q)·y are
    bisimilar in the two-cycle graph, and the DFA states after l1·p^N, l2·q^M recur."""
    k = fr.lookback
    if k is None:
        return None
    ends_v = _periodic_ends(dfa, v)                   # once, not once per run of u
    for e, p in _periodic_ends(dfa, u):
        for f, q in ends_v:
            x, y = u[e:], v[f:]
            if len(x) + len(y) > MAX_TAILS or not lasso_blocks_equal(p, x, y, k, False, q):
                continue
            tu = _on_cycle(lambda s: dfa.run(p, s), dfa.run(u[:e]))
            tv = _on_cycle(lambda s: dfa.run(q, s), dfa.run(v[:f]))
            N, M = _copies(u, e, p), _copies(v, f, q)
            return (f"two periods: the words are l1·(p)^N·x and l2·(q)^M·y with l1 = "
                    f"{_text(u[:e - N * len(p)]) or 'ε'!r}, p = {_text(p)!r}, N = {N}, x = {_text(x) or 'ε'!r}, "
                    f"l2 = {_text(v[:f - M * len(q)]) or 'ε'!r}, q = {_text(q)!r}, M = {M}, y = {_text(y) or 'ε'!r}; "
                    f"the N+1 nodes of ^ω(p)·x and ^ω(q)·y are in one block of the two-cycle graph ({fr}), "
                    f"so the words agree at depth d once N·{len(p)} >= d·{k} and M·{len(q)} >= d·{k} "
                    f"(a depth-d formula reads only the last d·{k} letters; the printed pair: depth <= "
                    f"{min(N * len(p), M * len(q)) // k}); the DFA states after "
                    f"l1·p^N and l2·q^M recur every {tu} and {tv} copies, so membership differs "
                    f"for N + i·{tu} and M + j·{tv}, every i, j: L is not in {fr} at any depth",
                    {"form": "two periods", "prefix_in": _text(u[:e - N * len(p)]), "period": _text(p),
                     "N": N, "tail_in": _text(x), "prefix_out": _text(v[:f - M * len(q)]),
                     "period_out": _text(q), "M": M, "tail_out": _text(y), "cycle": tu,
                     "cycle_out": tv, "per_depth": k})
    return None


def _aperiodicity(dfa, fr: Fragment, u, v) -> tuple[str, dict] | None:
    for longer, shorter in ((u, v), (v, u)):
        d = len(longer) - len(shorter)
        if d <= 0:
            continue
        c = _lcp(longer, shorter)
        for L in range(1, min(MAX_PERIOD, d) + 1):
            if d % L:
                continue
            for start in range(0, c + 1):
                x = longer[start:start + L]
                if len(x) < L:
                    break
                # longer = w·x^(d/L)·rest and shorter = w·rest with w = longer[:start]
                if longer[start:start + d] != x * (d // L) or longer[start + d:] != shorter[start:]:
                    continue
                w, rest = longer[:start], shorter[start:]
                q = dfa.run(w)
                t = _on_cycle(lambda s: dfa.run(x, s), q)
                if t is None or t == 1:
                    continue
                return (f"not aperiodic: the words are u·(x)^(n+{d // L})·v and u·(x)^n·v with u = "
                        f"{_text(w) or 'ε'!r}, x = {_text(x)!r}, v = {_text(rest) or 'ε'!r}; the DFA state "
                        f"after u lies on a cycle of length {t} of x, and the membership of u·x^n·v is "
                        "not eventually constant (it differs here and repeats every "
                        f"{t} copies), which no star-free language (= LTL[S]) allows: L is not in "
                        f"{fr} at any depth",
                        {"form": "aperiodicity", "prefix": _text(w), "factor": _text(x),
                         "suffix": _text(rest), "cycle": t})
    return None


#: the arguments of a witness at every depth, by the names a fragment declares
#: (:attr:`Fragment.pumping_arguments`): the check, and what it tries (said when none applies)
ARGUMENTS = {
    "lasso": (_lasso, "lasso l·p^N·x / l·p^N·y"),
    "suffix": (_suffix, "common suffix x^K·v"),
    "two periods": (_two_periods, "l1·p^N·x / l2·q^M·y"),
    "aperiodicity": (_aperiodicity, "u·x^a·v / u·x^b·v with a non-aperiodic run"),
}


# -- identities ---------------------------------------------------------------------------------
def verify_identity_violation(dfa, identities, violation, monoid: bool = True) -> Check:
    """Whether ``violation`` (an :class:`~.identities.IdentityViolation`, or any object with
    its fields) proves that the syntactic monoid (``monoid``) or semigroup of L(dfa) fails
    ``identities``: the relation is one of the system's; each variable's word is non-empty
    for a semigroup; each ω-power's stated exponent k makes the subterm's transformation
    t^k idempotent (t^k·t^k = t^k, computed by running words); the two sides' shortest
    words act on every state as the sides do (composed from the variables' words), and
    the printed sides (when given) are the instantiated words; and the words
    prefix·side·suffix are ``accepted`` ∈ L and ``rejected`` ∉ L, the in-word for the
    right-hand side of a failed ≤ (the left of ≥).  Only the parser is shared with the
    decider; products, powers and membership are computed here from the DFA's runs."""

    dfa = as_dfa(dfa)
    ids = parse_identities(identities)
    rel = next((r for r in ids.relations if str(r) == violation.relation), None)
    if rel is None:
        return Check(False, f"{violation.relation!r} is not one of the relations of {ids}")
    words = {v: tuple(w) for v, _, w in violation.assignment}
    if set(words) != set(ids.variables):
        return Check(False, f"the assignment names {sorted(words)}, the identities {list(ids.variables)}")
    if not monoid and any(len(w) == 0 for w in words.values()):
        return Check(False, "a variable of a semigroup identity is assigned the empty word")
    for w in words.values():
        bad = [a for a in w if a not in dfa.alphabet]
        if bad:
            return Check(False, f"{bad[0]!r} is not a letter of the alphabet")
    exps = dict(violation.exponents)
    ident = tuple(range(dfa.n_states))
    maps = {v: _word_map(dfa, w) for v, w in words.items()}
    given = {c: tuple(w) for c, w in getattr(violation, "constants", ())}
    letter_maps = [_word_map(dfa, (a,)) for a in dfa.alphabet]

    def constant(which):
        # the monoid's 1 acts as ε; else 1 is neutral (e·a = a·e = a) and 0 a zero
        # (z·a = a·z = z) against every letter, hence against every element they generate
        w = given.get(which)
        if which == "1" and monoid:
            if w and _word_map(dfa, w) != ident:
                raise _Refused(f"{_text(w)} is not the neutral element (it does not act as ε)")
            return ident, (w or ())
        if w is None:
            raise _Refused(f"the relation names {which}, and the witness gives no word for it")
        if any(a not in dfa.alphabet for a in w) or (not monoid and not w):
            raise _Refused(f"the word given for {which} is not an element of the syntactic "
                           f"{'monoid' if monoid else 'semigroup'}")
        t = _word_map(dfa, w)
        want = (lambda a: a) if which == "1" else (lambda a: t)
        if any(_compose(t, a) != want(a) or _compose(a, t) != want(a) for a in letter_maps):
            raise _Refused(f"{_text(w) or 'ε'} is not the {'neutral element' if which == '1' else 'zero'}")
        return t, w

    def value(term):
        if isinstance(term, Var):
            return maps[term.name], words[term.name]
        if isinstance(term, Const):
            return constant(term.which)
        if isinstance(term, (Omega, Power)):
            t, w = value(term.term)
            if isinstance(term, Omega):
                k = exps.get(str(term))
                if not isinstance(k, int) or k < 1:
                    raise _Refused(f"no exponent stated for {term}")
            else:
                k = term.n
            p = t
            for _ in range(k - 1):
                p = _compose(p, t)
            if isinstance(term, Omega) and _compose(p, p) != p:
                raise _Refused(f"{term} = ({_text(w) or 'ε'})^{k} is not idempotent on the DFA")
            return p, (None if w is None or len(w) * k > 10 ** 6 else w * k)
        f, word = ident, ()
        for factor in term.factors:
            t, w = value(factor)
            f = _compose(f, t)
            word = None if word is None or w is None else word + w
        return f, word

    try:
        (lmap, lword), (rmap, rword) = value(rel.left), value(rel.right)
    except _Refused as exc:
        return Check(False, str(exc))
    if _word_map(dfa, violation.left_word) != lmap or _word_map(dfa, violation.right_word) != rmap:
        return Check(False, "a side's shortest word does not act on the states as the instantiated side")
    if violation.sides is not None and (lword, rword) != (tuple(violation.sides[0]), tuple(violation.sides[1])):
        return Check(False, "the printed sides are not the instantiation of the relation")
    u = tuple(violation.prefix) + tuple(violation.left_word) + tuple(violation.suffix)
    v = tuple(violation.prefix) + tuple(violation.right_word) + tuple(violation.suffix)
    iu, iv = bool(dfa.accepts(list(u))), bool(dfa.accepts(list(v)))
    if iu == iv:
        return Check(False, "the language does not separate the two sides in this context")
    if rel.op == "≤" and not iv or rel.op == "≥" and not iu:
        return Check(False, f"for {rel.op} the in-word must be the "
                            f"{'right' if rel.op == '≤' else 'left'}-hand side's")
    printed_in = tuple(violation.accepted)
    printed_out = tuple(violation.rejected)
    side_in = "prefix·left·suffix" if iu else "prefix·right·suffix"
    full = None
    if violation.sides is not None:
        fu = tuple(violation.prefix) + lword + tuple(violation.suffix)
        fv = tuple(violation.prefix) + rword + tuple(violation.suffix)
        full = (fu, fv) if iu else (fv, fu)
    if (printed_in, printed_out) not in ({(u, v) if iu else (v, u)} | ({full} if full else set())):
        return Check(False, "the printed in/out words are not prefix·side·suffix")
    return Check(True, f"{rel} fails: the sides act differently (composed from the variables' "
                       f"words on the DFA, ω-powers idempotent), {side_in} is in L and the other "
                       "is not")


class _Refused(Exception):
    pass


def _only_under_omega(term, name: str) -> bool:
    """Whether every occurrence of the variable ``name`` in ``term`` is the whole base of an
    ω-power, x^ω (then only the idempotent x^ω of its value matters)."""
    if isinstance(term, Omega) and isinstance(term.term, Var):
        return True
    if isinstance(term, Var):
        return term.name != name
    if isinstance(term, (Omega, Power)):
        return _only_under_omega(term.term, name)
    return all(_only_under_omega(f, name) for f in getattr(term, "factors", ()))


def _sandwiches(term, name: str, out: set) -> bool:
    """Whether every occurrence of the variable ``name`` in ``term`` stands in a product
    directly between two ω-powers of variables, x^ω·name·y^ω; their names (x, y) are added to
    ``out``."""
    if isinstance(term, Var):
        return term.name != name
    if isinstance(term, (Omega, Power)):
        return _sandwiches(term.term, name, out)
    factors = getattr(term, "factors", ())
    for i, f in enumerate(factors):
        if isinstance(f, Var) and f.name == name:
            before, after = (factors[i - 1] if i > 0 else None), (factors[i + 1] if i + 1 < len(factors) else None)
            if not all(isinstance(g, Omega) and isinstance(g.term, Var) for g in (before, after)):
                return False
            out.add((before.term.name, after.term.name))
        elif not _sandwiches(f, name, out):
            return False
    return True


def _sandwiched(ids, name: str, pivots) -> tuple | None:
    """(x, y) when every occurrence of ``name`` in the relations is x^ω·name·y^ω for the same
    two variables x, y among ``pivots`` (those ranging over the idempotents), else None: then
    the sides depend on name's value s only through e·s·f (e, f the values of x, y), and
    name may range over the distinct e·s·f."""
    found: set = set()
    if not all(_sandwiches(t, name, found) for r in ids.relations for t in (r.left, r.right)):
        return None
    if len(found) != 1:
        return None
    x, y = next(iter(found))
    return (x, y) if x in pivots and y in pivots and name not in (x, y) else None


def verify_identity_check(dfa, identities, monoid: bool = True, max_elements: int = _limits.IDENTITY_CHECK_ELEMENTS,
                          max_instantiations: int = _limits.IDENTITY_CHECK_INSTANTIATIONS) -> Check:
    """Whether the syntactic monoid (``monoid``) or semigroup of L(dfa) satisfies
    ``identities``, re-decided from scratch.  Knast's identity on the semigroup (dot-depth
    one) in its category form (:func:`.verify_knast.verify_knast`: idempotent pairs, left
    and right pairs compared, within ``KNAST_CHECK_PRODUCTS`` products); any other system by
    :func:`enumerated_identity_check` (each minimises the DFA itself)."""
    ids = parse_identities(identities)
    if not monoid and ids.relations == KNAST.relations:
        return verify_knast(dfa, max_elements=max_elements)
    return enumerated_identity_check(dfa, ids, monoid, max_elements, max_instantiations)


def enumerated_identity_check(dfa, identities, monoid: bool = True,
                              max_elements: int = _limits.IDENTITY_CHECK_ELEMENTS,
                              max_instantiations: int = _limits.IDENTITY_CHECK_INSTANTIATIONS) -> Check:
    """Whether the syntactic monoid (``monoid``) or semigroup of L(dfa) satisfies
    ``identities``, every instantiation enumerated: the structure re-enumerated as tuples
    (:func:`reenumerated_elements`), every variable over every element — but a variable met
    only as x^ω, over the idempotents (the values x^ω takes are exactly those: e^ω = e), and
    a variable met only as x^ω·p·y^ω, between the same two such variables, over the distinct
    e·s·f for the values e, f of x, y —, ω as the idempotent power found by iterating, ≤ from
    residual inclusions computed by a search of pairs of states, 1 and 0 found by their
    definitions.  Plain Python, for small structures (``max_elements``,
    ``max_instantiations``: LimitExceeded beyond them).  The independent check of an
    :class:`~.identities.IdentityCheck` ("yes") and of the verdict of an
    :class:`~.identities.IdentityViolation`."""
    import itertools
    import math

    dfa = as_dfa(dfa).minimal()
    ids = parse_identities(identities)
    n = dfa.n_states
    elements = reenumerated_elements(dfa, monoid, max_elements)
    omega = omega_power

    # a variable met only as x^ω takes exactly the idempotents' values there (x^ω is one, and
    # e^ω = e for each idempotent e): it ranges over the idempotents (Knast's x and y, DA's x)
    idempotents = [x for x in elements if _compose(x, x) == x]
    pivots = {v for v in ids.variables
              if all(_only_under_omega(t, v) for r in ids.relations for t in (r.left, r.right))}
    # a variable met only as x^ω·p·y^ω (Knast's a and d, LTL[P,Y]'s y and z) takes, there,
    # exactly the values e·s·f (e, f the idempotents x, y take; e·(e·s·f)·f = e·s·f): it
    # ranges over those, given x and y
    sandwich = {v: xy for v in ids.variables if v not in pivots
                for xy in [_sandwiched(ids, v, pivots)] if xy is not None}
    base = [v for v in ids.variables if v not in sandwich]
    ranges = [idempotents if v in pivots else elements for v in base]
    middles: dict = {}

    def middle(e, f):
        if (e, f) not in middles:
            middles[(e, f)] = list(dict.fromkeys(_compose(_compose(e, y), f) for y in elements))
        return middles[(e, f)]

    # the count: the free variables' ranges times, summed over the values of the x, y that
    # sandwich a variable, the product of the sandwiched ranges
    around = [v for v in base if any(v in xy for xy in sandwich.values())]
    count = 1
    for v, r in zip(base, ranges):
        count *= 1 if v in around else len(r)
    inner = 0
    for combo in itertools.product(idempotents, repeat=len(around)):
        env = dict(zip(around, combo))
        inner += math.prod(len(middle(env[x], env[y])) for x, y in sandwich.values())
        if count * inner > max_instantiations:
            raise LimitExceeded("instantiations (verify)", max_instantiations)
    count *= inner
    if count > max_instantiations:
        raise LimitExceeded("instantiations (verify)", max_instantiations)
    one = next((e for e in elements if all(_compose(e, x) == x == _compose(x, e) for x in elements)), None)
    zero = next((z for z in elements if all(_compose(z, x) == z == _compose(x, z) for x in elements)), None)
    acc = [bool(dfa.accepting[q]) for q in range(n)]
    table = dfa.transitions

    def included(p, q):                      # L_p ⊆ L_q
        todo, met = [(p, q)], {(p, q)}
        while todo:
            x, y = todo.pop()
            if acc[x] and not acc[y]:
                return False
            for a in range(len(dfa.alphabet)):
                nxt = (int(table[x, a]), int(table[y, a]))
                if nxt not in met:
                    met.add(nxt)
                    todo.append(nxt)
        return True

    inc = {(p, q): included(p, q) for p in range(n) for q in range(n)} if ids.ordered else {}

    def leq(s, t):                           # s ≤ t: L(q·t) ⊆ L(q·s) for every q
        return all(inc[(t[q], s[q])] for q in range(n))

    def value(term, env):
        if isinstance(term, Var):
            return env[term.name]
        if isinstance(term, Const):
            c = one if term.which == "1" else zero
            if c is None:
                raise _Refused(f"the structure has no {'neutral element' if term.which == '1' else 'zero'}")
            return c
        if isinstance(term, Omega):
            return omega(value(term.term, env))
        if isinstance(term, Power):
            x = value(term.term, env)
            p = x
            for _ in range(term.n - 1):
                p = _compose(p, x)
            return p
        f = None
        for factor in term.factors:
            v = value(factor, env)
            f = v if f is None else _compose(f, v)
        return f

    inner_names = list(sandwich)
    for combo in itertools.product(*ranges):
        outer = dict(zip(base, combo))
        for sub in itertools.product(*(middle(outer[x], outer[y]) for x, y in sandwich.values())):
            env = {**outer, **dict(zip(inner_names, sub))}
            for rel in ids.relations:
                try:
                    left, right = value(rel.left, env), value(rel.right, env)
                except _Refused as exc:
                    return Check(False, f"{rel}: {exc}")
                ok = (left == right if rel.op == "=" else leq(left, right) if rel.op == "≤" else leq(right, left))
                if not ok:
                    return Check(False, f"{rel} fails (re-enumerated structure of {len(elements)} elements)")
    return Check(True, f"{ids} holds: all {count:,} instantiations over the re-enumerated syntactic "
                       f"{'monoid' if monoid else 'semigroup'} of {len(elements)} elements")
