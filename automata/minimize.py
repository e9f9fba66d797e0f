"""DFA minimisation: accessible part, Hopcroft's partition refinement, canonical numbering.

The minimal DFA of a regular language L over Σ is unique up to renaming of states
(Myhill–Nerode).  :func:`minimize` returns it with a *canonical* numbering: states are
numbered in the order a breadth-first search from the initial state discovers them, each
state's successors visited in alphabet order.  Two DFAs over the same alphabet (in the same
order) therefore recognise the same language iff their minimisations are equal as data
(``==``, byte-identical JSON).

Hopcroft's algorithm, batched and vectorised
-------------------------------------------
:func:`coarsest_partition` computes the coarsest partition of the states that refines the
given initial labelling and is stable under every letter (the Nerode congruence when the
labels are "accepting or not").  It is Hopcroft's algorithm with the "all parts but the
largest" rule, run in *rounds*: every splitter pending at the start of a round is applied
(one letter after the other); each block cut into parts during the round puts all its
parts but the largest on the pending list for every letter (all parts, for the letters
for which the block itself was still pending).

Because a state enters a newly pending splitter for letter a only in a part at most half
as large as the last pending splitter for a that contained it, each state is scanned
O(log n) times per letter, as in the classic algorithm: O(|Σ| n log n) scans.  Grouping
the scanned states of a round by (block, splitter) uses a sort, which adds a logarithmic
factor in comparisons in the worst case; on the benchmarks the sorts are a small share.

Blocks are contiguous segments of one permutation array (a refinable partition), and every
step of a round (gathering the preimages of the splitters, grouping the touched states by
block and splitter, moving them to the end of their segment) is a handful of numpy
operations over the touched states only.  On random automata a few dozen rounds suffice.
Deep automata (chains, counters) would need one round per state; when a round would scan
fewer than ``_SCALAR_WORK`` states, the algorithm continues with classic one-splitter-at-a-
time steps on Python lists until the pending work grows again.

Routes of :func:`minimize`
--------------------------
Where the C extension is built (automata/_native.c, compiled by ``pip install``; the normal
case), :func:`minimize` runs there at every size: the same three steps (accessible part in
BFS order, classic Hopcroft with a waiting set, quotient numbered by BFS), with no import
or load cost, so that a 10-state DFA costs microseconds.  Without it (an installation with
no C compiler, or ``ATTNLOGIC_NO_NATIVE=1``), DFAs of at most ``SMALL_CELLS`` cells take
:func:`_minimize_small` (Python lists) and larger ones the arrays above (numba's compiled
steps where numba is loaded).  Every route returns the same canonical DFA
(tests/automata/test_native.py, tests/automata/test_minimize.py).
"""

from __future__ import annotations

from collections import deque

import numpy as np

from . import _compiled
from .dfa import DFA, _ranges

__all__ = ["minimize", "coarsest_partition", "bfs_order", "accessible", "canonical",
           "quotient", "is_minimal"]

#: BFS layers handled with numpy before switching to a plain queue (deep, thin automata)
_NUMPY_LAYERS = 48
#: a refinement round scanning at most this many splitter states runs as scalar steps
_SCALAR_WORK = 48
#: automata with n·|Σ| at most this are refined by classic steps only (numpy overhead dominates)
_SMALL = 512
#: scalar steps hand back to vectorised rounds once this many splitters are pending
_SCALAR_STACK = 256
#: the same for the compiled steps (numba); 0: they never hand back, which measured faster
#: than mixing them with vectorised rounds on random, deep and n-th-from-the-end automata
_COMPILED_STACK = 0


def bfs_order(transitions: np.ndarray, initial: int) -> np.ndarray:
    """The states reachable from ``initial``, in breadth-first discovery order.

    Successors of a state are visited in column (alphabet) order; this is the canonical
    numbering order used by :func:`minimize`.
    """
    T = np.asarray(transitions)
    n, k = T.shape
    if k == 0:
        return np.array([initial], dtype=np.int64)
    compiled = _compiled.kernel("bfs_order", n * k)
    if compiled is not None:
        out = np.empty(n, dtype=np.int64)
        reached = compiled(np.ascontiguousarray(T), int(initial), out)
        return out[:reached]
    seen = np.zeros(n, dtype=bool)
    seen[initial] = True
    first = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    parts = [np.array([initial], dtype=np.int64)]
    frontier = parts[0]
    layers = 0
    while frontier.size:
        if layers >= _NUMPY_LAYERS:  # deep automaton: finish with a plain queue
            rows = T.tolist()
            seen_list = seen.tolist()
            queue = deque(frontier.tolist())
            rest = []
            while queue:
                q = queue.popleft()
                for t in rows[q]:
                    if not seen_list[t]:
                        seen_list[t] = True
                        rest.append(t)
                        queue.append(t)
            parts.append(np.asarray(rest, dtype=np.int64))
            break
        nxt = T[frontier].reshape(-1)
        idx = np.flatnonzero(~seen[nxt])
        if idx.size == 0:
            break
        cand = nxt[idx]
        np.minimum.at(first, cand, idx)          # first occurrence of each new state
        new = cand[first[cand] == idx].astype(np.int64)  # in order of first occurrence
        seen[new] = True
        parts.append(new)
        frontier = new
        layers += 1
    return np.concatenate(parts)


def _renumber(dfa_alphabet, T: np.ndarray, initial: int, accepting: np.ndarray,
              order: np.ndarray) -> DFA:
    """The sub-automaton on the states ``order`` (closed under δ), renumbered 0… in that order."""
    n = T.shape[0]
    new = np.full(n, -1, dtype=np.int64)
    new[order] = np.arange(order.size, dtype=np.int64)
    table = new[T[order]]
    return DFA._trusted(dfa_alphabet, table, int(new[initial]), accepting[order])


def accessible(dfa: DFA) -> DFA:
    """The accessible part, renumbered in BFS order (= :func:`canonical`)."""
    return canonical(dfa)


def canonical(dfa: DFA) -> DFA:
    """The accessible part with the canonical BFS numbering, without merging states."""
    order = bfs_order(dfa.transitions, dfa.initial)
    return _renumber(dfa.alphabet, dfa.transitions, dfa.initial, dfa.accepting, order)


def coarsest_partition(transitions: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Block number of each state in the coarsest δ-stable refinement of ``labels``.

    ``transitions`` is an (n, k) integer table, ``labels`` any length-n integer/bool array
    (states with different labels are never merged).  Block numbers are arbitrary.
    """
    T = np.ascontiguousarray(transitions, dtype=np.int64)
    n, k = T.shape
    labels = np.asarray(labels).reshape(-1)
    if labels.dtype == bool:
        block_of = labels.astype(np.int64)
        if n and labels.all():
            block_of[:] = 0
    else:
        _, block_of = np.unique(labels, return_inverse=True)
        block_of = block_of.astype(np.int64).reshape(-1)
    nb = int(block_of.max()) + 1 if n else 0
    if n == 0 or k == 0 or nb == n:
        return block_of

    # refinable partition: block b is elems[start[b] : start[b] + size[b]]
    elems = np.argsort(block_of).astype(np.int64)
    size = np.zeros(n, dtype=np.int64)
    size[:nb] = np.bincount(block_of, minlength=nb)
    start = np.zeros(n, dtype=np.int64)
    start[1:nb] = np.cumsum(size[:nb - 1])
    pos = np.empty(n, dtype=np.int64)
    pos[elems] = np.arange(n, dtype=np.int64)
    mark = np.zeros(n, dtype=bool)

    # inverse transitions: sources of letter a into state q are src[ptr[a*n+q] : ptr[a*n+q+1]]
    key = (T.T + (np.arange(k, dtype=np.int64) * n)[:, None]).reshape(-1)
    src = (np.argsort(key) % n).astype(np.int64)  # any order within a bucket will do
    ptr = np.zeros(k * n + 1, dtype=np.int64)
    np.cumsum(np.bincount(key, minlength=k * n), out=ptr[1:])

    pending = np.zeros((k, n), dtype=bool)
    added: list[np.ndarray] = []  # codes letter * n + block of pending splitters
    if nb > 1:
        largest = int(np.argmax(size[:nb]))
        blocks = np.array([b for b in range(nb) if b != largest], dtype=np.int64)
        pending[:, blocks] = True
        added.append((np.arange(k, dtype=np.int64)[:, None] * n + blocks[None, :]).reshape(-1))

    compiled = _compiled.kernel("hopcroft_steps", n * k)
    owner = np.zeros(k * n, dtype=np.int64)  # scratch for removing duplicate codes
    list_cache: dict = {}
    small = n * k <= _SMALL
    while added:
        codes = np.concatenate(added) if len(added) > 1 else added[0]
        added = []
        codes = codes[pending.reshape(-1)[codes]]
        owner[codes] = np.arange(codes.size)
        codes = codes[owner[codes] == np.arange(codes.size)]
        if codes.size == 0:
            break
        let = codes // n
        if codes.size > 1 and (np.diff(let) < 0).any():
            codes = codes[np.argsort(let, kind="stable")]
            let = codes // n
        blk = codes % n
        counts = size[blk]
        if compiled is not None or small or int(counts.sum()) <= _SCALAR_WORK:
            # a small automaton, or a thin round (deep, chain-like automata): classic
            # one-splitter-at-a-time steps
            if compiled is not None:
                nb = _compiled_rounds(compiled, codes, block_of, elems, pos, start, size,
                                      pending, added, src, ptr, nb, n, k)
                continue
            nb = _scalar_rounds(codes.tolist(), block_of, elems, pos, start, size, pending,
                                added, src, ptr, nb, n, k, list_cache, handback=not small)
            continue
        pending[let, blk] = False
        members = elems[_ranges(start[blk], counts)]
        member_letter = np.repeat(let, counts)
        member_label = np.repeat(np.arange(codes.size, dtype=np.int64), counts)
        keys = member_letter * n + members
        pcount = ptr[keys + 1] - ptr[keys]
        pre = src[_ranges(ptr[keys], pcount)]
        pre_label = np.repeat(member_label, pcount)
        pre_letter = np.repeat(member_letter, pcount)
        bounds = np.searchsorted(pre_letter, np.arange(k + 1))
        n_labels = codes.size
        for a in range(k):
            lo, hi = bounds[a], bounds[a + 1]
            if lo == hi:
                continue
            nb = _split(pre[lo:hi], pre_label[lo:hi], n_labels, block_of, elems, pos,
                        start, size, mark, pending, added, nb, n)
    return block_of


def _compiled_rounds(kernel, codes, block_of, elems, pos, start, size, pending, added, src,
                     ptr, nb, n, k) -> int:
    """The steps of :func:`_scalar_rounds` compiled (numba), in place on the arrays; hands
    the stack back once more than ``_COMPILED_STACK`` codes are pending (vectorised
    rounds are faster there)."""
    stack = np.empty(codes.size + k * n, dtype=np.int64)  # ≤ one live entry per code
    stack[:codes.size] = codes  # popped from the end, like the list version
    flat = pending.reshape(-1).view(np.uint8)
    nb, top = kernel(stack, codes.size, block_of, elems, pos, start, size, flat, src, ptr,
                     nb, n, k, _COMPILED_STACK, np.zeros(n, dtype=np.int64),
                     np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64))
    if top:
        added.append(stack[:top].copy())
    return nb


def _scalar_rounds(stack, block_of, elems, pos, start, size, pending, added, src, ptr,
                   nb, n, k, cache, handback: bool = True) -> int:
    """Classic Hopcroft steps, one splitter at a time, while the pending work stays small.

    Same invariants as the vectorised rounds (``pending[c, b]`` is set exactly for the codes
    ``c * n + b`` on the stack).  Runs :func:`._compiled.hopcroft_steps` on Python lists
    (copied in, written back on exit) and hands the stack back through ``added`` once more
    than ``_SCALAR_STACK`` codes — and more than n/16, so that the O(n) copies in and out
    are paid for by the work done between them (on a chain of 2·10^5 states a fixed
    threshold made the copies quadratic: 394 hand-backs, 20 s) — are pending.
    """
    if "src" not in cache:  # read-only: converted once per minimisation
        cache["src"], cache["ptr"] = src.tolist(), ptr.tolist()
    bl, el, pl, st, sz = block_of.tolist(), elems.tolist(), pos.tolist(), start.tolist(), size.tolist()
    flat = pending.reshape(-1)
    pend = bytearray(flat.view(np.uint8).tobytes())
    if "stack" not in cache:  # at most one live entry per code: k·n slots, reused
        cache["stack"], cache["scratch"] = [0] * (k * n), ([0] * n, [0] * n, [0] * n)
    top = len(stack)
    buf = cache["stack"]
    buf[:top] = stack
    nb, top = _compiled.hopcroft_steps(buf, top, bl, el, pl, st, sz, pend, cache["src"],
                                       cache["ptr"], nb, n, k, max(_SCALAR_STACK, n // 16) if handback else 0,
                                       *cache["scratch"])
    stack = buf
    if top:
        added.append(np.asarray(stack[:top], dtype=np.int64))
    block_of[:] = bl
    elems[:] = el
    pos[:] = pl
    start[:] = st
    size[:] = sz
    flat[:] = np.frombuffer(bytes(pend), dtype=bool)
    return nb


def _split(states, labels, n_labels, block_of, elems, pos, start, size, mark, pending,
           added, nb, n) -> int:
    """Refine by all splitters of one letter at once; returns the new number of blocks.

    ``states`` are the (distinct) states whose successor lies in a splitter, ``labels`` the
    splitter each successor lies in.  Within a block, states are grouped by label; the
    untouched remainder keeps the block number (or the first group, if nothing remains).
    """
    blk = block_of[states]
    key = start[blk] * n_labels + labels
    o = np.argsort(key)
    states, key, blk = states[o], key[o], blk[o]
    m = states.size
    gfirst = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    gsize = np.diff(np.append(gfirst, m))
    gblk = blk[gfirst]
    bfirst = np.flatnonzero(np.concatenate(([True], gblk[1:] != gblk[:-1])))
    ngroups = np.diff(np.append(bfirst, gfirst.size))
    tblk = gblk[bfirst]
    touched = np.add.reduceat(gsize, bfirst)
    rem = size[tblk] - touched
    splits = (rem > 0) | (ngroups > 1)
    if not splits.any():
        return nb
    if not splits.all():
        gmask = np.repeat(splits, ngroups)
        smask = np.repeat(gmask, gsize)
        states = states[smask]
        gsize = gsize[gmask]
        ngroups, tblk, touched, rem = ngroups[splits], tblk[splits], touched[splits], rem[splits]
        bfirst = np.concatenate(([0], np.cumsum(ngroups)[:-1]))
        m = states.size
    gfirst = np.concatenate(([0], np.cumsum(gsize)[:-1]))

    # move the touched states to the end of their block's segment, grouped by label
    bstart = start[tblk]
    region = bstart + rem                       # first position of the touched region
    P = pos[states]
    RP = _ranges(region, touched)               # the region positions, block by block
    mark[P] = True
    V = RP[~mark[RP]]                           # region slots held by untouched states
    mark[P] = False
    PA = np.sort(P[P < np.repeat(region, touched)])  # touched states outside the region
    moved = elems[V]
    elems[PA] = moved
    pos[moved] = PA
    elems[RP] = states
    pos[states] = RP

    # block numbers of the groups: all new, except the first group of a block with no remainder
    block_of_group = np.repeat(tblk, ngroups)
    keeps = np.zeros(gsize.size, dtype=bool)
    keeps[bfirst[rem == 0]] = True
    n_new = int((~keeps).sum())
    gid = block_of_group.copy()
    gid[~keeps] = np.arange(nb, nb + n_new, dtype=np.int64)
    block_of[states] = np.repeat(gid, gsize)
    start[gid] = RP[gfirst]
    size[gid] = gsize
    has_rem = rem > 0
    size[tblk[has_rem]] = rem[has_rem]

    # pending splitters: all parts but the largest (all parts if the block was pending)
    maxg = np.maximum.reduceat(gsize, bfirst)
    rem_largest = rem >= maxg
    cand = (gsize == np.repeat(maxg, ngroups)) & ~np.repeat(rem_largest, ngroups)
    cs = np.cumsum(cand)
    before = (cs - cand)[bfirst]
    g_largest = cand & ((cs - np.repeat(before, ngroups)) == 1)
    old = pending[:, tblk]                                   # (k, blocks), a copy
    group_pending = old[:, np.repeat(np.arange(tblk.size), ngroups)] | ~g_largest[None, :]
    pending[:, gid] = group_pending
    rem_pending = old[:, has_rem] | ~rem_largest[has_rem][None, :]
    pending[:, tblk[has_rem]] = rem_pending
    kk = pending.shape[0]
    letters = np.arange(kk, dtype=np.int64)[:, None] * n
    added.append((letters + gid[None, :])[group_pending])
    added.append((letters + tblk[has_rem][None, :])[rem_pending])
    return nb + n_new


def quotient(dfa: DFA, block_of: np.ndarray) -> DFA:
    """The quotient DFA by a δ-compatible partition (block numbers 0 … b−1)."""
    block_of = np.asarray(block_of, dtype=np.int64)
    nb = int(block_of.max()) + 1
    rep = np.empty(nb, dtype=np.int64)
    rep[block_of[::-1]] = np.arange(block_of.size - 1, -1, -1)
    table = block_of[dfa.transitions[rep]]
    return DFA._trusted(dfa.alphabet, table, int(block_of[dfa.initial]), dfa.accepting[rep])


def minimize(dfa: DFA) -> DFA:
    """The minimal DFA of ``L(dfa)``, canonically numbered (BFS, letters in alphabet order).

    Steps: restrict to the accessible states; Hopcroft refinement of {F, Q∖F};
    quotient; renumber by BFS from the initial block.  O(|Σ| n log n).  In the C extension
    where it is built, else on Python lists (small) or arrays (see "Routes" above).

    The result remembers that it is minimal (``DFA.minimal()`` of it is itself), so
    minimising it again — or a DFA whose minimal form is known — costs nothing.
    """
    known = dfa._cache.get("minimal")
    if known is not None:
        return known
    native = _compiled.NATIVE
    if native is not None:  # builds the DFA object too, and remembers it in both caches
        return native.minimal_dfa(dfa)
    n, k = dfa.transitions.shape
    if 0 < n * k <= SMALL_CELLS:
        acc = _minimize_small(dfa)
        acc._cache["minimal"] = acc
        dfa._cache["minimal"] = acc
        return acc
    acc = canonical(dfa)
    if acc.n_states > 1:
        acc = canonical(quotient(acc, coarsest_partition(acc.transitions, acc.accepting)))
    acc._cache["minimal"] = acc
    dfa._cache["minimal"] = acc
    return acc


#: without the C extension, DFAs of at most this many cells (states × letters) are minimised
#: on Python lists by :func:`_minimize_small`: below it, numpy's per-call overhead (tens of array operations on
#: a few elements each) costs more than the work itself
SMALL_CELLS = 1500


def _minimize_small(dfa: DFA) -> DFA:
    """:func:`minimize` on Python lists, for small DFAs: the accessible states in BFS order,
    Hopcroft's refinement of {F, Q∖F} (a splitter (B, a) splits every block Y into
    Y ∩ a⁻¹B and Y ∖ a⁻¹B; of the two halves of a split block only the smaller is added
    to the work set, unless the block itself was waiting), the quotient, renumbered in BFS
    order.  The same canonical DFA as the array route (tests/automata/test_minimize.py)."""
    rows_all = dfa.transitions.tolist()
    acc_all = dfa.accepting.tolist()
    order, index = _bfs_lists(rows_all, dfa.initial)
    rows = [[index[t] for t in rows_all[q]] for q in order]
    acc = [acc_all[q] for q in order]
    n, k = len(rows), len(rows[0])
    inverse = [[[] for _ in range(n)] for _ in range(k)]
    for q, row in enumerate(rows):
        for a, t in enumerate(row):
            inverse[a][t].append(q)
    blocks = [b for b in ([q for q in range(n) if acc[q]], [q for q in range(n) if not acc[q]]) if b]
    block_of = [0] * n
    for i, b in enumerate(blocks):
        for q in b:
            block_of[q] = i
    blocks = [set(b) for b in blocks]
    work: set = set()
    if len(blocks) == 2:
        smaller = 0 if len(blocks[0]) <= len(blocks[1]) else 1
        work = {(smaller, a) for a in range(k)}
    while work:
        splitter, a = work.pop()
        touched: dict[int, list[int]] = {}
        for q in {p for t in blocks[splitter] for p in inverse[a][t]}:
            touched.setdefault(block_of[q], []).append(q)
        for y, part in touched.items():
            if len(part) == len(blocks[y]):
                continue
            z = len(blocks)
            blocks[y].difference_update(part)
            blocks.append(set(part))
            for q in part:
                block_of[q] = z
            for c in range(k):
                if (y, c) in work:
                    work.add((z, c))
                else:
                    work.add((z if len(part) <= len(blocks[y]) else y, c))
    # the quotient, from the initial block (state 0), renumbered in BFS order
    quotient_rows = [None] * len(blocks)
    for q in range(n):
        if quotient_rows[block_of[q]] is None:
            quotient_rows[block_of[q]] = [block_of[t] for t in rows[q]]
    border, bindex = _bfs_lists(quotient_rows, block_of[0])
    table = np.array([[bindex[t] for t in quotient_rows[b]] for b in border], dtype=np.int64)
    accepting = np.array([acc[next(iter(blocks[b]))] for b in border], dtype=bool)
    return DFA._trusted(dfa.alphabet, table.reshape(len(border), k), 0, accepting)


def _bfs_lists(rows: list, initial: int) -> tuple[list[int], dict[int, int]]:
    """The states reachable from ``initial`` in BFS order (letters in order) and their index
    in that order."""
    order, index = [initial], {initial: 0}
    i = 0
    while i < len(order):
        for t in rows[order[i]]:
            if t not in index:
                index[t] = len(order)
                order.append(t)
        i += 1
    return order, index


def is_minimal(dfa: DFA) -> bool:
    """Whether the DFA is accessible and has no two equivalent states (any numbering)."""
    return minimize(dfa).n_states == dfa.n_states
