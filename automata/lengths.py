"""The lengths of the words of a regular language: an ultimately periodic set of naturals.

For a DFA D over A, S(L) = {|w| : w ∈ L} is the language of the unary NFA obtained by
writing every letter as one letter, whose subset automaton is the sequence of sets
X_ℓ = the states reached by the words of length ℓ (X_0 = {q0}, X_{ℓ+1} = ⋃_a X_ℓ·a).  The
sequence is ultimately periodic: the first repeat X_{t+c} = X_t (t least, c ≥ 1) gives
ℓ ∈ S ⟺ X_ℓ ∩ F ≠ ∅, with X_{ℓ+c} = X_ℓ for ℓ ≥ t.  :func:`length_set` returns (t, c, the
membership bits of the lengths 0 … t+c−1) as a :class:`LengthSet` (:func:`length_layers`: the sets
themselves, from any state); the number of distinct
sets is bounded by ``state_limit`` (LimitExceeded naming ``limit``).  :func:`word_of_length`
gives a word of L of a given length (a walk back through the layers).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..kernel.errors import LimitExceeded
from ..kernel.limits import DEFAULT_STATE_LIMIT

__all__ = ["LengthSet", "length_set", "length_layers", "word_of_length", "residues_modulo"]


@dataclass(frozen=True)
class LengthSet:
    """An ultimately periodic set S of naturals: ``bits[ℓ]`` = ℓ ∈ S for ℓ < tail + period,
    and ℓ ∈ S ⟺ ℓ + period ∈ S for every ℓ ≥ ``tail``."""

    tail: int
    period: int
    bits: tuple

    def __contains__(self, ell: int) -> bool:
        ell = int(ell)
        if ell >= self.tail:
            ell = self.tail + (ell - self.tail) % self.period
        return bool(self.bits[ell])

    def periodic(self, residue: int, modulus: int) -> bool:
        """Whether S holds infinitely many lengths ≡ ``residue`` (mod ``modulus``): some
        ℓ ∈ S, ℓ ≥ tail, with ℓ ≡ residue (mod gcd(period, modulus)) (then ℓ + k·period ∈ S
        for every k, and infinitely many k solve ℓ + k·period ≡ residue)."""
        g = math.gcd(self.period, modulus)
        return any(self.bits[ell] and (ell - residue) % g == 0
                   for ell in range(self.tail, self.tail + self.period))


def _layers(dfa) -> tuple[np.ndarray, ...]:
    """Per letter, the successor of each state (the DFA's columns)."""
    t = np.asarray(dfa.transitions)
    return tuple(t[:, a] for a in range(t.shape[1]))


def _step(cols, x: np.ndarray) -> np.ndarray:
    n = x.shape[0]
    y = np.zeros(n, dtype=bool)
    for col in cols:
        y[col[x]] = True
    return y


def length_layers(dfa, start: int, state_limit: int = DEFAULT_STATE_LIMIT) -> tuple[list, int, int]:
    """The sets X_ℓ of states of ``dfa`` reached from ``start`` by the words of length ℓ, up
    to the first repeat X_{t+c} = X_t: (the list X_0 … X_{t+c−1} as Boolean masks, t, c)."""
    cols = _layers(dfa)
    x = np.zeros(np.asarray(dfa.transitions).shape[0], dtype=bool)
    x[start] = True
    seen: dict[bytes, int] = {}
    layers: list = []
    while True:
        key = np.packbits(x).tobytes()
        if key in seen:
            t = seen[key]
            return layers, t, len(layers) - t
        if len(seen) >= state_limit:
            raise LimitExceeded("the sets of states reached by the words of each length", state_limit,
                                "raise limit", parameters=("limit",))
        seen[key] = len(layers)
        layers.append(x)
        x = _step(cols, x)


def length_set(dfa, state_limit: int = DEFAULT_STATE_LIMIT) -> LengthSet:
    """S(L(dfa)), the lengths of its words (module docstring)."""
    acc = np.asarray(dfa.accepting, dtype=bool)
    layers, t, c = length_layers(dfa, int(dfa.initial), state_limit)
    return LengthSet(t, c, tuple(bool((x & acc).any()) for x in layers))


def word_of_length(dfa, length: int) -> tuple | None:
    """A word of L(dfa) of exactly ``length`` letters (letter indices), None when none."""
    cols = _layers(dfa)
    acc = np.asarray(dfa.accepting, dtype=bool)
    n = acc.shape[0]
    x = np.zeros(n, dtype=bool)
    x[dfa.initial] = True
    layers = [x]
    for _ in range(length):
        x = _step(cols, x)
        layers.append(x)
    ends = np.flatnonzero(layers[-1] & acc)
    if ends.size == 0:
        return None
    q, word = int(ends[0]), []
    for ell in range(length, 0, -1):             # a predecessor in layer ℓ − 1
        prev = layers[ell - 1]
        for a, col in enumerate(cols):
            sources = np.flatnonzero(prev & (col == q))
            if sources.size:
                word.append(a)
                q = int(sources[0])
                break
    return tuple(reversed(word))


def residues_modulo(s: LengthSet, m: int) -> np.ndarray:
    """{ℓ mod m : ℓ ∈ S} as m bits: a length ℓ < tail is one residue, a length ℓ ≥ tail
    comes with ℓ + k·period for every k ≥ 0, whose residues are ℓ + gcd(period, m)·ℤ."""
    out = np.zeros(m, dtype=bool)
    for ell in range(s.tail):
        if s.bits[ell]:
            out[ell % m] = True
    g = math.gcd(s.period, m)
    for ell in range(s.tail, s.tail + s.period):
        if s.bits[ell]:
            out[np.arange(ell % g, m, g)] = True
    return out
