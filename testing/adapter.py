"""How a model reads a word and where its decision is read: the :class:`Adapter`.

A *model* is a ``torch.nn.Module`` or any callable from token ids (a batch × length integer
tensor; with ``tensors="numpy"`` an int64 array) to scores of shape (batch, length) or
(batch, length, classes).  The adapter turns words (letter indices of ``alphabet``) into
token ids and scores into accept / reject:

* tokens: ``[bos] + [token_ids[a] for a in w] + [eos]``, ``bos``/``eos`` left out when None
  (``eos="auto"``, the default, is ``len(alphabet)``);
  words of different lengths share a batch only when ``pad`` is given (right padding: a
  causal model's decisions before the padding are unaffected), else every batch holds words
  of one length;
* score: ``scores[..., class_index]`` when the model gives several classes (default 0);
  accept iff the score is > ``threshold`` (default 0: a logit) — or, with ``argmax=True``,
  iff ``class_index`` is the largest class score;
* readout ``"prefix"``: a decision at every position, the one for the prefix w[:n] at
  token index n (n = 0 … N).  This is attnlogic's compiled models' convention (``w + EOS``,
  index n has read the n letters of w[:n] and ignores the next token) and also that of a
  model with a BOS token (index n has read BOS and w[:n]).  Without BOS and EOS, w[:n] is read
  at index n − 1 and the empty prefix is not checked.
  readout ``"eos"``: one decision per word, at the last token (EOS when there is one).

The defaults fit attnlogic's own models: token ids = letter indices, EOS = len(alphabet),
no BOS, channel 0, threshold 0; readout ``"prefix"`` for compiled models, ``"eos"`` for the
classifiers ``attnlogic experiment`` trains.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

import numpy as np

from attnlogic.errors import InputError

__all__ = ["Adapter", "READOUTS", "unwrap_model"]

READOUTS = ("prefix", "eos")


@dataclass(frozen=True)
class Adapter:
    """Tokenisation and readout of one model (see the module docstring)."""

    alphabet: tuple[str, ...]
    readout: str = "prefix"
    token_ids: Mapping[str, int] | None = None
    bos: int | None = None
    eos: "int | None | str" = "auto"
    pad: int | None = None
    threshold: float = 0.0
    class_index: int = 0
    argmax: bool = False
    tensors: str = "torch"
    batch_tokens: int = 1 << 16
    ids: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self):
        letters = tuple(self.alphabet)
        object.__setattr__(self, "alphabet", letters)
        if not letters or len(set(letters)) != len(letters):
            raise InputError(f"alphabet {list(letters)}: needs distinct letters", parameters=("alphabet",))
        if self.readout not in READOUTS:
            raise InputError(f"readout {self.readout!r}: expected 'prefix' or 'eos'", parameters=("readout",))
        if self.tensors not in ("torch", "numpy"):
            raise InputError(f"tensors {self.tensors!r}: expected 'torch' or 'numpy'", parameters=("tensors",))
        if self.token_ids is None:
            ids = tuple(range(len(letters)))
        else:
            missing = [a for a in letters if a not in self.token_ids]
            if missing:
                raise InputError(f"token_ids has no id for the letters {missing}", parameters=("token_ids",))
            ids = tuple(int(self.token_ids[a]) for a in letters)
        object.__setattr__(self, "ids", ids)
        if self.eos == "auto":       # attnlogic's convention: EOS = the id after the letters
            object.__setattr__(self, "eos", len(letters))
        for name in ("bos", "eos", "pad"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer))):
                raise InputError(f"{name} must be a token id (an integer) or None, got {v!r}",
                                 parameters=(name,))

    # -- positions ------------------------------------------------------------------------
    def _offset(self) -> int:
        """Token index of the decision on the empty prefix (−1: it has none)."""
        return 0 if (self.bos is not None or self.eos is not None) else -1

    def tokens(self, words: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """(token ids [B, T], the length of each word); words padded with ``pad``."""
        lengths = np.array([len(w) for w in words], dtype=np.int64)
        extra = (self.bos is not None) + (self.eos is not None)
        T = int(lengths.max(initial=0)) + extra
        if len(set(lengths.tolist())) > 1 and self.pad is None:
            raise InputError("words of different lengths in one batch need a pad id", parameters=("pad",))
        out = np.full((len(words), T), 0 if self.pad is None else self.pad, dtype=np.int64)
        table = np.asarray(self.ids, dtype=np.int64)
        for i, w in enumerate(words):
            row = [] if self.bos is None else [self.bos]
            row = np.concatenate([np.asarray(row, dtype=np.int64), table[np.asarray(w, dtype=np.int64)],
                                  np.asarray([] if self.eos is None else [self.eos], dtype=np.int64)])
            out[i, :len(row)] = row
        return out, lengths

    # -- decisions ------------------------------------------------------------------------
    def scores(self, model: Callable, tokens: np.ndarray) -> np.ndarray:
        """Accept/reject at every token position: bool [B, T]."""
        if self.tensors == "torch":
            import torch

            device = None
            if isinstance(model, torch.nn.Module):
                p = next(model.parameters(), None)
                device = None if p is None else p.device
            x = torch.as_tensor(tokens, device=device)
            with torch.no_grad():
                out = model(x)
            if isinstance(out, (tuple, list)):
                out = out[0]
            out = out.detach().float().cpu().numpy() if hasattr(out, "detach") else np.asarray(out)
        else:
            out = np.asarray(model(tokens))
        if out.ndim == 3:
            if self.argmax:
                return out.argmax(axis=-1) == self.class_index
            out = out[..., self.class_index]
        if out.ndim != 2 or out.shape[:2] != tokens.shape:
            raise InputError(f"the model returned scores of shape {tuple(out.shape)} for tokens of shape "
                             f"{tuple(tokens.shape)}; expected (batch, length) or (batch, length, classes)",
                             parameters=("model",))
        return out > self.threshold

    def decisions(self, model: Callable, words: Sequence[np.ndarray]) -> list[np.ndarray]:
        """For each word, its decisions: readout "prefix" — one per prefix w[:n], n = first …
        N (first = 0, or 1 without BOS and EOS); "eos" — one, for the whole word (none for
        the empty word when there is neither BOS nor EOS)."""
        if not words:
            return []
        tokens, lengths = self.tokens(words)
        acc = self.scores(model, tokens)
        off = self._offset()
        out = []
        for i, n in enumerate(lengths):
            if self.readout == "prefix":
                lo = 0 if off == 0 else 1
                out.append(acc[i, lo + off:n + off + 1])
            else:
                last = n + (self.bos is not None) + (self.eos is not None) - 1
                out.append(acc[i, last:last + 1] if last >= 0 else acc[i, :0])
        return out

    @property
    def first_prefix(self) -> int:
        """The shortest prefix with a decision (0, or 1 without BOS and EOS)."""
        return 0 if self._offset() == 0 else 1


def unwrap_model(model) -> tuple[Callable, tuple[str, ...] | None]:
    """The callable to run and the letters it was built for: an attnlogic
    :class:`~attnlogic.compiler.compile.CompiledModel` is its ``Transformer`` (token id of a
    letter = its index in the model's vocabulary, EOS the id after the letters, a decision
    per prefix: the :class:`Adapter` defaults) and its vocabulary's letters; any other model
    is itself, with no letters (None)."""
    import sys

    compiled = sys.modules.get("attnlogic.compiler.compile")   # loaded iff one can exist
    if compiled is not None and isinstance(model, compiled.CompiledModel):
        return model.model, tuple(model.vocab.alphabet)
    return model, None
