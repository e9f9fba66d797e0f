"""Adversarial negatives (Li & Cotterell, NeurIPS 2025, §E.1.2) and the theory's periodic pairs.

Words are int arrays of letter indices, one row per word, all rows of one length.

* :func:`rejected_substitutions`: for each positive w, a uniformly chosen word w' that differs
  from w in exactly one position and is rejected.  All |w|·(|Σ|−1) substitutions are decided
  at once from two sweeps over the DFA: the forward states f_i = δ*(q0, w_1…w_i) and the
  backward sets B_i = {q : δ*(q, w_{i+1}…w_N) ∈ F}; substituting c at position i+1 gives an
  accepted word iff δ(f_i, c) ∈ B_{i+1}.
* :func:`exactly_one_factor_dfa`: the words with exactly one occurrence of a factor (the
  positives of LT-1 / LT-2 in the paper); a substitution that makes such a word rejected
  removes the occurrence ("omit ab").
* :func:`counter_negatives`: aⁿ⁺¹bⁿ⁻¹ and aⁿ⁻¹bⁿ⁺¹ for CNT at length 2n.
* :func:`periodic_pairs`: the theory's pairs (u(st)^r s v versus u(st)^r v, x t^r versus
  y t^r), labelled by the DFA.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import numpy as np

from ..automata.dfa import DFA

__all__ = [
    "forward_states", "backward_accepting", "rejected_substitutions", "exactly_one_factor_dfa",
    "counter_negatives", "periodic_pairs", "accepts_batch", "r_trivial_family", "suffix_family", "local_r_trivial_family",
]


def forward_states(dfa: DFA, words: np.ndarray) -> np.ndarray:
    """``f[b, i]`` = state after the first i letters of ``words[b]``; int64 [B, N+1]."""
    words = np.asarray(words, dtype=np.int64)
    b, n = words.shape
    f = np.empty((b, n + 1), dtype=np.int64)
    f[:, 0] = dfa.initial
    t = dfa.transitions
    for i in range(n):
        f[:, i + 1] = t[f[:, i], words[:, i]]
    return f


def accepts_batch(dfa: DFA, words: np.ndarray) -> np.ndarray:
    """Membership of every row of ``words``: bool [B]."""
    return dfa.accepting[forward_states(dfa, words)[:, -1]]


def backward_accepting(dfa: DFA, words: np.ndarray) -> np.ndarray:
    """``B[b, i, q]`` = δ*(q, words[b, i:]) ∈ F; bool [B, N+1, |Q|]."""
    words = np.asarray(words, dtype=np.int64)
    b, n = words.shape
    out = np.empty((b, n + 1, dfa.n_states), dtype=bool)
    out[:, n, :] = dfa.accepting[None, :]
    t = dfa.transitions
    rows = np.arange(b)[:, None]
    for i in range(n - 1, -1, -1):
        succ = t[:, words[:, i]].T                      # [B, |Q|]: δ(q, w_{i+1})
        out[:, i, :] = out[rows, i + 1, succ]
    return out


def rejected_substitutions(dfa: DFA, words: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """One rejected single-letter substitution of each row, chosen uniformly among all of them.

    Returns ``(negatives, found)``: ``found[b]`` is False where no substitution of row b is
    rejected (that row is returned unchanged and the caller must replace it).
    """
    words = np.asarray(words, dtype=np.int64)
    b, n = words.shape
    k = len(dfa.alphabet)
    if n == 0 or k < 2:
        return words.copy(), np.zeros(b, dtype=bool)
    f = forward_states(dfa, words)[:, :n]                      # state before position i
    back = backward_accepting(dfa, words)[:, 1:, :]            # B after position i: [B, N, |Q|]
    nxt = dfa.transitions[f]                                   # [B, N, |Σ|]: δ(f_i, c)
    accepted = np.take_along_axis(back, nxt, axis=2)           # [B, N, |Σ|]
    candidate = ~accepted
    candidate[np.arange(b)[:, None], np.arange(n)[None, :], words] = False
    flat = candidate.reshape(b, -1)
    found = flat.any(axis=1)
    score = np.where(flat, rng.random(flat.shape), -1.0)      # uniform choice among candidates
    pick = score.argmax(axis=1)
    pos, letter = np.divmod(pick, k)
    out = words.copy()
    rows = np.nonzero(found)[0]
    out[rows, pos[rows]] = letter[rows]
    return out, found


def exactly_one_factor_dfa(alphabet: Sequence[str], factor: Sequence[str]) -> DFA:
    """The words over ``alphabet`` containing exactly one occurrence of ``factor``.

    State (j, c): j = length of the longest prefix of the factor that is a suffix of the input
    (the Knuth–Morris–Pratt automaton), c = occurrences so far, capped at 2.
    """
    alphabet = tuple(alphabet)
    f = tuple(factor)
    m = len(f)
    if m == 0:
        raise ValueError("empty factor")

    def step(j: int, a: str) -> tuple[int, bool]:
        s = f[:j] + (a,)
        for length in range(min(m, len(s)), -1, -1):
            if s[len(s) - length:] == f[:length]:
                return length, length == m
        return 0, False

    index = {(j, c): j * 3 + c for j in range(m + 1) for c in range(3)}
    rows = []
    for j in range(m + 1):
        for c in range(3):
            row = []
            for a in alphabet:
                j2, hit = step(j, a)
                row.append(index[(j2, min(2, c + hit))])
            rows.append(row)
    accepting = [index[(j, 1)] for j in range(m + 1)]
    return DFA(alphabet, rows, index[(0, 0)], accepting)


def counter_negatives(length: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """CNT at even length 2m: aᵐ⁺¹bᵐ⁻¹ or aᵐ⁻¹bᵐ⁺¹, each with probability 1/2 (a = 0, b = 1)."""
    if length % 2 or length < 2:
        raise ValueError("counter negatives exist at even lengths ≥ 2")
    m = length // 2
    n_a = np.where(rng.random(n) < 0.5, m + 1, m - 1)
    return (np.arange(length)[None, :] >= n_a[:, None]).astype(np.int64)


#: a family of pairs: r ↦ (word, word), letters as single characters, lengths growing with r
Family = Callable[[int], tuple[str, str]]


def r_trivial_family(u: str, s: str, t: str, v: str) -> Family:
    """r ↦ (u(st)^r s v, u(st)^r v): no LTL[P] formula of depth ≤ r separates them
    (Li & Cotterell 2025, Lemma C.3); with s = a, t = b^{k−1}, u = v = ε this is the
    k-periodic pair that no LTL[P, Y≤k] formula of depth ≤ r separates."""
    def pair(r: int) -> tuple[str, str]:
        return u + (s + t) * r + s + v, u + (s + t) * r + v
    return pair


def suffix_family(x: str, y: str, t: str) -> Family:
    """r ↦ (x t^r, y t^r): equal suffixes of length r·|t|, so no LTL[Y≤k] formula of depth
    < r·|t|/k separates them."""
    def pair(r: int) -> tuple[str, str]:
        return x + t * r, y + t * r
    return pair


def local_r_trivial_family(e: str, s: str, t: str) -> Family:
    """r ↦ ((E s E · E t E)^r E s E, (E s E · E t E)^r) with E = e^r: the locally-R-trivial
    identity (e x e y e)^ω e x e = (e x e y e)^ω with the idempotent power growing with r, so
    that no LTL[P,Y] formula of depth < r separates the pair (a Y-chain sees fewer than r
    letters back, and the E blocks are r letters long)."""
    def pair(r: int) -> tuple[str, str]:
        big = e * r
        x, y = big + s + big, big + t + big
        return (x + y) * r + x, (x + y) * r
    return pair


def periodic_pairs(dfa: DFA, families: Iterable[Family],
                   lengths: Iterable[int]) -> list[tuple[tuple[str, ...], bool]]:
    """For every family and r ≥ 1, the two words of ``family(r)`` whose lengths lie in
    ``lengths``, each labelled by ``dfa``.  Only pairs that the language separates are kept."""
    wanted = set(lengths)
    if not wanted:
        return []
    top = max(wanted)
    out = []
    for family in families:
        for r in range(1, top + 2):
            w1, w2 = (tuple(w) for w in family(r))
            if min(len(w1), len(w2)) > top:
                break
            if len(w1) in wanted or len(w2) in wanted:
                l1, l2 = dfa.accepts(w1), dfa.accepts(w2)
                if l1 != l2:
                    out += [(w, lab) for w, lab in ((w1, l1), (w2, l2)) if len(w) in wanted]
    return out
