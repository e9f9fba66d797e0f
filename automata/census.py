"""Every minimal complete DFA with at most n states over an alphabet, up to isomorphism.

A complete DFA whose states are all reachable (an *initially connected* DFA) is isomorphic to
exactly one *canonical* one: states numbered in breadth-first order from the initial state
0, letters tried in the alphabet's order.  Written row by row, δ(0, a1), δ(0, a2), …,
δ(1, a1), …, its table is the *string representation* of Almeida, Moreira and Reis
(Theor. Comput. Sci. 387, 2007): a string of n·k state numbers is the representation of a
canonical table iff each entry is at most one more than the largest state seen so far
(state 0 counts as seen), the row of a state starts only after that state has been seen,
and every state appears.  So the minimal DFAs with exactly n states, one per language (the
minimal DFA of a language is unique up to isomorphism), are the canonical strings with n
states together with an acceptance vector for which no two states are equivalent.

Generation (:func:`minimal_dfa_arrays`) is *orderly*: a depth-first scan over the entries
that only ever writes canonical strings (no table is generated and then discarded as a
duplicate), and for each string every acceptance vector is tested for minimality by Moore
refinement; both run as one compiled kernel (:func:`~._compiled.jit`).  The output is
ordered by size, then string (lexicographically), then acceptance (as a binary number,
state q the bit q), and it is shardable: a *shard* is the set of strings extending one
prefix of the representation (:func:`shard_prefixes`), the shards of a size in
lexicographic order of their prefixes, so concatenating the shards' outputs gives the
enumeration itself.  :data:`KNOWN_COUNTS` holds the published numbers of minimal DFAs that
``attnlogic census --check-counts`` compares with.
"""

from __future__ import annotations

import functools
from typing import Iterator, Sequence

import numpy as np

from ._compiled import jit
from .dfa import DFA

__all__ = ["canonical_tables", "canonical_table_count", "canonical_extensions", "canonical_key", "minimal_dfas",
           "minimal_dfa_bound", "minimal_dfa_arrays", "shard_prefixes", "shard_depth",
           "KNOWN_COUNTS", "known_count", "MAX_BATCH_STATES"]

#: the published numbers of minimal complete DFAs (= of languages whose minimal DFA has)
#: exactly n states, by alphabet size k and n.  k = 2: OEIS A129622 (Domaratzki, Kisman and
#: Shallit 2002; Almeida, Moreira and Reis 2007).  k = 1: OEIS A059412, "number of distinct
#: minimal unary DFA's with exactly n states" (Domaratzki, Kisman and Shallit, J. Autom. Lang.
#: Combin. 7 (2002), Section 6, f_1(n)), n = 1 … 12: 2, 4, 12, 30, 78, 180, 432, 978, 2220,
#: 4926, 10908, 23790 (the first five also the differences of O'Dwyer's table below).  k = 3,
#: k = 4: the differences of the cumulative table of A. O'Dwyer, "Counting distinct n-state
#: DFAs" (2024): at most 1 … 3 states over three letters 2, 114, 42,042; at most 1 … 3 over
#: four 2, 482, 1,353,214.  The same table
#: gives 2,048,646 languages of at most 4 states over three letters; that entry is wrong and
#: is not used: 26,617,614 minimal DFAs have exactly 4 states over three letters (26,659,656
#: at most 4), by the orderly generator and by an independent vectorised count over all
#: 4^12 tables (benchmarks/census_counts_check.py), see docs/census.md.
KNOWN_COUNTS: dict[int, dict[int, int]] = {
    1: {1: 2, 2: 4, 3: 12, 4: 30, 5: 78, 6: 180, 7: 432, 8: 978, 9: 2220, 10: 4926, 11: 10908,
        12: 23790},
    2: {1: 2, 2: 24, 3: 1028, 4: 56014, 5: 3705306, 6: 286717796, 7: 25493886852},
    3: {1: 2, 2: 112, 3: 41928},
    4: {1: 2, 2: 480, 3: 1352732},
}

#: the compiled generator handles minimal DFAs of at most this many states (an acceptance
#: vector is a machine word; beyond it the census is far out of reach anyway)
MAX_BATCH_STATES = 16
#: a size is cut into shards of about this many canonical strings (:func:`shard_depth`)
SHARD_TABLES = 2000


def known_count(n: int, k: int) -> int | None:
    """The published number of minimal DFAs with exactly ``n`` states over ``k`` letters
    (:data:`KNOWN_COUNTS`), None when none is recorded."""
    return KNOWN_COUNTS.get(k, {}).get(n)


def canonical_tables(n: int, k: int) -> Iterator[np.ndarray]:
    """The BFS-canonical complete transition tables with n states over k letters."""
    cells = n * k
    table = np.zeros(cells, dtype=np.int64)

    def rec(i: int, top: int):
        if i == cells:
            if top == n - 1:
                yield table.reshape(n, k).copy()
            return
        state = i // k
        if state > top:                           # this state was never reached
            return
        # the remaining cells must still be able to introduce the missing states
        if n - 1 - top > cells - i:
            return
        for q in range(min(top + 1, n - 1) + 1):
            table[i] = q
            yield from rec(i + 1, max(top, q))

    yield from rec(0, 0)


def canonical_table_count(n: int, k: int) -> int:
    """How many tables :func:`canonical_tables` yields, by dynamic programming over the same
    scan: the number of ways to fill the cells i … nk−1 given the largest state seen so far
    (no table is built)."""
    return _extensions((), n, k)


def minimal_dfa_bound(max_states: int, k: int) -> int:
    """An upper bound on the number of DFAs :func:`minimal_dfas` yields: every canonical
    table with every acceptance vector, Σ_n canonical_table_count(n, k) · 2^n."""
    return sum(canonical_table_count(n, k) << n for n in range(1, max_states + 1))


def canonical_key(table, accepting) -> tuple:
    """The canonical form of the accessible part of a complete DFA with initial state 0
    (``table[q][a]`` the successor, ``accepting[q]`` a truth value): states renumbered in
    breadth-first order, as (rows, acceptance) of tuples.  Two DFAs whose states are all
    reachable are isomorphic iff their keys are equal; a table of :func:`canonical_tables`
    is its own key's rows."""
    index = {0: 0}
    order = [0]
    for q in order:                                   # grows while read: breadth-first
        for r in table[q]:
            r = int(r)
            if r not in index:
                index[r] = len(order)
                order.append(r)
    rows = tuple(tuple(index[int(r)] for r in table[q]) for q in order)
    return rows, tuple(bool(accepting[q]) for q in order)


def _minimal_kernel(n, k, prefix, out_rows, out_acc, table, tops, blk, new):
    """The minimal DFAs with n states over k letters whose string representation extends
    ``prefix`` (a valid canonical prefix), written to ``out_rows`` (one string per row) and
    ``out_acc`` (acceptance bits); returns (how many DFAs, how many strings scanned).

    The scan: cell i takes the values 0 … min(top + 1, n − 1), top the largest state among
    the cells before it (``tops[i]``), and is pruned when its row's state was never seen
    (state > top) or too few cells remain to introduce the missing states; a complete
    string is kept when it reached state n − 1.  Minimality: Moore refinement of the
    partition by acceptance (``blk``), the new block of q being that of the first earlier
    state with the same (block, successor blocks); minimal iff it reaches n blocks, not
    once a round adds none.  ``table``, ``tops``, ``blk``, ``new``: scratch space."""
    cells = n * k
    p = prefix.shape[0]
    top = 0
    for i in range(p):
        table[i] = prefix[i]
        if prefix[i] > top:
            top = prefix[i]
    tops[p] = top
    found = 0
    scanned = 0
    full = (1 << n) - 1
    i = p
    if p < cells:
        table[p] = -1
    while True:
        complete = False
        if i == cells:                       # only when the prefix is the whole string
            complete = True
        else:
            top = tops[i]
            nv = table[i] + 1
            lim = top + 1
            if lim > n - 1:
                lim = n - 1
            if (i // k) > top or (n - 1 - top) > (cells - i) or nv > lim:
                i -= 1
                if i < p:
                    break
                continue
            table[i] = nv
            newtop = top if top >= nv else nv
            if i + 1 < cells:
                tops[i + 1] = newtop
                i += 1
                table[i] = -1
                continue
            complete = newtop == n - 1
        if complete:
            scanned += 1
            for bits in range(full + 1):
                if n > 1 and (bits == 0 or bits == full):
                    continue
                count = 1 if n == 1 else 2
                for q in range(n):
                    blk[q] = (bits >> q) & 1
                minimal = n == 1
                while not minimal:
                    nc = 0
                    for q in range(n):
                        got = -1
                        for r in range(q):
                            if blk[r] == blk[q]:
                                same = True
                                for a in range(k):
                                    if blk[table[r * k + a]] != blk[table[q * k + a]]:
                                        same = False
                                        break
                                if same:
                                    got = new[r]
                                    break
                        if got < 0:
                            new[q] = nc
                            nc += 1
                        else:
                            new[q] = got
                    if nc == n:
                        minimal = True
                    elif nc == count:
                        break
                    count = nc
                    for q in range(n):
                        blk[q] = new[q]
                if minimal:
                    for c in range(cells):
                        out_rows[found, c] = table[c]
                    out_acc[found] = bits
                    found += 1
        if p == cells:
            break
    return found, scanned


def _check_size(n: int, k: int) -> None:
    if not (1 <= n <= MAX_BATCH_STATES) or k < 1:
        raise ValueError(f"n: 1 … {MAX_BATCH_STATES} states and k ≥ 1 letters, got n={n}, k={k}")


def _valid_prefix(prefix, n: int, k: int) -> bool:
    top = 0
    for i, v in enumerate(prefix):
        if i // k > top or n - 1 - top > n * k - i or not 0 <= v <= min(top + 1, n - 1):
            return False
        top = max(top, v)
    return len(prefix) < n * k or top == n - 1


def shard_prefixes(n: int, k: int, depth: int) -> list[tuple[int, ...]]:
    """The canonical prefixes of length ``depth`` (at most n·k) of the string
    representations with n states over k letters, in lexicographic order: the shards of
    that size (a prefix that no complete string extends is an empty shard)."""
    _check_size(n, k)
    depth = min(int(depth), n * k)
    out: list[tuple[int, ...]] = []

    def rec(prefix, top):
        i = len(prefix)
        if i == depth:
            if _valid_prefix(prefix, n, k):
                out.append(tuple(prefix))
            return
        if i // k > top or n - 1 - top > n * k - i:
            return
        for q in range(min(top + 1, n - 1) + 1):
            rec(prefix + [q], max(top, q))

    rec([], 0)
    return out


def shard_depth(n: int, k: int) -> int:
    """The prefix length that cuts the strings of n states over k letters into shards of
    about :data:`SHARD_TABLES` strings each: the least d with
    canonical_table_count(n, k) ≤ SHARD_TABLES · (number of prefixes of length d).  A
    function of (n, k) alone, so a run resumed with more or fewer workers has the same
    shards."""
    total = canonical_table_count(n, k)
    d = 0
    while d < n * k and total > SHARD_TABLES * len(shard_prefixes(n, k, d)):
        d += 1
    return d


def minimal_dfa_arrays(n: int, k: int, prefix=()) -> tuple[np.ndarray, np.ndarray]:
    """The minimal DFAs with exactly ``n`` states over ``k`` letters whose string
    representation extends ``prefix`` (default: all of them), in enumeration order:
    ``(rows, accepting)`` with ``rows[i]`` the string (uint8, n·k entries: row q holds the
    successors of state q) and ``accepting[i]`` the acceptance bits (int64, state q the bit
    q).  Compiled when numba is available."""
    _check_size(n, k)
    pre = np.asarray(tuple(prefix), dtype=np.int64)
    if not _valid_prefix(list(pre), n, k):
        raise ValueError(f"prefix: {tuple(prefix)} is no canonical prefix for n={n}, k={k}")
    cells = n * k
    # capacity: every string extending the prefix with every acceptance vector
    tables = _extensions(tuple(int(x) for x in pre), n, k)
    cap = max(1, tables << n)
    rows = np.zeros((cap, cells), dtype=np.uint8)
    acc = np.zeros(cap, dtype=np.int64)
    scratch = [np.zeros(cells + 1, dtype=np.int64) for _ in range(2)]
    blk, new = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    found, _ = jit(_minimal_kernel)(n, k, pre, rows, acc, scratch[0], scratch[1], blk, new)
    return rows[:found].copy(), acc[:found].copy()


def canonical_extensions(n: int, k: int, prefix=()) -> int:
    """How many canonical strings with n states over k letters extend ``prefix`` (a shard's
    share of the canonical tables of its size: its weight in a progress estimate)."""
    return _extensions(tuple(int(x) for x in prefix), n, k)


def _extensions(prefix: tuple[int, ...], n: int, k: int) -> int:
    """How many canonical strings extend ``prefix`` (the dynamic programme of
    :func:`canonical_table_count` started after the prefix): a function of the prefix's
    length and largest state alone."""
    return _ways_after(len(prefix), max(prefix, default=0), n, k)


@functools.lru_cache(maxsize=4096)
def _ways_after(start: int, top0: int, n: int, k: int) -> int:
    cells = n * k
    ways = [1 if top == n - 1 else 0 for top in range(n)]
    for i in range(cells - 1, start - 1, -1):
        state = i // k
        new = [0] * n
        for top in range(n):
            if state > top or n - 1 - top > cells - i:
                continue
            new[top] = sum(ways[max(top, q)] for q in range(min(top + 1, n - 1) + 1))
        ways = new
    return ways[top0]


def minimal_dfas(max_states: int, alphabet: Sequence[str]) -> Iterator[DFA]:
    """Every minimal complete DFA with 1 … ``max_states`` states over ``alphabet``, one per
    language, ordered by size, then string representation, then acceptance (as a binary
    number); streamed shard by shard (:func:`minimal_dfa_arrays`)."""
    letters = tuple(alphabet)
    k = len(letters)
    for n in range(1, max_states + 1):
        for prefix in shard_prefixes(n, k, shard_depth(n, k)):
            rows, acc = minimal_dfa_arrays(n, k, prefix)
            for r, bits in zip(rows, acc.tolist()):
                table = r.astype(np.int64).reshape(n, k)
                accepting = np.array([(bits >> q) & 1 for q in range(n)], dtype=bool)
                yield DFA._trusted(letters, table, 0, accepting)
