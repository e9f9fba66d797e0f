"""The automaton a model computes (issue 44): attnlogic.testing.extract.extract_dfa and
attnlogic.extract.  Compiled models of formulas are extracted as exactly the minimal DFA of
their formula (built by formula → DFA, independent of the compiler); a model computing the
parity of a's is extracted exactly and classified not star-free, with a witness pair that
the DFA separates; a compiled model with one weight changed is extracted as a different
language, and every difference word printed is confirmed here by running the model directly;
the membership oracle shares one forward pass among the prefixes of a word; budgets stop the
learning with the reason and the last hypothesis marked not validated."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest
import torch

import attnlogic as al
from attnlogic.automata.learning import LearningStopped
from attnlogic.kernel.errors import InputError
from attnlogic.testing import Adapter
from attnlogic.testing.extract import ModelOracle, extract_dfa

#: cheap equivalence queries: words up to length 5, a few short long words
SMALL = dict(exhaustive_length=5, long_length=40, long_count=2)


def parity(tokens):
    """Position n scores +1 iff an even number of a's (token 0) come before it (b = 1, EOS = 2)."""
    is_a = (np.asarray(tokens) == 0).astype(np.int64)
    before = np.cumsum(is_a, axis=1) - is_a
    return np.where(before % 2 == 0, 1.0, -1.0)


@pytest.mark.parametrize("formula,alphabet", [("P (b & Y a)", "abc"), ("Y a | Y Y b", "ab"),
                                              ("a & !P b", "ab"), ("P a & P b", "ab"), ("H !a", "ab")])
def test_a_compiled_model_is_extracted_as_its_formula_s_minimal_dfa(formula, alphabet):
    model = al.compile_formula(formula, alphabet)
    x = extract_dfa(model, formula=formula, **SMALL)
    source = al.formula_to_dfa(al.parse(formula), alphabet).minimal()
    assert x.complete and x.dfa == source
    assert x.same_as_target and x.differences == ()
    assert x.validation.ok and x.validation.exhaustive_length == 5
    assert "agrees with the model on" in x.validation_text() and "equivalent" not in x.validation_text()


@pytest.mark.parametrize("regex,alphabet", [("(ab)*", "ab"), ("(a|b|c)*ab(a|b|c)*", "abc")])
def test_models_of_the_suite_s_dyck_and_lt2_languages_are_extracted_exactly(regex, alphabet):
    lang = al.load_language(regex=regex, alphabet=alphabet)
    formula = {"(ab)*": "H (a -> !Y a) & H (b -> Y a) & (Y b | !Y (a | !a))",
               "(a|b|c)*ab(a|b|c)*": "P (b & Y a)"}[regex]
    assert al.formula_to_dfa(al.parse(formula), alphabet).minimal() == lang.dfa.minimal()
    x = extract_dfa(al.compile_formula(formula, alphabet), language=lang, **SMALL)
    assert x.complete and x.dfa == lang.dfa.minimal() and x.same_as_target


def test_parity_is_extracted_exactly_and_is_not_star_free():
    result = al.extract(parity, alphabet="ab", tensors="numpy", **SMALL)
    assert result.complete and result.dfa == al.regex_to_dfa("(b*ab*a)*b*", "ab").minimal()
    star_free = result.classification["LTL[S]"]
    assert star_free.member is False
    w = star_free.witness
    assert result.dfa.accepts(list(w.accepted)) and not result.dfa.accepts(list(w.rejected))
    assert result.to_json()["patterns"]["masked_hard"]["can"] is False


def test_parity_from_a_file_is_extracted_in_a_child_process(tmp_path):
    (tmp_path / "mine.py").write_text(textwrap.dedent('''
        import numpy as np

        def make():
            def parity(tokens):
                is_a = (np.asarray(tokens) == 0).astype(np.int64)
                return np.where((np.cumsum(is_a, axis=1) - is_a) % 2 == 0, 1.0, -1.0)
            return parity
    '''))
    result = al.extract(f"{tmp_path / 'mine.py'}:make", alphabet="ab", regex="(a|b)*a", tensors="numpy",
                        time_budget=120, **SMALL)
    assert result.complete and result.dfa.n_states == 2
    assert not result.agrees_with_target
    sides = {d.side: d for d in result.extraction.differences}
    assert sides["extracted"].word == () and sides["target"].word == ("a",)
    assert all(d.confirmed for d in sides.values())


def test_one_changed_weight_gives_a_different_dfa_whose_difference_words_are_real():
    formula = "P (b & Y a)"
    model = al.compile_formula(formula, "abc")
    a = model.plan.names.index("a")
    with torch.no_grad():                      # the letter c now also reads as a
        model.model.embed.weight[model.vocab.alphabet.index("c"), a] = 1.0
    target = al.load_language(formula=formula, alphabet="abc")
    x = extract_dfa(model, language=target, **SMALL)
    assert x.complete and x.dfa != target.dfa.minimal() and x.same_as_target is False
    assert x.differences
    for d in x.differences:                     # confirmed here, by the model's own forward pass
        model_says = bool(model.prefix_acceptance("".join(d.word))[-1])
        assert model_says == d.model_accepts != target.dfa.accepts(list(d.word)) == d.target_accepts
        assert x.dfa.accepts(list(d.word)) == model_says
    assert x.difference.accepts(list(x.differences[0].word))


class Counting:
    """A numpy model that counts the rows it is run on."""

    def __init__(self, fn):
        self.fn, self.rows = fn, 0

    def __call__(self, tokens):
        self.rows += len(tokens)
        return self.fn(tokens)


def test_one_forward_pass_answers_every_prefix():
    model = Counting(parity)
    oracle = ModelOracle(model, Adapter(("a", "b"), tensors="numpy"), max_queries=100, deadline=None, room=None)
    assert oracle.member([(), (0,), (0, 1), (0, 1, 0)]) == [True, False, False, True]
    assert model.rows == 1
    assert oracle.member([(0, 0), (0,)]) == [True, False] and model.rows == 2
    eos = Counting(parity)
    oracle = ModelOracle(eos, Adapter(("a", "b"), readout="eos", tensors="numpy"), max_queries=100,
                         deadline=None, room=None)
    oracle.member([(), (0,), (0, 1)])
    assert eos.rows == 3


def test_a_model_that_is_not_causal_stops_the_learning():
    def peeks(tokens):                          # its decision at n reads the token at n
        return np.where(np.asarray(tokens) == 0, 1.0, -1.0)

    x = extract_dfa(peeks, alphabet="ab", tensors="numpy", **SMALL)
    assert not x.complete and x.reason == "oracle" and "causal" in x.detail


@pytest.mark.parametrize("budget,reason", [(dict(max_queries=3), "queries"), (dict(max_states=1), "max-states"),
                                           (dict(time_budget=1e-9), "time")])
def test_budgets_stop_the_learning_and_nothing_is_claimed(budget, reason):
    result = al.extract(parity, alphabet="ab", tensors="numpy", **SMALL, **budget)
    assert not result.complete and result.extraction.reason == reason
    assert result.extraction.validation is None
    assert "NOT validated" in result.extraction.validation_text()
    assert "INCOMPLETE" in result.verdict()


def test_the_empty_word_needs_a_decision():
    with pytest.raises(InputError) as err:
        extract_dfa(parity, alphabet="ab", tensors="numpy", eos=None)
    assert err.value.parameters == ("bos", "eos")


def test_the_extracted_dfa_is_written_as_dfa_json(tmp_path):
    result = al.extract(parity, alphabet="ab", tensors="numpy", **SMALL)
    path = result.save_dfa(tmp_path / "learned.json")
    assert al.read_dfa_file(str(path)).minimal() == result.dfa


def test_the_memo_is_bounded(monkeypatch):
    """Past MEMO_ENTRIES answers nothing new is kept; answers stay right (run again)."""
    import attnlogic.testing.extract as ex

    monkeypatch.setattr(ex, "MEMO_ENTRIES", 3)
    model = Counting(parity)
    oracle = ModelOracle(model, Adapter(("a", "b"), tensors="numpy"), max_queries=100, deadline=None, room=None)
    assert oracle.member([(0, 1, 0, 0)]) == [False] and len(oracle.memo) == 5      # filled in one go
    assert oracle.member([(1, 1, 1, 1, 1)]) == [True] and len(oracle.memo) == 5
    assert oracle.member([(0, 1, 0, 0)]) == [False] and model.rows == 2              # the memo answers


@pytest.mark.parametrize("budget", [dict(time_budget=float("inf")), dict(time_budget=float("nan")),
                                    dict(max_queries=0), dict(max_states=True), dict(max_states=0)])
def test_budgets_must_be_finite_counts(budget):
    with pytest.raises(InputError) as err:
        al.extract(parity, alphabet="ab", tensors="numpy", **budget)
    assert err.value.parameters == tuple(budget)
