"""Separation by LTL[S] (= star-free = FO[<] = masked hard attention), decided by the
aperiodic pointlike sets of the pair's transition monoid.

Let D1, D2 be complete DFAs over one alphabet A, and α: A* → M the morphism onto the
transition monoid of the disjoint union D1 ⊔ D2 (an element is the pair of maps a word
induces on the states of D1 and of D2; α(ε) = 1, the identity).  α recognises L1 and L2:
w ∈ L1 iff α(w) maps D1's initial state into F1.

**Theorem** (Henckell 1988, "Pointlike sets: the finest aperiodic cover of a finite
semigroup", J. Pure Appl. Algebra 55; a short proof in Henckell, Rhodes and Steinberg 2010,
"Aperiodic pointlikes and beyond", IJAC 20; the separation reading in Place and Zeitoun 2016,
"Separating regular languages with first-order logic", LMCS 12).  The aperiodic pointlike
subsets of M for α — the sets X ⊆ M such that for every morphism β onto an aperiodic monoid
some element m of it has X ⊆ α(β⁻¹(m)) — are the least family of subsets of M containing
{1} and {α(a)} for a ∈ A, closed under products X·Y, under subsets, and under
X ↦ X^ω ∪ X^(ω+1) (X^ω: the idempotent power of X in the monoid of subsets of M).  L1 and L2
are separable by a star-free language iff no such set {s1, s2} has s1 ∈ α(L1), s2 ∈ α(L2).

(⇐ of the reading: if no pointlike pair meets both images, for each of the finitely many
pairs (s1, s2) an aperiodic β_{s1,s2} separates their preimages; the product of these
morphisms is aperiodic and the union of its classes meeting L1 is a star-free separator.
⇒: a star-free K is recognised by an aperiodic β; if K separated, the pointlike pair
{s1, s2} would lie in α(β⁻¹(m)) for one m, that is, words u ∈ L1, v ∈ L2 with β(u) = β(v):
K contains both or neither.)

What this module computes:

* :func:`pumped_pair` — the cheap case first: words x, u, y and E ≥ 1 with u^E idempotent on
  the states x leads to and x·u^(E+s1)·y ∈ L1, x·u^(E+s2)·y ∈ L2, {s1, s2} = {0, 1}; this is
  the pointlike pair {α(x)·e·α(y), α(x)·e·α(u)·α(y)} with e = α(u)^ω, derived by one ω-step.
  Searched over the first :data:`POINTLIKE_FAMILY_WORDS` words u, in the pair automaton:
  O(|u| · n1 · n2) each.
* :func:`saturate` — the whole saturation on M (enumerated within ``semigroup_elements``),
  keeping only the ⊆-maximal sets: products and the ω-operation are monotone (X ⊆ X',
  Y ⊆ Y' give XY ⊆ X'Y' and X^n ⊆ X'^n for every n, so X^ω ∪ X^(ω+1) ⊆ X'^ω ∪ X'^(ω+1),
  both being the power at one common multiple of the periods past the indices), so the
  least family closed under subsets is the down-set of what the maximal sets generate.
  Stops at the first set meeting α(L1) and α(L2), with its derivation; otherwise the whole
  family is built and "separable" follows by the theorem.  Budgets: ``semigroup_elements``
  (M), ``type_states`` (sets kept), :data:`POINTLIKE_WORK` (element products); past any of
  them :class:`LimitExceeded`.
* :class:`PointlikeDerivation` — the proof of "not separable": steps, each a set of M written
  as words (``word``: {α(w)}; ``product`` of two earlier steps; ``omega`` of an earlier step),
  and the pair in the last set.  :meth:`PointlikeDerivation.check` recomputes every step from
  the words on the two DFAs (maps composed, powers of sets taken) with none of the code
  above; its soundness as a proof of non-separability rests on Henckell's theorem (the
  direction "pointlike ⇒ not separable", whose proof is the easy half: each step preserves
  "every aperiodic β has one class whose α-image contains X").  Where the derivation is one
  ω-step on a singleton, the :class:`PumpedPair` is attached, whose own check needs no
  theorem (u^n ≡ u^(n+1) in every aperiodic monoid for large n).
* :func:`candidate_separator` — when no pair exists: a star-free K among the languages of
  the pair automaton D1 × D2 (its pairs in F1 accepted, those in F2 rejected, the others
  chosen), checked aperiodic, L1 ⊆ K and K ∩ L2 = ∅ on DFAs; the formula from ``classify``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product as words_of
from math import gcd

import numpy as np

from ...automata.dfa import DFA
from ...automata.graphs import bfs_levels, product_successors, reachable, shortest_words_from
from ...kernel import limits as _limits
from ...kernel.errors import CheckBoundExceeded, LimitExceeded
from ...kernel.limits import Limits, require_memory
from ..algebra.counters import decide_aperiodic
from ..algebra.semigroup import transition_semigroup
from ..checks.verify import verify_witness
from ..engine.classify import classify

__all__ = ["PumpedPair", "PointlikeDerivation", "StarFreeOutcome", "PairMonoid", "pumped_pair", "saturate",
           "candidate_separator", "decide_star_free", "derivation_from_json", "pair_monoid", "union_table",
           "map_of", "set_product", "idempotent_power_set", "idempotent_powers", "prefix_omega", "DERIVATION_VARIETIES"]


# ---------------------------------------------------------------------------------------------
# maps of words on the states of D1 ⊔ D2 (the referee's arithmetic: no semigroup code)

def union_table(d1: DFA, d2: DFA) -> np.ndarray:
    """The transitions of the disjoint union D1 ⊔ D2 (D2's states shifted by n1)."""
    return np.concatenate([np.asarray(d1.transitions), np.asarray(d2.transitions) + d1.n_states])


def map_of(table: np.ndarray, word) -> tuple:
    """The map q ↦ q·word on the states of ``table``."""
    q = np.arange(table.shape[0])
    for a in word:
        q = table[q, a]
    return tuple(int(x) for x in q)


def _compose(f: tuple, g: tuple) -> tuple:
    """f then g: q ↦ g(f(q)) (the map of u·v when f, g are those of u, v)."""
    return tuple(g[x] for x in f)


def set_product(X, Y) -> frozenset:
    """{f·g : f ∈ X, g ∈ Y} for sets of maps (f then g)."""
    return frozenset(_compose(f, g) for f in X for g in Y)


def idempotent_powers(x, multiply, bound: int = 100_000) -> tuple:
    """(x^ω, x^(ω+1)) in a finite monoid with product ``multiply``: the powers x, x², … until
    one repeats (index i, period p); x^ω is the power at the least multiple of p that is ≥ i.
    :class:`LimitExceeded` past ``bound`` powers."""
    powers, seen = [x], {x: 1}
    while True:
        nxt = multiply(powers[-1], x)
        k = len(powers) + 1
        if nxt in seen:
            i, p = seen[nxt], k - seen[nxt]
            break
        if k > bound:
            raise LimitExceeded("powers of a set of the transition monoid", bound, "", ("limit",))
        seen[nxt] = k
        powers.append(nxt)
    w = -(-i // p) * p
    return powers[i - 1 + (w - i) % p], powers[i - 1 + (w + 1 - i) % p]


def idempotent_power_set(X: frozenset, bound: int = 100_000) -> frozenset:
    """X^ω in the monoid of subsets of maps."""
    return idempotent_powers(X, set_product, bound)[0]


def _omega_set(X: frozenset) -> frozenset:
    """X^ω ∪ X^(ω+1) in the monoid of subsets (Henckell's step)."""
    e = idempotent_power_set(X)
    return e | set_product(e, X)


def _word_text(alphabet, word) -> str:
    return "".join(alphabet[a] for a in word)


# ---------------------------------------------------------------------------------------------
# the pumped pair (one ω-step on a singleton)

@dataclass(frozen=True)
class PumpedPair:
    """Words x, u (≠ ε), y, an exponent E ≥ 1 and shifts s1 ≠ s2 in {0, 1}: with q_i the
    state of D_i after x·u^E, q_i·u^E = q_i (so x·u^(nE) leads to q_i for every n ≥ 1),
    q1·u^(s1)·y ∈ F1 and q2·u^(s2)·y ∈ F2.  Then x·u^(nE+s1)·y ∈ L1 and x·u^(nE+s2)·y ∈ L2
    for every n ≥ 1; in an aperiodic monoid u^N = u^(N+1) for N past its index, so a
    star-free K contains both words or neither once nE passes K's index: no star-free
    language separates L1 from L2 (the pointlike pair {x·e·y, x·e·u·y}, e = u^ω)."""

    x: tuple
    u: tuple
    y: tuple
    exponent: int
    shift1: int

    def words(self, n: int = 1) -> tuple:
        """(the word of L1, the word of L2) at n."""
        s1, s2 = self.shift1, 1 - self.shift1
        e = n * self.exponent
        return (self.x + self.u * (e + s1) + self.y, self.x + self.u * (e + s2) + self.y)

    def check(self, d1: DFA, d2: DFA) -> bool:
        if not self.u or self.exponent < 1 or self.shift1 not in (0, 1):
            return False
        for d, shift in ((d1, self.shift1), (d2, 1 - self.shift1)):
            q = d.initial
            for a in self.x + self.u * self.exponent:
                q = int(d.transitions[q, a])
            r = q
            for a in self.u * self.exponent:
                r = int(d.transitions[r, a])
            if r != q:
                return False
            for a in self.u * shift + self.y:
                q = int(d.transitions[q, a])
            if not d.accepting[q]:
                return False
        return True

    def text(self, alphabet) -> str:
        x, u, y = (_word_text(alphabet, w) for w in (self.x, self.u, self.y))
        e = self.exponent
        one = lambda s: f"{x}({u})^({e}n{'+1' if s else ''}){y}"            # noqa: E731
        return (f"for every n ≥ 1, {one(self.shift1)} ∈ L1 and {one(1 - self.shift1)} ∈ L2: "
                f"u^N = u^(N+1) in every aperiodic monoid past its index (u = {u})")

    def to_json(self, alphabet) -> dict:
        u1, u2 = self.words(1)
        return {"x": _word_text(alphabet, self.x), "u": _word_text(alphabet, self.u),
                "y": _word_text(alphabet, self.y), "exponent": self.exponent, "shift_L1": self.shift1,
                "in_L1": _word_text(alphabet, u1), "in_L2": _word_text(alphabet, u2)}


def _least_exponent(d1: DFA, d2: DFA, x, u, y, shift1: int, bound: int) -> PumpedPair | None:
    """The pumped pair with the least exponent E ≤ ``bound`` that holds, or None."""
    for e in range(1, bound + 1):
        pair = PumpedPair(tuple(x), tuple(u), tuple(y), e, shift1)
        if pair.check(d1, d2):
            return pair
    return None


def _verified_by_verify(pair: PumpedPair, d1: DFA, d2: DFA) -> bool:
    """Whether ``verify`` (the membership referee) accepts the pair's first member as an
    LTL[S] non-membership family of L1 and of L2 (their words over the DFAs' letters)."""
    w1, w2 = pair.words(1)
    for d in (d1, d2):
        letters = lambda w: [d.alphabet[a] for a in w]          # noqa: E731
        try:
            if not verify_witness(d, "LTL[S]", letters(w1), letters(w2), family=True).valid:
                return False
        except CheckBoundExceeded:                               # not verified either way
            return False
    return True


def _word_to(succ: np.ndarray, start: int, targets: np.ndarray):
    """A shortest word from ``start`` to a node with ``targets`` True, or None."""
    for level in bfs_levels(succ, start):
        hits = level[targets[level]]
        if len(hits):
            return tuple(shortest_words_from(succ, start)[int(hits[0])])
    return None


def _idempotent_power(f: np.ndarray) -> np.ndarray:
    """f^N for N = lcm(1 … n)·n (a multiple of every cycle length, past every tail): the
    idempotent power of the map f on n points, by repeated squaring."""
    n = len(f)
    N = 1
    for k in range(2, n + 1):
        N = N * k // gcd(N, k)              # Python integers: lcm(1 … 400) has 170 digits
    N *= n
    result, base = np.arange(n), f.copy()
    while N:
        if N & 1:
            result = base[result]
        base = base[base]
        N >>= 1
    return result


def pumped_pair(d1: DFA, d2: DFA, limits: Limits | None = None,
                words: int = _limits.POINTLIKE_FAMILY_WORDS) -> PumpedPair | None:
    """A :class:`PumpedPair` for L1, L2 with u among the first ``words`` non-empty words in
    shortlex order, or None.  For each u: g = u^ω and h = u^(ω+1) on D1 ⊔ D2; a pair (p1, p2)
    reached by a common word x such that (g(p1), h(p2)) — or (h(p1), g(p2)) — is led into
    F1 × F2 by a common word y."""
    limits = limits if limits is not None else Limits()
    n1, n2, m = d1.n_states, d2.n_states, d1.transitions.shape[1]
    if n1 * n2 > limits.type_states:
        raise LimitExceeded("pairs of states of the two DFAs (the pumped pair)", limits.type_states,
                            "raise limit", ("limit",))
    succ = product_successors(d1.transitions, d2.transitions)
    start = int(d1.initial) * n2 + int(d2.initial)
    final = np.outer(d1.accepting, d2.accepting).reshape(-1)
    reach = reachable(succ, start)
    co = DFA._trusted(d1.alphabet, succ, start, final).coreachable()
    co2 = co.reshape(n1, n2)
    reach2 = reach.reshape(n1, n2)
    table = union_table(d1, d2)
    tried = 0
    length = 0
    while tried < words:
        length += 1
        for u in words_of(range(m), repeat=length):
            tried += 1
            if tried > words:
                break
            f = np.asarray(map_of(table, u))
            g = _idempotent_power(f)
            h = f[g]
            g1, h1 = g[:n1], h[:n1]
            g2, h2 = g[n1:] - n1, h[n1:] - n1
            for shift1, (a1, a2) in ((0, (g1, h2)), (1, (h1, g2))):
                hit = np.argwhere(reach2 & co2[np.ix_(a1, a2)])
                if not len(hit):
                    continue
                p1, p2 = (int(v) for v in hit[0])
                x = _word_to(succ, start, np.arange(n1 * n2) == p1 * n2 + p2)
                y = _word_to(succ, int(a1[p1]) * n2 + int(a2[p2]), final)
                pair = _least_exponent(d1, d2, x, u, y, shift1, n1 + n2)
                if pair is not None:
                    return pair
    return None


# ---------------------------------------------------------------------------------------------
# the derivation (the proof of "not separable")

#: the varieties a derivation is read for: its kind in JSON, the theorem its "not separable"
#: rests on (JSON, text), the saturation named in its text, and the step kinds sound there
DERIVATION_VARIETIES = {
    "aperiodic": ("aperiodic pointlike", "Henckell 1988 (aperiodic pointlikes); Place-Zeitoun 2016 (separation)",
                  "Henckell 1988; Place–Zeitoun 2016", "Henckell's saturation", ("word", "product", "omega")),
    "R-trivial": ("R-trivial pointlike", "Almeida-Costa-Zeitoun 2008 (R-pointlikes); Almeida 1999 (separation)",
                  "Almeida–Costa–Zeitoun 2008; Almeida 1999", "the R-pointlike saturation",
                  ("word", "product", "omega", "prefix-omega")),
}


def prefix_omega(done: list, sequences) -> frozenset | None:
    """The R-step on sequences of earlier sets (each a tuple of indices into ``done``, all with
    one product P): P^ω ∪ ⋃ P^ω·Q over the prefix products Q of every sequence (P among
    them); None when a sequence is empty or the products differ."""
    products, prefixes = set(), set()
    for seq in sequences:
        if not seq:
            return None
        cur = None
        for s in seq:
            cur = done[s] if cur is None else set_product(cur, done[s])
            prefixes.add(cur)
        products.add(cur)
    if len(products) != 1:
        return None
    e = idempotent_power_set(next(iter(products)))
    out = set(e)
    for q in prefixes:
        out |= set_product(e, q)
    return frozenset(out)


def _flat(sources) -> list:
    return [i for s in sources for i in (s if isinstance(s, tuple) else (s,))]


@dataclass(frozen=True)
class PointlikeDerivation:
    """A derivation of a pointlike set of the transition monoid of D1 ⊔ D2 for ``variety``
    (aperiodic: LTL[S]; R-trivial: LTL[P]) that meets α(L1) and α(L2).  ``steps``: tuples
    (kind, elements, sources) with elements the set as words (one word each element, its map
    on D1 ⊔ D2 being the element), kind ``word`` ({α(w)}, one word), ``product`` (sources
    (i, j): the set is step i · step j), ``omega`` (sources (i,): X^ω ∪ X^(ω+1) for X = step
    i) or — R-trivial only — ``prefix-omega`` (sources: sequences of earlier steps, all with
    one product P: the set is P^ω ∪ P^ω·Q over every prefix product Q, :func:`prefix_omega`).
    ``in_L1``, ``in_L2``: words of L1 and L2 whose elements lie in the last step's set.
    ``family``: the pumped pair when the derivation is one ω-step on a singleton (checked on
    its own).

    Each kind keeps "every morphism β onto a monoid of the variety has an element m with
    X ⊆ α(β⁻¹(m))": for ``omega`` since u^N = u^(N+1) in an aperiodic monoid; for
    ``prefix-omega`` since in an R-trivial monoid e = (m1⋯mk)^ω has e·m1⋯mi R e, so
    e·m1⋯mi = e (docs/decision-procedures.md §11.4c, where several sequences are joined
    into one)."""

    steps: tuple
    in_L1: tuple
    in_L2: tuple
    family: PumpedPair | None = None
    variety: str = "aperiodic"

    def check(self, d1: DFA, d2: DFA) -> bool:
        """Every step recomputed on the two DFAs from its words (maps composed, powers of
        sets taken), the pair's words in L1 and L2 with elements in the last set."""
        if self.variety not in DERIVATION_VARIETIES:
            return False
        kinds = DERIVATION_VARIETIES[self.variety][4]
        table = union_table(d1, d2)
        done: list = []
        for kind, elements, sources in self.steps:
            claimed = frozenset(map_of(table, w) for w in elements)
            if len(claimed) != len(elements) or not elements or kind not in kinds:
                return False
            if any(not 0 <= s < len(done) for s in _flat(sources)):
                return False
            if kind == "word":
                ok = len(elements) == 1 and not sources
            elif kind == "product":
                ok = len(sources) == 2 and claimed == set_product(done[sources[0]], done[sources[1]])
            elif kind == "omega":
                ok = len(sources) == 1 and claimed == _omega_set(done[sources[0]])
            else:
                ok = (bool(sources) and all(isinstance(q, tuple) for q in sources)
                      and claimed == prefix_omega(done, sources))
            if not ok:
                return False
            done.append(claimed)
        if not done:
            return False
        last = done[-1]
        if map_of(table, self.in_L1) not in last or map_of(table, self.in_L2) not in last:
            return False
        if not (d1.accepts([d1.alphabet[a] for a in self.in_L1]) and d2.accepts([d2.alphabet[a] for a in self.in_L2])):
            return False
        return self.family is None or self.family.check(d1, d2)

    def text(self, alphabet) -> str:
        def elems(ws):
            return "{" + ", ".join(_word_text(alphabet, w) or "ε" for w in ws) + "}"

        def how(kind, src):
            if kind == "word":
                return "a word's element"
            if kind == "product":
                return f"X{src[0]} · X{src[1]}"
            if kind == "omega":
                return f"X{src[0]}^ω ∪ X{src[0]}^(ω+1)"
            seqs = "; ".join("·".join(f"X{i}" for i in q) for q in src)
            return f"P^ω ∪ P^ω·(each prefix) for the products P = {seqs}"
        name, _, theorem, saturation, _ = DERIVATION_VARIETIES[self.variety]
        lines = [f"an {name} set of the transition monoid of D1 ⊔ D2 ({saturation}; elements named by words) "
                 "meets both languages:"]
        for i, (kind, ws, src) in enumerate(self.steps):
            lines.append(f"    X{i} = {elems(ws)}  ({how(kind, src)})")
        last = len(self.steps) - 1
        morphism = "aperiodic" if self.variety == "aperiodic" else "R-trivial"
        lines.append(f"    {{{_word_text(alphabet, self.in_L1) or 'ε'}, {_word_text(alphabet, self.in_L2) or 'ε'}}}"
                     f" ⊆ X{last}: a word of L1 and a word of L2 that every {morphism} morphism "
                     f"confuses ({theorem})")
        if self.family is not None:
            lines.append("    pumped: " + self.family.text(alphabet))
        return "\n".join(lines)

    def to_json(self, alphabet) -> dict:
        name, theorem, _, _, _ = DERIVATION_VARIETIES[self.variety]
        out = {"kind": name,
               "steps": [{"by": kind, "set": [_word_text(alphabet, w) for w in ws],
                          "of": [list(s) if isinstance(s, tuple) else s for s in src]}
                         for kind, ws, src in self.steps],
               "in_L1": _word_text(alphabet, self.in_L1), "in_L2": _word_text(alphabet, self.in_L2),
               "theorem": theorem}
        if self.family is not None:
            out["family"] = self.family.to_json(alphabet)
        return out


def derivation_from_json(j: dict, read) -> PointlikeDerivation:
    """A derivation read back from its JSON; ``read``: text → letter indices."""
    variety = next((v for v, spec in DERIVATION_VARIETIES.items() if spec[0] == j["kind"]), None)
    if variety is None:
        raise ValueError(f"not a pointlike derivation: {j['kind']!r}")
    steps = tuple((s["by"], tuple(read(w) for w in s["set"]),
                   tuple(tuple(int(i) for i in x) if isinstance(x, list) else int(x) for x in s["of"]))
                  for s in j["steps"])
    fam = j.get("family")
    family = None
    if fam is not None:
        family = PumpedPair(read(fam["x"]), read(fam["u"]), read(fam["y"]), int(fam["exponent"]), int(fam["shift_L1"]))
    return PointlikeDerivation(steps, read(j["in_L1"]), read(j["in_L2"]), family, variety)


def _derivation_of_pair(pair: PumpedPair, d1: DFA, d2: DFA) -> PointlikeDerivation:
    """The derivation {u} → ω → {x}·… ·{y} of a pumped pair's pointlike set."""
    table = union_table(d1, d2)
    e_words = _omega_words(table, pair.u)
    steps = [("word", (pair.u,), ()), ("omega", e_words, (0,))]
    cur = 1
    if pair.x:
        steps.append(("word", (pair.x,), ()))
        steps.append(("product", _product_words(table, (pair.x,), e_words), (len(steps) - 1, cur)))
        cur = len(steps) - 1
    if pair.y:
        steps.append(("word", (pair.y,), ()))
        steps.append(("product", _product_words(table, steps[cur][1], (pair.y,)), (cur, len(steps) - 1)))
    k = len(e_words[0]) // len(pair.u)             # the pair's words at the global exponent k
    w1, w2 = (pair.x + pair.u * (k + s) + pair.y for s in (pair.shift1, 1 - pair.shift1))
    return PointlikeDerivation(tuple(steps), w1, w2, pair)


def _omega_words(table, u) -> tuple:
    """Words for the elements of {α(u)}^ω ∪ {α(u)}^(ω+1): u^k and u^(k+1), k the least
    idempotent exponent of α(u) on D1 ⊔ D2."""
    f = map_of(table, u)
    g, k = f, 1
    while _compose(g, g) != g:
        g, k = _compose(g, f), k + 1
    words = [tuple(u) * k]
    if _compose(g, f) != g:
        words.append(tuple(u) * (k + 1))
    return tuple(words)


def _product_words(table, xs, ys) -> tuple:
    """One word per element of {α(x)·α(y)}: the first x·y giving each."""
    seen: dict = {}
    for x in xs:
        for y in ys:
            seen.setdefault(map_of(table, tuple(x) + tuple(y)), tuple(x) + tuple(y))
    return tuple(seen.values())


# ---------------------------------------------------------------------------------------------
# the saturation

@dataclass(frozen=True)
class PairMonoid:
    """M = the transition monoid of D1 ⊔ D2 with its identity: ``mult[i, j]`` = element i ·
    element j, ``words[i]`` a word of element i (ε for the identity), ``in1``/``in2`` the
    elements of α(L1)/α(L2)."""

    mult: np.ndarray
    words: tuple
    in1: np.ndarray
    in2: np.ndarray


def pair_monoid(d1: DFA, d2: DFA, limits: Limits, table_entries: int = _limits.POINTLIKE_TABLE_ENTRIES) -> PairMonoid:
    """The transition monoid of D1 ⊔ D2 (:class:`PairMonoid`), enumerated within
    ``limits.semigroup_elements``; its multiplication table of |M|² entries refused
    (:class:`LimitExceeded`) beyond ``table_entries``."""
    table = union_table(d1, d2)
    n = table.shape[0]
    union = DFA._trusted(d1.alphabet, table, 0, np.zeros(n, dtype=bool))
    S = transition_semigroup(union, limit=limits.semigroup_elements, memory_budget=limits.memory_budget)
    E = np.asarray(S.elements)
    identity = np.arange(n)
    idx = int(S.index_of(identity[None, :])[0])
    k = S.size + (idx < 0)
    if k * k > table_entries:
        raise LimitExceeded("entries of the multiplication table of the pair's transition monoid", table_entries,
                            f"{k} elements", ("limit",))
    if idx < 0:
        E = np.concatenate([E, identity[None, :].astype(E.dtype)])
        words = tuple(tuple(S.word(i)) for i in range(S.size)) + ((),)
        idx = S.size
    else:
        words = tuple(tuple(S.word(i)) if i != idx else () for i in range(S.size))
    require_memory("the multiplication table of the pair's transition monoid", 8 * k * k, limits.memory_budget)
    mult = _multiplication_table(S, k)
    in1 = np.asarray(d1.accepting, dtype=bool)[E[:, d1.initial]]
    in2 = np.asarray(d2.accepting, dtype=bool)[E[:, d1.n_states + d2.initial] - d1.n_states]
    return PairMonoid(mult, words, in1, in2)


def _multiplication_table(S, k: int) -> np.ndarray:
    """mult[i, j] = s_i · s_j (s_i then s_j) for the |S| elements of S, plus — when k = |S| + 1
    — the identity appended as element |S|.  Column by column along the words: if s_j is
    s_p·a (S's parent p and last letter a) then s_i·s_j = (s_i·s_p)·a, one lookup in the right
    Cayley graph for every i; a generator (no parent) is s_i·a itself.  O(|S|²), no search."""
    size = S.size
    right, parent, last = np.asarray(S.right), np.asarray(S.parent), np.asarray(S.last)
    length = np.zeros(size, dtype=np.int64)
    for j in range(size):                           # each length from the parent's (any order)
        n, p = 0, j
        while p >= 0:
            n, p = n + 1, int(parent[p])
        length[j] = n
    mult = np.empty((k, k), dtype=np.int64)
    everyone = np.arange(size)
    for j in np.argsort(length, kind="stable"):
        p = int(parent[j])
        mult[:size, j] = right[everyone if p < 0 else mult[:size, p], last[j]]
    if k > size:                                    # the identity, not an element of S
        mult[size, :] = np.arange(k)
        mult[:, size] = np.arange(k)
    return mult


def _product(M: PairMonoid, X: frozenset, Y: frozenset) -> frozenset:
    xs = np.fromiter(X, dtype=np.int64)
    ys = np.fromiter(Y, dtype=np.int64)
    return frozenset(np.unique(M.mult[np.ix_(xs, ys)]).tolist())


def _omega(M: PairMonoid, X: frozenset, work: list, budget: int) -> frozenset:
    def multiply(A, B):
        work[0] += len(A) * len(B)
        if work[0] > budget:
            raise LimitExceeded("element products of the pointlike saturation", budget, "raise limit",
                                ("limit",))
        return _product(M, A, B)
    e, e1 = idempotent_powers(X, multiply, bound=budget)
    return e | e1


def saturate(d1: DFA, d2: DFA, limits: Limits | None = None, work_budget: int = _limits.POINTLIKE_WORK,
             families: bool = True) -> PointlikeDerivation | None:
    """The least family of aperiodic pointlike sets of M (its ⊆-maximal sets), built until a
    set meets α(L1) and α(L2) — then its derivation — or to the end: None (no such pair, so
    L1 and L2 are separable by a star-free language, by the theorem).  Every singleton {m}
    is in the family (m = α(w), a product of letters' singletons), so products of two
    singletons are not formed.  LimitExceeded past ``semigroup_elements`` elements of M,
    ``type_states`` sets, ``work_budget`` element products.  ``families``: attach the pumped
    pair when the derivation has its shape (checked, and accepted by ``verify``)."""
    limits = limits if limits is not None else Limits()
    M = pair_monoid(d1, d2, limits)
    k = len(M.words)
    sets: list = []                 # every set made: (frozenset, kind, sources)
    active: set = set()             # the indices of the maximal sets
    containing = [set() for _ in range(k)]     # element -> the active sets holding it
    queue: list = []
    work = [0]

    def spend(n: int) -> None:
        work[0] += n
        if work[0] > work_budget:
            raise LimitExceeded("element products of the pointlike saturation", work_budget, "raise limit",
                                ("limit",))

    def add(X: frozenset, kind: str, sources: tuple):
        pivot = min(X, key=lambda e: len(containing[e]))
        if any(X <= sets[j][0] for j in containing[pivot]):
            return None
        if len(sets) >= limits.type_states:
            raise LimitExceeded("sets of the aperiodic pointlike saturation", limits.type_states,
                                "raise limit", ("limit",))
        i = len(sets)
        sets.append((X, kind, sources))
        below = {j for e in X for j in containing[e] if sets[j][0] <= X}
        for j in below:
            active.discard(j)
            for e in sets[j][0]:
                containing[e].discard(j)
        active.add(i)
        for e in X:
            containing[e].add(i)
        queue.append(i)
        xs = np.fromiter(X, dtype=np.int64)
        return i if M.in1[xs].any() and M.in2[xs].any() else None

    for e in range(k):
        hit = add(frozenset((e,)), "word", ())
        if hit is not None:
            return _derivation(M, sets, hit, d1, d2, families)
    head = 0
    while head < len(queue):
        i = queue[head]
        head += 1
        if i not in active:
            continue
        X = sets[i][0]
        hit = add(_omega(M, X, work, work_budget), "omega", (i,))
        if hit is not None:
            return _derivation(M, sets, hit, d1, d2, families)
        for j in sorted(active):
            if i not in active:
                break
            if j not in active or (len(X) == 1 and len(sets[j][0]) == 1):
                continue
            for a, b in ((i, j), (j, i)) if i != j else ((i, i),):
                spend(len(sets[a][0]) * len(sets[b][0]))
                hit = add(_product(M, sets[a][0], sets[b][0]), "product", (a, b))
                if hit is not None:
                    return _derivation(M, sets, hit, d1, d2, families)
    return None


def _derivation(M: PairMonoid, sets: list, last: int, d1: DFA, d2: DFA, families: bool) -> PointlikeDerivation:
    """The steps that ``last`` depends on, renumbered in order; the pair; the pumped pair when
    the derivation is one ω-step on a singleton."""
    need = set()
    stack = [last]
    while stack:
        i = stack.pop()
        if i in need:
            continue
        need.add(i)
        stack.extend(sets[i][2])
    order = sorted(need)
    new = {old: n for n, old in enumerate(order)}
    steps = []
    forms: list = []          # ("word", w) or ("pumped", x, u, y) or None
    for old in order:
        X, kind, src = sets[old]
        ws = tuple(M.words[e] for e in sorted(X))
        steps.append((kind, ws, tuple(new[s] for s in src)))
        if kind == "word":
            forms.append(("word", ws[0]))
        elif kind == "omega":
            f = forms[new[src[0]]]
            forms.append(("pumped", (), f[1], ()) if f and f[0] == "word" else None)
        else:
            a, b = forms[new[src[0]]], forms[new[src[1]]]
            if a and b and a[0] == "word" and b[0] == "word":
                forms.append(("word", a[1] + b[1]))
            elif a and b and a[0] == "word" and b[0] == "pumped":
                forms.append(("pumped", a[1] + b[1], b[2], b[3]))
            elif a and b and a[0] == "pumped" and b[0] == "word":
                forms.append(("pumped", a[1], a[2], a[3] + b[1]))
            else:
                forms.append(None)
    X = sets[last][0]
    xs = sorted(X)
    e1 = next(e for e in xs if M.in1[e])
    e2 = next(e for e in xs if M.in2[e])
    family = None
    f = forms[-1]
    if families and f and f[0] == "pumped":
        _, x, u, y = f
        for shift1 in (0, 1):
            pair = _least_exponent(d1, d2, x, u, y, shift1, d1.n_states + d2.n_states)
            if pair is not None and _verified_by_verify(pair, d1, d2):
                family = pair
                break
    return PointlikeDerivation(tuple(steps), M.words[e1], M.words[e2], family)


# ---------------------------------------------------------------------------------------------
# a separator when no pair exists

def candidate_separator(d1: DFA, d2: DFA, limits: Limits,
                        candidates: int = _limits.POINTLIKE_SEPARATOR_CANDIDATES,
                        formula_nodes: int = _limits.POINTLIKE_FORMULA_NODES, fragment: str = "LTL[S]"):
    """A K of ``fragment`` (LTL[S], or LTL[P] ⊆ LTL[S]) recognised by the pair automaton
    D1 × D2 (reachable pairs): its pairs in F1 accepted, its pairs in F2 rejected
    (L1 ∩ L2 = ∅ is known), each pair in neither chosen; the first aperiodic candidate
    (counter search, a necessary condition for both) that ``classify`` gives a formula of the
    fragment of at most ``formula_nodes`` nodes as a tree (printed without definitions, so that
    ``separate --check`` rebuilds it): (formula text, K's minimal DFA, how it was found), or
    None.  The
    candidates: none and all of the free pairs (L1 and A* ∖ L2), then each one added or left
    out, then the rest by the number chosen, at most ``candidates``."""
    n2, m = d2.n_states, d1.transitions.shape[1]
    succ = product_successors(d1.transitions, d2.transitions)
    start = int(d1.initial) * n2 + int(d2.initial)
    order = {start: 0}
    todo = [start]
    while todo:
        nxt = []
        for c in todo:
            for d in succ[c]:
                d = int(d)
                if d not in order:
                    if len(order) >= limits.type_states:
                        return None
                    order[d] = len(order)
                    nxt.append(d)
        todo = nxt
    nodes = sorted(order, key=order.get)
    T = np.array([[order[int(succ[c, a])] for a in range(m)] for c in nodes], dtype=np.int64)
    f1 = np.array([bool(d1.accepting[c // n2]) for c in nodes])
    f2 = np.array([bool(d2.accepting[c % n2]) for c in nodes])
    free = [i for i in range(len(nodes)) if not f1[i] and not f2[i]]
    choices = [(), tuple(free)] + [(i,) for i in free] + [tuple(j for j in free if j != i) for i in free]
    if len(free) <= 12:
        for r in range(2, max(len(free) - 1, 2)):
            choices.extend(combinations(free, r))
    seen = set()
    tried = 0
    for chosen in choices:
        key = frozenset(chosen)
        if key in seen:
            continue
        seen.add(key)
        tried += 1
        if tried > candidates:
            break
        acc = f1.copy()
        acc[list(chosen)] = True
        K = DFA(d1.alphabet, T, 0, acc).minimal()
        try:
            if not decide_aperiodic(K, limit=limits.semigroup_elements, memory_budget=limits.memory_budget).member:
                continue
            result = classify(K, windows=(), limits=limits)[fragment]
        except LimitExceeded:
            continue
        if not result.member or result.formula is None or result.formula.size > formula_nodes:
            continue
        where = ("L1 itself" if not chosen else "the complement of L2" if key == frozenset(free)
                 else f"the pair automaton with {len(chosen)} of its {len(free)} pairs in neither language accepted")
        return str(result.formula), K, where
    return None


# ---------------------------------------------------------------------------------------------
# the decision

@dataclass(frozen=True)
class StarFreeOutcome:
    """``separable`` False with ``proof`` (a :class:`PointlikeDerivation`), True (no pointlike
    pair: the theorem), or None (a budget stopped the saturation: ``method`` says which)."""

    separable: bool | None
    proof: PointlikeDerivation | None
    method: str


def decide_star_free(d1: DFA, d2: DFA, limits: Limits) -> StarFreeOutcome:
    """LTL[S] separation of L1, L2 (disjoint, over one alphabet): the pumped pair first, then
    the saturation."""
    try:
        pair = pumped_pair(d1, d2, limits)
    except LimitExceeded as e:
        return StarFreeOutcome(None, None, f"the pumped-pair search exceeded its budget ({e})")
    if pair is not None:
        proof = _derivation_of_pair(pair, d1, d2)
        if not _verified_by_verify(pair, d1, d2):
            proof = PointlikeDerivation(proof.steps, proof.in_L1, proof.in_L2, None)
        return StarFreeOutcome(False, proof, "an aperiodic pointlike pair by one ω-step: a pumped family "
                                             "that no star-free language separates")
    try:
        proof = saturate(d1, d2, limits)
    except LimitExceeded as e:
        return StarFreeOutcome(None, None, f"the aperiodic pointlike saturation stopped: {e}")
    if proof is not None:
        return StarFreeOutcome(False, proof, "an aperiodic pointlike set meets both languages "
                                             "(Henckell's saturation, each step re-checked)")
    return StarFreeOutcome(True, None, "no aperiodic pointlike set meets both languages: separable by "
                                       "Henckell's theorem (Place–Zeitoun 2016)")

