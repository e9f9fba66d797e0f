"""Exports of a compiled model that other runtimes load: ONNX and ``torch.export``.

Both trace the model on an example word and keep the sequence length symbolic, so one file
runs words of any length: input ``tokens`` (int64, shape (1, N+1): the letters' token ids and
then EOS, :meth:`~attnlogic.transformer.vocab.Vocabulary.encode`), output ``readout``
(float, shape (1, N+1, 1)); ``readout[0, n, 0] > 0`` iff the prefix w[:n] is in the language.
The tracer may add a guard on the smallest length (a k-local head's window needs N+1 > k, so
N ≥ k letters); shorter words are for the eager model.

* ONNX goes through torch's dynamo-based exporter (``torch.onnx.export(..., dynamo=True)``,
  needs ``onnx`` and ``onnxscript``: the ``onnx`` extra). The TorchScript-based exporter cannot
  export k-local heads (their windows are an ``unfold`` over a symbolic length).
* ``torch.export`` writes an ``ExportedProgram`` (``torch.export.load`` reads it back).

Written atomically (attnlogic.kernel.fileio).  tests/compiler/test_export.py runs both exports
(ONNX under onnxruntime) and compares every prefix decision with the minimal DFA.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import torch

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.fileio import write_bytes_atomic

__all__ = ["export_program", "export_onnx", "save_exported_program"]

#: the example word the exporters trace (any word of the alphabet serves; long enough for
#: every window up to its length)
EXAMPLE_LENGTH = 16


def _example(compiled, length: int) -> torch.Tensor:
    alphabet = compiled.vocab.alphabet
    word = [alphabet[i % len(alphabet)] for i in range(length)]
    return compiled.vocab.encode(word).unsqueeze(0)


def _dynamic():
    return ({1: torch.export.Dim.AUTO},)


def export_program(compiled, example_length: int | None = None):
    """The ``torch.export.ExportedProgram`` of the compiled model (symbolic length)."""
    longest_window = max([h.spec.k or 0 for heads in compiled.plan.heads for h in heads] + [0])
    length = max(EXAMPLE_LENGTH, longest_window + 2) if example_length is None else example_length
    model = compiled.model.eval()
    with torch.no_grad():
        return torch.export.export(model, (_example(compiled, length),), dynamic_shapes=_dynamic(), strict=False)


def save_exported_program(compiled, path: str | os.PathLike) -> Path:
    """``torch.export.save`` of :func:`export_program`, atomically."""
    buf = io.BytesIO()
    torch.export.save(export_program(compiled), buf)
    return write_bytes_atomic(path, buf.getvalue())


def export_onnx(compiled, path: str | os.PathLike) -> Path:
    """The model as an ONNX file (input ``tokens``, output ``readout``), atomically."""
    try:
        import onnx  # noqa: F401
        import onnxscript  # noqa: F401
    except ImportError:
        raise InputError("ONNX export needs the onnx and onnxscript packages "
                         "(pip install 'attnlogic[onnx]')") from None
    import warnings

    program = export_program(compiled)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        onnx_program = torch.onnx.export(program, input_names=["tokens"], output_names=["readout"],
                                         dynamo=True, verbose=False)
    return write_bytes_atomic(path, onnx_program.model_proto.SerializeToString())
