"""Counting the words a DFA accepts, and sampling them uniformly by counting paths.

For a complete DFA (Σ, Q, δ, q0, F) let

    N_ℓ(q) = #{ w ∈ Σ^ℓ : δ*(q, w) ∈ F },

the number of accepting paths of length ℓ out of q.  It satisfies the recursion

    N_0(q) = [q ∈ F],        N_ℓ(q) = Σ_{a ∈ Σ} N_{ℓ−1}(δ(q, a)),

so ``N_ℓ(q0)`` (the number of accepted words of length ℓ) is computed in O(ℓ·|Q|·|Σ|)
additions.  The counts are Python integers, exact at every length (|Σ|^ℓ overflows float64
near ℓ = 450 for |Σ| = 5).

A uniformly random accepted word of length ℓ is drawn letter by letter: in state q with r
letters still to write, letter a is chosen with probability

    p_r(q, a) = N_{r−1}(δ(q, a)) / N_r(q).

The product of these probabilities along a word telescopes to 1 / N_ℓ(q0), so every accepted
word of length ℓ has the same probability: the sampler is exact, no rejection of words.
Two implementations:

* :meth:`UniformSampler.sample_exact` picks each letter with an exact big-integer draw
  (``randbelow(N_r(q))``), so the distribution is exactly uniform;
* :meth:`UniformSampler.sample` draws a batch at once with numpy from the float64 table of the
  ratios above (each ratio is the correctly rounded quotient of the exact integers), so it is
  uniform up to float64 rounding (relative error ≈ 1e−16 per letter).

Uniform sampling among REJECTED words is the same thing on the complement DFA
(:func:`complement`, :func:`rejected_sampler`).
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from .dfa import DFA

__all__ = [
    "path_counts", "count_accepted", "count_rejected", "complement",
    "UniformSampler", "rejected_sampler", "randbelow", "decode",
]


def path_counts(dfa: DFA, max_length: int) -> tuple[tuple[int, ...], ...]:
    """``counts[ℓ][q] = N_ℓ(q)`` for ℓ = 0 … max_length, exact Python ints."""
    if max_length < 0:
        raise ValueError("max_length must be ≥ 0")
    table = dfa.transitions.tolist()
    row = tuple(int(bool(x)) for x in dfa.accepting)
    rows = [row]
    for _ in range(max_length):
        prev = rows[-1]
        rows.append(tuple(sum(prev[t] for t in succ) for succ in table))
    return tuple(rows)


def count_accepted(dfa: DFA, length: int) -> int:
    """The number of words of exactly ``length`` letters that ``dfa`` accepts."""
    return path_counts(dfa, length)[length][dfa.initial]


def count_rejected(dfa: DFA, length: int) -> int:
    """|Σ|^length minus :func:`count_accepted`."""
    return len(dfa.alphabet) ** length - count_accepted(dfa, length)


def complement(dfa: DFA) -> DFA:
    """The DFA of Σ* ∖ L (the same complete automaton with the accepting set flipped)."""
    return DFA(dfa.alphabet, dfa.transitions, dfa.initial, ~dfa.accepting)


def randbelow(n: int, rng: np.random.Generator) -> int:
    """A uniform integer in [0, n) for an arbitrarily large Python int ``n`` ≥ 1.

    Draws ⌈log2 n⌉ random bits from ``rng`` and retries when the value is ≥ n (each try
    succeeds with probability > 1/2); the result is exactly uniform.
    """
    if n < 1:
        raise ValueError("randbelow needs n ≥ 1")
    bits = (n - 1).bit_length()
    if bits == 0:
        return 0
    nbytes = (bits + 7) // 8
    excess = nbytes * 8 - bits
    while True:
        x = int.from_bytes(rng.bytes(nbytes), "little") >> excess
        if x < n:
            return x


class UniformSampler:
    """Uniform sampling of the accepted words of each length ≤ ``max_length``.

    Immutable after construction.  ``counts[ℓ][q]`` is N_ℓ(q) (see the module docstring) and
    ``cumulative[r, q, :]`` the cumulative distribution of the next letter in state q with r
    letters left (rows with N_r(q) = 0 are all zero and never used).
    """

    __slots__ = ("dfa", "max_length", "counts", "cumulative")

    def __init__(self, dfa: DFA, max_length: int):
        counts = path_counts(dfa, max_length)
        n_states, n_letters = dfa.transitions.shape
        cum = np.zeros((max_length + 1, n_states, n_letters), dtype=np.float64)
        table = dfa.transitions.tolist()
        for r in range(1, max_length + 1):
            prev, cur = counts[r - 1], counts[r]
            for q in range(n_states):
                if cur[q] == 0:
                    continue
                acc = 0
                for a, t in enumerate(table[q]):
                    acc += prev[t]
                    cum[r, q, a] = acc / cur[q]   # exact ints → correctly rounded float
                cum[r, q, :] /= cum[r, q, -1]     # the last letter with mass ends at exactly 1.0
        cum.setflags(write=False)
        sa = object.__setattr__
        sa(self, "dfa", dfa)
        sa(self, "max_length", int(max_length))
        sa(self, "counts", counts)
        sa(self, "cumulative", cum)

    def __setattr__(self, name, value):
        raise AttributeError("UniformSampler is immutable")

    def _check(self, length: int) -> None:
        if not (0 <= length <= self.max_length):
            raise ValueError(f"length {length} outside 0..{self.max_length}")

    def count(self, length: int) -> int:
        """N_length(q0): the number of accepted words of that length."""
        self._check(length)
        return self.counts[length][self.dfa.initial]

    def log_count(self, length: int) -> float:
        """ln N_length(q0) (−inf when there is none)."""
        c = self.count(length)
        return math.log(c) if c else float("-inf")

    def has_words(self, length: int) -> bool:
        return 0 <= length <= self.max_length and self.count(length) > 0

    def sample_exact(self, length: int, rng: np.random.Generator) -> tuple[int, ...]:
        """One accepted word (letter indices), exactly uniform, by big-integer draws."""
        self._check(length)
        if self.count(length) == 0:
            raise ValueError(f"no accepted word of length {length}")
        table = self.dfa.transitions.tolist()
        q, word = self.dfa.initial, []
        for r in range(length, 0, -1):
            x = randbelow(self.counts[r][q], rng)
            prev = self.counts[r - 1]
            for a, t in enumerate(table[q]):
                if x < prev[t]:
                    break
                x -= prev[t]
            word.append(a)
            q = table[q][a]
        return tuple(word)

    def sample(self, length: int, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` independent uniform accepted words of ``length`` letters, int64 [n, length].

        Vectorised over the batch; uniform up to float64 rounding of the ratios N_{r−1}/N_r.
        """
        self._check(length)
        if n and self.count(length) == 0:
            raise ValueError(f"no accepted word of length {length}")
        out = np.empty((n, length), dtype=np.int64)
        states = np.full(n, self.dfa.initial, dtype=np.int64)
        trans = self.dfa.transitions
        for i in range(length):
            cum = self.cumulative[length - i][states]          # [n, |Σ|]
            u = rng.random(n)[:, None]
            letters = np.argmax(u < cum, axis=1)
            out[:, i] = letters
            states = trans[states, letters]
        return out


def rejected_sampler(dfa: DFA, max_length: int) -> UniformSampler:
    """Uniform sampling among the words of each length that ``dfa`` REJECTS."""
    return UniformSampler(complement(dfa), max_length)


def decode(alphabet: Sequence[str], word) -> tuple[str, ...]:
    """Letter indices back to letters."""
    return tuple(alphabet[int(i)] for i in word)
