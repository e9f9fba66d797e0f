"""Knast's identity re-decided in its category form: the independent check of a "yes" of
dot-depth one (DD1) and of the piecewise-local classes (PLT, TPLT), by code independent of
the decider (:mod:`..varieties.dot_depth`, numpy on the semigroup's tables, one idempotent
per regular D-class).

Knast's identity (Knast 1983) on the syntactic semigroup S, with e = x^ω and f = y^ω,

    (e a f b)^ω e a f d e (c f d e)^ω = (e a f b)^ω e (c f d e)^ω   (e, f ∈ E(S); a, b, c, d ∈ S),

has |E|²·|S|⁴ instantiations; enumerating them (:func:`.verify.enumerated_identity_check`)
stops at a semigroup of about a dozen elements.  Its category form (docs/decision-procedures.md
§8): put x = e·a·f, w = e·c·f ∈ eSf and y = f·b·e, z = f·d·e ∈ fSe.  For n ≥ 1,
(eafb)^n·e = (xy)^n and e·(cfde)^n = (wz)^n (e and f idempotent), so the two sides are
(xy)^ω·x·z·(wz)^ω and (xy)^ω·(wz)^ω; and as a ranges over S, x = e·a·f ranges over all of eSf
(each t ∈ eSf is e·t·f), likewise w, and y, z over fSe.  Hence the identity holds iff for
every pair (e, f) of idempotents, every *left pair* (α, β) = ((xy)^ω, (xy)^ω·x) and every
*right pair* (γ, δ) = (z·(wz)^ω, (wz)^ω) (x, w ∈ eSf, y, z ∈ fSe) satisfy β·γ = α·δ.  Both
sets of pairs come from the grid eSf × fSe, one ω-power per cell; only distinct pairs are
compared.  Here every pair of idempotents is tried (the decider's reduction to D-class
representatives is not used), on the semigroup re-enumerated as tuples
(:func:`.transformations.reenumerated_elements`), eSf as eS ∩ Sf (for idempotents, t ∈ eS ∩ Sf gives
e·t = t = t·f), in plain Python; past ``KNAST_CHECK_PRODUCTS`` products LimitExceeded (nothing
checked).
"""

from __future__ import annotations

from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ..algebra.identity_terms import parse_identities
from .outcome import Check
from .transformations import compose as _compose, omega_power, reenumerated_elements

__all__ = ["KNAST", "verify_knast"]

#: Knast's identity, e = x^ω and f = y^ω (the decider's spelling, parsed here again)
KNAST = parse_identities("[(x*ay*b)*x*ay*dx*(cy*dx*)* = (x*ay*b)*x*(cy*dx*)*]")


def verify_knast(dfa, max_elements: int = _limits.IDENTITY_CHECK_ELEMENTS,
                 max_products: int | None = None) -> Check:
    """Whether the syntactic semigroup of L(dfa) satisfies Knast's identity, re-decided in
    its category form (module docstring); LimitExceeded past ``max_elements`` elements or
    ``max_products`` products (default ``KNAST_CHECK_PRODUCTS``)."""
    dfa = as_dfa(dfa).minimal()
    max_products = _limits.KNAST_CHECK_PRODUCTS if max_products is None else max_products
    S = reenumerated_elements(dfa, False, max_elements)
    E = [s for s in S if _compose(s, s) == s]
    products = 2 * len(E) * len(S)

    def spend(n: int) -> None:
        nonlocal products
        products += n
        if products > max_products:
            raise LimitExceeded("products of Knast's identity in its category form (verify)", max_products)

    spend(0)
    right = {e: {_compose(e, s) for s in S} for e in E}               # eS
    left = {f: {_compose(s, f) for s in S} for f in E}                # Sf
    omegas: dict = {}

    def omega(t):
        if t not in omegas:
            omegas[t] = omega_power(t)
        return omegas[t]

    compared = 0
    for e in E:
        for f in E:
            X, Y = right[e] & left[f], right[f] & left[e]            # eSf, fSe
            spend(3 * len(X) * len(Y))
            lefts, rights = set(), set()
            for x in X:
                for y in Y:
                    p = omega(_compose(x, y))                        # (xy)^ω, one per cell
                    lefts.add((p, _compose(p, x)))                   # (α, β)
                    rights.add((_compose(y, p), p))                  # (γ, δ): the cell read as (w, z)
            spend(2 * len(lefts) * len(rights))
            compared += len(lefts) * len(rights)
            for alpha, beta in lefts:
                for gamma, delta in rights:
                    if _compose(beta, gamma) != _compose(alpha, delta):
                        return Check(False, f"{KNAST} fails: at a pair of idempotents e, f, (xy)^ω·x·z·(wz)^ω "
                                            f"≠ (xy)^ω·(wz)^ω for some x, w ∈ eSf, y, z ∈ fSe (its category form, "
                                            f"re-enumerated semigroup of {len(S)} elements)")
    count = len(E) ** 2 * len(S) ** 4
    return Check(True, f"{KNAST} holds: all {count:,} instantiations over the re-enumerated syntactic "
                       f"semigroup of {len(S)} elements, by its category form — {len(E)}² pairs of idempotents, "
                       f"{compared:,} left × right pairs compared")
