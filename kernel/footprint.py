"""The memory an object holds, estimated: what a per-classification memo account counts.

:func:`footprint` walks a value through tuples, lists, sets, dicts and objects' fields
(``__dict__``, ``__slots__``) and counts each object once (by identity; a numpy
view counts its base array once): a numpy array its ``nbytes``, any other object its
``sys.getsizeof``.  A container of more than :data:`SAMPLED` items counts the first
:data:`SAMPLED` exactly and the rest at their mean (the memos here are long tuples of alike
small items: words, element indices); the walk goes :data:`DEPTH` levels deep, past which an
object counts its ``sys.getsizeof`` alone.  An estimate of the bytes a value keeps alive, not an
exact count: shared interned objects (small ints, letters) are counted where met.

:func:`footprint_parts` keeps the arrays of at least :data:`SHARED_ARRAY_BYTES` apart, by
identity, so that the sum over several values, each walked alone, counts an array they share
(a monoid's table held by several memos) once.
"""

from __future__ import annotations

import sys
from itertools import islice

import numpy as np

__all__ = ["footprint", "footprint_parts", "SAMPLED", "DEPTH", "SHARED_ARRAY_BYTES"]

#: items of a container counted one by one before the rest are counted at their mean
SAMPLED = 64
#: levels of nesting walked
DEPTH = 8
#: arrays at least this large are reported apart by :func:`footprint_parts`
SHARED_ARRAY_BYTES = 1 << 20


def footprint(value, seen: set | None = None) -> int:
    """Estimated bytes held by ``value`` (module docstring); ``seen`` (ids already counted) lets
    several values share one count."""
    return _walk(value, set() if seen is None else seen, 0, None)


def footprint_parts(value, seen: set | None = None) -> tuple[int, dict]:
    """(bytes, arrays): :func:`footprint` of ``value`` without its arrays of at least
    :data:`SHARED_ARRAY_BYTES`, and those arrays as {id of the base array: its bytes}."""
    big: dict = {}
    return _walk(value, set() if seen is None else seen, 0, big), big


def _walk(x, seen: set, depth: int, big: dict | None) -> int:
    if isinstance(x, np.ndarray):
        base = x
        while isinstance(base.base, np.ndarray):
            base = base.base
        if id(base) in seen:
            return 0
        seen.add(id(base))
        if big is not None and base.nbytes >= SHARED_ARRAY_BYTES:
            big[id(base)] = int(base.nbytes)
            return 0
        return int(base.nbytes)
    if id(x) in seen:
        return 0
    seen.add(id(x))
    size = sys.getsizeof(x)
    if depth >= DEPTH or isinstance(x, (int, float, complex, str, bytes, bool, type(None))):
        return size
    if isinstance(x, dict):           # the first items only: a memo's dict may have millions
        items = [*islice(x.keys(), SAMPLED), *islice(x.values(), SAMPLED)]
        return size + _sampled(items, 2 * len(x), seen, depth, big)
    if isinstance(x, (tuple, list, set, frozenset)):
        return size + _sampled(list(islice(x, SAMPLED)), len(x), seen, depth, big)
    out = size
    if isinstance(x, type):
        return out
    if hasattr(x, "__dict__"):
        out += _walk(vars(x), seen, depth + 1, big)
    for name in getattr(type(x), "__slots__", ()):
        if hasattr(x, name):
            out += _walk(getattr(x, name), seen, depth + 1, big)
    return out


def _sampled(items, total: int, seen: set, depth: int, big: dict | None) -> int:
    """The items counted, the ``total - len(items)`` others at their mean (arrays kept apart in
    ``big`` are not scaled: they are counted once each where they are met)."""
    if not items:
        return 0
    counted = sum(_walk(v, seen, depth + 1, big) for v in items)
    return counted + (counted * (total - len(items))) // len(items)
