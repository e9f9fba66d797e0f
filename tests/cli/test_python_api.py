"""The Python API without traps (issue 25, item 5): a ``Classification`` is a read-only
mapping looked up by fragment, name, short name or attention pattern; ``Census`` looks
names up the same way; ``attnlogic.testing.check`` takes a ``CompiledModel``; ``classify``,
the verifiers and ``load_language`` take automata-lib and networkx automata directly."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import attnlogic as al
from attnlogic.definability.census import census
from attnlogic.definability.values.results import UnknownFragment
from attnlogic.definability.checks.verify import verify_formula, verify_witness
from attnlogic.kernel.errors import InputError
from attnlogic.ltl.fragments import Fragment

#: every spelling of each classified fragment (windows=(2,)): name, short name, pattern
SPELLINGS = {
    "LTL[P]": ["P", "global", "LTL[ P ]"],
    "LTL[Y]": ["Y", "Y<=1", "local:1"],
    "LTL[P,Y]": ["P,Y", "hybrid:1"],
    "LTL[S]": ["S"],
    "LTL[Y<=2]": ["Y<=2", "Y[<=2]", "LTL[Y[<=2]]", "local:2"],
    "LTL[P,Y<=2]": ["P,Y<=2", "hybrid:2"],
}


@pytest.fixture(scope="module")
def ends_with_b():
    lang = al.load_language(regex="(a|b)*b", alphabet="ab")
    return lang, al.classify(lang.dfa, certificates=False)


def test_a_classification_is_a_read_only_mapping(ends_with_b):
    _, r = ends_with_b
    assert isinstance(r, Mapping)
    assert list(r) == list(r.keys()) == [r_.fragment for r_ in r.results] == list(r.fragments)
    assert len(r) == len(r.results) == 6
    assert list(r.values()) == list(r.results)
    assert dict(r.items()) == {x.fragment: x for x in r.results}
    for name, others in SPELLINGS.items():
        want = next(x for x in r.results if str(x.fragment) == name)
        for key in [name, Fragment.parse(name), *others]:
            assert key in r and r[key] is want and r.get(key) is want, key
    assert r["hybrid:1"].member is True and r["global"].member is False     # Σ*b is in LTL[Y], not LTL[P]
    with pytest.raises(TypeError):
        r["P"] = None                                                        # read-only


@pytest.mark.parametrize("key", ["nope", "Y<=3", "hybrid:5", 0, None, ("P",)])
def test_a_missing_or_meaningless_key_is_a_key_error_that_says_why(ends_with_b, key):
    _, r = ends_with_b
    assert key not in r and r.get(key, "absent") == "absent"
    with pytest.raises(UnknownFragment) as info:
        r[key]
    assert isinstance(info.value, KeyError) and isinstance(info.value, InputError)
    text = str(info.value)
    assert ("names no fragment" in text or "was not classified" in text) and text == info.value.args[0]


def test_census_looks_names_up_like_a_classification():
    c = census(2, "ab")
    for name, others in SPELLINGS.items():
        for verdict in (True, False):
            counts = {c.count(key, verdict) for key in [name, Fragment.parse(name), *others]}
            assert len(counts) == 1, (name, verdict, counts)
    # the counts are those of the classifications, looked up with the short name
    langs = [e.dfa for e in c.entries]
    for short in ("P", "Y", "P,Y", "hybrid:2"):
        assert c.count(short) == sum(bool(al.classify(d, certificates=False)[short].member) for d in langs)
    with pytest.raises(KeyError):
        c.count("Y<=3")


def test_classify_verify_and_sources_take_networkx_graphs(ends_with_b):
    lang, r = ends_with_b
    g = al.to_networkx(lang.dfa)
    assert al.load_language(dfa=g).dfa == lang.dfa
    assert [x.member for x in al.classify(g, certificates=False).values()] == [x.member for x in r.values()]
    assert al.classify(lang, certificates=False)["Y"].member is True          # a Language too
    assert verify_formula(g, "Y", al.parse("Y b")).valid
    assert not verify_formula(g, "Y", al.parse("Y a")).valid
    assert verify_witness(g, "Y", "b", "a").valid is False                    # told apart at depth 1
    with pytest.raises(InputError, match="dfa: expected a DFA"):
        al.classify(42)


def test_classify_verify_and_sources_take_automata_lib_objects(ends_with_b):
    try:
        from automata.fa.nfa import NFA
    except ImportError:  # not installed, or the repository's automata/ folder shadows it
        pytest.skip("automata-lib is not importable here")
    lang, r = ends_with_b
    lib = al.to_automata_lib(lang.dfa)
    # an NFA of (a|b)*b written by hand: guess the last letter
    nfa = NFA(states={0, 1}, input_symbols={"a", "b"}, transitions={0: {"a": {0}, "b": {0, 1}}, 1: {}},
              initial_state=0, final_states={1})
    for obj in (lib, nfa):
        assert al.load_language(dfa=obj).dfa == lang.dfa
        assert al.load_language(dfa=obj, alphabet="ba").dfa.alphabet == ("b", "a")
        assert [x.member for x in al.classify(obj, certificates=False).values()] == [x.member for x in r.values()]
        assert verify_formula(obj, "LTL[Y]", al.parse("Y b")).valid
    from attnlogic.testing.recognition import resolve_language

    assert resolve_language(dfa=nfa).dfa == lang.dfa


def test_testing_check_takes_a_compiled_model():
    pytest.importorskip("torch")
    from attnlogic.testing import assert_recognises, check

    model = al.compile_formula("Y b", "ab")
    small = dict(exhaustive_length=4, random=8, boundary=8, contexts=8, long_count=2, long_length=12)
    assert assert_recognises(model, formula="Y b", **small).ok
    # the oracle's letters in another order: token ids still come from the model's vocabulary
    assert check(model, dfa=al.load_language(regex="(b|a)*b", alphabet="ba").dfa, **small).ok
    wrong = check(model, regex="(a|b)*a", **small)
    assert not wrong.ok and wrong.counterexample == ("a",)
    with pytest.raises(AssertionError, match="shortest counterexample"):
        assert_recognises(model, regex="(a|b)*a", **small)
    with pytest.raises(InputError, match="token_ids"):
        check(model, formula="Y c", alphabet="abc", **small)                 # c is not the model's
