"""A seeded random formula generator (in the spirit of Spot's ``randltl``).

``random_formula(rng, atoms, size, operators)`` draws a formula with exactly ``size`` tree
nodes: a leaf when size is 1; otherwise a unary operator over a formula of size − 1, or a
binary one over sizes (s, size − 1 − s) with s uniform, the operator drawn with the given
weights among those whose arity fits.  Built iteratively.  ``operators`` maps operator
names to weights; names are ``atom``, ``true``, ``false``, ``!``, ``&``, ``|``, ``->``,
``<->``, ``xor``, ``P``, ``Y``, ``Y[<=k]`` (k drawn from ``windows``), ``O``, ``H``, ``S``,
and the future operators of LTLf ``X``, ``WX``, ``F``, ``G``, ``U``, ``R``.
:data:`FRAGMENT_OPERATORS` has presets whose formulas lie in each fragment, and ``LTLf``.
"""

from __future__ import annotations

import numpy as np

from .formula import (FALSE, TRUE, Always, And, Atom, Eventually, Formula, Historically, Iff, Implies,
                      Next, Not, Once, Or, Past, Release, Since, Until, WeakNext, Xor, Yesterday)
from .fragments import Fragment

__all__ = ["random_formula", "FRAGMENT_OPERATORS", "operators_for_fragment"]

_LEAVES = ("atom", "true", "false")
_UNARY = ("!", "P", "Y", "Y[<=k]", "O", "H", "X", "WX", "F", "G")
_BINARY = ("&", "|", "->", "<->", "xor", "S", "U", "R")
#: the formula of each unary operator but Y[<=k] (which draws its window), from its operand
_BUILD_UNARY = {"!": Not, "P": Past, "Y": lambda f: Yesterday(f, 1), "O": Once, "H": Historically,
                "X": Next, "WX": WeakNext, "F": Eventually, "G": Always}
#: the formula of each binary operator, from its operands
_BUILD_BINARY = {"&": And, "|": Or, "->": Implies, "<->": Iff, "xor": Xor, "S": Since, "U": Until,
                 "R": Release}

_BOOL = {"atom": 6.0, "true": 0.5, "false": 0.5, "!": 2.0, "&": 2.0, "|": 2.0, "->": 0.5,
         "<->": 0.3, "xor": 0.3}

FRAGMENT_OPERATORS: dict[str, dict[str, float]] = {
    "LTL[P]": {**_BOOL, "P": 3.0},
    "LTL[Y]": {**_BOOL, "Y": 3.0},
    "LTL[P,Y]": {**_BOOL, "P": 2.0, "Y": 2.0},
    "LTL[S]": {**_BOOL, "P": 1.0, "Y": 1.0, "S": 2.0, "O": 0.5, "H": 0.5},
    "all": {**_BOOL, "P": 1.0, "Y": 1.0, "Y[<=k]": 1.0, "O": 0.5, "H": 0.5, "S": 1.0},
    "LTLf": {**_BOOL, "X": 1.0, "WX": 1.0, "F": 1.0, "G": 1.0, "U": 1.0, "R": 0.5},
}


def operators_for_fragment(fragment: str) -> tuple[dict[str, float], tuple[int, ...]]:
    """Operator weights and windows whose random formulas lie in ``fragment``.

    Accepts ``LTL[P]``, ``LTL[Y]``, ``LTL[Y<=k]``, ``LTL[P,Y]``, ``LTL[P,Y<=k]``, ``LTL[S]``.
    """
    if str(fragment) in FRAGMENT_OPERATORS:
        return FRAGMENT_OPERATORS[str(fragment)], (1,)

    f = Fragment.parse(fragment)                   # the presets cover LTL[P] and LTL[S]
    past, k = f.past, f.window
    ops = {**_BOOL, "Y[<=k]": 3.0}
    if past:
        ops["P"] = 2.0
    return ops, (k,)


def _choose(rng: np.random.Generator, names: list[str], weights: dict[str, float]) -> str:
    w = np.array([weights[n] for n in names], dtype=float)
    return names[int(rng.choice(len(names), p=w / w.sum()))]


def random_formula(rng: np.random.Generator | int, atoms, size: int | tuple[int, int],
                   operators: dict[str, float] | str | None = None,
                   windows: tuple[int, ...] = (1, 2, 3)) -> Formula:
    """A random formula with exactly ``size`` nodes (see the module docstring).

    ``size`` is a number of nodes or a range ``(lo, hi)`` (inclusive) to draw it from;
    ``operators`` is a weight dict or a fragment name (``"LTL[P,Y<=2]"``, …).
    """
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    if isinstance(size, tuple):
        lo, hi = size
        if not 1 <= lo <= hi:
            raise ValueError("a size range (lo, hi) needs 1 <= lo <= hi")
        size = int(rng.integers(lo, hi + 1))
    atoms = list(atoms)
    if not atoms:
        raise ValueError("random_formula needs at least one atom")
    if size < 1:
        raise ValueError("size must be >= 1")
    if operators is None:
        operators = FRAGMENT_OPERATORS["all"]
    elif isinstance(operators, str):
        operators, windows = operators_for_fragment(operators)
    leaves = [n for n in _LEAVES if operators.get(n, 0) > 0] or ["atom"]
    unary = [n for n in _UNARY if operators.get(n, 0) > 0]
    binary = [n for n in _BINARY if operators.get(n, 0) > 0]
    weights = {**operators, "atom": operators.get("atom", 1.0)}
    # plan top-down with an explicit stack, build bottom-up
    plan: list[tuple[str, int]] = []
    stack = [size]
    while stack:
        s = stack.pop()
        if s == 1 or (not unary and not binary) or (s == 2 and not unary):
            plan.append((_choose(rng, leaves, weights), 0))
            continue
        options = unary + (binary if s >= 3 else [])
        op = _choose(rng, options, weights)
        if op in unary:
            plan.append((op, 1))
            stack.append(s - 1)
        else:
            left = int(rng.integers(1, s - 1))
            plan.append((op, 2))
            stack.append(s - 1 - left)
            stack.append(left)
    built: list[Formula] = []
    for op, arity in reversed(plan):
        if arity == 0:
            if op == "atom":
                built.append(Atom(atoms[int(rng.integers(len(atoms)))]))
            else:
                built.append(TRUE if op == "true" else FALSE)
        elif arity == 1:
            arg = built.pop()
            if op == "Y[<=k]":
                built.append(Yesterday(arg, int(windows[int(rng.integers(len(windows)))])))
            else:
                built.append(_BUILD_UNARY[op](arg))
        else:
            left = built.pop()
            right = built.pop()
            built.append(_BUILD_BINARY[op](left, right))
    assert len(built) == 1
    return built[0]
