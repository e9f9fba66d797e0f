"""Every registered class asked of random DFAs (a sweep for crashes, time and memory).

The DFAs are drawn as the sweeps of issue 42 drew them (``random.Random(seed)``; per DFA: 2,
2 or 3 letters, 5–11 states, uniform transitions, each state accepting with probability 0.4);
``--seeds`` and ``--count`` pick them, ``--only SEED:I,…`` a few of them.  Each is classified in
a fresh process (so that its peak memory is its own), its address space capped at
``--address-space`` GB (as ``ulimit -v``; 0: no cap), with window 2, certificates and every
class asked only when named (``classify(..., classes=every one)``).  Printed per DFA: the
minimal states and letters, the wall and CPU seconds, the peak resident memory (MB), the
answers yes/no/undecided, the memos dropped to stay within the memory budget, or the error
(a refusal's first words; a crash's exception; the timeout).

Run:  .venv/bin/python -m benchmarks.bench_every_class --only 3:10
      .venv/bin/python -m benchmarks.bench_every_class --seeds 1,2,3 --count 20 --timeout 240
"""

from __future__ import annotations

import argparse

from benchmarks import in_fresh_process, parse_or_answer


def random_dfa(seed: int, index: int):
    """The ``index``-th DFA of the sweep ``seed`` (module docstring)."""
    import random

    from attnlogic.automata.dfa import DFA

    rng = random.Random(seed)
    for i in range(index + 1):
        k = rng.choice([2, 2, 3])
        n = rng.randint(5, 11)
        table = [[rng.randrange(n) for _ in range(k)] for _ in range(n)]
        accepting = [rng.random() < 0.4 for _ in range(n)]
    return DFA(tuple("abc"[:k]), table, 0, accepting)


def _case(seed: int, index: int, address_space_gb: float) -> dict:
    import resource
    import time

    if address_space_gb > 0:
        cap = int(address_space_gb * 10 ** 9)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from attnlogic.definability.contract.procedure import Context
    from attnlogic.definability.engine.classify import classify
    from attnlogic.definability.engine.registry import CLASSES
    from attnlogic.kernel.errors import LimitExceeded

    dropped = [0]
    within = Context._within_budget

    def counted(self, newest):
        before = self.dropped
        within(self, newest)
        dropped[0] += self.dropped - before
    Context._within_budget = counted
    d = random_dfa(seed, index)
    names = [c.name for c in CLASSES if not c.default]
    t, c = time.perf_counter(), time.process_time()
    out = {"states": d.minimal().n_states, "letters": len(d.alphabet)}
    try:
        cl = classify(d, windows=(2,), classes=names)
        answers = [r.member for r in cl.results]
        out.update(yes=answers.count(True), no=answers.count(False), undecided=answers.count(None))
    except LimitExceeded as exc:
        out["refused"] = str(exc)[:90]
    except MemoryError as exc:
        out["crash"] = f"MemoryError {str(exc)[:80]}"
    out.update(seconds=time.perf_counter() - t, cpu=time.process_time() - c, dropped=dropped[0],
               peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--count", type=int, default=20, help="DFAs per seed")
    parser.add_argument("--only", default="", help="SEED:INDEX,… instead of --seeds and --count")
    parser.add_argument("--address-space", type=float, default=12, help="GB (0: no cap)")
    parser.add_argument("--timeout", type=float, default=600)
    args = parse_or_answer(parser, argv, _case)
    if args is None:
        return
    if args.only:
        picks = [tuple(int(x) for x in p.split(":")) for p in args.only.split(",")]
    else:
        picks = [(int(s), i) for s in args.seeds.split(",") for i in range(args.count)]
    print(f"{'seed:i':>7} {'states':>6} {'letters':>7} {'wall s':>7} {'cpu s':>7} {'peak MB':>8} "
          f"{'yes':>4} {'no':>4} {'undec':>5} {'dropped':>7}  error")
    for seed, i in picks:
        r = in_fresh_process("bench_every_class", [seed, i, args.address_space], args.timeout)
        if "error" in r:
            print(f"{seed:>4}:{i:<2} {r['error']}")
            continue
        what = r.get("refused") or r.get("crash") or ""
        print(f"{seed:>4}:{i:<2} {r['states']:>6} {r['letters']:>7} {r['seconds']:>7.1f} {r['cpu']:>7.1f} "
              f"{r['peak_mb']:>8.0f} {r.get('yes', ''):>4} {r.get('no', ''):>4} {r.get('undecided', ''):>5} "
              f"{r['dropped']:>7}  {what}", flush=True)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
