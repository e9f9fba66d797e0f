"""attnlogic.testing: any model against any language, the shortest counterexample, the
pytest plugin (run through pytester on a user's test file), cross-checked by brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import torch

from attnlogic.automata.sources import load_language
from attnlogic.testing import Adapter, check

torch.set_num_threads(1)

#: the user's test file of the evidence: 20 lines, public API only, no attnlogic classes
USER_TEST = '''
import torch
from attnlogic.testing import assert_recognises

class EndsInA(torch.nn.Module):
    """Score > 0 at a position iff the token before it is a (id 0); b = 1, EOS = 2."""
    def __init__(self, wrong_length=None):
        super().__init__()
        self.wrong_length = wrong_length
    def forward(self, tokens):
        before = torch.nn.functional.pad(tokens, (1, 0), value=2)[:, :-1]
        score = (before == 0).float() * 2 - 1
        if tokens.shape[1] - 1 == self.wrong_length:   # planted error: words of this length
            score = -score
        return score

def test_ends_in_a():
    assert_recognises(EndsInA(), regex="(a|b)*a", alphabet="ab", readout="eos")

def test_planted_error_at_length_7():
    assert_recognises(EndsInA(wrong_length=7), regex="(a|b)*a", alphabet="ab", readout="eos")
'''


def _ends_in_a_module(wrong_length=None):
    namespace: dict = {}
    exec(compile(USER_TEST, "user_test", "exec"), namespace)
    return namespace["EndsInA"](wrong_length)


def _brute_shortest(decide, accepts, alphabet, max_len):
    """The length-lexicographically first word of length ≤ max_len where decide ≠ accepts."""
    for n in range(max_len + 1):
        for w in itertools.product(alphabet, repeat=n):
            if decide(w) != accepts(w):
                return w
    return None


def test_user_test_file_passes_and_the_planted_error_fails_at_length_7(pytester):
    assert len(USER_TEST.strip().splitlines()) <= 20
    pytester.makepyfile(test_user=USER_TEST)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*shortest counterexample: 'aaaaaaa' (7 letters)*the model rejects it, "
                                 "the language accepts it*"])


def test_the_plugin_fixture_and_seed_option(pytester):
    pytester.makepyfile(test_fixture=USER_TEST.replace("from attnlogic.testing import assert_recognises\n", "")
                        .replace("def test_ends_in_a():", "def test_ends_in_a(assert_recognises):")
                        .replace("def test_planted_error_at_length_7():",
                                 "def test_planted_error_at_length_7(assert_recognises):"))
    result = pytester.runpytest("-p", "no:cacheprovider", "--attnlogic-seed", "3")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*'aaaaaaa' (7 letters)*"])


def test_planted_error_counterexample_is_the_brute_force_shortest():
    model = _ends_in_a_module(7)
    report = check(model, regex="(a|b)*a", alphabet="ab", readout="eos")
    adapter = Adapter(("a", "b"), "eos")

    def decide(w):
        return bool(adapter.decisions(model, [np.array(["ab".index(c) for c in w], dtype=np.int64)])[0][-1])

    want = _brute_shortest(decide, lambda w: bool(w) and w[-1] == "a", "ab", 9)
    assert report.counterexample == want == tuple("aaaaaaa")
    assert report.model_answer is False and report.language_answer is True
    assert report.kinds["exhaustive"]["disagreements"] == 2 ** 7   # every word of length 7, no other


def test_shrinking_finds_the_shortest_when_only_long_words_are_drawn():
    """No exhaustive phase: the first disagreement is a long random word; the DFA-guided and
    hypothesis shrinking must bring it down to a shortest one (brute force below)."""

    class WrongWhenLongAndBab(torch.nn.Module):
        def forward(self, tokens):          # ends-in-a, but flipped for words ≥ 9 containing b a b
            t = tokens[:, :-1]
            score = (t[:, -1:] == 0).float() * 2 - 1 if t.shape[1] else torch.full((len(t), 1), -1.0)
            if t.shape[1] >= 9:
                has = ((t[:, :-2] == 1) & (t[:, 1:-1] == 0) & (t[:, 2:] == 1)).any(dim=1, keepdim=True)
                score = torch.where(has, -score, score)
            return torch.cat([torch.zeros(t.shape[0], t.shape[1], device=t.device), score], dim=1)

    model = WrongWhenLongAndBab()
    report = check(model, regex="(a|b)*a", alphabet="ab", readout="eos", exhaustive_length=0,
                   contexts=0, boundary=0, random=0, long_length=30, long_count=16)
    assert not report.ok and report.found_length == 30
    w = report.counterexample
    assert len(w) == 9
    ends_a = (w[-1] == "a")
    assert report.language_answer == ends_a and report.model_answer != ends_a
    has = any(w[i:i + 3] == ("b", "a", "b") for i in range(len(w) - 2))
    assert has                                           # the flip is what made it wrong


def test_prefix_readout_on_a_compiled_model_and_the_shortest_prefix():
    from attnlogic.compiler import compile_formula

    c = compile_formula("P (b & Y a)", "abc")
    assert check(c.model, regex="(a|b|c)*ab(a|b|c)*", alphabet="abc", readout="prefix").ok
    assert check(c.model, regex="(a|b|c)*ab(a|b|c)*", alphabet="abc", readout="eos").ok
    wrong = check(c.model, regex="(a|b|c)*ba(a|b|c)*", alphabet="abc", readout="prefix")
    d = load_language(regex="(a|b|c)*ba(a|b|c)*", alphabet="abc").dfa
    want = _brute_shortest(c.accepts, d.accepts, "abc", 4)
    assert wrong.counterexample == tuple(want) and len(want) == 2


def test_bos_no_eos_and_class_index_adapters():
    """The same language through three conventions: BOS + prefix, no markers + eos, two
    classes read by argmax."""
    class LastIsA(torch.nn.Module):
        def __init__(self, bos=None, classes=False):
            super().__init__()
            self.bos, self.classes = bos, classes

        def forward(self, tokens):
            s = (tokens == 0).float() * 2 - 1          # this position holds a
            if self.bos is not None:
                s = torch.where(tokens == self.bos, -torch.ones_like(s), s)
            return torch.stack([-s, s], dim=-1) if self.classes else s

    lang = dict(regex="(a|b)*a", alphabet="ab")
    assert check(LastIsA(bos=5), readout="prefix", bos=5, eos=None, **lang).ok
    assert check(LastIsA(), readout="eos", eos=None, **lang).ok
    assert check(LastIsA(classes=True), readout="eos", eos=None, argmax=True, class_index=1, **lang).ok
    bad = check(LastIsA(classes=True), readout="eos", eos=None, argmax=True, class_index=0, **lang)
    assert bad.counterexample == ("a",) and bad.model_answer is False


def test_a_plain_numpy_callable_and_bad_shapes():
    from attnlogic.kernel.errors import InputError

    def parity_of_b(tokens):                    # numpy in, numpy out
        return np.where(np.cumsum(tokens == 1, axis=1) % 2 == 0, 1.0, -1.0)

    assert check(parity_of_b, regex="a*(ba*ba*)*", alphabet="ab", readout="eos", tensors="numpy",
                 eos=0, token_ids={"a": 0, "b": 1}).ok
    with pytest.raises(InputError):
        check(lambda t: np.zeros(3), regex="a*", alphabet="ab", tensors="numpy")


def test_word_sources_are_what_they_say():
    from attnlogic.testing.words import boundary_words, context_words, dfa_table

    d = load_language(regex="(a|b)*ab(a|b)*", alphabet="ab").dfa
    table = dfa_table(d, "ab")
    rng = np.random.default_rng(0)
    seeds = [rng.integers(0, 2, 8) for _ in range(6)]
    text = lambda w: "".join("ab"[a] for a in w)
    near = boundary_words(table, d.initial, d.accepting, seeds, 50, rng)
    assert near
    for w in near:           # one edit from some seed, on the other side
        assert any(d.accepts(text(s)) != d.accepts(text(w)) and _edit_distance(text(s), text(w)) == 1
                   for s in seeds)
    ctx = context_words(table, d.initial, d.accepting)
    assert {d.accepts(text(w)) for w in ctx} == {True, False}


def _edit_distance(u: str, v: str) -> int:
    prev = list(range(len(v) + 1))
    for i, a in enumerate(u, 1):
        cur = [i]
        for j, b in enumerate(v, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a != b)))
        prev = cur
    return prev[-1]


def test_the_example_file_runs_under_the_plugin(pytester):
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "test_your_model.py"
    pytester.makepyfile(test_example=example.read_text())
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, skipped=1)


def test_shrinking_a_long_counterexample_builds_a_bounded_number_of_words():
    """A counterexample of 300,000 letters over a 2-state DFA has ~2·10^10 cuts w[:i] + w[j:]
    between two visits of one state; shrinking built all of them (a 442,415-letter one took
    24 GB and was killed).  Now one round builds at most ``limit`` words, each a cut between
    two visits of one state (the language's answer kept) or a single-letter deletion, the
    longest cut first; short words still get every cut, ordered by (length, word)."""
    from attnlogic.testing.recognition import _SHRINK_EXACT, _shrink_candidates

    rng = np.random.default_rng(0)
    word = tuple(int(a) for a in rng.integers(0, 2, size=300_000))
    table = [[0, 1], [1, 0]]                    # parity of b's
    states = [0]
    for a in word:
        states.append(table[states[-1]][a])
    got = _shrink_candidates(word, states, 64)
    assert len(got) == 64
    assert [len(w) for w in got] == sorted(len(w) for w in got)
    for w in got:
        run = 0
        for a in w:
            run = table[run][a]
        assert run == states[-1] or len(w) == len(word) - 1      # a cut keeps the state; else a deletion
    first, last = {}, {}
    for i, q in enumerate(states):
        first.setdefault(q, i)
        last[q] = i
    assert len(got[0]) == len(word) - max(last[q] - first[q] for q in first)
    short = (0, 1, 1, 0, 1)
    s_states = [0]
    for a in short:
        s_states.append(table[s_states[-1]][a])
    every = _shrink_candidates(short, s_states, 1000)
    cuts = {short[:i] + short[j:] for i in range(6) for j in range(i + 1, 6) if s_states[i] == s_states[j]}
    assert set(every) == cuts | {short[:i] + short[i + 1:] for i in range(5)}
    assert every == sorted(every, key=lambda w: (len(w), w)) and _SHRINK_EXACT >= 1000
