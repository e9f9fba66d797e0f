"""Language-preserving simplification of formulas.

Two stages, both bottom-up and iterative:

1. :func:`fold` — local identities that hold at every position of every word:
   constants (``φ & true = φ``, ``P false = false``, ``true S ψ = P ψ``,
   ``false S ψ = Y ψ``, ``φ S false = false``, …), idempotence and complements
   (``φ & φ = φ``, ``φ & !φ = false``), double negation, and — because every position
   of a word carries exactly one letter and position N+1 none — ``a & b = false`` for
   distinct atoms a ≠ b.
2. :func:`simplify` — additionally minimises each *Boolean block* (a maximal subtree of
   connectives whose leaves are atoms, constants and temporal subformulas) as a two-level
   formula with sympy (Quine–McCluskey ``SOPform``/``POSform``), treating assignments in
   which two distinct letters hold at once as don't-cares.  A block is only replaced when
   the result is smaller, and only when it has at most ``max_vars`` leaves.

Every rule is an identity of the semantics, so the language never changes; tests check
``simplify(φ)`` against ``φ`` with the reference evaluator on all short words.
"""

from __future__ import annotations


import numpy as np

from .formula import (FALSE, TRUE, And, Atom, Const, Formula, Historically, Iff, Implies, Not,
                      Once, Or, Past, Since, Xor, Yesterday, and_, conj, disj, not_, or_)
from ..kernel.work import SYMPY_PAIR_STEPS
from .rewrite import transform
from .semantics import BOOLEAN_TYPES as _BOOLEAN, block_leaves, boolean_block

__all__ = ["fold", "simplify", "minimisation_steps"]





def _fold_node(node: Formula) -> Formula:
    cls = type(node)
    if cls is Not:
        return not_(node.arg)
    if cls in (And, Or):
        a, b = node.left, node.right
        folded = (and_ if cls is And else or_)(a, b)     # units, zeros, a ∘ a = a
        if folded is not node:
            return folded
        zero = FALSE if cls is And else TRUE
        if not_(a) is b:
            return zero
        if cls is And and isinstance(a, Atom) and isinstance(b, Atom):
            return FALSE  # distinct letters never hold at one position
        return node
    if cls is Implies:
        return _fold_node(Or(not_(node.left), node.right)) if isinstance(node.left, Const) or \
            isinstance(node.right, Const) or node.left is node.right else node
    if cls in (Iff, Xor):
        a, b = node.left, node.right
        same = cls is Iff
        if a is b:
            return TRUE if same else FALSE
        if not_(a) is b:
            return FALSE if same else TRUE
        for x, y in ((a, b), (b, a)):
            if isinstance(x, Const):
                return y if x.value == same else not_(y)
        return node
    if cls in (Past, Yesterday, Once):
        return FALSE if node.arg is FALSE else node
    if cls is Historically:
        return TRUE if node.arg is TRUE else (FALSE if node.arg is FALSE else node)
    if cls is Since:
        if node.right is FALSE:
            return FALSE
        if node.left is TRUE:
            return Past(node.right)
        if node.left is FALSE:
            return Yesterday(node.right, 1)
        return node
    return node


def fold(formula: Formula) -> Formula:
    """Apply the local identities of stage 1 everywhere, bottom-up."""
    return transform(formula, _fold_node)


def _block_truth(root: Formula, leaves: list[Formula]) -> np.ndarray:
    """The block's value on all 2^v assignments of its leaves (row r: leaf j = bit j of r)."""
    rows = np.arange(1 << len(leaves))
    column = {id(leaf): ((rows >> j) & 1).astype(bool) for j, leaf in enumerate(leaves)}

    def leaf(node: Formula) -> np.ndarray:
        return np.full(rows.size, node.value) if isinstance(node, Const) else column[id(node)]

    return boolean_block(root, leaf)


def _from_sympy(expr, leaves_by_symbol) -> Formula:
    import sympy

    stack, out = [(expr, False)], {}
    while stack:
        e, done = stack.pop()
        if not done:
            stack.append((e, True))
            stack.extend((a, False) for a in e.args)
            continue
        if e is sympy.true:
            out[e] = TRUE
        elif e is sympy.false:
            out[e] = FALSE
        elif isinstance(e, sympy.Symbol):
            out[e] = leaves_by_symbol[e]
        elif isinstance(e, sympy.Not):
            out[e] = not_(out[e.args[0]])
        elif isinstance(e, sympy.And):
            out[e] = conj(out[a] for a in e.args)
        elif isinstance(e, sympy.Or):
            out[e] = disj(out[a] for a in e.args)
        else:  # pragma: no cover - SOPform/POSform only produce the above
            raise TypeError(type(e).__name__)
    return out[expr]


def _single_term(root: Formula) -> bool:
    """Whether the block is one conjunction (or one disjunction) of literals over distinct
    leaves, at most one of them a letter.  Then it is its own minimal sum of products and
    product of sums (one prime implicant, every literal essential; with at most one letter
    there are no don't-cares), so minimisation would return it unchanged: the shortcut
    spares importing sympy (half a second) on the common small certificates."""
    op = type(root)
    if op not in (And, Or):
        return False
    stack, leaves = [root], []
    while stack:
        node = stack.pop()
        if type(node) is op:
            stack.extend(node.children)
            continue
        lit = node.arg if isinstance(node, Not) else node
        if isinstance(lit, (_BOOLEAN, Const)):
            return False
        leaves.append(lit)
    return (len(set(map(id, leaves))) == len(leaves)
            and sum(isinstance(x, Atom) for x in leaves) <= 1)


def minimisation_steps(minterms: int, maxterms: int, dontcares: int, variables: int) -> int:
    """The steps (:mod:`attnlogic.kernel.work`) charged for minimising a block over
    ``variables`` leaves both ways: each of the ≤ ``variables`` rounds of Quine–McCluskey
    compares pairs of the current terms, minterms and don't-cares for the sum of products,
    maxterms and don't-cares for the product of sums."""
    pairs = (minterms + dontcares) ** 2 + (maxterms + dontcares) ** 2
    return SYMPY_PAIR_STEPS * variables * pairs


def _minimise_block(root: Formula, max_vars: int, meter=None) -> Formula:
    if not isinstance(root, _BOOLEAN):
        return root
    leaves = [x for x in block_leaves(root) if not isinstance(x, Const)]
    if not leaves or len(leaves) > max_vars or _single_term(root):
        return root
    truth = _block_truth(root, leaves)
    letters = [j for j, x in enumerate(leaves) if isinstance(x, Atom)]
    rows = np.arange(1 << len(leaves))
    letter_bits = sum(((rows >> j) & 1) for j in letters) if letters else np.zeros_like(rows)
    dont = letter_bits > 1
    if meter is not None:
        n_dont = int(np.count_nonzero(dont))
        n_min = int(np.count_nonzero(truth & ~dont))
        cost = minimisation_steps(n_min, len(rows) - n_dont - n_min, n_dont, len(leaves))
        if not meter.affords(cost) or not getattr(meter, "polish", True):
            return root     # beyond the meter, or a meter that builds without polishing
        meter.spend(cost)
    import sympy
    from sympy.logic import POSform, SOPform

    symbols = [sympy.Symbol(f"x{j}") for j in range(len(leaves))]
    by_symbol = dict(zip(symbols, leaves))

    def bits(r):
        return [(r >> j) & 1 for j in range(len(leaves))]

    minterms = [bits(r) for r in rows[truth & ~dont]]
    dontcares = [bits(r) for r in rows[dont]]
    maxterms_ok = [bits(r) for r in rows[~truth & ~dont]]
    candidates = [root]
    if not minterms:
        candidates.append(FALSE)
    elif not maxterms_ok:
        candidates.append(TRUE)
    else:
        for make in (SOPform, POSform):
            expr = make(symbols, minterms, dontcares)
            candidates.append(fold(_from_sympy(expr, by_symbol)))
    return min(candidates, key=lambda f: (f.size, f is not root))   # hash-consed: `is` is equality


def simplify(formula: Formula, max_vars: int = 8, meter=None) -> Formula:
    """Fold, then minimise every Boolean block with at most ``max_vars`` leaves.  With a
    :class:`~attnlogic.kernel.work.WorkMeter`, a block is minimised only when its
    :func:`minimisation_steps` fit what is left, and they are counted (the rest stay folded:
    a 119,000-node S-type certificate had 234 blocks of up to 8 leaves, 5 s of sympy)."""
    formula = fold(formula)

    def rule(node: Formula) -> Formula:
        node = _fold_node(node)
        if node.is_temporal:
            kids = tuple(_minimise_block(c, max_vars, meter) for c in node.children)
            node = _fold_node(node.map_children(kids))
        return node

    formula = transform(formula, rule)
    return fold(_minimise_block(formula, max_vars, meter))
