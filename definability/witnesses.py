"""Non-membership witnesses: pairs of words, one in the language and one not, that no
formula of a fragment distinguishes.

A :class:`Witness` holds the two words (tuples of letters) and ``depth``: ``None`` when the
pair is a representative of a pumped family that defeats EVERY depth (the argument is an
identity violation: the pumped factor is a power of an idempotent, and the power can be
raised without changing membership), or an int r when the pair is only shown to agree on
every formula of temporal depth ≤ r (by the type computation of :mod:`.types`).

The constructions below all start from a pattern in the minimal DFA and return words as
lists of letter indices; :func:`make_witness` orders them by membership.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Witness", "Factors", "factorize", "make_witness", "transformation_of",
           "power_exponent", "run", "FACTORIZE_FROM"]

#: words of at least this many letters get their factors u·(x)^K·v (Witness.*_factors)
FACTORIZE_FROM = 40
#: the longest repeated factor x looked for
MAX_FACTOR = 48


@dataclass(frozen=True)
class Factors:
    """A word as ``prefix · (factor)^power · suffix`` (the literal word is their product)."""

    prefix: tuple[str, ...]
    factor: tuple[str, ...]
    power: int
    suffix: tuple[str, ...]

    @property
    def word(self) -> tuple[str, ...]:
        return self.prefix + self.factor * self.power + self.suffix

    def to_json(self, sep: str = "") -> dict:
        return {"prefix": sep.join(self.prefix), "factor": sep.join(self.factor),
                "power": self.power, "suffix": sep.join(self.suffix)}


def factorize(word) -> Factors | None:
    """The decomposition u·(x)^K·v of ``word`` with K ≥ 2 and |x| ≤ MAX_FACTOR covering the
    most letters by the power (ties: the shortest x, then the earliest start), or None
    when no factor repeats.  For each |x| = L, a maximal run of positions i with
    w[i] = w[i+L] of length r starting at s is a block w[s : s+r+L] of period L."""
    w = tuple(word)
    n = len(w)
    best = None                                   # (covered, -L, -start, start, L, K)
    codes = np.asarray([hash(a) for a in w], dtype=np.int64) if n else np.zeros(0, np.int64)
    for L in range(1, min(MAX_FACTOR, n // 2) + 1):
        eq = codes[:-L] == codes[L:]
        if not eq.any():
            continue
        padded = np.concatenate(([False], eq, [False]))
        edges = np.flatnonzero(padded[1:] != padded[:-1])
        for s, e in zip(edges[::2], edges[1::2]):
            K = (e - s + L) // L
            if K < 2:
                continue
            key = (K * L, -L, -int(s))
            if best is None or key > best[0]:
                best = (key, int(s), L, int(K))
    if best is None:
        return None
    _, s, L, K = best
    return Factors(w[:s], w[s:s + L], K, w[s + K * L:])


@dataclass(frozen=True)
class Witness:
    """``accepted ∈ L``, ``rejected ∉ L``, indistinguishable in the fragment up to ``depth``
    (None = at every depth).

    ``accepted_factors`` / ``rejected_factors`` (optional, None when not computed): the
    word as u·(x)^K·v, for printing long witnesses compactly; ``to_json`` adds them only
    when set, with the literal words kept."""

    accepted: tuple[str, ...]
    rejected: tuple[str, ...]
    depth: int | None
    accepted_factors: Factors | None = None
    rejected_factors: Factors | None = None

    def to_json(self, sep: str = "") -> dict:
        out = {"accepted": sep.join(self.accepted), "rejected": sep.join(self.rejected),
               "depth": self.depth}
        if self.accepted_factors is not None:
            out["accepted_factors"] = self.accepted_factors.to_json(sep)
        if self.rejected_factors is not None:
            out["rejected_factors"] = self.rejected_factors.to_json(sep)
        return out

    def with_factors(self) -> "Witness":
        """The witness with the factors of each word of at least FACTORIZE_FROM letters."""
        def fac(w):
            return factorize(w) if len(w) >= FACTORIZE_FROM else None
        return Witness(self.accepted, self.rejected, self.depth, fac(self.accepted), fac(self.rejected))


def run(table: np.ndarray, q: int, word) -> int:
    for a in word:
        q = int(table[q, a])
    return q


def transformation_of(table: np.ndarray, word) -> np.ndarray:
    """The transformation q ↦ δ(q, word) as an array."""
    t = np.asarray(table)
    x = np.arange(t.shape[0])
    for a in word:
        x = t[x, a]
    return x


def power_exponent(x: np.ndarray, at_least: int = 1) -> int:
    """The least K ≥ at_least with x^K idempotent and K a multiple of the exponent of x
    (i.e. K ≥ index and K ≡ 0 mod period)."""
    x = np.asarray(x)
    p = x.copy()
    k = 1
    while not (p[p] == p).all():
        p = x[p]
        k += 1
    # k is the least exponent; multiples of k that are ≥ k are also idempotent powers
    K = k
    while K < at_least:
        K += k
    return K


def make_witness(dfa, u, v, depth: int | None):
    """Order the words u, v (letter indices) by membership; None if they do not differ."""
    au = bool(dfa.accepting[run(dfa.transitions, dfa.initial, u)])
    av = bool(dfa.accepting[run(dfa.transitions, dfa.initial, v)])
    if au == av:
        return None
    letters = dfa.alphabet
    wu = tuple(letters[a] for a in u)
    wv = tuple(letters[a] for a in v)
    w = Witness(wu, wv, depth) if au else Witness(wv, wu, depth)
    return w.with_factors()
