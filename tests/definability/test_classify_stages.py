"""The classification's stages: one answer per fragment, windows validated by the library,
and each source read once (parsed, tokenised, minimised) on the way from the command line."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

import attnlogic.automata.minimize as minimize_module
from attnlogic.automata import _compiled
import attnlogic.automata.regex as regex_module
import attnlogic.ltl as ltl_package
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.cli import main
from attnlogic.definability.engine.classify import classify, questions
from attnlogic.definability.engine.registry import PROCEDURES, procedure_for
from attnlogic.kernel.errors import InputError
from attnlogic.ltl.fragments import BASE_FRAGMENTS, LTL_PY, LTL_Y, Fragment


def test_window_one_is_the_base_fragments_once():
    d = regex_to_dfa("(a|b)*b", "ab")
    names = [str(f) for f in classify(d, windows=(1,)).fragments]
    assert names == ["LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]"]
    assert len(set(names)) == len(names)
    assert [str(f) for f in classify(d, windows=(1, 2, 2)).fragments] == names + ["LTL[Y<=2]", "LTL[P,Y<=2]"]


@pytest.mark.parametrize("bad", [(0,), (-3,), (2, 0), ("2",), (True,)])
def test_a_window_below_one_is_the_librarys_input_error(bad):
    with pytest.raises(InputError):
        classify(regex_to_dfa("(a|b)*b", "ab"), windows=bad)


def test_every_question_has_exactly_one_procedure():
    for k in (1, 2, 3, 7):
        for f in questions((k,)):
            handlers = [p for p in PROCEDURES if p.handles(f)]
            assert len(handlers) == 1, (f, handlers)
            assert procedure_for(f) is handlers[0]
    assert questions((1,)) == BASE_FRAGMENTS


def test_results_are_looked_up_by_fragment_name_or_pattern():
    cl = classify(regex_to_dfa("(a|b)*b", "ab"), windows=(2,))
    assert cl["hybrid:1"] is cl[LTL_PY] and cl["local:1"] is cl["LTL[Y]"] is cl[LTL_Y]
    assert cl["hybrid:2"] is cl[Fragment.parse("LTL[P,Y<=2]")]
    assert cl["global"].member is False and cl["local:1"].member is True
    with pytest.raises(KeyError):
        cl["LTL[Y<=3]"]


class _Counter:
    def __init__(self, monkeypatch, module, name):
        self.calls = 0
        original = getattr(module, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)


def _classify_cli(argv):
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["classify", *argv, "--search-budget", "0"]) == 0
    return buf.getvalue()


def test_a_regex_source_is_tokenised_once_and_minimised_once(monkeypatch):
    tokens = _Counter(monkeypatch, regex_module, "tokenize")
    refinements = _Counter(monkeypatch, minimize_module, "coarsest_partition")
    # the C extension's Hopcroft (automata/_native.c), where it is built
    native = _Counter(monkeypatch, _compiled.NATIVE, "minimal_dfa") if _compiled.NATIVE else None
    out = _classify_cli(["--regex", "(a|b|c)*ab", "--alphabet", "abc"])
    assert "LTL[Y]       yes" in out
    assert tokens.calls == 1
    # the regex's minimal DFA comes from Brzozowski's double reversal (no Hopcroft
    # refinement), and classify must not minimise it again
    assert refinements.calls == 0 and (native is None or native.calls == 0)


def test_a_formula_source_is_parsed_once(monkeypatch):
    parses = _Counter(monkeypatch, ltl_package, "parse")
    out = _classify_cli(["P (b & Y a)", "--alphabet", "abc"])
    assert "LTL[P,Y]" in out
    assert parses.calls == 1


def test_the_counters_see_a_second_reading(monkeypatch):
    """The counting itself works: reading the regex twice counts two tokenisations."""
    tokens = _Counter(monkeypatch, regex_module, "tokenize")
    regex_to_dfa("(a|b)*", "ab")
    regex_to_dfa("(a|b)*", "ab")
    assert tokens.calls == 2
