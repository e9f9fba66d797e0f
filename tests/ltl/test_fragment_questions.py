"""What the package asks of a fragment (ltl/fragments.py: type_sets, lookback, type_degree,
pumping_arguments, rank), checked against what each answer claims; and no module outside the
fragment's definition (and the few modules named below) reads a Fragment's fields
``past``/``window``/``since`` to decide which fragment it is."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

from attnlogic.definability.checks.indistinguishable import agreement_depth
from attnlogic.definability.checks.verify import ARGUMENTS
from attnlogic.ltl import parse
from attnlogic.ltl.evaluate import accepts
from attnlogic.ltl.fragments import BASE_FRAGMENTS, LTL_P, LTL_S, Fragment

ROOT = Path(__file__).resolve().parents[2]
FRAGMENTS = list(BASE_FRAGMENTS) + [f for k in (2, 3, 4) for f in Fragment.windowed(k)]


def test_a_fragment_known_to_lie_inside_another_never_ranks_above_it():
    pairs = [(a, b) for a, b in itertools.product(FRAGMENTS, repeat=2) if a != b and b.includes(a)]
    assert len(pairs) > 20
    assert [(str(a), str(b)) for a, b in pairs if a.rank > b.rank] == []
    assert sorted(FRAGMENTS, key=lambda f: f.rank)[0] == LTL_P and max(FRAGMENTS, key=lambda f: f.rank) == LTL_S


@pytest.mark.parametrize("text,k", [("Y a", 1), ("Y Y (a & Y b)", 1), ("Y[<=2] (a & Y[<=2] b)", 2),
                                    ("Y[<=3] !Y[<=3] a", 3)])
def test_a_bounded_lookback_means_the_last_depth_times_k_letters_decide(text, k):
    """A formula of a fragment with lookback k and depth d has the same value on any two
    words that agree on their last d·k letters (both at least that long)."""
    f = parse(text)
    fr = Fragment(False, k)
    assert fr.allows(f) and fr.lookback == k
    n = f.depth * k
    for tail in itertools.product("ab", repeat=n):
        values = {accepts(f, list(head + tail)) for m in range(0, 3)
                  for head in itertools.product("ab", repeat=m)}
        assert len(values) == 1, (text, tail)


def test_with_p_or_s_the_lookback_is_unbounded():
    """P a reads the whole past: two words with the same last letters differ on it."""
    for fr in FRAGMENTS:
        assert (fr.lookback is None) == (fr.allows(parse("P a")) or fr == LTL_S)
    assert accepts(parse("P a"), list("abbb")) != accepts(parse("P a"), list("bbbb"))


def test_the_type_sets_separate_what_the_fragments_operators_separate():
    """``type_sets`` drive the type computation: "an a somewhere" (P) separates b^6
    from a·b^5 at depth 1 exactly in the fragments with P (the windows are shorter)."""
    u, v = tuple("abbbbb"), tuple("bbbbbb")        # longer than every window here
    for fr in FRAGMENTS:
        _, past, since = fr.type_sets
        assert (agreement_depth(u, v, fr, 1) == 0) == (past or since), fr


def test_each_fragment_names_witness_arguments_the_verifier_has():
    for fr in FRAGMENTS:
        args = fr.pumping_arguments
        assert args and set(args) <= set(ARGUMENTS)
        assert ("suffix" in args) == ("two periods" in args) == (fr.lookback is not None)
    assert LTL_S.pumping_arguments == ("aperiodicity",) and LTL_S.type_degree == 2
    assert {f.type_degree for f in FRAGMENTS if f != LTL_S} == {1}


#: modules that may read a Fragment's fields: its definition, the ltl/ generators of random
#: formulas (which build a fragment's operators) and the windows family's own procedure (the
#: k and P of the fragments it declares); the catalogue of separating languages asks
#: ``allows`` of each pair instead
MAY_READ = {"ltl/fragments.py", "ltl/random.py", "ltl/strategies.py", "definability/fragments/windows.py"}
FIELDS = {"past", "window", "since"}
LIBRARY = ("kernel", "ltl", "automata", "definability", "compiler", "testing", "transformer",
           "experiments", "rmt", "attnlogic")


def field_reads(path: Path) -> list[int]:
    """Lines reading ``x.past``, ``x.window`` or ``x.since`` (not ``args.window``: an
    argparse namespace)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in FIELDS
            and not (isinstance(n.value, ast.Name) and n.value.id == "args")]


def test_nothing_else_reads_which_fragment_it_is():
    found = [f"{p.relative_to(ROOT)}:{line}" for folder in LIBRARY for p in sorted((ROOT / folder).rglob("*.py"))
             if str(p.relative_to(ROOT)) not in MAY_READ for line in field_reads(p)]
    assert found == []


def test_the_field_read_finder_fires(tmp_path):
    probe = tmp_path / "m.py"
    probe.write_text("def f(fr, args):\n    return fr.past, args.window, fr.window\n")
    assert field_reads(probe) == [2, 2]
