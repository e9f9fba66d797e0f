"""Input validation shared by the rmt modules: every check raises :class:`InputError` with
one line that names the offending parameter."""

from __future__ import annotations

import math

from attnlogic.kernel.errors import InputError


def finite(name: str, value) -> float:
    """``value`` as a float, rejecting NaN/inf and non-numbers."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number, got {value!r}") from None
    if not math.isfinite(v):
        raise InputError(f"{name} must be finite, got {value!r}")
    return v


def nonnegative(name: str, value) -> float:
    v = finite(name, value)
    if v < 0:
        raise InputError(f"{name} must be >= 0, got {v:g}")
    return v


def positive(name: str, value) -> float:
    v = finite(name, value)
    if v <= 0:
        raise InputError(f"{name} must be > 0, got {v:g}")
    return v


def in_unit_interval(name: str, value) -> float:
    """A correlation coefficient: a number in [-1, 1]."""
    v = finite(name, value)
    if not -1.0 <= v <= 1.0:
        raise InputError(f"{name} must lie in [-1, 1], got {v:g}")
    return v


def positive_int(name: str, value, minimum: int = 1) -> int:
    if isinstance(value, bool):
        raise InputError(f"{name} must be an integer >= {minimum}, got {value!r}")
    try:
        iv = int(value)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be an integer >= {minimum}, got {value!r}") from None
    if iv != value and not (isinstance(value, str) and str(iv) == value.strip()):
        raise InputError(f"{name} must be an integer >= {minimum}, got {value!r}")
    if iv < minimum:
        raise InputError(f"{name} must be an integer >= {minimum}, got {iv}")
    return iv


#: longest sign sequence T of a model (``T``): its T×T correlation is diagonalised
#: (O(T³): about a second at 2048)
MAX_T = 2048


def sequence_length(name: str, value) -> int:
    """A sequence length T: an integer in 1..MAX_T."""
    T = positive_int(name, value)
    if T > MAX_T:
        raise InputError(f"{name} must be at most MAX_T = {MAX_T} (its {name}×{name} correlation is "
                         f"diagonalised), got {T}", parameters=(name,))
    return T
