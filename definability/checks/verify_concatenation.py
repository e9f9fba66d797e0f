"""Answers of the half-levels of the concatenation hierarchies re-checked with no decider
code: Pol(ST) = Σ1, Pol2(ST) = Σ2, co-Pol2(ST) = Π2 and Pol(DD) = dot-depth 1/2
(docs/decision-procedures.md §8b).  Each ``check_*(dfa, answer, sep) -> Check`` reads an
answer as ``classify --json`` prints it.

* **Pol(ST), "yes"**: the basis B; L = ⋃_{w ∈ B} A*w1A*…A*wmA* is checked exactly by a
  breadth-first search of the product of the DFA with the greedy subsequence matchers of the
  words of B (a word contains w as a subword iff the greedy left-to-right match completes):
  every reachable product state must be accepting in the DFA iff some word of B is matched.
  Bounded by ``check_states`` product states (LimitExceeded beyond).
* **Σ2 / Pol(DD), "yes"**: re-decided from scratch in plain Python: the pairs (transformation,
  content) of all words enumerated breadth-first as tuples, ω by iterating, the order from
  residual inclusions found by a search of pairs of states, every pair (x, y) tried
  (bounded: LimitExceeded beyond ``max_pairs`` pairs).
* **"no"** (all four): the identity pair (:func:`.verify.verify_identity_violation`: the
  variables' words, the ω exponent idempotent on the DFA, the context separating the sides
  in the right direction), and for Σ2 and Π2 the content condition alph(y) ⊆ alph(x) on the
  words themselves.
* **Π2**: a "yes" re-decided as Σ2 on the complement (L ∈ Π2 iff Lᶜ ∈ Σ2); a "no" the
  failing relation x^ω ≤ x^ω y x^ω of L (the order of Lᶜ reversed), on L itself.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from ...automata.operations import complement
from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ...kernel.words import split_word
from .verify import Check
from .verify_tiers import identity_witness

__all__ = ["check_upward_basis", "ordered_idempotent_holds", "check_sigma1", "check_sigma2", "check_pi2",
           "check_dot_depth_half", "SIGMA1_IDENTITY", "SIGMA2_IDENTITY", "PI2_IDENTITY"]

#: the relations the witnesses must violate (the same text the deciders print)
SIGMA1_IDENTITY = "[x ≤ 1]"
SIGMA2_IDENTITY = "[x*yx* ≤ x*]"
#: Π2's: Σ2's on the complement, whose order is the reverse one
PI2_IDENTITY = "[x* ≤ x*yx*]"


def _split(word: str, sep: str) -> tuple:
    return tuple(a for a in split_word(word or "", commas=sep == ",") if a)


def check_upward_basis(dfa, basis, state_limit: int = _limits.DEFAULT_STATE_LIMIT) -> Check:
    """Whether L(dfa) = ⋃_{w ∈ basis} A*w1A*…A*wmA* (``basis``: tuples of letters), by the
    product search of the module docstring."""
    dfa = as_dfa(dfa)
    index = {a: i for i, a in enumerate(dfa.alphabet)}
    words = []
    for w in basis:
        if any(a not in index for a in w):
            return Check(False, f"the basis word {''.join(w)!r} uses a letter outside the alphabet")
        words.append(tuple(index[a] for a in w))
    t = np.asarray(dfa.transitions).tolist()
    acc = [bool(x) for x in np.asarray(dfa.accepting)]
    k = len(dfa.alphabet)
    start = (dfa.initial, tuple(0 for _ in words))
    seen = {start: None}
    todo = deque([start])
    while todo:
        q, prog = todo.popleft()
        matched = any(p == len(w) for p, w in zip(prog, words))
        if acc[q] != matched:
            word, node = [], (q, prog)
            while seen[node] is not None:
                node, a = seen[node]
                word.append(dfa.alphabet[a])
            w = "".join(word[::-1]) or "ε"
            return Check(False, f"the basis does not define L: {w!r} is {'in' if acc[q] else 'outside'} L "
                                f"but {'no' if acc[q] else 'some'} basis word is a subword of it")
        for a in range(k):
            nxt = (t[q][a], tuple(p + (p < len(w) and w[p] == a) for p, w in zip(prog, words)))
            if nxt not in seen:
                seen[nxt] = ((q, prog), a)
                if len(seen) > state_limit:
                    raise LimitExceeded("states of the product of the DFA with the basis matchers (verify)",
                                        state_limit, "raise the budget check_states", ("check_states",))
                todo.append(nxt)
    return Check(True, f"L = the union of A*w1A*…A*wmA* over the {len(words)} basis words: checked exactly on "
                       f"{len(seen):,} states of the product of the DFA with the subword matchers")


def ordered_idempotent_holds(dfa, monoid: bool, content: bool,
                             max_pairs: int = _limits.IDENTITY_CHECK_INSTANTIATIONS) -> bool:
    """Whether x^ω y x^ω ≤ x^ω holds in the syntactic ordered monoid (``monoid``) or
    semigroup of L(dfa) for all x, y (with alph(y) ⊆ alph(x) when ``content``), re-decided
    in plain Python (module docstring)."""
    dfa = as_dfa(dfa).minimal()
    n, k = dfa.n_states, len(dfa.alphabet)
    t = np.asarray(dfa.transitions).tolist()
    acc = [bool(x) for x in np.asarray(dfa.accepting)]
    letters = [tuple(t[q][a] for q in range(n)) for a in range(k)]

    def then(s, u):                                   # first s, then u
        return tuple(u[s[q]] for q in range(n))
    start = [(tuple(range(n)), 0)] if monoid else [(letters[a], (1 << a) if content else 0) for a in range(k)]
    pairs = list(dict.fromkeys(start))
    seen = set(pairs)
    i = 0
    while i < len(pairs):
        s, c = pairs[i]
        for a in range(k):
            nxt = (then(s, letters[a]), (c | (1 << a)) if content else 0)
            if nxt not in seen:
                seen.add(nxt)
                pairs.append(nxt)
        i += 1
    if len(pairs) ** 2 > max_pairs:
        raise LimitExceeded("pairs of (element, content) (verify)", max_pairs)

    memo: dict = {}

    def included(p, q):                               # L_p ⊆ L_q, by a search of pairs
        if (p, q) not in memo:
            todo, met, ok = [(p, q)], {(p, q)}, True
            while todo and ok:
                x, y = todo.pop()
                if acc[x] and not acc[y]:
                    ok = False
                for a in range(k):
                    nx = (t[x][a], t[y][a])
                    if nx not in met:
                        met.add(nx)
                        todo.append(nx)
            memo[(p, q)] = ok
        return memo[(p, q)]

    def omega(s):
        p = s
        while then(p, p) != p:
            p = then(p, s)
        return p
    for x, cx in pairs:
        e = omega(x)
        for y, cy in pairs:
            if cy & ~cx:
                continue
            eye = then(then(e, y), e)
            if not all(included(e[q], eye[q]) for q in range(n)):   # e·y·e ≤ e: L_{q·e} ⊆ L_{q·eye}
                return False
    return True


def _verdict(answer) -> bool:
    member = answer.get("member")
    if not isinstance(member, bool):
        raise ValueError("the answer has no verdict (member: true or false)")
    return member


def _witness(dfa, answer, sep, identities: str, monoid: bool, content: bool) -> Check:
    check, words = identity_witness(dfa, answer, sep, identities, monoid)
    if words is None or not content:
        return check
    if not set(words.get("y", ())) <= set(words.get("x", ())):
        return Check(False, "the witness's y uses a letter that x does not (alph(y) ⊆ alph(x) is required)")
    return Check(True, check.reason + "; alph(y) ⊆ alph(x) on the words")


def check_sigma1(dfa, answer, sep: str) -> Check:
    """An answer of Pol(ST) (module docstring)."""
    dfa = as_dfa(dfa)
    if _verdict(answer):
        cert = answer.get("certificate")
        if not isinstance(cert, dict) or cert.get("kind") != "upward basis":
            return Check(False, "a \"yes\" must carry an upward basis certificate")
        return check_upward_basis(dfa, [_split(w, sep) for w in cert.get("basis", ())])
    return _witness(dfa, answer, sep, SIGMA1_IDENTITY, True, False)


def _ordered(dfa, answer, sep, monoid: bool, content: bool) -> Check:
    if _verdict(answer):
        if not ordered_idempotent_holds(dfa, monoid, content):
            return Check(False, "x^ω y x^ω ≤ x^ω fails: re-decided from scratch, the answer \"yes\" is wrong")
        return Check(True, "x^ω y x^ω ≤ x^ω re-decided from scratch on every pair (x, y)"
                           + (" with alph(y) ⊆ alph(x)" if content else "") + ": it holds")
    return _witness(dfa, answer, sep, SIGMA2_IDENTITY, monoid, content)


def check_sigma2(dfa, answer, sep: str) -> Check:
    """An answer of Σ2 = Pol2(ST) (module docstring)."""
    return _ordered(as_dfa(dfa), answer, sep, True, True)


def check_pi2(dfa, answer, sep: str) -> Check:
    """An answer of Π2 = co-Pol2(ST): a "yes" re-decided as Σ2 on the complement; a "no" the
    identity pair of x^ω ≤ x^ω y x^ω on L itself, with the content condition."""
    dfa = as_dfa(dfa)
    if _verdict(answer):
        c = _ordered(complement(dfa), answer, sep, True, True)
        return Check(c.valid, f"on the complement: {c.reason}")
    return _witness(dfa, answer, sep, PI2_IDENTITY, True, True)


def check_dot_depth_half(dfa, answer, sep: str) -> Check:
    """An answer of Pol(DD) (module docstring)."""
    return _ordered(as_dfa(dfa), answer, sep, False, False)
