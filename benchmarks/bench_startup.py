"""Command-line start-up: wall time of small commands against a bare interpreter start
(``python -c pass``), as ratios measured in one run.

Targets (issue 45): ``attnlogic --version`` and ``attnlogic --help`` at most 3× a bare
interpreter (the CLI imports no command's dependencies for them: no numpy, no regex
grammar, no torch; tests/cli/test_import_graph.py keeps it so), a whole small
classification, ``classify --regex '(a|b)*ab' --alphabet ab``, at most 6×.  The other rows
are shown for information: ``parse``, ``eval``, ``dfa`` whole runs, ``classify --help``
(which lists the registered classes, so imports the classifier), and a classification that
simplifies its certificate with sympy.  Median of 7 runs each, in fresh processes, the
commands through the installed ``attnlogic`` entry point's module (``python -m attnlogic``),
every row interleaved with the bare interpreter's runs so that a loaded machine weighs on
both alike (``--targets``: only the three rows with a target; ``--runs N``).
``--breakdown``: where the small classification's time goes, each row against the bare
interpreter in the same interleaved runs: ``import numpy`` alone, numpy with numpy.random
(the certificate search's seeded sample of words), every module the small classification
loads imported and nothing run (numpy, the standard library's and ours: the list taken
from that command's own process), and the whole command; the work itself is the last row
less the one before.  Wall time and CPU time (user + system of the child: steadier than
wall time on a loaded machine), each as a ratio to the bare interpreter's.  The commands run with their bytecode cached, as an installed package runs (pip
compiles it at install): one untimed run of each row first, with PYTHONDONTWRITEBYTECODE
unset for the children (where it is set and nothing is cached, every run would compile
every module, several times the import itself).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

#: (arguments, the largest ratio to ``python -c pass`` aimed at, or None: for information)
ROWS = [
    (["--version"], 3.0),
    (["--help"], 3.0),
    (["parse", "P (b & Y a)"], None),
    (["eval", "P (b & Y a)", "cab"], None),
    (["dfa", "P (b & Y a)"], None),
    (["classify", "--help"], None),
    (["classify", "--regex", "(a|b)*ab", "--alphabet", "ab"], 6.0),
    (["classify", "P (b & Y a)"], None),
]
RUNS = 7
#: the children's environment: bytecode cached (module docstring)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _wall(argv: list[str]) -> float:
    return _timed(argv)[0]


def _timed(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one run of ``argv``."""
    import resource

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    t0, c0 = time.perf_counter(), cpu()
    subprocess.run(argv, capture_output=True, check=True, cwd="/", env=ENV)
    return time.perf_counter() - t0, cpu() - c0


def ratio(cmd: list[str], runs: int = RUNS) -> tuple[float, float]:
    """(median wall time of ``attnlogic CMD``, median of ``python -c pass``), runs interleaved
    after one untimed run of each (its bytecode cached)."""
    _wall([sys.executable, "-c", "pass"])
    _wall([sys.executable, "-m", "attnlogic", *cmd])
    bare, mine = [], []
    for _ in range(runs):
        bare.append(_wall([sys.executable, "-c", "pass"]))
        mine.append(_wall([sys.executable, "-m", "attnlogic", *cmd]))
    return statistics.median(mine), statistics.median(bare)


#: the small classification whose time --breakdown splits
SMALL = ["classify", "--regex", "(a|b)*ab", "--alphabet", "ab"]


def modules_loaded(cmd: list[str]) -> list[str]:
    """Every module (by name) in ``sys.modules`` when ``attnlogic CMD`` has run, in the
    order they were loaded, from a fresh process."""
    code = ("import sys, io, contextlib\nfrom attnlogic.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main({cmd!r})\n"
            "print('\\n'.join(m for m in sys.modules if not m.startswith('__main__')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd="/", env=ENV)
    return out.stdout.split()


def _interleaved(argvs: dict[str, list[str]], runs: int) -> dict[str, tuple[float, float]]:
    """(median wall time, median CPU time) of each command line, the rows interleaved run by
    run (one untimed run of each first)."""
    for argv in argvs.values():
        _wall(argv)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in argvs}
    for _ in range(runs):
        for name, argv in argvs.items():
            times[name].append(_timed(argv))
    return {name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
            for name, t in times.items()}


def breakdown(runs: int = RUNS) -> None:
    """The --breakdown table (module docstring)."""
    mods = modules_loaded(SMALL)
    rows = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "import numpy": [sys.executable, "-c", "import numpy"],
        "import numpy, numpy.random": [sys.executable, "-c", "import numpy, numpy.random"],
        f"the {len(mods)} modules of the small classify, imported": [
            sys.executable, "-c", "import importlib\nfor m in " + repr(mods) + ":\n"
            "    try:\n        importlib.import_module(m)\n    except ImportError:\n        pass"],
        "attnlogic " + " ".join(SMALL[:2]) + " '(a|b)*ab' ...": [sys.executable, "-m", "attnlogic", *SMALL],
    }
    got = _interleaved(rows, runs)
    base, cbase = got["python -c pass"]
    print(f"{'where a small classify spends its time':<52} {'wall (s)':>9} {'ratio':>7} {'more':>7}  "
          f"{'CPU (s)':>8} {'ratio':>7} {'more':>7}")
    before = None
    for name, (t, c) in got.items():
        more = ("", "") if before is None else (f"{(t - before[0]) / base:+.2f}×", f"{(c - before[1]) / cbase:+.2f}×")
        print(f"{name[:52]:<52} {t:>9.3f} {t / base:>6.2f}× {more[0]:>7}  {c:>8.3f} {c / cbase:>6.2f}× "
              f"{more[1]:>7}", flush=True)
        before = (t, c)
    print(f"(ours: {sum(m.startswith('attnlogic') for m in mods)} modules; numpy's: "
          f"{sum(m.split('.')[0] == 'numpy' for m in mods)}; the rest from the standard library)")


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", action="store_true",
                        help="only the rows with a target (--version, --help, the small classify)")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"fresh processes per row (default {RUNS})")
    parser.add_argument("--breakdown", action="store_true",
                        help="where the small classify's time goes: numpy, numpy.random, its modules, the work")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:] if __name__ == "__main__" else [])
    if args.breakdown:
        breakdown(args.runs)
        return
    print(f"{'command':<46} {'wall (s)':>9} {'python -c pass (s)':>19} {'ratio':>7}  target")
    for cmd, target in ROWS:
        if args.targets and target is None:
            continue
        t, base = ratio(cmd, args.runs)
        label = "attnlogic " + " ".join(cmd[:1] + [f"'{c}'" if " " in c or "*" in c else c for c in cmd[1:]])
        verdict = ("(for information)" if target is None else
                   f"≤ {target:g}×: {'OK' if t / base <= target else 'MISSED'}")
        print(f"{label[:46]:<46} {t:>9.3f} {base:>19.3f} {t / base:>6.1f}×  {verdict}", flush=True)


if __name__ == "__main__":
    main()
