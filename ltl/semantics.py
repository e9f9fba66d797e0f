"""The semantics of the operators, as one table every evaluator of formulas uses.

The Boolean connectives (by formula class, :func:`connectives`) over any truth values whose
``&``, ``|`` and ``^`` are conjunction, disjunction and exclusive or: numpy boolean arrays
(the reference evaluator, formula → DFA), bit-packed uint8 arrays (the enumeration of small
formulas), Python bools (the exact check's evaluation automaton, the compiler's plan, the
star-free construction's subformula automata).  The temporal operators' one-step
recurrences (readout at the position after, docs/logic.md), written with the same
operators so that they too serve arrays and bools:

* ``P φ`` at n+1  = ``P φ`` at n ∨ φ at n                 (:func:`step_past`)
* ``O φ`` at n    = ``O φ`` at n−1 ∨ φ at n               (:func:`step_once`)
* ``H φ`` at n    = ``H φ`` at n−1 ∧ φ at n               (:func:`step_history`)
* ``φ S ψ`` at n+1 = ψ at n ∨ (φ at n ∧ ``φ S ψ`` at n)   (:func:`step_since`)
* ``Y[<=k] φ``: the positions since φ last held, capped at k (:func:`step_window`); it
  holds while that count is below k.

The users: :mod:`attnlogic.ltl.evaluate`, :mod:`attnlogic.automata.from_formula`,
:mod:`attnlogic.definability.certify.synthesis` (the exact check), :mod:`attnlogic.compiler.plan`,
:mod:`attnlogic.definability.certify.starfree`, :mod:`attnlogic.definability.certify.smallest` and
:mod:`attnlogic.ltl.simplify` (tests/ltl/test_semantics_table.py checks that each reads
this table).
"""

from __future__ import annotations

import operator
from typing import Callable

import numpy as np

from .formula import And, Formula, Iff, Implies, Not, Or, Xor

__all__ = ["connectives", "BOOLEAN", "PY_BOOLEAN", "BOOLEAN_TYPES", "block_leaves",
           "boolean_block", "step_past", "step_once", "step_history", "step_since",
           "step_window"]

BOOLEAN_TYPES = (Not, And, Or, Implies, Iff, Xor)


def connectives(complement: Callable = operator.invert) -> dict[type, Callable]:
    """The Boolean connectives, by formula class, over truth values whose ``&``, ``|`` and
    ``^`` are conjunction, disjunction and exclusive or and whose negation is
    ``complement``: ``~`` (the default) for numpy boolean arrays and for bit-packed uint8
    arrays, :func:`operator.not_` for Python bools.  φ → ψ = ¬φ ∨ ψ, φ ↔ ψ = ¬(φ ⊕ ψ)."""
    return {Not: complement, And: operator.and_, Or: operator.or_,
            Implies: lambda x, y: complement(x) | y, Iff: lambda x, y: complement(x ^ y),
            Xor: operator.xor}


#: the connectives on numpy arrays (boolean or bit-packed)
BOOLEAN = connectives()
#: the connectives on Python bools
PY_BOOLEAN = connectives(operator.not_)


def block_leaves(root: Formula) -> list[Formula]:
    """The leaves of the Boolean block at ``root``: the distinct nodes that are not Boolean
    connectives (atoms, constants, MOD leaves, temporal nodes) reached from ``root``
    through connectives only, left to right."""
    leaves, seen, stack = [], set(), [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, BOOLEAN_TYPES):
            stack.extend(reversed(node.children))
        else:
            leaves.append(node)
    return leaves


def boolean_block(root: Formula, leaf: Callable[[Formula], object], ops: dict = BOOLEAN):
    """The value of ``root``'s Boolean block: ``leaf(node)`` for each of its
    :func:`block_leaves`, the connectives ``ops`` above them applied bottom-up (each
    shared node once, no recursion)."""
    vals: dict[int, object] = {}
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        if id(node) in vals:
            continue
        if not isinstance(node, BOOLEAN_TYPES):
            vals[id(node)] = leaf(node)
        elif done:
            vals[id(node)] = ops[type(node)](*(vals[id(c)] for c in node.children))
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in node.children if id(c) not in vals)
    return vals[id(root)]



def step_past(memory, arg):
    """``P φ`` at the next position from ``P φ`` (``memory``) and φ (``arg``) here."""
    return memory | arg


def step_once(memory, arg):
    """``O φ`` here from ``O φ`` at the previous position (``memory``) and φ here."""
    return memory | arg


def step_history(memory, arg):
    """``H φ`` here from ``H φ`` at the previous position (``memory``) and φ here."""
    return memory & arg


def step_since(memory, left, right):
    """``φ S ψ`` at the next position from ``φ S ψ`` (``memory``), φ (``left``) and ψ
    (``right``) here."""
    return right | (left & memory)


def step_window(count, arg, k: int):
    """The positions since φ last held, capped at k, at the next position (0 when φ holds
    here); ``Y[<=k] φ`` holds there iff the count is below k.  Python ints and bools, or
    numpy integer and boolean arrays (elementwise)."""
    if isinstance(count, np.ndarray):
        return np.where(arg, 0, np.minimum(count + 1, k))
    return 0 if arg else min(count + 1, k)
