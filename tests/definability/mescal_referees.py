"""Referees for the comparison with MeSCaL (tests/definability/test_mescal.py and
tests/data/mescal/compare_mescal.py): checks that use neither tool's decision procedure.

* the transition semigroup computed here from the minimal DFA (breadth first over the
  letters' maps), aperiodicity and Thérien–Weiss's equation on it (LTT);
* words (a trivial syntactic semigroup: no two non-empty words told apart by a context);
* for separation: PPT = Pol(ST) by the upward closure of L1 for the subword order, MOD by
  the lengths' residues.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from attnlogic.automata.dfa import DFA

def semigroup_elements(dfa: DFA) -> list[tuple]:
    """The transition semigroup of ``dfa`` (the maps of the states induced by the non-empty
    words), breadth first from the letters."""
    letters = [tuple(int(x) for x in dfa.transitions[:, a]) for a in range(dfa.n_letters)]
    index: dict = {}
    frontier = []
    for t in letters:
        if t not in index:
            index[t] = len(index)
            frontier.append(t)
    while frontier:
        nxt = []
        for s in frontier:
            for t in letters:
                st = tuple(t[q] for q in s)
                if st not in index:
                    index[st] = len(index)
                    nxt.append(st)
        frontier = nxt
    return list(index)


def syntactic(dfa: DFA, one: bool = False) -> np.ndarray:
    """The multiplication table (s·t: first s, then t) of the syntactic semigroup S(L) — the
    transition semigroup of the minimal DFA — or, with ``one``, of S¹ (the identity map
    adjoined when no non-empty word induces it)."""
    elems = semigroup_elements(dfa.minimal())
    ident = tuple(range(len(elems[0])))
    if one and ident not in elems:
        elems.append(ident)
    index = {e: i for i, e in enumerate(elems)}
    E = np.array(elems, dtype=np.int64)
    return np.array([[index[tuple(E[j][E[i]])] for j in range(len(E))] for i in range(len(E))],
                    dtype=np.int64)


def idempotents(mult: np.ndarray) -> np.ndarray:
    n = np.arange(len(mult))
    return np.flatnonzero(mult[n, n] == n)


def aperiodic(mult: np.ndarray) -> bool:
    """s^n = s^(n+1) for every s (n = |S|)."""
    n = np.arange(len(mult))
    p = n.copy()
    for _ in range(len(mult)):
        p = mult[p, n]
    return bool((mult[p, n] == p).all())


def therien_weiss(mult: np.ndarray, idem: np.ndarray) -> bool:
    """e·x·f·y·e·z·f = e·z·f·y·e·x·f for all e, f in ``idem`` and x, y, z in S (with
    aperiodicity, the syntactic semigroup of an LTT language: Thérien and Weiss 1985)."""
    allx = np.arange(len(mult))
    for e in idem:
        exf = mult[mult[e, allx][None, :], idem[:, None]]        # exf[f, x] = e·x·f
        for row in exf:
            A = mult[row[:, None], allx[None, :]]                # A[x, y] = (e x f)·y
            left = mult[A[:, :, None], row[None, None, :]]       # (e x f)·y·(e z f)
            if not (left == np.transpose(left, (2, 1, 0))).all():
                return False
    return True


def ltt_by_semigroup(dfa: DFA) -> bool:
    mult = syntactic(dfa)
    return aperiodic(mult) and therien_weiss(mult, idempotents(mult))


def ltt_with_monoid_idempotents(dfa: DFA) -> bool:
    """MeSCaL's test: the same equation with e, f ranging over the idempotents of S¹."""
    mult, mult1 = syntactic(dfa), syntactic(dfa, one=True)
    return aperiodic(mult) and therien_weiss(mult1, idempotents(mult1))


def words(alphabet, max_len):
    for n in range(max_len + 1):
        yield from itertools.product(alphabet, repeat=n)


def trivial_semigroup_violation(dfa: DFA):
    """Words p, u, v, r with u, v non-empty and exactly one of p·u·r, p·v·r in L(dfa) — the
    syntactic semigroup is not trivial — or None when there are none.  Complete with
    |u|, |v| ≤ 2 and |p|, |r| < n (n states of the minimal DFA): if S(L) has two elements,
    two letters act differently or a letter's action m has m² ≠ m; two distinct actions
    differ on a state reached by a word shorter than n, and the two states they lead to
    are told apart by a word shorter than n."""
    d = dfa.minimal()
    A, n = d.alphabet, d.n_states
    short = [w for w in words(A, 2) if w]
    for p in words(A, n - 1):
        for r in words(A, n - 1):
            ins = {u: d.accepts(p + u + r) for u in short}
            if len(set(ins.values())) > 1:
                return (p, next(w for w in short if ins[w]), next(w for w in short if not ins[w]), r)
    return None


REFEREES = {
    # (class, MeSCaL's answer) → the referee's verdict on the class (independent of both tools)
    "LTT": ltt_by_semigroup,
    "DD": lambda dfa: trivial_semigroup_violation(dfa) is None,
}



# separation

def upward_closure_meets(d1: DFA, d2: DFA) -> bool:
    """Whether the upward closure of L1 (words with a subword in L1) meets L2: the subset
    construction of d1 with a self-loop on every letter at every state, in product with d2."""
    A = d1.alphabet
    T1, T2 = d1.transitions, d2.transitions
    start = (frozenset([d1.initial]), d2.initial)
    seen = {start}
    stack = [start]
    while stack:
        S, q = stack.pop()
        if any(d1.accepting[s] for s in S) and d2.accepting[q]:
            return True
        for a in range(len(A)):
            nxt = (frozenset(S) | frozenset(int(T1[s, a]) for s in S), int(T2[q, a]))
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


def length_set(dfa: DFA) -> tuple[int, int, list]:
    """The lengths of L(dfa) as (tail t, period c, membership of the lengths 0 … t+c-1):
    the subset sequence S₀ = {q₀}, S_{i+1} = δ(S_i, A) is ultimately periodic."""
    T = dfa.transitions
    seq, where = [], {}
    S = frozenset([dfa.initial])
    while S not in where:
        where[S] = len(seq)
        seq.append(S)
        S = frozenset(int(T[s, a]) for s in S for a in range(T.shape[1]))
    t = where[S]
    return t, len(seq) - t, [any(dfa.accepting[s] for s in X) for X in seq]


def mod_separable(d1: DFA, d2: DFA) -> bool:
    """Whether some union of length classes modulo n contains L1 and misses L2.

    Enough to try n = P·(T+1), P = lcm(c1, c2), T = max(t1, t2) (tails t, periods c of
    :func:`length_set`): a length ℓ ≥ tᵢ of Lᵢ comes with ℓ + k·cᵢ for all k ≥ 0, whose
    residues modulo any n are ℓ + gcd(cᵢ, n)ℤ.  If some n₀ separates, then (i) two lengths
    of the tails differ, and are distinct modulo n > T; (ii) a tail length ℓ of one and a
    periodic ℓ' of the other (period c) have ℓ ∉ ℓ' + gcd(c, n₀)ℤ, so c ∤ ℓ − ℓ', so ℓ is
    not in ℓ' + cℤ, its residues modulo n (c | n); (iii) two periodic lengths have
    ℓ − ℓ' ∉ gcd(c1, c2, n₀)ℤ ⊇ gcd(c1, c2)ℤ, the residues' condition modulo n.  So n
    separates too."""
    t1, c1, m1 = length_set(d1)
    t2, c2, m2 = length_set(d2)
    n = math.lcm(c1, c2) * (max(t1, t2) + 1)

    def residues(t, c, m):
        return {ell % n for ell in range(t + n + c) if m[ell if ell < t else t + (ell - t) % c]}
    return not (residues(t1, c1, m1) & residues(t2, c2, m2))
