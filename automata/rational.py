"""Operations on regular languages beyond the Boolean ones of :mod:`.operations`:
concatenation, iteration, reversal, the shuffle and infiltration products, left and right
quotients, prefixes, the upward and downward (subsequence) closures, neutral letters and
the preprojection of a tier.  The pleb interpreter (:mod:`.pleb`) evaluates its
expressions with them.

Every function takes minimal or non-minimal complete DFAs over one alphabet (the letter
order may differ: :func:`~.operations.align`) and returns the minimal DFA of the result.
The nondeterministic ones build an ε-free :class:`~.nfa.NFA` (successor sets as bitmasks)
and determinise it by the subset construction (:func:`~.nfa.determinize`, which raises
:class:`~attnlogic.kernel.errors.LimitExceeded` beyond ``state_limit`` subsets).

Definitions (L, M languages over Σ; π_T erases the letters outside T):

* ``concatenation(a, b)`` = L·M;  ``star(a)`` = L* (ε included);  ``reverse(a)`` = {w^R : w ∈ L}
* ``shuffle(a, b)`` = the interleavings of a word of L and a word of M;
  ``infiltration(a, b)`` = the same, where a letter of the one word may also be read
  together with an equal letter of the other (Chen, Fox and Lyndon's infiltration product)
* ``left_quotient(a, b)`` = {w : xw ∈ M for some x ∈ L};  ``right_quotient(a, b)`` =
  {w : wx ∈ L for some x ∈ M}
* ``prefixes(a)`` = {u : uv ∈ L for some v}
* ``upward_closure(a)`` = the words with a subsequence in L;  ``downward_closure(a)`` = the
  subsequences of words of L
* ``tier_preimage(a, T)`` = {w : π_T(w) ∈ L}
* ``neutralize(a, T)`` = {w : π_{Σ∖T}(w) = π_{Σ∖T}(v) for some v ∈ L} (the letters of T
  inserted and deleted freely); with ``erasable`` ⊂ T, only the letters of ``erasable`` may
  be deleted from the words of L (the others are only inserted)
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from .dfa import DFA
from .minimize import minimize
from .nfa import DEFAULT_STATE_LIMIT, NFA, determinize, from_dfa
from .nfa import reverse as _reverse_nfa
from .operations import align, product_pairs

__all__ = ["concatenation", "star", "reverse", "shuffle", "infiltration", "left_quotient",
           "right_quotient", "prefixes", "upward_closure", "downward_closure", "tier_preimage",
           "neutralize", "universal", "empty", "epsilon", "sequence", "image"]


def _minimal(nfa: NFA, state_limit: int) -> DFA:
    return minimize(determinize(nfa, state_limit))


def _rows(d: DFA) -> tuple[list[list[int]], list[bool]]:
    return d.transitions.tolist(), d.accepting.tolist()


def _bits(states: Iterable[int], offset: int = 0) -> int:
    out = 0
    for q in states:
        out |= 1 << (q + offset)
    return out


def universal(alphabet) -> DFA:
    """Σ*."""
    alphabet = tuple(alphabet)
    return DFA._trusted(alphabet, np.zeros((1, len(alphabet)), dtype=np.int32), 0,
                        np.array([True])).minimal()


def empty(alphabet) -> DFA:
    """∅."""
    alphabet = tuple(alphabet)
    return DFA._trusted(alphabet, np.zeros((1, len(alphabet)), dtype=np.int32), 0,
                        np.array([False])).minimal()


def epsilon(alphabet) -> DFA:
    """{ε}."""
    alphabet = tuple(alphabet)
    return DFA._trusted(alphabet, np.ones((2, len(alphabet)), dtype=np.int32), 0,
                        np.array([True, False])).minimal()


def sequence(alphabet, items, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The language of a sequence of ``items``: a set of letters is one position (a letter of
    the set), ``None`` a gap (any word, Σ*).  E.g. ``[None, {"a"}, None]`` = Σ*aΣ*."""
    alphabet = tuple(alphabet)
    k = len(alphabet)
    rows: list[list[int]] = [[0] * k]
    for item in items:
        q = len(rows) - 1
        if item is None:
            for i in range(k):
                rows[q][i] |= 1 << q
            continue
        for i, a in enumerate(alphabet):
            if a in item:
                rows[q][i] |= 1 << (q + 1)
        rows.append([0] * k)
    nfa = NFA(alphabet, tuple(tuple(r) for r in rows), 1, 1 << (len(rows) - 1))
    return _minimal(nfa, state_limit)


def concatenation(a: DFA, b: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """L(a)·L(b)."""
    b = align(a, b)
    Ta, Fa = _rows(a)
    Tb, Fb = _rows(b)
    na, k = len(Ta), a.n_letters
    start_b = [1 << (na + Tb[b.initial][i]) for i in range(k)]
    succ = []
    for q in range(na):
        succ.append(tuple((1 << Ta[q][i]) | (start_b[i] if Fa[q] else 0) for i in range(k)))
    for r in range(len(Tb)):
        succ.append(tuple(1 << (na + Tb[r][i]) for i in range(k)))
    initial = 1 << a.initial
    if Fa[a.initial]:
        initial |= 1 << (na + b.initial)
    accepting = _bits((r for r in range(len(Tb)) if Fb[r]), na)
    if Fb[b.initial]:
        accepting |= _bits(q for q in range(na) if Fa[q])
    return _minimal(NFA(a.alphabet, tuple(succ), initial, accepting), state_limit)


def star(a: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """L(a)* (with ε): a new accepting initial state, and every accepting state also
    continues as the initial state does."""
    T, F = _rows(a)
    n, k = len(T), a.n_letters
    restart = [1 << T[a.initial][i] for i in range(k)]
    succ = [tuple((1 << T[q][i]) | (restart[i] if F[q] else 0) for i in range(k)) for q in range(n)]
    succ.append(tuple(restart))
    accepting = _bits(q for q in range(n) if F[q]) | (1 << n)
    return _minimal(NFA(a.alphabet, tuple(succ), 1 << n, accepting), state_limit)


def reverse(a: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The mirror language."""
    return _minimal(_reverse_nfa(from_dfa(a)), state_limit)


def _interleave(a: DFA, b: DFA, together: bool, state_limit: int) -> DFA:
    b = align(a, b)
    Ta, Fa = _rows(a)
    Tb, Fb = _rows(b)
    nb, k = len(Tb), a.n_letters
    succ = []
    accepting = 0
    for p in range(len(Ta)):
        for q in range(nb):
            row = []
            for i in range(k):
                S = (1 << (Ta[p][i] * nb + q)) | (1 << (p * nb + Tb[q][i]))
                if together:
                    S |= 1 << (Ta[p][i] * nb + Tb[q][i])
                row.append(S)
            succ.append(tuple(row))
            if Fa[p] and Fb[q]:
                accepting |= 1 << (p * nb + q)
    nfa = NFA(a.alphabet, tuple(succ), 1 << (a.initial * nb + b.initial), accepting)
    return _minimal(nfa, state_limit)


def shuffle(a: DFA, b: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The shuffle product: every interleaving of a word of L(a) with a word of L(b)."""
    return _interleave(a, b, False, state_limit)


def infiltration(a: DFA, b: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The infiltration product: the interleavings where a letter may also be read by both
    words at once."""
    return _interleave(a, b, True, state_limit)


def left_quotient(a: DFA, b: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """{w : xw ∈ L(b) for some x ∈ L(a)}: b started in every state that a word of L(a)
    leads it to."""
    b = align(a, b)
    codes, _ = product_pairs(a, b, state_limit)
    p, q = np.divmod(codes, b.n_states)
    starts = _bits(sorted(set(q[a.accepting[p]].tolist())))
    nfa = from_dfa(b)
    return _minimal(NFA(nfa.alphabet, nfa.successors, starts, nfa.accepting), state_limit)


def right_quotient(a: DFA, b: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """{w : wx ∈ L(a) for some x ∈ L(b)}: a, where a state accepts when some word of L(b)
    leads it to acceptance (the pairs of the full product that reach a pair of accepting
    states, searched backwards)."""
    b = align(a, b)
    Ta = np.asarray(a.transitions, dtype=np.int64)
    Tb = np.asarray(b.transitions, dtype=np.int64)
    na, nb = Ta.shape[0], Tb.shape[0]
    good = np.logical_and.outer(a.accepting, b.accepting).reshape(-1)
    if a.n_letters:
        succ = (Ta[:, None, :] * nb + Tb[None, :, :]).reshape(na * nb, -1)
        changed = True
        while changed:                      # fixpoint: a pair is good if a successor is
            grown = good | good[succ].any(axis=1)
            changed = bool((grown != good).any())
            good = grown
    accepting = good.reshape(na, nb)[:, b.initial]
    return minimize(DFA._trusted(a.alphabet, a.transitions, a.initial, accepting))


def prefixes(a: DFA) -> DFA:
    """{u : uv ∈ L(a) for some v}: the states that can still accept become accepting."""
    return minimize(DFA._trusted(a.alphabet, a.transitions, a.initial, a.coreachable()))


def upward_closure(a: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The words that have a subsequence in L(a): every state also loops on every letter."""
    T, F = _rows(a)
    succ = tuple(tuple((1 << t) | (1 << q) for t in row) for q, row in enumerate(T))
    nfa = NFA(a.alphabet, succ, 1 << a.initial, _bits(q for q in range(len(T)) if F[q]))
    return _minimal(nfa, state_limit)


def _closure(T: list[list[int]], letters: list[int]) -> list[int]:
    """For every state, the set (bitmask) of the states reachable from it by words over
    ``letters`` (columns), itself included."""
    n = len(T)
    out = []
    for q in range(n):
        seen = {q}
        stack = [q]
        while stack:
            r = stack.pop()
            for i in letters:
                t = T[r][i]
                if t not in seen:
                    seen.add(t)
                    stack.append(t)
        out.append(_bits(seen))
    return out


def image(S: int, sets) -> int:
    """The union of ``sets[q]`` (bitmasks) over the states q of the set S (a bitmask)."""
    out = 0
    while S:
        low = S & -S
        out |= sets[low.bit_length() - 1]
        S ^= low
    return out


def _through(T: list[list[int]], reach: list[int], S: int, i: int) -> int:
    """The states reached from the set S by a reach-step, the letter i, a reach-step."""
    return image(image(S, [1 << row[i] for row in T]), reach)


def downward_closure(a: DFA, state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The subsequences of the words of L(a): a letter may be read after skipping any word."""
    T, F = _rows(a)
    k = a.n_letters
    reach = _closure(T, list(range(k)))
    final = _bits(q for q in range(len(T)) if F[q])
    columns = [[1 << row[i] for row in T] for i in range(k)]
    succ = [tuple(image(reach[q], columns[i]) for i in range(k)) for q in range(len(T))]
    accepting = _bits(q for q in range(len(T)) if reach[q] & final)
    return _minimal(NFA(a.alphabet, tuple(succ), 1 << a.initial, accepting), state_limit)


def tier_preimage(a: DFA, tier: Iterable[str]) -> DFA:
    """{w : π_T(w) ∈ L(a)}: the letters off the tier loop on every state."""
    tier = set(tier)
    table = np.array(a.transitions, dtype=np.int64)
    own = np.arange(a.n_states, dtype=np.int64)
    for i, letter in enumerate(a.alphabet):
        if letter not in tier:
            table[:, i] = own
    return minimize(DFA._trusted(a.alphabet, table, a.initial, a.accepting))


def neutralize(a: DFA, letters: Iterable[str], erasable: Iterable[str] | None = None,
               state_limit: int = DEFAULT_STATE_LIMIT) -> DFA:
    """The letters of ``letters`` made neutral in L(a): inserted anywhere, and (those of
    ``erasable``, by default all of them) deleted from the words of L(a) (ε-moves along
    their edges, their own columns loops)."""
    letters = set(letters)
    erasable = letters if erasable is None else set(erasable) & letters
    T, F = _rows(a)
    cols = [i for i, x in enumerate(a.alphabet) if x in erasable]
    reach = _closure(T, cols)
    final = _bits(q for q in range(len(T)) if F[q])
    succ = []
    for q in range(len(T)):
        row = []
        for i, x in enumerate(a.alphabet):
            row.append(reach[q] if x in letters else _through(T, reach, reach[q], i))
        succ.append(tuple(row))
    accepting = _bits(q for q in range(len(T)) if reach[q] & final)
    return _minimal(NFA(a.alphabet, tuple(succ), 1 << a.initial, accepting), state_limit)
