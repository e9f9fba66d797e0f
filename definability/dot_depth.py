"""Dot-depth one (the Boolean combinations of languages u₀A*u₁A*…A*u_k, the level B₁ of
the Brzozowski–Cohen hierarchy), decided by Knast's identity (Knast 1983, "A semigroup
characterization of dot-depth one languages", RAIRO ITA 17).

L has dot-depth ≤ 1 iff its syntactic **semigroup** satisfies, for all idempotents e, f and
all elements a, b, c, d,

    (e a f b)^ω e a f d e (c f d e)^ω = (e a f b)^ω e (c f d e)^ω,

written with e = x^ω, f = y^ω (:mod:`.identities` lets x and y range over the idempotents,
since they occur only under ω): |E|²·|S|⁴ instantiations, refused beyond
``Limits.instantiations``.  A "no" is the violating instantiation with shortest words, the
two sides as words and a context in which the language separates them, re-checked on the
DFA's runs; a "yes" is the check over all instantiations (no Boolean combination of
u₀A*u₁…A*u_k is built: the algebraic proof is the certificate).  Cross-checked in the tests
against a literal loop over idempotents e, f (the form above) written in the test.
"""

from __future__ import annotations

from .identities import identity_class

__all__ = ["KNAST_IDENTITY", "CLASS"]

#: Knast's identity, with e = x^ω and f = y^ω
KNAST_IDENTITY = "[(x*ay*b)*x*ay*dx*(cy*dx*)* = (x*ay*b)*x*(cy*dx*)*]"

#: dot-depth one, the languages whose syntactic semigroup satisfies Knast's identity
CLASS = identity_class(KNAST_IDENTITY, monoid=False, name="DD1", default=False, family="dot-depth one",
                       inclusions=(("LTL[Y]", "definite ⊆ dot-depth one: a definite language is "
                                              "a Boolean combination of A*u and finite sets"),))
