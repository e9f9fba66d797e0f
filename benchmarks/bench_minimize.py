"""Benchmark: our Hopcroft minimisation vs automata-lib's ``DFA.minify``.

Random complete DFAs (uniform transition targets, each state accepting with probability
1/2) with 10^3, 10^4, 10^5 states over 2 and 3 letters; plus, as a worst case for
round-based refinement, the counter modulo n (letter a adds one, letter b resets; one
accepting state), already minimal and n layers deep.  Both libraries get the same
automaton; building automata-lib's object is outside the timing.  Each time is the best of
several runs (one run for automata-lib at 10^5, capped by a timeout).  The table prints
the ratio ours / automata-lib (below 1: we are faster) and checks that both find the same
number of states.

Run: ``.venv/bin/python benchmarks/bench_minimize.py [--timeout SECONDS]``
"""

from __future__ import annotations

import argparse
import signal
import time

import numpy as np

from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize


class _Timeout(Exception):
    pass


def _best(fn, repeats: int, timeout: float | None = None):
    """(best seconds, last result), or (None, None) if a run exceeds ``timeout``."""
    def alarm(signum, frame):
        raise _Timeout

    best, result = None, None
    for _ in range(repeats):
        if timeout:
            old = signal.signal(signal.SIGALRM, alarm)
            signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            t0 = time.perf_counter()
            result = fn()
            dt = time.perf_counter() - t0
        except _Timeout:
            return None, None
        finally:
            if timeout:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old)
        best = dt if best is None else min(best, dt)
    return best, result


def random_dfa(rng, n: int, k: int) -> DFA:
    letters = "abc"[:k]
    return DFA(letters, rng.integers(0, n, size=(n, k)), 0, rng.random(n) < 0.5)


def counter_dfa(n: int) -> DFA:
    table = np.column_stack([(np.arange(n) + 1) % n, np.zeros(n, dtype=np.int64)])
    return DFA("ab", table, 0, [0])


def to_automata_lib(d: DFA):
    from automata.fa.dfa import DFA as LibDFA
    T = d.transitions.tolist()
    return LibDFA(states=set(range(d.n_states)), input_symbols=set(d.alphabet),
                  transitions={q: dict(zip(d.alphabet, T[q])) for q in range(d.n_states)},
                  initial_state=d.initial,
                  final_states=set(np.flatnonzero(d.accepting).tolist()))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="cap on one automata-lib run, seconds (default 120)")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        import automata.fa.dfa  # noqa: F401
        have_lib = True
    except ImportError:
        have_lib = False
    rng = np.random.default_rng(args.seed)
    print(f"{'family':>8} {'states':>8} {'letters':>7} {'minimal':>8} {'ours (s)':>10} "
          f"{'automata-lib (s)':>17} {'ratio':>7}")
    cases = [("random", n, k) for n in (int(s) for s in args.sizes.split(",")) for k in (2, 3)]
    cases += [("counter", n, 2) for n in (10_000, 100_000)]
    for family, n, k in cases:
            d = random_dfa(rng, n, k) if family == "random" else counter_dfa(n)
            repeats = 7 if n <= 10_000 else 3
            ours, m = _best(lambda: minimize(d), repeats)
            theirs = ratio = None
            if have_lib:
                lib = to_automata_lib(d)
                theirs, lm = _best(lambda: lib.minify(retain_names=False),
                                   repeats if n <= 10_000 else 1, args.timeout)
                if lm is not None and len(lm.states) != m.n_states:
                    raise SystemExit(f"state counts differ: {m.n_states} vs {len(lm.states)}")
                ratio = ours / theirs if theirs else None
            tt = f"{theirs:17.4f}" if theirs is not None else \
                f"{'> ' + str(args.timeout) if have_lib else 'n/a':>17}"
            rr = f"{ratio:7.3f}" if ratio is not None else f"{'< ' + format(ours / args.timeout, '.3f') if have_lib else 'n/a':>7}"
            print(f"{family:>8} {n:>8} {k:>7} {m.n_states:>8} {ours:10.4f} {tt} {rr}", flush=True)


if __name__ == "__main__":
    main()
