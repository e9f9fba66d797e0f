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

With the default ``exhaustive`` length every word up to that length is checked, so a
counterexample of at most that length is a shortest one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from attnlogic.errors import InputError

from .adapter import Adapter, unwrap_model
from .words import boundary_words, context_words, dfa_table, exhaustive, long_words, random_words

__all__ = ["ModelReport", "check", "assert_recognises", "resolve_language", "exhaustive_budget"]

#: candidates tried per shrinking round (the shortest ones)
_SHRINK_BATCH = 4096


@dataclass(frozen=True)
class ModelReport:
    """What :func:`check` found.  ``words``/``decisions``: how many words were fed to the
    model and how many decisions (prefixes, or whole words) were compared; ``disagreements``
    counts decisions; ``counterexample`` is the shortest disagreeing word found, shrunk (a
    tuple of letters, None when the model agreed everywhere), with the model's and the
    language's answer on it; ``found_length``: its length before shrinking; ``kinds``: words
    and disagreements per source."""

    language: str
    alphabet: tuple[str, ...]
    readout: str
    words: int
    decisions: int
    disagreements: int
    counterexample: tuple[str, ...] | None
    model_answer: bool | None
    language_answer: bool | None
    found_length: int | None
    exhaustive_length: int
    max_length: int
    kinds: dict = field(compare=False)

    @property
    def ok(self) -> bool:
        return self.disagreements == 0

    @property
    def counterexample_text(self) -> str | None:
        """The counterexample as text: letters joined (commas for multi-character letters),
        ``ε`` for the empty word."""
        if self.counterexample is None:
            return None
        sep = "" if all(len(a) == 1 for a in self.alphabet) else ","
        return sep.join(self.counterexample) or "ε"

    def to_json(self) -> dict:
        return {"language": self.language, "alphabet": list(self.alphabet), "readout": self.readout,
                "words": self.words, "decisions": self.decisions, "disagreements": self.disagreements,
                "counterexample": None if self.counterexample is None else
                ("" if not self.counterexample else self.counterexample_text),
                "counterexample_length": None if self.counterexample is None else len(self.counterexample),
                "model_answer": self.model_answer, "language_answer": self.language_answer,
                "found_length": self.found_length, "exhaustive_length": self.exhaustive_length,
                "max_length": self.max_length, "kinds": {k: dict(v) for k, v in self.kinds.items()}}

    def lines(self) -> list[str]:
        what = "prefixes" if self.readout == "prefix" else "words"
        out = [f"language           {self.language}",
               f"readout            {self.readout}",
               f"words              {self.words} (all up to length {self.exhaustive_length}; "
               + ", ".join(f"{k} {v['words']}" for k, v in self.kinds.items()) + ")",
               f"{what + ' checked':<19}{self.decisions}",
               f"disagreements      {self.disagreements}"]
        if self.counterexample is None:
            out.append("counterexample     none")
        else:
            out.append(f"counterexample     {self.counterexample_text!r} ({len(self.counterexample)} letters; "
                       f"model {_answer(self.model_answer)}, language {_answer(self.language_answer)})")
        return out

    def _repr_html_(self) -> str:
        """For notebooks: the lines of :meth:`lines` as a table."""
        from attnlogic.display import lines_html

        return lines_html(self.lines(), str(self))

    def __str__(self) -> str:
        if self.ok:
            return (f"the model agrees with {self.language} on all {self.decisions} decisions "
                    f"({self.words} words, readout {self.readout})")
        return (f"the model disagrees with {self.language} on {self.disagreements} of {self.decisions} "
                f"decisions ({self.words} words, readout {self.readout}); shortest counterexample: "
                f"{self.counterexample_text!r} ({len(self.counterexample)} letters) — the model "
                f"{_answer(self.model_answer)}s it, the language {_answer(self.language_answer)}s it")


def _answer(accepts: bool | None) -> str:
    return {True: "accept", False: "reject", None: "?"}[accepts]


def resolve_language(formula=None, regex=None, dfa=None, language=None, alphabet=None):
    """The :class:`~attnlogic.automata.sources.Language` of exactly one source."""
    from attnlogic.automata.sources import Language, load_language

    if language is not None:
        if any(x is not None for x in (formula, regex, dfa)):
            raise InputError("give one language source", parameters=("formula", "regex", "dfa", "language"))
        if not isinstance(language, Language):
            raise InputError(f"language: expected a Language, got {type(language).__name__}",
                             parameters=("language",))
        return language
    return load_language(formula=formula, regex=regex, dfa=dfa, alphabet=alphabet)


def exhaustive_budget(k: int, readout: str, budget: int = 1 << 13, cap: int = 14) -> int:
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


class _Run:
    """One check's state: the model, the adapter, the DFA (columns in alphabet order)."""

    def __init__(self, model, adapter: Adapter, table, initial, accepting):
        self.model, self.adapter = model, adapter
        self.table, self.initial, self.acc = table, initial, np.asarray(accepting, dtype=bool)
        self.words = self.decisions = self.disagreements = 0
        self.best: tuple[int, ...] | None = None
        self.best_answers: tuple[bool, bool] | None = None
        self.kinds: dict[str, dict[str, int]] = {}

    def truth(self, words: np.ndarray) -> np.ndarray:
        """The language on every prefix of words of one length: [B, N] → [B, N+1]."""
        B, N = words.shape
        states = np.empty((B, N + 1), dtype=np.int64)
        states[:, 0] = self.initial
        for j in range(N):
            states[:, j + 1] = self.table[states[:, j], words[:, j]]
        return self.acc[states]

    def model_decisions(self, words: list) -> list[np.ndarray]:
        """The model's decisions, batched (one length per batch unless the adapter pads)."""
        ad = self.adapter
        out: list = [None] * len(words)
        groups: dict = {}
        for i, w in enumerate(words):
            groups.setdefault(len(w) if ad.pad is None else 0, []).append(i)
        for idx in groups.values():
            longest = max(len(words[i]) for i in idx) + 2
            step = max(1, ad.batch_tokens // longest)
            for s in range(0, len(idx), step):
                part = idx[s:s + step]
                for i, d in zip(part, ad.decisions(self.model, [words[i] for i in part])):
                    out[i] = d
        return out

    def compare(self, words: list, kind: str) -> None:
        if not words:
            return
        got = self.model_decisions(words)
        first = self.adapter.first_prefix
        prefix = self.adapter.readout == "prefix"
        tally = self.kinds.setdefault(kind, {"words": 0, "disagreements": 0})
        by_length: dict[int, list[int]] = {}
        for i, w in enumerate(words):
            by_length.setdefault(len(w), []).append(i)
        for n, idx in by_length.items():
            batch = np.array([words[i] for i in idx], dtype=np.int64).reshape(len(idx), n)
            truth = self.truth(batch)
            want = truth[:, first:] if prefix else truth[:, -1:]
            dec = np.stack([got[i] for i in idx])
            if dec.shape[1] == 0:                    # the empty word without BOS/EOS: no decision
                tally["words"] += len(idx)
                self.words += len(idx)
                continue
            bad = dec != want
            count = int(bad.sum())
            self.words += len(idx)
            self.decisions += dec.size
            self.disagreements += count
            tally["words"] += len(idx)
            tally["disagreements"] += count
            if count:
                rows = np.flatnonzero(bad.any(axis=1))
                cols = bad[rows].argmax(axis=1)
                for r, c in zip(rows, cols):
                    cut = (int(c) + first) if prefix else n
                    cand = tuple(int(a) for a in batch[r, :cut])
                    if self.best is None or (len(cand), cand) < (len(self.best), self.best):
                        self.best = cand
                        self.best_answers = (bool(dec[r, c]), bool(want[r, c]))

    def final(self, words: list) -> list[tuple[bool, bool] | None]:
        """(model, language) on each whole word, or None where the readout has no decision."""
        got = self.model_decisions(words)
        out = []
        for w, d in zip(words, got):
            truth = self.truth(np.asarray(w, dtype=np.int64).reshape(1, len(w)))[0, -1]
            out.append(None if len(d) == 0 else (bool(d[-1]), bool(truth)))
        return out


def _shrink(run: _Run, word: tuple[int, ...], use_hypothesis: bool | None) -> tuple[tuple[int, ...], tuple[bool, bool]]:
    """The shrinking of the module docstring; returns the word and (model, language) on it."""
    best = word
    answers = run.final([list(best)])[0]
    while best:
        states = [run.initial]
        for a in best:
            states.append(int(run.table[states[-1], a]))
        seen: dict[int, list[int]] = {}
        for i, q in enumerate(states):
            seen.setdefault(q, []).append(i)
        cands = {best[:i] + best[j:] for pos in seen.values() for i in pos for j in pos if i < j}
        cands |= {best[:i] + best[i + 1:] for i in range(len(best))}
        cands = sorted(cands, key=lambda w: (len(w), w))[:_SHRINK_BATCH]     # shortest first
        results = run.final([list(c) for c in cands])
        hit = next(((c, r) for c, r in zip(cands, results) if r is not None and r[0] != r[1]), None)
        if hit is None:
            break
        best, answers = hit
    if use_hypothesis is not False and best:
        try:
            from hypothesis import HealthCheck, find, settings
            from hypothesis import strategies as st
        except ImportError:
            if use_hypothesis:
                raise InputError("hypothesis is not installed (pip install 'attnlogic[testing]')",
                                 parameters=("use_hypothesis",)) from None
        else:
            k = run.table.shape[1]

            def disagrees(w) -> bool:
                r = run.final([list(w)])[0]
                return r is not None and r[0] != r[1]

            try:
                found = find(st.lists(st.integers(0, k - 1), max_size=len(best)).map(tuple), disagrees,
                             settings=settings(max_examples=200, database=None, derandomize=True,
                                               suppress_health_check=list(HealthCheck)))
            except Exception:            # hypothesis.errors.NoSuchExample: keep ours
                found = None
            if found is not None and (len(found), found) < (len(best), best):
                best = tuple(found)
                answers = run.final([list(best)])[0]
    return best, answers


def check(model: Callable, *, formula=None, regex=None, dfa=None, language=None, alphabet=None,
          adapter: Adapter | None = None, readout: str | None = None, max_length: int = 40,
          exhaustive_length: int | None = None, random: int = 256, boundary: int = 512,
          contexts: int = 1024, long_length: int = 200, long_count: int = 24, seed: int = 0,
          shrink: bool = True, use_hypothesis: bool | None = None, **adapter_options) -> ModelReport:
    """Check ``model`` against a language; see the module docstring.

    Language: exactly one of ``formula``, ``regex``, ``dfa`` (object or file) or ``language``
    (a :class:`~attnlogic.automata.sources.Language`), over ``alphabet``.  Model reading:
    ``adapter``, or an :class:`~.adapter.Adapter` built from ``readout`` (default "prefix")
    and ``adapter_options`` (``token_ids``, ``bos``, ``eos``, ``pad``, ``threshold``,
    ``class_index``, ``argmax``, ``tensors``).  Words: every word up to ``exhaustive_length``
    (default :func:`exhaustive_budget`), ``contexts`` distinguishing-context words,
    ``boundary`` words one edit from a random member or non-member of length ≤
    ``max_length``, ``random`` random words of length ≤ ``max_length``, and ``long_count``
    periodic / pumped / random words of length ``long_length`` (0 to skip).

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
                    ("contexts", contexts), ("long_length", long_length), ("long_count", long_count)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise InputError(f"{name} must be an integer >= 0, got {v!r}", parameters=(name,))
    letters = adapter.alphabet
    k = len(letters)
    d = lang.dfa
    table = dfa_table(d, letters)
    run = _Run(model, adapter, table, d.initial, d.accepting)
    L = exhaustive_budget(k, adapter.readout) if exhaustive_length is None else exhaustive_length
    rng = np.random.default_rng(seed)
    # 1. exhaustive
    run.compare(exhaustive(k, L, up_to=adapter.readout == "eos"), "exhaustive")
    # 2. the language's distinguishing contexts
    run.compare(context_words(table, d.initial, d.accepting, contexts), "context")
    # 3. near the boundary: one edit from random members and non-members
    if boundary:
        from attnlogic.automata.sampling import UniformSampler, rejected_sampler

        sub = _restricted(d, letters)
        seeds = []
        for sampler in (UniformSampler(sub, max_length), rejected_sampler(sub, max_length)):
            lengths = [n for n in range(max_length + 1) if sampler.has_words(n)]
            for n in rng.choice(lengths, size=min(len(lengths), 16), replace=False) if lengths else []:
                seeds.extend(sampler.sample(int(n), 2, rng))
        run.compare(boundary_words(table, d.initial, d.accepting, seeds, boundary, rng), "boundary")
    # 4. random words
    run.compare(random_words(k, random, max_length, rng), "random")
    # 5. long periodic words, DFA-guided pumps and random words
    if long_length and long_count:
        run.compare([w for _, w in long_words(letters, long_length, long_count, seed, _restricted(d, letters))],
                    "long")
    found = None if run.best is None else len(run.best)
    best, answers = run.best, run.best_answers
    if best is not None and shrink:
        best, answers = _shrink(run, best, use_hypothesis)
    return ModelReport(lang.describe(), letters, adapter.readout, run.words, run.decisions, run.disagreements,
                       None if best is None else tuple(letters[a] for a in best),
                       None if answers is None else answers[0], None if answers is None else answers[1],
                       found, L, max_length, run.kinds)


def _restricted(d, letters):
    """The DFA over exactly ``letters`` (in that order): the columns of the other letters
    dropped, so that samples and pumps use only the model's letters."""
    from attnlogic.automata.dfa import DFA

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
