"""Value objects describing a transformer: the attention pattern of each head and the shapes.

The mask of a head is a single-head :class:`~attnlogic.kernel.patterns.AttentionPattern`
(``global``, ``local:k``, ``global_nonstrict``, ``local_nonstrict:k``), whose ``visible``
is the one definition of which positions a query sees; ``HeadSpec`` is that type under the
name the transformer has always used, and its ``str()`` (``"global"``, ``"local:2"``) is the
form saved in model files.  A layer pattern such as ``hybrid:k`` is turned into heads by
``AttentionPattern.heads`` (:func:`parse_pattern`).  A position whose window is empty
(position 1 under a strict mask) outputs the zero vector.
"""

from __future__ import annotations

from dataclasses import dataclass, field, asdict
from typing import Any

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.patterns import HEAD_KINDS, AttentionPattern
from attnlogic.kernel.validate import integer, is_int, number

__all__ = ["HeadSpec", "TransformerConfig", "parse_pattern", "HEAD_KINDS", "POSITIONAL_KINDS"]

POSITIONAL_KINDS = ("none", "learned", "sinusoidal", "rope", "periodic")
NORM_POSITIONS = ("post", "pre")

#: The mask of one attention head: a single-head :class:`AttentionPattern`.
HeadSpec = AttentionPattern


def parse_pattern(pattern: "str | AttentionPattern", n_heads: int) -> tuple[HeadSpec, ...]:
    """The heads of one layer from a pattern name: ``AttentionPattern.parse(pattern).heads(n_heads)``
    (``hybrid:k``: the first ⌈n/2⌉ heads global, the rest k-local, n_heads ≥ 2)."""
    return AttentionPattern.parse(pattern).heads(n_heads)


def _as_spec(h) -> HeadSpec:
    if isinstance(h, dict):
        h = AttentionPattern(h["kind"], h.get("k"))
    elif not isinstance(h, (str, AttentionPattern)):
        raise TypeError(f"cannot read a head spec from {h!r}")
    spec = AttentionPattern.parse(h)
    if not spec.is_head:
        raise InputError(f"a head's mask must be a single-head pattern, got {spec} (a layer "
                         "pattern: give heads=parse_pattern(pattern, n_heads))")
    return spec


@dataclass(frozen=True)
class TransformerConfig:
    """Shapes and options of :class:`~attnlogic.transformer.model.Transformer`.

    ``heads`` is either one tuple of :class:`HeadSpec` used by every layer, or one tuple per
    layer (a layer may have no heads: its attention sublayer is then absent).  ``d_head``
    defaults to ``d_model // n_heads`` of the widest layer, ``d_ff`` to ``4 * d_model``.
    ``layernorm`` with ``norm_position="post"`` is the post-LN block of Li & Cotterell
    (x ← LN(x + A(x)), x ← LN(x + F(x))); ``"pre"`` is x ← x + A(LN x), x ← x + F(LN x) with a
    final LN.  All projections have biases (the compiler uses them).  ``positional``:
    ``none`` (the theory's setting and the compiler's), ``learned`` and ``sinusoidal``
    (added to the embedding, at most ``max_len`` positions), ``rope`` (rotates q and k) or
    ``periodic`` (a table of ``period`` rows added to the embedding, row i mod period at the
    0-based index i: a periodic positional encoding, the modular predicates MOD[m,r] of the
    logic for m dividing the period; any length).
    """

    vocab_size: int
    d_model: int = 64
    n_layers: int = 5
    heads: tuple = field(default_factory=lambda: (HeadSpec("global"),) * 4)
    d_head: int | None = None
    d_ff: int | None = None
    layernorm: bool = True
    positional: str = "none"
    max_len: int = 4096
    readout_dim: int = 1
    dropout: float = 0.0
    norm_position: str = "post"
    layernorm_eps: float = 1e-5
    period: int = 1

    @property
    def max_positions(self) -> int | None:
        """The longest token sequence the model reads: ``max_len`` for a learned or sinusoidal
        positional encoding (a table of that many rows), None (any length) otherwise."""
        return self.max_len if self.positional in ("learned", "sinusoidal") else None

    def __post_init__(self):
        sa = object.__setattr__
        heads = self.heads
        if isinstance(heads, (HeadSpec, str)):
            heads = (heads,)
        heads = tuple(heads)
        per_layer = bool(heads) and all(isinstance(h, (tuple, list)) for h in heads)
        if per_layer:
            layers = tuple(tuple(_as_spec(x) for x in layer) for layer in heads)
            if len(layers) != self.n_layers:
                raise ValueError(f"heads gives {len(layers)} layers but n_layers = {self.n_layers}")
        elif any(isinstance(h, (tuple, list)) for h in heads):
            raise ValueError("heads must be all HeadSpecs (same every layer) or all tuples (one per layer)")
        else:
            layers = tuple(_as_spec(x) for x in heads)
        sa(self, "heads", layers)
        integer("vocab_size", self.vocab_size, 1)
        integer("d_model", self.d_model, 1)
        integer("n_layers", self.n_layers, 0)
        if self.positional not in POSITIONAL_KINDS:
            raise ValueError(f"positional must be one of {POSITIONAL_KINDS}, got {self.positional!r}")
        if self.norm_position not in NORM_POSITIONS:
            raise ValueError(f"norm_position must be one of {NORM_POSITIONS}")
        integer("readout_dim", self.readout_dim, 1)
        number("dropout", self.dropout, minimum=0.0, what="a probability")
        if not self.dropout < 1.0:
            raise InputError(f"dropout: a probability below 1, got {self.dropout!r}",
                             parameters=("dropout",))
        number("layernorm_eps", self.layernorm_eps, above=0.0)
        widest = max((len(h) for h in self.layer_heads), default=0)
        if self.d_head is None:
            sa(self, "d_head", max(1, self.d_model // max(1, widest)))
        if self.d_ff is None:
            sa(self, "d_ff", 4 * self.d_model)
        if self.d_head < 1 or self.d_ff < 0:
            raise ValueError("d_head must be >= 1 and d_ff >= 0")
        if not is_int(self.period) or self.period < 1:
            raise ValueError(f"period must be an int >= 1, got {self.period!r}")
        if self.positional == "rope" and self.d_head % 2:
            raise ValueError("rope needs an even d_head")

    @property
    def layer_heads(self) -> tuple[tuple[HeadSpec, ...], ...]:
        """One tuple of heads per layer."""
        if self.per_layer_heads:
            return self.heads
        return tuple(self.heads for _ in range(self.n_layers))

    @property
    def per_layer_heads(self) -> bool:
        return bool(self.heads) and isinstance(self.heads[0], tuple)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (heads as strings such as ``"local:2"``)."""
        d = asdict(self)
        if self.positional != "periodic":
            del d["period"]              # sidecars without a periodic encoding stay as before
        if self.per_layer_heads:
            d["heads"] = [[str(h) for h in layer] for layer in self.heads]
        else:
            d["heads"] = [str(h) for h in self.heads]
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "TransformerConfig":
        d = dict(d)
        heads = d.get("heads", ())
        if heads and isinstance(heads[0], list):
            d["heads"] = tuple(tuple(HeadSpec.parse(h) for h in layer) for layer in heads)
        else:
            d["heads"] = tuple(HeadSpec.parse(h) for h in heads)
        known = TransformerConfig.__dataclass_fields__
        unknown = set(d) - set(known)
        if unknown:
            raise ValueError(f"unknown config fields {sorted(unknown)}")
        return TransformerConfig(**d)
