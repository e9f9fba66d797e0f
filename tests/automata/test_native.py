"""The C extension (automata/_native.c) against the routes it replaces.

Minimisation: the extension's canonical minimal DFA must be byte-identical to the one of the
fallback routes (Python lists below ``SMALL_CELLS`` cells, numpy/numba above), which
tests/automata/test_minimize.py checks against a naive Moore refinement written there.
Equivalence: the verdicts against the fallback Hopcroft–Karp and against comparing the two
minimal DFAs.  Bad buffers raise a clean error, never a crash.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from attnlogic.automata import _compiled, minimize as M
from attnlogic.automata.dfa import DFA

NATIVE = _compiled.NATIVE
needs_native = pytest.mark.skipif(NATIVE is None, reason="the C extension is not built here")
LETTERS = tuple("abcdefghijklmnopqrst")


def test_the_extension_is_built_and_used():
    """An installation with a C compiler (``pip install -e .``, ``make install``, CI) builds the
    extension; only ATTNLOGIC_NO_NATIVE turns it off."""
    if os.environ.get("ATTNLOGIC_NO_NATIVE"):
        assert NATIVE is None
        pytest.skip("ATTNLOGIC_NO_NATIVE is set")
    from attnlogic.automata import _native
    assert NATIVE is _native and _native.__file__.endswith(".so")


def _fallback_minimize(d: DFA, monkeypatch) -> DFA:
    with monkeypatch.context() as mp:
        mp.setattr(_compiled, "NATIVE", None)
        return M.minimize(DFA._trusted(d.alphabet, d.transitions, d.initial, d.accepting))


def _same(a: DFA, b: DFA) -> bool:
    return (a == b and a.transitions.dtype == b.transitions.dtype == np.int32
            and a.transitions.tobytes() == b.transitions.tobytes())


def _families(n: int, k: int):
    """(name, table, accepting) at about n states and k letters: the benchmark's families
    (benchmarks/bench_scaling.py), written again here: a uniform random DFA; the counter
    modulo n (the first letter adds one, the others reset); the chain (the first letter moves
    on, the others stay); "the m-th letter from the end is the first letter" (2^m states)."""
    rng = np.random.default_rng(n + k)
    s = np.arange(n)
    yield "random", rng.integers(0, n, size=(n, k)), rng.random(n) < 0.5
    yield "counter", np.column_stack([(s + 1) % n] + [np.zeros(n, dtype=np.int64)] * (k - 1)), s == 0
    yield "chain", np.column_stack([np.minimum(s + 1, n - 1)] + [s] * (k - 1)), s == n - 1
    m = max(1, round(np.log2(n)))
    q = np.arange(2 ** m)
    nth = np.column_stack([((q << 1) | 1) & (2 ** m - 1)] + [(q << 1) & (2 ** m - 1)] * (k - 1))
    yield "nth", nth, ((q >> (m - 1)) & 1) == 1


@needs_native
def test_native_minimisation_is_the_fallback_canonical_dfa_on_random_small_dfas(monkeypatch):
    rng = np.random.default_rng(24)
    for trial in range(2000):
        n, k = int(rng.integers(1, 30)), int(rng.integers(1, 5))
        t = rng.integers(0, n, size=(n, k))
        if trial % 4 == 0:                                   # deep: chains with self-loops
            t = np.minimum(np.arange(n)[:, None] + rng.integers(0, 2, size=(n, k)), n - 1)
        acc = rng.random(n) < rng.random()
        d = DFA._trusted(LETTERS[:k], t, int(rng.integers(0, n)), acc)
        got = M.minimize(d)
        assert _same(got, _fallback_minimize(d, monkeypatch)), (t.tolist(), acc.tolist(), d.initial)
        assert got.initial == 0 and not got.transitions.flags.writeable


@needs_native
@pytest.mark.parametrize("n", [1, 2, 10, 100, 1000])
@pytest.mark.parametrize("k", [1, 2, 10, 20])
def test_native_minimisation_of_the_families(monkeypatch, n, k):
    """Every benchmark family, with an unreachable duplicate appended (a second copy of the
    table, with its acceptance flipped), from the first state and from a middle one."""
    for family, t, acc in _families(n, k):
        size = t.shape[0]
        t2 = np.vstack([t, t + size])
        acc2 = np.concatenate([acc, ~acc])
        for initial in (0, size // 2):
            d = DFA._trusted(LETTERS[:k], t2, initial, acc2)
            assert _same(M.minimize(d), _fallback_minimize(d, monkeypatch)), (family, initial)


@needs_native
def test_native_minimisation_edge_cases(monkeypatch):
    cases = [
        ((), np.zeros((1, 0)), 0, [True]),                   # no letters
        ((), np.zeros((3, 0)), 2, [True, False, False]),      # no letters, initial rejecting
        (("a",), [[0]], 0, [False]),                          # one state
        (("a",), [[0]], 0, [True]),
        (("a", "b"), [[1, 2], [2, 0], [0, 1]], 0, [False] * 3),   # no accepting state
        (("a", "b"), [[1, 2], [2, 0], [0, 1]], 0, [True] * 3),    # all accepting
        (("a",), [[0], [1], [0]], 0, [False, True, False]),     # unreachable states only differ
        (("a",), [[1], [2], [3], [0]], 0, [True, False, True, False]),   # a cycle that halves
    ]
    for alphabet, t, initial, acc in cases:
        d = DFA._trusted(alphabet, np.asarray(t, dtype=np.int64).reshape(len(acc), len(alphabet)),
                         initial, np.asarray(acc, dtype=bool))
        got = M.minimize(d)
        assert _same(got, _fallback_minimize(d, monkeypatch)), (alphabet, t, initial, acc)
    # 20 letters, a large DFA with random and chain columns (the fallback's array route)
    rng = np.random.default_rng(5)
    n = 400
    t = rng.integers(0, n, size=(n, 20))
    t[:, :10] = np.minimum(np.arange(n) + 1, n - 1)[:, None]
    acc = rng.random(n) < 0.1
    d = DFA._trusted(LETTERS, t, 0, acc)
    assert _same(M.minimize(d), _fallback_minimize(d, monkeypatch))


@needs_native
def test_native_minimisation_keeps_the_input_and_caches_the_result():
    t = np.array([[1, 0], [1, 1]], dtype=np.int32)
    acc = np.array([False, True])
    d = DFA("ab", t, 0, acc)
    m = M.minimize(d)
    assert M.minimize(d) is m and M.minimize(m) is m and d.minimal() is m
    assert np.array_equal(d.transitions, t) and np.array_equal(d.accepting, acc)


@needs_native
def test_the_native_minimal_dfa_object_has_every_field_of_a_dfa(monkeypatch):
    """minimal_dfa builds the DFA object in C: every slot is set as DFA._trusted sets it."""
    d = DFA("xyz", np.random.default_rng(3).integers(0, 30, (30, 3)), 4,
            np.random.default_rng(4).random(30) < 0.5)
    got, want = NATIVE.minimal_dfa(d), _fallback_minimize(d, monkeypatch)
    assert type(got) is DFA and d._cache["minimal"] is got and got._cache == {"minimal": got}
    for name in DFA.__slots__:
        if name not in ("_cache", "__weakref__"):
            mine, theirs = getattr(got, name), getattr(want, name)
            same = np.array_equal(mine, theirs) if isinstance(mine, np.ndarray) else mine == theirs
            assert same and type(mine) is type(theirs), name
    assert got.transitions.dtype == np.int32 and got.transitions.flags.c_contiguous
    assert not got.transitions.flags.writeable and not got.accepting.flags.writeable
    with pytest.raises(AttributeError):
        got.initial = 1                                   # immutable, as every DFA
    assert got.accepts("xyzzy") == d.accepts("xyzzy") and hash(got) == hash(want)
    with pytest.raises(AttributeError):
        NATIVE.minimal_dfa(object())


@needs_native
@pytest.mark.parametrize("call, error", [
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int64), 0, np.zeros(3, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int32)[:, ::2].copy().T, 0, np.zeros(3, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros((4, 2), dtype=np.int32)[::2], 0, np.zeros(2, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros(6, dtype=np.int32), 0, np.zeros(6, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros((0, 2), dtype=np.int32), 0, np.zeros(0, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int32), 0, np.zeros(2, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int32), 0, np.zeros(3, np.int32)), ValueError),
    (lambda: NATIVE.minimize(np.full((3, 2), 3, dtype=np.int32), 0, np.zeros(3, bool)), ValueError),
    (lambda: NATIVE.minimize(np.full((3, 2), -1, dtype=np.int32), 0, np.zeros(3, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int32), 3, np.zeros(3, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int32), -1, np.zeros(3, bool)), ValueError),
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int32), 0.5, np.zeros(3, bool)), TypeError),
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int32), 2**80, np.zeros(3, bool)), TypeError),
    (lambda: NATIVE.minimize([[0, 0]], 0, [False]), ValueError),
    (lambda: NATIVE.minimize(np.zeros((3, 2), dtype=np.int32), 0), TypeError),
])
def test_bad_buffers_raise_a_clean_error(call, error):
    with pytest.raises(error):
        call()


def test_without_the_extension_everything_still_works():
    """ATTNLOGIC_NO_NATIVE (or an installation without a C compiler) leaves the fallback
    routes, which give the same minimal DFA."""
    code = ("import numpy as np; from attnlogic.automata import _compiled; "
            "from attnlogic.automata.dfa import DFA; from attnlogic.automata.minimize import minimize; "
            "rng = np.random.default_rng(3); t = rng.integers(0, 60, (60, 2)); acc = rng.random(60) < 0.5; "
            "m = minimize(DFA('ab', np.vstack([t, t + 60]), 7, np.concatenate([acc, acc]))); "
            "print(_compiled.NATIVE is None, m.n_states, m.transitions.tolist(), m.accepting.tolist())")
    env = dict(os.environ, ATTNLOGIC_NO_NATIVE="1")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/",
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    off, n, rest = out.stdout.strip().split(" ", 2)
    rng = np.random.default_rng(3)
    t = rng.integers(0, 60, (60, 2))
    acc = rng.random(60) < 0.5
    here = M.minimize(DFA("ab", np.vstack([t, t + 60]), 7, np.concatenate([acc, acc])))
    assert off == "True" and int(n) == here.n_states > 1
    assert rest == f"{here.transitions.tolist()} {here.accepting.tolist()}"


# -- equivalence -------------------------------------------------------------------------------
def _fallback_equivalent(a: DFA, b: DFA, monkeypatch) -> bool:
    from attnlogic.automata.operations import equivalent
    with monkeypatch.context() as mp:
        mp.setattr(_compiled, "NATIVE", None)
        mp.setattr(_compiled, "MIN_CELLS", 10**12)        # the Python union–find
        mp.setattr(_compiled, "LOADED_MIN_CELLS", 10**12)
        return equivalent(a, b)


def _renumbered(d: DFA, rng, initial=None) -> DFA:
    """The same automaton with its states renamed by a random permutation."""
    perm = rng.permutation(d.n_states)
    t = np.empty_like(d.transitions)
    t[perm] = perm[d.transitions]
    acc = np.empty_like(d.accepting)
    acc[perm] = d.accepting
    return DFA._trusted(d.alphabet, t, int(perm[d.initial]), acc)


@needs_native
def test_native_equivalence_verdicts_match_the_fallback_and_the_minimal_dfas(monkeypatch):
    from attnlogic.automata.operations import equivalent
    rng = np.random.default_rng(25)
    verdicts = set()
    for trial in range(1500):
        k = int(rng.integers(1, 4))
        n, m = int(rng.integers(1, 12)), int(rng.integers(1, 12))
        a = DFA._trusted(LETTERS[:k], rng.integers(0, n, (n, k)), int(rng.integers(0, n)), rng.random(n) < 0.5)
        if trial % 3 == 0:
            b = _renumbered(a, rng)                        # equivalent
        elif trial % 3 == 1:                               # equivalent or one flip away
            b = _renumbered(a, rng)
            flip = b.accepting.copy()
            flip[int(rng.integers(0, b.n_states))] ^= rng.random() < 0.5
            b = DFA._trusted(b.alphabet, b.transitions, b.initial, flip)
        else:
            b = DFA._trusted(a.alphabet, rng.integers(0, m, (m, k)), 0, rng.random(m) < 0.5)
        got = equivalent(a, b)
        assert got == _fallback_equivalent(a, b, monkeypatch) == (M.minimize(a) == M.minimize(b))
        verdicts.add(got)
    assert verdicts == {True, False}


@needs_native
@pytest.mark.parametrize("n", [1, 10, 100, 1000])
@pytest.mark.parametrize("k", [1, 2, 20])
def test_native_equivalence_on_the_families(monkeypatch, n, k):
    """Each family against a renumbered copy (equivalent), against the copy with one state's
    acceptance flipped, and against the copy with the letters' columns permuted."""
    from attnlogic.automata.operations import equivalent
    rng = np.random.default_rng(n * k)
    for family, t, acc in _families(n, k):
        a = DFA._trusted(LETTERS[:k], t, 0, acc)
        b = _renumbered(a, rng)
        flip = b.accepting.copy()
        flip[int(rng.integers(0, b.n_states))] ^= True
        c = DFA._trusted(b.alphabet, b.transitions, b.initial, flip)
        d = DFA._trusted(LETTERS[:k][::-1], b.transitions, b.initial, b.accepting)
        for other in (b, c, d):
            want = M.minimize(a) == M.minimize(other.with_alphabet_order(a.alphabet))
            assert equivalent(a, other) == _fallback_equivalent(a, other, monkeypatch) == want, family
        assert equivalent(a, b)


@needs_native
@pytest.mark.parametrize("args", [
    (np.zeros((2, 1), np.int32), np.zeros(2, bool), 0, np.zeros((2, 2), np.int32), np.zeros(2, bool), 0),
    (np.zeros((2, 1), np.int32), np.zeros(2, bool), 2, np.zeros((2, 1), np.int32), np.zeros(2, bool), 0),
    (np.zeros((2, 1), np.int32), np.zeros(2, bool), 0, np.zeros((2, 1), np.int32), np.zeros(2, bool), -1),
    (np.zeros((2, 1), np.int32), np.zeros(3, bool), 0, np.zeros((2, 1), np.int32), np.zeros(2, bool), 0),
    (np.zeros((2, 1), np.int32), np.zeros(2, bool), 0, np.full((2, 1), 2, np.int32), np.zeros(2, bool), 0),
    (np.zeros((2, 1), np.int64), np.zeros(2, bool), 0, np.zeros((2, 1), np.int32), np.zeros(2, bool), 0),
    (np.zeros((2, 1), np.int32), np.zeros(2, bool), 0, np.zeros((2, 1), np.int32), "ab", 0),
])
def test_native_equivalence_rejects_bad_buffers(args):
    with pytest.raises(ValueError):
        NATIVE.equivalent(*args)
    with pytest.raises(TypeError):
        NATIVE.equivalent(*args[:5])


# -- the GIL and Ctrl-C ------------------------------------------------------------------------
_LONG_RUN = """
import os, signal, sys, threading, time
import numpy as np
from attnlogic.automata import _compiled
from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize
assert _compiled.NATIVE is not None
# a background job may start with SIGINT ignored (and Python then keeps it ignored): Ctrl-C
# as a terminal delivers it
signal.signal(signal.SIGINT, signal.default_int_handler)
rng = np.random.default_rng(1)
def random_dfa(n):
    return DFA._trusted(("a", "b"), rng.integers(0, n, (n, 2), dtype=np.int32), 0, rng.random(n) < 0.5)
ticks = []
def tick():
    while True:
        ticks.append(1)
        time.sleep(0.001)
threading.Thread(target=tick, daemon=True).start()
d = random_dfa(200_000)
time.sleep(0.01)
before = len(ticks)
minimize(d)
print("ticks during the call", len(ticks) - before)
e = random_dfa(2_000_000)
stop = threading.Event()
def press_ctrl_c():         # as a user does: again every 50 ms until it stops
    while not stop.is_set():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
try:
    threading.Thread(target=press_ctrl_c, daemon=True).start()
    for _ in range(200):    # a fresh DFA object each time: minimize remembers its answer
        minimize(DFA._trusted(e.alphabet, e.transitions, e.initial, e.accepting))
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
signal.signal(signal.SIGINT, signal.SIG_IGN)
stop.set()
small = DFA._trusted(("a", "b"), np.array([[1, 2], [1, 2], [1, 2]]), 0, np.array([False, True, True]))
print("afterwards", minimize(small).n_states)
"""


@needs_native
def test_a_long_minimisation_releases_the_gil_and_ctrl_c_interrupts_it():
    """On a 2·10^5-state DFA another thread runs while the C code works (the GIL is
    released), and Ctrl-C pressed every 50 ms while minimisations of a 2·10^6-state DFA
    run ends them with KeyboardInterrupt; the process goes on (a next call works).  Each
    call minimises a new DFA object (a DFA remembers its minimal form, and a second call on
    the same object would return at once: the loop would end "finished" before the first
    press on a loaded machine).  How fast it stops is not asserted (no test measures time)."""
    out = subprocess.run([sys.executable, "-c", _LONG_RUN], capture_output=True,
                         text=True, cwd="/", timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert lines[0].startswith("ticks during the call ") and int(lines[0].split()[-1]) > 0
    assert lines[1:] == ["interrupted", "afterwards 2"]
