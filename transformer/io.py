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

from attnlogic.kernel.errors import FileFormatError, InputError
from attnlogic.kernel.fileio import (StrictJSONError, check_output_path, read_text_capped, sidecar_path,
                                     strict_json_loads, write_files_atomic)
from attnlogic.kernel.validate import is_int

from .config import TransformerConfig
from .model import Transformer

__all__ = ["save_model", "model_bytes", "load_model", "sidecar_path", "read_sidecar"]

FORMAT = "attnlogic-transformer"
VERSION = 1
DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16, "float64": torch.float64}


def save_model(model: Transformer, path: str | os.PathLike, metadata: dict | None = None) -> tuple[Path, Path]:
    """Write ``path`` (safetensors) and its sidecar as one unit (both or neither, see
    :func:`attnlogic.kernel.fileio.write_files_atomic`); returns both paths."""
    path = check_output_path(path)        # before Path() drops a trailing slash
    weights, side = model_bytes(model, metadata)
    sp = sidecar_path(path)
    write_files_atomic([(path, weights), (sp, side)])
    return path, sp


def model_bytes(model: Transformer, metadata: dict | None = None) -> tuple[bytes, bytes]:
    """The two files of :func:`save_model` as bytes (safetensors weights, JSON sidecar),
    byte for byte what it writes: for a download, with nothing written to disk."""
    from safetensors.torch import save as st_save

    state = {k: v.detach().contiguous().cpu() for k, v in model.state_dict().items()}
    dtype = next(iter(state.values())).dtype if state else torch.float32
    dtype_name = next(n for n, d in DTYPES.items() if d == dtype)
    side = {"format": FORMAT, "version": VERSION, "config": model.config.to_dict(),
            "dtype": dtype_name, "metadata": metadata or {}}
    return (st_save(state, metadata={"format": FORMAT}),
            (json.dumps(side, indent=1, sort_keys=True) + "\n").encode())


#: bounds on what a sidecar may declare (a model is allocated from its config before the
#: weights are read, so the config is checked first): field → (least, largest)
CONFIG_RANGES = {"vocab_size": (1, 1_000_000), "d_model": (1, 65_536), "n_layers": (0, 1_024),
                 "d_head": (1, 65_536), "d_ff": (0, 262_144), "max_len": (1, 2**31 - 1),
                 "readout_dim": (1, 65_536)}
#: most parameters a loaded model may have (about 8 GB in float32)
MAX_PARAMETERS = 2_000_000_000
#: largest sidecar read (characters)
MAX_SIDECAR_BYTES = 16 * 2**20


def _int_in(side_path: str, field: str, value, lo: int, hi: int | None) -> None:
    if not is_int(value) or value < lo or (hi is not None and value > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise FileFormatError(side_path, field, f"expected an integer in {rng}, found {value!r}")


def _check_sidecar(sp: str, side: dict) -> None:
    """Every field the loader and the checker read, by type and range."""
    if side.get("version") != VERSION or isinstance(side.get("version"), bool):
        raise FileFormatError(sp, "version", f"expected {VERSION}, found {side.get('version')!r}")
    config = side["config"]
    if not isinstance(config, dict):
        raise FileFormatError(sp, "config", "expected an object")
    for key, (lo, hi) in CONFIG_RANGES.items():
        if config.get(key) is not None:
            _int_in(sp, f"config.{key}", config[key], lo, hi)
    d, L = config.get("d_model", 1), config.get("n_layers", 0)
    ff = config.get("d_ff") if config.get("d_ff") is not None else 4 * d
    params = L * (4 * d * d + 2 * d * ff) + config.get("vocab_size", 1) * d
    if params > MAX_PARAMETERS:
        raise FileFormatError(sp, "config", f"about {params:.3g} parameters: more than "
                                            f"MAX_PARAMETERS = {MAX_PARAMETERS:.3g}")
    meta = side.get("metadata", {})
    if not isinstance(meta, dict):
        raise FileFormatError(sp, "metadata", "expected an object")
    alphabet = meta.get("alphabet")
    if alphabet is not None and (not isinstance(alphabet, list) or not all(isinstance(a, str) and a for a in alphabet)
                                 or len(set(alphabet)) != len(alphabet)):
        raise FileFormatError(sp, "metadata.alphabet", "expected a list of distinct non-empty strings")
    if "eos" in meta:
        want = len(alphabet) if alphabet is not None else None
        _int_in(sp, "metadata.eos", meta["eos"], 0, config.get("vocab_size", 1) - 1)
        if want is not None and meta["eos"] != want:
            raise FileFormatError(sp, "metadata.eos", f"expected {want} (the token after the letters), "
                                                      f"found {meta['eos']}")
    if meta.get("exact_up_to") is not None:
        _int_in(sp, "metadata.exact_up_to", meta["exact_up_to"], 0, None)
    if meta.get("formula") is not None and not isinstance(meta["formula"], str):
        raise FileFormatError(sp, "metadata.formula", "expected a string")


def read_sidecar(path: str | os.PathLike) -> dict:
    """The sidecar of ``path``, checked field by field (FileFormatError names the field; a
    missing model file ``path`` is named itself, before its sidecar):
    ``format``, ``version``, ``dtype``, the config's sizes (:data:`CONFIG_RANGES`,
    :data:`MAX_PARAMETERS`) and the metadata the checker reads (``alphabet``, ``eos``,
    ``exact_up_to``, ``formula``).  Duplicate keys and integers of more than 12 digits are
    refused; at most MAX_SIDECAR_BYTES characters are read."""

    if not os.path.isfile(path):       # the model itself first (a missing one has no sidecar either)
        raise FileFormatError(str(path), "(file)",
                              "a directory, not a model file" if os.path.isdir(path) else "not found")
    sp = sidecar_path(path)
    if not os.path.exists(sp):
        raise FileFormatError(str(sp), "(file)", "the JSON sidecar of the model is missing")
    try:
        side = strict_json_loads(read_text_capped(str(sp), MAX_SIDECAR_BYTES))
    except InputError as exc:
        raise FileFormatError(str(sp), "(file)", str(exc)) from None
    except StrictJSONError as exc:
        raise FileFormatError(str(sp), "(file)", str(exc)) from None
    except json.JSONDecodeError as exc:
        raise FileFormatError(str(sp), "(file)", f"not JSON: {exc}") from None
    if not isinstance(side, dict) or side.get("format") != FORMAT:
        raise FileFormatError(str(sp), "format", f"expected {FORMAT!r}")
    for key in ("config", "dtype"):
        if key not in side:
            raise FileFormatError(str(sp), key, "missing")
    if not isinstance(side["dtype"], str) or side["dtype"] not in DTYPES:
        raise FileFormatError(str(sp), "dtype", f"unknown dtype {side['dtype']!r}")
    _check_sidecar(str(sp), side)
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
        reason = " ".join(line.strip() for line in str(exc).splitlines() if line.strip())
        raise FileFormatError(str(path), "tensors", reason[:400]) from None
    return model.eval(), side
