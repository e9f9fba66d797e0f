"""Least orders of LT and LTT (docs/decision-procedures.md §9, the path category of the de
Bruijn graph): with AT&T files (MLRegTest's, over a b c d), each file's least k of LT and
least (k, t) of LTT with the time of each decision (certificate included); without
arguments, how many minimal DFAs with ≤ 3 states over {a, b} have each least order.

    python examples/least_orders.py tests/data/mlregtest/04.04.LT.2.1.0.att …
    python examples/least_orders.py
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.io import read_dfa_file
from attnlogic.definability.subregular import locally_testable, threshold_testable

CLASSES = (("LT", locally_testable), ("LTT", threshold_testable))


def describe(ans) -> str:
    if ans.member is not True:
        return "no" if ans.member is False else "undecided"
    if ans.k is None:
        return "yes, order not computed"
    order = f"k = {ans.k}" + ("" if ans.t is None else f", t = {ans.t}")
    kind = ans.certificate.to_json()["kind"] if ans.certificate is not None else "none"
    return order + f" (certificate: {kind})"


def main(paths) -> int:
    if paths:
        for path in paths:
            dfa = read_dfa_file(path, alphabet="abcd")
            parts = []
            for name, mod in CLASSES:
                t0 = time.perf_counter()
                ans = mod.decide(dfa)
                parts.append(f"{name}: {describe(ans)} [{time.perf_counter() - t0:.2f} s]")
            print(f"{path.rsplit('/', 1)[-1]} ({dfa.n_states} states): " + "; ".join(parts))
        return 0
    counts = {name: Counter() for name, _ in CLASSES}
    total = 0
    for dfa in minimal_dfas(3, "ab"):
        total += 1
        for name, mod in CLASSES:
            ans = mod.decide(dfa)
            if ans.member:
                counts[name][(ans.k, ans.t) if name == "LTT" else ans.k] += 1
    print(f"{total} minimal DFAs with at most 3 states over {{a, b}}")
    for name, _ in CLASSES:
        shown = ", ".join(f"{'k' if name == 'LT' else '(k, t)'} = {o}: {c}" for o, c in sorted(counts[name].items()))
        print(f"{name}: {sum(counts[name].values())} in the class; least {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
