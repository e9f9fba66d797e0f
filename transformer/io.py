"""Save and load a model as safetensors (the weights) plus a JSON sidecar (the config and
metadata).  Files are written atomically (temporary file, then rename); nothing is pickled.

Sidecar path: ``model.safetensors`` → ``model.json``; any other name gets ``.json`` appended.
Sidecar keys: ``format`` ("attnlogic-transformer"), ``version``, ``config``
(:meth:`TransformerConfig.to_dict`), ``dtype`` and ``metadata`` (free-form: the compiler
stores the formula, the alphabet, the readout convention and ``exact_up_to``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import torch

from attnlogic.errors import FileFormatError
from attnlogic.fileio import check_output_path, write_files_atomic

from .config import TransformerConfig
from .model import Transformer

__all__ = ["save_model", "load_model", "sidecar_path", "read_sidecar"]

FORMAT = "attnlogic-transformer"
VERSION = 1
DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16, "float64": torch.float64}


def sidecar_path(path: str | os.PathLike) -> Path:
    p = Path(path)
    return p.with_suffix(".json") if p.suffix == ".safetensors" else Path(str(p) + ".json")


def save_model(model: Transformer, path: str | os.PathLike, metadata: dict | None = None) -> tuple[Path, Path]:
    """Write ``path`` (safetensors) and its sidecar as one unit (both or neither, see
    :func:`attnlogic.fileio.write_files_atomic`); returns both paths."""
    from safetensors.torch import save as st_save

    path = check_output_path(path)        # before Path() drops a trailing slash
    state = {k: v.detach().contiguous().cpu() for k, v in model.state_dict().items()}
    dtype = next(iter(state.values())).dtype if state else torch.float32
    dtype_name = next(n for n, d in DTYPES.items() if d == dtype)
    side = {"format": FORMAT, "version": VERSION, "config": model.config.to_dict(),
            "dtype": dtype_name, "metadata": metadata or {}}
    sp = sidecar_path(path)
    write_files_atomic([(path, st_save(state, metadata={"format": FORMAT})),
                        (sp, (json.dumps(side, indent=1, sort_keys=True) + "\n").encode())])
    return path, sp


def read_sidecar(path: str | os.PathLike) -> dict:
    sp = sidecar_path(path)
    try:
        side = json.loads(Path(sp).read_text())
    except FileNotFoundError:
        raise FileFormatError(str(sp), "(file)", "the JSON sidecar of the model is missing") from None
    except json.JSONDecodeError as exc:
        raise FileFormatError(str(sp), "(file)", f"not JSON: {exc}") from None
    if not isinstance(side, dict) or side.get("format") != FORMAT:
        raise FileFormatError(str(sp), "format", f"expected {FORMAT!r}")
    for key in ("config", "dtype"):
        if key not in side:
            raise FileFormatError(str(sp), key, "missing")
    if side["dtype"] not in DTYPES:
        raise FileFormatError(str(sp), "dtype", f"unknown dtype {side['dtype']!r}")
    return side


def load_model(path: str | os.PathLike, device: str | torch.device = "cpu") -> tuple[Transformer, dict]:
    """The model (eval mode, in its saved dtype) and its sidecar dict."""
    from safetensors.torch import load_file

    side = read_sidecar(path)
    try:
        config = TransformerConfig.from_dict(side["config"])
    except (TypeError, ValueError, KeyError) as exc:
        raise FileFormatError(str(sidecar_path(path)), "config", str(exc)) from None
    try:
        state = load_file(str(path), device=str(device))
    except FileNotFoundError:
        raise FileFormatError(str(path), "(file)", "not found") from None
    except Exception as exc:  # safetensors raises its own error types
        raise FileFormatError(str(path), "(file)", f"not a safetensors file: {exc}") from None
    model = Transformer(config).to(device=device, dtype=DTYPES[side["dtype"]])
    try:
        model.load_state_dict(state)
    except RuntimeError as exc:
        raise FileFormatError(str(path), "tensors", str(exc).splitlines()[0]) from None
    return model.eval(), side
