"""Classification gallery: languages, their fragments, formulas and witnesses.

For each language: the minimal DFA, membership in every fragment with the method used, the
smallest verified formula, and for each non-member the witness pair (two words, one in and
one out, that no formula of the fragment tells apart) with the violated identity; then the
classes asked by name (:data:`CLASSES`: FO2[<] = DA and dot-depth one, decided by their
identities), a "yes" with the instantiations checked and a "no" with the failing
instantiation's words.  Writes a Markdown table too.

    python examples/classification_gallery.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys

from attnlogic.definability.engine.classify import classify
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.kernel.fileio import write_text_atomic

GALLERY = [
    ("Σ*a (ends with a)", "(a|b)*a", "ab"),
    ("aΣ* (begins with a)", "a(a|b)*", "ab"),
    ("Σ*abΣ* (contains ab)", "(a|b|c)*ab(a|b|c)*", "abc"),
    ("(ab)*", "(ab)*", "ab"),
    ("Σ*aΣ*bΣ* (subsequence ab)", "(a|b|c)*a(a|b|c)*b(a|b|c)*", "abc"),
    ("after the last a only c", "(a|b|c)*ac*", "abc"),
    ("even number of b", "a*(ba*ba*)*", "ab"),
]

#: the registered classes asked by name, beside the fragments
CLASSES = ("FO2[<]", "DD1")


def shown(word: str) -> str:
    return repr(word) if word else "ε"


def main(argv: list[str]) -> int:
    out_dir = argv[0] if argv else os.path.join("out", "gallery")
    rows = []
    for title, regex, alphabet in GALLERY:
        dfa = regex_to_dfa(regex, alphabet)
        result = classify(dfa, windows=(2,), classes=CLASSES)
        print(f"\n{title}    regex {regex}, minimal DFA with {dfa.n_states} states")
        marks = []
        for r in result.results:
            mark = {True: "yes", False: "no", None: "?"}[r.member]
            marks.append(mark)
            print(f"  {r.fragment:<13} {mark:<4} {r.method}")
            if r.member and r.formula is not None:
                print(f"  {'':<13}      formula: {r.formula}")
            if r.member and r.certificate is not None:
                print(f"  {'':<13}      {r.certificate}")
            if r.member is False and hasattr(r.witness, "summary"):     # a class's own witness
                print(f"  {'':<13}      witness: {r.witness.text('', ' ' * 21)}")
            elif r.member is False and r.witness is not None:
                w = r.witness
                depth = "every depth" if w.depth is None else f"depth <= {w.depth}"
                accepted, rejected = shown("".join(w.accepted)), shown("".join(w.rejected))
                print(f"  {'':<13}      witness: {accepted} in, {rejected} out, equal at {depth}")
                if r.identity:
                    print(f"  {'':<13}      identity: {r.identity}")
        rows.append((title, regex, dfa.n_states, marks, result.fragments))
    fragments = rows[0][4]
    lines = ["| language | regex | states | " + " | ".join(map(str, fragments)) + " |",
             "|---|---|---|" + "---|" * len(fragments)]
    for title, regex, n, marks, _ in rows:
        lines.append(f"| {title} | `{regex}` | {n} | " + " | ".join(marks) + " |")
    path = write_text_atomic(os.path.join(out_dir, "gallery.md"), "\n".join(lines) + "\n")
    print(f"\ntable written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
