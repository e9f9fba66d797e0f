"""Models named on the command line: ``module.py:factory``, ``pkg.mod:factory``, a model file
written by ``attnlogic compile --out``, or a checkpoint directory of ``attnlogic experiment
--checkpoints`` (``checkpoint.json`` + ``checkpoint.safetensors``).

:func:`load_model` returns a :class:`LoadedModel`: the callable and, when the file says so,
its alphabet and readout (compiled models: ``prefix``; trained classifiers: ``eos``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from attnlogic.kernel.errors import FileFormatError, InputError
from attnlogic.experiments.languages import get_language
from attnlogic.experiments.train import load_checkpoint

__all__ = ["LoadedModel", "load_model"]


@dataclass(frozen=True)
class LoadedModel:
    """A model and what its files say: alphabet, readout, a label for reports."""

    model: Callable
    alphabet: tuple[str, ...] | None
    readout: str | None
    label: str
    language: str | None = None      # an experiment checkpoint: the name of its language


def _factory(spec: str) -> Callable:
    target, _, name = spec.rpartition(":")
    if not target or not name.isidentifier():
        raise InputError(f"model {spec!r}: expected FILE.py:FACTORY or package.module:FACTORY",
                         parameters=("model",))
    if target.endswith(".py"):
        path = Path(target)
        if not path.is_file():
            raise InputError(f"model {spec!r}: no file {target}", parameters=("model",))
        mod_spec = importlib.util.spec_from_file_location(f"_attnlogic_user_{path.stem}", path)
        module = importlib.util.module_from_spec(mod_spec)
        sys.modules[mod_spec.name] = module
        mod_spec.loader.exec_module(module)
    else:
        try:
            module = importlib.import_module(target)
        except ImportError as exc:
            raise InputError(f"model {spec!r}: cannot import {target}: {exc}", parameters=("model",)) from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise InputError(f"model {spec!r}: {target} has no callable {name}", parameters=("model",))
    model = factory()
    if not callable(model):
        raise InputError(f"model {spec!r}: {name}() returned {type(model).__name__}, not a callable",
                         parameters=("model",))
    return model


def load_model(spec: str, device: str = "cpu") -> LoadedModel:
    """The model that ``spec`` names (see the module docstring)."""
    path = Path(spec)
    if path.is_dir():
        if not (path / "checkpoint.json").is_file():
            raise FileFormatError(str(path), "(directory)", "holds no checkpoint.json")

        try:
            cfg, model, *_ = load_checkpoint(path, device)
        except (KeyError, TypeError, ValueError, OSError) as exc:
            raise FileFormatError(str(path), "(checkpoint)", str(exc)) from None
        model.eval()
        return LoadedModel(model, tuple(get_language(cfg.language).alphabet), "eos",
                           f"{path} ({cfg.language}, {cfg.pattern}, {cfg.steps} steps)", cfg.language)
    if path.suffix == ".safetensors":
        from attnlogic.transformer.io import load_model as load_transformer

        model, side = load_transformer(path, device=device)
        meta = side.get("metadata", {})
        alpha = meta.get("alphabet")
        readout = "prefix" if meta.get("compiler") else meta.get("readout_mode")
        return LoadedModel(model, None if alpha is None else tuple(alpha), readout, str(path))
    return LoadedModel(_factory(spec), None, None, spec)
