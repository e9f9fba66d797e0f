"""Smoke test of the scaling benchmark (``python -m benchmarks scaling --quick``): every case
runs in its own process and reports time and memory, the peers that are installed agree
with us (the benchmark stops on a mismatch), and the growth exponents are printed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_scaling_benchmark_runs_and_prints_time_memory_and_exponents():
    proc = subprocess.run([sys.executable, "-m", "benchmarks", "scaling", "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    header = next(ln for ln in lines if ln.startswith("operation") and "states" in ln)
    peers = len(re.findall(r" s +MB", header))
    assert peers >= 1
    rows = [ln.split() for ln in lines if re.match(r"(minimise|equivalence) +nth +2 +\d+ ", ln)]
    # two sizes of each operation; 2^8 and 2^10 states
    assert [(r[0], int(r[3])) for r in rows] == [("minimise", 256), ("minimise", 1024),
                                                ("equivalence", 256), ("equivalence", 1024)]
    for r in rows:
        seconds, mb = float(r[4]), float(r[5])           # ours: time and memory
        assert seconds > 0 and mb >= 0       # measured and reported (speed is not asserted)
        assert len(r) == 4 + 2 * peers + 1
    fits = lines[lines.index(next(ln for ln in lines if ln.startswith("growth exponent"))):]
    ours = [float(ln.split()[3]) for ln in fits if re.match(r"(minimise|equivalence) +nth +2 ", ln)]
    assert len(ours) == 2
