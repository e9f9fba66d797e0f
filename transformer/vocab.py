"""Token ids for words over an alphabet: letters 0 … |Σ|−1 in alphabet order, EOS = |Σ|."""

from __future__ import annotations

from typing import Iterable, Sequence

import torch

from attnlogic.kernel.errors import InputError

__all__ = ["Vocabulary"]


class Vocabulary:
    """The letters of Σ plus one end-of-string token (the readout position N+1)."""

    __slots__ = ("alphabet", "_index")

    def __init__(self, alphabet: Sequence[str]):
        alphabet = tuple(alphabet)
        if len(set(alphabet)) != len(alphabet):
            raise InputError(f"duplicate letters in the alphabet {list(alphabet)}")
        object.__setattr__(self, "alphabet", alphabet)
        object.__setattr__(self, "_index", {a: i for i, a in enumerate(alphabet)})

    def __setattr__(self, name, value):
        raise AttributeError("Vocabulary is immutable")

    @property
    def eos(self) -> int:
        return len(self.alphabet)

    @property
    def size(self) -> int:
        """|Σ| + 1 (the EOS token)."""
        return len(self.alphabet) + 1

    def __len__(self) -> int:
        return self.size

    def index(self, letter: str) -> int:
        try:
            return self._index[letter]
        except KeyError:
            raise InputError(f"letter {letter!r} is not in the alphabet {list(self.alphabet)}") from None

    def encode(self, word: Iterable[str], eos: bool = True) -> torch.Tensor:
        """The word as a LongTensor [N(+1)], EOS appended when ``eos``."""
        ids = [self.index(a) for a in word]
        if eos:
            ids.append(self.eos)
        return torch.tensor(ids, dtype=torch.long)

    def encode_batch(self, words: Sequence[Sequence[str]], eos: bool = True) -> torch.Tensor:
        """Words of equal length as [B, N(+1)]."""
        lengths = {len(w) for w in words}
        if len(lengths) > 1:
            raise ValueError("encode_batch needs words of equal length")
        return torch.stack([self.encode(w, eos) for w in words]) if words else torch.zeros((0, 0), dtype=torch.long)

    def decode(self, ids: Iterable[int]) -> list[str]:
        return [self.alphabet[i] for i in ids if i != self.eos]
