"""Compiled inner loops for the sequential parts of the automata algorithms (optional).

Some steps are inherently one-at-a-time: Hopcroft's refinement on deep automata (chains,
counters: one block split per step, n steps) and union–find equivalence.  Numpy cannot
batch them, and a Python loop costs microseconds per step.  When numba is installed (the
default install; ATTNLOGIC_NO_NUMBA=1 or an installation without it turns them off), the
kernels below are compiled on first use and cached on disk (``cache=True``: later processes
load them instead of compiling; the cache lives beside this file where the package
directory is writable); without numba :func:`kernel` returns None and the callers use their
pure numpy/Python paths, which compute the same results (the tests run both).  When they
are used: :data:`MIN_CELLS` and :data:`LOADED_MIN_CELLS`.

Set ``ATTNLOGIC_NO_NUMBA=1`` to ignore an installed numba.

Minimisation and equivalence of DFAs run first of all in the C extension
``attnlogic.automata._native`` (automata/_native.c, built by ``pip install``; :data:`NATIVE`,
None where it was not built or ``ATTNLOGIC_NO_NATIVE=1``): no import or load cost, so it
serves every size, and the numba kernels and Python steps below are their fallback.
"""

from __future__ import annotations

import os

import numpy as np

__all__ = ["kernel", "available", "hopcroft_steps", "jit", "NATIVE", "load_native"]


def load_native():
    """The C extension ``attnlogic.automata._native``, or None: not built (an install
    without a C compiler: it is optional) or turned off by ``ATTNLOGIC_NO_NATIVE``."""
    if os.environ.get("ATTNLOGIC_NO_NATIVE"):
        return None
    try:
        from . import _native
    except ImportError:  # pragma: no cover - depends on the installation
        return None
    return _native


#: the C extension (minimisation, equivalence) or None; read at each call, so that tests can
#: force the fallback routes by setting it to None
NATIVE = load_native()

#: an input with at least this many cells (states × letters) loads numba and the cached
#: kernels; below it a process that has not loaded them yet keeps the numpy/Python paths.
#: Loading is a once-per-process cost that the small inputs cannot repay: importing numba
#: and loading three cached kernels took 8 s in a fresh process at load 11 on the shared
#: 2-core machine, against 24 ms for minimising a 1,000-state random DFA in Python, so a fresh
#: ``attnlogic classify`` of a small DFA never imports numba
MIN_CELLS = 50_000
#: once numba is loaded (a large input came first, or a benchmark's warm-up), inputs with at
#: least this many cells use the compiled kernels: 0, every size — they are 4–50× faster than
#: the Python steps at 100–10,000 states (random, counter, chain; one process, warm)
LOADED_MIN_CELLS = 0

_KERNELS: dict = {}


def available() -> bool:
    """Whether numba can be imported (and is not disabled by ``ATTNLOGIC_NO_NUMBA``)."""
    if "numba" not in _KERNELS:
        if os.environ.get("ATTNLOGIC_NO_NUMBA"):
            _KERNELS["numba"] = None
        else:
            try:
                import numba
                _KERNELS["numba"] = numba
            except ImportError:  # pragma: no cover - depends on the environment
                _KERNELS["numba"] = None
    return _KERNELS["numba"] is not None


def kernel(name: str, cells: int):
    """The compiled kernel ``name`` (a key of ``_SOURCES``) for an input of ``cells`` =
    states × letters, or None: numba absent, or fewer than MIN_CELLS cells while numba is
    not loaded yet (or fewer than LOADED_MIN_CELLS once it is)."""
    if cells < MIN_CELLS and (cells < LOADED_MIN_CELLS or _KERNELS.get("numba") is None):
        return None
    if not available():
        return None
    fn = _KERNELS.get(name)
    if fn is None:
        fn = _KERNELS[name] = _KERNELS["numba"].njit(cache=True, nogil=True)(_SOURCES[name])
    return fn


def jit(fn):
    """``fn`` compiled by numba (``cache=True``: compiled once, then loaded from disk) when
    numba is available, else ``fn`` itself, run by CPython: one source for both paths, so
    the pure path computes what the compiled one does (slowly; the census runs it only on
    small inputs in the tests).  For kernels whose inputs are batches (the census), where
    the once-per-process load is always repaid."""
    if not available():
        return fn
    got = _KERNELS.get(fn)
    if got is None:
        got = _KERNELS[fn] = _KERNELS["numba"].njit(cache=True, nogil=True)(fn)
    return got


def hopcroft_steps(stack, top, block_of, elems, pos, start, size, pend, src, ptr,
                   nb, n, k, handback, mcount, touched, members):
    """Classic Hopcroft steps, one splitter (code = letter·n + block) at a time.

    ``stack[:top]`` holds the pending codes (``pend[code]`` set exactly for those that are
    live); each step pops one, splits every block B by "has an a-successor in C", and puts
    the new part on the stack for every letter where B was pending, otherwise the smaller
    of the two parts.  Returns (nb, top); stops early, with the stack intact, once more
    than ``handback`` codes are pending (``handback`` = 0: run to the end).

    Scratch space of length n: ``mcount`` (all zero on entry and exit), ``touched`` and
    ``members`` (the splitter, copied, since marking moves states).  One source for both
    paths: compiled by numba on arrays, or run by CPython on lists (faster there than
    numpy scalars), see :func:`attnlogic.automata.minimize._scalar_rounds`.
    """
    steps = 0
    while top > 0:
        if handback > 0 and steps > 0 and top > handback:
            break
        steps += 1
        top -= 1
        code = stack[top]
        if pend[code] == 0:
            continue
        pend[code] = 0
        c = code // n
        C = code - c * n
        base = c * n
        s0 = start[C]
        zC = size[C]
        for idx in range(zC):
            members[idx] = elems[s0 + idx]
        nt = 0
        for idx in range(zC):
            q = members[idx]
            for j in range(ptr[base + q], ptr[base + q + 1]):
                p = src[j]
                B = block_of[p]
                mc = mcount[B]
                if mc == 0:
                    touched[nt] = B
                    nt += 1
                dst = start[B] + mc
                i = pos[p]
                if i != dst:
                    r = elems[dst]
                    elems[i] = r
                    pos[r] = i
                    elems[dst] = p
                    pos[p] = dst
                mcount[B] = mc + 1
        for t in range(nt):
            B = touched[t]
            mc = mcount[B]
            mcount[B] = 0
            zB = size[B]
            if mc == zB:
                continue
            X = nb
            nb += 1
            sB = start[B]
            start[X] = sB
            size[X] = mc
            start[B] = sB + mc
            size[B] = zB - mc
            for idx in range(sB, sB + mc):
                block_of[elems[idx]] = X
            small = X if mc <= zB - mc else B
            for a in range(k):
                if pend[a * n + B]:
                    pend[a * n + X] = 1
                    stack[top] = a * n + X
                    top += 1
                elif not pend[a * n + small]:
                    pend[a * n + small] = 1
                    stack[top] = a * n + small
                    top += 1
    return nb, top


def _union_find_equivalence(Ta, Tb, acc_a, acc_b, ia, ib, parent_pair, parent_letter):
    """Hopcroft–Karp: is L(A, ia) = L(B, ib)?  States of B are numbered after those of A.

    Union–find over the disjoint union; a pair (p, q) is explored only when p and q are
    in different classes, and then merged, so at most n_A + n_B − 1 pairs are explored.
    Returns the index of a pair whose acceptance differs (−1 if none): the explored pairs
    are written to ``parent_pair`` as (p, q, parent index, letter) rows, so that the
    caller can read the word off.  Breadth-first (a queue), so a word found this way is
    short, but not necessarily shortest: the union–find skips pairs implied by others.
    """
    na = Ta.shape[0]
    nb_ = Tb.shape[0]
    k = Ta.shape[1]
    uf = np.arange(na + nb_)
    head = 0
    tail = 0
    parent_pair[0, 0] = ia
    parent_pair[0, 1] = ib
    parent_pair[0, 2] = -1
    parent_letter[0] = -1
    tail = 1
    # union the initial pair
    uf[ia] = na + ib
    while head < tail:
        p = parent_pair[head, 0]
        q = parent_pair[head, 1]
        if acc_a[p] != acc_b[q]:
            return head
        for a in range(k):
            x = Ta[p, a]
            y = na + Tb[q, a]
            # find with path halving
            while uf[x] != x:
                uf[x] = uf[uf[x]]
                x = uf[x]
            while uf[y] != y:
                uf[y] = uf[uf[y]]
                y = uf[y]
            if x != y:
                uf[x] = y
                parent_pair[tail, 0] = Ta[p, a]
                parent_pair[tail, 1] = Tb[q, a]
                parent_pair[tail, 2] = head
                parent_letter[tail] = a
                tail += 1
        head += 1
    return -1


def _bfs_order(T, initial, out):
    """Breadth-first discovery order from ``initial`` (successors in column order) written
    to ``out``; returns how many states were reached."""
    n, k = T.shape
    seen = np.zeros(n, dtype=np.bool_)
    seen[initial] = True
    out[0] = initial
    head = 0
    tail = 1
    while head < tail:
        q = out[head]
        head += 1
        for a in range(k):
            t = T[q, a]
            if not seen[t]:
                seen[t] = True
                out[tail] = t
                tail += 1
    return tail


_SOURCES = {"bfs_order": _bfs_order, "hopcroft_steps": hopcroft_steps,
            "union_find_equivalence": _union_find_equivalence}
