"""Run every benchmark and print its tables, with machine information first.

    python -m benchmarks            # all of them
    python -m benchmarks eval dfa   # those whose module name contains one of the words
    python -m benchmarks scaling --quick   # words starting with "-" go to the benchmarks'
                                           # own options (those whose main takes argv)
"""

from __future__ import annotations

import importlib
import inspect
import os
import platform
import sys
import time
from pathlib import Path

from . import _ROOT  # noqa: F401  (also fixes sys.path so automata-lib is importable)


def machine_info() -> str:
    import numpy

    lines = [f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores",
             f"numpy {numpy.__version__}"]
    try:
        import torch
        cuda = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "no CUDA"
        lines.append(f"torch {torch.__version__} ({cuda}, {torch.get_num_threads()} threads)")
    except ImportError:
        lines.append("torch not installed")
    try:
        with open("/proc/cpuinfo") as fh:
            model = next((ln.split(":", 1)[1].strip() for ln in fh if ln.startswith("model name")), "")
        if model:
            lines.append(model)
    except OSError:
        pass
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(p.stem for p in here.glob("bench_*.py"))
    cut = next((i for i, a in enumerate(argv) if a.startswith("-")), len(argv))
    words, flags = argv[:cut], argv[cut:]
    if words:
        names = [n for n in names if any(w in n for w in words)]
    print(machine_info())
    failed = []
    for name in names:
        print(f"\n== {name} " + "=" * max(0, 70 - len(name)))
        t0 = time.perf_counter()
        try:
            bench = importlib.import_module(f"benchmarks.{name}").main
            if flags and inspect.signature(bench).parameters:
                bench(flags)
            else:
                bench()
        except Exception as exc:  # report and go on with the others
            failed.append(name)
            print(f"{name} failed: {type(exc).__name__}: {exc}")
        print(f"({name}: {time.perf_counter() - t0:.1f} s)")
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
