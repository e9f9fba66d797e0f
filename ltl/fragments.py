"""Syntactic facts about a formula: operators, fragment, temporal depth, size, atoms.

The *syntactic* fragment of φ is the smallest fragment of ``shared/spec/semantics.md``
whose operators φ uses, after the definitional rewriting of :func:`attnlogic.ltl.rewrite.core`
(``O φ = φ | P φ`` and ``H φ = φ & !P !φ`` are in LTL[P]; ``Z`` is ``!Y!``):

* no temporal operator, or only ``P``                      → ``LTL[P]``
* only ``Y[<=k]`` for one k                                → ``LTL[Y<=k]`` (``LTL[Y]`` for k = 1)
* ``Y[<=k]`` for several k: each is a disjunction of Y-chains → ``LTL[Y]``
* ``P`` and windows: as above with ``P,`` in front         → ``LTL[P,Y<=k]`` / ``LTL[P,Y]``
* ``S`` anywhere                                           → ``LTL[S]``

A formula without temporal operators is reported in ``LTL[P]`` (it is in every fragment;
LTL[P] is the first row of the table).  Whether a *language* is in a fragment is semantic
and decided by :mod:`attnlogic.definability.classify`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .formula import Formula, Historically, Once, Past, Since, Yesterday

__all__ = ["operators", "windows", "fragment", "facts", "Facts", "fragment_name", "parse_fragment_name",
           "FRAGMENT_ORDER"]

FRAGMENT_ORDER = ("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]")


def operators(formula: Formula) -> frozenset[str]:
    """Operator symbols used (``P``, ``Y``, ``Y[<=k]``, ``O``, ``H``, ``S``, ``!``, ``&``, …)."""
    ops = set()
    for node in formula.subformulas():
        if isinstance(node, Yesterday):
            ops.add("Y" if node.k == 1 else f"Y[<={node.k}]")
        elif node.symbol not in ("atom", "const"):
            ops.add(node.symbol)
    return frozenset(ops)


def windows(formula: Formula) -> frozenset[int]:
    """The window sizes k of the ``Y[<=k]`` operators used."""
    return frozenset(n.k for n in formula.subformulas() if isinstance(n, Yesterday))


def fragment_name(uses_past: bool, window: int | None) -> str:
    """``LTL[P]``, ``LTL[Y<=k]``, ``LTL[P,Y<=k]`` with k = 1 written ``Y``."""
    if window is None:
        return "LTL[P]"
    w = "Y" if window == 1 else f"Y<={window}"
    return f"LTL[P,{w}]" if uses_past else f"LTL[{w}]"


def parse_fragment_name(name: str) -> tuple[bool, int | None, bool]:
    """(P allowed, the window k of the Y[<=k] allowed or None, S allowed) for ``LTL[P]``,
    ``LTL[Y]``, ``LTL[Y<=k]``, ``LTL[P,Y]``, ``LTL[P,Y<=k]`` (the names of
    :func:`fragment_name`) and ``LTL[S]`` (P, Y and S).  ValueError for any other name."""
    if name == "LTL[S]":
        return True, 1, True
    if name == "LTL[P]":
        return True, None, False
    m = re.fullmatch(r"LTL\[(P,)?Y(?:<=(\d+))?\]", name) if isinstance(name, str) else None
    if not m:
        raise ValueError(f"unknown fragment {name!r}")
    return bool(m.group(1)), int(m.group(2) or 1), False


def fragment(formula: Formula) -> str:
    """The smallest syntactic fragment (see the module docstring)."""
    nodes = formula.subformulas()
    if any(isinstance(n, Since) for n in nodes):
        return "LTL[S]"
    uses_past = any(isinstance(n, (Past, Once, Historically)) for n in nodes)
    ks = {n.k for n in nodes if isinstance(n, Yesterday)}
    if not ks:
        return "LTL[P]"
    window = ks.pop() if len(ks) == 1 else 1
    return fragment_name(uses_past, window)


@dataclass(frozen=True)
class Facts:
    formula: str
    fragment: str
    depth: int
    size: int
    atoms: tuple[str, ...]
    operators: tuple[str, ...]

    def to_json(self) -> dict:
        return {"formula": self.formula, "fragment": self.fragment, "depth": self.depth,
                "size": self.size, "atoms": list(self.atoms), "operators": list(self.operators)}


def facts(formula: Formula) -> Facts:
    """Canonical text, fragment, temporal depth, size (tree nodes), atoms, operators."""
    return Facts(str(formula), fragment(formula), formula.depth, formula.size,
                 tuple(sorted(formula.atoms)), tuple(sorted(operators(formula))))
