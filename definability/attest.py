"""The last stage of every classification: each witness is checked before it is returned,
and what it claims is set to what was checked.

For a witness of a fragment F (:func:`attest`):

1. the concrete pairs considered are the witness itself, or the first ``MAX_INSTANCES``
   instances K = K0, K0 + step, … of its pumped family that are at most ``MAX_LENGTH``
   letters long;
2. each is re-run on the DFA (one word in L, one not);
3. its depth is computed by :func:`.indistinguishable.agreement_depth` — an independent
   type computation, not the decision procedure that proposed it — up to ``TARGET_DEPTH``
   (or the depth the decider claimed, if larger);
   (a first instance longer than 4 × ``MAX_LENGTH`` is claimed for depth 0 only, which
   holds for every pair);
4. the deepest pair wins (the shortest among equals) and its ``depth`` is set to the
   computed value: "no formula of F of temporal depth ≤ depth separates these two words".

A pair the decider claimed for depth D that the check finds separable below D would be a
bug in a decider: AssertionError, never printed.
"""

from __future__ import annotations

from dataclasses import replace

from ..ltl.fragments import Fragment
from .indistinguishable import agreement_depth
from .witnesses import Factors, Witness

__all__ = ["attest", "attest_results", "TARGET_DEPTH", "MAX_LENGTH", "MAX_INSTANCES"]

#: depth up to which a witness is checked (deeper is not looked for)
TARGET_DEPTH = 4
#: longest instance of a family considered (letters); LTL[S] types cost O(n³): shorter
MAX_LENGTH = 64
MAX_LENGTH_SINCE = 32
#: instances of a family tried
MAX_INSTANCES = 6


def _length_limit(fr: Fragment) -> int:
    """The longest instance considered: shorter where one level of types costs n² (LTL[S])."""
    return MAX_LENGTH_SINCE if fr.type_degree > 1 else MAX_LENGTH


def _candidates(w: Witness, limit: int):
    if w.family is None:
        return [(w.accepted, w.rejected, None)]
    f = w.family
    out = []
    for j in range(MAX_INSTANCES):
        K = f.start + j * f.step
        a, b = f.words(K)
        if max(len(a), len(b)) > limit and out:
            break
        out.append((a, b, K))
        if f.step == 0:
            break
    return out


def attest(witness: Witness, fragment: "Fragment | str", dfa) -> Witness:
    """The witness with ``depth`` checked for ``fragment`` (see the module docstring)."""
    fr = Fragment.parse(fragment)
    claimed = witness.depth
    cap = max(TARGET_DEPTH, claimed or 0)
    best = None
    limit = _length_limit(fr)
    for a, b, K in _candidates(witness, limit):
        if not dfa.accepts(list(a)) or dfa.accepts(list(b)):
            raise AssertionError(f"witness words do not differ on the language: {a!r}, {b!r}")
        n = max(len(a), len(b))
        # a pair too long to type-check is claimed for depth 0 only (true of every pair)
        d = agreement_depth(a, b, fr, cap, max_length=n) if n <= 4 * limit or claimed else 0
        if best is None or d > best[0]:
            best = (d, a, b, K)
        if d >= cap:
            break
    d, a, b, K = best
    if claimed is not None and d < claimed:
        raise AssertionError(f"a witness claimed for depth {claimed} is separable at depth {d + 1}")
    return _with_factors(replace(witness, accepted=tuple(a), rejected=tuple(b), depth=d), K)


def _with_factors(w: Witness, K: int | None) -> Witness:
    """The factors of the chosen words: the family's instance K when there is a family
    (exact, at any length), else those :meth:`Witness.with_factors` finds."""
    f = w.family
    if f is None or K is None:
        return w.with_factors()
    return replace(w, accepted_factors=Factors(f.in_prefix, f.block, K, f.in_suffix),
                   rejected_factors=Factors(f.out_prefix, f.out_block, K, f.out_suffix))


def attest_results(results: dict, dfa) -> None:
    """:func:`attest` every witness of ``results`` (fragment → FragmentResult), in place."""
    for fragment, r in results.items():
        if r.witness is not None:
            results[fragment] = replace(r, witness=attest(r.witness, fragment, dfa))
