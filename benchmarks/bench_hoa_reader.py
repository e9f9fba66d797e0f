"""Reading HOA files: wall time and peak memory of ``read_dfa_file`` in a fresh process.

Recorded command: ``python -m benchmarks hoa_reader`` (about 30 s).  Three files, made
here with a fixed seed: our writer's one-hot file of a random 20,000-state DFA over four
letters; a 2,000-state DFA over the 64 valuations of six APs with one explicit minterm
label per edge (``[0&!1&2&!3&!4&5]``, as Spot writes them); the same automaton with
implicit labels (one edge per valuation, in order).  Each is read in its own process (the
time includes nothing but the reading; the peak is that process's maximum resident set).
The file is read back as the DFA it was made from (checked in the parent process).

Before the token reader of automata/hoa_reader.py (issue 39), the line-based reader of
daea292 took 10.6 s on the first file and 258 s on the second, which it read as the same
DFAs; it refused the third (implicit labels).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import numpy as np

_CHILD = r"""
import resource, sys, time
from attnlogic.automata.io import read_dfa_file
t0 = time.perf_counter()
d = read_dfa_file(sys.argv[1])
wall = time.perf_counter() - t0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{wall:.2f} {peak:.0f} {d.n_states}")
"""


def _files(folder: str):
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.io import to_hoa
    from attnlogic.automata.propositions import valuation_letters

    rng = np.random.default_rng(0)
    n = 20_000
    one_hot = DFA([f"l{i}" for i in range(4)], rng.integers(0, n, (n, 4)), 0, rng.random(n) < 0.5)
    yield "ours, one-hot, 20,000 states x 4", one_hot, to_hoa(one_hot)
    aps = ["a", "b", "c", "d", "e", "f"]
    n = 2_000
    table = rng.integers(0, n, (n, 64))
    finals = rng.random(n) < 0.5
    valuations = DFA(valuation_letters(aps), table, 0, finals)
    head = ["HOA: v1", f"States: {n}", "Start: 0", "AP: 6 " + " ".join(f'"{p}"' for p in aps),
            "acc-name: Buchi", "Acceptance: 1 Inf(0)"]
    explicit, implicit = head + ["--BODY--"], head + ["properties: implicit-labels", "--BODY--"]
    for q in range(n):
        state = f"State: {q}" + (" {0}" if finals[q] else "")
        explicit.append(state)
        implicit.append(state)
        for v in range(64):
            label = "&".join(str(j) if (v >> j) & 1 else f"!{j}" for j in range(6))
            explicit.append(f"[{label}] {table[q, v]}")
        implicit.append(" ".join(str(t) for t in table[q]))
    yield "explicit minterms, 2,000 x 64", valuations, "\n".join(explicit + ["--END--"]) + "\n"
    yield "implicit labels, 2,000 x 64", valuations, "\n".join(implicit + ["--END--"]) + "\n"


def main() -> None:
    from attnlogic.automata.io import read_dfa_file

    print(f"{'file':<36} {'size (MB)':>9} {'read (s)':>9} {'peak (MB)':>10}")
    with tempfile.TemporaryDirectory() as folder:
        for name, dfa, text in _files(folder):
            path = os.path.join(folder, "a.hoa")
            with open(path, "w") as fh:
                fh.write(text)
            out = subprocess.run([sys.executable, "-c", _CHILD, path], capture_output=True, text=True,
                                 check=True).stdout.split()
            assert read_dfa_file(path).minimal() == dfa.minimal(), name
            print(f"{name:<36} {len(text) / 2**20:>9.1f} {float(out[0]):>9.2f} {float(out[1]):>10.0f}")


if __name__ == "__main__":
    main()
