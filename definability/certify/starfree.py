"""A general LTL[S] (past LTL with since) formula for every star-free language.

``star_free_formula(dfa) -> Formula`` returns a past formula defining exactly L(dfa) at the
N+1 readout of docs/syntax.md, for every DFA whose transition monoid is aperiodic
(= counter-free minimal DFA = star-free language, Schützenberger / McNaughton–Papert), and
raises :class:`NotAperiodic` otherwise.  Every result is checked exactly against the DFA
(:func:`.synthesis.check_formula`) before it is returned.

The construction: Kamp's theorem by local divisors
----------------------------------------------------
This is the inductive proof of Kamp's theorem of Diekert & Gastin ("First-order definable
languages", 2008, and Diekert–Kufleitner's local-divisor technique), mirrored for the past.
Formulas are built in the *inclusive* convention: a formula at position j (1 ≤ j ≤ N) speaks
about the prefix w_1 … w_j, its atoms about w_j.  The readout is then

    φ_L = ⋁_{m : q0·m ∈ F} Y Φ[m]   (∨ ¬Y true when ε ∈ L),

since ``Y ψ`` at N+1 is ψ at N.

Claim.  Let h: A* → M be a morphism into a finite aperiodic monoid (given by a product,
its identity e and the images h(a) of the letters).  For every m ∈ M there is a formula
Φ[m] over A such that for every non-empty word w and position j: w, j ⊨ Φ[m] iff
h(w_1 … w_j) = m.

Proof, by induction on (|h(A*)|, |A|) lexicographically.

* If h(a) = e for every a ∈ A: Φ[e] = true, Φ[m] = false otherwise.
* Otherwise pick γ = h(c) ≠ e for some letter c and let C = {a : h(a) = γ}, B = A ∖ C.  In an
  aperiodic monoid the unit group is trivial, so γ is not a unit, hence e ∉ γM.
  - (alphabet) h|B: B* → M has a smaller alphabet: by induction, formulas Φ_B[x] for
    non-empty B-words.  ``rel`` relativises a formula to the *window* of positions after
    the last C-position (an atom stays, Y φ ↦ Y(¬C ∧ rel φ), φ S ψ ↦ (¬C ∧ rel φ) S (¬C ∧
    rel ψ), P φ ↦ ¬C S (¬C ∧ rel φ)); at a non-C position rel Φ_B[x] holds iff the window
    (a non-empty B-word) has value x.  T = h(B*) (values of B-words, e included).
  - (local divisor) M_γ = γM ∩ Mγ with x ∘ y = x'y where x = x'γ is a monoid with identity
    γ, and |M_γ| < |M| because e ∉ γM.  σ: T* → M_γ, σ(t) = γtγ is a morphism
    (σ(t_1 … t_k) = γ t_1 γ t_2 … γ t_k γ).  By induction (smaller monoid), formulas Ψ[s]
    over the letters T.  A word with C-positions p_1 < … < p_k factors as
    w_0 c_1 w_1 … c_k w_k (w_i ∈ B*); its value up to p_k is h(w_0) · σ(h(w_1) … h(w_{k-1})).
    ``lift`` reads a T-formula on the block word at the C-positions p_2 … p_k (block i is
    read at p_{i+1}; D = C ∧ P C marks them): the letter t ↦ D ∧ (Y(¬C ∧ rel Φ_B[t]) ∨
    [t = e] Y C), Y χ ↦ ¬C S (D ∧ lift χ), χ S χ' ↦ (¬C ∨ (D ∧ lift χ)) S (D ∧ lift χ'),
    P χ ↦ P (D ∧ lift χ), Booleans unchanged.
  - Φ[m] is the disjunction of three cases at position j:
    (A) no C so far:     ¬C ∧ ¬P C ∧ rel Φ_B[m];
    (B) w_j ∈ C:         C ∧ ¬P C ∧ ⋁_{xγ=m} pre(x)     (the first C; pre(x) says h(w_0) = x:
                         Y rel Φ_B[x], or ¬Y true when x = e), or
                         D ∧ ⋁_{x·s=m} P(C ∧ ¬P C ∧ pre(x)) ∧ lift Ψ[s];
    (C) w_j ∉ C, a C before: ¬C ∧ ⋁_{y·z=m} (¬C S (C ∧ Φ_B-case[y])) ∧ rel Φ_B[z],
        where Φ_B-case[y] is case (B) for y.  ∎

Product of M_γ: with a witness x' (x'γ = x) kept for each element, x ∘ y = x'·y; the
elements of σ(T*) are computed from γ by v ↦ (v·t)·γ (witness v·t).  Monoid elements are
transformations of the DFA's states (tuples), at every level of the induction.

Refusal.  A non-identity γ that is a unit (γ^k = e) certifies a non-trivial group in the
transition monoid: the DFA is not counter-free, :class:`NotAperiodic` is raised (the public
entry point checks aperiodicity first, with :func:`.aperiodic.decide_aperiodic`).

Limits.  The monoid enumeration, the number of sub-problems and the formula DAG size are
bounded by ``limit``; exceeding one raises :class:`attnlogic.kernel.errors.LimitExceeded`.  No
wall clock is used: the output is a deterministic function of the DFA.
"""

from __future__ import annotations

from ...kernel import limits as _limits

import numpy as np

from ...automata.dfa import DFA
from ...automata.from_formula import formula_to_dfa
from ...automata.minimize import minimize
from ...kernel.errors import InputError, LimitExceeded
from ...kernel.limits import DEFAULT_LIMIT as _LIMITS_DEFAULT
from ...ltl.definitions import dag_size
from ...ltl.formula import and_ as _and, not_ as _not, or_ as _or
from ...ltl.semantics import PY_BOOLEAN
from ...ltl.formula import or_all as _disj, past_ as _P, since_ as _S, yesterday_ as _Y
from ...ltl.formula import (
    FALSE,
    TRUE,
    And,
    Atom,
    Const,
    Formula,
    Not,
    Or,
    Past,
    Since,
    Yesterday,
)
from ..algebra.counters import decide_aperiodic
from ..algebra.semigroup import transition_semigroup
from .synthesis import check_formula
from ...ltl.simplify import simplify

__all__ = [
    "DEFAULT_LIMIT",
    "NotAperiodic",
    "raw_formula",
    "semantic_reduce",
    "semantic_reduce_many",
    "star_free_certificate",
    "star_free_formula",
    "state_formulas",
    "verify",
]

#: the default bound of a construction (states): that of :class:`~attnlogic.kernel.limits.Limits`
DEFAULT_LIMIT = _LIMITS_DEFAULT
#: default budget of one construction (subformula-DFA states explored, summed) (kernel/limits.py)
DEFAULT_WORK = _limits.STAR_FREE_WORK


class NotAperiodic(InputError):
    """The DFA's transition monoid has a non-trivial group: L is not star-free."""


def _transform(f: Formula, node_map) -> Formula:
    """Bottom-up rebuild of f: ``node_map(g, kids)`` gives the image of g from its
    children's images (iterative, memoised on the DAG)."""
    image: dict[int, Formula] = {}
    for g in f.subformulas():
        image[id(g)] = node_map(g, tuple(image[id(c)] for c in g.children))
    return image[id(f)]


def _boolean(g: Formula, kids: tuple) -> Formula | None:
    if isinstance(g, Const):
        return g
    if isinstance(g, Not):
        return _not(kids[0])
    if isinstance(g, And):
        return _and(*kids)
    if isinstance(g, Or):
        return _or(*kids)
    return None


# -- the monoid of one level of the induction ----------------------------------------------
class _Level:
    """A monoid (a subset of the DFA's transformations, with its own product) and a
    morphism from the letters of this level (keys) to it."""

    def __init__(self, one, mul, images: dict, atoms: dict, size: int, counter: list,
                 names: dict):
        self.one = one
        self.names = names        # letter key -> the atom names of its formula
        self._mul = mul
        self.images = images      # letter key -> element
        self.atoms = atoms        # letter key -> formula "the current letter is this one"
        self.size = size          # |h(A*)| (the monoid generated by all the images)
        self.counter = counter    # shared work counter [problems, limit]
        self.memo: dict = {}
        self._cache: dict = {}

    def mul(self, x, y):
        key = (x, y)
        r = self._cache.get(key)
        if r is None:
            r = self._mul(x, y)
            self._cache[key] = r
        return r

    def is_unit(self, g) -> bool:
        seen = set()
        x = g
        while x not in seen:
            if x == self.one:
                return True
            seen.add(x)
            x = self.mul(x, g)
        return False


def _rel(f: Formula, nc: Formula) -> Formula:
    """Relativise f to the window after the last C-position (nc = ¬C)."""
    def node(g, kids):
        b = _boolean(g, kids)
        if b is not None:
            return b
        if isinstance(g, Atom):
            return g
        if isinstance(g, Yesterday):
            if g.k != 1:  # pragma: no cover - the construction only builds Y
                raise TypeError("Y[<=k] with k > 1 in the local-divisor construction")
            return _Y(_and(nc, kids[0]))
        if isinstance(g, Since):
            return _S(_and(nc, kids[0]), _and(nc, kids[1]))
        if isinstance(g, Past):
            return _S(nc, _and(nc, kids[0]))
        raise TypeError(type(g).__name__)  # pragma: no cover
    return _transform(f, node)


def _lift(f: Formula, letters: dict, nc: Formula, d: Formula) -> Formula:
    """Read a formula over the block letters (atoms, mapped by ``letters``) at the
    C-positions that close a block (d = C ∧ P C)."""
    def node(g, kids):
        b = _boolean(g, kids)
        if b is not None:
            return b
        if isinstance(g, Atom):
            return letters[g]
        if isinstance(g, Yesterday):
            return _S(nc, _and(d, kids[0]))
        if isinstance(g, Since):
            return _S(_or(nc, _and(d, kids[0])), _and(d, kids[1]))
        if isinstance(g, Past):
            return _P(_and(d, kids[0]))
        raise TypeError(type(g).__name__)  # pragma: no cover
    return _transform(f, node)


def _solve(level: _Level, letters: tuple, top=None):
    """Φ[m] for the non-empty words over ``letters`` (a subset of the level's letters):
    element -> formula over the level's atoms (inclusive convention).  With ``top`` =
    (q0, accepting) (top level only, elements are transformations of the DFA's states):
    the single formula ⋁_{m : q0·m ∈ F} Φ[m], with the combinations grouped by the state
    reached instead of by the element (same proof, fewer disjuncts)."""
    key = letters
    if top is None and key in level.memo:
        return level.memo[key]
    cnt = level.counter
    cnt[0] += 1
    if cnt[0] > cnt[1]:
        raise LimitExceeded("LTL[S] local-divisor construction (sub-problems)", cnt[1])
    imgs = level.images
    nonid = [a for a in letters if imgs[a] != level.one]
    if not nonid:
        out = {level.one: TRUE} if letters else {}
        if top is not None:
            return _disj(f for m, f in out.items() if top[1][m[top[0]]])
        level.memo[key] = out
        return out
    gamma = _choose(level, letters, nonid)
    if level.is_unit(gamma):
        raise NotAperiodic("the transition monoid has a non-trivial group (a letter acts as "
                           "a non-identity unit): the language is not star-free")
    C = tuple(a for a in letters if imgs[a] == gamma)
    B = tuple(a for a in letters if imgs[a] != gamma)
    FB = _solve(level, B) if B else {}
    one = level.one
    cf = _disj(level.atoms[a] for a in C)
    nc = _not(cf)
    d = _and(cf, _P(cf))
    first = _and(cf, _not(_P(cf)))
    FBr = {x: _rel(f, nc) for x, f in FB.items()}
    T = sorted(set(FB) | {one})
    # h(w_0) = x read at the first C-position
    pre = {x: _or(_Y(FBr.get(x, FALSE)), _not(_Y(TRUE)) if x == one else FALSE) for x in T}
    pre_at = {x: _P(_and(first, pre[x])) for x in T}

    # the local divisor at gamma, restricted to sigma(T*)
    mul = level.mul
    sub_images = {t: mul(mul(gamma, t), gamma) for t in T}
    lim = cnt[1]

    # elements of σ(T*): from γ by v ↦ (v·t)·γ, witness v·t (so that witness·γ = v)
    wit = {gamma: one}
    frontier = [gamma]
    while frontier:
        nxt = []
        for v in frontier:
            for t in T:
                vt = mul(v, t)
                w = mul(vt, gamma)
                if w not in wit:
                    wit[w] = vt
                    if len(wit) > lim:
                        raise LimitExceeded("LTL[S] local-divisor construction (monoid elements)", lim)
                    nxt.append(w)
        frontier = sorted(nxt)
    if len(wit) >= level.size:
        raise NotAperiodic("a local divisor is not smaller than its monoid: the transition "
                           "monoid is not aperiodic, the language is not star-free")

    def sub_mul(x, y, _w=wit, _m=mul):
        return _m(_w[x], y)

    tag = f"_ld{cnt[0]}_"
    sub_atoms = {t: Atom(f"{tag}{i}") for i, t in enumerate(T)}
    sub = _Level(gamma, sub_mul, sub_images, sub_atoms, len(wit), cnt,
                 {t: [a.name] for t, a in sub_atoms.items()})
    FS = _solve(sub, tuple(T))
    # the block letters read at the closing C-position
    letter_of = {}
    for t in T:
        body = _Y(_and(nc, FBr.get(t, FALSE)))
        if t == one:
            body = _or(body, _Y(cf))
        letter_of[sub_atoms[t]] = _and(d, body)
    FSl = {s: _lift(f, letter_of, nc, d) for s, f in FS.items()}

    if top is not None:
        return _top_formula(top, mul, gamma, T, FB, FBr, FSl, pre, pre_at, first, d, cf, nc)
    elems = set()
    for x in T:
        elems.add(mul(x, gamma))
        for s in FSl:
            elems.add(mul(x, s))
    caseB = {}
    for m in sorted(elems):
        at_first = _disj(pre[x] for x in T if mul(x, gamma) == m)
        later = _disj(_and(pre_at[x], _disj(FSl[s] for s in sorted(FSl) if mul(x, s) == m))
                      for x in T)
        f = _or(_and(first, at_first), _and(d, later))
        if f is not FALSE:
            caseB[m] = f
    last_c = {y: _S(nc, f) for y, f in caseB.items()}
    out_elems = set(FB) | set(caseB)
    for y in caseB:
        for z in FB:
            out_elems.add(mul(y, z))
    no_c = _and(nc, _not(_P(cf)))
    out = {}
    for m in sorted(out_elems):
        a = _and(no_c, FBr.get(m, FALSE))
        c = _disj(_and(last_c[y], FBr[z]) for y in sorted(caseB) for z in sorted(FB)
                  if mul(y, z) == m)
        f = _or(_or(a, caseB.get(m, FALSE)), _and(nc, c))
        if f is not FALSE:
            out[m] = f
    # exact semantic reduction over the words of this level's letters (the only words the
    # formulas are ever evaluated on, through rel and lift)
    alphabet = [x for a in letters for x in level.names[a]]
    keys = sorted(out)
    red = semantic_reduce_many([out[m] for m in keys], alphabet, cnt[1], cnt[3])
    out = {m: f for m, f in zip(keys, red) if f is not FALSE}
    level.memo[key] = out
    return out


def _top_formula(top, mul, gamma, T, FB, FBr, FSl, pre, pre_at, first, d, cf, nc):
    """⋁_{m : q0·m ∈ F} Φ[m] grouped by states ((x·y)[q0] = y[x[q0]])."""
    q0, acc = top
    n = len(acc)
    no_c = _and(nc, _not(_P(cf)))
    by_r: dict = {}
    for x in T:
        by_r.setdefault(x[q0], []).append(x)
    b_state = {}
    for p in range(n):
        at_first = _disj(pre[x] for x in T if mul(x, gamma)[q0] == p)
        later = _disj(_and(_disj(pre_at[x] for x in by_r[r]),
                           _disj(FSl[s] for s in sorted(FSl) if s[r] == p))
                      for r in sorted(by_r))
        b_state[p] = _or(_and(first, at_first), _and(d, later))
    case_a = _and(no_c, _rel_disj(FB, FBr, lambda m: acc[m[q0]]))
    case_b = _disj(b_state[p] for p in range(n) if acc[p])
    case_c = _disj(_and(_S(nc, b_state[p]), _rel_disj(FB, FBr, lambda z, p=p: acc[z[p]]))
                   for p in range(n) if b_state[p] is not FALSE)
    return _or(_or(case_a, case_b), _and(nc, case_c))


def _rel_disj(FB, FBr, keep) -> Formula:
    return _disj(FBr[m] for m in sorted(FB) if keep(m))


def _choose(level: _Level, letters: tuple, nonid: list):
    """The letter image γ to split on (any non-identity image is correct; the choice only
    changes the size of the result).  Strategy 0: carried by the most letters, then the
    smallest; 1: the smallest rank (a transformation with the fewest image states); 2: the
    largest rank; 3: the most letters, then the largest."""
    imgs = level.images
    counts: dict = {}
    for a in nonid:
        counts[imgs[a]] = counts.get(imgs[a], 0) + 1
    s = level.counter[2]
    if s == 0:
        return min(counts, key=lambda g: (-counts[g], g))
    if s == 1:
        return min(counts, key=lambda g: (len(set(g)), -counts[g], g))
    if s == 2:
        return min(counts, key=lambda g: (-len(set(g)), -counts[g], g))
    return max(counts, key=lambda g: (counts[g], g))


def _monoid_size(dfa, limit: int) -> int:
    """|T¹|, the size of the transition monoid: the transition semigroup T (enumerated once,
    by :func:`.semigroup.transition_semigroup`) plus the identity when no non-empty word acts
    as it."""

    S = transition_semigroup(dfa, limit=limit)
    identity = np.arange(S.degree)
    return S.size + (0 if bool((S.elements == identity).all(axis=1).any()) else 1)


def state_formulas(dfa, limit: int = DEFAULT_LIMIT, strategy: int = 0,
                   cache: dict | None = None, top=None):
    """For each transformation m of the transition monoid reached by a non-empty word, a
    past formula Φ[m] that holds at a position j (1 ≤ j ≤ N) iff w_1 … w_j acts as m
    (inclusive convention: Y Φ[m] at j+1).  Keys are tuples (m[q] = state reached from q).
    With ``top`` = (q0, accepting): the one formula ⋁_{m : q0·m ∈ F} Φ[m] instead."""
    import numpy as np
    cache = {} if cache is None else cache
    table = np.asarray(dfa.transitions).tolist()
    n = len(table)
    k = len(dfa.alphabet)
    one = tuple(range(n))
    size = _monoid_size(dfa, limit) if k else 1
    images, atoms, names = {}, {}, {}
    classes: dict = {}
    for a in range(k):
        img = tuple(int(table[q][a]) for q in range(n))
        classes.setdefault(img, []).append(a)
    for i, (img, idx) in enumerate(sorted(classes.items(), key=lambda kv: kv[1][0])):
        images[i] = img
        atoms[i] = _disj(Atom(dfa.alphabet[a]) for a in idx)
        names[i] = [dfa.alphabet[a] for a in idx]

    def mul(x, y):
        return tuple(y[q] for q in x)

    level = _Level(one, mul, images, atoms, size, [0, limit, strategy, cache], names)
    return _solve(level, tuple(sorted(images)), top)


def raw_formula(dfa, limit: int = DEFAULT_LIMIT, strategy: int = 0,
                work: int | None = None, stats: dict | None = None) -> Formula:
    """The unsimplified, unchecked formula of the construction (for tests and study);
    ``stats["work"]``, when given, receives the subformula-DFA states explored (also when
    ``work`` is exceeded)."""
    cache: dict = {"work": [0, work]}
    q0 = dfa.initial
    acc = dfa.accepting
    try:
        psi = state_formulas(dfa, limit, strategy, cache, top=(q0, acc))
        psi = semantic_reduce_many([psi], dfa.alphabet, limit, cache)[0]
    finally:
        if stats is not None:
            stats["work"] = stats.get("work", 0) + cache["work"][0]
    f = _Y(psi)
    if acc[q0]:
        f = _or(f, _not(_Y(TRUE)))
    return f


def star_free_formula(dfa, limit: int = DEFAULT_LIMIT, strategies=(0, 1, 3),
                      check_limit: int = DEFAULT_LIMIT, simplify_max_size: int = 20_000,
                      work: int | None = DEFAULT_WORK, max_size: int | None = None,
                      meter=None, stats: dict | None = None, check: bool = True) -> Formula:
    """A verified LTL[S] formula for L(dfa); see :func:`star_free_certificate`."""
    return star_free_certificate(dfa, limit, strategies, check_limit, simplify_max_size,
                                 work, max_size, meter, stats, check)[0]


def star_free_certificate(dfa, limit: int = DEFAULT_LIMIT, strategies=(0, 1, 3),
                          check_limit: int = DEFAULT_LIMIT, simplify_max_size: int = 20_000,
                          work: int | None = DEFAULT_WORK,
                          max_size: int | None = None, meter=None,
                          stats: dict | None = None, check: bool = True) -> tuple[Formula, str]:
    """A verified LTL[S] formula for L(dfa) (readout at N+1) and the name of the exact
    check it passed (``check_formula`` or ``formula_to_dfa``).

    Minimises the DFA, refuses a non-aperiodic one (:class:`NotAperiodic`, with the
    witness identity of :func:`.aperiodic.decide_aperiodic`), runs the local-divisor
    construction once per splitting ``strategy`` (which letter image γ each level splits
    on) and keeps the smallest result (ties: the first), simplified with
    :func:`attnlogic.ltl.simplify.simplify` when its tree has at most
    ``simplify_max_size`` nodes.  The result is checked exactly before it is returned:
    by :func:`.synthesis.check_formula` (product of the formula's evaluator and the DFA,
    at most ``check_limit`` states) or, when that product is too large, by comparing the
    minimal DFA of the formula (:func:`.from_formula.formula_to_dfa`, compositional) with
    the minimal DFA.  LimitExceeded when a bound is hit: ``limit`` bounds the monoid, the
    sub-problems and every subformula DFA; ``work`` the total number of subformula-DFA
    states explored by one strategy (a strategy over budget is skipped); ``max_size`` the
    distinct subformulas of the result (its DAG, as certificates are printed with shared
    definitions; checked before the exact verification); the smallest DAG is kept.
    ``meter`` (a :class:`~attnlogic.kernel.work.WorkMeter`) bounds the simplification;
    ``stats["work"]`` receives the subformula-DFA states explored by all strategies.
    ``check=False``: the exact check is left to the caller, who must make it (the
    classifier's certificate stage checks every formula it prints, :func:`.certificates.member`:
    checking twice doubled the construction's time); the name returned is then
    ``"unchecked"``."""
    d = minimize(dfa)
    va = decide_aperiodic(d, limit=limit)
    if not va.member:
        raise NotAperiodic(f"L is not star-free, no LTL[S] formula exists: {va.method}"
                           + (f"; {va.identity}" if va.identity else ""))
    best = None
    failure = None
    for s in strategies:
        try:
            f = raw_formula(d, limit, strategy=s, work=work, stats=stats)
        except LimitExceeded as exc:
            failure = exc
            continue
        if best is None or (dag_size(f), f.size) < (dag_size(best), best.size):
            best = f
    if best is None:
        raise failure
    f = best
    if max_size is not None and dag_size(f) > max_size:
        raise LimitExceeded("certificate formula size (distinct subformulas)", max_size,
                            f"the local-divisor formula has {dag_size(f)} distinct subformulas "
                            f"({f.size:.3g} nodes as a tree)")
    if f.size <= simplify_max_size:
        g = simplify(f, meter=meter)
        if g.size < f.size:
            f = g
    return f, (verify(f, d, check_limit, limit) if check else "unchecked")


def verify(f: Formula, d, check_limit: int = DEFAULT_LIMIT, state_limit: int = DEFAULT_LIMIT) -> str:
    """Check exactly that f defines L(d) at N+1; returns the name of the check used
    (``check_formula`` or ``formula_to_dfa``); AssertionError on a disagreement."""
    try:
        counter = check_formula(f, d, limit=check_limit)
    except LimitExceeded:
        g = formula_to_dfa(f, d.alphabet, state_limit=state_limit)
        if g != minimize(d):  # pragma: no cover - would be a bug in the construction
            raise AssertionError("local-divisor formula disagrees with the DFA")
        return "formula_to_dfa"
    if counter is not None:  # pragma: no cover - would be a bug in the construction
        raise AssertionError(f"local-divisor formula disagrees with the DFA on {counter!r}")
    return "check_formula"


# -- exact semantic reduction of a formula DAG ----------------------------------------------
class _Semantics:
    """The language of each subformula as a canonical minimal DFA over ``alphabet``: D_g
    accepts a non-empty word w iff g holds at position |w| of w (inclusive convention;
    atoms test the last letter).  ε gets the value of g with every atom and temporal
    subformula false, which keeps Not/And/Or plain complement/product.  Built
    compositionally (products of the children's DFAs), every DFA bounded by ``limit``."""

    def __init__(self, alphabet, limit: int, work: list | None = None):
        self.alphabet = tuple(alphabet)
        self.limit = limit
        self.work = work if work is not None else [0, None]   # [states explored, budget]
        self.memo: dict[int, tuple] = {}   # id(g) -> (g, DFA, key)

    def _explore(self, init, step, accept):
        index = {init: 0}
        order = [init]
        rows = []
        i = 0
        k = len(self.alphabet)
        while i < len(order):
            st = order[i]
            row = []
            for a in range(k):
                nx = step(st, a)
                j = index.get(nx)
                if j is None:
                    j = index[nx] = len(order)
                    order.append(nx)
                    if len(order) > self.limit:
                        raise LimitExceeded("semantic reduction (subformula DFA states)", self.limit)
                row.append(j)
            rows.append(row)
            i += 1
        w = self.work
        w[0] += len(order)
        if w[1] is not None and w[0] > w[1]:
            raise LimitExceeded("LTL[S] local-divisor construction (work: subformula DFA states "
                                "explored)", w[1])
        acc = [bool(accept(st)) for st in order]
        if k == 0:
            return minimize(DFA((), [[] for _ in rows], 0, acc))
        # complete rows over an alphabet already validated: no checks to repeat
        return minimize(DFA._trusted(self.alphabet, np.array(rows, dtype=np.int32), 0,
                                     np.array(acc, dtype=bool)))

    @staticmethod
    def key(d) -> tuple:
        return (d.n_states, d.initial, d.transitions.tobytes(), d.accepting.tobytes())

    def get(self, g: Formula):
        hit = self.memo.get(id(g))
        if hit is not None:
            return hit[1], hit[2]
        kids = [self.get(c)[0] for c in g.children]
        d = self._build(g, kids)
        k = self.key(d)
        self.memo[id(g)] = (g, d, k)
        return d, k

    def _build(self, g: Formula, kids):
        A = self.alphabet
        if isinstance(g, Atom):
            name = g.name
            return self._explore(0, lambda s, a: 1 if A[a] == name else 2, lambda s: s == 1)
        if isinstance(g, Const):
            v = g.value
            return self._explore(0, lambda s, a: 0, lambda s: v)
        op = PY_BOOLEAN.get(type(g))
        if op is not None:         # a connective: the product of the children's DFAs
            tables = [d.transitions.tolist() for d in kids]
            accs = [d.accepting.tolist() for d in kids]
            return self._explore(tuple(d.initial for d in kids),
                                 lambda s, a: tuple(t[q][a] for t, q in zip(tables, s)),
                                 lambda s: op(*(acc[q] for acc, q in zip(accs, s))))
        if isinstance(g, (Yesterday, Past)):
            if isinstance(g, Yesterday) and g.k != 1:
                raise TypeError("Y[<=k] with k > 1")
            (d,) = kids
            t, acc = d.transitions.tolist(), d.accepting.tolist()
            once = isinstance(g, Past)
            # (state of the child, flag, non-empty)
            return self._explore(
                (d.initial, False, False),
                lambda s, a: (t[s[0]][a],
                              (s[2] and acc[s[0]]) or (once and s[1]), True),
                lambda s: s[1])
        if isinstance(g, Since):
            d1, d2 = kids
            t1, t2 = d1.transitions.tolist(), d2.transitions.tolist()
            a1, a2 = d1.accepting.tolist(), d2.accepting.tolist()
            return self._explore(
                (d1.initial, d2.initial, False, False),
                lambda s, a: (t1[s[0]][a], t2[s[1]][a],
                              s[3] and (a2[s[1]] or (a1[s[0]] and s[2])), True),
                lambda s: s[2])
        raise TypeError(type(g).__name__)

    def implies(self, d1, d2) -> bool:
        """L(d1) ⊆ L(d2)."""
        t1, t2 = d1.transitions.tolist(), d2.transitions.tolist()
        a1, a2 = d1.accepting.tolist(), d2.accepting.tolist()
        start = (d1.initial, d2.initial)
        seen = {start}
        stack = [start]
        k = len(self.alphabet)
        while stack:
            p, q = stack.pop()
            if a1[p] and not a2[q]:
                return False
            for a in range(k):
                nx = (t1[p][a], t2[q][a])
                if nx not in seen:
                    seen.add(nx)
                    stack.append(nx)
        return True


def semantic_reduce(f: Formula, alphabet, limit: int = DEFAULT_LIMIT) -> Formula:
    """An equivalent formula (at every position of every word over ``alphabet``), see
    :func:`semantic_reduce_many`."""
    return semantic_reduce_many([f], alphabet, limit)[0]


def semantic_reduce_many(roots, alphabet, limit: int = DEFAULT_LIMIT,
                         cache: dict | None = None) -> list:
    """Rebuild the formulas bottom-up, replacing every subformula by the smallest (tree
    size) formula met so far with the same language (:class:`_Semantics`; constants, atoms
    and negations included) and dropping the operands of &/| chains implied by another
    operand.  Exact: each replacement holds at every position of every word."""
    roots = list(roots)
    if not roots:
        return []
    alphabet = tuple(alphabet)
    sem = None if cache is None else cache.get(alphabet)
    if sem is None:
        sem = _Semantics(alphabet, limit, None if cache is None else cache.get("work"))
        if cache is not None:
            cache[alphabet] = sem
    best: dict[tuple, Formula] = {}
    for g in [FALSE, TRUE] + [Atom(a) for a in alphabet]:
        best.setdefault(sem.get(g)[1], g)
    image: dict[int, Formula] = {}

    def comp_key(d) -> tuple:
        return (d.n_states, d.initial, d.transitions.tobytes(), (~d.accepting).tobytes())

    def offer(d, k, g: Formula) -> Formula:
        cur = best.get(k)
        neg = best.get(comp_key(d))
        cand = [g]
        if cur is not None:
            cand.append(cur)
        if neg is not None:
            cand.append(_not(neg))
        h = min(cand, key=lambda x: x.size)
        if cur is None or h.size < cur.size:
            best[k] = h
        return h

    seen: set[int] = set()
    for r in roots:
        for g in r.subformulas():
            if id(g) in seen:
                continue
            seen.add(id(g))
            d, k = sem.get(g)
            kids = tuple(image[id(c)] for c in g.children)
            if isinstance(g, Not):
                h = _not(kids[0])
            elif isinstance(g, (And, Or)):
                h = _reduce_chain(g, image, sem)
            elif kids and any(x is not c for x, c in zip(kids, g.children)):
                h = g.map_children(kids)
            else:
                h = g
            image[id(g)] = offer(d, k, h)
    return [image[id(r)] for r in roots]


def _reduce_chain(g: Formula, image: dict, sem: _Semantics) -> Formula:
    """The maximal chain of g's connective below g, rebuilt from the operands' images,
    without duplicates (same language) and without an operand implied by another one
    (for |: contained in it; for &: containing it)."""
    op = type(g)
    items: list[Formula] = []
    stack = [g]
    while stack:
        x = stack.pop()
        if type(x) is op:
            stack.append(x.right)
            stack.append(x.left)
        else:
            items.append(x)
    uniq: dict[tuple, tuple] = {}
    for x in items:
        d, k = sem.get(x)
        y = image[id(x)]
        if k not in uniq or y.size < uniq[k][1].size:
            uniq[k] = (d, y)
    keys = list(uniq)
    dropped: set = set()
    for k in sorted(keys, key=lambda k: -uniq[k][1].size):
        dk = uniq[k][0]
        for j in keys:
            if j == k or j in dropped:
                continue
            dj = uniq[j][0]
            if (sem.implies(dk, dj) if op is Or else sem.implies(dj, dk)):
                dropped.add(k)
                break
    out = FALSE if op is Or else TRUE
    for k in keys:
        if k not in dropped:
            out = _or(out, uniq[k][1]) if op is Or else _and(out, uniq[k][1])
    return out
