"""The window table of docs/decision-procedures.md §6.1, regenerated from the current code.

Every ordered pair (A, B) of the fragments in ``WINDOW_TABLE_FRAGMENTS`` as ``attnlogic
separate A B`` answers it: ⊆ with the rewriting (or the reason) of the inclusion, or ⊄ with
the separating language's formula and the witness pair for B with the depth it is checked
for.  Prints the Markdown table; ``python examples/window_table.py`` is the recorded command
behind the table in the docs (tests/definability/test_window_table.py re-derives each row).
"""

from __future__ import annotations

from attnlogic.definability.separation.separations import WINDOW_TABLE_FRAGMENTS, inclusion, separation


def row(a: str, b: str) -> str:
    inc = inclusion(a, b)
    if inc is not None:
        cert = f"`{inc.rewriting}`" if inc.rewriting else inc.reason
        return f"| {a} | {b} | ⊆ | {cert.replace('|', chr(92) + '|')} |"
    s = separation(a, b)
    w = s.witness_result.witness
    depth = "every depth" if w.depth is None else f"depth ≤ {w.depth}"
    cert = f"`{s.entry.formula}`: `{''.join(w.accepted)}` in, `{''.join(w.rejected)}` out ({depth})"
    return f"| {a} | {b} | ⊄ | {cert.replace('|', chr(92) + '|')} |"


def main() -> None:
    print("| A | B | answer | certificate |")
    print("|---|---|---|---|")
    for a in WINDOW_TABLE_FRAGMENTS:
        for b in WINDOW_TABLE_FRAGMENTS:
            if a != b:
                print(row(a, b))


if __name__ == "__main__":
    main()
