"""Answers of Pol(G) for G = MOD, AMT, GR re-checked with no decider code
(docs/decision-procedures.md §14.9).  ``check_pol(dfa, answer, sep, basis)`` reads an answer
as ``classify --json`` prints it.

The class: L ∈ Pol(G) iff its syntactic ordered monoid (Pin's order: u ≤ v iff x·v·y ∈ L ⇒
x·u·y ∈ L) satisfies q^ω s q^ω ≤ q^{ω+1} (:data:`POL`) for every G-pair (q, s).

* **"yes"**: the pairs re-derived as in :mod:`.verify_bpol` (:func:`.verify_bpol.pair_maps`:
  MOD by lengths, AMT by the residues modulo the certificate's D — a superset, which only
  makes the check harder —, GR by the saturation of the Cayley graph with inverse letters),
  and the inequality re-decided on every one in plain Python over the maps of the minimal
  DFA's states: x ≤ y iff L_{i·y} ⊆ L_{i·x} for every state i, the inclusions L_p ⊆ L_q of
  the states found here as the complement of the least set of pairs holding F × (Q∖F) and
  closed under predecessors (:func:`pol_inequality_holds`).
* **"no"**: the identity pair on the DFA's runs (:func:`.verify.verify_identity_violation`:
  p·q^{ω+1}·r ∈ L and p·q^ω s q^ω·r ∉ L), then the evidence that (q, s) is a G-pair exactly
  as for BPol(G) (:func:`.verify_bpol.pair_problem`).
"""

from __future__ import annotations

from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from .verify import Check, verify_identity_violation
from .verify_bpol import pair_maps, pair_problem
from .verify_mod_kernel import omega, then
from .verify_tiers import violation_from_json

__all__ = ["POL", "state_inclusions", "pol_inequality_holds", "pol_holds", "check_pol"]

#: the inequality, (q, s) over the G-pairs, in Pin's order
POL = "[q*sq* ≤ q*q]"


def state_inclusions(dfa) -> set:
    """The pairs (p, q) of states of ``dfa`` with L_p ⊄ L_q: F × (Q∖F) and every (p', q')
    with (p'·a, q'·a) in the set, to a fixpoint (a plain sweep, repeated until nothing is
    added)."""
    n, k = dfa.n_states, len(dfa.alphabet)
    t = [[int(dfa.transitions[q][a]) for a in range(k)] for q in range(n)]
    acc = [bool(dfa.accepting[q]) for q in range(n)]
    bad = {(p, q) for p in range(n) for q in range(n) if acc[p] and not acc[q]}
    grew = True
    while grew:
        grew = False
        for p in range(n):
            for q in range(n):
                if (p, q) not in bad and any((t[p][a], t[q][a]) in bad for a in range(k)):
                    bad.add((p, q))
                    grew = True
    return bad


def pol_inequality_holds(dfa, pairs, max_checks: int = _limits.IDENTITY_CHECK_INSTANTIATIONS * 10) -> bool:
    """q^ω s q^ω ≤ q^{ω+1} for every (q, s) of ``pairs`` (maps of the minimal ``dfa``): for
    every state i, L_{i·q^{ω+1}} ⊆ L_{i·q^ω s q^ω}.  LimitExceeded past ``max_checks`` pairs."""
    if len(pairs) > max_checks:
        raise LimitExceeded("pairs of Pol's inequality (verify)", max_checks)
    bad = state_inclusions(dfa)
    for q, s in pairs:
        e = omega(q)
        x, y = then(then(e, s), e), then(e, q)
        if any((y[i], x[i]) in bad for i in range(dfa.n_states)):
            return False
    return True


def pol_holds(dfa, basis: str, certificate: dict | None = None) -> bool:
    """Pol(G) re-decided: the inequality on the re-derived G-pairs."""
    dfa = as_dfa(dfa).minimal()
    return pol_inequality_holds(dfa, pair_maps(dfa, basis, False, certificate))


def check_pol(dfa, answer, sep: str, basis: str) -> Check:
    """An answer of Pol(``basis``): module docstring."""
    dfa = as_dfa(dfa)
    name = f"Pol({basis})"
    member = answer.get("member")
    if member not in (True, False):
        return Check(False, "the answer is undecided: nothing to check")
    if member:
        cert = answer.get("certificate")
        try:
            holds = pol_holds(dfa, basis, cert if isinstance(cert, dict) else None)
        except ValueError as e:
            return Check(False, f"{name}: {e}")
        if not holds:
            return Check(False, f"{name} fails: re-decided from scratch on the re-derived pairs, the answer \"yes\" "
                                "is wrong")
        return Check(True, f"{name}: q^ω s q^ω ≤ q^{{ω+1}} on every {basis}-pair (q, s), the pairs re-derived "
                           "from the DFA and every inequality re-decided: it holds")
    wit = answer.get("witness")
    if not isinstance(wit, dict):
        return Check(False, "a \"no\" must carry a witness")
    v = violation_from_json(wit, sep)
    check = verify_identity_violation(dfa, POL, v, monoid=True)
    if not check.valid:
        return check
    words = {var: tuple(w) for var, _, w in v.assignment}
    try:
        qw, sw = (tuple(dfa.alphabet.index(a) for a in words.get(x, ())) for x in ("q", "s"))
    except ValueError:
        return Check(False, "the words of q and s use letters outside the alphabet")
    problem, shown = pair_problem(dfa, basis, False, qw, sw, wit.get("pair"), sep)
    return Check(False, problem) if problem else Check(True, check.reason + "; " + shown)
