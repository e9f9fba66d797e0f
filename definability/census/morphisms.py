"""The census asks a class closed under quotients once per syntactic morphism.

A class declared a prevariety (``LanguageClass.closure``: closed under Boolean operations
and quotients) has the same verdict on two languages with isomorphic syntactic morphisms,
and a positive prevariety (∪, ∩, quotients) on two with isomorphic *ordered* syntactic
morphisms (the proofs: :mod:`..contract.classes`, :data:`~..contract.classes.PREVARIETY`).
The keys (:mod:`..algebra.morphism_keys`) are equal exactly when the morphisms are
isomorphic, so one answer per key is every language's answer: over two letters the 57,068
languages of at most 4 states have 1,910 syntactic morphisms and 4,543 ordered ones
(docs/census.md).

An undecided answer (a budget reached) is not kept: the next language with that key is
asked itself (a budget may read the DFA's size, which the key does not fix).  The cache
holds at most ``budget`` bytes of keys; past it new keys are asked and not kept.
"""

from __future__ import annotations

from ...kernel import limits as _limits
from ..algebra.morphism_keys import morphism_key, ordered_morphism_key
from ..contract.classes import POSITIVE_PREVARIETY, PREVARIETY

__all__ = ["MorphismAnswers", "DEFAULT_CACHE_BYTES"]

#: (CENSUS_MORPHISM_CACHE_BYTES of kernel/limits.py: the default of the budget this bounds)
DEFAULT_CACHE_BYTES = _limits.CENSUS_MORPHISM_CACHE_BYTES
#: (MORPHISM_ORDER_ENTRIES of kernel/limits.py)
ORDER_ENTRIES = _limits.MORPHISM_ORDER_ENTRIES
#: bytes counted per kept key and per kept answer besides the key's and the method's text
#: (the dict entries and the answer tuples)
_ENTRY_OVERHEAD = 200


class MorphismAnswers:
    """The answers of the census's classes with a declared closure, kept per (ordered)
    syntactic morphism within ``budget`` bytes; ``asked`` counts the questions (a language
    and the classes of one closure) put to the language itself, ``reused`` those answered
    from a kept key."""

    def __init__(self, budget: int = DEFAULT_CACHE_BYTES):
        self.budget = budget
        self.used = 0
        self.asked = 0
        self.reused = 0
        self._kept: dict = {}

    def answers(self, dfa, classes, limits, ask) -> dict:
        """{class: (member, method)} for the minimal ``dfa`` and ``classes`` (each with a
        closure declared), ``ask(dfa, classes)`` giving the answers of the classes not kept;
        ``limits.semigroup_elements`` bounds the semigroup a key is built from."""
        out: dict = {}
        for closure in (PREVARIETY, POSITIVE_PREVARIETY):
            group = tuple(c for c in classes if c.closure == closure)
            if not group:
                continue
            key = (morphism_key(dfa, limits.semigroup_elements) if closure == PREVARIETY else
                   ordered_morphism_key(dfa, limits.semigroup_elements, ORDER_ENTRIES))
            kept = self._kept.get((closure, key), {}) if key is not None else {}
            missing = tuple(c for c in group if c not in kept)
            if missing:
                self.asked += 1
                fresh = ask(dfa, missing)
                decided = {c: fresh[c] for c in missing if fresh[c][0] is not None}
                if key is not None and decided:
                    size = (len(key) + _ENTRY_OVERHEAD) if (closure, key) not in self._kept else 0
                    size += sum(_ENTRY_OVERHEAD + len(method) for _, method in decided.values())
                    if self.used + size <= self.budget:
                        self.used += size
                        self._kept.setdefault((closure, key), {}).update(decided)
                out.update({c: fresh[c] for c in missing})
            else:
                self.reused += 1
            out.update({c: kept[c] for c in group if c not in missing})
        return out
