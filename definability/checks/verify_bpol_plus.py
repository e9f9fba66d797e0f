"""Answers of BPol(G⁺) for G = MOD, AMT, GR re-checked with no decider code
(docs/decision-procedures.md §14.12).  ``check_bpol_plus(dfa, answer, sep, basis)`` reads an
answer as ``classify --json`` prints it.

The class: L ∈ BPol(G⁺) iff its syntactic morphism α : A* → M satisfies (:data:`BPOL_PLUS`)

    (eqfre)^ω s f t (esfte)^ω = (eqfre)^ω q f t (esfte)^ω

for every G⁺-pair (q, s), all r, t ∈ M and all idempotents e, f of the semigroup α(A⁺)
(Place–Zeitoun; :mod:`..varieties.bpol_plus`).

* **"yes"**: the G⁺-pairs re-derived by :func:`.verify_bpol.pair_maps` (``plus``: from the
  non-empty words, and the diagonal; for AMT at the modulus D the certificate names, a
  superset of the pairs, which only makes the check harder), the idempotents of α(A⁺) as the
  idempotent maps of the non-empty words (a breadth-first search from the letters' maps), and
  the equation re-decided on every instantiation in plain Python (:func:`bpol_plus_holds`):
  for each (e, f) every pair (q, s) is read through its image (e·q·f, e·s·f), r and t through
  f·r·e and f·t·e (the sides read nothing else: (eqfre)^ω ends and (esfte)^ω begins with e), r
  over the distinct (e·q·f·u·e)^ω — no property of the pairs is assumed (the decider uses their
  closure under (q, s) ↦ (eqf, esf)).
* **"no"**: the identity pair on the DFA's runs (:func:`.verify.verify_identity_violation`),
  then e's and f's words are non-empty with idempotent maps (elements of E(α(A⁺)): without
  this the instantiation would refute a stronger equation), then the evidence that (q, s) is
  a G⁺-pair on the Cayley DFAs of α⁻¹(q) ∩ A⁺ and α⁻¹(s) ∩ A⁺
  (:func:`.verify_bpol.pair_problem`).
"""

from __future__ import annotations

from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from .verify import Check
from .verify_bpol import check_pairs_answer, pair_maps, pair_problem
from .verify_mod_kernel import letter_maps, maps_monoid, nonempty_maps, omega, then
from .verify_tiers import identity_witness

__all__ = ["BPOL_PLUS", "bpol_plus_equation_holds", "bpol_plus_holds", "check_bpol_plus"]

#: the equation: (q, s) over the G⁺-pairs, r and t over the monoid, e and f over E(α(A⁺))
BPOL_PLUS = "[(eqfre)*sft(esfte)*=(eqfre)*qft(esfte)*]"


def bpol_plus_equation_holds(dfa, pairs, max_checks: int = _limits.IDENTITY_CHECK_INSTANTIATIONS * 10) -> bool:
    """The equation of the module docstring for every (q, s) of ``pairs`` (maps), all r, t of
    the transition monoid of the minimal ``dfa`` and all idempotent maps e, f of its non-empty
    words, in plain Python; LimitExceeded past ``max_checks`` comparisons."""
    monoid = maps_monoid(dfa)
    idempotents = sorted(x for x in nonempty_maps(dfa) if then(x, x) == x)
    off = sorted((q, s) for q, s in pairs if q != s)
    budget = max_checks
    for e in idempotents:
        for f in idempotents:
            # the sides read q, s only as e·q·f, e·s·f and r, t only as f·r·e, f·t·e: every pair is
            # checked through its image (no property of the pairs assumed)
            images = sorted({(then(then(e, q), f), then(then(e, s), f)) for q, s in off})
            us = {then(then(f, t), e) for t in monoid}
            xs: dict = {}                                  # e·q·f → the distinct (e·q·f·u·e)^ω
            for q, s in images:
                if q == s:
                    continue
                if q not in xs:
                    xs[q] = {omega(then(then(q, u), e)) for u in us}
                for u in us:
                    y = omega(then(then(s, u), e))
                    left, right = then(then(s, u), y), then(then(q, u), y)
                    if left == right:
                        continue
                    budget -= len(xs[q])
                    if budget < 0:
                        raise LimitExceeded("instantiations of BPol(G⁺)'s equation (verify)", max_checks)
                    if any(then(x, left) != then(x, right) for x in xs[q]):
                        return False
    return True


def bpol_plus_holds(dfa, basis: str, certificate: dict | None = None) -> bool:
    """BPol(``basis``⁺) re-decided: the equation on the re-derived G⁺-pairs (module docstring)."""
    dfa = as_dfa(dfa).minimal()
    return bpol_plus_equation_holds(dfa, pair_maps(dfa, basis, True, certificate))


def _idempotent_problem(dfa, words: dict) -> str | None:
    """Why e's or f's word is not an element of E(α(A⁺)), or None."""
    letters = letter_maps(dfa)
    for v in ("e", "f"):
        w = words.get(v, ())
        if not w:
            return f"{v} ranges over the idempotents of α(A⁺): its word must be non-empty"
        x = tuple(range(dfa.n_states))
        for a in w:
            x = then(x, letters[dfa.alphabet.index(a)])
        if then(x, x) != x:
            return f"{v}'s word {''.join(map(str, w))} is not idempotent (its map differs from its square's)"
    return None


def check_bpol_plus(dfa, answer, sep: str, basis: str) -> Check:
    """An answer of BPol(``basis``⁺) (module docstring)."""
    dfa = as_dfa(dfa)
    name = f"BPol({basis}⁺)"
    if answer.get("member") is False:
        check, words = identity_witness(dfa, answer, sep, BPOL_PLUS)
        if words is None:
            return check
        minimal = dfa.minimal()
        problem = _idempotent_problem(minimal, words)
        if problem:
            return Check(False, f"{name}: {problem}")
        try:
            qw, sw = (tuple(dfa.alphabet.index(a) for a in words.get(x, ())) for x in ("q", "s"))
        except ValueError:
            return Check(False, "the words of q and s use letters outside the alphabet")
        problem, shown = pair_problem(minimal, basis, True, qw, sw, answer["witness"].get("pair"), sep)
        return Check(False, problem) if problem else Check(True, f"{check.reason}; e and f are idempotents of "
                                                                  f"α(A⁺); {shown}")
    return check_pairs_answer(dfa, answer, sep, name, BPOL_PLUS, basis, True,
                              lambda cert: bpol_plus_holds(dfa, basis, cert),
                              f"(eqfre)^ω sft (esfte)^ω = (eqfre)^ω qft (esfte)^ω on every {basis}⁺-pair (q, s), "
                              "all r, t and all idempotents e, f of α(A⁺), the pairs and idempotents re-derived "
                              "from the DFA and every instantiation re-decided: it holds")
