"""MLRegTest's pleb programs against the automata plebby wrote from them.

    python examples/mlregtest_programs.py DIR [GLOB]

DIR is a checkout of github.com/heinz-jeffrey/subregular-learning (programs in
src/subreglib/*.plebby, automata in src/fstlib/att_format/*.att) or a folder holding both
side by side (tests/data/mlregtest).  Every program (matching GLOB, default ``*``) is read
by attnlogic's pleb interpreter and compared with its ``.att`` file by DFA equivalence; the
last line counts the programs that agree, differ, have no automaton or fail to read.
docs/file-formats.md reports the run on the whole repository.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from attnlogic.automata.io import read_dfa_file
from attnlogic.automata.operations import equivalent
from attnlogic.kernel.errors import AttnlogicError


def main(folder: str, pattern: str = "*") -> int:
    root = Path(folder)
    programs = root / "src" / "subreglib"
    automata = root / "src" / "fstlib" / "att_format"
    if not programs.is_dir():
        programs = automata = root
    counts: Counter = Counter()
    classes: set = set()
    for program in sorted(programs.glob(pattern + ".plebby")):
        if program.name.startswith("syms"):
            continue
        att = automata / (program.stem + ".att")
        if not att.is_file():
            counts["without an automaton"] += 1
            continue
        try:
            d = read_dfa_file(str(program))
            same = equivalent(d, read_dfa_file(str(att), alphabet=d.alphabet))
        except AttnlogicError as err:
            counts["unread"] += 1
            print(f"{program.name}: {err}")
            continue
        counts["equivalent" if same else "different"] += 1
        classes.add(program.name.split(".")[2])
        if not same:
            print(f"{program.name}: a different language from {att.name}")
    print(f"{sum(counts.values())} programs, {len(classes)} classes: {counts['equivalent']} equivalent, "
          f"{counts['different']} different, {counts['without an automaton']} without an automaton, "
          f"{counts['unread']} unread")
    return 0 if counts["different"] == counts["unread"] == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
