"""The reference evaluator: truth values of every subformula at every position at once.

For a word w = w1 … wN, positions are 1 … N+1; position N+1 is just after the last letter
(the EOS position) and no atom holds there.  ``truth_table(f, w)[g]`` is a boolean array
``v`` of length N+1 with ``v[i]`` the truth of g at position i+1.  The word is accepted
iff f holds at N+1 (docs/syntax.md).

Each operator is a few vectorised numpy passes over the word: ``MOD[m,r]`` at index i
holds iff (i+1) ≡ r (mod m) (index i is the 1-based position i+1); the past operators
``P``, ``Y[<=k]``, ``S``, ``O``, ``H`` are the scans of the one table of their semantics,
:data:`attnlogic.ltl.semantics.TEMPORAL` (prefix ors, windows by doubling, Since as a
parallel prefix: O(N log N) at most).

Future operators (LTLf, ltlf2dfa's semantics) range over the letter positions 1 … N; at
N+1 (the empty suffix) they take their value on the empty trace (docs/logic.md):

* ``X φ``  at i: i+1 < N and φ at i+1;   ``WX φ`` at i: i+1 ≥ N or φ at i+1
* ``F φ``  at i: φ at some j in [i, N);  ``G φ`` at i: φ at every j in [i, N)
* ``φ U ψ`` at i: the first ψ at or after i (before N) comes no later than the first ¬φ
* ``φ R ψ`` = ¬(¬φ U ¬ψ)

A formula with a future operator is read at position 1 (index 0): w ∈ L(φ) iff w, 1 ⊨ φ;
for the empty word position 1 is N+1.

Indices here are 0-based (index i is position i+1).  The definitions are tested against a
literal, quadratic transcription of the semantics on all short words.
"""

from __future__ import annotations


import numpy as np

from .formula import (Always, Atom, Const, Eventually, Formula, Mod, Next, Release, Until,
                      WeakNext, is_future)
from .semantics import (BOOLEAN, BOOLEAN_TYPES, PY_BOOLEAN, TEMPORAL, block_leaves,
                        boolean_block, connectives)
from .rewrite import core, readout_skeleton

__all__ = ["connectives", "BOOLEAN", "PY_BOOLEAN", "BOOLEAN_TYPES", "block_leaves", "boolean_block",
           "Word", "encode_word", "truth_table", "truth_values", "accepts", "accepts_many",
           "prefix_acceptance"]

Word = "str | Sequence[str]"


class EncodedWord:
    """A word as integer codes plus a way to find the code of a letter (-1 if absent)."""

    __slots__ = ("codes", "_lookup")

    def __init__(self, codes: np.ndarray, lookup):
        self.codes = codes
        self._lookup = lookup

    def __len__(self) -> int:
        return len(self.codes)

    def code(self, letter: str) -> int:
        return self._lookup(letter)


def encode_word(word) -> EncodedWord:
    """Encode a word given as a ``str`` (one letter per character) or a sequence of letters."""
    if isinstance(word, EncodedWord):
        return word
    if isinstance(word, str):
        codes = np.frombuffer(word.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
        return EncodedWord(codes, lambda a: ord(a) if len(a) == 1 else -1)
    letters = list(word)
    index: dict[str, int] = {}
    codes = np.fromiter((index.setdefault(a, len(index)) for a in letters), dtype=np.int64,
                        count=len(letters))
    return EncodedWord(codes, lambda a: index.get(a, -1))


def _apply(node: Formula, values: dict, enc: EncodedWord, n1: int, atoms_at_end_only: bool = False):
    """The truth values of ``node`` at positions 1 … N+1 (axis 0) from its children's; with
    ``enc.codes`` of shape (N, B) (B words of one length, :func:`accepts_many`) each value is
    an array of shape (N+1, B) — past operators only."""
    cls = type(node)
    shape = (n1,) + enc.codes.shape[1:]
    if cls is Atom:
        v = np.zeros(shape, dtype=bool)
        code = enc.code(node.name)
        if code >= 0:
            np.equal(enc.codes, code, out=v[:-1])
        return v
    if cls is Const:
        return np.full(shape, node.value, dtype=bool)
    if cls is Mod:  # index i is the 1-based position i+1
        at = (np.arange(1, n1 + 1) - node.r) % node.m == 0
        return np.broadcast_to(at.reshape((n1,) + (1,) * (len(shape) - 1)), shape).copy()
    if cls in BOOLEAN:
        return BOOLEAN[cls](*(values[c] for c in node.children))
    rule = TEMPORAL.get(cls)
    if rule is not None:     # the operators' table (ltl/semantics.py), all positions at once:
        # a strict-past operator reads its arguments at positions 1 … N, O and H at 1 … N+1
        return rule.scan(node, *(values[c][:-1] if rule.strict else values[c] for c in node.children))
    if cls in (Next, WeakNext, Eventually, Always, Until, Release):
        return _future(node, values, n1)
    raise TypeError(f"unknown formula node {cls.__name__}")


def _next_index(v: np.ndarray, n: int) -> np.ndarray:
    """nxt[i] = least j in [i, n) with v[j], or n when there is none (length n+1)."""
    idx = np.where(v[:n], np.arange(n), n)
    out = np.full(n + 1, n, dtype=np.int64)
    if n:
        out[:n] = np.minimum.accumulate(idx[::-1])[::-1]
    return out


def _future(node: Formula, values: dict, n1: int) -> np.ndarray:
    """A future operator over the letter positions (indices 0 … N−1; index N is N+1)."""
    n = n1 - 1
    cls = type(node)
    out = np.zeros(n1, dtype=bool)
    if cls in (Next, WeakNext):
        arg = values[node.arg]
        out[:] = cls is WeakNext                 # no next letter: strong false, weak true
        if n > 1:
            out[:n - 1] = arg[1:n]
        return out
    if cls is Eventually:
        return _next_index(values[node.arg], n) < n
    if cls is Always:
        return _next_index(~values[node.arg], n) == n
    phi, psi = values[node.left], values[node.right]
    if cls is Until:
        first_psi = _next_index(psi, n)
        return (first_psi < n) & (first_psi <= _next_index(~phi, n))
    first_not_psi = _next_index(~psi, n)          # φ R ψ = ¬(¬φ U ¬ψ)
    return ~((first_not_psi < n) & (first_not_psi <= _next_index(phi, n)))


def truth_table(formula: Formula, word) -> dict[Formula, np.ndarray]:
    """Truth values of every subformula at positions 1..N+1 (arrays of length N+1)."""
    enc = encode_word(word)
    n1 = len(enc) + 1
    values: dict[Formula, np.ndarray] = {}
    for node in formula.subformulas():
        values[node] = _apply(node, values, enc, n1)
    return values


def truth_values(formula: Formula, word) -> np.ndarray:
    """Truth of ``formula`` at positions 1..N+1."""
    return truth_table(formula, word)[formula]


def accepts(formula: Formula, word) -> bool:
    """w ∈ L(φ) iff w, N+1 ⊨ φ; for a formula with a future operator, iff w, 1 ⊨ φ."""
    return bool(truth_values(formula, word)[0 if is_future(formula) else -1])


def accepts_many(formula: Formula, words) -> np.ndarray:
    """Acceptance of each word (a boolean array).  A past formula reads the words of one
    length N together: each distinct subformula once, as an array of its truth values at
    positions 1 … N+1 (axis 0) in each word (axis 1) — the operators' scans run along axis
    0 — so one pass over the formula per length, not per word (a large DAG over many short
    words).  A formula with a future operator is read word by word (:func:`accepts`)."""
    words = list(words)
    if is_future(formula) or any(isinstance(w, EncodedWord) for w in words):
        return np.fromiter((accepts(formula, w) for w in words), dtype=bool, count=len(words))
    out = np.zeros(len(words), dtype=bool)
    index: dict[str, int] = {}
    by_length: dict[int, list[int]] = {}
    letters = [list(w) for w in words]
    for n, w in enumerate(letters):
        by_length.setdefault(len(w), []).append(n)
    for length, which in by_length.items():
        codes = np.array([[index.setdefault(a, len(index)) for a in letters[n]] for n in which],
                         dtype=np.int64).reshape(len(which), length).T
        enc = EncodedWord(codes, lambda a: index.get(a, -1))
        values: dict[Formula, np.ndarray] = {}
        for node in formula.subformulas():
            values[node] = _apply(node, values, enc, length + 1)
        out[which] = values[formula][-1]
    return out


def prefix_acceptance(formula: Formula, word) -> np.ndarray:
    """``out[n]`` = w[:n] ∈ L(φ), for n = 0..N, in one pass.

    The value of a temporal subformula at position n+1 depends only on positions ≤ n, so it is
    the same in w and in its prefix w[:n].  The prefix is read at its own position n+1, where no
    atom holds: so re-evaluate the Boolean skeleton above the temporal subformulas with the
    top-level atoms set to false.  (``O`` and ``H`` also look at the current position, so they
    are first rewritten into ``P`` by :func:`attnlogic.ltl.rewrite.core`.)

    A formula with a future operator looks at the whole word: each prefix is evaluated on
    its own (quadratic in N).
    """

    if is_future(formula):
        letters = word if not isinstance(word, str) else list(word)
        return np.fromiter((accepts(formula, letters[:n]) for n in range(len(letters) + 1)), dtype=bool,
                           count=len(letters) + 1)
    return truth_values(readout_skeleton(core(formula)), word)
