"""SL: the strictly local languages — forbidden k-factors of the marked word ⋊w⋉ (McNaughton
and Papert 1971; Rogers and Pullum 2011).

F_k(w) is the set of factors of length k of ⋊w⋉ (the whole marked word when it is shorter).
L is SL_k iff L = {w : F_k(w) ∩ X = ∅} for a set X of forbidden factors, iff (suffix
substitution closure, Rogers–Pullum) u1·x·v1 ∈ L and u2·x·v2 ∈ L with |x| = k − 1 imply
u1·x·v2 ∈ L.

DFA test, quadratic: let T be the useful states of the minimal DFA (reachable and
co-reachable).  L is SL_k iff every word x of length k − 1 sends all p ∈ T whose run by x
stays in T to one state (the suffix substitution: p·x and q·x have equal right languages,
so are equal in the minimal DFA).  So L is SL iff the pair graph on distinct pairs of T,
(p, q) →a (p·a, q·a) with both targets in T and distinct, is acyclic; the least k is 1 when
|T| ≤ 1, else 1 + the number of nodes of its longest path (longest paths by
:func:`~attnlogic.automata.graphs.pair_heights`, O(n²·|Σ|) time and memory, refused above
``memory_budget``).

Certificate: the forbidden set X of the least k (every well-formed marked k-factor that
occurs in no word of L), checked by building the local automaton of X and comparing it with
the DFA (:mod:`.verify_subregular`).  Witness for "no": a cycle (p, q)·z = (p, q) of that
pair graph, u1, u2 reaching p, q, r separating them and v2 ∈ L_q: u1·z^K·r and u2·z^K·v2
are in L, u2·z^K·r is not, and every k-factor of the last is one of the first two's once
K|z| ≥ k − 1 ("cover", every k).  A "yes" with k ≥ 2 carries the cover witness for k − 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from ...automata.graphs import distinguishing_suffix, pair_cycle, pair_heights
from ...kernel.limits import Limits
from ..contract.classes import LanguageClass
from ..algebra.profiles import END, START, symbols_text
from ..values.pumped import ClassWitness, PumpedFamily, Template
from . import (ClassAnswer, ClassProcedure, accepted_suffix, exponents, letters,
                         word_to)
from ..checks.verify_subregular import AnswerCheck

__all__ = ["ForbiddenFactors", "useful", "decide", "member", "allowed_factors", "PROCEDURE", "CLASS"]


def useful(dfa) -> np.ndarray:
    """Mask of the states that are reachable and co-reachable."""
    return np.asarray(dfa.reachable) & np.asarray(dfa.coreachable())


def _heights(dfa, limits: Limits):
    T = np.asarray(dfa.transitions)
    use = useful(dfa)
    comp = np.where(use, 0, 1 + np.arange(T.shape[0]))
    H = pair_heights(T, comp, memory_budget=limits.memory_budget)
    return T, use, comp, H


def member(dfa, limits: Limits | None = None) -> bool:
    """Whether L is strictly local (quadratic; no certificate)."""
    _, use, _, H = _heights(dfa, Limits() if limits is None else limits)
    return not (H[np.ix_(use, use)] < 0).any()


@dataclass(frozen=True)
class ForbiddenFactors:
    """L = the words w with no factor of ⋊w⋉ of length k (or ⋊w⋉ itself, when shorter) in
    ``forbidden`` (tuples of letter indices and the markers START, END)."""

    k: int
    alphabet: tuple
    forbidden: tuple

    def to_json(self, sep: str = "") -> dict:
        def item(f):
            start, end = f[:1] == (START,), f[-1:] == (END,)
            core = f[1 if start else 0:len(f) - (1 if end else 0)]
            return [start, sep.join(self.alphabet[a] for a in core), end]
        return {"kind": "forbidden factors", "k": self.k, "forbidden": [item(f) for f in self.forbidden]}

    def text(self, sep: str = "", limit: int = 12) -> str:
        shown = [symbols_text(self.alphabet, f, sep) for f in self.forbidden]
        more = f", … ({len(shown) - limit} more; the JSON form has all)" if len(shown) > limit else ""
        return (f"no {self.k}-factor of ⋊w⋉ in the forbidden set of {len(shown)}: "
                f"{{{', '.join(shown[:limit])}{more}}}")


def allowed_factors(dfa, k: int, limit: int) -> set | None:
    """The marked k-factors (and short marked words) of the words of L; None beyond
    ``limit`` (state, window) pairs."""
    T = np.asarray(dfa.transitions)
    use = useful(dfa)
    out: set = set()
    if not use[dfa.initial]:
        return out

    def push(window, c):
        new = window + (c,)
        if len(new) == k:
            out.add(new)
            return new[1:]
        return new

    start = (int(dfa.initial), push((), START))
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for q, window in frontier:
            if dfa.accepting[q]:
                out.add(window + (END,))       # a k-factor, or the whole short marked word
            for a in range(T.shape[1]):
                r = int(T[q, a])
                if not use[r]:
                    continue
                node = (r, push(window, a))
                if node not in seen:
                    if len(seen) >= limit:
                        return None
                    seen.add(node)
                    nxt.append(node)
        frontier = nxt
    return out


def well_formed(m: int, k: int):
    """Every marked factor of length k (⋊ only first, ⋉ only last) and every marked word
    ⋊w⋉ shorter than k."""
    for start in (True, False):
        for end in (True, False):
            core = k - start - end
            if core < 0:
                continue
            for w in product(range(m), repeat=core):
                yield ((START,) if start else ()) + w + ((END,) if end else ())
    for core in range(0, k - 2):
        for w in product(range(m), repeat=core):
            yield (START,) + w + (END,)


def _cover(dfa, p: int, q: int, x, k, claim: str, block: bool) -> ClassWitness:
    """The cover witness from distinct useful states p, q and a word x (or a block z with
    p·z = p, q·z = q) after which they are still distinct and useful."""
    T = dfa.transitions
    xs = [0] if block else [list(x)]
    if block:
        K0, step = exponents(dfa, [x], 2)
        xw = list(x) * K0
    else:
        xw = list(x)
    px, qx = dfa.run(letters(dfa, xw), p), dfa.run(letters(dfa, xw), q)
    r = distinguishing_suffix(T, dfa.accepting, px, qx)
    if not dfa.accepting[dfa.run(letters(dfa, r), px)]:
        p, q, px, qx = q, p, qx, px
    u1, u2 = word_to(dfa, p), word_to(dfa, q)
    v2 = accepted_suffix(dfa, qx)
    in1, in2, out = [u1, *xs, r], [u2, *xs, v2], [u2, *xs, r]

    def tmpl(parts):
        return Template(tuple(p if isinstance(p, int) else letters(dfa, p) for p in parts))
    if block:
        B = (letters(dfa, x),)
        fam = PumpedFamily(B, (tmpl(in1), tmpl(in2)), (tmpl(out),), K0, step)
        ins, outs = fam.words(K0)
        return ClassWitness("cover", ins, outs, None, claim, fam)
    ins = tuple(tmpl(t).word((), 1) for t in (in1, in2))
    return ClassWitness("cover", ins, (tmpl(out).word((), 1),), k, claim)


def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
    limits = Limits() if limits is None else limits
    T, use, comp, H = _heights(dfa, limits)
    inner = H[np.ix_(use, use)]
    if (inner < 0).any():
        p, q, z = pair_cycle(T, H, comp)
        method = (f"not strictly local: the useful states {p} ≠ {q} are both fixed by "
                  f"{''.join(letters(dfa, z))} (a cycle of the pair graph of useful states)")
        if not certificates:
            return ClassAnswer(False, method)
        wit = _cover(dfa, p, q, z, None, "every k-factor of the out-word is a k-factor of an "
                     "in-word once K|z| ≥ k − 1 (suffix substitution; every k)", True)
        return ClassAnswer(False, method, witness=wit)
    top = int(inner.max()) if inner.size else 0
    k = 1 if use.sum() <= 1 else top + 1
    method = (f"strictly local: the pair graph of the {int(use.sum())} useful states is acyclic; "
              f"least k = {k}")
    if not certificates:
        return ClassAnswer(True, method, k)
    below = None
    if k >= 2:
        idx = np.flatnonzero(use)
        i, j = np.unravel_index(int(np.argmax(inner)), inner.shape)
        p, q = int(idx[i]), int(idx[j])
        x: list[int] = []
        a_p, a_q = p, q
        while H[a_p, a_q] > 1:              # follow the longest path down to its last node
            for a in range(T.shape[1]):
                s, t = int(T[a_p, a]), int(T[a_q, a])
                if s != t and use[s] and use[t] and H[s, t] == H[a_p, a_q] - 1:
                    x.append(a)
                    a_p, a_q = s, t
                    break
        below = _cover(dfa, p, q, x, k - 1, f"every {k - 1}-factor of the out-word is one of an "
                       f"in-word (suffix substitution at x = {''.join(letters(dfa, x)) or 'ε'})", False)
    allowed = allowed_factors(dfa, k, limits.synthesis_states)
    universe = None
    if allowed is not None and 4 * len(dfa.alphabet) ** k <= limits.synthesis_states:
        universe = sorted(set(well_formed(len(dfa.alphabet), k)), key=lambda f: (len(f), f))
    if universe is None:
        return ClassAnswer(True, method + "; certificate not built (beyond limit)", k, None, None, below)
    cert = ForbiddenFactors(k, tuple(dfa.alphabet), tuple(f for f in universe if f not in allowed))
    return ClassAnswer(True, method, k, cert, None, below)


PROCEDURE = ClassProcedure("strictly local", decide)
#: SL: forbidden k-factors (asked when named: ``--class SL``)
CLASS = LanguageClass("SL", PROCEDURE, "forbidden factors", "cover", default=False,
                      check=AnswerCheck("SL"), groups=("subregular",), bulk="SL", parameters="k",
                      summary="strictly local: forbidden k-factors of ⋊w⋉")
