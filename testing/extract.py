"""The automaton a model computes, learned with the model as membership oracle and the
checking engine as equivalence oracle: :func:`extract_dfa`.

* **membership** — :class:`ModelOracle` runs the model through its
  :class:`~.adapter.Adapter` in batches (one length per batch unless the adapter pads, about
  ``batch_tokens`` tokens each) and memoises every answer.  With the prefix readout one
  forward pass of w answers every prefix of w (a causal model's decision at position n has
  read w[:n] only), so of the words asked together only those that are no prefix of another
  are run; every prefix answer of a word of at most :data:`MEMO_LENGTH` letters is kept (at
  most :data:`MEMO_ENTRIES` answers in all, so that the memo's memory is bounded).  A
  prefix whose answer differs between two forward passes (a model that is not causal, or not
  deterministic) stops the learning: its answers would not be a language.
* **equivalence** — first every memoised answer is compared with the hypothesis (free: no
  forward pass); then :func:`attnlogic.testing.check` compares the model with the
  hypothesis's DFA: every word up to the exhaustive length, the hypothesis's distinguishing
  contexts, words one edit from its boundary, random words and long periodic, DFA-guided
  pumped and random words, with a fresh seed each round; the shortest disagreement found
  (shrunk along the hypothesis's cycles) is the counterexample.  The engine sees the model
  through a replay (:class:`_Replay`) that answers from the memo and runs the model only
  on words it has not seen.
* **the learner** — :func:`attnlogic.automata.learning.learn_dfa` (L* with Rivest–Schapire
  counterexample processing), bounded by ``max_states``, ``max_queries`` (words run through
  the model) and ``time_budget`` (seconds).

The result (:class:`Extraction`) says how the DFA was validated — it agrees with the model on
the words of the last check and on every memoised answer — never that it is the model's
language: a finite test cannot show that.  With a target language, the symmetric
difference of the extracted DFA and the target's, and the shortest word on each side, each
run through the model again (``confirmed``: the model's answer differs from the target's).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Callable

import numpy as np

from attnlogic.automata.dfa import DFA
from attnlogic.automata.learning import Learned, LearningStopped, learn_dfa
from attnlogic.automata.operations import difference, shortest_accepted, symmetric_difference
from attnlogic.kernel.errors import InputError
from attnlogic.kernel.limits import EXTRACTION_QUERIES, EXTRACTION_STATES, MODEL_SECONDS
from attnlogic.kernel.progress import StatusLine
from attnlogic.kernel.validate import integer, number
from attnlogic.kernel.words import join_word, separator

from .adapter import Adapter, unwrap_model
from .recognition import (_restricted, batches, check, inference_mode, model_context, model_vocabulary,
                          resolve_language)
from .report import ModelReport

__all__ = ["ModelOracle", "CheckEquivalence", "Extraction", "DifferenceWord", "extract_dfa", "MEMO_LENGTH",
           "MEMO_ENTRIES", "DEFAULT_MAX_STATES", "DEFAULT_MAX_QUERIES", "DEFAULT_TIME_BUDGET"]

#: the prefix answers of words of at most this many letters are memoised
MEMO_LENGTH = 256
#: the memo keeps at most this many answers (its memory is bounded; past it answers are
#: still checked against what it holds, and new ones are not kept)
MEMO_ENTRIES = 1 << 21
#: the learning's default bounds: states of a hypothesis, words run through the model, seconds
#: (kernel/limits.py holds them with every other default budget)
DEFAULT_MAX_STATES = EXTRACTION_STATES
DEFAULT_MAX_QUERIES = EXTRACTION_QUERIES
DEFAULT_TIME_BUDGET = MODEL_SECONDS


class ModelOracle:
    """Membership answers of a model read through an adapter, batched and memoised (module
    docstring).  ``max_queries`` bounds the words run through the model, ``deadline``
    (``time.monotonic()``) the time, ``room`` the letters of a word (the model's context);
    past one of them :class:`~attnlogic.automata.learning.LearningStopped` is raised."""

    def __init__(self, model: Callable, adapter: Adapter, *, max_queries: int, deadline: float | None,
                 room: int | None):
        self.model, self.adapter = model, adapter
        self.prefix = adapter.readout == "prefix"
        self.max_queries, self.deadline, self.room = max_queries, deadline, room
        self.memo: dict[tuple[int, ...], bool] = {}
        self.words = self.tokens = 0
        self.seconds = 0.0

    # -- running the model ----------------------------------------------------------------
    def run(self, words: list[tuple[int, ...]], budget: bool = True) -> dict:
        """The model's decisions on ``words`` (word → bool array: every prefix with the
        prefix readout, the whole word with eos), memoised; within the budgets when
        ``budget``."""
        ad = self.adapter
        out: dict = {}
        for batch in batches(ad, list(dict.fromkeys(words))):
            if budget:
                self._admit(batch)
            t0 = time.perf_counter()
            decisions = ad.decisions(self.model, [np.asarray(w, dtype=np.int64) for w in batch])
            self.seconds += time.perf_counter() - t0
            self.words += len(batch)
            self.tokens += sum(len(w) for w in batch) + ad.extra_tokens * len(batch)
            for w, d in zip(batch, decisions):
                d = np.asarray(d, dtype=bool)
                self._remember(w, d)
                out[w] = d
        return out

    def _admit(self, batch) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise LearningStopped("time", "the time budget was spent")
        if self.words + len(batch) > self.max_queries:
            raise LearningStopped("queries", f"{self.words} words were run through the model; the next "
                                             f"{len(batch)} would pass the budget of {self.max_queries}")
        longest = max(len(w) for w in batch)
        if self.room is not None and longest > self.room:
            raise LearningStopped("context", f"a word of {longest} letters is needed, and the model reads "
                                             f"words of at most {self.room} letters")

    def _remember(self, w: tuple[int, ...], d: np.ndarray) -> None:
        if self.prefix:
            items = [(w[:j], bool(d[j])) for j in range(min(len(w), MEMO_LENGTH) + 1)]
        else:
            items = [(w, bool(d[-1]))] if len(w) <= MEMO_LENGTH else []
        memo = self.memo
        full = len(memo) >= MEMO_ENTRIES
        for u, v in items:
            old = memo.get(u, v) if full else memo.setdefault(u, v)
            if old != v:
                letters = self.adapter.alphabet
                text = join_word([letters[a] for a in u], letters) or "ε"
                raise LearningStopped("oracle", f"the model's decision on {text!r} differs between two "
                                                "forward passes: with the prefix readout the model must "
                                                "be causal and deterministic")

    # -- answers --------------------------------------------------------------------------
    def member(self, words) -> list[bool]:
        """Whether the model accepts each word (tuples of letter indices)."""
        words = [tuple(w) for w in words]
        missing = [w for w in dict.fromkeys(words) if w not in self.memo]
        ran: dict = {}
        if missing and self.prefix:           # run only the words that are no prefix of another
            covered: set = set()
            keep = []
            for w in sorted(missing, key=len, reverse=True):
                if w in covered:
                    continue
                keep.append(w)
                if len(w) <= MEMO_LENGTH:
                    covered.update(w[:j] for j in range(len(w) + 1))
            ran = self.run(keep)
            missing = [w for w in missing if w not in self.memo and w not in ran]
        if missing:
            ran.update(self.run(missing))
        return [self.memo[w] if w in self.memo else bool(ran[w][-1]) for w in words]

    def decisions(self, words: list[tuple[int, ...]]) -> list[np.ndarray]:
        """The decisions the readout gives on each word (every prefix, or the whole word),
        from the memo where every one is known, else from the model."""
        memo = self.memo
        known: dict = {}
        todo = []
        for w in dict.fromkeys(words):
            if len(w) <= MEMO_LENGTH:
                us = [w[:j] for j in range(len(w) + 1)] if self.prefix else [w]
                if all(u in memo for u in us):
                    known[w] = np.array([memo[u] for u in us], dtype=bool)
                    continue
            todo.append(w)
        known.update(self.run(todo))
        return [known[w] for w in words]


class _Replay:
    """The model as the checking engine sees it in an equivalence query: token ids = letter
    indices, EOS = padding = the number of letters, numpy in, scores out (+1 accept, −1
    reject) at each prefix's position (index n for w[:n]) or, with the eos readout, at the
    word's EOS; answered by the :class:`ModelOracle` (memo first)."""

    def __init__(self, oracle: ModelOracle, k: int):
        self.oracle, self.k = oracle, k

    def __call__(self, tokens: np.ndarray) -> np.ndarray:
        B, T = tokens.shape
        words = []
        for row in np.asarray(tokens).tolist():
            n = row.index(self.k) if self.k in row else len(row)
            words.append(tuple(row[:n]))
        out = np.full((B, T), -1.0)
        for i, (w, d) in enumerate(zip(words, self.oracle.decisions(words))):
            if self.oracle.prefix:
                out[i, :len(w) + 1] = np.where(d, 1.0, -1.0)
            else:
                out[i, len(w)] = 1.0 if d[-1] else -1.0
        return out


class CheckEquivalence:
    """The equivalence oracle (module docstring): ``self(hypothesis)`` is a word on which the
    model and the hypothesis differ — a memoised answer first, else the shortest disagreement
    :func:`attnlogic.testing.check` finds with the round's seed (``seed`` + the round) — or
    None when the check agrees; ``reports`` keeps each round's :class:`~.report.ModelReport`.
    The check's words are those of its options, within the oracle's ``room``."""

    def __init__(self, oracle: ModelOracle, *, exhaustive_length: int | None = None, max_length: int = 40,
                 long_length: int = 1000, long_count: int = 16, seed: int = 0, label: str = "model",
                 status: Callable | None = None):
        self.oracle, self.status = oracle, status
        self.letters = oracle.adapter.alphabet
        room = oracle.room
        self.options = dict(exhaustive_length=exhaustive_length, max_length=max_length,
                            long_length=long_length if room is None else min(long_length, room),
                            long_count=long_count, context=None if room is None else room + 1,
                            use_hypothesis=False, label=label)
        self.seed = seed
        self.reports: list[ModelReport] = []
        self._replay = _Replay(oracle, len(self.letters))

    def __call__(self, hyp: DFA):
        oracle = self.oracle
        if self.status is not None:
            self.status(f"round {len(self.reports) + 1}: hypothesis of {hyp.n_states} states; checking it "
                        f"({oracle.words} words run through the model)")
        w = _memo_counterexample(oracle.memo, hyp)
        if w is not None:
            return w
        k = len(self.letters)
        report = check(self._replay, dfa=hyp, alphabet=self.letters, readout=oracle.adapter.readout, eos=k,
                       pad=k, tensors="numpy", seed=self.seed + len(self.reports), **self.options)
        self.reports.append(report)
        if report.ok:
            return None
        return tuple(self.letters.index(a) for a in report.counterexample)


@dataclass(frozen=True)
class DifferenceWord:
    """A shortest word on one side of the symmetric difference of the extracted language
    and the target (``side``: ``"extracted"`` — in the extracted language, not the target;
    ``"target"`` — the reverse), with the model's answer on it from a fresh forward pass and
    the target's; ``confirmed``: they differ (a real disagreement of the model with the
    target)."""

    word: tuple[str, ...]
    side: str
    model_accepts: bool
    target_accepts: bool

    @property
    def confirmed(self) -> bool:
        return self.model_accepts != self.target_accepts

    def to_json(self, sep: str = "") -> dict:
        return {"word": sep.join(self.word), "length": len(self.word), "side": self.side,
                "model_accepts": self.model_accepts, "target_accepts": self.target_accepts,
                "confirmed": self.confirmed}


@dataclass(frozen=True)
class Extraction:
    """What :func:`extract_dfa` learned (module docstring): the learner's outcome
    (``learned``: :class:`~attnlogic.automata.learning.Learned`), the minimal DFA (None when
    the learning stopped before a first hypothesis), ``complete`` (the equivalence oracle
    found no counterexample; otherwise ``reason``/``detail`` say which budget stopped it and
    ``dfa`` is the last hypothesis, not validated), the counterexamples processed
    (``rounds``), ``queries`` (distinct words the learner asked), ``model_words`` and
    ``tokens`` (run through the model), ``model_seconds`` (in the model) and ``seconds`` (in
    all), ``memo`` (answers memoised, every one of which the DFA agrees with when complete),
    ``validation`` (the last check of the model against the DFA), and with a target its
    description, the DFA of the symmetric difference and :class:`DifferenceWord` s."""

    model: str
    alphabet: tuple[str, ...]
    readout: str
    learned: Learned
    dfa: DFA | None
    model_words: int
    tokens: int
    model_seconds: float = field(compare=False)
    seconds: float = field(compare=False)
    memo: int
    validation: ModelReport | None
    target: str | None = None
    target_dfa: DFA | None = None
    difference: DFA | None = None
    differences: tuple[DifferenceWord, ...] = ()

    @property
    def complete(self) -> bool:
        return self.learned.complete and self.validation is not None

    #: the learner's outcome, read through: why it stopped, in words, its counterexamples
    #: processed and its distinct queries
    reason = property(attrgetter("learned.reason"))
    detail = property(attrgetter("learned.detail"))
    rounds = property(attrgetter("learned.rounds"))
    queries = property(attrgetter("learned.queries"))

    @property
    def separator(self) -> str:
        return separator(self.alphabet)

    def validation_text(self) -> str:
        """How the DFA was validated, in words (never "equivalent")."""
        v = self.validation
        if not self.complete or v is None:
            last = "the DFA is the last hypothesis" if self.dfa is not None else "no hypothesis was made"
            return f"NOT validated: the learning stopped ({self.reason}: {self.detail}); {last}"
        what = "prefixes" if v.readout == "prefix" else "words"
        every = "of length" if v.readout == "prefix" else "up to length"
        return (f"agrees with the model on {v.words} words up to length {v.max_length} ({v.decisions} "
                f"{what}; all words {every} {v.exhaustive_length}) and on all {self.memo} answers "
                "memoised while learning and checking")

    @property
    def same_as_target(self) -> bool | None:
        """The extracted language equals the target's (None without a target or a DFA)."""
        if self.difference is None:
            return None
        return not bool(self.difference.accepting[self.difference.reachable].any())


def _check_budgets(max_states, max_queries, time_budget) -> None:
    integer("max_states", max_states, 1, 1_000_000)
    integer("max_queries", max_queries, 1)
    number("time_budget", time_budget, above=0)


def extract_dfa(model: Callable, *, alphabet=None, formula=None, regex=None, dfa=None, language=None,
                adapter: Adapter | None = None, readout: str | None = None,
                max_states: int = DEFAULT_MAX_STATES, max_queries: int = DEFAULT_MAX_QUERIES,
                time_budget: float = DEFAULT_TIME_BUDGET, exhaustive_length: int | None = None,
                max_length: int = 40, long_length: int = 1000, long_count: int = 16, seed: int = 0,
                context: int | None = None, label: str = "model", progress: bool = False,
                **adapter_options) -> Extraction:
    """Learn the DFA ``model`` computes (module docstring).

    Model and reading as for :func:`attnlogic.testing.check` (``adapter``, or ``readout`` and
    the adapter's options; a compiled model over its own letters); the readout must give a
    decision on the empty word (a BOS or an EOS token).  ``alphabet``: the letters (default:
    the compiled model's, else the target's).  The target (optional): ``formula``, ``regex``,
    ``dfa`` or ``language``.  Equivalence queries: every word up to ``exhaustive_length``,
    random and boundary words of at most ``max_length`` letters and ``long_count`` words of
    ``long_length`` letters per round.  Budgets: ``max_states``, ``max_queries`` (words run
    through the model, confirmations excepted), ``time_budget`` (seconds, from the call)."""
    start = time.monotonic()
    _check_budgets(max_states, max_queries, time_budget)
    for name, v in (("max_length", max_length), ("long_length", long_length), ("long_count", long_count),
                    ("seed", seed)):
        integer(name, v, 0)
    model, model_letters = unwrap_model(model)
    if model_letters is not None and adapter is None and "token_ids" not in adapter_options:
        adapter_options["token_ids"] = {a: i for i, a in enumerate(model_letters)}
        adapter_options.setdefault("eos", len(model_letters))
        adapter_options.setdefault("pad", len(model_letters))     # causal: words of any lengths share a pass
    if model_letters is not None and alphabet is None and (formula is not None or regex is not None):
        alphabet = model_letters             # the target over the compiled model's letters
    given = any(x is not None for x in (formula, regex, dfa, language))
    target = resolve_language(formula, regex, dfa, language, alphabet) if given else None
    if adapter is None:
        letters = (tuple(alphabet) if alphabet is not None else model_letters if model_letters is not None
                   else target.alphabet if target is not None else None)
        if letters is None:
            raise InputError("give the alphabet (or a target language over it)", parameters=("alphabet",))
        adapter = Adapter(letters, readout or "prefix", **adapter_options)
    elif readout is not None or adapter_options:
        raise InputError("give an adapter or its options, not both", parameters=("adapter", "readout"))
    if adapter.bos is None and adapter.eos is None:
        raise InputError("the model must decide the empty word to be learned: give a BOS or an EOS token",
                         parameters=("bos", "eos"))
    letters = adapter.alphabet
    target_dfa = None if target is None else _restricted(target.dfa, letters).minimal()
    adapter.check_vocabulary(model_vocabulary(model))
    limit = model_context(model) if context is None else context
    room = None if limit is None else limit - adapter.extra_tokens
    if room is not None and room < 0:
        raise InputError(f"the model reads at most {limit} tokens: no word fits with BOS/EOS",
                         parameters=("context",))
    oracle = ModelOracle(model, adapter, max_queries=max_queries, deadline=start + time_budget, room=room)
    status = StatusLine("extract", progress)
    equivalence = CheckEquivalence(oracle, exhaustive_length=exhaustive_length, max_length=max_length,
                                   long_length=long_length, long_count=long_count, seed=seed, label=label,
                                   status=status)
    with inference_mode(model), status:
        learned = learn_dfa(letters, oracle.member, equivalence, max_states=max_states,
                            deadline=start + time_budget)
        differences, diff = (), None
        if target_dfa is not None and learned.dfa is not None:
            diff, differences = _differences(oracle, learned.dfa, target_dfa)
    return _extraction(label, adapter, learned, oracle, equivalence.reports, target, target_dfa, diff,
                       differences, time.monotonic() - start)


def _extraction(label, adapter, learned: Learned, oracle: ModelOracle, last, target, target_dfa, diff,
                differences, seconds) -> Extraction:
    validation = last[-1] if learned.complete and last and last[-1].ok else None
    return Extraction(label, adapter.alphabet, adapter.readout, learned,
                      None if learned.dfa is None else learned.dfa.minimal(), oracle.words, oracle.tokens, oracle.seconds, seconds, len(oracle.memo), validation,
                      None if target is None else target.describe(), target_dfa, diff, differences)


def _memo_counterexample(memo: dict, hyp: DFA):
    """The shortest (then least) memoised word on which ``hyp`` differs from the model."""
    rows = hyp.transitions.tolist()
    acc = hyp.accepting.tolist()
    best = None
    for w, v in memo.items():
        if best is not None and len(w) > len(best):
            continue
        q = hyp.initial
        for a in w:
            q = rows[q][a]
        if acc[q] != v and (best is None or (len(w), w) < (len(best), best)):
            best = w
    return best


def _differences(oracle: ModelOracle, learned: DFA, target: DFA):
    """The minimal DFA of the symmetric difference, and the shortest word on each side,
    each run through the model afresh (no memo, no budget)."""
    diff = symmetric_difference(learned, target).minimal()
    words = []
    for side, dfa in (("extracted", difference(learned, target)), ("target", difference(target, learned))):
        w = shortest_accepted(dfa)
        if w is not None:
            words.append((side, tuple(w)))
    index = {a: i for i, a in enumerate(learned.alphabet)}
    coded = [tuple(index[a] for a in w) for _, w in words]
    saved, oracle.memo = oracle.memo, {}         # a fresh forward pass, not the memo
    try:
        ran = oracle.run(coded, budget=False)
    finally:
        oracle.memo = saved
    out = tuple(DifferenceWord(w, side, bool(ran[c][-1]), target.accepts(list(w)))
                for (side, w), c in zip(words, coded))
    return diff, out
