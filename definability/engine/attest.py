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
   computed value: "no formula of F of temporal depth ≤ depth separates these two words";
5. for a pumped family of more than SHORT_FROM letters (a fragment without S), the first
   lasso family with periods and tails of at most two letters (:func:`shorter_lasso`) is
   attested the same way, and its pair printed instead when it is deeper, or as deep and
   shorter (the families built from identities pump long blocks: a^28 / a^37 for (aa)* in
   LTL[P,Y], where the lasso (a)^K / (a)^K·a gives a^4 / a^5 at depth 4).

6. a pumped family is printed only when one of verify's arguments proves it for every depth
   (:func:`proved_family`: verify's lasso condition on the family's own decomposition, for
   the fragments with P and Y); a family it does not prove is
   dropped, and the pair stands as a witness at its checked depth only (the families built
   from an identity with a fixed idempotent power e = z^M can be seen through by Y once the
   depth passes |z^M|: census language #50 of ≤ 3 states, LTL[P,Y]).

A pair the decider claimed for depth D that the check finds separable below D would be a
bug in a decider: AssertionError, never printed.
"""

from __future__ import annotations

from ...kernel import limits as _limits

from dataclasses import replace

from ...ltl.fragments import Fragment
from ..checks.indistinguishable import agreement_depth
from ..algebra.types import lasso_search, lasso_to_witness
from ..values.witnesses import Factors, Witness

__all__ = ["attest", "attest_results", "shorter_lasso", "proved_family", "TARGET_DEPTH", "MAX_LENGTH", "MAX_INSTANCES"]

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
    """The witness with ``depth`` checked for ``fragment`` (see the module docstring); for
    a pumped family, the instance of a shorter lasso family (:func:`shorter_lasso`) when
    it reaches at least the same depth in fewer letters; a family printed only when proved
    (:func:`proved_family`)."""
    fr = Fragment.parse(fragment)
    best = _attest(witness, fr, dfa)
    if witness.family is None or "lasso" not in fr.pumping_arguments or dfa.n_states > SHORT_MAX_STATES:
        return proved_family(best, fr, dfa)
    for period, tail in SHORT_TIERS:
        if _letters(best) <= SHORT_FROM:
            break
        alt = shorter_lasso(dfa, fr, period, tail)
        if alt is not None:
            best = max((best, _attest(alt, fr, dfa)), key=_merit)
    return proved_family(best, fr, dfa)


def proved_family(w: Witness, fr: Fragment, dfa) -> Witness:
    """``w`` with its pumped family kept only when verify's lasso argument proves that the
    family defeats every depth of ``fr``, on the family's own decomposition (in: l·p^K·x,
    out: l·p^K·y, the N+1 nodes of ^ω(p)·x and ^ω(p)·y in one block of the lasso graph,
    docs/decision-procedures.md §4.3, :func:`..checks.verify.lasso_blocks_equal`).  Checked
    for the fragments with both P and Y (LTL[P,Y], LTL[P,Y<=k]), whose families built from
    an identity with a fixed idempotent power may fail: on the census of ≤ 3 states over
    {a, b} (1,054 languages) 18 LTL[P,Y] families fail it, and no other (a search of other
    decompositions by verify proves none of the 18 either).  Without a proved family the
    pair is a witness at its checked depth only."""
    f = w.family
    k, past, since = fr.type_sets
    if f is None or since or not (past and k):
        return w          # (measured: the census's families without P or without Y all prove)
    from ..checks.verify import lasso_blocks_equal     # verify: loaded by a family to prove only
    if (f.block_out is None and f.in_prefix == f.out_prefix
            and lasso_blocks_equal(f.block, f.in_suffix, f.out_suffix, k, past)):
        return w
    return replace(w, family=None).with_factors()


def _letters(w: Witness) -> int:
    return len(w.accepted) + len(w.rejected)


def _merit(w: Witness) -> tuple[int, int]:
    """Deeper first, then fewer letters (ties: the first, the decider's)."""
    return w.depth, -_letters(w)


#: the lasso families tried for a shorter witness of more than SHORT_FROM letters (the two
#: words together): periods and tails of at most (2, 2) letters (on the census of 3-state
#: DFAs a second round with (4, 4) shortened nothing more and cost 50% more time); each
#: search visits at most SHORT_CANDIDATES (period, tail) nodes
SHORT_FROM = 20
SHORT_TIERS = ((2, 2),)
#: kernel/limits.py (with every default budget)
SHORT_CANDIDATES = _limits.SHORT_CANDIDATES
#: ... on DFAs of at most this many states (the search follows the run of every shortest
#: ... (kernel/limits.py, with every default budget)
SHORT_MAX_STATES = _limits.SHORT_MAX_STATES


def shorter_lasso(dfa, fragment: Fragment, max_period: int, max_tail: int) -> Witness | None:
    """The pumped family of the first lasso (:func:`.types.lasso_search`, shortest period
    first, then shortest tails) with periods and tails of a few letters, as a witness
    (depth unchecked), or None: the same form as the families of LTL[P] (R-trivial),
    LTL[P,Y] (locally R-trivial) and the window fragments, l·p^K·x / l·p^K·y with the N+1
    nodes of the two tails in one block of the lasso graph (docs/decision-procedures.md
    §4.3), often much shorter than the one a decider builds from an identity."""
    k, past, _ = fragment.type_sets
    lw = lasso_search(dfa, k or 0, past, max_period=max_period, max_tail=max_tail,
                      max_candidates=SHORT_CANDIDATES)
    return None if lw is None else lasso_to_witness(dfa, lw, k or 0)


def _attest(witness: Witness, fr: Fragment, dfa) -> Witness:
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
            w = attest(r.witness, fragment, dfa)
            method = r.method
            if r.witness.family is not None and w.family is None:
                method += (f"; no pumped family proved for every depth (the pair is a witness at "
                           f"depth <= {w.depth} only"
                           + (f"; the proof is the identity: {r.identity})" if r.identity else ")"))
            results[fragment] = replace(r, witness=w, method=method)
