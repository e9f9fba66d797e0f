"""One Limits value: built once, validated once in the library with the parameter named,
passed down; the command line maps its flags onto it.  One validator for counts and numbers."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import numpy as np
import pytest

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.cli import PARAMETER_FLAGS, main
from attnlogic.definability.census import census
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.separation.separations import separation
from attnlogic.kernel.errors import InputError
from attnlogic.kernel.limits import DEFAULT_LIMIT, LIMIT_ALIAS, Limits
from attnlogic.kernel.validate import integer, is_int, number

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("attnlogic", "ltl", "automata", "definability", "compiler", "testing", "transformer",
           "experiments", "rmt")


@pytest.mark.parametrize("call, name", [
    (lambda d: classify(d, max_depth=-5), "max_depth"),
    (lambda d: classify(d, max_depth=0), "max_depth"),
    (lambda d: classify(d, limit=0), "limit"),
    (lambda d: classify(d, limit=True), "limit"),
    (lambda d: classify(d, limit=2.5), "limit"),
    (lambda d: classify(d, search_budget=-1), "search_budget"),
    (lambda d: classify(d, memory_budget=0), "memory_budget"),
    (lambda d: classify(d, limits=Limits(type_states=0)), "type_states"),
    (lambda d: classify(d, limits=Limits(check_states=-1)), "check_states"),
    (lambda d: census(1, "ab", limit=-3), "limit"),
    (lambda d: census(1, "ab", max_depth=-5), "max_depth"),
    (lambda d: separation("LTL[Y]", "LTL[Y<=2]", max_depth=-5), "max_depth"),
])
def test_a_bad_budget_is_refused_by_the_library_naming_its_parameter(call, name):
    d = regex_to_dfa("(a|b)*b", "ab")
    with pytest.raises(InputError) as exc:
        call(d)
    assert exc.value.parameters == (name,)
    assert str(exc.value).startswith(f"{name}: ")
    assert PARAMETER_FLAGS.get(name) is None or PARAMETER_FLAGS[name].startswith("--")


def test_the_alias_limit_sets_the_bounds_of_deciding_and_not_the_check():
    lim = Limits.of(limit=7)
    assert {name: getattr(lim, name) for name in LIMIT_ALIAS} == dict.fromkeys(LIMIT_ALIAS, 7)
    assert lim.check_states == DEFAULT_LIMIT == Limits().check_states
    base = Limits(max_depth=2)
    assert Limits.of(base, limit=9).max_depth == 2          # the other fields are kept
    assert Limits.of(base) is base
    with pytest.raises(TypeError):
        Limits.of(base, no_such_budget=3)


def test_the_check_has_its_own_bound():
    """A bound of 1 on the exact check leaves every verdict as it is and drops the
    certificates (a certificate is printed only when its check passed); a bound of 1 on
    deciding would not leave the verdicts."""
    d = regex_to_dfa("(a|b)*b", "ab")
    full = classify(d, windows=(2,))
    tight = classify(d, windows=(2,), limits=Limits(check_states=1, search_budget=0))
    assert [r.member for r in tight.results] == [r.member for r in full.results]
    members = [r for r in full.results if r.member]
    assert members and all(r.formula is not None for r in members)
    assert all(r.formula is None for r in tight.results if r.member)


def test_the_command_line_maps_its_flags_onto_the_library_error(capsys):
    for argv, flag, name in ((["classify", "a", "--max-depth", "-5"], "--max-depth", "max_depth"),
                             (["classify", "a", "--limit", "0"], "--limit", "limit"),
                             (["census", "-n", "1", "-a", "ab", "--limit", "0"], "--limit", "limit"),
                             (["separate", "Y", "Y<=2", "--max-depth", "0"], "--max-depth", "max_depth")):
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and f"error: {name}: " in err[0] and f"[command line: {flag}]" in err[0]


def test_one_validator_for_integers_and_numbers():
    assert is_int(3) and is_int(np.int64(3)) and not is_int(True) and not is_int(3.0)
    assert integer("n", np.int32(4), 1) == 4 and type(integer("n", np.int32(4), 1)) is int
    for bad in (True, 0, -1, 2.0, "3", None):
        with pytest.raises(InputError) as exc:
            integer("n", bad, 1)
        assert exc.value.parameters == ("n",)
    with pytest.raises(InputError, match=r"n: an integer in 1\.\.5, got 6"):
        integer("n", 6, 1, 5)
    assert number("x", 0.5, minimum=0, maximum=1) == 0.5
    for bad in (math.nan, math.inf, -math.inf, -0.1, 1.5, True, "0.5", None):
        with pytest.raises(InputError) as exc:
            number("x", bad, minimum=0, maximum=1)
        assert exc.value.parameters == ("x",)
    with pytest.raises(InputError, match="> 0"):
        number("x", 0.0, above=0)


def _default_literals(path: Path, value: int):
    """(function, parameter) of every default argument that is the literal ``value``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            pos = a.posonlyargs + a.args
            pairs = list(zip(pos[len(pos) - len(a.defaults):], a.defaults))
            pairs += [(arg, d) for arg, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None]
            for arg, d in pairs:
                if isinstance(d, ast.Constant) and d.value == value and not isinstance(d.value, bool):
                    yield f"{path.relative_to(ROOT)}:{node.lineno} {node.name}({arg.arg}=…)"


def test_the_default_limit_is_typed_once():
    """No function of the library spells the default bound as a literal: it is
    DEFAULT_LIMIT of kernel/limits.py, where it is written once."""
    found = [hit for folder in SHIPPED for path in sorted((ROOT / folder).rglob("*.py"))
             for hit in _default_literals(path, DEFAULT_LIMIT)]
    assert found == []
    text = (ROOT / "kernel" / "limits.py").read_text(encoding="utf-8")
    import re
    assert len(re.findall(rf"(?<![\d_]){DEFAULT_LIMIT:_}(?![\d_])", text)) == 1      # not 250_000


def test_the_model_configuration_checks_its_numbers_by_name():
    from attnlogic.transformer.config import TransformerConfig

    base = dict(vocab_size=4, d_model=8, n_layers=1, heads=(("global",),))
    for field, bad in (("dropout", math.nan), ("dropout", -0.1), ("dropout", 1.0),
                       ("layernorm_eps", math.nan), ("layernorm_eps", 0.0), ("vocab_size", 0),
                       ("d_model", 2.0), ("readout_dim", 0)):
        with pytest.raises(InputError) as exc:
            TransformerConfig(**{**base, field: bad})
        assert exc.value.parameters == (field,), (field, bad)
    assert TransformerConfig(**base, dropout=0.5).dropout == 0.5
