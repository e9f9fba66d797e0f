"""The reference evaluator against a literal transcription of the semantics."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings

from attnlogic.ltl import (accepts, accepts_many, core, parse, prefix_acceptance, random_formula, simplify,
                           truth_table, truth_values)
from attnlogic.ltl.rewrite import expand_windows
from attnlogic.ltl.strategies import formulas, words

from ltl_reference import accepts as ref_accepts
from ltl_reference import holds

ALL_SHORT = ["".join(p) for n in range(5) for p in itertools.product("abc", repeat=n)]


@settings(max_examples=1500, deadline=None)
@given(formulas(("a", "b"), max_size=14), words(("a", "b", "c"), max_len=9))
def test_every_position_matches_the_definitions(f, w):
    values = truth_values(f, w)
    assert values.shape == (len(w) + 1,)
    assert list(values) == [holds(f, w, n) for n in range(1, len(w) + 2)]


@settings(max_examples=300, deadline=None)
@given(formulas(("a", "b"), max_size=10))
def test_all_short_words(f):
    assert [accepts(f, w) for w in ALL_SHORT[:121]] == [ref_accepts(f, w) for w in ALL_SHORT[:121]]


@settings(max_examples=200, deadline=None)
@given(formulas(("a", "b"), max_size=12))
def test_accepts_many_reads_words_of_one_length_together_as_the_definitions_say(f):
    """accepts_many (the words of one length as the columns of one truth table) against the
    literal transcription, on words of every length up to 4 over a, b and a letter c that
    no atom names, given as strings and as lists of multi-character letters."""
    assert accepts_many(f, ALL_SHORT).tolist() == [ref_accepts(f, w) for w in ALL_SHORT]
    long = [["a", "b", "cc"][::-1], ["cc"], [], ["a", "a"], ["b", "cc", "a"]]
    assert accepts_many(f, long).tolist() == [accepts(f, w) for w in long]


@settings(max_examples=500, deadline=None)
@given(formulas(("a", "b"), max_size=12), words(("a", "b"), max_len=12))
def test_prefix_acceptance_is_acceptance_of_each_prefix(f, w):
    assert list(prefix_acceptance(f, w)) == [accepts(f, w[:n]) for n in range(len(w) + 1)]


@settings(max_examples=300, deadline=None)
@given(formulas(("a", "b"), max_size=12), words(("a", "b"), max_len=8))
def test_word_as_str_or_list_of_letters(f, w):
    assert list(truth_values(f, w)) == list(truth_values(f, list(w)))


def test_multi_character_letters():
    f = parse('P (stop & Y go)')
    assert accepts(f, ["go", "stop", "go"])
    assert not accepts(f, ["stop", "go"])
    assert not accepts(parse("g"), ["go"])  # atom 'g' never matches the letter 'go'


def test_empty_word_is_decided_by_the_boolean_skeleton():
    for text, expected in [("true", True), ("!a", True), ("a", False), ("P true", False),
                           ("!Y true", True), ("H a", False), ("!P a & !a", True)]:
        assert accepts(parse(text), "") is expected, text


def test_known_languages():
    cases = {
        "Y a": (["a", "ba", "cca"], ["", "b", "ab"]),                       # Σ*a
        "P (a & !P true)": (["a", "ab", "abc"], ["", "b", "ba"]),           # aΣ*
        "P (b & Y a)": (["ab", "cabc"], ["", "ba", "acb"]),                 # Σ*abΣ*
        "P (b & P a)": (["ab", "acb"], ["ba", "bbb"]),                       # Σ*aΣ*bΣ*
        "P P a": (["ab", "aab", "cacc"], ["a", "ba", ""]),                   # Σ*aΣ+
        "(a | c) S b": (["b", "bac", "cba", "ab"], ["", "a", "ac", "cac"]),
    }
    for text, (yes, no) in cases.items():
        f = parse(text)
        for w in yes:
            assert accepts(f, w), (text, w)
        for w in no:
            assert not accepts(f, w), (text, w)


@settings(max_examples=400, deadline=None)
@given(formulas(("a", "b"), max_size=12), words(("a", "b", "c"), max_len=8))
def test_rewritings_preserve_truth_everywhere(f, w):
    v = truth_values(f, w)
    assert (truth_values(core(f), w) == v).all()
    assert (truth_values(core(f, booleans=True), w) == v).all()
    assert (truth_values(expand_windows(f), w) == v).all()


@settings(max_examples=400, deadline=None)
@given(formulas(("a", "b"), max_size=14))
def test_simplify_preserves_the_language_and_never_grows(f):
    g = simplify(f)
    assert g.size <= f.size
    assert [accepts(g, w) for w in ALL_SHORT] == [accepts(f, w) for w in ALL_SHORT]


def test_simplify_uses_letter_exclusivity_and_minimisation():
    assert str(simplify(parse("a & b"))) == "false"
    assert str(simplify(parse("(a & Y b) | (a & !Y b)"))) == "a"
    assert str(simplify(parse("P (a & !a) | Y false"))) == "false"
    assert simplify(parse("true S a")) is parse("P a")
    assert simplify(parse("false S a")) is parse("Y a")


def test_truth_table_covers_every_subformula():
    f = parse("P (b & Y a) | a")
    table = truth_table(f, "cab")
    assert set(table) == set(f.subformulas())
    assert all(v.shape == (4,) for v in table.values())


def test_long_words_are_causal_and_match_the_definitions_on_a_prefix():
    rng = np.random.default_rng(0)
    w = "".join(rng.choice(list("ab"), size=200_000))
    f = parse("Y[<=3] (a & P b) | (a S b) | H (a | b) & !P P P a")
    v = truth_values(f, w)
    # past-only: the values at positions 1..n depend on w[:n] alone
    for n in (0, 1, 7, 1000, 150_000):
        assert (truth_values(f, w[:n])[:n] == v[:n]).all()
    assert list(v[:60]) == [holds(f, w[:59], n) for n in range(1, 61)]


def test_random_formula_sizes_and_determinism():
    for size in range(1, 40):
        f = random_formula(size, "ab", size)
        assert f.size == size
        assert random_formula(size, "ab", size) is f
    sizes = {random_formula(np.random.default_rng(s), "ab", (3, 6)).size for s in range(60)}
    assert sizes == {3, 4, 5, 6}
    f = random_formula(np.random.default_rng(7), "abc", 30, "LTL[P,Y<=2]")
    from attnlogic.ltl import fragment
    assert str(fragment(f)) in ("LTL[P]", "LTL[Y<=2]", "LTL[P,Y<=2]")


def test_the_shared_connectives_agree_on_every_representation():
    """BOOLEAN on bool arrays and on packed bits, PY_BOOLEAN on Python bools: each
    connective against its truth table written out with and/or/not."""
    import itertools

    import numpy as np

    from attnlogic.ltl.evaluate import BOOLEAN, PY_BOOLEAN
    from attnlogic.ltl.formula import And, Iff, Implies, Not, Or, Xor

    table = {Not: lambda x: not x, And: lambda x, y: x and y, Or: lambda x, y: x or y,
             Implies: lambda x, y: (not x) or y, Iff: lambda x, y: x == y, Xor: lambda x, y: x != y}
    for cls, want in table.items():
        n = 1 if cls is Not else 2
        rows = list(itertools.product((False, True), repeat=n))
        expect = np.array([want(*r) for r in rows])
        cols = [np.array([r[i] for r in rows]) for i in range(n)]
        assert (BOOLEAN[cls](*cols) == expect).all(), cls
        assert [PY_BOOLEAN[cls](*r) for r in rows] == list(expect), cls
        packed = [np.packbits(c) for c in cols]
        assert (np.unpackbits(BOOLEAN[cls](*packed))[:len(rows)].astype(bool) == expect).all(), cls


def test_boolean_block_is_the_reference_value_of_a_boolean_skeleton():
    from attnlogic.ltl.evaluate import PY_BOOLEAN, block_leaves, boolean_block, truth_table

    f = parse("(P a -> !(b <-> Y a)) xor (a | P a) & true")
    for w in ["", "a", "ab", "ba", "abba", "bbab"]:
        values = truth_table(f, w)
        leaves = block_leaves(f)
        assert {str(x) for x in leaves} == {"P a", "b", "Y a", "a", "true"}
        for i in range(len(w) + 1):
            got = boolean_block(f, lambda x: bool(values[x][i]), PY_BOOLEAN)
            assert got == bool(values[f][i]), (w, i)
