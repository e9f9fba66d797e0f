"""Property-test your own model against a regular language with attnlogic's pytest plugin.

    pytest examples/test_your_model.py

1. a tiny hand-written ``nn.Module`` (no attnlogic classes) for "ends with a", checked
   against the DFA of ``(a|b)*a`` at the end of each word (``readout="eos"``);
2. the same module with a deliberately planted error (wrong on words of length exactly 7):
   the check fails with the shortest counterexample, ``aaaaaaa``;
3. hypothesis: the model on words drawn from the language and from its complement;
4. a model trained by ``attnlogic experiment --checkpoints`` (set ATTNLOGIC_CHECKPOINT to its
   checkpoint directory, e.g. out/checkpoints/ENDS-A__hybrid1__none__s0__lr0.003), checked against
   the DFA of its language at EOS; skipped when the variable is not set.
"""

import os

import pytest
import torch
from hypothesis import given, settings

from attnlogic.testing import assert_recognises, load_model
from attnlogic.testing.strategies import words_in, words_not_in


class EndsInA(torch.nn.Module):
    """One score per position; the one at EOS (the last token) is +1 iff the last letter is
    a (token 0).  Tokens: a = 0, b = 1, EOS = 2.  ``wrong_length``: flip the answer there."""

    def __init__(self, wrong_length=None):
        super().__init__()
        self.wrong_length = wrong_length

    def forward(self, tokens):
        last_is_a = torch.zeros_like(tokens, dtype=torch.float32)
        last_is_a[:, 1:] = (tokens[:, :-1] == 0).float()
        flip = -1.0 if tokens.shape[1] - 1 == self.wrong_length else 1.0
        return flip * (2 * last_is_a - 1)


def make_model():
    """For ``attnlogic check --model examples/test_your_model.py:make_model``."""
    return EndsInA()


def make_wrong_model():
    """The planted error: wrong on every word of length exactly 7."""
    return EndsInA(wrong_length=7)


def accepts(model, word: str) -> bool:
    tokens = torch.tensor([["ab".index(c) for c in word] + [2]])
    return bool(model(tokens)[0, -1] > 0)


def test_ends_in_a_recognises_its_language():
    assert_recognises(EndsInA(), regex="(a|b)*a", alphabet="ab", readout="eos")


def test_a_wrong_model_fails_with_the_shortest_counterexample():
    with pytest.raises(AssertionError, match=r"shortest counterexample: 'aaaaaaa' \(7 letters\)"):
        assert_recognises(EndsInA(wrong_length=7), regex="(a|b)*a", alphabet="ab", readout="eos")


@settings(max_examples=50, deadline=None)
@given(words_in(regex="(a|b)*a", alphabet="ab", max_len=30))
def test_members_are_accepted(w):
    assert accepts(EndsInA(), w)


@settings(max_examples=50, deadline=None)
@given(words_not_in(regex="(a|b)*a", alphabet="ab", max_len=30))
def test_non_members_are_rejected(w):
    assert not accepts(EndsInA(), w)


@pytest.mark.skipif("ATTNLOGIC_CHECKPOINT" not in os.environ, reason="set ATTNLOGIC_CHECKPOINT")
def test_a_model_trained_by_attnlogic_experiment():
    loaded = load_model(os.environ["ATTNLOGIC_CHECKPOINT"])      # readout eos, its alphabet
    from attnlogic.experiments.languages import get_language

    spec = get_language(loaded.language)
    assert_recognises(loaded.model, regex=spec.regex, alphabet=loaded.alphabet, readout=loaded.readout,
                      long_length=int(os.environ.get("ATTNLOGIC_LENGTH", "200")))
