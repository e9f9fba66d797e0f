"""The k-profiles behind the subregular classes, and the exact test whether a language is a
union of profile classes (with its certificate, or a pair of words with one profile).

A *profile* π_k(w) is a finite summary of a word; a class C_k is the set of languages whose
membership is a function of π_k ("L is a union of profile classes"):

* ``prefix`` (reverse definite, RD_k): π(w) = the first k letters of w (w itself if shorter);
* ``prefix-suffix`` (generalized definite, GD_k): π(w) = (first k letters, last k letters);
* ``factors`` with threshold t (locally testable LT_k for t = 1, locally threshold testable
  LTT_{k,t}): the k-factors of the marked word ⋊w⋉ (the whole marked word when it is shorter
  than k), each with its number of occurrences capped at t;
* ``subsequences`` (piecewise testable, PT_k): the subsequences of w of length ≤ k.

A :class:`Tracker` reads a word letter by letter and its state determines the profile.  The
product of a tracker with a DFA, explored breadth-first (:func:`profile_test`), decides L ∈
C_k exactly: L is a union of profile classes iff no two reachable product states have the
same profile and different acceptance.  When it is, the accepted profiles are the
certificate (a Boolean combination of the atomic conditions: a disjunction over accepted
profiles of "the profile is exactly this one"); when not, the two words reaching the two
product states have one profile, one is in L and one is not.  Exponential in k in general
(the tracker's states), so bounded by ``limit`` states (:class:`~attnlogic.kernel.errors.LimitExceeded`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel.errors import LimitExceeded

__all__ = ["START", "END", "Tracker", "ProfileCertificate", "profile_test", "factor_profiles_at_least",
           "least_k", "parent_word", "symbols_text", "PROFILE_KINDS"]

#: the end markers ⋊ and ⋉ among letter indices
START, END = -1, -2

PROFILE_KINDS = ("prefix", "prefix-suffix", "factors", "subsequences")


def symbols_text(alphabet, symbols, sep: str = "") -> str:
    """Marked symbols (letter indices, START, END) as text: ⋊ and ⋉ for the markers."""
    out = []
    for s in symbols:
        out.append("⋊" if s == START else "⋉" if s == END else alphabet[s])
    return sep.join(out)


class Tracker:
    """Reads a word (letter indices) and knows its ``kind`` profile of order ``k`` (threshold
    ``t`` for factors) from its state: ``start()``, ``step(state, a)``, ``profile(state)``
    (hashable values)."""

    def __init__(self, kind: str, k: int, t: int = 1):
        if kind not in PROFILE_KINDS:
            raise ValueError(f"kind: one of {PROFILE_KINDS}, got {kind!r}")
        self.kind, self.k, self.t = kind, int(k), int(t)
        self._factor_ids: dict = {}      # factors: each factor met -> its number
        self._factors: list = []
        self._order: list = []           # factors: their numbers in the order of the factors
        self._tables: dict = {}          # letters -> the states met by profile_test, numbered

    def tables(self, m: int) -> tuple:
        """The tracker's states met so far over ``m`` letters, numbered, for
        :func:`profile_test`: (state -> number, number -> state, number -> the number of its
        profile key, profile key -> number, number -> successor numbers by letter or None).
        Kept with the tracker, so that tests of several DFAs with one tracker step and key
        each of its states once (its states do not depend on the DFA)."""
        got = self._tables.get(m)
        if got is None:
            got = self._tables[m] = ({}, [], [], {}, [])
        return got

    def start(self):
        if self.kind == "prefix":
            return ()
        if self.kind == "prefix-suffix":
            return ((), ())
        if self.kind == "factors":
            return self._push(((), ()), START)
        return frozenset([()])

    def _push(self, state, sym):
        """factors: append one marked symbol; state = (window of the last ≤ k−1 symbols,
        counts capped at t by factor number: a tuple whose entry i is the count of the i-th
        factor met by this tracker, no trailing zeros — one tuple per profile)."""
        window, counts = state
        new = window + (sym,)
        if len(new) < self.k:
            return new, counts
        rest = new[1:] if self.k > 1 else ()
        i = self._factor_ids.get(new)
        if i is None:
            i = self._factor_ids[new] = len(self._factors)
            self._factors.append(new)
        if i >= len(counts):
            return rest, counts + (0,) * (i - len(counts)) + (1,)
        c = counts[i]
        if c >= self.t:
            return rest, counts
        return rest, counts[:i] + (c + 1,) + counts[i + 1:]

    def step(self, state, a: int):
        k = self.k
        if self.kind == "prefix":
            return state if len(state) >= k else state + (a,)
        if self.kind == "prefix-suffix":
            pre, suf = state
            pre = pre if len(pre) >= k else pre + (a,)
            suf = (suf + (a,))[-k:] if k else ()
            return pre, suf
        if self.kind == "factors":
            return self._push(state, a)
        return state | frozenset(s + (a,) for s in state if len(s) < k)

    def key(self, state):
        """A hashable value, equal for two states (of this tracker) iff their profiles are:
        for factors the counts by factor number (no sorting), else the profile itself."""
        if self.kind != "factors":
            return state
        window, counts = self._push(state, END)
        return counts if counts else ((window, 1),)

    def profile(self, state):
        """The profile: for factors, the sorted tuple of (factor, count capped at t) of the
        marked word, or ((the marked word, 1),) when it is shorter than k."""
        if self.kind != "factors":
            return state
        window, counts = self._push(state, END)
        if not counts:                      # the marked word is shorter than k: itself
            return ((window, 1),)
        factors, n = self._factors, len(counts)
        if len(self._order) != len(factors):        # sorted once per factor met, not per profile
            self._order = sorted(range(len(factors)), key=factors.__getitem__)
        return tuple((factors[i], counts[i]) for i in self._order if i < n and counts[i])


@dataclass(frozen=True)
class ProfileCertificate:
    """L = the words whose ``kind`` profile of order ``k`` (threshold ``t``) is one of
    ``accepted`` (profiles as the tracker computes them, over ``alphabet``)."""

    kind: str
    k: int
    t: int
    alphabet: tuple[str, ...]
    accepted: frozenset

    def _profile_json(self, p, sep: str):
        L = self.alphabet
        if self.kind == "prefix":
            return sep.join(L[a] for a in p)
        if self.kind == "prefix-suffix":
            return [sep.join(L[a] for a in p[0]), sep.join(L[a] for a in p[1])]
        if self.kind == "subsequences":
            return sorted(sep.join(L[a] for a in s) for s in p)
        out = []
        for f, c in p:
            start, end = f[:1] == (START,), f[-1:] == (END,)
            core = f[1 if start else 0:len(f) - (1 if end else 0)]
            item = [start, sep.join(L[a] for a in core), end]
            out.append(item + [c] if self.t > 1 else item)
        return out

    def to_json(self, sep: str = "") -> dict:
        profiles = sorted((self._profile_json(p, sep) for p in self.accepted), key=repr)
        out = {"kind": self.kind, "k": self.k, "profiles": profiles}
        if self.kind == "factors":
            out["t"] = self.t
        return out

    def _profile_text(self, p, sep: str) -> str:
        L = self.alphabet
        if self.kind == "prefix":
            w = sep.join(L[a] for a in p) or "ε"
            return f"prefix {w}" if len(p) == self.k else f"w = {w}"
        if self.kind == "prefix-suffix":
            if len(p[0]) < self.k:
                return f"w = {sep.join(L[a] for a in p[0]) or 'ε'}"
            return (f"prefix {sep.join(L[a] for a in p[0]) or 'ε'}, "
                    f"suffix {sep.join(L[a] for a in p[1]) or 'ε'}")
        if self.kind == "subsequences":
            return "{" + ", ".join(sorted(sep.join(L[a] for a in s) or "ε" for s in p)) + "}"
        parts = [symbols_text(L, f, sep) + (f"×{c}" if self.t > 1 else "") for f, c in p]
        return "{" + ", ".join(sorted(parts)) + "}"

    def text(self, sep: str = "", limit: int = 4) -> str:
        what = {"prefix": f"its first {self.k} letters (the word itself if shorter)",
                "prefix-suffix": f"its first and last {self.k} letters",
                "factors": (f"its set of {self.k}-factors of ⋊w⋉" if self.t == 1 else
                            f"its {self.k}-factors of ⋊w⋉ counted up to {self.t}"),
                "subsequences": f"its set of subsequences of length ≤ {self.k}"}[self.kind]
        shown = sorted(self._profile_text(p, sep) for p in self.accepted)
        more = f" | … ({len(shown) - limit} more; the JSON form has all)" if len(shown) > limit else ""
        body = " | ".join(shown[:limit]) if shown else "none (L = ∅)"
        return f"w ∈ L iff {what} is one of {len(shown)}: {body}{more}"


def factor_profiles_at_least(m: int, k: int, t: int, cap: int) -> int:
    """A lower bound on the number of distinct ``factors`` profiles (order k ≥ 1, threshold
    t) of the words over m ≥ 1 letters, hence on the product states of :func:`profile_test`
    for any complete DFA over them (each profile is reached with some DFA state); ``cap`` + 1
    when it exceeds ``cap`` (no big numbers).  The de Bruijn graph of order k has V = m^(k−1)
    nodes, E = m^k edges and a Hamiltonian cycle C; a walk that goes round C, starts and ends
    at any node and uses each of the E − V edges off C any number 0 … t of times (a detour
    e·(the rest of C) for each use) exists for every such choice, and these walks have
    distinct profiles: ≥ V² · (t + 1)^(E − V)."""
    V, E = m ** (k - 1), m ** k
    if E - V >= cap.bit_length():               # (t + 1)^(E − V) ≥ 2^(E − V) > cap
        return cap + 1
    return min(cap + 1, V * V * (t + 1) ** (E - V))


def profile_test(dfa, tracker: Tracker, limit: int):
    """``(True, ProfileCertificate)`` when L(dfa) is a union of the tracker's profile
    classes, else ``(False, (u, v))``: u ∈ L and v ∉ L (letter indices) with one profile.
    Breadth-first over the product (tracker state, DFA state); LimitExceeded beyond
    ``limit`` product states (profiles compared by :meth:`Tracker.key`).  Each tracker state
    met gets a number, and its key and its successors are computed once (not once per DFA
    state it is paired with, nor once per DFA tested with the same tracker:
    :meth:`Tracker.tables`): the product's nodes are pairs of numbers, cheap to hash."""
    T = [[int(r) for r in row] for row in dfa.transitions]
    acc = [bool(x) for x in dfa.accepting]
    m = len(T[0]) if T else 0
    # tracker state -> its number; number -> tracker state; number -> the number of its
    # profile (its key's); key -> number; number -> its successors' numbers by letter (None:
    # not yet)
    number, states, keys, key_number, succ = tracker.tables(m)

    def numbered(s) -> int:
        i = number.get(s)
        if i is None:
            i = number[s] = len(states)
            states.append(s)
            keys.append(key_number.setdefault(tracker.key(s), len(key_number)))
            succ.append(None)
        return i

    start = (numbered(tracker.start()), int(dfa.initial))
    parent = {start: None}
    seen_profile: dict = {}
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            i, q = node
            p = keys[i]
            a_here = acc[q]
            other = seen_profile.get(p)
            if other is None:
                seen_profile[p] = (a_here, node)
            elif other[0] != a_here:
                u, v = parent_word(parent, other[1]), parent_word(parent, node)
                return False, ((u, v) if other[0] else (v, u))
            row = succ[i]
            if row is None:
                s = states[i]
                row = succ[i] = [numbered(tracker.step(s, a)) for a in range(m)]
            Tq = T[q]
            for a in range(m):
                child = (row[a], Tq[a])
                if child not in parent:
                    if len(parent) >= limit:
                        raise LimitExceeded(f"{tracker.kind} profiles of order {tracker.k} "
                                            "(tracker × DFA states)", limit,
                                            "raise limit", ("limit",))
                    parent[child] = (node, a)
                    nxt.append(child)
        frontier = nxt
    accepted = frozenset(tracker.profile(states[node[0]]) for a, node in seen_profile.values() if a)
    return True, ProfileCertificate(tracker.kind, tracker.k, tracker.t, tuple(dfa.alphabet), accepted)


def parent_word(parent, node) -> list[int]:
    """The letters on the way to ``node`` in a breadth-first tree (``parent[node]`` =
    (previous node, letter), None at the root)."""
    out = []
    while parent[node] is not None:
        node, a = parent[node]
        out.append(a)
    return out[::-1]


def least_k(dfa, kind: str, limit: int, k_from: int = 1, k_to: int | None = None, t: int = 1):
    """The least k in k_from … k_to (None: no bound) with L a union of profile classes:
    ``(k, certificate, pairs, None)``, ``pairs`` = {k': (u, v)} for the orders below that
    failed; or ``(None, None, pairs, reason)`` when the search stopped (limit or bound)."""
    pairs: dict[int, tuple] = {}
    k = k_from
    while k_to is None or k <= k_to:
        try:
            ok, out = profile_test(dfa, Tracker(kind, k, t), limit)
        except LimitExceeded as exc:
            return None, None, pairs, str(exc)
        if ok:
            return k, out, pairs, None
        pairs[k] = out
        k += 1
    return None, None, pairs, f"no order ≤ {k_to} suffices"
