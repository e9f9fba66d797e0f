"""Classification speed.

1. The definite language "the 10th letter from the end is a" (minimal DFA: 1,024 states),
   classified for LTL[P], LTL[Y], LTL[P,Y], LTL[S] (target: under 2 s).
2. Random 200-state DFAs over 2 and 3 letters, DFA-testable fragments only (LTL[P],
   LTL[Y], LTL[P,Y]; target: under 1 s each).
3. The built-in 15-language suite (:data:`attnlogic.suite.SUITE`) with the default options:
   all six fragments (window 2 included), certificates.

Ratios are against a baseline measured in the same process: the time to minimise the DFA
(Hopcroft), which every classification starts with.  Every timed call gets a fresh DFA object
(a DFA remembers its minimal form, so a second call on the same object would time a cache
lookup): the classification times include their own minimisation, as a user's first call does.

Run:  .venv/bin/python -m benchmarks.bench_classify
"""

from __future__ import annotations

import numpy as np

from attnlogic.suite import SUITE
from benchmarks import best_of as timed


def kth_from_end(k: int):
    from attnlogic.automata.dfa import DFA
    n = 2 ** k
    # state = the last k letters as bits (1 = a); reading a letter shifts it in
    table = np.empty((n, 2), dtype=np.int64)
    for s in range(n):
        table[s, 0] = ((s << 1) | 1) & (n - 1)   # a
        table[s, 1] = (s << 1) & (n - 1)         # b
    accepting = [(s >> (k - 1)) & 1 == 1 for s in range(n)]
    return DFA("ab", table, 0, accepting)


def fresh(d):
    """A new DFA object with the same fields (nothing remembered from earlier calls)."""
    from attnlogic.automata.dfa import DFA
    return DFA._trusted(d.alphabet, d.transitions, d.initial, d.accepting)


def main() -> None:
    from attnlogic.definability.engine.classify import classify
    from attnlogic.automata.dfa import DFA
    from attnlogic.automata.minimize import minimize

    rows = []
    d = kth_from_end(10)
    base, m = timed(lambda: minimize(fresh(d)), 3)
    t, cl = timed(lambda: classify(fresh(d), windows=()))
    answers = {r.fragment: r.member for r in cl.results}
    rows.append(("10th-from-end (1024 states), P/Y/P,Y/S", m.n_states, base, t, answers))

    rng = np.random.default_rng(0)
    worst = 0.0
    for letters in (2, 3):
        for _ in range(5):
            table = rng.integers(0, 200, (200, letters))
            dd = DFA([chr(97 + i) for i in range(letters)], table, 0, rng.random(200) < 0.5)
            b, mm = timed(lambda: minimize(fresh(dd)))
            from attnlogic.definability.fragments.definite import decide_definite
            from attnlogic.definability.fragments.locally_r_trivial import decide_locally_r_trivial
            from attnlogic.definability.fragments.r_trivial import decide_r_trivial
            tt, _ = timed(lambda: (decide_r_trivial(m2 := minimize(fresh(dd))), decide_definite(m2),
                                   decide_locally_r_trivial(m2)))
            worst = max(worst, tt)
            rows.append((f"random 200-state DFA, {letters} letters (P/Y/P,Y tests)", mm.n_states, b, tt, None))
    # a random 200-state DFA in LTL[P,Y] (forward edges and self-loops only: partially ordered)
    table = np.array([[min(199, q + 1), q if rng.random() < 0.5 else min(199, q + int(rng.integers(1, 4)))]
                      for q in range(200)])
    dd = DFA("ab", table, 0, rng.random(200) < 0.5)
    b, mm = timed(lambda: minimize(fresh(dd)))
    tt, clp = timed(lambda: classify(fresh(mm), windows=(), minimal=True))
    rows.append(("random partially ordered DFA, full classify with certificates", mm.n_states, b, tt,
                 {r.fragment: r.member for r in clp.results}))

    from attnlogic.automata.regex import regex_to_dfa
    dfas = [regex_to_dfa(lang.regex, lang.alphabet) for lang in SUITE]
    b, _ = timed(lambda: [minimize(fresh(x)) for x in dfas])
    tt, _ = timed(lambda: [classify(fresh(x)) for x in dfas])
    rows.append((f"the suite ({len(SUITE)} languages, six fragments, certificates)",
                 sum(x.n_states for x in dfas), b, tt, None))

    print(f"{'benchmark':<62} {'states':>6} {'minimise s':>10} {'classify s':>10} {'ratio':>8}")
    for name, n, b, t, ans in rows:
        print(f"{name:<62} {n:>6} {b:>10.2e} {t:>10.4f} {t / b:>8.1f}")
        if ans:
            print("    " + ", ".join(f"{k}={v}" for k, v in ans.items()))
    print(f"worst random 200-state DFA (DFA tests): {worst:.3f} s (target < 1 s)")


if __name__ == "__main__":
    main()
