"""Language-preserving rewriting into the core operators.

``core(φ)`` replaces, bottom-up and without recursion,

* ``O ψ``  by ``ψ | P ψ``          (non-strict once = now or strictly before)
* ``H ψ``  by ``ψ & !P !ψ``        (historically = now and never a ¬ψ strictly before)
* ``φ -> ψ`` by ``!φ | ψ``, ``φ <-> ψ`` by ``(φ & ψ) | (!φ & !ψ)``, ``φ xor ψ`` by
  ``(φ & !ψ) | (!φ & ψ)`` when ``booleans=True``

``Y[<=1]`` *is* ``Y`` already (one node type).  ``expand_windows`` additionally rewrites
``Y[<=k] ψ`` into the Y-chain disjunction ``Y ψ | Y Y ψ | … | Y^k ψ``.
All are identities of the semantics, checked by tests on all short words.
"""

from __future__ import annotations

from .formula import (FALSE, And, Atom, Const, Formula, Historically, Iff, Implies, Not, Once, Or, Past,
                      Xor, Yesterday, disj)

__all__ = ["core", "expand_windows", "transform", "readout_skeleton"]


def transform(formula: Formula, rule) -> Formula:
    """Rebuild ``formula`` bottom-up, applying ``rule(node_with_new_children)`` to each node."""
    new: dict[int, Formula] = {}
    for node in formula.subformulas():
        kids = tuple(new[id(c)] for c in node.children)
        rebuilt = node.map_children(kids) if kids else node
        new[id(node)] = rule(rebuilt)
    return new[id(formula)]


def core(formula: Formula, booleans: bool = False) -> Formula:
    """Rewrite O and H (and optionally ->, <->, xor) into !, &, |, P, Y[<=k], S."""

    def rule(node: Formula) -> Formula:
        if isinstance(node, Once):
            return Or(node.arg, Past(node.arg))
        if isinstance(node, Historically):
            return And(node.arg, Not(Past(Not(node.arg))))
        if booleans:
            if isinstance(node, Implies):
                return Or(Not(node.left), node.right)
            if isinstance(node, Iff):
                return Or(And(node.left, node.right), And(Not(node.left), Not(node.right)))
            if isinstance(node, Xor):
                return Or(And(node.left, Not(node.right)), And(Not(node.left), node.right))
        return node

    return transform(formula, rule)


def expand_windows(formula: Formula) -> Formula:
    """Rewrite every ``Y[<=k] ψ`` (k ≥ 2) as ``Y ψ | Y Y ψ | … | Y^k ψ``."""

    def rule(node: Formula) -> Formula:
        if isinstance(node, Yesterday) and node.k > 1:
            chain, items = node.arg, []
            for _ in range(node.k):
                chain = Yesterday(chain, 1)
                items.append(chain)
            return disj(items)
        return node

    return transform(formula, rule)

def readout_skeleton(f: Formula) -> Formula:
    """f with every atom not under a temporal operator replaced by ``false``.

    Read at a position n+1, it is f read at the end of the prefix w[:n] when the strict
    temporal subformulas (P, Y[<=k], S) keep their values: the readout at every position.
    (O and H look at the current position too: rewrite them with :func:`core` first.)
    """
    memo: dict[int, Formula] = {}
    order: list[Formula] = []
    stack, seen = [f], set()
    while stack:  # Boolean nodes reachable from the root without crossing a temporal node
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        order.append(node)
        if not node.is_temporal:
            stack.extend(node.children)
    for node in sorted(order, key=lambda n: n.height):
        if isinstance(node, Atom):
            memo[id(node)] = FALSE
        elif node.is_temporal or isinstance(node, Const):
            memo[id(node)] = node
        else:
            memo[id(node)] = node.map_children(tuple(memo[id(c)] for c in node.children))
    return memo[id(f)]
