"""Next-token language modelling with global, local and hybrid attention; perplexity per pattern.

Character-level: the vocabulary is the set of characters of the training text plus one
unknown symbol; the model (:class:`attnlogic.transformer.Transformer`, readout = |V| logits at
every position) reads a window x_1 … x_T and at position t predicts x_{t+1}.  Loss: mean
cross-entropy in nats; perplexity = exp(mean cross-entropy) per character over the
validation text, cut into consecutive non-overlapping windows.  (Li & Cotterell 2026 report
GPT-2-tokenised WikiText-2 perplexities; character perplexities are not comparable with
those numbers, only the ordering of the patterns is.)

Input: any UTF-8 text file; WikiText-2 raw (``wiki.train.raw``) is plain text, and when a
``wiki.valid.raw`` sits beside it that file is the validation text; otherwise the last 10 %
of the file is.  :func:`builtin_corpus` generates a small corpus at run time from a
deterministic toy grammar (no download).
"""

from __future__ import annotations

import json
import math
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..errors import InputError
from attnlogic.fileio import write_bytes_atomic as write_atomic

from .train import resolve_device

__all__ = ["LMConfig", "CharVocabulary", "builtin_corpus", "read_corpus", "split_corpus",
           "train_lm", "perplexity", "run_lm_patterns", "write_lm_report"]


@dataclass(frozen=True)
class LMConfig:
    positional: str = "learned"
    d_model: int = 64
    n_layers: int = 2
    n_heads: int = 2
    steps: int = 300
    batch_size: int = 32
    context: int = 64
    lr: float = 3e-3
    grad_clip: float = 1.0
    seed: int = 0
    device: str = "cpu"
    threads: int = 1
    eval_windows: int = 256

    def __post_init__(self):
        if self.context < 2 or self.steps < 0 or self.batch_size < 1:
            raise InputError("LM: need context ≥ 2, steps ≥ 0, batch size ≥ 1")

    def to_dict(self) -> dict:
        return asdict(self)


class CharVocabulary:
    """Characters of a text in sorted order, then UNK = the last id."""

    def __init__(self, text: str):
        self.chars = tuple(sorted(set(text)))
        self._index = {c: i for i, c in enumerate(self.chars)}

    @property
    def unk(self) -> int:
        return len(self.chars)

    @property
    def size(self) -> int:
        return len(self.chars) + 1

    def encode(self, text: str) -> np.ndarray:
        return np.fromiter((self._index.get(c, self.unk) for c in text), dtype=np.int64, count=len(text))


def builtin_corpus(n_sentences: int = 3000, seed: int = 0) -> str:
    """A deterministic toy corpus: sentences from a small grammar with agreement and
    bracketed asides, so that both local (bigram) and long-range structure matter."""
    rng = np.random.default_rng(seed)
    subjects = [("the cat", "s"), ("the dogs", "p"), ("a bird", "s"), ("the children", "p"), ("my friend", "s")]
    verbs = {"s": ["sees", "likes", "follows"], "p": ["see", "like", "follow"]}
    objects = ["the ball", "a tree", "the river", "an old house", "the red car"]
    adverbs = ["today", "again", "quietly", "at night"]
    out = []
    for _ in range(n_sentences):
        subj, num = subjects[rng.integers(len(subjects))]
        words = [subj, verbs[num][rng.integers(3)], objects[rng.integers(len(objects))]]
        if rng.random() < 0.3:
            words.insert(1, "( " + adverbs[rng.integers(len(adverbs))] + " )")
        if rng.random() < 0.4:
            words.append(adverbs[rng.integers(len(adverbs))])
        out.append(" ".join(words) + " .")
    return "\n".join(out) + "\n"


def read_corpus(path: Path) -> str:
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    if len(text) < 100:
        raise InputError(f"{path}: a corpus needs at least 100 characters, found {len(text)}")
    return text


def split_corpus(text: str, path: Path | None = None) -> tuple[str, str]:
    """(train, validation): a sibling ``*valid*`` file for a ``*train*`` file, else 90/10."""
    if path is not None and "train" in Path(path).name:
        sibling = Path(path).with_name(Path(path).name.replace("train", "valid"))
        if sibling.is_file():
            return text, read_corpus(sibling)
    cut = int(0.9 * len(text))
    return text[:cut], text[cut:]


def _model(cfg: LMConfig, pattern: str, vocab_size: int):
    import torch
    from ..patterns import AttentionPattern
    from ..transformer import Transformer, TransformerConfig

    torch.manual_seed(cfg.seed)
    try:
        mc = TransformerConfig(vocab_size=vocab_size, d_model=cfg.d_model, n_layers=cfg.n_layers,
                               heads=AttentionPattern.parse(pattern).heads(cfg.n_heads), positional=cfg.positional,
                               readout_dim=vocab_size, max_len=max(cfg.context, 16))
    except ValueError as exc:
        raise InputError(str(exc)) from None
    return Transformer(mc)


def train_lm(ids: np.ndarray, vocab_size: int, pattern: str, cfg: LMConfig, progress: bool = True):
    """Train on random windows of ``ids`` (window of step s from ``default_rng([seed, s])``)."""
    import torch
    import torch.nn.functional as F

    device = resolve_device(cfg.device)
    if device == "cpu":
        torch.set_num_threads(cfg.threads)
    if len(ids) <= cfg.context + 1:
        raise InputError(f"the training text ({len(ids)} characters) is shorter than the context + 1")
    model = _model(cfg, pattern, vocab_size).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=cfg.steps, desc=f"lm {pattern}", file=sys.stderr, leave=False, dynamic_ncols=True)
    model.train()
    losses = []
    for step in range(cfg.steps):
        rng = np.random.default_rng([cfg.seed, step])
        starts = rng.integers(0, len(ids) - cfg.context - 1, size=cfg.batch_size)
        window = np.stack([ids[s:s + cfg.context + 1] for s in starts])
        x = torch.from_numpy(window[:, :-1]).to(device)
        y = torch.from_numpy(window[:, 1:]).to(device)
        loss = F.cross_entropy(model(x).reshape(-1, vocab_size), y.reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.grad_clip)
        opt.step()
        losses.append(float(loss.detach()))
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    model.eval()
    return model, losses


def perplexity(model, ids: np.ndarray, context: int, max_windows: int | None = None, batch: int = 64) -> float:
    """exp(mean next-character cross-entropy) over consecutive windows of ``context + 1``."""
    import torch
    import torch.nn.functional as F

    n = (len(ids) - 1) // context
    if max_windows is not None:
        n = min(n, max_windows)
    if n < 1:
        raise InputError("the validation text is shorter than one context window")
    device = next(model.parameters()).device
    total, count = 0.0, 0
    with torch.no_grad():
        for i in range(0, n, batch):
            rows = [ids[j * context:j * context + context + 1] for j in range(i, min(n, i + batch))]
            w = torch.from_numpy(np.stack(rows)).to(device)
            logits = model(w[:, :-1])
            total += float(F.cross_entropy(logits.reshape(-1, logits.shape[-1]), w[:, 1:].reshape(-1),
                                           reduction="sum"))
            count += w[:, 1:].numel()
    return math.exp(total / count)


def run_lm_patterns(text: str, patterns, cfg: LMConfig, path: Path | None = None, progress: bool = True) -> list[dict]:
    """Train one model per pattern on the same data; validation and training perplexity."""
    train_text, valid_text = split_corpus(text, path)
    vocab = CharVocabulary(train_text)
    train_ids, valid_ids = vocab.encode(train_text), vocab.encode(valid_text)
    rows = []
    for pattern in patterns:
        t0 = time.perf_counter()
        model, losses = train_lm(train_ids, vocab.size, pattern, cfg, progress)
        ppl = perplexity(model, valid_ids, cfg.context, cfg.eval_windows)
        train_ppl = perplexity(model, train_ids, cfg.context, cfg.eval_windows)
        rows.append({"pattern": pattern, "perplexity": ppl, "train_perplexity": train_ppl,
                     "bits_per_char": math.log2(ppl), "final_loss": float(np.mean(losses[-20:])) if losses else None,
                     "parameters": sum(p.numel() for p in model.parameters()),
                     "vocabulary": vocab.size, "seconds": round(time.perf_counter() - t0, 2)})
    return rows


def write_lm_report(out_dir: Path, result: dict) -> None:
    out_dir = Path(out_dir)
    write_atomic(out_dir / "lm_results.json", json.dumps(result, indent=1).encode())
    lines = [f"# Character-level language modelling: {result['source']}", "",
             "| pattern | validation perplexity | bits/char | training perplexity |", "|---|---|---|---|"]
    for r in result["results"]:
        lines.append(f"| {r['pattern']} | {r['perplexity']:.3f} | {r['bits_per_char']:.3f} | {r['train_perplexity']:.3f} |")
    write_atomic(out_dir / "lm_results.md", ("\n".join(lines) + "\n").encode())
