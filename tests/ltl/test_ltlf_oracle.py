"""LTLf in ltlf2dfa's syntax against ltlf2dfa + MONA: the same minimal DFA over every
valuation of the propositions, the empty trace included.  Their own LTLf test formulas
(ltlf2dfa tests/test_ltlf.py, chains included), the chains of the issue and a handful of
random formulas here; 200 random ones in ``benchmarks/bench_ltlf_oracle.py`` (its result is in
docs/logic.md).  Skipped without the ``mona`` binary or ltlf2dfa."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from attnlogic.ltl import parse, random_formula
from attnlogic.ltl.random import FRAGMENT_OPERATORS
from attnlogic.ltl.formula import is_future

pytestmark = pytest.mark.oracle

if shutil.which("mona") is None:
    pytest.skip("the 'mona' binary is not on PATH (apt-get install mona)", allow_module_level=True)
pytest.importorskip("ltlf2dfa", reason="ltlf2dfa is not installed (pip install ltlf2dfa)")

from attnlogic.automata.ppltl import ltlf2dfa_valuations  # noqa: E402
from attnlogic.automata.sources import load_language  # noqa: E402

THEIRS = [
    "!a | b <-> !(a & !b) <-> a->b", "(X a) & (WX !b)", "(F (a&b)) <-> !(G (!a | !b) )",
    "(a U b U c) <-> !(!a R !b R !c)", "a & last", "!(X (a & b))", "!(WX (a & b))", "!(F (a | b))",
    "!(a U b)", "!(a R b)", "!(G (a | b))", "X(a & b)", "WX(a)", "WX (a & b)", "a U b", "a R b",
    "F(a & b)", "G(a | b)", "X X a", "X(G faLse)", "X G a", "GX a", "XGXFWX G prop0", "XXWX!(!WXGGG a)",
]
CHAINS = ["X a -> b -> c", "X a <-> b <-> c", "F a <-> G b <-> X c <-> !a", "a U b U c", "a R b R c",
          "a U b R c", "G(a -> X b)", "last", "!last", "a & X !a & G(a <-> WX !a)"]


def _same_as_mona(text: str) -> None:
    props = sorted(parse(text, syntax="ltlf2dfa").atoms)
    ours = load_language(formula=text, syntax="ltlf2dfa", alphabet=None if props else ["z"]).dfa
    assert ours == ltlf2dfa_valuations(text, "ltlf", props, ours.alphabet), text


@pytest.mark.parametrize("text", THEIRS + CHAINS)
def test_their_formulas_and_chains(text):
    _same_as_mona(text)


def random_texts(seed: int, count: int) -> list[str]:
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        f = random_formula(rng, ["a", "b", "c"], (3, 14), {**FRAGMENT_OPERATORS["LTLf"], "xor": 0})
        if is_future(f):
            out.append(str(f))            # ltlf2dfa's notation, the fewest parentheses its grammar needs
    return out


@pytest.mark.parametrize("text", random_texts(39, 6))
def test_random_formulas(text):
    _same_as_mona(text)
