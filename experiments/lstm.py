"""The LSTM baseline of Li & Cotterell (NeurIPS 2025, Table 1): a one-layer LSTM recogniser.

Embedding e(x_t) ∈ ℝ^H, one LSTM layer (hidden size H; the paper uses H = 256), and a linear
readout of the hidden state at every position, read at EOS exactly like the transformer's
(logit > 0 ⇔ accept).  The model has the transformer's interface: ``model(tokens)`` maps
int64 [batch, T] to float [batch, T, readout_dim], and ``model.config`` serialises to a dict
(``{"kind": "lstm", …}``) from which :meth:`LSTMConfig.from_dict` rebuilds it, so checkpoints
(safetensors + JSON) work for both.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["LSTMConfig", "LSTMRecogniser"]


@dataclass(frozen=True)
class LSTMConfig:
    vocab_size: int
    hidden: int = 256
    n_layers: int = 1
    readout_dim: int = 1

    def __post_init__(self):
        if min(self.vocab_size, self.hidden, self.n_layers, self.readout_dim) < 1:
            raise ValueError("LSTM: vocab_size, hidden, n_layers and readout_dim must be ≥ 1")

    def to_dict(self) -> dict:
        return {"kind": "lstm", **asdict(self)}

    @staticmethod
    def from_dict(d: dict) -> "LSTMConfig":
        return LSTMConfig(**{k: v for k, v in d.items() if k != "kind"})


def _module():
    import torch

    class LSTMRecogniser(torch.nn.Module):
        """Embedding → LSTM → linear readout at every position."""

        def __init__(self, config: LSTMConfig):
            super().__init__()
            self.config = config
            self.embed = torch.nn.Embedding(config.vocab_size, config.hidden)
            self.lstm = torch.nn.LSTM(config.hidden, config.hidden, num_layers=config.n_layers, batch_first=True)
            self.readout = torch.nn.Linear(config.hidden, config.readout_dim)

        def forward(self, tokens):
            hidden, _ = self.lstm(self.embed(tokens))
            return self.readout(hidden)

    return LSTMRecogniser


def LSTMRecogniser(config: LSTMConfig):  # noqa: N802 (a class built on first use: torch loads lazily)
    """A freshly initialised :class:`LSTMRecogniser` module (torch's default initialisation)."""
    return _module()(config)
