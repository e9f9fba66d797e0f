"""A byte-level BPE tokenizer trained on the training text itself (offline, no download).

GPT-2 tokenises with byte-level BPE (Radford et al. 2019): the text is read as UTF-8 bytes,
each byte is a symbol, and the most frequent adjacent pair of symbols is merged into a new
symbol until the vocabulary has ``vocab_size`` symbols (or no pair occurs twice).  GPT-2's
own merges are learned on WebText; here they are learned with the ``tokenizers`` package on
the training file, so the tokenizer needs no network and no GPT-2 files, and its vocabulary
fits the corpus.  Training is single-threaded, so the merges are a pure function of the text
and ``vocab_size``.  The validation text is encoded with the same merges; every byte is a
symbol, so no text is out of vocabulary.
"""

from __future__ import annotations

import os

import numpy as np

from ..kernel.errors import InputError

__all__ = ["BPEVocabulary"]


class BPEVocabulary:
    """Byte-level BPE learned on ``text``, at most ``vocab_size`` symbols (bytes included)."""

    def __init__(self, text: str, vocab_size: int):
        try:
            from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
        except ImportError:
            raise InputError("the BPE tokenizer needs the 'tokenizers' package: pip install tokenizers") from None
        if vocab_size < 257:
            raise InputError(f"a byte-level BPE vocabulary needs vocab_size ≥ 257, got {vocab_size}")
        os.environ["RAYON_NUM_THREADS"] = "1"      # one thread: deterministic merges
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        tok = Tokenizer(models.BPE())
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        tok.decoder = decoders.ByteLevel()
        trainer = trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=2, show_progress=False,
                                      initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), special_tokens=[])
        tok.train_from_iterator(text.splitlines(keepends=True), trainer=trainer)
        self._tok = tok
        self.requested_size = vocab_size

    @property
    def size(self) -> int:
        return self._tok.get_vocab_size()

    def encode(self, text: str) -> np.ndarray:
        lines = text.splitlines(keepends=True)
        ids = [i for enc in self._tok.encode_batch(lines) for i in enc.ids] if lines else []
        return np.asarray(ids, dtype=np.int64)

    def decode(self, ids) -> str:
        return self._tok.decode([int(i) for i in ids])
