"""``attnlogic compile`` start-up (issue 39, issue 43 item 3): wall time and peak memory of
small compilations in fresh processes, before and after the model stopped being built on
torch's meta device.

Before, ``compiler/weights.py`` built the model under ``torch.device("meta")`` and moved it
to the CPU with ``to_empty``: the meta device's random initialisation (``nn.init.normal_``
of the embeddings) goes through ``torch._refs``, which imports ``torch._dynamo`` — 1.6 s at
load 0.8, 5 s at load 6.7, more than the compilation itself.  Now the model is built on the
CPU (the random draws from a forked generator) and overwritten.  The "before" rows run the
same plan and weights with the meta-device construction, in a fresh process each; the
"after" rows are the command itself.  ``compile --out /no/such/folder/m.safetensors`` is
refused before torch is imported (the "refused" row).

    nice -n 10 python -m benchmarks.bench_compile_startup        # median of 5 runs each

Measured (2-core development machine; README, Benchmarks): ``compile_formula`` start to end
4.33 -> 2.69 s at load 0.8 and 11.25 -> 6.30 s at load 6.7 (torch's import alone: 1.43 and
6.18 s), peak 306 -> 234 MB; a bad ``--out`` refused in 0.21 / 0.59 s, 31 MB.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

FORMULA = "P (b & Y a)"

#: the construction of the model before this change, the rest of compile_formula as now
BEFORE = f"""
import torch
import attnlogic.compiler.weights as w
from attnlogic.transformer.model import Transformer

def on_meta(config):
    with torch.device("meta"):
        model = Transformer(config)
    return model.to_empty(device="cpu")

w.Transformer = on_meta
from attnlogic.compiler import compile_formula
from attnlogic.ltl import parse
compile_formula(parse({FORMULA!r}), ("a", "b")).summary().lines()
import sys
assert "torch._dynamo" in sys.modules
"""

AFTER = f"""
from attnlogic.compiler import compile_formula
from attnlogic.ltl import parse
compile_formula(parse({FORMULA!r}), ("a", "b")).summary().lines()
import sys
assert "torch._dynamo" not in sys.modules
"""


def _run(argv: list[str]) -> tuple[float, float, int, str]:
    """Wall seconds, peak resident MB, exit status and stderr of one fresh process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd="/")
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    return wall, usage.ru_maxrss / 1024, proc.returncode, err


def _median(argv: list[str], runs: int, expect: int = 0) -> tuple[float, float]:
    walls, peaks = [], []
    for _ in range(runs):
        wall, peak, rc, err = _run(argv)
        if rc != expect:
            raise SystemExit(f"{argv}: exit {rc}, expected {expect}\n{err}")
        walls.append(wall)
        peaks.append(peak)
    return statistics.median(walls), max(peaks)


def main(argv: list[str] | None = None) -> None:
    runs = 5
    py = sys.executable
    rows = [
        ("bare python", [py, "-c", "pass"], 0),
        ("import torch", [py, "-c", "import torch"], 0),
        ("before: compile_formula, meta device", [py, "-c", BEFORE], 0),
        ("after:  compile_formula, CPU", [py, "-c", AFTER], 0),
        (f"after:  attnlogic compile '{FORMULA}'", [py, "-m", "attnlogic", "compile", FORMULA], 0),
        ("after:  compile --out /no/such/folder/m (refused)",
         [py, "-m", "attnlogic", "compile", FORMULA, "--out", "/no/such/folder/m.safetensors"], 2),
    ]
    print(f"median of {runs} fresh processes; load {os.getloadavg()[0]:.1f}")
    print(f"{'what':<52} {'wall (s)':>9} {'peak (MB)':>10}")
    results = {}
    for label, cmd, expect in rows:
        wall, peak = _median(cmd, runs, expect)
        results[label] = wall
        print(f"{label:<52} {wall:>9.2f} {peak:>10.0f}")
    before = results["before: compile_formula, meta device"]
    after = results["after:  compile_formula, CPU"]
    print(f"compile_formula start to end: {before:.2f} s -> {after:.2f} s ({before / after:.1f}x)")


if __name__ == "__main__":
    main()
