"""Future-time LTLf mirrored into the past: a formula whose language is the reversal.

An LTLf formula φ (atoms, Booleans and the future operators X, WX, F, G, U, R) is read at
position 1 of a word w = w1 … wN; its operators range over the letter positions 1 … N, and
on the empty word every future operator takes its value on the empty trace (docs/logic.md,
"Future-time LTLf").  Reading w backwards turns the future into the past: position n of w
is position N+1−n of the reversal w^R, so

    w, n ⊨ φ   iff   w^R, N+1−n ⊨ μ(φ)          (1 ≤ n ≤ N)

for the past formula μ(φ) built operator by operator:

    μ(a) = a,  μ(X φ) = Y μφ,  μ(WX φ) = !Y !μφ,  μ(F φ) = O μφ,  μ(G φ) = H μφ,
    μ(φ U ψ) = μψ | (μφ & (μφ S μψ))              (the reflexive since),
    μ(φ R ψ) = !μ(!φ U !ψ),  and the Booleans unchanged.

At n = 1 the right-hand side is read at the last letter of w^R; our logic reads at the
position after it, so the formula of the reversed language is ``Y μ(φ)`` when the empty
word is rejected and ``!Y !μ(φ)`` when it is accepted (:func:`reversal_formula`):
L(reversal_formula(φ)) = {w^R : w ∈ L(φ)}.  The proof, case by case, is in docs/logic.md.
"""

from __future__ import annotations

from attnlogic.kernel.errors import InputError

from .formula import (FUTURE, Always, And, Atom, Const, Eventually, Formula, Historically, Iff, Implies,
                      Mod, Next, Not, Once, Or, Release, Since, Until, WeakNext, Xor, Yesterday)

__all__ = ["mirror", "reversal_formula", "empty_trace_value"]

_BOOLEAN = (Not, And, Or, Implies, Iff, Xor)


def _not(f: Formula) -> Formula:
    return f.arg if isinstance(f, Not) else Not(f)


def _reflexive_since(f: Formula, g: Formula) -> Formula:
    return Or(g, And(f, Since(f, g)))


def mirror(formula: Formula) -> Formula:
    """μ(formula), the past formula of the module docstring.  InputError for a formula with
    past operators or modular predicates (neither is mirrored: a formula is either LTLf or of
    the past-time logic)."""
    done: dict = {}
    for g in formula.subformulas():
        cls = type(g)
        if cls in (Atom, Const):
            done[g] = g
        elif cls in _BOOLEAN:
            done[g] = g.map_children(tuple(done[c] for c in g.children))
        elif cls is Next:
            done[g] = Yesterday(done[g.arg])
        elif cls is WeakNext:
            done[g] = Not(Yesterday(_not(done[g.arg])))
        elif cls is Eventually:
            done[g] = Once(done[g.arg])
        elif cls is Always:
            done[g] = Historically(done[g.arg])
        elif cls is Until:
            done[g] = _reflexive_since(done[g.left], done[g.right])
        elif cls is Release:
            done[g] = _not(_reflexive_since(_not(done[g.left]), _not(done[g.right])))
        elif cls is Mod:
            raise InputError("a modular predicate MOD[m,r] in an LTLf formula: positions are "
                             "counted from the start, so the formula has no mirror here")
        else:
            raise InputError(f"the formula mixes past ({g.symbol}) and future operators: a formula "
                             "is either LTLf (read from the first letter) or past-time (read after "
                             "the last letter)")
    return done[formula]


def empty_trace_value(formula: Formula) -> bool:
    """The truth of an LTLf formula on the empty word, compositionally: atoms, ``X``, ``F``,
    ``U`` false; ``WX``, ``G``, ``R`` true (ltlf2dfa + MONA's convention, measured)."""
    value: dict = {}
    for g in formula.subformulas():
        cls = type(g)
        if cls is Atom:
            value[g] = False
        elif cls is Const:
            value[g] = g.value
        elif cls in (Next, Eventually, Until):
            value[g] = False
        elif cls in (WeakNext, Always, Release):
            value[g] = True
        elif cls is Not:
            value[g] = not value[g.arg]
        elif cls in _BOOLEAN:
            a, b = value[g.left], value[g.right]
            value[g] = {And: a and b, Or: a or b, Implies: (not a) or b, Iff: a == b, Xor: a != b}[cls]
        else:
            raise InputError(f"not an LTLf formula: it has the operator {g.symbol}")
    return value[formula]


def reversal_formula(formula: Formula) -> Formula:
    """A past-time formula (read after the last letter) whose language is the reversal of
    the LTLf formula's: ``Y μ(φ)``, or ``!Y !μ(φ)`` when φ accepts the empty word."""
    if not any(isinstance(g, FUTURE) for g in formula.subformulas()):
        raise InputError("not an LTLf formula: it has no future operator")
    m = mirror(formula)
    return Not(Yesterday(_not(m))) if empty_trace_value(formula) else Yesterday(m)
