"""AMT, the alphabet modulo testable languages (MeSCaL's name): membership depends only on
the number of occurrences of each letter modulo some n, i.e. the syntactic monoid is a
commutative group, the variety Ab of the identities xy = yx and x^ω = 1 (Eilenberg).  A "yes"
is the identity check on the syntactic monoid, a "no" an instantiation of the identity that
fails realised as words and a context (:mod:`.identities`), both re-checked by verify.
"""

from __future__ import annotations

from .identities import identity_class

__all__ = ["CLASS"]

#: the languages of a commutative group: letter counts modulo n
CLASS = identity_class("[xy=yx; x*=1]", monoid=True, name="AMT", family="commutative group",
                       inclusions=(("MOD", "a cyclic group is a commutative group (the length counts the letters)"),),
                       groups=("groups",), bulk="AMT",
                       summary="alphabet modulo testable: the letters' counts modulo n (a commutative "
                               "group: xy = yx, x^ω = 1)")
