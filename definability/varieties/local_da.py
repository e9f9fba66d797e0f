"""TL(DD) = FO²[<,+1] = LDA: unary temporal logic with F, X, P and Y (two-way), equivalently
two-variable first-order logic with the order and the successor, defines exactly the
languages whose syntactic semigroup S is locally in DA — every local monoid eSe (e an
idempotent) is in DA (Thérien and Wilke 1998, "Over words, two variables are as powerful as
one quantifier alternation", STOC; Etessami, Vardi and Wilke 2002 for the temporal logic).

With e = x^ω and the elements e a e, e b e of eSe written out, DA's identity
(uv)^ω v (uv)^ω = (uv)^ω on eSe reads, on the semigroup,

    ((x^ω a x^ω)(x^ω b x^ω))^ω (x^ω b x^ω) ((x^ω a x^ω)(x^ω b x^ω))^ω = ((x^ω a x^ω)(x^ω b x^ω))^ω

(:data:`LDA_IDENTITY`, with the roles of a and b as MeSCaL's mapping writes them; swapping
the names of two variables changes nothing), x over the idempotents and a, b over all
elements: |E|·|S|² instantiations, every one checked by the identity engine
(:mod:`.identities`).  A "yes" is that check (:class:`~.identities.IdentityCheck`); a "no"
the violating instantiation as words and a context the language separates, re-checked on
the DFA's runs; ``verify --class 'TL(DD)'`` re-decides the identity from scratch
(:func:`..checks.verify.verify_identity_check`).
"""

from __future__ import annotations

from dataclasses import replace

from ..checks.verify import Check
from ..checks.verify_tiers import identity_answer
from .identities import identity_class

__all__ = ["LDA_IDENTITY", "CLASS", "check_answer"]

#: every local monoid eSe in DA (e = x^ω)
LDA_IDENTITY = "[((x*ax*)(x*bx*))*(x*ax*)((x*ax*)(x*bx*))*=((x*ax*)(x*bx*))*]"


def check_answer(dfa, answer: dict, sep: str = "") -> Check:
    """An answer of TL(DD) as ``classify --json`` prints it: a "no" by the failing
    instantiation of :data:`LDA_IDENTITY` it carries (checked on the DFA's runs), else its
    verdict must be the one of the identity re-decided from scratch on the syntactic
    semigroup (refused past the instantiations' budget) — every class given by identities
    alike (:func:`..checks.verify_tiers.identity_answer`)."""
    return identity_answer(dfa, answer, sep, LDA_IDENTITY, False, "TL(DD) = FO²[<,+1] = LDA (Thérien–Wilke)")


#: TL(DD) = FO²[<,+1], MeSCaL's name (also typed FO2[<,+1])
CLASS = identity_class(LDA_IDENTITY, monoid=False, name="TL(DD)", family="locally DA",
                       inclusions=(("FO2[<]", "DA ⊆ LDA: FO²[<] ⊆ FO²[<,+1]"),
                                   ("LTL[P,Y]", "locally R-trivial ⊆ locally DA (R ⊆ DA)"),
                                   ("FL(DD)", "locally L-trivial ⊆ locally DA (L ⊆ DA)"),
                                   ("LT", "locally testable: every eSe an idempotent commutative monoid, in DA")),
                       summary="FO2[<,+1] = two-way unary temporal logic with F, X, P, Y: every local monoid "
                               "eSe in DA (Thérien–Wilke)", bulk="TL(DD)")
CLASS = replace(CLASS, check=check_answer)
