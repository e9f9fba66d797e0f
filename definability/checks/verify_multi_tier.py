"""Answers of MTSL (and MTSL[k]) re-checked with no decider code: the multi-tier strictly
local languages, intersections of TSL_k languages on several tiers
(docs/decision-procedures.md §10a).

For T ⊆ Σ let π_T erase the letters off T; a TSL_k language on T is given by its permitted
k-factors of ⋊π_T(w)⋉ (the whole marked word when shorter).

* A **certificate** (``multi-tier factors``) lists tiers with their permitted factors.
  Checked: the automaton of the intersection — its state holds, for each tier, the last
  k − 1 symbols of ⋊π_T(w) read and whether a factor off the list was seen — equals the DFA
  (a product search: every reachable pair agrees on acceptance).  So L is an intersection
  of TSL_k languages: L ∈ MTSL_k.
* A **witness** (``multi-tier cover``) is a word w ∉ L and, for every non-empty tier T of
  letters that act on the minimal DFA (recomputed here), each factor of ⋊π_T(w)⋉ with a word
  of L whose ⋊π_T(·)⋉ has it (all computed on the words).  Then w lies in the least TSL_k
  language on T containing L, for each such T; for a tier with a letter that acts on no
  state (a neutral letter) the least one on its acting part is smaller (the lemma of §10a),
  and a tier of neutral letters only gives Σ*.  So every intersection of TSL_k languages
  containing L contains w ∉ L: L ∉ MTSL_k.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from ...automata.minimize import minimize
from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import CheckBoundExceeded
from ...kernel.words import split_word
from .verify import Check
from .verify_subregular import _marked, _product_agrees, check_answer, factors

__all__ = ["check_multi_tier", "check_intersection", "check_cover"]

_S, _E = ("⋊",), ("⋉",)


def _split(word: str, sep: str) -> tuple:
    return tuple(a for a in split_word(word, commas=sep == ",") if a)


def _tier_ok(dfa, tier) -> bool:
    return bool(tier) and len(set(tier)) == len(tier) and all(a in dfa.alphabet for a in tier)


def check_intersection(dfa, cert: dict, sep: str = "") -> Check:
    """Whether the tiers and permitted factors of ``cert`` define exactly L(dfa)."""
    if cert.get("kind") != "multi-tier factors":
        return Check(False, f"a certificate of kind {cert.get('kind')!r} is not one of MTSL")
    k = int(cert["k"])
    tiers = cert.get("tiers") or []
    if k < 1 or not tiers:
        return Check(False, "a multi-tier certificate needs k ≥ 1 and at least one tier")
    spec = []
    for t in tiers:
        tier = list(t.get("tier", ()))
        if not _tier_ok(dfa, tier):
            return Check(False, "each tier must be distinct letters of the alphabet")
        F = {_marked(f, sep) for f in t.get("permitted", ())}
        if any(len(f) > k for f in F):
            return Check(False, f"a permitted factor is longer than k = {k}")
        spec.append((frozenset(tier), F))

    def one(state, a, tier, F):
        window, bad = state
        if a not in tier:
            return state
        longer = window + (a,)
        if len(longer) < k:
            return longer, bad
        return longer[1:], bad or longer not in F

    def step(s, a):
        return tuple(one(x, a, tier, F) for x, (tier, F) in zip(s, spec))

    def accepts(s):
        return all(not bad and window + (_E,) in F for (window, bad), (_, F) in zip(s, spec))

    start = tuple(one(((), False), _S, frozenset([_S]), F) for _, F in spec)
    ok, w = _product_agrees(dfa, start, step, accepts)
    names = "; ".join("{" + ", ".join(t["tier"]) + "}" for t in tiers)
    if not ok:
        return Check(False, f"the intersection of the TSL_{k} languages on {names} and the language differ "
                            f"on {sep.join(w) or 'ε'!r}")
    return Check(True, f"the intersection of the TSL_{k} languages on the tiers {names} (their permitted "
                       "factors) defines exactly the language (product with the DFA, every reachable tuple "
                       "agrees): MTSL_" + str(k))


def check_cover(dfa, wit: dict, sep: str = "") -> Check:
    """Whether the witness proves L(dfa) ∉ MTSL_k (module docstring)."""
    if wit.get("kind") != "multi-tier cover":
        return Check(False, f"a witness of kind {wit.get('kind')!r} is not one of MTSL")
    k = wit.get("k")
    outs = wit.get("out") or []
    if not isinstance(k, int) or k < 1 or len(outs) != 1:
        return Check(False, "a multi-tier cover has an order k ≥ 1 and one out-word")
    w = _split(outs[0], sep)
    if any(a not in dfa.alphabet for a in w) or dfa.accepts(w):
        return Check(False, f"the out-word {outs[0]!r} is in the language (or not a word of its alphabet)")
    for u in wit.get("in") or []:
        if not dfa.accepts(_split(u, sep)):
            return Check(False, f"the in-word {u!r} is not in the language")
    m = minimize(as_dfa(dfa))
    T = np.asarray(m.transitions)
    acting = [m.alphabet[a] for a in range(T.shape[1]) if (T[:, a] != np.arange(T.shape[0])).any()]
    if not acting:
        return Check(False, "no letter acts on the minimal DFA: the language is ∅ or Σ*, SL_1")
    if 2 ** len(acting) - 1 > _limits.MTSL_TIERS:
        raise CheckBoundExceeded(f"{2 ** len(acting) - 1} tiers to check, more than MTSL_TIERS = "
                                 f"{_limits.MTSL_TIERS}")
    given = {}
    for t in wit.get("tiers") or []:
        given[frozenset(t.get("tier", ()))] = {_marked(e["factor"], sep): _split(e["in"], sep)
                                               for e in t.get("factors", ())}
    count = 0
    for n in range(1, len(acting) + 1):
        for tier in combinations(acting, n):
            shown = given.get(frozenset(tier))
            if shown is None:
                return Check(False, f"the tier {{{', '.join(tier)}}} of letters that act is missing")
            for f, _ in factors(tuple(a for a in w if a in tier), k):
                u = shown.get(f)
                if u is None:
                    return Check(False, f"on the tier {{{', '.join(tier)}}} the factor {''.join(map(str, f))} "
                                        "of the out-word has no word of L")
                if not dfa.accepts(u) or (f, 1) not in factors(tuple(a for a in u if a in tier), k):
                    return Check(False, f"on the tier {{{', '.join(tier)}}} the word {sep.join(u)!r} is not "
                                        "in L or does not have the factor it is shown for")
            count += 1
    return Check(True, f"{outs[0] or 'ε'!r} is not in L, and on each of the {count} tiers of the letters that "
                       f"act ({', '.join(acting)}) every {k}-factor of its projection occurs in the projection "
                       f"of a word of L: every intersection of TSL_{k} languages containing L contains it, so "
                       f"L is not MTSL_{k}")


def check_multi_tier(dfa, answer: dict, sep: str = "", order: int | None = None) -> Check:
    """Re-check an answer of MTSL (``order`` None) or MTSL[k] as ``classify --json`` prints
    it (:func:`~.verify_subregular.check_answer`)."""
    dfa = as_dfa(dfa)
    return check_answer(answer, lambda cert: check_intersection(dfa, cert, sep),
                        lambda wit: check_cover(dfa, wit, sep),
                        "MTSL" if order is None else f"MTSL[{order}]", order)
