"""Separations between all fragments: for each ordered pair (A, B), a language in A and not in B.

Every answer comes from the built-in catalogue and is re-verified by the classifier: a
formula of A checked against the language's DFA, and a witness pair for B.  Pairs with
A ⊆ B are reported with the reason no separation exists.

    python examples/separations.py [FRAGMENT ...]
"""

from __future__ import annotations

import sys

from attnlogic.definability.separation.separations import separation
from attnlogic.kernel.errors import AttnlogicError

FRAGMENTS = ["LTL[P]", "LTL[Y]", "LTL[Y<=2]", "LTL[P,Y]", "LTL[P,Y<=2]", "LTL[S]"]


def main(argv: list[str]) -> int:
    fragments = argv or FRAGMENTS
    found = included = open_pairs = 0
    for a in fragments:
        for b in fragments:
            if a == b:
                continue
            try:
                sep = separation(a, b).to_json()
            except AttnlogicError as exc:
                reason = str(exc)
                if "included" in reason or "⊆" in reason or "subset" in reason:
                    included += 1
                else:
                    open_pairs += 1
                print(f"{a:>12} \\ {b:<12} none: {reason}")
                continue
            found += 1
            w = sep["witness"]
            depth = "all depths" if w["depth"] is None else f"depth <= {w['depth']}"
            print(f"{a:>12} \\ {b:<12} {sep['formula']}  ({sep['regex']}); "
                  f"{w['accepted'] or 'ε'!r} vs {w['rejected'] or 'ε'!r} at {depth}")
    print(f"\n{found} separated, {included} inclusions, {open_pairs} without a verified separation")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
