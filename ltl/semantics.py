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

:data:`TEMPORAL` gathers each past operator's semantics in one row (:class:`PastRule`): its
memory (how many values, the value before position 1, the recurrence above, the readout)
for the automata that run it letter by letter, and the same recurrence solved for all
positions at once (``scan``: a few whole-array passes of ``&``, ``|``, ``~``, so that numpy
boolean arrays and bit-packed bytes alike are scanned) for the evaluators that read whole
words; ``O`` and ``H``, which also read the current position, carry their rewriting into
``P`` (``O φ = φ ∨ P φ``, ``H φ = φ ∧ ¬P¬φ``).  The scans are the recurrences' closed forms
(prefix ors, sliding-window ors by doubling, the Since recurrence as a parallel prefix of
the maps x ↦ ψ ∨ (φ ∧ x)); tests/ltl/test_semantics_table.py checks each against its
recurrence on every short sequence.

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

from dataclasses import dataclass

from .formula import (And, Formula, Historically, Iff, Implies, Not, Once, Or, Past, Since, Xor,
                      Yesterday)

__all__ = ["connectives", "BOOLEAN", "PY_BOOLEAN", "BOOLEAN_TYPES", "block_leaves",
           "boolean_block", "step_past", "step_once", "step_history", "step_since",
           "step_window", "PastRule", "TEMPORAL", "STRICT_PAST"]

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


# -- the temporal operators, one row each ------------------------------------------------------
# A scan reads its operands' values at positions 1 … n (axis 0 of arrays of any further
# shape, boolean or bit-packed uint8) and returns the operator's values at positions 1 … n+1
# for a strict-past operator (the value at n+1 reads only positions ≤ n), at 1 … n for O, H.

def _shift(v, d: int):
    """``v`` moved d ≥ 1 positions later along axis 0, false shifted in (same length)."""
    out = np.zeros_like(v)
    if d < len(v):
        out[d:] = v[:len(v) - d]
    return out


def _after(v):
    """Values at positions 1 … n+1 from values ``v`` that hold at the position after each of
    1 … n: false at position 1 (nothing before it)."""
    out = np.zeros((len(v) + 1,) + v.shape[1:], dtype=v.dtype)
    out[1:] = v
    return out


def _scan_past(node, v):
    """``P φ`` at i+1 = φ somewhere in 1 … i: a prefix or."""
    return _after(np.bitwise_or.accumulate(v, axis=0) if len(v) else v)


def _scan_window(node, v):
    """``Y[<=k] φ`` at i+1 = φ somewhere in i−k+1 … i: a sliding or of width k, built by
    doubling (windows of width 1, 2, 4, … combined along k's binary digits)."""
    k = node.k
    if k >= len(v):
        return _scan_past(node, v)
    result, covered = np.zeros_like(v), 0      # result[i]: or over (i−covered, i]
    block, width = v.copy(), 1                 # block[i]: or over (i−width, i]
    while k:
        if k & 1:
            result |= _shift(block, covered) if covered else block
            covered += width
        k >>= 1
        if k:
            block |= _shift(block, width)
            width *= 2
    return _after(result)


def _scan_since(node, left, right):
    """``φ S ψ`` at i+1 = f_i(… f_1(false)) with f_m(x) = ψ_m ∨ (φ_m ∧ x)
    (:func:`step_since`): maps of that form compose as (a', b') ∘ (a, b) = (a ∧ a', b' ∨ (a' ∧ b)),
    so a parallel prefix (Hillis–Steele: offsets 1, 2, 4, …) gives every position."""
    a, b = left.copy(), right.copy()
    offset = 1
    while offset < len(b):
        b[offset:] |= a[offset:] & b[:-offset]
        a[offset:] &= a[:-offset]
        offset *= 2
    return _after(b)


def _scan_once(node, v):
    """``O φ`` at i = φ somewhere in 1 … i."""
    return np.bitwise_or.accumulate(v, axis=0) if len(v) else v.copy()


def _scan_history(node, v):
    """``H φ`` at i = φ everywhere in 1 … i."""
    return np.bitwise_and.accumulate(v, axis=0) if len(v) else v.copy()


def _holds_bit(node, memory):
    return memory != 0


@dataclass(frozen=True)
class PastRule:
    """The semantics of one past operator.  Its memory, for the automata that read a word
    letter by letter: values 0 … ``states(node)`` − 1, ``initial(node)`` before position 1,
    ``step(node, memory, *args)`` the memory at the next position from the arguments' truth
    here, ``holds(node, memory)`` the operator's truth where that memory stands (for a
    strict-past operator, the position after the letters read; for O and H, the position
    of the last one).  ``scan(node, *args)``: the same recurrence over all positions at
    once (comment above).  ``strict``: the value at a position reads only earlier ones.
    ``rewrite``: for O and H, the same operator as a strict-past formula of its argument."""

    arity: int
    strict: bool
    states: "Callable[[Formula], int]"
    initial: "Callable[[Formula], int]"
    step: Callable
    holds: Callable
    scan: Callable
    rewrite: "Callable[[Formula], Formula] | None" = None


#: the temporal past operators by formula class: the one definition of their semantics
TEMPORAL: dict[type, PastRule] = {
    Past: PastRule(1, True, lambda node: 2, lambda node: 0,
                   lambda node, memory, arg: step_past(memory, arg), _holds_bit, _scan_past),
    Yesterday: PastRule(1, True, lambda node: node.k + 1, lambda node: node.k,
                        lambda node, memory, arg: step_window(memory, arg, node.k),
                        lambda node, memory: memory < node.k, _scan_window),
    Since: PastRule(2, True, lambda node: 2, lambda node: 0,
                    lambda node, memory, left, right: step_since(memory, left, right),
                    _holds_bit, _scan_since),
    Once: PastRule(1, False, lambda node: 2, lambda node: 0,
                   lambda node, memory, arg: step_once(memory, arg), _holds_bit, _scan_once,
                   lambda arg: Or(arg, Past(arg))),
    Historically: PastRule(1, False, lambda node: 2, lambda node: 1,
                           lambda node, memory, arg: step_history(memory, arg), _holds_bit,
                           _scan_history, lambda arg: And(arg, Not(Past(Not(arg))))),
}
#: the strict-past operators (Y, P, S): the value at a position reads only earlier ones
STRICT_PAST = tuple(cls for cls, rule in TEMPORAL.items() if rule.strict)
