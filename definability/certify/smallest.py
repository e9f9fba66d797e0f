"""Small certificates by bottom-up enumeration of a fragment's formulas.

The decision procedures produce correct but often long formulas (type refinement gives a
disjunction of characteristic formulas of types; the local-divisor construction of Kamp's
theorem is exponential).  This module searches for a *small* formula of a fragment that
defines L, by enumerating formulas in order of size (number of nodes) with pruning by
observational equivalence, the technique of enumerative program synthesis:

* **Sample.** W words of length ℓ: the first |A|^ℓ0 spell every word of length ℓ0 (so the
  sample is exhaustive up to ℓ0), continued and completed by seeded random letters.
* **Behaviour.** A past-time formula φ is represented by its truth values at every letter
  position 1 … ℓ of every sample word, ``T[p, w]``, and at the readout position after every
  prefix, ``E[n, w]`` = (w1…wn, n+1 ⊨ φ) for n = 0 … ℓ (no atom holds there; for n = 0 every
  temporal operator is false, as for the empty word).  Every operator acts on these arrays
  (one numpy operation for a whole batch of candidates): atoms and Booleans pointwise
  (atoms false in E), and the temporal operators through X[i], i = 0 … ℓ, the value at
  position i+1 computed from the operand's letter-position values T[0 … i−1]:

      Y[<=k] φ : X[i] = T_φ[i−k] ∨ … ∨ T_φ[i−1]
      P φ      : X[i] = T_φ[0] ∨ … ∨ T_φ[i−1]
      φ S ψ    : X[0] = ⊥,  X[i+1] = T_ψ[i] ∨ (T_φ[i] ∧ X[i])

  with T = X[0 … ℓ−1] and E = X[0 … ℓ] (a temporal value at the readout position depends
  only on the letters before it).
  The W sample words are packed 8 to a byte, so every operator is a bitwise operation on
  rows of bytes (shifts along positions, never along words).
* **Pruning.** A candidate whose behaviour (a 64-bit fingerprint of T and E) was already
  produced by an earlier (no larger) formula is dropped: in any context it could be replaced by that
  formula without changing behaviour on the sample.
* **Exactness.** A candidate whose E equals membership of every sample prefix is checked
  exactly against the DFA (:func:`.synthesis.check_formula`); only a formula that passes is
  returned.  The word on which a candidate fails is kept, and a later candidate that
  disagrees with L on a kept word is dropped without an exact check (it would fail it):
  on a long chain, where the sample never reaches the accepting states and thousands of
  candidates match it, that is one exact check per distinct failure instead of one per
  candidate.  Pruning on a finite sample can hide a formula that differs from a smaller one
  only beyond the sample, so the result is the smallest found, not proved smallest.

Work is bounded by a number of candidates (deterministic: no wall clock).

The same packed evaluation serves the greedy shrinking of a certificate
(:class:`SampleFilter`): a candidate whose readout differs from membership on a sample prefix
cannot define L, and is dropped before the exact check.

Why a second evaluator beside the reference one (:mod:`attnlogic.ltl.evaluate`): the
search evaluates each candidate once, from its operands' packed values, for a whole batch
at a time.  Measured by ``python -m benchmarks smallest`` (one core of a shared 2-core
machine): the batched search evaluates 3.7·10^4–5.7·10^4 candidates per second; the same
packed operators one formula at a time from scratch 1.7·10^3 per second; the reference
evaluator on every prefix of the 256-word sample 1.2 formulas per second.  The Boolean
connectives and the temporal operators are the shared ones (:data:`attnlogic.ltl.semantics.BOOLEAN`,
``~`` being the complement of packed bits too, and the scans of
:data:`~attnlogic.ltl.semantics.TEMPORAL`, bitwise along the positions): nothing of the
semantics is written here.
"""

from __future__ import annotations

from ...kernel import limits as _limits

import numpy as np

from ...ltl.formula import And, Formula, Not, Or, Past, Since, Yesterday, atom
from ...ltl.fragments import Fragment
from ...ltl.semantics import BOOLEAN, TEMPORAL
from ...kernel.limits import DEFAULT_LIMIT
from .synthesis import check_formula
from ...ltl.formula import Atom, Const

__all__ = ["fragment_operators", "smallest_formula", "behaviour_sample", "behaviour", "SampleFilter"]

#: default number of candidate formulas evaluated (kernel/limits.py)
DEFAULT_BUDGET = _limits.SMALLEST_SEARCH_CANDIDATES
#: candidates built per numpy batch for the binary operators
_BLOCK = 4096



def fragment_operators(fragment: "Fragment | str") -> tuple[bool, tuple[int, ...], bool]:
    """(P allowed, the windows k of Y[<=k] allowed, S allowed) for a fragment (or its name)."""
    k, past, since = Fragment.parse(fragment).type_sets
    return past, () if k is None else (k,), since


def behaviour_sample(m: int, n_words: int = 256, length: int = 12, seed: int = 0) -> np.ndarray:
    """(W, ℓ) letter indices: every word of length ℓ0 = ⌊log_m(W/2)⌋ as a prefix of one row,
    the rest random (seeded), all of length ℓ."""
    rng = np.random.default_rng(seed)
    l0 = 0
    while m ** (l0 + 1) <= n_words // 2 and l0 + 1 <= length:
        l0 += 1
    words = rng.integers(0, m, (n_words, length))
    exhaustive = np.array(np.unravel_index(np.arange(m ** l0), (m,) * l0)).T if l0 else np.zeros((1, 0), int)
    words[:len(exhaustive), :l0] = exhaustive
    return words


_ATOM, _NOT, _Y, _P, _AND, _OR, _S = range(7)


class _Pool:
    """The kept behaviours (packed) and, in parallel arrays, how each was built: operator
    code and two operands (for Y the window k; for an atom the letter), so that formula
    objects are only made for the few candidates that are checked.  Fingerprints of the
    kept behaviours are a sorted array (dedup by ``searchsorted``, no per-candidate Python)."""

    def __init__(self):
        self.n = 0
        self.op = np.zeros(4096, dtype=np.int8)                       # grow by doubling
        self.a = np.zeros(4096, dtype=np.int64)
        self.b = np.zeros(4096, dtype=np.int64)
        self.keys = np.zeros(0, dtype=np.uint64)
        self.blocks: dict[int, list[tuple[int, int]]] = {}
        #: the kept behaviours of each size, as the blocks were added (kept as they come:
        #: copying them into one growing array cost half the search's time)
        self._values: dict[int, list[np.ndarray]] = {}
        self._made: dict[int, Formula] = {}

    def ids(self, size: int) -> np.ndarray:
        parts = [np.arange(lo, hi) for lo, hi in self.blocks.get(size, [])]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)

    def values(self, size: int) -> np.ndarray:
        """The kept behaviours of ``size``, row j that of ``ids(size)[j]``."""
        parts = self._values.get(size, [])
        if len(parts) > 1:
            parts[:] = [np.concatenate(parts)]
        return parts[0]

    def new_rows(self, keys: np.ndarray) -> np.ndarray:
        """Indices (in batch order) of the first occurrence of each fingerprint not yet
        kept; they are recorded as kept."""
        uniq, first = np.unique(keys, return_index=True)
        pos = np.searchsorted(self.keys, uniq)
        present = np.zeros(len(uniq), dtype=bool)
        inside = pos < len(self.keys)
        present[inside] = self.keys[pos[inside]] == uniq[inside]
        self.keys = np.insert(self.keys, pos[~present], uniq[~present])
        return np.sort(first[~present])

    def add_block(self, values: np.ndarray, op: int, a: np.ndarray, b: np.ndarray, size: int) -> int:
        start, stop = self.n, self.n + len(values)
        while stop > len(self.op):
            grow = len(self.op)
            self.op, self.a, self.b = (np.concatenate([x, np.zeros(grow, x.dtype)])
                                       for x in (self.op, self.a, self.b))
        self._values.setdefault(size, []).append(values)
        self.op[start:stop] = op
        self.a[start:stop] = a
        self.b[start:stop] = b
        self.blocks.setdefault(size, []).append((start, stop))
        self.n = stop
        return start

    def formula(self, i: int, letters) -> Formula:
        f = self._made.get(i)
        if f is None:
            op, a, b = int(self.op[i]), int(self.a[i]), int(self.b[i])
            if op == _ATOM:
                f = atom(letters[a])
            elif op == _NOT:
                f = Not(self.formula(a, letters))
            elif op == _Y:
                f = Yesterday(self.formula(a, letters), b)
            elif op == _P:
                f = Past(self.formula(a, letters))
            else:
                cls = {_AND: And, _OR: Or, _S: Since}[op]
                f = cls(self.formula(a, letters), self.formula(b, letters))
            self._made[i] = f
        return f


class _Counterexamples:
    """The words on which candidates failed the exact check (counterexample-guided pruning):
    a later candidate that also disagrees with L on one of them would fail the exact check
    too, so it is dropped without one — the search returns the same formula, with one exact
    check per distinct failure instead of one per candidate.  This matters when the sample
    cannot tell the candidates apart (a long chain DFA whose accepting states lie beyond the
    sample length: every candidate false on the sample matches it)."""

    def __init__(self, dfa):
        self.dfa = dfa
        self.words: list[tuple] = []
        self.rows: np.ndarray | None = None       # (W, ℓ) letter indices, W a multiple of 8
        self.member = np.zeros(0, dtype=bool)

    def add(self, word) -> None:
        index = {a: i for i, a in enumerate(self.dfa.alphabet)}
        self.words.append(tuple(index[x] for x in word))
        self.member = np.append(self.member, self.dfa.accepts(tuple(word)))
        ell = max(len(w) for w in self.words)
        n = len(self.words)
        rows = np.zeros((-(-n // 8) * 8, ell), dtype=np.int64)
        for i, w in enumerate(self.words):
            rows[i, :len(w)] = w
        self.rows = rows
        self.lengths = [len(w) for w in self.words]
        self.memo: dict[int, np.ndarray] = {}       # pool entry → packed values on rows

    def refutes(self, pool: "_Pool", i: int) -> bool:
        """Whether the pool's candidate i disagrees with L on a recorded word: its packed
        values on the recorded words, from those of its operands (memoised per pool entry,
        so each candidate costs one operation, as in the search itself)."""
        if not self.words:
            return False
        E = np.unpackbits(self._values(pool, i)[0], axis=1).astype(bool)[self.rows.shape[1]:]
        got = E[self.lengths, np.arange(len(self.words))]
        return bool((got != self.member).any())

    def _values(self, pool: "_Pool", i: int) -> np.ndarray:
        memo = self.memo
        if i in memo:
            return memo[i]
        words = self.rows
        ell = words.shape[1]
        op, a, b = int(pool.op[i]), int(pool.a[i]), int(pool.b[i])
        if op == _ATOM:
            v = np.zeros((1, 2 * ell + 1, words.shape[0] // 8), dtype=np.uint8)
            v[0, :ell] = np.packbits(words.T == a, axis=1)
        elif op == _NOT:
            v = ~self._values(pool, a)
        elif op == _Y:
            v = _window(self._values(pool, a)[:, :ell], b, ell)
        elif op == _P:
            v = _past(self._values(pool, a)[:, :ell], ell)
        elif op == _AND:
            v = self._values(pool, a) & self._values(pool, b)
        elif op == _OR:
            v = self._values(pool, a) | self._values(pool, b)
        else:
            v = _since(self._values(pool, a)[:, :ell], self._values(pool, b)[:, :ell], ell)
        memo[i] = v
        return v


def _fingerprints(batch: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """64-bit fingerprints of a (b, rows, W/8) packed batch: a random linear hash of its
    64-bit words modulo 2^64 (a collision can only hide a candidate, never make a wrong
    formula: every answer is checked exactly)."""
    words = np.ascontiguousarray(batch).reshape(len(batch), -1).view(np.uint64)
    return (words * weights).sum(axis=1, dtype=np.uint64)


# -- the operators on packed behaviours -------------------------------------------------------
# A batch of behaviours is a (b, 2ℓ+1, W/8) uint8 array: rows 0 … ℓ−1 are letter positions
# 1 … ℓ (T), rows ℓ … 2ℓ the readout after prefixes of length 0 … ℓ (E).  The temporal
# operators compute X[i], the value at position i+1, from the operand's T rows only.

def _behaviour(b: int, ell: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """A zeroed (b, 2ℓ+1, width) behaviour and its rows ℓ … 2ℓ, the view X in which a
    temporal operator writes its values at positions 1 … ℓ+1 (then :func:`_temporal`)."""
    out = np.zeros((b, 2 * ell + 1, width), dtype=np.uint8)
    return out, out[:, ell:]


def _temporal(out: np.ndarray, ell: int) -> np.ndarray:
    """A behaviour whose E rows hold X at positions 1 … ℓ+1, completed with T = X[:ℓ]."""
    out[:, :ell] = out[:, ell:2 * ell]
    return out


def _scan(node: Formula, ell: int, *T: np.ndarray) -> np.ndarray:
    """The temporal operator of ``node`` (its row of the operators' table,
    :data:`attnlogic.ltl.semantics.TEMPORAL`: X at positions 1 … ℓ+1 from the operands' T rows,
    scanned along the positions axis, bitwise on the packed words) as a behaviour."""
    out, X = _behaviour(T[0].shape[0], ell, T[0].shape[2])
    X[:] = np.moveaxis(TEMPORAL[type(node)].scan(node, *(np.moveaxis(t, 1, 0) for t in T)), 0, 1)
    return _temporal(out, ell)


#: the operator nodes whose scans the search applies (a scan reads only the operator, and the
#: window k of Y[<=k], never the argument)
_PAST, _SINCE = Past(atom("a")), Since(atom("a"), atom("a"))
_WINDOWS: dict[int, Formula] = {}


def _window(T: np.ndarray, k: int, ell: int) -> np.ndarray:
    """Y[<=k]: X[i] = T[i−k] ∨ … ∨ T[i−1] (indices ≥ 0)."""
    node = _WINDOWS.get(k)
    if node is None:
        node = _WINDOWS[k] = Yesterday(atom("a"), k)
    return _scan(node, ell, T)


def _past(T: np.ndarray, ell: int) -> np.ndarray:
    """P: X[i] = T[0] ∨ … ∨ T[i−1]."""
    return _scan(_PAST, ell, T)


def _since(Tl: np.ndarray, Tr: np.ndarray, ell: int) -> np.ndarray:
    """S: X[0] = ⊥, X[i+1] = T_right[i] ∨ (T_left[i] ∧ X[i])."""
    return _scan(_SINCE, ell, Tl, Tr)


def _node_values(g: Formula, c: list, words: np.ndarray, index: dict, ell: int, B: int) -> np.ndarray:
    """The packed behaviour of the node g from those of its children ``c``."""
    if type(g) in BOOLEAN:
        return BOOLEAN[type(g)](*c)
    if isinstance(g, Atom):
        v = np.zeros((1, 2 * ell + 1, B), dtype=np.uint8)
        if g.name in index:
            v[0, :ell] = np.packbits(words.T == index[g.name], axis=1)
        return v
    if isinstance(g, Const):
        return np.full((1, 2 * ell + 1, B), 255 if g.value else 0, dtype=np.uint8)
    if isinstance(g, Yesterday):
        return _window(c[0][:, :ell], g.k, ell)
    if isinstance(g, Past):
        return _past(c[0][:, :ell], ell)
    rule = TEMPORAL.get(type(g))
    if rule is not None and rule.rewrite is not None:    # O, H: the table's rewriting into P
        h = rule.rewrite(g.arg)
        vals = {g.arg: c[0]}
        for x in h.subformulas():
            if x not in vals:
                vals[x] = _node_values(x, [vals[y] for y in x.children], words, index, ell, B)
        return vals[h]
    if isinstance(g, Since):
        return _since(c[0][:, :ell], c[1][:, :ell], ell)
    raise TypeError(type(g).__name__)


def behaviour(formula: Formula, words: np.ndarray, alphabet) -> tuple[np.ndarray, np.ndarray]:
    """The truth values the enumeration works with, for one formula: ``T[p, w]`` at letter
    position p+1 of sample word w, and ``E[n, w]`` at the readout after its first n letters
    (n = 0 … ℓ), as booleans.  Exposed so that the tests can compare them with the
    reference evaluator; every operator of the logic but Mod is accepted."""
    words = np.asarray(words)
    W, ell = words.shape
    if W % 8:
        raise ValueError("the sample needs a multiple of 8 words")
    index = {a: i for i, a in enumerate(alphabet)}
    values: dict[Formula, np.ndarray] = {}
    for g in formula.subformulas():
        values[g] = _node_values(g, [values[x] for x in g.children], words, index, ell, W // 8)
    bits = np.unpackbits(values[formula][0], axis=1).astype(bool)
    return bits[:ell], bits[ell:]


class SampleFilter:
    """A cheap necessary test for "φ defines L(dfa)": φ's readout on every prefix of the
    sample words (:func:`behaviour_sample`) equals membership.  A formula that fails it does
    not define L; one that passes still needs the exact check.  The behaviours of the
    subformulas are memoised (formulas are hash-consed), so testing a formula that differs
    from an earlier one in one subformula evaluates only the nodes above it;
    ``evaluated`` counts the nodes evaluated (the work, one packed operation each).  A
    formula with an operator the packed evaluator lacks (Mod) passes untested."""

    def __init__(self, dfa, sample: np.ndarray | None = None):
        A = list(dfa.alphabet)
        self.words = behaviour_sample(len(A)) if sample is None else np.asarray(sample)
        W, self.ell = self.words.shape
        self.B = W // 8
        self.index = {a: i for i, a in enumerate(A)}
        t = np.asarray(dfa.transitions)
        acc = np.asarray(dfa.accepting, dtype=bool)
        states = np.full(W, dfa.initial, dtype=np.int64)
        target = np.empty((self.ell + 1, W), dtype=bool)
        target[0] = acc[states]
        for i in range(self.ell):
            states = t[states, self.words[:, i]]
            target[i + 1] = acc[states]
        self.target = np.packbits(target, axis=1)
        self.values: dict[Formula, np.ndarray] = {}
        self.evaluated = 0

    def passes(self, formula: Formula) -> bool:
        values = self.values
        stack = [(formula, False)]
        try:
            while stack:                   # post-order, not entering memoised nodes
                g, expanded = stack.pop()
                if g in values:
                    continue
                if expanded:
                    values[g] = _node_values(g, [values[x] for x in g.children], self.words,
                                             self.index, self.ell, self.B)
                    self.evaluated += 1
                    continue
                stack.append((g, True))
                stack.extend((x, False) for x in g.children if x not in values)
        except TypeError:
            return True
        return bool((values[formula][0, self.ell:] == self.target).all())


def smallest_formula(dfa, fragment: str, max_size: int = 12, budget: int = DEFAULT_BUDGET,
                     check_limit: int = DEFAULT_LIMIT, sample: np.ndarray | None = None,
                     stats: dict | None = None) -> Formula | None:
    """The first formula of ``fragment`` (in order of size) that defines L(dfa) exactly at
    the N+1 readout, among formulas of at most ``max_size`` nodes; None when none is found
    within ``budget`` candidates.  ``stats["evaluated"]``, when given, receives the number of
    candidates evaluated.  See the module docstring for the method."""
    if stats is None:
        stats = {}
    stats["evaluated"] = 0
    return _search(dfa, fragment, max_size, budget, check_limit, sample, stats)


def states_bound(windows: tuple[int, ...], max_size: int) -> int:
    """An upper bound on the minimal DFA of any formula of at most ``max_size`` nodes whose
    windows are ``windows`` (Y is Y[<=1]): its evaluation automaton (:func:`.synthesis.check_formula`)
    is a DFA for its language, with one memory value per temporal node — 2 for P, O, H and
    S, k + 1 for Y[<=k] — and a formula of s nodes has at most s − 1 temporal nodes (one
    leaf at least), so at most max(2, k + 1)^(s − 1) states."""
    return max(2, max(windows, default=1) + 1) ** max(0, max_size - 1)


def _search(dfa, fragment, max_size, budget, check_limit, sample, stats) -> Formula | None:
    use_p, windows, use_s = fragment_operators(fragment)
    A = list(dfa.alphabet)
    m = len(A)
    if m == 0 or dfa.n_states > states_bound(windows, max_size):
        return None             # (no formula that small has that many states: nothing to search)
    words = behaviour_sample(m) if sample is None else np.asarray(sample)
    W, ell = words.shape
    if W % 64:
        raise ValueError("the sample needs a multiple of 64 words")
    B = W // 8                               # bytes per row
    rows = 2 * ell + 1                       # T: rows 0 … ℓ−1, E: rows ℓ … 2ℓ

    # target: membership of every prefix w1…wn, n = 0 … ℓ
    t = np.asarray(dfa.transitions)
    states = np.full(W, dfa.initial, dtype=np.int64)
    acc = np.asarray(dfa.accepting, dtype=bool)
    target = np.empty((ell + 1, W), dtype=bool)
    target[0] = acc[states]
    for i in range(ell):
        states = t[states, words[:, i]]
        target[i + 1] = acc[states]
    target = np.packbits(target, axis=1)

    rng = np.random.default_rng(12345)
    weights = rng.integers(1, 2 ** 63, size=rows * B // 8, dtype=np.uint64) | np.uint64(1)
    pool = _Pool()
    refuted = _Counterexamples(dfa)
    evaluated = 0
    found: list[Formula] = []

    def offer(batch: np.ndarray, size: int, op: int, a: np.ndarray, b) -> bool:
        """Keep the new behaviours of a batch (candidate j is ``op`` applied to operands
        a[j], b[j]); True when a candidate defines L exactly."""
        nonlocal evaluated
        if len(batch) > budget - evaluated:       # never past the budget: the batch is cut
            batch, a = batch[:max(0, budget - evaluated)], np.asarray(a)[:max(0, budget - evaluated)]
            if not np.isscalar(b) and np.ndim(b):
                b = np.asarray(b)[:len(batch)]
        evaluated += len(batch)
        stats["evaluated"] = evaluated
        if not len(batch):
            return False
        new = pool.new_rows(_fingerprints(batch, weights))
        if not len(new):
            return False
        values = batch[new]
        start = pool.add_block(values, op, np.asarray(a)[new], np.broadcast_to(b, len(batch))[new], size)
        for h in np.flatnonzero((values[:, ell:] == target[None]).all(axis=(1, 2))):
            if refuted.refutes(pool, start + int(h)):
                continue
            f = pool.formula(start + int(h), A)
            counter = check_formula(f, dfa, limit=check_limit)
            if counter is None:
                found.append(f)
                return True
            refuted.add(counter)
        return False

    # size 1: atoms (constants are never needed: the classifier handles ∅ and A*)
    batch = np.zeros((m, rows, B), dtype=np.uint8)
    batch[:, :ell] = np.packbits(words.T[None] == np.arange(m)[:, None, None], axis=2)
    if offer(batch, 1, _ATOM, np.arange(m), 0):
        return found[0]
    for size in range(2, max_size + 1):
        # unary operators on formulas of size − 1
        idx = pool.ids(size - 1)
        if len(idx):
            D = pool.values(size - 1)
            T = D[:, :ell]
            ops = [(_NOT, ~D, 0)] + [(_Y, _window(T, k, ell), k) for k in windows]
            if use_p:
                ops.append((_P, _past(T, ell), 0))
            for op, values, extra in ops:
                if offer(values, size, op, idx, extra):
                    return found[0]
                if evaluated >= budget:
                    return None
        # binary operators: sizes (a, b) with a + b = size − 1, in blocks of left operands
        for a_size in range(1, size - 1):
            b_size = size - 1 - a_size
            L, R = pool.ids(a_size), pool.ids(b_size)
            if not len(L) or not len(R):
                continue
            DR = pool.values(b_size)
            DLs = pool.values(a_size)
            step = max(1, min(_BLOCK, budget - evaluated) // len(R))
            for lo in range(0, len(L), step):
                Lc = L[lo:lo + step]
                DL = DLs[lo:lo + step]
                il = np.repeat(np.arange(len(Lc)), len(R))
                ir = np.tile(np.arange(len(R)), len(Lc))
                # commutative Booleans once per unordered pair
                if a_size <= b_size:
                    keep = (R[ir] > Lc[il]) if a_size == b_size else np.ones(len(il), bool)
                    jl, jr = il[keep], ir[keep]
                    if len(jl):
                        for op, values in ((_AND, DL[jl] & DR[jr]), (_OR, DL[jl] | DR[jr])):
                            if offer(values, size, op, Lc[jl], R[jr]):
                                return found[0]
                if use_s:
                    if offer(_since(DL[il, :ell], DR[ir, :ell], ell), size, _S, Lc[il], R[ir]):
                        return found[0]
                if evaluated >= budget:
                    return None
    return None
