"""Non-membership witnesses: pairs of words, one in the language and one not, that no
formula of a fragment distinguishes.

A :class:`Witness` holds the two words (tuples of letters), ``depth`` and, for the
witnesses of an identity violation or a lasso, the pumped ``family`` it belongs to.

``depth`` is what is claimed for the two printed words: no formula of the fragment of
temporal depth ≤ depth separates them.  The deciders propose pairs; before a classification
returns, :mod:`.attest` recomputes ``depth`` for the fragment of the answer with the
independent type computation of :mod:`.indistinguishable` (``None`` only before that).

A :class:`Family` is ``in: u·x^K·v`` and ``out: u'·x^K·v'`` for K = K0, K0 + step, …: its
words lie on the two sides of L for every such K (x^K is then one and the same idempotent
transformation of the DFA, or, for lassos, the run of u·x^K is in its periodic part), and
raising K is how the argument against every depth goes.  The depth a concrete instance
defeats is always the one checked, never extrapolated.

The constructions below all start from a pattern in the minimal DFA and return words as
lists of letter indices; :func:`make_witness` and :func:`family_witness` order them by
membership.
"""

from __future__ import annotations

from ...kernel import limits as _limits

import math

from dataclasses import dataclass

import numpy as np
from attnlogic.kernel.display import html_table, show_factor, show_word
from attnlogic.kernel.words import separator

__all__ = ["Witness", "Family", "Factors", "IdentityInstantiation", "factorize", "make_witness", "family_witness",
           "transformation_of", "transformation_power", "power_exponent", "least_idempotent_power", "run", "FACTORIZE_FROM",
           "shortest_equivalent_word"]


@dataclass(frozen=True)
class IdentityInstantiation:
    """A failing instantiation of an identity, as words (letter names): ``relation`` (its
    text, one of ``identities``), ``assignment`` ((variable, word), …), ``exponents``
    ((ω-subterm text, k), …: each power idempotent), the instantiated sides ``left`` and
    ``right``, a context ``prefix`` / ``suffix`` with prefix·side·suffix ``accepted`` ∈ L for
    one side and ``rejected`` ∉ L for the other.  Printed as an identity pair's JSON, which
    :func:`..checks.verify.verify_identity_violation` checks on the DFA's runs alone."""

    identities: str
    relation: str
    assignment: tuple
    exponents: tuple
    left: tuple
    right: tuple
    prefix: tuple
    suffix: tuple
    accepted: tuple
    rejected: tuple
    structure: str = "semigroup"

    def to_json(self, sep: str = "") -> dict:
        return {"kind": "identity pair", "identities": self.identities, "relation": self.relation,
                "structure": self.structure,
                "assignment": {v: {"element": None, "word": sep.join(w)} for v, w in self.assignment},
                "left_word": sep.join(self.left), "right_word": sep.join(self.right),
                "sides": [sep.join(self.left), sep.join(self.right)],
                "exponents": [list(e) for e in self.exponents], "prefix": sep.join(self.prefix),
                "suffix": sep.join(self.suffix), "in": sep.join(self.accepted), "out": sep.join(self.rejected)}


@dataclass(frozen=True)
class Family:
    """``in_prefix · block^K · in_suffix ∈ L`` and ``out_prefix · out_block^K · out_suffix ∉ L``
    for every K = ``start`` + j·``step`` (j ≥ 0); letters as tuples of strings.
    ``block_out`` is the out-word's pumped block when it differs (the two-period lassos of
    LTL[Y<=k]); None: both words pump ``block``."""

    in_prefix: tuple[str, ...]
    in_suffix: tuple[str, ...]
    out_prefix: tuple[str, ...]
    out_suffix: tuple[str, ...]
    block: tuple[str, ...]
    start: int
    step: int
    block_out: tuple[str, ...] | None = None

    @property
    def out_block(self) -> tuple[str, ...]:
        """The block the out-word pumps: ``block_out``, or ``block`` when that is None."""
        return self.block if self.block_out is None else self.block_out

    def words(self, K: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return (self.in_prefix + self.block * K + self.in_suffix,
                self.out_prefix + self.out_block * K + self.out_suffix)

    def text(self, sep: str = "") -> str:
        """``in: u·(x)^K·v, out: u'·(x')^K·v', K = K0, K0 + step, …`` (x' = x unless the
        out-word pumps its own block); factors longer than
        :data:`attnlogic.kernel.display.WORD_DISPLAY_LIMIT` are shortened to their ends and length
        (the JSON has them whole)."""

        def part(p, block, s):
            left = show_factor(sep.join(p))
            right = show_factor(sep.join(s))
            return "·".join(x for x in (left, f"({show_factor(sep.join(block))})^K", right) if x)
        k0, m = self.start, self.step
        ks = f"K = {k0}, {k0 + m}, {k0 + 2 * m}, …" if m else f"K = {k0}"
        return (f"in: {part(self.in_prefix, self.block, self.in_suffix)}, "
                f"out: {part(self.out_prefix, self.out_block, self.out_suffix)}, {ks}")

    def to_json(self, sep: str = "") -> dict:
        """The factors joined by ``sep``; ``"out_block"`` only when the out-word pumps a
        block of its own."""
        out = {"in": [sep.join(self.in_prefix), sep.join(self.in_suffix)],
               "out": [sep.join(self.out_prefix), sep.join(self.out_suffix)],
               "block": sep.join(self.block), "start": self.start, "step": self.step}
        if self.out_block != self.block:
            out["out_block"] = sep.join(self.out_block)
        return out

#: words of at least this many letters get their factors u·(x)^K·v (Witness.*_factors)
FACTORIZE_FROM = 40
#: the longest repeated factor x looked for
MAX_FACTOR = 48


@dataclass(frozen=True)
class Factors:
    """A word as ``prefix · (factor)^power · suffix`` (the literal word is their product)."""

    prefix: tuple[str, ...]
    factor: tuple[str, ...]
    power: int
    suffix: tuple[str, ...]

    @property
    def word(self) -> tuple[str, ...]:
        return self.prefix + self.factor * self.power + self.suffix

    def to_json(self, sep: str = "") -> dict:
        return {"prefix": sep.join(self.prefix), "factor": sep.join(self.factor),
                "power": self.power, "suffix": sep.join(self.suffix)}


def factorize(word) -> Factors | None:
    """The decomposition u·(x)^K·v of ``word`` with K ≥ 2 and |x| ≤ MAX_FACTOR covering the
    most letters by the power (ties: the shortest x, then the earliest start), or None
    when no factor repeats.  For each |x| = L, a maximal run of positions i with
    w[i] = w[i+L] of length r starting at s is a block w[s : s+r+L] of period L."""
    w = tuple(word)
    n = len(w)
    best = None                                   # (covered, -L, -start, start, L, K)
    codes = np.asarray([hash(a) for a in w], dtype=np.int64) if n else np.zeros(0, np.int64)
    for L in range(1, min(MAX_FACTOR, n // 2) + 1):
        eq = codes[:-L] == codes[L:]
        if not eq.any():
            continue
        padded = np.concatenate(([False], eq, [False]))
        edges = np.flatnonzero(padded[1:] != padded[:-1])
        for s, e in zip(edges[::2], edges[1::2]):
            K = (e - s + L) // L
            if K < 2:
                continue
            key = (K * L, -L, -int(s))
            if best is None or key > best[0]:
                best = (key, int(s), L, int(K))
    if best is None:
        return None
    _, s, L, K = best
    return Factors(w[:s], w[s:s + L], K, w[s + K * L:])


@dataclass(frozen=True)
class Witness:
    """``accepted ∈ L``, ``rejected ∉ L``; no formula of the fragment of temporal depth ≤
    ``depth`` separates them (checked by :mod:`.attest`; None before the check); ``family``:
    the pumped family the pair is an instance of, if any.

    ``accepted_factors`` / ``rejected_factors`` (optional, None when not computed): each
    literal word as u·(x)^K·v, for printing long words compactly; ``to_json`` adds them
    only when set, with the literal words kept."""

    accepted: tuple[str, ...]
    rejected: tuple[str, ...]
    depth: int | None
    family: Family | None = None
    accepted_factors: Factors | None = None
    rejected_factors: Factors | None = None

    def to_json(self, sep: str = "") -> dict:
        out = {"accepted": sep.join(self.accepted), "rejected": sep.join(self.rejected),
               "depth": self.depth}
        if self.family is not None:
            out["family"] = self.family.to_json(sep)
        if self.accepted_factors is not None:
            out["accepted_factors"] = self.accepted_factors.to_json(sep)
        if self.rejected_factors is not None:
            out["rejected_factors"] = self.rejected_factors.to_json(sep)
        return out

    def text(self, sep: str = "", indent: str = "") -> str:
        """``'u' in, 'v' out, indistinguishable at depth <= r`` (r as checked for these two
        words by :mod:`.attest`; long words shortened by :func:`attnlogic.kernel.display.show_word`)
        and, on a second line after ``indent``, the pumped family the pair belongs to, if any.
        The one text rendering of a witness: classify, separate and the demo print it."""

        depth = "(unchecked)" if self.depth is None else f"at depth <= {self.depth}"
        text = (f"{show_word(sep.join(self.accepted))} in, {show_word(sep.join(self.rejected))} out, "
                f"indistinguishable {depth}")
        if self.family is not None:
            text += f"\n{indent}pumped family: {self.family.text(sep)}"
        return text

    def with_factors(self) -> "Witness":
        """The witness with the factors of each word of at least FACTORIZE_FROM letters."""
        from dataclasses import replace

        def fac(w):
            return factorize(w) if len(w) >= FACTORIZE_FROM else None
        return replace(self, accepted_factors=fac(self.accepted), rejected_factors=fac(self.rejected))

    def _repr_html_(self) -> str:

        sep = separator(self.accepted + self.rejected)
        depth = "(depth not checked)" if self.depth is None else f"at depth ≤ {self.depth}"
        return html_table(["", "word", "letters"],
                          [["in the language", show_word(sep.join(self.accepted)), len(self.accepted)],
                           ["not in it", show_word(sep.join(self.rejected)), len(self.rejected)]],
                          caption=f"witness pair, indistinguishable {depth}")


def run(table: np.ndarray, q: int, word) -> int:
    for a in word:
        q = int(table[q, a])
    return q


def transformation_of(table: np.ndarray, word) -> np.ndarray:
    """The transformation q ↦ δ(q, word) as an array."""
    t = np.asarray(table)
    x = np.arange(t.shape[0])
    for a in word:
        x = t[x, a]
    return x


def transformation_power(x: np.ndarray, K: int) -> np.ndarray:
    """x^K (K ≥ 1) by repeated squaring: O(n log K) array steps, where applying the word of
    x K times costs n·K·|word| (q·x^K = x[x[…x[q]…]], K times)."""
    x = np.asarray(x)
    result, base = None, x
    while K:
        if K & 1:
            result = base if result is None else base[result]
        K >>= 1
        if K:
            base = base[base]
    return result


def power_exponent(x: np.ndarray, at_least: int = 1) -> int:
    """The least K ≥ at_least with x^K idempotent and K a multiple of the exponent of x
    (i.e. K ≥ index and K ≡ 0 mod period).

    The exponent is read off x's functional graph in linear time: x^k is idempotent iff
    k ≥ the longest tail (steps from a point to its cycle) and every cycle length divides k,
    so the least such k ≥ 1 is the least multiple of the lcm of the cycle lengths that is
    at least the longest tail (powering x until idempotent took n steps of n each on an
    n-cycle)."""
    succ = np.asarray(x).tolist()
    tail = [-1] * len(succ)              # steps to the cycle; -1: not yet known
    on_path = [False] * len(succ)        # on the walk being followed
    longest, period = 0, 1
    for start in range(len(succ)):
        path, q = [], start
        while tail[q] < 0 and not on_path[q]:
            on_path[q] = True
            path.append(q)
            q = succ[q]
        for p in path:
            on_path[p] = False
        if tail[q] < 0:                  # the walk closed a new cycle at q
            at = path.index(q)
            period = math.lcm(period, len(path) - at)
            for c in path[at:]:
                tail[c] = 0
            path = path[:at]
        for d, p in enumerate(reversed(path), 1):
            tail[p] = tail[q] + d
        longest = max(longest, tail[path[0]] if path else 0)
    k = period * max(1, -(-longest // period))
    return k * max(1, -(-at_least // k))


#: transformations a search for a shorter word with the same one may visit (kernel/limits.py)
EQUIVALENT_WORD_ELEMENTS = _limits.EQUIVALENT_WORD_ELEMENTS


def shortest_equivalent_word(table: np.ndarray, word, limit: int = EQUIVALENT_WORD_ELEMENTS):
    """A shortest word (letter indices) with the same transformation of the DFA as ``word``
    (``word`` itself when none is shorter): breadth-first over the transformations of the
    words by length, each kept once (the first, shortest word reaching it, letters in
    order); ``word`` when more than ``limit`` transformations would be visited.  Pumping
    such a word in place of ``word`` changes no membership: the words have equal
    transformations, hence so have their powers."""
    t = np.asarray(table)
    target = transformation_of(t, word).tobytes()
    level = [((), np.arange(t.shape[0]))]
    seen = {level[0][1].tobytes()}
    for _ in range(len(word) - 1):
        nxt = []
        for w, x in level:
            for a in range(t.shape[1]):
                y = t[x, a]
                key = y.tobytes()
                if key == target:
                    return list(w) + [a]
                if key not in seen:
                    seen.add(key)
                    nxt.append((w + (a,), y))
                    if len(seen) > limit:
                        return list(word)
        level = nxt
        if not level:
            break
    return list(word)


def least_idempotent_power(x: np.ndarray) -> int:
    """The least k ≥ 1 with x^k idempotent (then x^(jk) = x^k for every j ≥ 1)."""
    return power_exponent(x, 1)


def family_witness(dfa, pre_a, pre_b, block, suf_a, suf_b, K: int, step: int, block_b=None):
    """The instance at ``K`` of the family ``pre_a·block^K·suf_a`` / ``pre_b·block_b^K·suf_b``
    (letter indices; ``block_b`` None: ``block``), ordered by membership, with the family
    attached; None if the two words do not differ on L.  The caller guarantees that
    membership does not change along K, K + step, …"""
    block_b = block if block_b is None else block_b
    ua = list(pre_a) + list(block) * K + list(suf_a)
    ub = list(pre_b) + list(block_b) * K + list(suf_b)
    w = make_witness(dfa, ua, ub, None)
    if w is None:
        return None
    L = dfa.alphabet

    def t(word):
        return tuple(L[a] for a in word)

    a_in = tuple(L[a] for a in ua) == w.accepted
    ba, bb = t(block), t(block_b)
    fam = (Family(t(pre_a), t(suf_a), t(pre_b), t(suf_b), ba, K, step, None if bb == ba else bb)
           if a_in else
           Family(t(pre_b), t(suf_b), t(pre_a), t(suf_a), bb, K, step, None if ba == bb else ba))
    return Witness(w.accepted, w.rejected, None, fam)


#: array steps (states × letters applied) that :func:`pumping_power` may spend (kernel/limits.py)
PUMPING_WORK = _limits.PUMPING_WORK


def pumping_power(table: np.ndarray, word, at_least: int = 1,
                  work: int = PUMPING_WORK) -> tuple[int, int, bool]:
    """``(K, k, True)``: K = :func:`power_exponent` of the word's transformation and k its
    least idempotent power, when reading the word costs at most ``work`` array steps and
    k ≤ work / n + 1 (the powers x, x², …, x^k a step-by-step search would compute); else
    ``(at_least, 1, False)``.  On large automata the idempotent power can be astronomically
    large (the lcm of cycle lengths), and so would the pumped words be.  The callers pump a
    block that fixes the states they separate, so membership is the same for every K and
    step 1 keeps it; the identity is then stated without the value of ω."""
    n = np.asarray(table).shape[0]
    if len(word) * n > work:
        return at_least, 1, False
    k = least_idempotent_power(transformation_of(table, word))
    if k > work // max(1, n) + 1:
        return at_least, 1, False
    return -(-at_least // k) * k, k, True


def make_witness(dfa, u, v, depth: int | None):
    """Order the words u, v (letter indices) by membership; None if they do not differ."""
    au = bool(dfa.accepting[run(dfa.transitions, dfa.initial, u)])
    av = bool(dfa.accepting[run(dfa.transitions, dfa.initial, v)])
    if au == av:
        return None
    letters = dfa.alphabet
    wu = tuple(letters[a] for a in u)
    wv = tuple(letters[a] for a in v)
    w = Witness(wu, wv, depth) if au else Witness(wv, wu, depth)
    return w.with_factors()
