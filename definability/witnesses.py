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

__all__ = ["Witness", "make_witness", "transformation_of", "power_exponent", "run"]


@dataclass(frozen=True)
class Witness:
    """``accepted ∈ L``, ``rejected ∉ L``, indistinguishable in the fragment up to ``depth``
    (None = at every depth)."""

    accepted: tuple[str, ...]
    rejected: tuple[str, ...]
    depth: int | None

    def to_json(self, sep: str = "") -> dict:
        return {"accepted": sep.join(self.accepted), "rejected": sep.join(self.rejected),
                "depth": self.depth}

    def _repr_html_(self) -> str:
        from attnlogic.display import html_table, show_word

        sep = "" if all(len(a) == 1 for a in self.accepted + self.rejected) else ","
        depth = "every depth" if self.depth is None else f"depth ≤ {self.depth}"
        return html_table(["", "word", "letters"],
                          [["in the language", show_word(sep.join(self.accepted)), len(self.accepted)],
                           ["not in it", show_word(sep.join(self.rejected)), len(self.rejected)]],
                          caption=f"witness pair, indistinguishable at {depth}")


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
    return Witness(wu, wv, depth) if au else Witness(wv, wu, depth)
