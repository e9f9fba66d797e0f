"""attnlogic.ltl: past-time temporal logic evaluated just after the last letter, and
future-time LTLf (X WX F G U R) read from the first letter.

Public API::

    parse(text) -> Formula              # raises attnlogic.kernel.errors.ParseError
    parse(text, syntax="ltlf2dfa" | "pylogics" | "spot")   # other tools' LTLf / PPLTL
    str(f), to_unicode(f), to_latex(f)  # printers; parse(str(f)) is f
    accepts(f, word), truth_table(f, word), prefix_acceptance(f, word)
    fragment(f), facts(f)               # syntactic facts
    simplify(f), core(f)                # language-preserving rewriting
    random_formula(rng, atoms, size, ...)

Formulas are immutable, hash-consed values (:mod:`attnlogic.ltl.formula`).
"""

from .evaluate import accepts, accepts_many, prefix_acceptance, truth_table, truth_values
from .formula import (FALSE, TRUE, Always, And, Atom, Const, Eventually, Formula, H, Mod, Historically, Iff,
                      Implies, Next, Not, O, Once, Or, P, Past, Release, S, Since, Until, WeakNext, Xor, Y,
                      Yesterday, atom, conj, disj, is_future)
from .parser import parse, parse_program
from .fragments import facts, fragment
from .printer import format_formula, to_latex, to_text, to_unicode
from .definitions import to_text_shared
from .random import random_formula
from .rewrite import core
from .simplify import simplify

__all__ = [
    "parse", "parse_program", "to_text_shared", "to_text", "to_unicode", "to_latex", "format_formula",
    "accepts", "accepts_many", "prefix_acceptance", "truth_table", "truth_values",
    "Formula", "Atom", "Const", "Mod", "Not", "And", "Or", "Implies", "Iff", "Xor", "Past", "Yesterday",
    "Once", "Historically", "Since", "TRUE", "FALSE", "atom", "P", "Y", "O", "H", "S", "conj", "disj",
    "Next", "WeakNext", "Eventually", "Always", "Until", "Release", "is_future",
    "fragment", "facts", "simplify", "core", "random_formula",
]
