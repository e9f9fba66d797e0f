"""Cross-check of formula → DFA against ltlf2dfa + MONA (PPLTL → minimal DFA).

Convention bridge (see automata/io.py and docs/automata.md):
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

from attnlogic.automata.from_formula import formula_to_dfa  # noqa: E402
from attnlogic.automata.operations import shortest_distinguishing_word  # noqa: E402
from attnlogic.automata.ppltl import ltlf2dfa_dfa as ltlf2dfa_language  # noqa: E402
from attnlogic.automata.ppltl import to_ppltl  # noqa: E402
from attnlogic.ltl.formula import (And, Atom, Const, Historically, Implies, Not, Once, Past, Since,  # noqa: E402
                                   Xor, Yesterday)


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


def _many_random_formulas():
    """120 random formulas over abc of sizes up to 24 (seed 7), always the same."""
    return _random_formulas(7, 120, ["a", "b", "c"], 24)


@pytest.mark.slow
def test_many_random_formulas():
    """The first 40 of the 120 (ltlf2dfa and MONA take about 0.13 s a formula); the other 80
    in the opt-in test below."""
    for f in _many_random_formulas()[:40]:
        check(f)


@pytest.mark.slow
@pytest.mark.skipif(__import__("os").environ.get("ATTNLOGIC_CENSUS_TEST") != "1",
                    reason="the other 80 of the 120 random formulas over abc (the first 40 run in "
                           "test_many_random_formulas): opt in with ATTNLOGIC_CENSUS_TEST=1")
def test_the_other_random_formulas():
    for f in _many_random_formulas()[40:]:
        check(f)


_FORMULAS_AT_ONCE = ["a S b", "O(a & Y b)", "H(a -> Y b)", "Y(a) | b", "O(b) & !a", "a & Y(O(b))"]


def _dot_in_a_process(texts):
    from attnlogic.automata.ppltl import ltlf2dfa_dot

    return [ltlf2dfa_dot(t) for t in texts]


def test_processes_that_call_ltlf2dfa_at_once_each_get_their_own_automaton():
    """ltlf2dfa writes every MONA program to one fixed file: two processes calling it at once
    (two test workers) read each other's.  ltlf2dfa_dot holds a lock around it, so each of
    three processes, running the same 6 formulas 5 times in different orders at once, gets
    exactly the DOT that one call alone gives."""
    import multiprocessing

    from attnlogic.automata.ppltl import ltlf2dfa_dot

    alone = {t: ltlf2dfa_dot(t) for t in _FORMULAS_AT_ONCE}
    assert len(set(alone.values())) == len(alone)   # six different automata
    orders = [[_FORMULAS_AT_ONCE[(i * s) % 6] for i in range(30)] for s in (1, 5, 1)]
    with multiprocessing.get_context("spawn").Pool(3) as pool:
        results = pool.map(_dot_in_a_process, orders)
    for texts, dots in zip(orders, results):
        assert [alone[t] for t in texts] == dots
