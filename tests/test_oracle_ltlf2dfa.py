"""Cross-check of formula → DFA against ltlf2dfa + MONA (PPLTL → minimal DFA).

Convention bridge (see automata/io.py and shared/reference/ecosystem.md §5.4):
* our strict ``P φ`` is PPLTL ``Y(O φ)``; our strict ``φ S ψ`` is ``Y(φ S ψ)`` (PPLTL's
  since is reflexive); ``Y[<=k] φ`` is ``Y φ | Y Y φ | … | Y^k φ``; O, H, Y agree;
* letters are valuations with exactly one proposition true (DECLARE assumption); a letter
  that is not an atom of the formula is the all-false valuation;
* our readout is at position N+1 where no atom holds: we append one all-false "end"
  position and read ltlf2dfa's DFA at the last position, so the empty trace never occurs.
Skips cleanly where ``mona`` or ltlf2dfa is missing.
"""

from __future__ import annotations

import shutil

import numpy as np
import pytest

pytestmark = pytest.mark.oracle

if shutil.which("mona") is None:
    pytest.skip("the 'mona' binary is not on PATH (apt-get install mona)", allow_module_level=True)
ltlf2dfa = pytest.importorskip("ltlf2dfa", reason="ltlf2dfa is not installed (pip install ltlf2dfa)")

from attnlogic.automata.dfa import DFA  # noqa: E402
from attnlogic.automata.from_formula import formula_to_dfa  # noqa: E402
from attnlogic.automata.io import from_mona_dot  # noqa: E402
from attnlogic.automata.operations import shortest_distinguishing_word  # noqa: E402
from attnlogic.ltl.formula import (And, Atom, Const, Historically, Iff, Implies, Not, Once, Or,  # noqa: E402
                                   Past, Since, Xor, Yesterday)

END = "#end"  # an extra letter that is no proposition: the all-false valuation


def to_ppltl(f) -> str:
    """Our formula as PPLTL text (fully parenthesised, built bottom-up without recursion)."""
    text: dict = {}
    for g in f.subformulas():
        if isinstance(g, Atom):
            s = g.name
        elif isinstance(g, Const):
            s = "true" if g.value else "false"
        elif isinstance(g, Not):
            s = f"!({text[g.arg]})"
        elif isinstance(g, (And, Or, Implies, Iff)):
            op = {And: "&", Or: "|", Implies: "->", Iff: "<->"}[type(g)]
            s = f"(({text[g.left]}) {op} ({text[g.right]}))"
        elif isinstance(g, Xor):
            x, y = text[g.left], text[g.right]
            s = f"((({x}) & !({y})) | (!({x}) & ({y})))"
        elif isinstance(g, Past):
            s = f"Y(O({text[g.arg]}))"
        elif isinstance(g, Yesterday):
            items, cur = [], text[g.arg]
            for _ in range(g.k):
                cur = f"Y({cur})"
                items.append(cur)
            s = "(" + " | ".join(items) + ")"
        elif isinstance(g, Once):
            s = f"O({text[g.arg]})"
        elif isinstance(g, Historically):
            s = f"H({text[g.arg]})"
        elif isinstance(g, Since):
            s = f"Y(({text[g.left]}) S ({text[g.right]}))"
        else:
            raise TypeError(type(g))
        text[g] = s
    return text[f]


def ltlf2dfa_language(f, alphabet) -> DFA:
    from ltlf2dfa.parser.ppltl import PPLTLParser

    dot = PPLTLParser()(to_ppltl(f)).to_dfa()
    d = from_mona_dot(dot, tuple(alphabet) + (END,))
    T = np.asarray(d.transitions)
    # w is ours iff the run on w·END ends in a final state
    return DFA(alphabet, T[:, :-1], d.initial, d.accepting[T[:, -1]])


def check(f, alphabet=("a", "b", "c")):
    ours = formula_to_dfa(f, alphabet)
    theirs = ltlf2dfa_language(f, alphabet)
    w = shortest_distinguishing_word(ours, theirs)
    assert w is None, f"{f}  (PPLTL {to_ppltl(f)}): they disagree on {''.join(w)!r}"
    assert theirs.minimal() == ours


def test_known_formulas():
    a, b = Atom("a"), Atom("b")
    for f in [Past(a), Once(a), Historically(Implies(a, Yesterday(b))), Since(a, b),
              Yesterday(a, 3), Not(Past(Not(a))), And(Past(a), Not(Yesterday(b))),
              Const(True), Const(False), Xor(Past(a), Once(b))]:
        check(f)


def _random_formulas(seed, count, atoms, max_size):
    from attnlogic.ltl.random import random_formula
    rng = np.random.default_rng(seed)
    return [random_formula(rng, atoms, int(rng.integers(2, max_size))) for _ in range(count)]


def test_random_formulas():
    for f in _random_formulas(99, 40, ["a", "b"], 16):
        check(f)


@pytest.mark.slow
def test_many_random_formulas():
    for f in _random_formulas(7, 120, ["a", "b", "c"], 24):
        check(f)
