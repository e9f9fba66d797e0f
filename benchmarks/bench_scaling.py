"""Benchmark: time AND peak memory of minimisation, equivalence and classification at
10^3 … 10^6 states, against libmata (C++ Mata) and automata-lib, with fitted growth exponents.

Families (``--letters`` k letters, default 2; the same automaton for every library):

* ``random``: uniform random complete DFA, each state accepting with probability 1/2;
* ``counter``: the counter modulo n (the first letter adds one, every other letter resets;
  state 0 accepts), minimal;
* ``chain``: the first letter moves on, every other letter stays, the last state accepts;
  minimal, n layers deep;
* ``nth``: "the m-th letter from the end is the first letter", 2^m states with 2^m the power
  of two nearest the size (1 024, 8 192, 131 072, 1 048 576), minimal.

Operations:

* ``minimise``: ours (:func:`attnlogic.automata.minimize.minimize`, Hopcroft); libmata's
  Hopcroft on the same DFA (trimmed: it needs no useless states); automata-lib ``minify``;
  the minimal state counts are compared (a mismatch stops the run);
* ``equivalence``: the DFA against a copy with its states renumbered by a random
  permutation (equivalent, so nothing stops early): ours (Hopcroft–Karp,
  :func:`attnlogic.automata.operations.equivalent`); libmata's antichain equivalence on the
  two DFAs as NFAs; automata-lib ``==``; all must answer "equivalent";
* ``classify``: ours only (no peer classifies): LTL[P], LTL[Y], LTL[P,Y], LTL[S]
  (``windows=()``), on ``random`` and ``nth``.

Every case runs in a fresh interpreter.  The operation is first run once on the same
family at min(size, 60 000) states (a warm-up: imports, compiled kernels loaded — one-time
costs, not counted); then the input is built, the kernel's peak resident set (VmHWM) is
reset (``/proc/self/clear_refs``) and the operation timed (best of ``--repeat``); ``MB`` is
the peak resident set during the operation minus the resident set just before it, i.e. the
memory the operation itself needed (ru_maxrss when the reset is unavailable).  A case over ``--cap`` seconds is killed and printed as "–", and the larger
sizes of that library are not tried.  automata-lib is run up to ``--lib-max`` states.
ratio = ours / the fastest peer (below 1: we are faster); exponent = the least-squares slope
of log(time) on log(states) over the sizes measured.

Run: ``python -m benchmarks scaling [--quick] [--sizes 1000,10000,100000,1000000]``
"""

from __future__ import annotations

import argparse
import importlib.metadata
import math
import os
import resource
import sys
import time

import numpy as np

from . import fit_exponent, in_fresh_process, parse_or_answer

OPERATIONS = ("minimise", "equivalence", "classify")
FAMILIES = ("random", "counter", "chain", "nth")
PEERS = ("ours", "libmata", "automata-lib")
CLASSIFY_FAMILIES = ("random", "nth")
#: the warm-up size: above attnlogic.automata._compiled.MIN_CELLS cells (2 letters), so a
#: warm-up loads the compiled kernels whenever the timed run would use them
WARM_UP = 60_000


# -- inputs (numpy only: every library gets the same tables) -------------------------------
def family_table(family: str, size: int, seed: int = 1, letters: int = 2):
    """(transitions (n, letters), accepting mask) of the family at about ``size`` states."""
    k = letters
    if family == "random":
        rng = np.random.default_rng(seed)
        return rng.integers(0, size, size=(size, k)), rng.random(size) < 0.5
    others = lambda column: np.repeat(column[:, None], k - 1, axis=1)  # noqa: E731
    if family == "counter":
        t = np.column_stack([(np.arange(size) + 1) % size, others(np.zeros(size, dtype=np.int64))])
        return t, np.arange(size) == 0
    if family == "chain":
        t = np.column_stack([np.minimum(np.arange(size) + 1, size - 1), others(np.arange(size))])
        return t, np.arange(size) == size - 1
    if family == "nth":
        m = max(1, round(math.log2(size)))
        n = 2 ** m
        s = np.arange(n)
        # state = the last m letters as bits (1 = the first letter), the newest lowest
        t = np.column_stack([((s << 1) | 1) & (n - 1), others((s << 1) & (n - 1))])
        return t, ((s >> (m - 1)) & 1) == 1
    raise ValueError(family)


def renumbered(t: np.ndarray, acc: np.ndarray, seed: int = 2):
    """The same automaton with state q renamed perm[q] (initial state 0 → perm[0])."""
    perm = np.random.default_rng(seed).permutation(t.shape[0])
    t2 = np.empty_like(t)
    t2[perm] = perm[t]
    acc2 = np.empty_like(acc)
    acc2[perm] = acc
    return t2, acc2, int(perm[0])


# -- one case, in this (fresh) process -----------------------------------------------------
def _rss_kb() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def _hwm_kb() -> int | None:
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _trim_heap() -> None:
    """Give the heap memory freed so far (the warm-up's) back to the system (glibc's
    malloc_trim), so that the operation's own growth shows in the resident set."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _reset_hwm() -> bool:
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
        return True
    except OSError:
        return False


def _mata_dfa(mata, t, acc, initial=0):
    m = mata.Nfa(t.shape[0])
    m.make_initial_state(initial)
    for q in np.flatnonzero(acc).tolist():
        m.make_final_state(q)
    for q, row in enumerate(t.tolist()):
        for a, r in enumerate(row):
            m.add_transition(q, a, r)
    return m


def letter_names(k: int) -> tuple[str, ...]:
    """The k letters: a, b, c, …"""
    return tuple(chr(ord("a") + i) for i in range(k))


def _lib_dfa(t, acc, initial=0):
    from automata.fa.dfa import DFA as LibDFA
    rows = t.tolist()
    names = letter_names(t.shape[1])
    return LibDFA(states=set(range(len(rows))), input_symbols=set(names),
                  transitions={q: dict(zip(names, r)) for q, r in enumerate(rows)},
                  initial_state=initial, final_states=set(np.flatnonzero(acc).tolist()))


def prepare(op: str, family: str, size: int, peer: str, letters: int = 2):
    """A zero-argument function doing the operation, and the states of its input."""
    t, acc = family_table(family, size, letters=letters)
    n = t.shape[0]
    names = letter_names(letters)
    if peer == "ours":
        from attnlogic.automata.dfa import DFA
        d = DFA._trusted(names, t, 0, acc)
        if op == "minimise":
            from attnlogic.automata.minimize import minimize
            # a fresh object each call: a DFA remembers its minimal form
            return (lambda: minimize(DFA._trusted(d.alphabet, d.transitions, 0, d.accepting)).n_states), n
        if op == "equivalence":
            from attnlogic.automata.operations import equivalent
            t2, acc2, i2 = renumbered(t, acc)
            e = DFA._trusted(names, t2, i2, acc2)
            return (lambda: bool(equivalent(d, e))), n
        if op == "classify":
            from attnlogic.definability.engine.classify import classify
            return (lambda: {str(r.fragment): r.member for r in classify(
                DFA._trusted(d.alphabet, d.transitions, 0, d.accepting), windows=()).results}), n
    if peer == "libmata":
        import libmata.alphabets as alphabets
        import libmata.nfa.nfa as mata
        if op == "minimise":
            m = _mata_dfa(mata, t, acc)
            m.trim()
            return (lambda: mata.minimize(m, {"algorithm": "hopcroft"}).num_of_states()), n
        if op == "equivalence":
            t2, acc2, i2 = renumbered(t, acc)
            m1, m2 = _mata_dfa(mata, t, acc), _mata_dfa(mata, t2, acc2, i2)
            alph = alphabets.IntAlphabet()
            return (lambda: bool(mata.equivalence_check(m1, m2, alph, {"algorithm": "antichains"}))), n
    if peer == "automata-lib":
        lib = _lib_dfa(t, acc)
        if op == "minimise":
            return (lambda: len(lib.minify(retain_names=False).states)), n
        if op == "equivalence":
            t2, acc2, i2 = renumbered(t, acc)
            lib2 = _lib_dfa(t2, acc2, i2)
            return (lambda: bool(lib == lib2)), n
    raise ValueError((op, peer))


def run_here(op: str, family: str, size: int, peer: str, repeat: int, letters: int = 2,
             cold: bool = False) -> dict:
    """One case in this process: ``seconds`` the best of ``repeat`` calls after a warm-up on
    the same family (imports and compiled kernels loaded: one-time costs, not counted);
    ``first`` the first call of the process when ``cold`` (no warm-up: it pays for loading
    whatever the operation loads, as a user's first call does)."""
    if not cold:
        prepare(op, family, min(size, WARM_UP), peer, letters)[0]()
    fn, n = prepare(op, family, size, peer, letters)
    import gc
    gc.collect()
    _trim_heap()
    before = _rss_kb()
    exact = _reset_hwm()
    if not exact:
        start_max = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    best, out, first = float("inf"), None, None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        took = time.perf_counter() - t0
        first = took if first is None else first
        best = min(best, took)
    peak = _hwm_kb() if exact else max(start_max, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return {"op": op, "family": family, "size": size, "peer": peer, "states": n, "seconds": best,
            "first": first if cold else None, "mb": max(0, peak - before) / 1024, "result": out}


def run_case(op, family, size, peer, repeat, cap, letters=2, cold=False) -> dict:
    """One case in a fresh interpreter; {"error": ...} on a timeout or a failure."""
    return in_fresh_process("bench_scaling", [op, family, size, peer, repeat, letters, cold], cap)


def _available(peer: str) -> bool:
    try:
        if peer == "libmata":
            import libmata.nfa.nfa  # noqa: F401
        elif peer == "automata-lib":
            import automata.fa.dfa  # noqa: F401
    except ImportError:
        return False
    return True


def _named(peer: str) -> str:
    """The peer with its installed version (libmata's differ: the README's figures are
    against 1.31.1, benchmarks/build_libmata.sh)."""
    return peer if peer == "ours" else f"{peer} {importlib.metadata.version(peer)}"


def _agree(op: str, family: str, results: dict) -> None:
    """The peers' answers must match ours (libmata's minimal DFA is trimmed: no sink)."""
    ours = results.get("ours")
    if ours is None:
        return
    for peer, r in results.items():
        if peer == "ours":
            continue
        want = ours["result"]
        if op == "minimise" and peer == "libmata":
            # libmata drops the rejecting sink, when the minimal DFA has one
            if r["result"] not in (want, want - 1):
                raise SystemExit(f"{op} {family}: {peer} gives {r['result']}, ours {want}")
        elif r["result"] != want:
            raise SystemExit(f"{op} {family}: {peer} gives {r['result']}, ours {want}")


def _cell(r) -> str:
    if r is None:
        return f"{'–':>9} {'–':>7}"
    return f"{r['seconds']:9.3g} {r['mb']:7.1f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000,1000000")
    ap.add_argument("--letters", default="2", help="alphabet sizes, comma-separated (default 2)")
    ap.add_argument("--ops", default=",".join(OPERATIONS))
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--first-call", action="store_true",
                    help="time the first call of each fresh process (no warm-up; one "
                         "uncounted process per operation first fills the on-disk caches)")
    ap.add_argument("--cap", type=float, default=120.0, help="seconds per case (default 120)")
    ap.add_argument("--lib-max", type=int, default=100_000,
                    help="largest size tried with automata-lib (default 10^5)")
    ap.add_argument("--classify-max", type=int, default=100_000,
                    help="largest size classified (default 10^5)")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: sizes 256 and 1024 of the nth family, minimise and "
                         "equivalence, one repeat")
    args = parse_or_answer(ap, argv, run_here)
    if args is None:
        return 0
    if args.quick:
        args.sizes, args.ops, args.families, args.repeat = "256,1024", "minimise,equivalence", "nth", 1
    sizes = [int(s) for s in args.sizes.split(",")]
    alphabets = [int(k) for k in args.letters.split(",")]
    repeat = 1 if args.first_call else args.repeat
    peers = [p for p in PEERS if _available(p)]
    timing = ("time = the first call of a fresh process" if args.first_call
              else f"time = best of {repeat} after a warm-up")
    print(f"peers: {', '.join(_named(p) for p in peers)}; {timing} (s), MB = the operation's own peak resident "
          f"memory; cap {args.cap:.0f} s per case")
    print(f"{'operation':<12} {'family':<8} {'k':>2} {'states':>8} " +
          " ".join(f"{p + ' s':>9} {'MB':>7}" for p in peers) + f" {'ratio':>7}")
    fits = []
    for op in args.ops.split(","):
        primed = set()
        for k in alphabets:
            for family in args.families.split(","):
                if op == "classify" and family not in CLASSIFY_FAMILIES:
                    continue
                times: dict[str, list] = {p: [] for p in peers}
                gave_up = set()
                for size in sizes:
                    results = {}
                    for peer in peers:
                        if peer != "ours" and op == "classify":
                            continue
                        if peer in gave_up or (peer == "automata-lib" and size > args.lib_max) or \
                                (op == "classify" and size > args.classify_max):
                            continue
                        if args.first_call and (op, peer) not in primed:
                            # after installation: the first process fills the caches, uncounted
                            run_case(op, family, min(size, WARM_UP), peer, 1, args.cap, k, True)
                            primed.add((op, peer))
                        r = run_case(op, family, size, peer, repeat, args.cap, k, args.first_call)
                        if "error" in r:
                            gave_up.add(peer)
                            print(f"  ({peer}, {op} {family} k={k} {size}: {r['error']})", flush=True)
                            continue
                        results[peer] = r
                        times[peer].append((r["states"], r["seconds"]))
                    _agree(op, family, results)
                    if not results:
                        continue
                    n = next(iter(results.values()))["states"]
                    others = [r["seconds"] for p, r in results.items() if p != "ours"]
                    ratio = (f"{results['ours']['seconds'] / min(others):7.3g}"
                             if "ours" in results and others else f"{'–':>7}")
                    print(f"{op:<12} {family:<8} {k:>2} {n:>8} " +
                          " ".join(_cell(results.get(p)) for p in peers) + f" {ratio}", flush=True)
                fits.append((op, family, k, {p: fit_exponent(v) for p, v in times.items()}))
    print("\ngrowth exponent (least-squares slope of log time on log states)")
    print(f"{'operation':<12} {'family':<8} {'k':>2} " + " ".join(f"{p:>13}" for p in peers))
    for op, family, k, ex in fits:
        print(f"{op:<12} {family:<8} {k:>2} " +
              " ".join(f"{ex[p]:13.2f}" if ex.get(p) is not None else f"{'–':>13}" for p in peers))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
