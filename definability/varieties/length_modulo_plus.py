"""MOD⁺, MeSCaL's semigroup version of MOD (Place and Zeitoun's well-suited extension:
the Boolean combinations of the length classes modulo m and of {ε}): membership of a
non-empty word depends only on its length modulo m, ε in or out freely.  The theorem, its
proof (every letter acts as one map c of the minimal DFA, and c permutes its image c(Q)),
the certificate and the witnesses are :mod:`.length_modulo`'s; this module declares the
class.
"""

from __future__ import annotations

from .length_modulo import length_class

__all__ = ["CLASS"]

#: MOD⁺: the non-empty words by their length modulo m, and ε
CLASS = length_class("MOD⁺", True, (("MOD", "a union of length classes is one on the non-empty words too"),),
                     "length modulo m of the non-empty words, ε apart (every letter acts as one map, "
                     "a permutation of its image: a cyclic group semigroup)")
