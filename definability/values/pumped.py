"""The witnesses of the subregular classes: words in and out of L whose profiles agree, and the
pumped families they belong to.

A :class:`Template` is a word with holes: a sequence of parts, each a literal word or the
index of a block, the block raised to a common power K (``u·(x)^K·s·(x)^K·v``).  A
:class:`PumpedFamily` is one template per word (in-words, out-words) over common blocks,
for K = ``start``, ``start + step``, …: each block's transformation of the minimal DFA is
the same for all those K (x^K idempotent and a multiple of the exponent), so the membership
of every word is constant along the family, and raising K makes the words agree on longer
profiles — how a "no" is proved for every k.

A :class:`ClassWitness` is the instance printed: the in-words and out-words, ``kind``

* ``"pair"``: one word in, one out, with equal profiles (the class's profile of order
  ``k``; k None: of every order, by the family);
* ``"cover"`` (strictly local / piecewise): one word out, whose k-factors (subsequences of
  length ≤ k) all occur in the in-words, so a language of the class that contained the
  in-words would contain it (k None: for every k, by the family);
* ``"deletion"`` (strictly piecewise): the out-word is a subsequence of the in-word, so L is
  not closed under subsequences (no strictly piecewise language is that, for any k).

Checked by :mod:`.verify_subregular` (independent code) before a classification returns it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from attnlogic.kernel.display import show_word

from .witnesses import shortest_equivalent_word, transformation_of

__all__ = ["Template", "PumpedFamily", "ClassWitness", "WITNESS_KINDS", "shorter_instances"]

WITNESS_KINDS = ("pair", "cover", "deletion")


@dataclass(frozen=True)
class Template:
    """Parts: a tuple of letter tuples (literals) and ints (block indices)."""

    parts: tuple

    def word(self, blocks, K: int) -> tuple:
        out: tuple = ()
        for p in self.parts:
            out += blocks[p] * K if isinstance(p, int) else tuple(p)
        return out

    def text(self, blocks, sep: str) -> str:
        shown = []
        for p in self.parts:
            if isinstance(p, int):
                shown.append(f"({sep.join(blocks[p])})^K")
            elif p:
                shown.append(sep.join(p))
        return "·".join(shown) or "ε"

    def to_json(self, sep: str) -> list:
        return [p if isinstance(p, int) else sep.join(p) for p in self.parts]


@dataclass(frozen=True)
class PumpedFamily:
    """``ins`` and ``outs`` (templates) over ``blocks`` (letter tuples), K = start + j·step."""

    blocks: tuple
    ins: tuple
    outs: tuple
    start: int
    step: int

    def words(self, K: int) -> tuple[tuple, tuple]:
        return (tuple(t.word(self.blocks, K) for t in self.ins),
                tuple(t.word(self.blocks, K) for t in self.outs))

    def text(self, sep: str = "") -> str:
        k0, m = self.start, self.step
        ks = f"K = {k0}, {k0 + m}, {k0 + 2 * m}, …"
        ins = "; ".join(t.text(self.blocks, sep) for t in self.ins)
        outs = "; ".join(t.text(self.blocks, sep) for t in self.outs)
        return f"in: {ins}, out: {outs}, {ks}"

    def to_json(self, sep: str = "") -> dict:
        return {"blocks": [sep.join(b) for b in self.blocks],
                "in": [t.to_json(sep) for t in self.ins], "out": [t.to_json(sep) for t in self.outs],
                "start": self.start, "step": self.step}


@dataclass(frozen=True)
class ClassWitness:
    """Words ``ins`` (in L) and ``outs`` (not in L), letters as strings; ``kind`` (module
    docstring); ``k``: the order defeated (None: every order, by ``pumped``); ``claim``: what
    it proves, in words."""

    kind: str
    ins: tuple
    outs: tuple
    k: int | None
    claim: str
    pumped: PumpedFamily | None = None
    #: the threshold up to which the k-factors are counted alike (LTT pairs; None otherwise)
    t: int | None = None

    # what the generic displays of a witness read: the first word in and the first out
    accepted = property(lambda self: self.ins[0])
    rejected = property(lambda self: self.outs[0])

    depth = None
    family = None

    def to_json(self, sep: str = "") -> dict:
        out = {"kind": self.kind, "in": [sep.join(w) for w in self.ins],
               "out": [sep.join(w) for w in self.outs], "k": self.k, "claim": self.claim}
        if self.t is not None:
            out["t"] = self.t
        if self.pumped is not None:
            out["family"] = self.pumped.to_json(sep)
        return out

    def text(self, sep: str = "", indent: str = "") -> str:
        ins = ", ".join(show_word(sep.join(w)) for w in self.ins)
        outs = ", ".join(show_word(sep.join(w)) for w in self.outs)
        text = f"{ins} in, {outs} out: {self.claim}"
        if self.pumped is not None:
            text += f"\n{indent}pumped family: {self.pumped.text(sep)}"
        return text


def shorter_instances(witness: ClassWitness, dfa) -> list[ClassWitness]:
    """Variants of the witness whose words are shorter, shortest first: every block of its
    pumped family replaced by a shortest word of the same transformation of the minimal DFA
    (:func:`.witnesses.shortest_equivalent_word`), and the family started at a smaller K0
    where every block's power has the same transformation at K0 and K0 + step; the words
    re-instantiated at K0.  Each word's membership is that of the original (equal
    transformations at every K of the family); whether the family's argument still holds
    is for the class's own check (:mod:`.verify_subregular`), which the caller applies
    before using one.  Empty without a family."""
    fam = witness.pumped
    if fam is None:
        return []
    index = {a: i for i, a in enumerate(dfa.alphabet)}
    coded = [[index[a] for a in b] for b in fam.blocks]
    short = [shortest_equivalent_word(dfa.transitions, b) for b in coded]
    out = []
    def periodic(K: int) -> bool:        # every block acts at K as at K + step
        return all(np.array_equal(transformation_of(dfa.transitions, b * K),
                                  transformation_of(dfa.transitions, b * (K + fam.step)))
                   for b in coded)

    # the least K0 ≡ start (mod step) from which the blocks' powers repeat with the step: from
    # there x^K0 = x^start for every block, so every word keeps its membership
    K0 = fam.start
    while K0 - fam.step >= 1 and periodic(K0 - fam.step):
        K0 -= fam.step
    out = []
    for blocks in dict.fromkeys((tuple(map(tuple, coded)), tuple(map(tuple, short)))):
        variant = replace(fam, blocks=tuple(tuple(dfa.alphabet[i] for i in b) for b in blocks), start=K0)
        if variant != fam:
            ins, outs = variant.words(K0)
            out.append(replace(witness, ins=ins, outs=outs, pumped=variant))
    return sorted(out, key=_letters)


def _letters(w: ClassWitness) -> int:
    return sum(map(len, w.ins)) + sum(map(len, w.outs))
