"""Random pleb programs and the automata the Language Toolkit's own reader gives them; the
plebby scripts of scripts/ and ltk_examples/ and the automata plebby itself writes for them.

    python tests/data/pleb/make_ltk_answers.py LTK FINITE_SEMIGROUPS [SEED [N]]

LTK and FINITE_SEMIGROUPS are checkouts of github.com/vvulpes0/Language-Toolkit-2 and
github.com/vvulpes0/finite-semigroups; GHC (Debian's ghc, libghc-parallel-dev,
libghc-safe-dev) compiles LtkDump.hs (beside this file) against their sources, and every
generated program is read by LTK's readPleb and printed by it.  Writes ltk_answers.jsonl
beside this file: one JSON object per program, {"program": text, "ltk": lines}, the lines
"alphabet …", "initial Q", "final Q", "arc Q sym:X R" / "arc Q eps R", or one line
"error …" when LTK refuses the program.  Then plebby (LTK's plebby/Main.lhs, built the same
way) runs each scripts/NAME.plebby and ltk_examples/NAME.plebby (``:import "NAME.plebby"`` and ``:writeATT "NAME.att" _ _
it`` in that folder) and NAME.att is what it writes.  tests/automata/test_pleb.py reads both.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NARY = ["/\\", "\\/", "@", "@@", "|_|_|", ".^.", "\\\\", "//", ".@."]
UNARY = ["~", "!", "*", "+", "-", "^", "$"]


class Generator:
    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def symset(self, letters: str, depth: int = 0) -> str:
        r = self.r.random()
        if depth < 1 and r < 0.15:
            return "{" + ", ".join(self.symset(letters, depth + 1) for _ in range(self.r.randint(1, 2))) + "}"
        if depth < 1 and r < 0.25:
            return "[" + ", ".join(self.symset(letters, depth + 1) for _ in range(self.r.randint(1, 2))) + "]"
        return ("/" if r < 0.35 else "") + self.r.choice(letters)

    def basic(self, letters: str) -> str:
        anchor = self.r.choice(["", "", "%|", "|%", "%||%"])
        pieces = [" ".join(self.symset(letters) for _ in range(self.r.randint(0, 2)))
                  for _ in range(self.r.randint(1, 3))]
        return anchor + "<" + ", ".join(pieces) + ">"

    def factor(self, letters: str) -> str:
        if self.r.random() < 0.15:
            return self.r.choice([".<", "..<"]) + ", ".join(
                self.basic(letters) for _ in range(self.r.randint(1, 3))) + ">"
        return self.basic(letters)

    def expr(self, letters: str, depth: int) -> str:
        r = self.r.random()
        if depth <= 0 or r < 0.3:
            return self.factor(letters)
        if r < 0.6:
            op = self.r.choice(NARY)
            k = self.r.choice([1, 2]) if op in ("|_|_|", ".^.") else self.r.choice([0, 1, 2, 2, 2, 3])
            open_, close = self.r.choice(["{}", "()"])
            return op + open_ + ", ".join(self.expr(letters, depth - 1) for _ in range(k)) + close
        if r < 0.85:
            return self.r.choice(UNARY) + self.expr(letters, depth - 1)
        sets = ", ".join(self.symset(letters) for _ in range(self.r.randint(1, 2)))
        return (f"[{sets}] " if self.r.random() < 0.5 else f"|{sets}| ") + self.expr(letters, depth - 1)

    def program(self) -> str:
        letters = self.r.choice(["ab", "abc"])
        head = "".join(f"= {x} {{/{x}}}\n" for x in letters)
        used = letters + ("c" if letters == "ab" and self.r.random() < 0.05 else "")   # now and then undefined
        return head + self.expr(used, 3) + "\n"


def main(ltk: str, semigroups: str, seed: int = 2026, n: int = 250) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "ltkdump"
        subprocess.run(["ghc", "-O0", f"-i{ltk}/src", f"-i{semigroups}/src", "-outputdir", tmp, "-o", str(exe),
                        str(HERE / "LtkDump.hs")], check=True, capture_output=True)
        gen = Generator(seed)
        out = []
        while len(out) < n:
            program = gen.program()
            path = Path(tmp) / "p.pleb"
            path.write_text(program)
            try:
                lines = subprocess.run([str(exe), str(path)], capture_output=True, text=True,
                                       timeout=20, check=True).stdout.splitlines()
            except subprocess.TimeoutExpired:
                continue                    # LTK took too long: left out
            if sum(len(x) for x in lines) <= 4000:
                out.append({"program": program, "ltk": lines})
        with open(HERE / "ltk_answers.jsonl", "w", encoding="utf-8") as f:
            for record in out:
                f.write(json.dumps(record, ensure_ascii=False) + "\n")
        plebby = Path(tmp) / "plebby"
        subprocess.run(["ghc", "-O0", f"-i{ltk}/src", f"-i{semigroups}/src", f"-i{ltk}/plebby", "-outputdir",
                        tmp, "-o", str(plebby), f"{ltk}/plebby/Main.lhs"], check=True, capture_output=True)
        scripts = sorted((HERE / "scripts").glob("*.plebby")) + sorted((HERE / "ltk_examples").glob("*.plebby"))
        for script in scripts:
            subprocess.run([str(plebby)], input=f':import "{script.name}"\n:writeATT "{script.stem}.att" _ _ it\n',
                           cwd=script.parent, text=True, capture_output=True, timeout=60, check=True)
    print(f"{len(out)} programs, {sum(r['ltk'][0].startswith('error') for r in out)} refused by LTK; "
          f"{len(scripts)} scripts")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:5]))
