"""The one home of argument checks: integers and real numbers with their range.

``is_int(x)``: an integer that is not a bool (``True`` is an ``int`` in Python, but no count
is ``True``); numpy integers count.  :func:`integer` and :func:`number` check a value against
its range and raise :class:`~attnlogic.kernel.errors.InputError` naming the parameter (``parameters``
holds its name, so the command line can add the flag): every library function that takes a
count, a bound or a tolerance checks it through these two, not by hand.
"""

from __future__ import annotations

import math
import numbers

from .errors import InputError

__all__ = ["is_int", "integer", "number"]


def is_int(x) -> bool:
    """Whether ``x`` is an integer (Python or numpy) and not a bool."""
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _range(minimum, maximum) -> str:
    if maximum is None:
        return f"≥ {minimum}"
    if minimum is None:
        return f"≤ {maximum}"
    return f"in {minimum}..{maximum}"


def integer(name: str, value, minimum: int | None = 0, maximum: int | None = None,
            what: str = "an integer") -> int:
    """``value`` as an ``int`` when it is an integer (not a bool) with
    ``minimum ≤ value ≤ maximum`` (None: unbounded on that side); else InputError naming
    ``name``: ``"max_depth: an integer ≥ 0, got -5"``."""
    if (not is_int(value) or (minimum is not None and value < minimum)
            or (maximum is not None and value > maximum)):
        rng = "" if minimum is None and maximum is None else " " + _range(minimum, maximum)
        raise InputError(f"{name}: {what}{rng}, got {value!r}", parameters=(name,))
    return int(value)


def number(name: str, value, minimum: float | None = None, maximum: float | None = None,
           above: float | None = None, what: str = "a number") -> float:
    """``value`` as a ``float`` when it is a finite real number (not a bool, not NaN, not
    ±inf) with ``minimum ≤ value ≤ maximum`` and ``value > above`` (each None: no bound);
    else InputError naming ``name``."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if ok:
        v = float(value)
        ok = (math.isfinite(v) and (minimum is None or v >= minimum)
              and (maximum is None or v <= maximum) and (above is None or v > above))
    if not ok:
        parts = ([f"> {above}"] if above is not None else []) + (
            [_range(minimum, maximum)] if minimum is not None or maximum is not None else [])
        rng = (" " + " and ".join(parts)) if parts else ""
        raise InputError(f"{name}: a finite {what.removeprefix('a ')}{rng}, got {value!r}",
                         parameters=(name,))
    return v
