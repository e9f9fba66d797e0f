"""TL(MOD⁺): the unary temporal logic with F, P and the MOD⁺ modalities (the infix's length
mod m, or the infix empty: X and Y), the two-way closure of PL(MOD⁺) = LTL[P,Y,MOD] and
FL(MOD⁺).  Decided by every MOD⁺-orbit in DA (Place and Zeitoun, "A generic characterization
of generalized unary temporal logic and two-variable first-order logic", CSL 2024: TL(G⁺)
for a group prevariety G).  The MOD⁺-orbit of an idempotent e of α(A⁺) is e·K·e, K the
MOD-kernel of :mod:`.temporal_mod` (for e = 1 only when a non-empty word maps to 1; otherwise
{1}, trivially in DA); with e = w^ω for a non-empty word w, that is the identity

    ((e^ω u e^ω)(e^ω v e^ω))^ω (e^ω v e^ω) ((e^ω u e^ω)(e^ω v e^ω))^ω = ((e^ω u e^ω)(e^ω v e^ω))^ω

for e over the non-empty words and u, v over K — TL(DD) = LDA's identity
(:mod:`.local_da`) with u, v restricted to the kernel.  The decider, the certificate and the
witness are :mod:`.temporal_mod`'s (docs/decision-procedures.md §13.5); this module declares
the class.
"""

from __future__ import annotations

from ..checks.verify_mod_kernel import check_tl_mod_plus
from .temporal_mod import temporal_class

__all__ = ["CLASS"]

#: TL(MOD⁺), MeSCaL's name (also typed TL(MOD+))
CLASS = temporal_class(
    "TL(MOD⁺)", True,
    (("TL(MOD)", "MOD ⊆ MOD⁺, so TL(MOD) ⊆ TL(MOD⁺)"),
     ("MOD⁺", "C ⊆ TL(C): at the left end, F_L(the right end) holds iff the word is in L (Place–Zeitoun's end positions)"),
     ("TL(DD)", "DD ⊆ MOD⁺, so TL(DD) ⊆ TL(MOD⁺)"),
     ("LTL[P,Y,MOD]", "PL(MOD⁺) ⊆ TL(MOD⁺): P, Y with the MOD modalities are a part of TL(MOD⁺)"),
     ("FL(MOD⁺)", "FL(MOD⁺) ⊆ TL(MOD⁺): F, X with the MOD modalities are a part of TL(MOD⁺)")),
    "unary temporal logic with F, P, X, Y and the MOD modalities: every MOD⁺-orbit e·K·e in DA "
    "(Place–Zeitoun)", check_tl_mod_plus)
