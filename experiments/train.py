"""Training a transformer recogniser on one language (Li & Cotterell's protocol, scaled).

Model: :class:`attnlogic.transformer.Transformer` with the attention pattern ``global``,
``local:k`` or ``hybrid:k`` in every layer, or (pattern ``lstm``) the paper's LSTM baseline
(:mod:`attnlogic.experiments.lstm`, hidden size ``lstm_hidden``); a scalar readout, and the
word followed by EOS as input; the class is read at the EOS position (logit > 0 ⇔ accept).  Loss: binary
cross-entropy with logits.  Optimiser: Adam, global-norm gradient clipping (max 1, as in the
DeepMind code Li & Cotterell adapted), constant learning rate.

Each step draws ONE length uniformly from the usable training lengths (both classes present)
and a balanced batch of that length (:meth:`LanguageData.training_batch`).  The data of step
s comes from ``numpy.random.default_rng([seed, s])``, and the model's initial weights from
``torch.manual_seed(seed)``, and training runs with ``torch.use_deterministic_algorithms(True)``
and ``threads`` CPU threads (:func:`attnlogic.experiments.provenance.deterministic`), so on CPU
a run is a pure function of its :class:`TrainConfig` (bit for bit, for one torch build on one
machine), and a run resumed from a checkpoint continues exactly as if uninterrupted.

Checkpoints are a safetensors file (model weights and Adam state) plus a JSON sidecar (the
configs and the step), each written to a temporary file and moved into place with
``os.replace``.  No pickle.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ..kernel.errors import InputError
from ..kernel.fileio import write_bytes_atomic as write_atomic
from .data import LanguageData, with_eos
from .languages import get_language
from ..kernel.patterns import AttentionPattern
from ..kernel.progress import Counter
from .lstm import LSTMConfig, LSTMRecogniser
from .provenance import deterministic

#: the pattern name of the LSTM baseline
LSTM = "lstm"

__all__ = ["LSTM", "TrainConfig", "TrainResult", "train", "build_model", "resolve_device",
           "save_checkpoint", "load_checkpoint"]


@dataclass(frozen=True)
class TrainConfig:
    """Everything that determines one training run.  Defaults: the paper's 5 layers × width 64,
    no positional encoding, batch 128; steps and learning rate are the caller's choice."""

    language: str
    pattern: str = "global"
    positional: str = "none"
    d_model: int = 64
    n_layers: int = 5
    n_heads: int = 8
    d_ff: int | None = None
    layernorm: bool = True
    steps: int = 10_000
    batch_size: int = 128
    lr: float = 3e-4
    grad_clip: float = 1.0
    train_min_length: int = 1
    train_max_length: int = 40
    adversarial_fraction: float = 0.5
    seed: int = 0
    device: str = "cpu"
    threads: int = 2
    checkpoint_every: int = 0      # 0: only at the end (when a checkpoint dir is given)
    lstm_hidden: int = 256         # the LSTM baseline's hidden size (pattern "lstm"; the paper's 256)

    def __post_init__(self):
        get_language(self.language)
        if self.steps < 0 or self.batch_size < 2:
            raise InputError("steps must be ≥ 0 and batch_size ≥ 2")
        if not (1 <= self.train_min_length <= self.train_max_length):
            raise InputError("need 1 ≤ train_min_length ≤ train_max_length")
        if not (self.lr > 0 and math.isfinite(self.lr)):
            raise InputError(f"learning rate must be positive, got {self.lr}")
        if not 0.0 <= self.adversarial_fraction <= 1.0:
            raise InputError("adversarial_fraction must be in [0, 1]")
        if self.threads < 1:
            raise InputError("threads must be ≥ 1")
        if self.lstm_hidden < 1:
            raise InputError("lstm_hidden must be ≥ 1")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "TrainConfig":
        return TrainConfig(**d)


@dataclass
class TrainResult:
    """The trained model (on the training device, eval mode), its config and the loss curve."""

    config: TrainConfig
    model: Any
    losses: list[float] = field(default_factory=list)
    seconds: float = 0.0
    resumed_from: int = 0


def resolve_device(name: str) -> str:
    """``cpu``, ``cuda`` (error when absent) or ``auto`` (cuda when available)."""
    import torch

    if name == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if name.startswith("cuda") and not torch.cuda.is_available():
        raise InputError("device cuda: no CUDA device is available", parameters=("device",))
    if name != "cpu" and not name.startswith("cuda"):
        raise InputError(f"unknown device {name!r}; expected cpu, cuda or auto")
    return name


def model_config(cfg: TrainConfig, vocab_size: int):
    """The transformer's config for ``cfg.pattern``, or the LSTM's for ``lstm``."""
    from ..transformer import TransformerConfig

    if cfg.pattern == LSTM:
        return LSTMConfig(vocab_size=vocab_size, hidden=cfg.lstm_hidden)
    try:
        heads = AttentionPattern.parse(cfg.pattern).heads(cfg.n_heads)
        return TransformerConfig(vocab_size=vocab_size, d_model=cfg.d_model, n_layers=cfg.n_layers,
                                 heads=heads, d_ff=cfg.d_ff, layernorm=cfg.layernorm,
                                 positional=cfg.positional, readout_dim=1)
    except ValueError as exc:
        raise InputError(str(exc)) from None


def build_model(cfg: TrainConfig, vocab_size: int):
    """A freshly initialised model, seeded by ``cfg.seed``."""
    import torch

    torch.manual_seed(cfg.seed)
    return _instantiate(model_config(cfg, vocab_size))


def _instantiate(config):
    from ..transformer import Transformer

    return LSTMRecogniser(config) if isinstance(config, LSTMConfig) else Transformer(config)


def save_checkpoint(directory: Path, cfg: TrainConfig, model, optimizer, step: int, losses: list[float]) -> None:
    """``checkpoint.safetensors`` (``model.<name>``, ``optim.<i>.<key>``, ``step``) and
    ``checkpoint.json`` (train config, model config, step, Adam hyper-parameters, losses)."""
    import torch
    from safetensors.torch import save

    tensors = {f"model.{k}": v.detach().to("cpu").contiguous() for k, v in model.state_dict().items()}
    opt = optimizer.state_dict()
    for idx, state in opt["state"].items():
        for key, value in state.items():
            tensors[f"optim.{idx}.{key}"] = torch.as_tensor(value).detach().to("cpu").contiguous()
    tensors["step"] = torch.tensor([step], dtype=torch.int64)
    directory = Path(directory)
    write_atomic(directory / "checkpoint.safetensors", save(tensors))
    meta = {"train_config": cfg.to_dict(), "model_config": model.config.to_dict(), "step": step,
            "param_groups": opt["param_groups"], "losses": losses}
    write_atomic(directory / "checkpoint.json", json.dumps(meta, indent=1).encode())


def load_checkpoint(directory: Path, device: str = "cpu"):
    """(train config, model, optimizer state dict, step, losses) from :func:`save_checkpoint`."""
    from safetensors.torch import load_file
    from ..transformer import TransformerConfig

    directory = Path(directory)
    meta = json.loads((directory / "checkpoint.json").read_text())
    tensors = load_file(str(directory / "checkpoint.safetensors"), device=device)
    step = int(tensors.pop("step")[0])
    if step != meta["step"]:
        raise InputError(f"{directory}: checkpoint files disagree on the step ({step} vs {meta['step']})")
    cfg = TrainConfig.from_dict(meta["train_config"])
    mc = meta["model_config"]
    model = _instantiate(LSTMConfig.from_dict(mc) if mc.get("kind") == "lstm"
                         else TransformerConfig.from_dict(mc)).to(device)
    model.load_state_dict({k[6:]: v for k, v in tensors.items() if k.startswith("model.")})
    state: dict[int, dict] = {}
    for k, v in tensors.items():
        if k.startswith("optim."):
            _, idx, key = k.split(".", 2)
            state.setdefault(int(idx), {})[key] = v
    opt_state = {"state": state, "param_groups": meta["param_groups"]}
    return cfg, model, opt_state, step, list(meta.get("losses", []))


def train(cfg: TrainConfig, data: LanguageData | None = None, checkpoint_dir: Path | None = None,
          progress=True, resume: bool = True) -> TrainResult:
    """Train per ``cfg``; with ``checkpoint_dir``, resume from it when it holds a checkpoint of
    the same config and save to it every ``checkpoint_every`` steps and at the end.
    ``progress``: True — a step counter on stderr (:class:`attnlogic.kernel.progress.Counter`);
    a callable — told ``(steps done, steps in all, last loss)`` after every step; False — nothing."""

    device = resolve_device(cfg.device)
    with deterministic(device, cfg.threads):
        return _train(cfg, device, data, checkpoint_dir, progress, resume)


def _train(cfg, device, data, checkpoint_dir, progress, resume) -> TrainResult:
    import torch
    import torch.nn.functional as F

    spec = get_language(cfg.language)
    if data is None:
        data = LanguageData(spec, cfg.train_max_length)
    lengths = data.usable_lengths(range(cfg.train_min_length, cfg.train_max_length + 1))
    if not lengths:
        raise InputError(f"{cfg.language}: no training length in {cfg.train_min_length}..{cfg.train_max_length} "
                         "has both accepted and rejected words")

    start, losses = 0, []
    if checkpoint_dir is not None and resume and (Path(checkpoint_dir) / "checkpoint.json").exists():
        old_cfg, model, opt_state, start, losses = load_checkpoint(checkpoint_dir, device)
        if replace(old_cfg, steps=cfg.steps, device=cfg.device, threads=cfg.threads,
                   checkpoint_every=cfg.checkpoint_every) != cfg:
            raise InputError(f"{checkpoint_dir}: holds a checkpoint of a different run configuration")
        optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        optimizer.load_state_dict(opt_state)
        start = min(start, cfg.steps)
        losses = losses[:start]
    else:
        model = build_model(cfg, data.vocab_size).to(device)
        optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    resumed_from = start

    model.train()
    t0 = time.perf_counter()
    bar, on_step = None, (progress if callable(progress) else None)
    if progress is True:
        bar = Counter(f"{cfg.language} {cfg.pattern} s{cfg.seed}", True, cfg.steps, "steps", initial=start)
        bar.update(0)
    try:
        for step in range(start, cfg.steps):
            rng = np.random.default_rng([cfg.seed, step])
            length = int(lengths[rng.integers(len(lengths))])
            batch = data.training_batch(length, cfg.batch_size, rng, cfg.adversarial_fraction)
            tokens = torch.from_numpy(with_eos(batch.words, data.eos)).to(device)
            target = torch.from_numpy(batch.labels.astype(np.float32)).to(device)
            logits = model(tokens)[:, -1, 0]
            loss = F.binary_cross_entropy_with_logits(logits, target)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            if cfg.grad_clip > 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.grad_clip)
            optimizer.step()
            losses.append(float(loss.detach()))
            if on_step is not None:
                on_step(step + 1, cfg.steps, losses[-1])
            if bar is not None:
                bar.note(f"loss {losses[-1]:.3f}", done=step + 1)
            done = step + 1
            if checkpoint_dir is not None and cfg.checkpoint_every and done % cfg.checkpoint_every == 0 \
                    and done < cfg.steps:
                save_checkpoint(checkpoint_dir, cfg, model, optimizer, done, losses)
    finally:
        if bar is not None:
            bar.close()
    if checkpoint_dir is not None:
        save_checkpoint(checkpoint_dir, cfg, model, optimizer, cfg.steps, losses)
    model.eval()
    return TrainResult(cfg, model, losses, time.perf_counter() - t0, resumed_from)
