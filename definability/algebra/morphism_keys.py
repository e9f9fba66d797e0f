"""Canonical keys of syntactic morphisms: two minimal DFAs over one alphabet get equal keys
exactly when their languages have isomorphic syntactic morphisms (and, for the ordered key,
isomorphic ordered syntactic morphisms).

Let α : A* → M be the syntactic morphism of L, read on the minimal DFA as its transition
monoid, and S = α(A⁺) its transition semigroup (:mod:`.semigroup`).  Number the elements of S
in shortlex order of their shortest words — a numbering defined by which words are equal
under α, nothing else — and write the right Cayley table R[i, a] = i·a, the elements
g[a] = α(a) of the letters and z, the number of the identity transformation when some
non-empty word acts as it (M = S) and −1 otherwise (M = S ∪ {1}).  Then

    morphism key = (|A|, R, g, z).

*Equal keys ⇔ isomorphic morphisms.*  (⇐) An isomorphism φ with φ∘α = α' maps the words of
each element to those of its image, so the shortlex numberings agree, R and g agree, and φ
maps the identity to the identity.  (⇒) Every element is i = g[a₁]·a₂⋯a_m for its word;
R and g decide, for any two words, whether α equates them (follow both from g through R),
and z decides whether ε is equated with a non-empty word; so the kernels of α and α' are
equal and M ≅ M' by u·ker ↦ u·ker.

The ordered key adds the syntactic order (:mod:`.syntactic_order`: s ≤ t iff x·t·y ∈ L ⇒
x·s·y ∈ L) on the list [1, S…] (the identity transformation first, then S in its numbering):
equal ordered keys ⇔ an isomorphism of the morphisms that preserves and reflects the order.

Both keys are bytes (hashable, compared exactly: no digest, so no collision is possible).
Beyond ``limit`` elements (or, for the order, ``order_entries`` entries of its table) they
are None: the caller asks the language itself.
"""

from __future__ import annotations

import numpy as np

from ...kernel.errors import LimitExceeded
from .semigroup import transition_semigroup
from .syntactic_order import state_inclusion

__all__ = ["morphism_key", "ordered_morphism_key"]


def _identity_index(sg) -> int:
    """The number of the identity transformation in the semigroup, or −1."""
    n = sg.degree
    hit = np.flatnonzero((np.asarray(sg.elements) == np.arange(n)).all(axis=1))
    return int(hit[0]) if len(hit) else -1


def _semigroup(dfa, limit: int):
    """The transition semigroup of ``dfa``, or None past ``limit`` elements."""
    try:
        return transition_semigroup(dfa, limit=limit)
    except LimitExceeded:
        return None


def _key(dfa, sg) -> bytes:
    """(|A|, R, g, z) of the semigroup ``sg`` of ``dfa``, as bytes (module docstring)."""
    head = np.array([len(dfa.alphabet), sg.size, _identity_index(sg)], dtype=np.int64)
    return b"".join((head.tobytes(), np.asarray(sg.generators, dtype=np.int64).tobytes(),
                     np.asarray(sg.right, dtype=np.int64).tobytes()))


def morphism_key(dfa, limit: int) -> bytes | None:
    """The key (|A|, R, g, z) of the syntactic morphism of the minimal ``dfa`` (module
    docstring), or None when its semigroup has more than ``limit`` elements."""
    sg = _semigroup(dfa, limit)
    return None if sg is None else _key(dfa, sg)


def ordered_morphism_key(dfa, limit: int, order_entries: int) -> bytes | None:
    """The morphism key of the minimal ``dfa`` followed by its syntactic order on [1, S…]
    (packed bits, row s, column t: s ≤ t); None when the semigroup has more than ``limit``
    elements or the order's table (elements² × states) more than ``order_entries`` entries."""
    sg = _semigroup(dfa, limit)
    if sg is None:
        return None
    n = sg.degree
    if (sg.size + 1) ** 2 * n > order_entries:
        return None
    maps = np.concatenate([np.arange(n)[None, :], np.asarray(sg.elements, dtype=np.int64)])
    inc = state_inclusion(dfa)
    # s ≤ t iff L_{q·t} ⊆ L_{q·s} for every state q
    order = inc[maps[None, :, :], maps[:, None, :]].all(axis=-1)
    return _key(dfa, sg) + np.packbits(order).tobytes()
