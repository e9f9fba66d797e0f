"""L* with Rivest–Schapire counterexample processing (automata/learning.py), with a DFA as
both oracles: every language learned is exactly the target's minimal DFA (compared with the
minimisation, an independent path), in at most n − 1 counterexamples, with hypotheses never
larger than the target; long counterexamples go through the binary search; budgets and a
lying oracle stop the learning with the reason."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.learning import WHOLE_COUNTEREXAMPLE, LearningStopped, learn_dfa
from attnlogic.automata.operations import shortest_distinguishing_word
from attnlogic.automata.regex import regex_to_dfa


def _oracles(target, long_words: bool = False, seed: int = 0):
    """Membership by the target DFA; equivalence by the shortest distinguishing word, or
    (``long_words``) by a random word of more than WHOLE_COUNTEREXAMPLE letters on which they
    differ, when one is found."""
    asked = []
    rng = np.random.default_rng(seed)
    k = len(target.alphabet)

    def member(words):
        asked.append(len(words))
        return [target.accepts(np.asarray(w, dtype=np.int64)) for w in words]

    def counterexample(hyp):
        assert hyp.n_states <= target.n_states     # L* never overshoots the minimal DFA
        if long_words:
            for _ in range(200):
                w = rng.integers(0, k, WHOLE_COUNTEREXAMPLE + 1 + int(rng.integers(0, 100)))
                if hyp.accepts(w) != target.accepts(w):
                    return tuple(int(a) for a in w)
        w = shortest_distinguishing_word(hyp, target)
        return None if w is None else tuple(target.letter_index(a) for a in w)

    return member, counterexample, asked


def _census_sample():
    small = list(minimal_dfas(3, "ab"))
    four = list(itertools.islice(minimal_dfas(4, "ab"), 2000, None, 400))
    return small[::7] + four


@pytest.mark.parametrize("target", _census_sample(), ids=lambda d: f"{d.n_states}s")
def test_every_census_language_is_learned_exactly(target):
    member, cex, _ = _oracles(target)
    learned = learn_dfa(target.alphabet, member, cex)
    assert learned.complete and learned.reason == "complete"
    assert learned.dfa.minimal() == target.minimal()
    assert learned.rounds <= target.minimal().n_states - 1
    assert len(learned.counterexamples) == learned.rounds


@pytest.mark.parametrize("regex,alphabet", [("(b*ab*ab*a)*b*", "ab"), ("(a|b|c)*ab(a|b|c)*", "abc"),
                                            ("((a|b)(a|b)(a|b))*", "ab"), ("(a(ab)*b)*", "ab")])
def test_long_counterexamples_are_processed_by_binary_search(regex, alphabet):
    target = regex_to_dfa(regex, alphabet)
    member, cex, _ = _oracles(target, long_words=True)
    learned = learn_dfa(target.alphabet, member, cex)
    assert learned.complete and learned.dfa.minimal() == target.minimal()
    assert any(len(w) > WHOLE_COUNTEREXAMPLE for w in learned.counterexamples)


def test_max_states_stops_with_the_last_hypothesis():
    target = regex_to_dfa("((a|b)(a|b)(a|b)(a|b)(a|b))*", "ab")       # 5 states
    member, cex, _ = _oracles(target)
    learned = learn_dfa(target.alphabet, member, cex, max_states=3)
    assert not learned.complete and learned.reason == "max-states"
    assert learned.dfa is None or learned.dfa.n_states <= 3


def test_an_oracle_budget_stops_the_learning():
    target = regex_to_dfa("(a|b)*ab(a|b)*", "ab")
    member, cex, _ = _oracles(target)
    calls = []

    def budgeted(words):
        calls.append(1)
        if len(calls) > 2:
            raise LearningStopped("queries", "spent")
        return member(words)

    learned = learn_dfa(target.alphabet, budgeted, cex)
    assert (learned.complete, learned.reason, learned.detail) == (False, "queries", "spent")


def test_a_false_counterexample_is_refused():
    target = regex_to_dfa("(a|b)*a", "ab")
    member, _, _ = _oracles(target)
    learned = learn_dfa(target.alphabet, member, lambda hyp: (0, 1, 0))
    assert not learned.complete and learned.reason == "oracle"
    assert learned.counterexamples == ((0, 1, 0),)


def test_queries_come_in_batches():
    """The table's cells are asked a batch at a time, not one word per call."""
    target = regex_to_dfa("(a|b)*ab(a|b)*", "ab")
    member, cex, asked = _oracles(target)
    learned = learn_dfa(target.alphabet, member, cex)
    assert learned.complete
    assert len(asked) < learned.queries and max(asked) > 1


@pytest.mark.parametrize("regex,alphabet", [("(a|b)*ab(a|b)*", "ab"), ("(b*ab*ab*a)*b*", "ab"),
                                            ("(a(ab)*b)*", "ab"), ("(a|b|c)*a(a|b|c)*b", "abc")])
def test_aalpy_s_lstar_learns_the_same_dfa(regex, alphabet):
    """A peer on the same oracles (AALpy's L*, Rivest–Schapire processing): the same minimal
    DFA.  Skipped without AALpy (pip install 'attnlogic[extract-peers]')."""
    pytest.importorskip("aalpy")
    from aalpy.base import SUL, Oracle
    from aalpy.learning_algs import run_Lstar

    from attnlogic.automata.convert import from_aalpy

    target = regex_to_dfa(regex, alphabet)
    letters = tuple(alphabet)

    class Target(SUL):
        def query(self, word):
            self.num_queries += 1
            states = target.state_trace(list(word))
            return [bool(target.accepting[q]) for q in (states if not word else states[1:])]

        pre = post = step = lambda self, *letter: None       # query above answers whole words

    class Shortest(Oracle):
        def find_cex(self, hypothesis):
            return shortest_distinguishing_word(from_aalpy(hypothesis, letters), target)

    sul = Target()
    peer = from_aalpy(run_Lstar(list(letters), sul, Shortest(list(letters), sul), automaton_type="dfa",
                             cex_processing="rs", print_level=0), letters).minimal()
    member, cex, _ = _oracles(target)
    learned = learn_dfa(letters, member, cex)
    assert learned.dfa.minimal() == peer == target.minimal()
