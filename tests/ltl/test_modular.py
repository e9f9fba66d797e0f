"""Modular predicates MOD[m,r]: syntax, the reference semantics, formula → DFA and the exact
check, each against a literal transcription of the definition (i ≡ r mod m at the 1-based
position i, N+1 included)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.definability.certify.synthesis import check_formula
from attnlogic.kernel.errors import ParseError
from attnlogic.ltl import Atom, Mod, accepts, parse, prefix_acceptance, random_formula
from attnlogic.ltl.fragments import LTL_PY, LTL_S, facts
from attnlogic.ltl.rewrite import transform

from ltl_reference import accepts as ref_accepts
from ltl_reference import holds

WORDS = ["".join(p) for n in range(8) for p in itertools.product("ab", repeat=n)]
#: stand-in atoms replaced by modular predicates
STANDINS = {"m": Mod(2, 0), "n": Mod(3, 1), "o": Mod(2, 1)}


def _with_mods(seed: int):
    """A random formula over a, b and three MOD leaves."""
    f = random_formula(np.random.default_rng(seed), ["a", "b", "m", "n", "o"], (4, 14))
    return transform(f, lambda g: STANDINS.get(g.name, g) if isinstance(g, Atom) else g)


def test_mod_round_trips_and_normalises_the_residue():
    f = parse("MOD[2,1] & Y[<=2] a")
    assert str(f) == "MOD[2,1] & Y[<=2] a" and parse(str(f)) is f
    assert parse("MOD[2,3]") is Mod(2, 1) and parse("MOD [ 3 , 0 ]") is Mod(3, 0)
    assert Mod(2, 1).atoms == frozenset()                  # it names no letter
    info = facts(f)
    assert info.moduli == (2,) and info.fragment_text == "LTL[Y<=2] + MOD[2]"


@pytest.mark.parametrize("text", ["MOD[0,1]", "MOD[2]", "MOD[a,1]", "MOD[2,-1]"])
def test_malformed_mod_is_a_parse_error(text):
    with pytest.raises(ParseError):
        parse(text)


def test_mod_positions_include_the_readout_position():
    for w in WORDS[:40]:
        n1 = len(w) + 1
        for m, r in ((1, 0), (2, 0), (2, 1), (3, 2)):
            f = Mod(m, r)
            assert [holds(f, w, i) for i in range(1, n1 + 1)] == [(i - r) % m == 0 for i in range(1, n1 + 1)]
            assert accepts(f, w) == (n1 % m == r)


@pytest.mark.parametrize("seed", range(40))
def test_evaluator_dfa_and_check_agree_with_the_definition(seed):
    f = _with_mods(seed)
    d = formula_to_dfa(f, ("a", "b"))
    for w in WORDS:
        want = ref_accepts(f, w)
        assert accepts(f, w) == want, (str(f), w)
        assert d.accepts(w) == want, (str(f), w)
    assert check_formula(f, d) is None
    w = WORDS[-1]
    assert list(prefix_acceptance(f, w)) == [ref_accepts(f, w[:n]) for n in range(len(w) + 1)]


def test_mod_lies_in_no_fragment():
    f = parse("MOD[2,1] & P a")
    assert not LTL_PY.allows(f) and not LTL_S.allows(f)
