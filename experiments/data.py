"""Labelled data for one language: random, adversarial, periodic and training sets.

Every set is a list of :class:`LengthSet` (all words of one length, so they batch without
padding).  Words are int64 letter indices 0 … |Σ|−1; the transformer input appends EOS = |Σ|
(the convention of :class:`attnlogic.transformer.Vocabulary`), see :func:`with_eos`.

* random set, length N: n/2 positives uniform among the accepted words of length N and n/2
  negatives uniform among the rejected ones (exact path counting,
  :mod:`attnlogic.automata.sampling`).  Lengths where one class is empty are skipped (e.g.
  odd lengths of (ab)*).
* adversarial set, length N: n/2 positives (uniform among the words with exactly one
  occurrence of the factor for ``exactly-one:<f>`` languages, otherwise uniform accepted) and
  n/2 negatives built from positives by the language's rule
  (:mod:`attnlogic.experiments.adversarial`).  For ``random``-rule languages it is a fresh
  random set.
* periodic set: the theory's pairs u(st)^r s v / u(st)^r v with lengths in range.
* training batch: one length, half positives, half negatives, a fraction of each adversarial.

Deterministic: every function takes a ``numpy.random.Generator``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from ..automata.dfa import DFA
from ..automata.sampling import UniformSampler, rejected_sampler
from .adversarial import (
    accepts_batch, counter_negatives, exactly_one_factor_dfa, periodic_pairs, rejected_substitutions,
)
from .languages import LanguageSpec

__all__ = ["LengthSet", "LanguageData", "with_eos"]


@dataclass(frozen=True)
class LengthSet:
    """Words of one length with their labels (1 = in the language)."""

    length: int
    words: np.ndarray    # int64 [n, length]
    labels: np.ndarray   # bool [n]

    def __post_init__(self):
        self.words.setflags(write=False)
        self.labels.setflags(write=False)


def with_eos(words: np.ndarray, eos: int) -> np.ndarray:
    """Append the EOS token to every row: int64 [n, length + 1]."""
    words = np.asarray(words, dtype=np.int64)
    return np.concatenate([words, np.full((words.shape[0], 1), eos, dtype=np.int64)], axis=1)


class LanguageData:
    """Samplers for one language on lengths 0 … ``max_length`` (built once, then read-only)."""

    def __init__(self, spec: LanguageSpec, max_length: int, dfa: DFA | None = None):
        self.spec = spec
        self.max_length = int(max_length)
        self.dfa = dfa if dfa is not None else spec.dfa(max_length)
        self.positive = UniformSampler(self.dfa, max_length)
        self.negative = rejected_sampler(self.dfa, max_length)
        rule = spec.adversarial
        self.restricted = None
        if rule.startswith("exactly-one:"):
            factor = tuple(rule.split(":", 1)[1])
            self.restricted = UniformSampler(exactly_one_factor_dfa(spec.alphabet, factor), max_length)

    @property
    def eos(self) -> int:
        return len(self.spec.alphabet)

    @property
    def vocab_size(self) -> int:
        return len(self.spec.alphabet) + 1

    def has_both(self, length: int) -> bool:
        """Whether the length has accepted and rejected words (usable in a balanced set)."""
        return self.positive.has_words(length) and self.negative.has_words(length)

    def usable_lengths(self, lengths: Iterable[int]) -> list[int]:
        return [n for n in lengths if self.has_both(n)]

    # -- building blocks ---------------------------------------------------------------------
    def _adversarial_positives(self, length: int, n: int, rng) -> np.ndarray:
        if self.restricted is not None and self.restricted.has_words(length):
            return self.restricted.sample(length, n, rng)
        return self.positive.sample(length, n, rng)

    def _adversarial_negatives(self, length: int, n: int, rng) -> np.ndarray:
        rule = self.spec.adversarial
        if rule == "counter" and length % 2 == 0 and length >= 2:
            return counter_negatives(length, n, rng)
        if rule == "random" or rule == "counter":
            return self.negative.sample(length, n, rng)
        source = self._adversarial_positives(length, n, rng)
        neg, found = rejected_substitutions(self.dfa, source, rng)
        missing = np.nonzero(~found)[0]
        if missing.size:
            neg[missing] = self.negative.sample(length, missing.size, rng)
        return neg

    # -- sets ------------------------------------------------------------------------------
    def random_set(self, length: int, n: int, rng: np.random.Generator) -> LengthSet:
        """n/2 uniform positives and n − n/2 uniform negatives of this length."""
        n_pos = n // 2
        words = np.concatenate([self.positive.sample(length, n_pos, rng),
                                self.negative.sample(length, n - n_pos, rng)])
        return LengthSet(length, words, np.arange(n) < n_pos)

    def adversarial_set(self, length: int, n: int, rng: np.random.Generator) -> LengthSet:
        """n/2 (restricted) positives and n − n/2 adversarial negatives of this length."""
        n_pos = n // 2
        words = np.concatenate([self._adversarial_positives(length, n_pos, rng),
                                self._adversarial_negatives(length, n - n_pos, rng)])
        labels = np.arange(n) < n_pos
        if not (accepts_batch(self.dfa, words) == labels).all():
            raise RuntimeError(f"{self.spec.name}: adversarial set mislabelled at length {length}")
        return LengthSet(length, words, labels)

    def periodic_sets(self, lengths: Iterable[int]) -> list[LengthSet]:
        """The periodic pairs of the spec whose lengths lie in ``lengths``, grouped by length."""
        index = {a: i for i, a in enumerate(self.spec.alphabet)}
        pairs = periodic_pairs(self.dfa, self.spec.periodic, [n for n in lengths if n <= self.max_length])
        by_length: dict[int, list] = {}
        for word, label in pairs:
            by_length.setdefault(len(word), []).append(([index[a] for a in word], label))
        return [LengthSet(n, np.array([w for w, _ in items], dtype=np.int64).reshape(len(items), n),
                          np.array([lab for _, lab in items], dtype=bool))
                for n, items in sorted(by_length.items())]

    def training_batch(self, length: int, n: int, rng: np.random.Generator,
                       adversarial_fraction: float = 0.5) -> LengthSet:
        """Half positives, half negatives; ``adversarial_fraction`` of each half drawn from the
        adversarial distributions, the rest uniform."""
        n_pos = n // 2
        n_neg = n - n_pos
        a_pos = int(round(adversarial_fraction * n_pos))
        a_neg = int(round(adversarial_fraction * n_neg))
        words = np.concatenate([
            self.positive.sample(length, n_pos - a_pos, rng),
            self._adversarial_positives(length, a_pos, rng),
            self.negative.sample(length, n_neg - a_neg, rng),
            self._adversarial_negatives(length, a_neg, rng),
        ])
        return LengthSet(length, words, np.arange(n) < n_pos)
