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
  as for BPol(G) (:func:`.verify_bpol.check_pair_witness`, through :func:`.verify_bpol.check_pairs_answer`).
"""

from __future__ import annotations

from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from .verify import Check
from .verify_bpol import check_pairs_answer, idempotent_maps, pair_maps
from .verify_mod_kernel import omega, then

__all__ = ["POL", "PIN", "state_inclusions", "pol_inequality_holds", "pol_holds", "check_pol"]

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


#: the ``theorem`` of a "yes" of Pol(GR) given past the GR-pairs' budget: Pin's — s·t ∈ P
#: implies s·e·t ∈ P for every idempotent e (LITP 94/21, 1994) —, re-checked here as the
#: inequality on the pairs (1, e)
PIN = "Pin: inserting an idempotent"


def pol_holds(dfa, basis: str, certificate: dict | None = None, plus: bool = False) -> bool:
    """Pol(G) (Pol(G⁺) when ``plus``) re-decided: the inequality on the re-derived G-pairs
    (G⁺-pairs); a Pol(GR) certificate naming :data:`PIN` as its ``theorem``: the inequality
    on (1, e) for the idempotents e."""
    dfa = as_dfa(dfa).minimal()
    if basis == "GR" and not plus and (certificate or {}).get("theorem") == PIN:
        one = tuple(range(dfa.n_states))
        return pol_inequality_holds(dfa, {(one, e) for e in idempotent_maps(dfa)})
    return pol_inequality_holds(dfa, pair_maps(dfa, basis, plus, certificate))


def check_pol(dfa, answer, sep: str, basis: str, plus: bool = False) -> Check:
    """An answer of Pol(``basis``) (Pol(``basis``⁺) when ``plus``): module docstring."""
    dfa = as_dfa(dfa)
    name = f"{basis}⁺" if plus else basis
    return check_pairs_answer(dfa, answer, sep, f"Pol({name})", POL, basis, plus,
                              lambda cert: pol_holds(dfa, basis, cert, plus),
                              f"q^ω s q^ω ≤ q^{{ω+1}} on every {name}-pair (q, s), the pairs re-derived from "
                              "the DFA and every inequality re-decided: it holds")
