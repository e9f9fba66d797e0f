"""PLT: the piecewise locally testable languages, as the Language Toolkit and MLRegTest define
them — the Boolean combinations of piecewise-local factors (Rogers and Lambert, "Extracting
Subregular constraints from Regular stringsets", Journal of Language Modelling 7(2), 2019;
van der Poel et al., MLRegTest, JMLR 25, 2024).  A factor ⟨u₁, u₂, …, uₙ⟩ (pleb's
``<u1, u2, …>``: blocks of adjacent symbols, in order, gaps allowed between blocks; a block
may be a set of symbols) is satisfied by the words with the blocks as factors in this order;
``%|`` anchors the first block at the start of the word and ``|%`` the last at its end
(automata/pleb.py reads them so, checked against plebby's own automata).

**Theorem.** PLT is exactly dot-depth one, B₁: the Boolean combinations of u₀A*u₁A*…A*uₙ
(n ≥ 0, the uᵢ words, u₀ and uₙ possibly empty).  Proof: a factor whose blocks are words is
A*u₁A*…A*uₙA*, with the A* before u₁ dropped when it is anchored at the start and the one
after uₙ dropped when anchored at the end — a generator of B₁; a block that is a set of
symbols is the union of the factors with each of its symbols, a Boolean combination of those.
Conversely u₀A*u₁…A*uₙ is the factor ⟨u₀, …, uₙ⟩ anchored at both ends, with the anchor at
the start dropped (and u₀ omitted) when u₀ = ε and at the end when uₙ = ε; {ε} = the
complement of the union of the factors ⟨a⟩, a ∈ A.  Both classes are the Boolean closures of
the same languages.  ∎  So PLT is decided by Knast's identity (:mod:`.dot_depth`, Knast 1983),
with the same certificate (the identity checked on the syntactic semigroup) and witness (the
violating instantiation as words in a context), re-checked as DD1's are; PLT has no order of
its own here (``parameters="none"``).
"""

from __future__ import annotations

from dataclasses import replace

from ...automata.sources import as_dfa
from ..checks.verify import Check, verify_identity_check, verify_identity_violation
from ..checks.verify_subregular import check_answer
from ..checks.verify_tiers import violation_from_json
from .dot_depth import _IDS, KNAST_IDENTITY, decide_dot_depth_one
from .dot_depth import CLASS as DD1
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, DeciderProcedure

__all__ = ["knast_certificate", "knast_witness", "check", "CLASS"]


def knast_certificate(dfa, cert: dict, sep: str = "") -> Check:
    """An identity check of Knast's identity (its JSON), re-decided from scratch on L(dfa)'s
    syntactic semigroup by :func:`.verify.verify_identity_check` (its category form,
    :mod:`..checks.verify_knast`; beyond its budget its LimitExceeded, nothing checked)."""
    if cert.get("kind") != IDENTITY_CHECK:
        return Check(False, f"a certificate of kind {cert.get('kind')!r} is not an identity check")
    return verify_identity_check(dfa, KNAST_IDENTITY, monoid=False)


def knast_witness(dfa, wit: dict, sep: str = "") -> Check:
    """An identity pair of Knast's identity (its JSON) re-checked on the DFA's runs by
    :func:`.verify.verify_identity_violation`."""
    if wit.get("kind") != IDENTITY_PAIR:
        return Check(False, f"a witness of kind {wit.get('kind')!r} proves nothing about dot-depth one")
    return verify_identity_violation(dfa, KNAST_IDENTITY, violation_from_json(wit, sep), monoid=False)


def check(dfa, answer: dict, sep: str = "") -> Check:
    """Re-check an answer of PLT as ``classify --json`` prints it, with no decider code."""
    dfa = as_dfa(dfa)
    return check_answer(answer, lambda cert: knast_certificate(dfa, cert, sep),
                        lambda wit: knast_witness(dfa, wit, sep), "PLT")

#: PLT = dot-depth one (the theorem above): DD1's declaration under its own name, with its
#: own inclusions, answer check and summary (decided by Knast's identity, as DD1)
CLASS = replace(
    DD1, name="PLT", check=check,
    procedure=DeciderProcedure(_IDS, False, "piecewise locally testable", decide_dot_depth_one,
                               "PLT = dot-depth one, Knast's identity"),
    inclusions=(("DD1", "PLT = dot-depth one: the Boolean closures of the same languages u0A*u1…A*un "
                        "(varieties/piecewise_local.py)"),
                ("LT", "an LT language is a Boolean combination of anchored and unanchored factors ⟨u⟩"),
                ("PT", "a PT language is a Boolean combination of factors ⟨a1, …, an⟩")),
    summary="piecewise locally testable (MLRegTest): Boolean combinations of factors ⟨u1,…,un⟩, = dot-depth one")
