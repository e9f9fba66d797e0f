"""The window deciders (LTL[Y<=k], LTL[P,Y<=k]) on random DFAs of 10, 50 and 200 states:
time and peak memory (issue 46).

Two kinds of DFA per size, seeded, over {a, b}:

* ``uniform``: uniform transitions, each state accepting with probability 1/2 (what
  ``bench_classify_random`` measures as a whole).  Such a DFA is almost never definite nor
  locally R-trivial, so the window deciders stop at their necessary condition (§4 of
  docs/decision-procedures.md, item 1).
* ``definite``: the minimal DFA of {w : the last m letters of w lie in S} ∪ (a random set
  of words shorter than m), S a random set of m-letter words (each with probability 1/2),
  m the least with 2^(m+1) − 1 ≥ the size: definite of index ≤ m, so the window deciders
  do their real work (type automata, lassos and, with P, the occurrence forms).
* ``member``: the language of a random formula of LTL[Y<=k] (letters, true, ¬, ∧, ∨,
  Y[<=k]; each step combines two formulas drawn from those built so far, seeded) built until
  its minimal DFA has at least the size's states (or 2,000 steps): both window fragments
  must answer "yes" (a "no" would be a wrong answer; "?" is undecided), so the type
  automata are measured where they must find a formula.

Each DFA is classified (``classify``, window ``--window``, certificates as a user gets
them) in a fresh process, so that its peak resident memory is its own (imports included).
The time of each window fragment is the time of its decision stage, from the
``on_stage`` callback (the certificates' common stage after it is timed apart and
printed as "certs s").  Printed: minimal states, the two window answers (yes / no / ?),
the decision seconds of each, the certificate stage, the whole classification, the peak.

Run:  .venv/bin/python -m benchmarks.bench_windows_random
      .venv/bin/python -m benchmarks.bench_windows_random --sizes 10,50 --dfas 2 --window 3
"""

from __future__ import annotations

import argparse

from benchmarks import in_fresh_process, parse_or_answer


def _definite(n: int, rng):
    """A random definite DFA of at most 2^(m+1) − 1 states, m the least index reaching n."""
    import itertools

    import numpy as np

    from attnlogic.automata.dfa import DFA

    m = 1
    while 2 ** (m + 1) - 1 < n:
        m += 1
    words = [w for length in range(m + 1) for w in itertools.product((0, 1), repeat=length)]
    index = {w: i for i, w in enumerate(words)}
    table = np.array([[index[(w + (a,))[-m:]] for a in (0, 1)] for w in words], dtype=np.int64)
    accepting = rng.random(len(words)) < 0.5
    return DFA(("a", "b"), table, 0, accepting).minimal()


def _member(n: int, k: int, rng):
    """The minimal DFA of a random formula of LTL[Y<=k] with at least ``n`` states (or the
    last one built after 2,000 steps) and the formula."""
    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.ltl.formula import TRUE, Y, and_, atom, not_, or_

    pool = [atom("a"), atom("b"), TRUE]
    for _ in range(2000):
        x, y = pool[rng.integers(len(pool))], pool[rng.integers(len(pool))]
        op = int(rng.integers(4))
        f = Y(x, k) if op == 0 else and_(x, not_(y)) if op == 1 else or_(x, y) if op == 2 else Y(and_(x, y), k)
        pool.append(f)
        d = formula_to_dfa(f, ("a", "b"))
        if d.n_states >= n:
            break
    return d, f


def _case(n: int, kind: str, seed: int, window: int) -> dict:
    import resource
    import time

    import numpy as np

    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.engine.classify import classify

    rng = np.random.default_rng(seed)
    if kind == "uniform":
        d = DFA(("a", "b"), rng.integers(0, n, (n, 2)), 0, rng.random(n) < 0.5)
    elif kind == "definite":
        d = _definite(n, rng)
    else:
        d, _ = _member(n, window, rng)
    marks: list[tuple[str, float]] = []
    t = time.perf_counter()
    cl = classify(d, windows=(window,), on_stage=lambda s: marks.append((s, time.perf_counter())))
    end = time.perf_counter()
    marks.append(("end", end))
    stage = {s.split(" (")[0]: marks[i + 1][1] - at for i, (s, at) in enumerate(marks[:-1])}
    local, hybrid = f"LTL[Y<={window}]", f"LTL[P,Y<={window}]"
    answer = {True: "yes", False: "no", None: "?"}
    return {"minimal": cl.dfa.n_states, "seconds": end - t,
            "local": answer[cl[local].member], "hybrid": answer[cl[hybrid].member],
            "local_s": stage.get(f"deciding {local}", 0.0), "hybrid_s": stage.get(f"deciding {hybrid}", 0.0),
            "certs_s": stage.get("checking and shrinking the certificates", 0.0),
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,50,200")
    parser.add_argument("--kinds", default="uniform,definite,member")
    parser.add_argument("--dfas", type=int, default=3, help="random DFAs per size and kind")
    parser.add_argument("--window", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300)
    args = parse_or_answer(parser, argv, _case)
    if args is None:
        return
    k = args.window
    print(f"window {k}; times in seconds (decision stage of each window fragment; certificates; whole)")
    print(f"{'kind':>8} {'states':>6} {'seed':>4} {'minimal':>7} {f'Y<={k}':>6} {'s':>7} "
          f"{f'P,Y<={k}':>7} {'s':>7} {'certs s':>8} {'whole s':>8} {'peak MB':>8}")
    for kind in args.kinds.split(","):
        for n in (int(x) for x in args.sizes.split(",")):
            for seed in range(args.dfas):
                r = in_fresh_process("bench_windows_random", [n, kind, seed, k], args.timeout)
                if "error" in r:
                    print(f"{kind:>8} {n:>6} {seed:>4} {r['error']}")
                    continue
                print(f"{kind:>8} {n:>6} {seed:>4} {r['minimal']:>7} {r['local']:>6} {r['local_s']:>7.3f} "
                      f"{r['hybrid']:>7} {r['hybrid_s']:>7.3f} {r['certs_s']:>8.3f} {r['seconds']:>8.3f} "
                      f"{r['peak_mb']:>8.0f}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
