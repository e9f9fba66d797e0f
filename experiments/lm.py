"""Next-token language modelling with global, local and hybrid attention; perplexity per pattern.

Tokens: characters (``tokenizer="char"``: the characters of the training text plus one
unknown symbol) or byte-level BPE learned on the training file (``tokenizer="bpe"``,
:mod:`attnlogic.experiments.bpe`, at most ``vocab_size`` symbols).  The model
(:class:`attnlogic.transformer.Transformer`, readout = |V| logits at every position) reads a
window x_1 … x_T and at position t predicts x_{t+1}.  Loss: mean cross-entropy in nats.
Perplexity = exp(mean cross-entropy per token) over the WHOLE validation text, cut into
consecutive non-overlapping windows of ``context + 1`` tokens that share their boundary token
(the last, shorter window included), so every token but the first is predicted exactly once;
bits per character = total nats / predicted characters / ln 2 (the first token's characters
are not predicted), comparable across tokenizers; for characters it is log₂ perplexity.
(Li & Cotterell 2026 report GPT-2-tokenised WikiText-2 perplexities; ours use a BPE learned
on the training file, so only the ordering of the patterns is comparable with theirs.)

Presets (:data:`LM_PRESETS`): ``char``, a small character model for CPUs (2 layers × 64,
context 64, 300 steps), and ``gpt2-small``, GPT-2 small's shape (12 layers, d = 768, 12 heads,
d_ff = 3072, pre-LN, learned absolute positions, context 1024) with a BPE of at most 50,257
symbols (GPT-2's vocabulary size) learned on the training file.

Corpora (:func:`load_corpus`): a UTF-8 text file (a sibling ``*valid*`` file of a ``*train*``
file is the validation text, otherwise the last 10 %); a folder holding ``wiki.train.raw`` and
``wiki.valid.raw``; the WikiText-2 raw zip (``wikitext-2-raw-v1.zip``) as distributed, read
without unpacking; ``sample``, a small corpus shipped with the package (in WikiText's raw
format, for tests); ``builtin``, a toy grammar's corpus generated at run time.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..kernel.errors import InputError
from attnlogic.kernel.fileio import write_bytes_atomic as write_atomic

from .train import resolve_device
from ..kernel.patterns import AttentionPattern
from ..kernel.progress import Counter
from .provenance import deterministic, environment
from .bpe import BPEVocabulary

__all__ = ["LMConfig", "LM_PRESETS", "Corpus", "CharVocabulary", "builtin_corpus", "load_corpus",
           "read_corpus", "split_corpus", "vocabulary", "train_lm", "perplexity", "run_lm_patterns",
           "write_lm_report"]

TOKENIZERS = ("char", "bpe")


@dataclass(frozen=True)
class LMConfig:
    """One language-modelling run's configuration (the pattern aside)."""

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
    train_eval_windows: int = 256      # training perplexity on the first so many windows
    tokenizer: str = "char"
    vocab_size: int = 50257            # BPE: at most this many symbols
    norm_position: str = "post"
    d_ff: int | None = None

    def __post_init__(self):
        if self.context < 2 or self.steps < 0 or self.batch_size < 1:
            raise InputError("LM: need context ≥ 2, steps ≥ 0, batch size ≥ 1")
        if not (self.lr > 0 and math.isfinite(self.lr)):
            raise InputError(f"LM: the learning rate must be positive, got {self.lr}")
        if self.tokenizer not in TOKENIZERS:
            raise InputError(f"LM: tokenizer must be one of {TOKENIZERS}, got {self.tokenizer!r}")
        if min(self.d_model, self.n_layers, self.n_heads, self.threads, self.train_eval_windows) < 1:
            raise InputError("LM: d_model, n_layers, n_heads, threads and train_eval_windows must be ≥ 1")

    def to_dict(self) -> dict:
        return asdict(self)


#: the language-modelling presets (see the module docstring)
LM_PRESETS: dict[str, LMConfig] = {
    "char": LMConfig(),
    "gpt2-small": LMConfig(positional="learned", d_model=768, n_layers=12, n_heads=12, steps=5000,
                           batch_size=8, context=1024, lr=3e-4, tokenizer="bpe", vocab_size=50257,
                           norm_position="pre", device="cuda"),
}


@dataclass(frozen=True)
class Corpus:
    """A training text, a validation text, and where they came from."""

    train: str
    valid: str
    source: str


class CharVocabulary:
    """Characters of a text in sorted order, then UNK = the last id."""

    def __init__(self, text: str):
        self.chars = tuple(sorted(set(text)))
        self._index = {c: i for i, c in enumerate(self.chars)}

    @property
    def unk(self) -> int:
        """The id of every character not in the text: the one after the characters'."""
        return len(self.chars)

    @property
    def size(self) -> int:
        """The number of ids: the characters' and UNK."""
        return self.unk + 1

    def encode(self, text: str) -> np.ndarray:
        return np.fromiter((self._index.get(c, self.unk) for c in text), dtype=np.int64, count=len(text))

    def decode(self, ids) -> str:
        return "".join(self.chars[i] if i < len(self.chars) else "\ufffd" for i in ids)


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


def _checked(text: str, source: str) -> str:
    if len(text) < 100:
        raise InputError(f"{source}: a corpus needs at least 100 characters, found {len(text)}")
    return text


def read_corpus(path: Path) -> str:
    return _checked(Path(path).read_text(encoding="utf-8", errors="replace"), str(path))


SAMPLE_DIR = Path(__file__).resolve().parent / "corpus"


def _zip_corpus(path: Path) -> Corpus:
    import zipfile

    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()

            def member(split):
                hits = [n for n in names if n.endswith(f"wiki.{split}.raw")] or \
                       [n for n in names if n.endswith(f"wiki.{split}.tokens")]
                if not hits:
                    raise InputError(f"{path}: no wiki.{split}.raw in the archive")
                return _checked(z.read(hits[0]).decode("utf-8", errors="replace"), f"{path}:{hits[0]}")
            return Corpus(member("train"), member("valid"), str(path))
    except zipfile.BadZipFile:
        raise InputError(f"{path}: not a zip archive") from None


def load_corpus(spec: str) -> Corpus:
    """The corpus named by ``spec``: ``builtin``, ``sample``, a text file, a folder with
    ``wiki.train.raw``/``wiki.valid.raw``, or the WikiText-2 raw zip (module docstring)."""
    if spec == "builtin":
        train, valid = split_corpus(builtin_corpus())
        return Corpus(train, valid, "builtin")
    if spec == "sample":
        return Corpus(read_corpus(SAMPLE_DIR / "sample.train.raw"), read_corpus(SAMPLE_DIR / "sample.valid.raw"),
                      "sample")
    path = Path(spec)
    if path.is_dir():
        for ext in ("raw", "tokens"):
            train, valid = path / f"wiki.train.{ext}", path / f"wiki.valid.{ext}"
            if train.is_file() and valid.is_file():
                return Corpus(read_corpus(train), read_corpus(valid), str(path))
        raise InputError(f"{path}: a corpus folder needs wiki.train.raw and wiki.valid.raw")
    if not path.is_file():
        raise InputError(f"corpus: no such file or folder {spec!r}")
    if path.suffix == ".zip":
        return _zip_corpus(path)
    train, valid = split_corpus(read_corpus(path), path)
    return Corpus(train, valid, str(path))


def split_corpus(text: str, path: Path | None = None) -> tuple[str, str]:
    """(train, validation): a sibling ``*valid*`` file for a ``*train*`` file, else 90/10."""
    if path is not None and "train" in Path(path).name:
        sibling = Path(path).with_name(Path(path).name.replace("train", "valid"))
        if sibling.is_file():
            return text, read_corpus(sibling)
    cut = int(0.9 * len(text))
    return text[:cut], text[cut:]


def vocabulary(cfg: LMConfig, train_text: str):
    """The tokenizer of ``cfg`` fitted to the training text (characters or BPE)."""
    if cfg.tokenizer == "bpe":
        return BPEVocabulary(train_text, cfg.vocab_size)
    return CharVocabulary(train_text)


def _model(cfg: LMConfig, pattern: str, vocab_size: int):
    import torch
    from ..transformer import Transformer, TransformerConfig

    torch.manual_seed(cfg.seed)
    try:
        mc = TransformerConfig(vocab_size=vocab_size, d_model=cfg.d_model, n_layers=cfg.n_layers,
                               heads=AttentionPattern.parse(pattern).heads(cfg.n_heads), positional=cfg.positional,
                               readout_dim=vocab_size, max_len=max(cfg.context, 16),
                               norm_position=cfg.norm_position, d_ff=cfg.d_ff)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    return Transformer(mc)


def train_lm(ids: np.ndarray, vocab_size: int, pattern: str, cfg: LMConfig, progress: bool = True):
    """Train on random windows of ``ids`` (window of step s from ``default_rng([seed, s])``),
    deterministically (:func:`attnlogic.experiments.provenance.deterministic`)."""

    device = resolve_device(cfg.device)
    with deterministic(device, cfg.threads):
        return _train_lm(ids, vocab_size, pattern, cfg, device, progress)


def _train_lm(ids, vocab_size, pattern, cfg, device, progress):
    import torch
    import torch.nn.functional as F

    if len(ids) <= cfg.context + 1:
        raise InputError(f"the training text ({len(ids)} tokens) is shorter than the context + 1")
    model = _model(cfg, pattern, vocab_size).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    bar = None
    if progress:
        bar = Counter(f"lm {pattern}", True, cfg.steps, "steps")
        bar.update(0)
    model.train()
    losses = []
    try:
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
                bar.note(f"loss {losses[-1]:.3f}", done=step + 1)
    finally:
        if bar is not None:
            bar.close()
    model.eval()
    return model, losses


def _windows(n_tokens: int, context: int) -> list[tuple[int, int]]:
    """(start, stop) of consecutive windows of at most ``context + 1`` tokens, each sharing its
    first token with the previous window's last, covering tokens 0 … n_tokens − 1."""
    return [(i, min(i + context + 1, n_tokens)) for i in range(0, n_tokens - 1, context)]


def cross_entropy_sum(model, ids: np.ndarray, context: int, max_windows: int | None = None,
                      batch: int = 16) -> tuple[float, int]:
    """(Σ −ln p(x_{t+1} | window), number of predicted tokens) over the windows of ``ids``
    (all of them, or the first ``max_windows``)."""
    import torch
    import torch.nn.functional as F

    spans = _windows(len(ids), context)
    if max_windows is not None:
        spans = spans[:max_windows]
    if not spans:
        raise InputError("the validation text is shorter than two tokens")
    device = next(model.parameters()).device
    total, count = 0.0, 0
    with torch.no_grad():
        full = [s for s in spans if s[1] - s[0] == context + 1]
        rest = [s for s in spans if s[1] - s[0] != context + 1]
        groups = [full[i:i + batch] for i in range(0, len(full), batch)] + [[s] for s in rest]
        for group in groups:
            w = torch.from_numpy(np.stack([ids[a:b] for a, b in group])).to(device)
            logits = model(w[:, :-1])
            total += float(F.cross_entropy(logits.reshape(-1, logits.shape[-1]).float(), w[:, 1:].reshape(-1),
                                           reduction="sum"))
            count += w[:, 1:].numel()
    return total, count


def perplexity(model, ids: np.ndarray, context: int, max_windows: int | None = None, batch: int = 16) -> float:
    """exp(mean next-token cross-entropy) over the windows of ``ids`` (see the module doc)."""
    total, count = cross_entropy_sum(model, ids, context, max_windows, batch)
    return math.exp(total / count)


def run_lm_patterns(corpus: "Corpus | str", patterns, cfg: LMConfig, path: Path | None = None,
                    progress: bool = True, seeds=None, lrs=None) -> list[dict]:
    """Train one model per pattern × seed × learning rate (defaults: ``cfg``'s) on the same
    tokens; validation perplexity on the whole validation text, training perplexity on its
    first ``cfg.train_eval_windows`` windows.  ``corpus``: a :class:`Corpus`, or a text split
    by :func:`split_corpus` (``path``: where it was read, for a sibling validation file)."""
    from dataclasses import replace


    if isinstance(corpus, str):
        train_text, valid_text = split_corpus(corpus, path)
    else:
        train_text, valid_text = corpus.train, corpus.valid
    vocab = vocabulary(cfg, train_text)
    train_ids, valid_ids = vocab.encode(train_text), vocab.encode(valid_text)
    env = environment(resolve_device(cfg.device), cfg.threads)
    # the characters predicted: all but those of the first token (which nothing predicts)
    predicted_chars = len(valid_text) - len(vocab.decode(valid_ids[:1]))
    rows = []
    for pattern in patterns:
        for seed in (seeds or (cfg.seed,)):
            for lr in (lrs or (cfg.lr,)):
                run_cfg = replace(cfg, seed=seed, lr=lr)
                t0 = time.perf_counter()
                model, losses = train_lm(train_ids, vocab.size, pattern, run_cfg, progress)
                nats, tokens = cross_entropy_sum(model, valid_ids, cfg.context)
                train_ppl = perplexity(model, train_ids, cfg.context, cfg.train_eval_windows)
                rows.append({"pattern": pattern, "seed": seed, "lr": lr, "perplexity": math.exp(nats / tokens),
                             "train_perplexity": train_ppl,
                             "bits_per_char": nats / predicted_chars / math.log(2),
                             "validation_tokens": tokens,
                             "final_loss": float(np.mean(losses[-20:])) if losses else None,
                             "parameters": sum(p.numel() for p in model.parameters()),
                             "vocabulary": vocab.size, "environment": env,
                             "seconds": round(time.perf_counter() - t0, 2)})
    return rows


def write_lm_report(out_dir: Path, result: dict) -> None:
    out_dir = Path(out_dir)
    write_atomic(out_dir / "lm_results.json", json.dumps(result, indent=1).encode())
    unit = "token (BPE)" if result["config"].get("tokenizer") == "bpe" else "character"
    lines = [f"# Language modelling: {result['source']}", "",
             f"Perplexity per {unit} on the whole validation text.", "",
             "| pattern | seed | lr | validation perplexity | bits/char | training perplexity |",
             "|---|---|---|---|---|---|"]
    for r in result["results"]:
        lines.append(f"| {r['pattern']} | {r.get('seed', 0)} | {r.get('lr', 0):g} | {r['perplexity']:.3f} | "
                     f"{r['bits_per_char']:.3f} | {r['train_perplexity']:.3f} |")
    write_atomic(out_dir / "lm_results.md", ("\n".join(lines) + "\n").encode())
