"""FO²[<] = the variety DA = unambiguous polynomials = TL[F, P] (Thérien and Wilke 1998;
Schützenberger 1976 for the unambiguous polynomials; Tesson and Thérien 2002 survey the
many characterisations).

L is in FO²[<] iff its syntactic monoid M is in DA, defined by the identity
:data:`DA_IDENTITY` (xy)^ω y (xy)^ω = (xy)^ω, equivalently (Schützenberger; Pin,
"Varieties of formal languages", and Tesson–Thérien) iff **every regular element of M is
idempotent** (each regular D-class is an aperiodic subsemigroup of idempotents).
(The semigroup version is equivalent: S ∈ DA iff S¹ ∈ DA.)

Decided from Green's relations, computed once: D = J is read off the strongly connected
components of the right and left Cayley graphs together, a D-class is regular iff it
holds an idempotent, and the test is that no element of a regular D-class is a
non-idempotent — O(|M|·|A|) after the monoid is enumerated, where checking the identity
instantiation by instantiation costs |M|².

A "no" is an instantiation of the identity, found as follows: s regular and not
idempotent, s' an inverse of s (s s' s = s, s' s s' = s'; s' = t s t for any t with
s t s = s), x = s', y = s.  Then xy = s's = f is idempotent and sf = s, so the left side
(xy)^ω y (xy)^ω = f s f = f s, while the right side is f; and f s = f would give
s² = s s' s s = s·(f s) = s·f = s s' s = s, a contradiction: the identity fails.  The violation goes
through :func:`.identities.violation`: the elements as shortest words, the two sides as
words and a context in which the language separates them, re-checked on the DFA's runs
(:func:`.verify.verify_identity_violation`).  A "yes" is the check
(:class:`~.identities.IdentityCheck`, all |M|² instantiations covered by the theorem): no
FO² formula (or unambiguous polynomial) is built — the algebraic proof is the certificate.
Independent cross-checks in the tests: the identity engine (every instantiation) and
pysemigroup's Green's relations.
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import table_sccs
from ...kernel.limits import Limits
from ..contract.classes import LanguageClass
from .identities import (IDENTITY_CHECK, IDENTITY_PAIR, DeciderProcedure, IdentityCheck, parse_identities,
                         structure_of, violation)

__all__ = ["DA_IDENTITY", "decide_da", "regular_non_idempotent", "CLASS"]

#: the identity of DA
DA_IDENTITY = "[(xy)*y(xy)* = (xy)*]"
_IDS = parse_identities(DA_IDENTITY)


def regular_non_idempotent(st) -> int | None:
    """The first (shortlex) element of the structure ``st`` that is regular (its D-class
    holds an idempotent) and not idempotent; None when there is none (st ∈ DA)."""
    S = st.semigroup
    m = S.size
    if m == 0:
        return None
    idem = np.asarray(st.omega[:m]) == np.arange(m)
    comp = table_sccs(np.hstack([np.asarray(S.right), np.asarray(S.left)])).component
    regular = np.isin(comp, np.unique(comp[idem]))
    bad = np.flatnonzero(regular & ~idem)
    return int(bad[0]) if len(bad) else None


def decide_da(dfa, limits=None, structure=None):
    """(holds, certificate or witness) for DA on the syntactic monoid of L(dfa) (``dfa``
    minimal; module docstring)."""
    limits = Limits() if limits is None else limits
    st = structure if structure is not None else structure_of(dfa, True, limits)
    s = regular_non_idempotent(st)
    if s is None:
        return True, IdentityCheck(str(_IDS), st.kind, st.size, len(st.idempotents),
                                   (("x", "elements"), ("y", "elements")), st.size ** 2,
                                   note="by Green's relations: every regular element is idempotent")
    ids = np.arange(st.size, dtype=np.int64)
    sts = st.multiply(st.multiply(np.full(st.size, s), ids), np.full(st.size, s))
    t = int(np.flatnonzero(sts == s)[0])                  # s is regular: some t has s t s = s
    inverse = int(st.multiply(st.multiply(np.array([t]), np.array([s])), np.array([t]))[0])
    v = violation(st, _IDS, {"x": inverse, "y": s})
    if v is None:                                         # pragma: no cover - a bug
        raise AssertionError(f"DA: element {s} is regular and not idempotent, yet the identity holds")
    return False, v


#: FO²[<], the languages whose syntactic monoid is in DA (asked by name)
CLASS = LanguageClass("FO2[<]", DeciderProcedure(_IDS, True, "DA", decide_da, "DA (Green's relations)"),
                      IDENTITY_CHECK, IDENTITY_PAIR,
                      inclusions=(("LTL[P]", "R-trivial ⊆ DA: (xy)^ω x = (xy)^ω implies "
                                             "(xy)^ω y (xy)^ω = (xy)^ω"),
                                  ("PT", "J ⊆ DA: the piecewise testable languages are FO2[<]-definable "
                                         "(Simon; Thérien–Wilke)")),
                      default=False, groups=("subregular",), bulk="FO2[<]",
                      summary="two-variable first-order logic over <, the variety DA")
