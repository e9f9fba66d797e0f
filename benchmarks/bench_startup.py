"""Command-line start-up: wall time of small commands, against a bare interpreter start.

Target: ``attnlogic --help``, ``parse``, ``eval``, ``dfa`` and ``classify`` start in under
0.5 s (they must not import torch).  Median of 5 runs each, in fresh processes.  The first
rows are whole runs (start-up dominates them); ``classify --help`` is classify's start-up,
``classify --regex '(a|b)*ab' --alphabet ab`` is a whole small classification (target
0.6 s: it imports neither sympy nor numba, scipy only for its SCCs), and the last row, a whole
classification that simplifies its certificate with sympy, is shown for information.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

COMMANDS = [
    ["--help"],
    ["parse", "P (b & Y a)"],
    ["eval", "P (b & Y a)", "cab"],
    ["dfa", "P (b & Y a)"],
    ["classify", "--help"],
]
INFO = [["classify", "P (b & Y a)"]]
#: whole runs with their own target (issue 24: a small classification at interactive speed)
TARGETS = [(["classify", "--regex", "(a|b)*ab", "--alphabet", "ab"], 0.6)]


def _median_wall(argv: list[str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=True, cwd="/")
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    base = _median_wall([sys.executable, "-c", "pass"])
    print(f"{'command':<34} {'wall (s)':>9} {'bare python (s)':>16} {'ratio':>7}  target < 0.5 s")
    for cmd in COMMANDS:
        t = _median_wall([sys.executable, "-m", "attnlogic", *cmd])
        label = "attnlogic " + " ".join(cmd[:1] + [f"'{c}'" for c in cmd[1:]])
        print(f"{label[:34]:<34} {t:>9.3f} {base:>16.3f} {t / base:>7.1f}  {'OK' if t < 0.5 else 'MISSED'}")
    for cmd, target in TARGETS:
        t = _median_wall([sys.executable, "-m", "attnlogic", *cmd])
        label = "attnlogic " + " ".join(cmd[:1] + [f"'{c}'" for c in cmd[1:]])
        print(f"{label[:34]:<34} {t:>9.3f} {base:>16.3f} {t / base:>7.1f}  "
              f"{'OK' if t < target else 'MISSED'} (whole run, target < {target} s)")
    for cmd in INFO:
        t = _median_wall([sys.executable, "-m", "attnlogic", *cmd])
        label = "attnlogic " + " ".join(cmd[:1] + [f"'{c}'" for c in cmd[1:]])
        print(f"{label[:34]:<34} {t:>9.3f} {base:>16.3f} {t / base:>7.1f}  (whole run, for information)")


if __name__ == "__main__":
    main()
