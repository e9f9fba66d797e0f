"""FO²[<] = the variety DA = unambiguous polynomials = TL[F, P] (Thérien and Wilke 1998;
Schützenberger 1976 for the unambiguous polynomials; Tesson and Thérien 2002 survey the
many characterisations).

Decided by the identity of DA on the syntactic monoid (:mod:`.identities`):
(xy)^ω y (xy)^ω = (xy)^ω, checked over all |M|² instantiations.  (The semigroup version is
equivalent: y = 1 gives x^ω x^ω = x^ω, and x = 1 gives y^ω y y^ω = y^ω, which x = y ∈ S
already gives — so S ∈ DA iff S¹ ∈ DA.)  A "no" is the violating pair (x, y) with their
shortest words, the two sides as words and a context in which the language separates them,
re-checked on the DFA's runs (:func:`.verify.verify_identity_violation`).  A "yes" is the
check over all instantiations: no FO² formula (or unambiguous polynomial) is built — the
algebraic proof is the certificate.  Independent cross-check in the tests: M ∈ DA iff every
regular element is idempotent (every regular J-class is an aperiodic subsemigroup), from
Green's relations.
"""

from __future__ import annotations

from .identities import identity_class

__all__ = ["DA_IDENTITY", "CLASS"]

#: the identity of DA
DA_IDENTITY = "[(xy)*y(xy)* = (xy)*]"

#: FO²[<], the languages whose syntactic monoid is in DA (asked by name)
CLASS = identity_class(DA_IDENTITY, monoid=True, name="FO2[<]", default=False, family="DA",
                       inclusions=(("LTL[P]", "R-trivial ⊆ DA: (xy)^ω x = (xy)^ω implies "
                                              "(xy)^ω y (xy)^ω = (xy)^ω"),))
