"""What a result was computed with: code revision, library versions, device, dtype, threads.

:func:`environment` is recorded in every cell of a grid and every language-modelling run, so
that a number that does not reproduce can be traced to what changed.  It holds only facts about
the software and hardware (no host names, no paths, no times); two runs of the same revision on
the same machine record the same dict.

The code revision is ``git rev-parse HEAD`` of the checkout the package is imported from,
with ``+dirty`` when a tracked source file differs from that commit (documentation, results
and Markdown files are not counted, so regenerating ``examples/results`` does not mark its own
revision dirty); outside a git checkout it is ``attnlogic <version>``.
"""

from __future__ import annotations

import os
import platform
import subprocess
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

__all__ = ["environment", "code_revision", "cpu_name", "deterministic"]

_EXCLUDE = (":!examples", ":!docs", ":!*.md", ":!tests")


@lru_cache(maxsize=1)
def code_revision() -> str:
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                              text=True, timeout=10)
        if head.returncode != 0:
            raise OSError(head.stderr)
        diff = subprocess.run(["git", "-C", str(root), "diff", "HEAD", "--", ".", *_EXCLUDE],
                              capture_output=True, timeout=30)
        dirty = diff.returncode != 0 or bool(diff.stdout.strip())
        return head.stdout.strip() + ("+dirty" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        from importlib.metadata import PackageNotFoundError, version
        try:
            return f"attnlogic {version('attnlogic')}"
        except PackageNotFoundError:
            return "attnlogic (unknown version)"


@lru_cache(maxsize=1)
def cpu_name() -> str:
    """The CPU model from /proc/cpuinfo (Linux), else :func:`platform.processor`."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def environment(device: str, threads: int, dtype: str = "float32") -> dict:
    """The software and hardware a run used (see the module docstring)."""
    import numpy
    import torch

    env = {"code_revision": code_revision(), "python": platform.python_version(),
           "torch": torch.__version__, "numpy": numpy.__version__, "device": device, "dtype": dtype,
           "threads": threads, "cpu": cpu_name(), "deterministic_algorithms": True}
    if device.startswith("cuda"):
        env["gpu"] = torch.cuda.get_device_name(torch.device(device))
        env["cuda"] = torch.version.cuda
    return env


@contextmanager
def deterministic(device: str, threads: int):
    """Deterministic torch for the duration: ``torch.use_deterministic_algorithms(True)``
    (warn-only on CUDA, where some kernels have no deterministic variant) and, on CPU,
    ``threads`` intra-op threads; both restored on exit."""
    import torch

    old_det, old_warn = torch.are_deterministic_algorithms_enabled(), \
        torch.is_deterministic_algorithms_warn_only_enabled()
    old_threads = torch.get_num_threads()
    if device.startswith("cuda"):
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    torch.use_deterministic_algorithms(True, warn_only=not device == "cpu")
    if device == "cpu":
        torch.set_num_threads(threads)
    try:
        yield
    finally:
        torch.use_deterministic_algorithms(old_det, warn_only=old_warn)
        if device == "cpu":
            torch.set_num_threads(old_threads)

