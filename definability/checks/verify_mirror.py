"""Independent checks of the answers of the future unary temporal logics FL(ST), FL(DD),
FL(MOD), FL(MOD⁺) (docs/decision-procedures.md §13), decided through the reversal: L ∈ FL(C)
iff rev(L) ∈ PL(C), and PL(ST) = LTL[P], PL(DD) = LTL[P,Y], PL(MOD) = LTL[P,MOD],
PL(MOD⁺) = LTL[P,Y,MOD] are decided here with proofs.

An answer of ``FL(C)`` as ``classify --json`` prints it carries the answer of PL(C) for the
reversed language (``certificate.reversal`` for a "yes", ``witness.reversal`` for a "no").
The check:

* builds rev(L) here, by its own subset construction on the reversed edges of the DFA
  (:func:`reversal_dfa`: no code of the deciders, nor of ``automata/rational.py``, which the
  decider uses), then minimised;
* a "yes": the PL(C) formula of rev(L) passes the exact check against that DFA
  (:func:`.verify.verify_formula` / :func:`.verify_mod.verify_mod_formula`: the formula's
  DFA, built from the formula, is equivalent to it), or, printed without a formula, the
  theorem re-decided on rev(L) (the identity of R-trivial / locally R-trivial semigroups from
  scratch, :func:`.verify.verify_identity_check`; the counter components for PL(MOD));
* a "no": the words printed are the reversals of the PL(C) witness's words, the first in L and
  the second not (run on L's own DFA), and the PL(C) witness of rev(L) passes PL(C)'s own
  check on the rev(L) built here: for PL(ST), PL(DD) the characterising identity re-decided
  from scratch fails (an exact proof, whatever the depth of the pair); for PL(MOD), PL(MOD⁺)
  :func:`.verify_mod.check_answer` (the counter pair family, the tagged pair, the periodic
  family).
"""

from __future__ import annotations

from ...automata.dfa import DFA
from ...kernel.limits import DEFAULT_STATE_LIMIT
from ...automata.propositions import over_valuations
from ...automata.sources import as_dfa
from ...kernel.errors import LimitExceeded
from ...kernel.words import split_word
from ...ltl import parse
from ...ltl.fragments import Fragment
from .verify import Check, verify_formula, verify_identity_check, verify_identity_violation
from .verify_mod import check_answer
from .verify_tiers import violation_from_json

__all__ = ["reversal_dfa", "check_mirror_answer", "MIRROR_CERTIFICATE", "MIRRORED_PAIR", "PAST_IDENTITIES"]

#: certificate kind: the PL(C) answer of the reversed language, its formula checked exactly
MIRROR_CERTIFICATE = "reversal formula"
#: witness kind: the PL(C) witness of the reversed language, its words reversed
MIRRORED_PAIR = "mirrored pair"

#: the characterising identities of LTL[P] (R-trivial, on the monoid) and LTL[P,Y] (locally
#: R-trivial, on the semigroup) at the N+1 readout (docs §3.1, §3.3), re-decided on rev(L)
PAST_IDENTITIES = {
    "LTL[P]": ("[(x y)* x = (x y)*]", True),
    "LTL[P,Y]": ("[(x* y x* z x*)* x* y x* = (x* y x* z x*)*]", False),
}


def reversal_dfa(dfa, state_limit: int | None = None) -> DFA:
    """The minimal DFA of rev(L(dfa)): the subset construction on the reversed edges, from the
    set of accepting states (subsets as bit masks); a subset is accepting when it holds the
    initial state.  More than ``state_limit`` subsets (default :data:`DEFAULT_STATE_LIMIT`, the
    decider's own bound on its reversal): :class:`LimitExceeded`."""
    state_limit = DEFAULT_STATE_LIMIT if state_limit is None else state_limit
    dfa = as_dfa(dfa)
    rows = dfa.transitions.tolist()
    k = len(dfa.alphabet)
    pred = [[0] * k for _ in rows]                 # pred[r][a]: the states q with q·a = r, a bit mask
    for q, row in enumerate(rows):
        for a, r in enumerate(row):
            pred[r][a] |= 1 << q
    start = sum(1 << q for q in range(len(rows)) if dfa.accepting[q])
    index, order, table = {start: 0}, [start], []
    i = 0
    while i < len(order):
        S = order[i]
        members, rest = [], S
        while rest:
            low = rest & -rest
            members.append(low.bit_length() - 1)
            rest ^= low
        out = []
        for a in range(k):
            T = 0
            for q in members:
                T |= pred[q][a]
            if T not in index:
                if len(order) >= state_limit:
                    raise LimitExceeded("the reversal's subsets", state_limit, "the automaton is too large",
                                        ("state_limit",))
                index[T] = len(order)
                order.append(T)
            out.append(index[T])
        table.append(out)
        i += 1
    accepting = [j for j, S in enumerate(order) if S >> dfa.initial & 1]
    return DFA(tuple(dfa.alphabet), table, 0, accepting).minimal()


def _reversed(word: str, alphabet, sep: str) -> tuple:
    return tuple(reversed(split_word(word, alphabet)))


def _past_answer(rev, inner: dict, sep: str, base: Fragment, mod: bool) -> Check:
    """``inner``, an answer of ``base`` (a PL(C) fragment; ``mod``: with MOD atoms) for rev(L),
    checked against ``rev``."""
    if mod:
        return check_answer(rev, inner, sep, base)
    member = inner.get("member")
    ids, monoid = PAST_IDENTITIES[str(base)]
    if member is True and inner.get("formula"):
        return verify_formula(rev, base, over_valuations(parse(str(inner["formula"])), rev.alphabet))
    if member is False and isinstance(inner.get("instantiation"), dict):
        # the failing instantiation the "no" for rev(L) carries, checked on rev(L)'s runs
        got = verify_identity_violation(rev, ids, violation_from_json(inner["instantiation"], sep), monoid=monoid)
        return Check(got.valid, f"{base}'s identity {ids} fails on rev(L) by the instantiation the answer "
                                f"carries{'' if got.valid else ', which does not check'}: {got.reason}")
    if member in (True, False):       # no formula printed, or a "no": the identity re-decided on rev(L)
        holds = verify_identity_check(rev, ids, monoid=monoid)      # past its budget: nothing checked
        return Check(holds.valid is member, f"{'no formula printed; ' if member else ''}{base}'s identity {ids}, "
                                            f"re-decided from scratch on the syntactic "
                                            f"{'monoid' if monoid else 'semigroup'} of rev(L), "
                                            f"{'holds' if holds.valid else 'fails'}: {holds.reason}")
    return Check(False, "the answer for rev(L) states no verdict")


def check_mirror_answer(dfa, answer: dict, sep: str, name: str, past: str, fragment: Fragment, mod: bool) -> Check:
    """Re-check an answer of the class ``name`` = FL(C), decided as rev(L) ∈ ``past`` = PL(C),
    whose formulas use the operators of ``fragment`` (``mod``: and MOD atoms), as ``classify
    --json`` prints it (module docstring)."""
    member = answer.get("member")
    part = answer.get("certificate") if member is True else answer.get("witness") if member is False else None
    if member not in (True, False):
        return Check(False, "the answer is undecided: nothing to check")
    dfa = as_dfa(dfa).minimal()
    rev = reversal_dfa(dfa)                  # past the state limit: nothing checked
    if not isinstance(part, dict) or not isinstance(part.get("reversal"), dict):
        return Check(False, f"the answer carries no {past} answer for the reversed language")
    inner = part["reversal"]
    if inner.get("member") is not member:
        return Check(False, f"the {past} answer for rev(L) does not state the same verdict")
    if member is False:
        words = inner.get("witness") or {}
        if not isinstance(words, dict) or "accepted" not in words or "rejected" not in words:
            return Check(False, f"the {past} answer for rev(L) has no witness pair")
        if words.get("kind") == "tagged pair":         # over A × Z_m: no pair over A to reverse
            if part.get("accepted") is not None or part.get("rejected") is not None:
                return Check(False, "the words printed are not reversals of the tagged pair's (none are)")
            u = v = None
        else:
            u, v = (_reversed(words[s], dfa.alphabet, sep) for s in ("accepted", "rejected"))
            if set(u) - set(dfa.alphabet) or set(v) - set(dfa.alphabet):
                return Check(False, "the witness for rev(L) has letters outside the alphabet")
            if (sep.join(u), sep.join(v)) != (part.get("accepted"), part.get("rejected")):
                return Check(False, "the printed words are not the reversals of the witness's words for rev(L)")
            if not dfa.accepts(list(u)) or dfa.accepts(list(v)):
                return Check(False, "the reversed pair is not one word in L and one outside it")
    inner_check = _past_answer(rev, inner, sep, fragment, mod)
    if not inner_check.valid:
        return Check(False, f"the {past} answer for rev(L) fails its check: {inner_check.reason}")
    if member:
        return Check(True, f"rev(L) ∈ {past}, so L ∈ {name} (the mirror, docs §13): {inner_check.reason} "
                           f"(rev(L) built here by the subset construction on the reversed edges, "
                           f"{rev.n_states} states)")
    pair = ("" if u is None else f"{sep.join(u) or 'ε'} ∈ L, {sep.join(v) or 'ε'} ∉ L, the reversals of "
            f"{past}'s pair for rev(L); ")
    return Check(True, f"rev(L) ∉ {past}, so L ∉ {name}: {pair}its proof for rev(L) checks: {inner_check.reason}")
