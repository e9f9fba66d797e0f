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

from .formula import (FALSE, TRUE, And, Atom, Const, Formula, Historically, Iff, Implies, Not, Once, Or, Past,
                      Xor, Yesterday, disj)

__all__ = ["core", "expand_windows", "nest_windows", "narrow_windows", "widen_step", "transform",
           "readout_skeleton"]


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

def nest_windows(formula: Formula, k: int) -> Formula:
    """Rewrite every ``Y[<=j] ψ`` with j a multiple of k (j > k) as j/k nested windows of k:
    ``Y[<=k] (ψ | Y[<=k] (ψ | … Y[<=k] ψ))``.  The identity Y[<=a+b] ψ = Y[<=a] (ψ | Y[<=b] ψ)
    holds at every position: Y[<=a] reaches m ∈ [n−a, n), the inner Y[<=b] from there
    m' ∈ [m−b, m), together [max(1, n−a−b), n).  ψ is shared, so the DAG grows by 2 nodes
    per window of k."""

    def rule(node: Formula) -> Formula:
        if isinstance(node, Yesterday) and node.k > k and node.k % k == 0:
            out = Yesterday(node.arg, k)
            for _ in range(node.k // k - 1):
                out = Yesterday(Or(node.arg, out), k)
            return out
        return node

    return transform(formula, rule)


def widen_step(phi: Formula, k: int) -> Formula:
    """``Y[<=k+1] φ`` written with ``Y[<=k]`` only:
    ``Y[<=k] true & (Y[<=k] φ | !Y[<=k] !Y[<=k] φ)``.

    At n ≥ 2 the window [max(1, n−k), n) holds n−1.  If φ holds in [n−k, n), both sides
    hold.  If φ holds at n−k−1 and not after, every m of the window has n−k−1 ∈ [m−k, m)
    (m ≤ n−1 and m ≥ n−k), so ``!Y[<=k] !Y[<=k] φ`` holds.  If φ holds nowhere in
    [n−k−1, n), the left side fails and so does ``Y[<=k] φ`` at m = n−1, whose window is
    [n−1−k, n−1): the right side fails.  At n = 1 both sides are false."""
    y = Yesterday(phi, k)
    return And(Yesterday(TRUE, k), Or(y, Not(Yesterday(Not(y), k))))


def narrow_windows(formula: Formula, k: int) -> Formula:
    """Rewrite every ``Y[<=j] ψ`` with j > k into windows of k only: j/k nested windows
    (:func:`nest_windows`) when k divides j, else j − k applications of :func:`widen_step`
    (Y[<=j] from Y[<=j−1], …, from Y[<=k]).  The DAG grows linearly in j."""

    def widen(phi: Formula, j: int) -> Formula:
        if j % k == 0:
            return nest_windows(Yesterday(phi, j), k)
        inner = {}                                    # Y[<=i] χ for the χ needed, i from k up

        def win(chi: Formula, i: int) -> Formula:
            key = (chi, i)
            if key not in inner:
                inner[key] = Yesterday(chi, k) if i == k else _widen_with(chi, i - 1, win)
            return inner[key]

        return win(phi, j)

    def rule(node: Formula) -> Formula:
        if isinstance(node, Yesterday) and node.k > k:
            return widen(node.arg, node.k)
        return node

    return transform(formula, rule)


def _widen_with(phi: Formula, i: int, win) -> Formula:
    """widen_step with Y[<=i] given by ``win(χ, i)`` (itself rewritten)."""
    y = win(phi, i)
    return And(win(TRUE, i), Or(y, Not(win(Not(y), i))))


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
