"""Pol(DD) = dot-depth 1/2 = Σ1[<, +1, min, max]: the finite unions of u0A*u1A*…A*uk
(ui words, possibly empty), the first half-level of the Brzozowski–Cohen hierarchy.

Characterisation (Pin–Weil 1997, "Polynomial closure and unambiguous product"; the
+-variety version of their theorem): L has dot-depth 1/2 iff its syntactic ordered
**semigroup** satisfies x^ω y x^ω ≤ x^ω for all x, y — no content condition, x and y
non-empty words — in Pin's order (:mod:`.syntactic_order`): whenever p·u^ω·r ∈ L, also
p·u^ω·v·u^ω·r ∈ L.  Decided by the procedure of :mod:`.sigma2` with the content ignored, on
the semigroup: for every idempotent e of S and every y ∈ S, e·y·e ≤ e (|E|·|S| checks, a
vector over the states each).  Certificate and witness as for Σ2 (the witness: non-empty
x, y, n with x^n idempotent on the DFA, p·x^n·r ∈ L, p·x^n·y·x^n·r ∉ L, hence for every
multiple of n).  Pol(ST) ⊆ Pol(DD): x ≤ 1 gives y ≤ 1 and e·y·e ≤ e·e = e.
"""

from __future__ import annotations

from ..checks.verify_concatenation import check_dot_depth_half
from ..contract.classes import LanguageClass
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, OrderedProcedure
from .sigma2 import decide_ordered_idempotent

__all__ = ["decide_dot_depth_half", "CLASS"]


def decide_dot_depth_half(dfa, limits=None):
    """(holds, proof) for Pol(DD) (``dfa`` minimal; module docstring)."""
    return decide_ordered_idempotent(dfa, False, False, limits)


#: dot-depth 1/2 = Pol(DD), asked by name
CLASS = LanguageClass("Pol(DD)", OrderedProcedure("dot-depth 1/2", decide_dot_depth_half,
                                                  "Pin–Weil (x^ω y x^ω ≤ x^ω in the ordered semigroup)"),
                      IDENTITY_CHECK, IDENTITY_PAIR,
                      inclusions=(("Pol(ST)", "Pol(ST) ⊆ Pol(DD): A*a1A*…anA* is u0A*u1…A*uk with empty u0, uk"),),
                      default=False, groups=("hierarchy",), check=check_dot_depth_half, bulk="Pol(DD)",
                      summary="dot-depth 1/2: unions of u0A*u1A*…A*uk (x^ω y x^ω ≤ x^ω, semigroup)")
