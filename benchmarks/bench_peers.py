"""Benchmark: ours against libmata (C++ Mata, an optional baseline; its newest release,
1.31.1, builds from source with ``bash benchmarks/build_libmata.sh``), in the same process,
on the operations of the automata layer.

* minimisation of random DFAs (2 letters), counters modulo n (``a`` adds one, ``b``
  resets) and chains (``a`` moves on, ``b`` stays, the last state accepts), already
  minimal and n layers deep: ours in the C extension (automata/_native.c, Hopcroft with a
  waiting set) where it is built, which is the normal case, at every size; libmata's
  Hopcroft on the same (trimmed, complete) DFA;
* language equivalence of a pair with an early difference (``a`` in one language only,
  ``b(a|b)*a(a|b)^16`` behind it) and of two spellings of "the 17th letter from the end
  is a" (131 072 states): ours on the DFAs (Hopcroft–Karp, in the C extension) and on the
  Glushkov NFAs (antichains, :mod:`attnlogic.automata.nfa`, Python), libmata's antichains
  on the same NFAs; the same family on the NFAs at n = 4, 8, 12, 16 (best of at least 5);
* regex → minimal DFA for (a|b)*a(a|b)^16: our routes, libmata's determinise + Hopcroft
  and its Brzozowski.

Times are wall seconds, best of ``--repeat`` runs (the machine is shared, so the minimum is
the least noisy), building the peers' objects outside the timing; ratio = ours / theirs
(below 1: we are faster); exponent = the slope of log time over log size between the two
sizes.  Peak memory is not measured here (the scaling benchmark measures it).

Run: ``.venv/bin/python -m benchmarks.bench_peers [--sizes 100000,1000000] [--repeat 3]``
"""

from __future__ import annotations

import argparse
import importlib.metadata
import math

import numpy as np

from attnlogic.automata import _compiled
from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize
from attnlogic.automata import nfa as N
from attnlogic.automata.operations import equivalent
from attnlogic.automata.regex import regex_to_dfa, regex_to_nfa

from . import best_of


def _mata():
    try:
        import libmata.alphabets as alphabets
        import libmata.nfa.nfa as mata
    except ImportError:
        return None, None
    return mata, alphabets


def random_dfa(n: int, seed: int = 1) -> DFA:
    rng = np.random.default_rng(seed)
    return DFA("ab", rng.integers(0, n, size=(n, 2)), 0, rng.random(n) < 0.5)


def counter_dfa(n: int) -> DFA:
    return DFA("ab", np.column_stack([(np.arange(n) + 1) % n, np.zeros(n, dtype=np.int64)]), 0, [0])


def chain_dfa(n: int) -> DFA:
    return DFA("ab", np.column_stack([np.minimum(np.arange(n) + 1, n - 1), np.arange(n)]), 0, [n - 1])


def mata_from_dfa(mata, d: DFA):
    """The DFA as a libmata automaton, trimmed (Hopcroft there needs no useless states)."""
    m = mata.Nfa(d.n_states)
    m.make_initial_state(d.initial)
    for q in np.flatnonzero(d.accepting).tolist():
        m.make_final_state(q)
    for q, row in enumerate(d.transitions.tolist()):
        for a, t in enumerate(row):
            m.add_transition(q, a, t)
    m.trim()
    return m


def mata_from_nfa(mata, a: N.NFA):
    m = mata.Nfa(a.n_states)
    for q in range(a.n_states):
        if (a.initial >> q) & 1:
            m.make_initial_state(q)
        if (a.accepting >> q) & 1:
            m.make_final_state(q)
        for x, S in enumerate(a.successors[q]):
            while S:
                low = S & -S
                m.add_transition(q, x, low.bit_length() - 1)
                S ^= low
    return m


def _row(label, n, ours, theirs, extra=""):
    ratio = f"{ours / theirs:7.3g}" if theirs else f"{'n/a':>7}"
    tt = f"{theirs:10.3g}" if theirs else f"{'n/a':>10}"
    print(f"{label:<34} {n:>8} {ours:10.3g} {tt} {ratio} {extra}", flush=True)


def _exponent(times: dict) -> str:
    (n1, t1), (n2, t2) = sorted(times.items())[:1] + sorted(times.items())[-1:]
    if n1 == n2 or t1 <= 0 or t2 <= 0:
        return ""
    return f"exp {math.log(t2 / t1) / math.log(n2 / n1):.2f}"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    mata, alphabets = _mata()
    if mata:
        print(f"libmata {importlib.metadata.version('libmata')}")
    else:
        print("libmata not installed (ratios n/a; bash benchmarks/build_libmata.sh builds 1.31.1)")
    print("ours: minimisation and DFA equivalence in "
          + ("the C extension (automata/_native.c)" if _compiled.NATIVE else
             "the fallback (no C extension: numba's steps where numba is installed, else Python)"))
    print(f"{'operation':<34} {'states':>8} {'ours (s)':>10} {'libmata':>10} {'ratio':>7}")
    # one untimed call of each (first-call costs: imports, the fallback's numba kernels)
    minimize(counter_dfa(100_000))
    equivalent(counter_dfa(100_000), counter_dfa(100_000))
    for family, make in (("minimise random", random_dfa), ("minimise counter", counter_dfa),
                         ("minimise chain", chain_dfa)):
        ours_t, theirs_t = {}, {}
        for n in sizes:
            d = make(n)
            # a fresh object each run: a DFA remembers its minimal form
            ours, m = best_of(lambda: minimize(DFA._trusted(d.alphabet, d.transitions, d.initial,
                                                            d.accepting)), args.repeat)
            theirs = None
            if mata:
                md = mata_from_dfa(mata, d)
                theirs, mm = best_of(lambda: mata.minimize(md, {"algorithm": "hopcroft"}),
                                     args.repeat, keep=True)
                want = m.n_states - int(bool(m.sink_states().size))   # libmata's is trimmed
                if mm.num_of_states() != want:
                    raise SystemExit(f"state counts differ: {want} vs {mm.num_of_states()}")
            ours_t[n] = ours
            if theirs:
                theirs_t[n] = theirs
            _row(family, n, ours, theirs,
                 _exponent(ours_t) + (f" (libmata {_exponent(theirs_t)})" if len(theirs_t) > 1 else ""))

    tail = "(a|b)" * 16
    early_a = regex_to_dfa("a|b(a|b)*a" + tail)
    early_b = regex_to_dfa("b(a|b)*a" + tail)
    ours, eq = best_of(lambda: equivalent(early_a, early_b), args.repeat)
    assert not eq
    theirs = None
    if mata:
        na, nb = (mata_from_nfa(mata, regex_to_nfa(r)) for r in ("a|b(a|b)*a" + tail, "b(a|b)*a" + tail))
        alph = alphabets.IntAlphabet()
        theirs, res = best_of(lambda: mata.equivalence_check(na, nb, alph, {"algorithm": "antichains"}),
                              args.repeat)
        assert not res
    _row("equivalence, early difference (DFA)", early_a.n_states, ours, theirs)
    xa, xb = regex_to_nfa("a|b(a|b)*a" + tail), regex_to_nfa("b(a|b)*a" + tail)
    ours, eq = best_of(lambda: N.equivalent(xa, xb), args.repeat)
    assert not eq
    _row("equivalence, early difference (NFA)", xa.n_states, ours, theirs)

    r1 = "(a|b)*a" + "(a|b)" * 16
    r2 = "(a|b)*a" + "((a|b)(a|b))" * 8
    d1, d2 = regex_to_dfa(r1), regex_to_dfa(r2)
    ours, eq = best_of(lambda: equivalent(d1, d2), args.repeat)
    assert eq
    theirs = None
    n1, n2 = regex_to_nfa(r1), regex_to_nfa(r2)
    if mata:
        m1, m2 = mata_from_nfa(mata, n1), mata_from_nfa(mata, n2)
        alph = alphabets.IntAlphabet()
        theirs, res = best_of(lambda: mata.equivalence_check(m1, m2, alph, {"algorithm": "antichains"}),
                              args.repeat)
        assert res
    _row("equivalence, n = 16 family (DFA)", d1.n_states, ours, theirs)
    # the same family on the Glushkov NFAs (n + 4 states each), our antichains against
    # libmata's, at n = 4, 8, 12, 16: neither determinises, both stay linear in n
    alph = alphabets.IntAlphabet() if mata else None
    for n in (4, 8, 12, 16):
        s1, s2 = "(a|b)*a" + "(a|b)" * n, "(a|b)*a" + "((a|b)(a|b))" * (n // 2)
        k1, k2 = regex_to_nfa(s1), regex_to_nfa(s2)
        ours, eq = best_of(lambda: N.equivalent(k1, k2), max(args.repeat, 5))
        assert eq
        theirs = None
        if mata:
            m1, m2 = mata_from_nfa(mata, k1), mata_from_nfa(mata, k2)
            theirs, res = best_of(lambda: mata.equivalence_check(m1, m2, alph, {"algorithm": "antichains"}),
                                  max(args.repeat, 5))
            assert res
        _row(f"equivalence, n = {n} family (NFA)", k1.n_states, ours, theirs)

    for method in ("subset", "brzozowski", "auto"):
        ours, d = best_of(lambda: regex_to_dfa(r1, method=method), args.repeat)
        theirs = None
        if mata:
            mn = mata_from_nfa(mata, n1)
            theirs, _ = best_of(lambda: mata.minimize(mata.determinize(mn), {"algorithm": "hopcroft"}),
                                args.repeat, keep=True)
        _row(f"regex -> min DFA, {method}", d.n_states, ours, theirs, "(libmata: determinise+Hopcroft)")
    if mata:
        mn = mata_from_nfa(mata, n1)
        theirs, _ = best_of(lambda: mata.minimize(mn, {"algorithm": "brzozowski"}), args.repeat, keep=True)
        ours, d = best_of(lambda: regex_to_dfa(r1), args.repeat)
        _row("regex -> min DFA, auto", d.n_states, ours, theirs, "(libmata: Brzozowski)")


if __name__ == "__main__":
    main()
