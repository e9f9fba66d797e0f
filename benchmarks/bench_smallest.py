"""Speed of the search for small certificates (definability/smallest.py).

The search evaluates candidate formulas in batches on packed truth values.  Baselines, run
in the same process on the same sample (256 words of 12 letters): the same evaluation one
formula at a time (``behaviour``, numpy per formula, the batching removed), and the
reference evaluator (``ltl.truth_values`` on every sample word, scaled from 40 formulas).
Also the searches of the language suite that the classifier runs, with their outcome.

    python -m benchmarks smallest
"""

from __future__ import annotations

import time

import numpy as np


def main() -> None:
    from attnlogic.automata.minimize import minimize
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.definability.certify.smallest import behaviour, behaviour_sample, smallest_formula
    from attnlogic.ltl import random_formula, truth_values

    cases = [("(ab)*", "ab", "LTL[P,Y]"), ("(a|y)*ax*", "axy", "LTL[S]"),
             ("(a(ab)*b)*", "ab", "LTL[S]"), ("(a|b|c)*ab(a|b|c)*", "abc", "LTL[P,Y<=2]"),
             ("(q|y|z)*p(p|x|z)*q(p|q|x|y)*", "pqxyz", "LTL[P]")]
    print(f"{'language':<30} {'fragment':<12} {'candidates':>10} {'s':>6} {'cand/s':>9}  found")
    rates = []
    for regex, alphabet, fragment in cases:
        dfa = minimize(regex_to_dfa(regex, list(alphabet)))
        stats: dict = {}
        t = time.perf_counter()
        f = smallest_formula(dfa, fragment, max_size=14, budget=300_000, stats=stats)
        dt = time.perf_counter() - t
        rates.append(stats["evaluated"] / dt)
        print(f"{regex:<30} {fragment:<12} {stats['evaluated']:>10} {dt:>6.2f} "
              f"{stats['evaluated'] / dt:>9.3g}  {f if f is not None else '— (none of ≤ 14 nodes)'}")

    rng = np.random.default_rng(0)
    words = behaviour_sample(2)
    formulas = [random_formula(rng, ["a", "b"], (5, 12), "LTL[S]") for _ in range(400)]
    t = time.perf_counter()
    for f in formulas:
        behaviour(f, words, ("a", "b"))
    per_formula = len(formulas) / (time.perf_counter() - t)
    sample_words = [["ab"[i] for i in w] for w in words]
    t = time.perf_counter()
    for f in formulas[:40]:
        for w in sample_words:
            for n in range(len(w) + 1):
                truth_values(f, w[:n])
    reference = 40 / (time.perf_counter() - t)
    best = max(rates)
    low = min(rates)
    print(f"\nbatched search: {low:.3g}–{best:.3g} candidates/s;  formulas evaluated one at a time "
          f"from scratch (numpy): {per_formula:.3g}/s (search/baseline {low / per_formula:.0f}–"
          f"{best / per_formula:.0f});  reference evaluator on every prefix of the sample: "
          f"{reference:.3g}/s (search/baseline {low / reference:.3g}–{best / reference:.3g})")


if __name__ == "__main__":
    main()
