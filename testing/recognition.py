"""Check any model against any regular language: :func:`check` and :func:`assert_recognises`.

The language (a formula, a regex, a DFA file or a DFA object: :func:`attnlogic.load_language`)
becomes its minimal DFA, the exact oracle.  The model is read through an
:class:`~.adapter.Adapter`.  Words come from the sources of :mod:`.words` — exhaustive up to a
length, random, near the boundary, the DFA's distinguishing contexts, long periodic words
and DFA-guided pumps — and every decision the readout gives (every prefix, or the whole
word) is compared with the DFA.

The counterexample reported is the shortest disagreeing word found, then shrunk:

1. DFA-guided shortening — where the DFA's run on w visits a state twice, at i < j, the
   word with w[i:j] cut out has the same answer in the language; every such cut, and every
   single-letter deletion, is tried (one batch per round), the shortest (then
   length-lexicographically least) word on which the model still disagrees is kept, until
   no candidate disagrees;
2. hypothesis shrinking (when hypothesis is installed) — :func:`hypothesis.find` over the
   words of at most that length, with its own shrinker, keeps whichever is shorter.

Shrinking is bounded (:data:`SHRINK_TOKENS` tokens fed to the model in all; hypothesis only
for words of at most :data:`HYPOTHESIS_MAX_LENGTH` letters), so a counterexample found on a
word of 10^5 letters does not cost 10^5 forward passes of that length.  Every word up to the
exhaustive length is checked, so a counterexample of at most that length is a shortest
one; a longer one is reported as the shortest *found* (:class:`~.report.ModelReport`).

The model runs in inference mode for the check: an ``nn.Module`` is put in ``eval()`` (no
dropout) under ``torch.no_grad()``, and the ``training`` flag of each of its submodules is
restored afterwards.  A model with a position limit (``config.n_positions``,
``config.max_position_embeddings``, ``config.max_positions`` of attnlogic's own models, or
``context=``) only gets words that fit: the long words are shortened to the limit (the
report says how many) and the exhaustive and random lengths are capped below it.

Everything here runs in the caller's process: a model given as a file or a factory name
runs isolated in a child process with a time and memory budget through
:func:`attnlogic.testing.isolation.check_isolated`.
"""

from __future__ import annotations

import itertools
import sys
import time
from contextlib import contextmanager
from typing import Callable

import numpy as np

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.validate import integer

from .adapter import Adapter, unwrap_model
from .report import ModelReport
from .words import boundary_words, context_words, dfa_table, exhaustive, long_words, random_words
from attnlogic.kernel.progress import Counter
from attnlogic.automata.sources import Language, load_language
from attnlogic.automata.dfa import DFA
from attnlogic.ltl import prefix_acceptance
from attnlogic.automata.sampling import UniformSampler, rejected_sampler

__all__ = ["ModelReport", "check", "assert_recognises", "resolve_language", "exhaustive_budget",
           "model_context", "model_vocabulary", "inference_mode", "SHRINK_TOKENS"]

#: candidates tried per shrinking round (the shortest ones)
_SHRINK_BATCH = 4096
#: tokens the shrinking may feed the model, in all rounds together
SHRINK_TOKENS = 1 << 22
#: at most this many cuts and deletions are all built and sorted in one shrinking round; past
#: it (long words) only the cuts from the first or to the last visit of a state
_SHRINK_EXACT = 200_000
#: hypothesis shrinks counterexamples of at most this many letters
HYPOTHESIS_MAX_LENGTH = 64
#: the most words hypothesis's shrinking may run through the model (its shrinker is not bounded
#: by max_examples; past this the shortest counterexample found by our own shrinking is kept)
HYPOTHESIS_MAX_CALLS = 2000
#: words of the exhaustive phase (its default length is the largest within this budget)
EXHAUSTIVE_BUDGET = 1 << 13
#: the exhaustive length never exceeds this
EXHAUSTIVE_CAP = 14


def resolve_language(formula=None, regex=None, dfa=None, language=None, alphabet=None):
    """The :class:`~attnlogic.automata.sources.Language` of exactly one source."""

    if language is not None:
        if any(x is not None for x in (formula, regex, dfa)):
            raise InputError("give one language source", parameters=("formula", "regex", "dfa", "language"))
        if not isinstance(language, Language):
            raise InputError(f"language: expected a Language, got {type(language).__name__}",
                             parameters=("language",))
        return language
    return load_language(formula=formula, regex=regex, dfa=dfa, alphabet=alphabet)


def exhaustive_budget(k: int, readout: str, budget: int = EXHAUSTIVE_BUDGET, cap: int = EXHAUSTIVE_CAP) -> int:
    """The largest L ≤ cap whose exhaustive phase costs at most ``budget`` words: k^L words
    of length L for the prefix readout (their prefixes are all shorter words), all
    1 + k + … + k^L words up to L for the eos readout."""
    L = 0
    while L < cap:
        n = k ** (L + 1) if readout == "prefix" else sum(k ** i for i in range(L + 2))
        if n > budget:
            break
        L += 1
    return L


def model_context(model) -> int | None:
    """The most tokens ``model`` reads, when it says: ``config.n_positions`` (GPT-2),
    ``config.max_position_embeddings`` (most Hugging Face models), ``config.max_positions``
    (attnlogic's Transformer: its learned or sinusoidal table); None when it names none."""
    cfg = getattr(model, "config", None)
    for name in ("n_positions", "max_position_embeddings", "max_positions"):
        v = getattr(cfg, name, None)
        if isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v > 0:
            return int(v)
    return None


def model_vocabulary(model) -> int | None:
    """The number of token ids ``model`` reads, when its ``config.vocab_size`` says."""
    v = getattr(getattr(model, "config", None), "vocab_size", None)
    return int(v) if isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v > 0 else None


@contextmanager
def inference_mode(model):
    """``model`` in ``eval()`` under ``torch.no_grad()`` for the block; every submodule's
    ``training`` flag restored after (a callable that is not an ``nn.Module`` runs as it is)."""
    torch = sys.modules.get("torch")         # a model that is a torch module has imported it
    if torch is None:
        yield
        return
    modes = [(m, m.training) for m in model.modules()] if isinstance(model, torch.nn.Module) else []
    if modes:
        model.eval()
    try:
        with torch.no_grad():
            yield
    finally:
        for m, training in modes:
            m.training = training


def _prefix_states(table: np.ndarray, initial: int, words: np.ndarray) -> np.ndarray:
    """The DFA's state after every prefix of words of one length: [B, N] → [B, N+1]; a batch
    of many words advances in lock step (one table gather per position), a few words each
    in one pass of Python's accumulate."""
    B, N = words.shape
    if B < 16:          # a numpy step costs about as much as 20 Python steps
        rows = table.tolist()
        return np.array([list(itertools.accumulate(w.tolist(), lambda q, a: rows[q][a], initial=initial))
                         for w in words], dtype=np.int64).reshape(B, N + 1)
    states = np.empty((B, N + 1), dtype=np.int64)
    states[:, 0] = initial
    for j in range(N):
        states[:, j + 1] = table[states[:, j], words[:, j]]
    return states


def batches(adapter: Adapter, words: list):
    """``words`` in batches of one length (any lengths when ``adapter`` pads) of about
    ``adapter.batch_tokens`` tokens each."""
    groups: dict = {}
    for w in words:
        groups.setdefault(len(w) if adapter.pad is None else 0, []).append(w)
    for group in groups.values():
        longest = max(len(w) for w in group) + adapter.extra_tokens
        step = max(1, adapter.batch_tokens // max(1, longest))
        for s in range(0, len(group), step):
            yield group[s:s + step]


class _Run:
    """One check's state: the model, the adapter, the DFA (columns in alphabet order), the
    oracle, and the running tallies."""

    def __init__(self, model, adapter: Adapter, table, initial, accepting, evaluator=None):
        self.model, self.adapter = model, adapter
        self.table, self.initial, self.acc = table, initial, np.asarray(accepting, dtype=bool)
        self.evaluator = evaluator
        self.words = self.decisions = self.disagreements = self.tokens = self.longest = 0
        self.seconds = 0.0
        self.best: tuple[int, ...] | None = None
        self.best_answers: tuple[bool, bool] | None = None
        self.kinds: dict[str, dict[str, int]] = {}

    def truth(self, words: np.ndarray) -> np.ndarray:
        """The language on every prefix of words of one length: [B, N] → [B, N+1] (the DFA, or
        the reference evaluator when one was given)."""
        if self.evaluator is not None:
            return np.stack([self.evaluator(w) for w in words]).reshape(words.shape[0], words.shape[1] + 1)
        return self.acc[_prefix_states(self.table, self.initial, words)]

    def model_decisions(self, words: list) -> list[np.ndarray]:
        """The model's decisions on one batch (one length unless the adapter pads), timed."""
        ad = self.adapter
        t0 = time.perf_counter()
        out = ad.decisions(self.model, words)
        self.seconds += time.perf_counter() - t0
        self.tokens += sum(len(w) for w in words) + ad.extra_tokens * len(words)
        return out

    def batches(self, words: list):
        """``words`` in batches of one length (any lengths when the adapter pads) of about
        ``batch_tokens`` tokens (:func:`batches`)."""
        return batches(self.adapter, words)

    def compare(self, words: list, kind) -> None:
        """Every decision of the model on ``words`` against the language's, tallied as ``kind``
        (one name, or one per word)."""
        kinds = [kind] * len(words) if isinstance(kind, str) else list(kind)
        for name in dict.fromkeys(kinds):
            self.kinds.setdefault(name, {"words": 0, "disagreements": 0})
        index = {id(w): k for w, k in zip(words, kinds)}
        for batch in self.batches(words):
            self._compare_batch(batch, [index[id(w)] for w in batch])

    def _compare_batch(self, words: list, kinds: list) -> None:
        got = self.model_decisions(words)
        first = self.adapter.first_prefix
        prefix = self.adapter.readout == "prefix"
        by_length: dict[int, list[int]] = {}
        for i, w in enumerate(words):
            by_length.setdefault(len(w), []).append(i)
        for n, idx in by_length.items():
            batch = np.array([words[i] for i in idx], dtype=np.int64).reshape(len(idx), n)
            self.words += len(idx)
            for i in idx:
                self.kinds[kinds[i]]["words"] += 1
            self.longest = max(self.longest, n)
            dec = np.stack([got[i] for i in idx])
            if dec.shape[1] == 0:                    # the empty word without BOS/EOS: no decision
                continue
            truth = self.truth(batch)
            want = truth[:, first:] if prefix else truth[:, -1:]
            bad = dec != want
            count = int(bad.sum())
            self.decisions += dec.size
            self.disagreements += count
            if count:
                per_word = bad.sum(axis=1)
                for r in np.flatnonzero(per_word):
                    self.kinds[kinds[idx[r]]]["disagreements"] += int(per_word[r])
                rows = np.flatnonzero(bad.any(axis=1))
                cols = bad[rows].argmax(axis=1)
                for r, c in zip(rows, cols):
                    cut = (int(c) + first) if prefix else n
                    if self.best is not None and cut > len(self.best):
                        continue
                    cand = tuple(int(a) for a in batch[r, :cut])
                    if self.best is None or (len(cand), cand) < (len(self.best), self.best):
                        self.best = cand
                        self.best_answers = (bool(dec[r, c]), bool(want[r, c]))

    def final(self, words: list) -> list[tuple[bool, bool] | None]:
        """(model, language) on each whole word, or None where the readout has no decision."""
        got: list = []
        for batch in self.batches(words):        # batches keep the order of one-length groups
            got.extend(zip(batch, self.model_decisions(batch)))
        answers = {}
        for w, d in got:
            truth = self.truth(np.asarray(w, dtype=np.int64).reshape(1, len(w)))[0, -1]
            answers[tuple(int(a) for a in w)] = None if len(d) == 0 else (bool(d[-1]), bool(truth))
        return [answers[tuple(int(a) for a in w)] for w in words]


def _shrink_candidates(best: tuple, states: list, limit: int) -> list:
    """At most ``limit`` shortenings of ``best`` for one round, shortest first: the cuts
    best[:i] + best[j:] with states[i] = states[j] (the DFA's run; the language's answer is
    kept) and the single-letter deletions.  Every cut, ordered by (length, word), while there
    are at most :data:`_SHRINK_EXACT` of them; past that (a word of 10^5 letters has ~10^10
    cuts) the cuts from the first or to the last visit of each state, the longest cut first
    (then the leftmost) — only the ``limit`` words kept are built, so memory stays within
    ``limit`` words."""
    seen: dict[int, list[int]] = {}
    for i, q in enumerate(states):
        seen.setdefault(q, []).append(i)
    n = len(best)
    if sum(len(p) * (len(p) - 1) // 2 for p in seen.values()) + n <= _SHRINK_EXACT:
        cands = {best[:i] + best[j:] for pos in seen.values() for i in pos for j in pos if i < j}
        cands |= {best[:i] + best[i + 1:] for i in range(n)}
        return sorted(cands, key=lambda w: (len(w), w))[:limit]
    cuts = set()
    for pos in seen.values():
        cuts.update((pos[0], j) for j in pos[1:])
        cuts.update((i, pos[-1]) for i in pos[:-1])
    cuts.update((i, i + 1) for i in range(min(n, limit)))          # single-letter deletions
    chosen = sorted(cuts, key=lambda c: (c[0] - c[1], c[0]))[:limit]
    return [best[:i] + best[j:] for i, j in chosen]


def _shrink(run: _Run, word: tuple[int, ...], use_hypothesis: bool | None) -> tuple[tuple[int, ...], tuple[bool, bool]]:
    """The shrinking of the module docstring; returns the word and (model, language) on it."""
    best = word
    answers = run.final([list(best)])[0]
    spent = len(best)
    while best and spent < SHRINK_TOKENS:
        states = [run.initial]
        for a in best:
            states.append(int(run.table[states[-1], a]))
        room = max(1, (SHRINK_TOKENS - spent) // (len(best) + 2))
        cands = _shrink_candidates(best, states, min(_SHRINK_BATCH, room))
        spent += sum(len(c) + 2 for c in cands)
        results = run.final([list(c) for c in cands])
        hit = next(((c, r) for c, r in zip(cands, results) if r is not None and r[0] != r[1]), None)
        if hit is None:
            break
        best, answers = hit
    if use_hypothesis is not False and best and len(best) <= HYPOTHESIS_MAX_LENGTH:
        try:
            from hypothesis import HealthCheck, Phase, find, settings
            from hypothesis import strategies as st
        except ImportError:
            if use_hypothesis:
                raise InputError("hypothesis is not installed (pip install 'attnlogic[testing]')",
                                 parameters=("use_hypothesis",)) from None
        else:
            k = run.table.shape[1]

            calls = [0]

            def disagrees(w) -> bool:
                calls[0] += 1
                if calls[0] > HYPOTHESIS_MAX_CALLS:
                    raise _ShrinkBudgetSpent
                r = run.final([list(w)])[0]
                return r is not None and r[0] != r[1]

            try:
                found = find(st.lists(st.integers(0, k - 1), max_size=len(best)).map(tuple), disagrees,
                             settings=settings(max_examples=200, database=None, derandomize=True,
                                               phases=(Phase.generate, Phase.shrink),
                                               suppress_health_check=list(HealthCheck)))
            except Exception:            # NoSuchExample, or the calls spent: keep ours
                found = None
            if found is not None and (len(found), found) < (len(best), best):
                best = tuple(found)
                answers = run.final([list(best)])[0]
    return best, answers


class _ShrinkBudgetSpent(Exception):
    """Raised inside hypothesis's shrinking once HYPOTHESIS_MAX_CALLS words were run."""


def _count(name: str, v) -> None:
    integer(name, v, 0)


def check(model: Callable, *, formula=None, regex=None, dfa=None, language=None, alphabet=None,
          adapter: Adapter | None = None, readout: str | None = None, max_length: int = 40,
          exhaustive_length: int | None = None, random: int = 256, boundary: int = 512,
          contexts: int = 1024, long_length: int = 200, long_count: int = 24, seed: int = 0,
          shrink: bool = True, use_hypothesis: bool | None = None, oracle: str = "dfa",
          context: int | None = None, label: str = "model", details: dict | None = None,
          progress: bool = False, **adapter_options) -> ModelReport:
    """Check ``model`` against a language; see the module docstring.

    Model: an ``nn.Module`` (a Hugging Face model included), any callable from token ids to
    scores, or a compiled model (``attnlogic.compile_formula``'s; read over its own alphabet).
    Language: exactly one of ``formula``, ``regex``, ``dfa`` (object or file) or ``language``
    (a :class:`~attnlogic.automata.sources.Language`), over ``alphabet``.  Model reading:
    ``adapter``, or an :class:`~.adapter.Adapter` built from ``readout`` (default "prefix")
    and ``adapter_options`` (``token_ids``, ``bos``, ``eos``, ``pad``, ``threshold``,
    ``class_index``, ``argmax``, ``tensors``, ``scores``, ``batch_tokens``).  Words: every
    word up to ``exhaustive_length`` (default :func:`exhaustive_budget`), ``contexts``
    distinguishing-context words, ``boundary`` words one edit from a random member or
    non-member of length ≤ ``max_length``, ``random`` random words of length ≤ ``max_length``,
    and ``long_count`` periodic / pumped / random words of length ``long_length`` (0 to skip),
    all within the model's ``context`` (default :func:`model_context`).  ``oracle``:
    ``"dfa"`` (the minimal DFA) or ``"evaluator"`` (the reference evaluator of a formula
    language, to cross-check the DFA path).  ``label`` and ``details`` name the model in the
    report; ``progress`` draws a bar over the long words.

    A compiled model (:class:`~attnlogic.compiler.compile.CompiledModel`) is run as its
    transformer over its own letters (:func:`~.adapter.unwrap_model`): the default alphabet
    is the model's, with token ids from its vocabulary.
    """
    model, model_letters = unwrap_model(model)
    if model_letters is not None:
        if alphabet is None and (formula is not None or regex is not None):
            alphabet = model_letters
        if adapter is None and "token_ids" not in adapter_options:
            adapter_options["token_ids"] = {a: i for i, a in enumerate(model_letters)}
            adapter_options.setdefault("eos", len(model_letters))
    lang = resolve_language(formula, regex, dfa, language, alphabet)
    if adapter is None:
        letters = (tuple(alphabet) if alphabet is not None else
                   lang.alphabet if model_letters is None else
                   tuple(a for a in model_letters if a in lang.alphabet))
        adapter = Adapter(letters, readout or "prefix", **adapter_options)
    elif readout is not None or adapter_options:
        raise InputError("give an adapter or its options, not both", parameters=("adapter", "readout"))
    for name, v in (("max_length", max_length), ("random", random), ("boundary", boundary),
                    ("contexts", contexts), ("long_length", long_length), ("long_count", long_count),
                    ("seed", seed)):
        _count(name, v)
    if exhaustive_length is not None:
        _count("exhaustive_length", exhaustive_length)
    if oracle not in ("dfa", "evaluator"):
        raise InputError(f"oracle {oracle!r}: expected 'dfa' or 'evaluator'", parameters=("oracle",))
    letters = adapter.alphabet
    k = len(letters)
    d = lang.dfa
    table = dfa_table(d, letters)
    evaluator = None
    if oracle == "evaluator":
        if lang.formula is None:
            raise InputError("the reference evaluator needs a formula", parameters=("oracle",))

        def evaluator(w):
            return np.asarray(prefix_acceptance(lang.formula, [letters[i] for i in w]), dtype=bool)
        oracle_name = "reference evaluator"
    else:
        oracle_name = f"minimal DFA of the {lang.describe()} ({d.n_states} states)"
    adapter.check_vocabulary(model_vocabulary(model))
    limit = model_context(model) if context is None else context
    if limit is not None:
        _count("context", limit)
        room = limit - adapter.extra_tokens     # the longest word that fits
        if room < 0:
            raise InputError(f"the model reads at most {limit} tokens: no word fits with BOS/EOS",
                             parameters=("context",))
    else:
        room = None
    L = exhaustive_budget(k, adapter.readout) if exhaustive_length is None else exhaustive_length
    rng = np.random.default_rng(seed)
    shortened = 0
    if room is not None:
        L, max_length = min(L, room), min(max_length, room)
        if long_length > room:
            shortened, long_length = long_count if long_length else 0, room
    run = _Run(model, adapter, table, d.initial, d.accepting, evaluator)
    with inference_mode(model):
        # 1. exhaustive
        run.compare(exhaustive(k, L, up_to=adapter.readout == "eos"), "exhaustive")
        # 2. the language's distinguishing contexts
        words = context_words(table, d.initial, d.accepting, contexts) if contexts else []
        run.compare([w for w in words if room is None or len(w) <= room], "context")
        # 3. near the boundary: one edit from random members and non-members
        if boundary:

            sub = _restricted(d, letters)
            seeds = []
            for sampler in (UniformSampler(sub, max_length), rejected_sampler(sub, max_length)):
                lengths = [n for n in range(max_length + 1) if sampler.has_words(n)]
                for n in rng.choice(lengths, size=min(len(lengths), 16), replace=False) if lengths else []:
                    seeds.extend(sampler.sample(int(n), 2, rng))
            words = boundary_words(table, d.initial, d.accepting, seeds, boundary, rng)
            run.compare([w for w in words if room is None or len(w) <= room], "boundary")
        # 4. random words
        run.compare(random_words(k, random, max_length, rng), "random")
        # 5. long periodic words, DFA-guided pumps and random words, a batch at a time
        if long_length and long_count:
            _long_phase(run, letters, long_length, long_count, seed, _restricted(d, letters), progress)
        found = None if run.best is None else len(run.best)
        best, answers = run.best, run.best_answers
        if best is not None and shrink:
            best, answers = _shrink(run, best, use_hypothesis)
    return ModelReport(lang.describe(), letters, adapter.readout, run.words, run.decisions, run.disagreements,
                       None if best is None else tuple(letters[a] for a in best),
                       None if answers is None else answers[0], None if answers is None else answers[1],
                       found, L, run.longest, run.kinds, completed=True, model=label,
                       oracle=oracle_name,
                       tokens=run.tokens, seconds=run.seconds, context=limit, shortened=shortened,
                       details=dict(details or {}))


def _long_phase(run: _Run, letters, n: int, count: int, seed: int, dfa, progress: bool) -> None:
    """``count`` long words of length ``n`` (:func:`.words.long_words`), compared a batch of
    about ``batch_tokens`` tokens at a time (never all in memory), tallied per generator."""
    per_batch = max(1, run.adapter.batch_tokens // (n + run.adapter.extra_tokens))
    bar = None
    if progress:

        bar = Counter(f"check N={n}", True, count, "words")
        bar.update(0)
    try:
        words, kinds = [], []
        for kind, w in long_words(letters, n, count, seed, dfa):
            words.append(w)
            kinds.append(f"long {kind}")
            if len(words) >= per_batch:
                run.compare(words, kinds)
                if bar:
                    bar.update(len(words))
                words, kinds = [], []
        run.compare(words, kinds)
        if bar and words:
            bar.update(len(words))
    finally:
        if bar:
            bar.close()


def _restricted(d, letters):
    """The DFA over exactly ``letters`` (in that order): the columns of the other letters
    dropped, so that samples and pumps use only the model's letters."""

    if tuple(d.alphabet) == tuple(letters):
        return d
    return DFA(list(letters), dfa_table(d, letters), d.initial, np.asarray(d.accepting))


def assert_recognises(model: Callable, **options) -> ModelReport:
    """:func:`check` and raise AssertionError, with the shortest counterexample in the
    message, when the model disagrees with the language; returns the report otherwise."""
    __tracebackhide__ = True   # pytest: the failure points at the caller
    report = check(model, **options)
    if not report.ok:
        raise AssertionError(str(report))
    return report
