"""UPol(MOD⁺): the unambiguous polynomial closure of MOD⁺ (finite disjoint unions of
unambiguous marked products L0·a1·L1 ⋯ an·Ln of languages of MOD⁺).  Decided, as MeSCaL
decides it, by every MOD⁺-orbit being trivial: e·K·e = {e} for every idempotent e of α(A⁺),
K the MOD-kernel of :mod:`.temporal_mod` (for e = 1 only when a non-empty word maps to 1) —
Place and Zeitoun's orbits of the well-suited extension MOD⁺, the same orbits whose
membership in DA decides TL(MOD⁺) (:mod:`.temporal_mod_plus`).  With K = M (the ST-kernel) the
condition is eSe = {e}, the locally trivial semigroups of the generalized definite languages:
UPol(DD) = GD, the class ``GD`` (alias ``UPol(DD)``).  docs/decision-procedures.md §13.7.

As an identity: e^ω u e^ω = e^ω for e over the non-empty words and u over K
(:data:`ORBIT_TRIVIAL`).  A "yes" is the check (:class:`~.identities.IdentityCheck`: the
orbits, their count of idempotents and kernel elements).  A "no" is e's non-empty word, u's
kernel word (ε or of length N), the ω exponent and a context separating e^ω u e^ω from e^ω
(an :class:`~.identities.IdentityViolation`); ``verify --class 'UPol(MOD⁺)'`` re-derives t and
p, checks u's length and e's non-emptiness, then the identity pair on the DFA's runs; a "yes"
is re-decided from scratch (:mod:`..checks.verify_mod_kernel`).
"""

from __future__ import annotations

import numpy as np

from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..checks.verify_mod_kernel import ORBIT_TRIVIAL, check_upol_mod_plus
from ..contract.classes import LanguageClass
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, IdentityCheck, OrderedProcedure, violation_from_words
from .temporal_mod import _idempotents, _mod_kernel, _then, dfa_mod_kernel, separating_context

__all__ = ["ORBIT_TRIVIAL", "decide_upol_mod_plus", "CLASS"]


def decide_upol_mod_plus(dfa, limits: Limits | None = None, kernel=None):
    """(holds, IdentityCheck or IdentityViolation) for UPol(MOD⁺): every e·K·e = {e}
    (``dfa`` minimal; module docstring; ``kernel``: its MOD-kernel when known)."""
    limits = Limits() if limits is None else limits
    K = _mod_kernel(dfa, limits) if kernel is None else kernel
    idempotents = _idempotents(dfa, limits.semigroup_elements)
    if len(idempotents) * len(K.maps) > limits.instantiations:
        raise LimitExceeded("instantiations of e^ω u e^ω = e^ω on the MOD⁺-orbits", limits.instantiations,
                            "raise the budget instantiations of Limits", ("instantiations",))
    for e, ew, ek in idempotents:
        orbit = _then(_then(e, K.maps), e)                     # e·k·e for k ∈ K
        bad = np.flatnonzero(~(orbit == e).all(axis=1))
        if len(bad):
            j = int(bad[0])
            en, u = list(ew) * ek, list(K.words[j])
            prefix, suffix = separating_context(dfa, orbit[j], e)
            return False, violation_from_words(dfa, ORBIT_TRIVIAL, {"e": list(ew), "u": u}, {"e^ω": ek},
                                               en + u + en, en, prefix, suffix, True)
    return True, IdentityCheck(ORBIT_TRIVIAL, "MOD⁺-orbits", len(K.maps), len(idempotents),
                               (("e", "idempotents"), ("u", "elements")), len(idempotents) * len(K.maps),
                               note=f"e over the idempotents of α(A⁺), u over the MOD-kernel {{1}} ∪ α(A^{K.length}) "
                                    f"(α(A^n) of tail {K.tail}, period {K.period}): every orbit e·K·e is {{e}}")


#: UPol(MOD⁺), MeSCaL's name (also typed UPol(MOD+))
CLASS = LanguageClass("UPol(MOD⁺)", OrderedProcedure("MOD⁺-orbits trivial", decide_upol_mod_plus,
                                                     "MOD⁺-orbits trivial (Place–Zeitoun; MeSCaL's test)",
                                                     shared=dfa_mod_kernel),
                      IDENTITY_CHECK, IDENTITY_PAIR,
                      inclusions=(("MOD⁺", "MOD⁺ ⊆ UPol(MOD⁺): a language is its own product of length 0"),
                                  ("GD", "UPol(DD) = GD ⊆ UPol(MOD⁺): DD ⊆ MOD⁺")),
                      default=False, check=check_upol_mod_plus, bulk="UPol(MOD⁺)",
                      summary="unambiguous polynomial closure of MOD⁺: every MOD⁺-orbit e·K·e trivial "
                              "(K the MOD-kernel; MeSCaL's test)")
