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
* scores: what the model returns, or its ``.logits`` (a Hugging Face ``ModelOutput``, or a
  dict with a ``"logits"`` entry; a tuple gives its first item): (batch, length) or (batch,
  length, classes) for a decision at every position; (batch, classes) or (batch,) for one
  decision per word (a sequence classifier: a ``*ForSequenceClassification`` model is one by
  its class), read only with readout ``"eos"`` (``scores="sequence"`` says so for another
  model whose shape cannot: (batch, classes) with as many classes as tokens);
* accept iff the score of class ``class_index`` (default 0; with one score per position or
  word, that score) is > ``threshold`` (default 0: a logit) — or, with ``argmax=True``, iff
  ``class_index`` is the largest class score;
* readout ``"prefix"``: a decision at every position, the one for the prefix w[:n] at
  token index n (n = 0 … N).  This is attnlogic's compiled models' convention (``w + EOS``,
  index n has read the n letters of w[:n] and ignores the next token) and also that of a
  model with a BOS token (index n has read BOS and w[:n]).  Without BOS and EOS, w[:n] is read
  at index n − 1 and the empty prefix is not checked.
  readout ``"eos"``: one decision per word, at the last token (EOS when there is one).
* padding: when words of different lengths share a batch (``pad``), a model that takes an
  ``attention_mask`` (a Hugging Face model) gets one (1 on the word's tokens, 0 on padding).

The defaults fit attnlogic's own models: token ids = letter indices, EOS = len(alphabet),
no BOS, channel 0, threshold 0; readout ``"prefix"`` for compiled models, ``"eos"`` for the
classifiers ``attnlogic experiment`` trains.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

import numpy as np

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.validate import integer, number

__all__ = ["Adapter", "READOUTS", "SCORES", "unwrap_model"]

READOUTS = ("prefix", "eos")
#: how the model's scores are laid out: ``auto`` (by their shape), one per ``position``, one
#: per ``sequence``
SCORES = ("auto", "position", "sequence")
#: token ids are int64
MAX_TOKEN_ID = 2 ** 63


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
    scores: str = "auto"
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
            if v is not None:
                integer(name, v, 0, MAX_TOKEN_ID - 1, what="a token id (an integer) or None")
        for i in ids:
            integer("token_ids", i, 0, MAX_TOKEN_ID - 1, what="token ids")
        number("threshold", self.threshold)
        integer("class_index", self.class_index, 0)
        integer("batch_tokens", self.batch_tokens, 1)
        if self.scores not in SCORES:
            raise InputError(f"scores {self.scores!r}: expected one of {', '.join(SCORES)}", parameters=("scores",))
        if self.scores == "sequence" and self.readout != "eos":
            raise InputError("one score per word (scores='sequence') needs readout 'eos'",
                             parameters=("scores", "readout"))

    @property
    def extra_tokens(self) -> int:
        """Tokens around a word: BOS and EOS when there are."""
        return (self.bos is not None) + (self.eos is not None)

    def check_vocabulary(self, size: int | None) -> None:
        """InputError naming the parameter when a token id is not below the model's
        vocabulary ``size`` (None: unknown, nothing checked)."""
        if size is None:
            return
        named = [("bos", self.bos), ("eos", self.eos), ("pad", self.pad)]
        named += [("token_ids", i) for i in self.ids]
        for name, v in named:
            if v is not None and v >= size:
                raise InputError(f"{name}: token id {v} is not in the model's vocabulary of {size} ids",
                                 parameters=(name,))

    # -- positions ------------------------------------------------------------------------
    def _offset(self) -> int:
        """Token index of the decision on the empty prefix (−1: it has none)."""
        return 0 if (self.bos is not None or self.eos is not None) else -1

    def tokens(self, words: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """(token ids [B, T], the length of each word); words padded with ``pad``."""
        lengths = np.array([len(w) for w in words], dtype=np.int64)
        T = int(lengths.max(initial=0)) + self.extra_tokens
        table = np.asarray(self.ids, dtype=np.int64)
        head = [] if self.bos is None else [self.bos]
        tail = [] if self.eos is None else [self.eos]
        if len(set(lengths.tolist())) <= 1:            # one length: one gather
            body = table[np.asarray(words, dtype=np.int64).reshape(len(words), int(lengths[0]) if len(words) else 0)]
            cols = [np.full((len(words), 1), t, dtype=np.int64) for t in head] + [body] + \
                [np.full((len(words), 1), t, dtype=np.int64) for t in tail]
            return np.concatenate(cols, axis=1), lengths
        if self.pad is None:
            raise InputError("words of different lengths in one batch need a pad id", parameters=("pad",))
        out = np.full((len(words), T), self.pad, dtype=np.int64)
        for i, w in enumerate(words):
            row = np.concatenate([np.asarray(head, dtype=np.int64), table[np.asarray(w, dtype=np.int64)],
                                  np.asarray(tail, dtype=np.int64)])
            out[i, :len(row)] = row
        return out, lengths

    # -- decisions ------------------------------------------------------------------------
    def _call(self, model: Callable, tokens: np.ndarray, lengths: np.ndarray):
        """The model's raw output on ``tokens`` (torch or numpy, as ``tensors`` says)."""
        if self.tensors == "numpy":
            return model(tokens)
        import torch

        device = None
        if isinstance(model, torch.nn.Module):
            p = next(model.parameters(), None)
            device = None if p is None else p.device
        x = torch.as_tensor(tokens, device=device)
        with torch.no_grad():
            if self.pad is not None and takes_attention_mask(model):
                T = tokens.shape[1]
                mask = torch.as_tensor(np.arange(T)[None, :] < (lengths + self.extra_tokens)[:, None],
                                       device=device).long()
                return model(x, attention_mask=mask)
            return model(x)

    def scores_of(self, out, shape: tuple[int, int]):
        """The scores in a model's output: ``.logits`` of a ModelOutput (or a dict's
        ``"logits"``), the first item of a tuple, else the output itself (a tensor or array)."""
        if not hasattr(out, "shape") or not hasattr(out, "ndim"):
            logits = getattr(out, "logits", None)
            if logits is None and isinstance(out, Mapping):
                logits = out.get("logits")
            if logits is None and isinstance(out, (tuple, list)) and out:
                logits = out[0]
            if logits is None or not hasattr(logits, "shape"):
                raise InputError(f"the model returned a {type(out).__name__} for tokens of shape {shape}: "
                                 "expected scores (a tensor or array), a tuple starting with them, or an "
                                 "object with .logits (a Hugging Face ModelOutput)", parameters=("model",))
            out = logits
        return out

    def accept(self, model: Callable, tokens: np.ndarray, lengths: np.ndarray | None = None) -> tuple[np.ndarray, bool]:
        """(accept/reject, per_sequence): bool [B, T] with a decision at every position, or
        bool [B] with one per word (a sequence classifier's scores)."""
        B, T = tokens.shape
        lengths = np.full(B, T - self.extra_tokens) if lengths is None else lengths
        out = self.scores_of(self._call(model, tokens, lengths), (B, T))
        if not hasattr(out, "detach"):
            out = np.asarray(out)
        shape = tuple(out.shape)
        per_sequence = self.scores == "sequence" or (self.scores == "auto" and (
            len(shape) == 1 or (len(shape) == 2 and (shape != (B, T) or sequence_classifier(model)))))
        want = "(batch,) or (batch, classes)" if per_sequence else "(batch, length) or (batch, length, classes)"
        ok = shape[:1] == (B,) and (len(shape) in (1, 2) if per_sequence else
                                    (len(shape) in (2, 3) and shape[1] == T))
        if not ok:
            raise InputError(f"the model returned scores of shape {shape} for tokens of shape {(B, T)}; "
                             f"expected {want}", parameters=("model",))
        if per_sequence and self.readout != "eos":
            raise InputError(f"the model returned one score per word (shape {shape}), not one per position: "
                             "read it with readout 'eos'", parameters=("readout",))
        classes = len(shape) == (2 if per_sequence else 3)
        if classes:
            if self.class_index >= shape[-1]:
                raise InputError(f"class_index {self.class_index} is out of range: the model gives "
                                 f"{shape[-1]} class scores", parameters=("class_index",))
            if self.argmax:
                acc = out.argmax(-1) == self.class_index
            else:
                acc = out[..., self.class_index] > self.threshold
        else:
            if self.class_index != 0 or self.argmax:
                raise InputError(f"the model gives one score (shape {shape}), so there is no class to pick: "
                                 "leave class_index at 0 and argmax off", parameters=("class_index", "argmax"))
            acc = out > self.threshold
        if hasattr(acc, "detach"):
            acc = acc.detach().cpu().numpy()
        return np.asarray(acc, dtype=bool), per_sequence

    def decisions(self, model: Callable, words: Sequence[np.ndarray]) -> list[np.ndarray]:
        """For each word, its decisions: readout "prefix" — one per prefix w[:n], n = first …
        N (first = 0, or 1 without BOS and EOS); "eos" — one, for the whole word (none for
        the empty word when there is neither BOS nor EOS)."""
        if not words:
            return []
        tokens, lengths = self.tokens(words)
        acc, per_sequence = self.accept(model, tokens, lengths)
        if per_sequence:
            return [acc[i:i + 1] if n + self.extra_tokens > 0 else acc[i:i] for i, n in enumerate(lengths)]
        off = self._offset()
        out = []
        for i, n in enumerate(lengths):
            if self.readout == "prefix":
                lo = 0 if off == 0 else 1
                out.append(acc[i, lo + off:n + off + 1])
            else:
                last = n + self.extra_tokens - 1
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


def sequence_classifier(model) -> bool:
    """A Hugging Face ``*ForSequenceClassification`` model: one score vector per word."""
    return type(model).__name__.endswith("ForSequenceClassification")


def takes_attention_mask(model) -> bool:
    """Whether ``model``'s forward takes an ``attention_mask`` keyword (Hugging Face models do)."""
    import inspect

    forward = getattr(model, "forward", model)
    try:
        return "attention_mask" in inspect.signature(forward).parameters
    except (TypeError, ValueError):
        return False
