"""The memory an object holds, estimated: what a per-classification memo account counts.

:func:`footprint` walks a value through tuples, lists, sets, dicts and objects' fields
(``__dict__``, ``__slots__``) and counts each object once (by identity; a numpy
view counts its base array once): a numpy array its ``nbytes``, any other object its
``sys.getsizeof``.  A container of more than :data:`SAMPLED` items counts the first
:data:`SAMPLED` exactly and the rest at their mean (the memos here are long tuples of alike
small items: words, element indices); the walk goes :data:`DEPTH` levels deep, past which an
object counts its ``sys.getsizeof`` alone.  An estimate of the bytes a value keeps alive, not an
exact count: shared interned objects (small ints, letters) are counted where met.
"""

from __future__ import annotations

import sys
import numpy as np

__all__ = ["footprint", "SAMPLED", "DEPTH"]

#: items of a container counted one by one before the rest are counted at their mean
SAMPLED = 64
#: levels of nesting walked
DEPTH = 8


def footprint(value, seen: set | None = None) -> int:
    """Estimated bytes held by ``value`` (module docstring); ``seen`` (ids already counted) lets
    several values share one count."""
    return _walk(value, set() if seen is None else seen, 0)


def _walk(x, seen: set, depth: int) -> int:
    if isinstance(x, np.ndarray):
        base = x
        while isinstance(base.base, np.ndarray):
            base = base.base
        if id(base) in seen:
            return 0
        seen.add(id(base))
        return int(base.nbytes)
    if id(x) in seen:
        return 0
    seen.add(id(x))
    size = sys.getsizeof(x)
    if depth >= DEPTH or isinstance(x, (int, float, complex, str, bytes, bool, type(None))):
        return size
    if isinstance(x, dict):
        items = list(x.keys())[:SAMPLED] + list(x.values())[:SAMPLED]
        return size + _sampled(items, 2 * len(x), seen, depth)
    if isinstance(x, (tuple, list, set, frozenset)):
        items = x[:SAMPLED] if isinstance(x, (tuple, list)) else [v for v, _ in zip(x, range(SAMPLED))]
        return size + _sampled(items, len(x), seen, depth)
    out = size
    if isinstance(x, type):
        return out
    if hasattr(x, "__dict__"):
        out += _walk(vars(x), seen, depth + 1)
    for name in getattr(type(x), "__slots__", ()):
        if hasattr(x, name):
            out += _walk(getattr(x, name), seen, depth + 1)
    return out


def _sampled(items, total: int, seen: set, depth: int) -> int:
    """The items counted, the ``total - len(items)`` others at their mean."""
    if not items:
        return 0
    counted = sum(_walk(v, seen, depth + 1) for v in items)
    return counted + (counted * (total - len(items))) // len(items)
