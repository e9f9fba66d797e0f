"""Atomic file output shared by every module: write a temporary file in the target folder,
flush it to disk, then ``os.replace`` it over the target, so a reader never sees a partial
file and an interrupted run leaves the old file intact.  Files get the usual permissions
(0666 minus the umask), not mkstemp's 0600.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

__all__ = ["write_bytes_atomic", "write_text_atomic", "write_json_atomic", "save_figure_atomic"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _replace_from_temp(path, write) -> Path:
    """Create a temporary file beside ``path``, let ``write(tmp_path, fd)`` fill it, rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, 0o666 & ~_umask())
        write(tmp, fd)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def write_bytes_atomic(path, data: bytes) -> Path:
    def write(tmp, fd):
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())

    return _replace_from_temp(path, write)


def write_text_atomic(path, text: str) -> Path:
    return write_bytes_atomic(path, text.encode("utf-8"))


def write_json_atomic(path, obj, indent: int | None = 2) -> Path:
    return write_text_atomic(path, json.dumps(obj, indent=indent, ensure_ascii=False) + "\n")


def save_figure_atomic(fig, path, dpi: int = 110, close: bool = False) -> Path:
    """Save a matplotlib figure as PNG atomically; with ``close``, the figure is closed
    afterwards (also when saving fails), as every plotting function that made it wants."""
    def write(tmp, fd):
        os.close(fd)
        fig.savefig(tmp, format="png", dpi=dpi, bbox_inches="tight")

    try:
        return _replace_from_temp(path, write)
    finally:
        if close:
            import matplotlib.pyplot as plt
            plt.close(fig)
