"""Active learning of a regular language from a membership oracle and an equivalence oracle:
Angluin's L* with Rivest and Schapire's counterexample processing (:func:`learn_dfa`).

The learner keeps an observation table: a prefix-closed set S of access words (one per state
of the hypothesis, S[0] = ε), a set E of suffixes (E[0] = ε), and for every u ∈ S ∪ S·Σ its
row (u·e ∈ L for e ∈ E).  The rows of S are pairwise distinct (so the table is always
consistent).  When a row of S·Σ is no row of S the table is not closed and that word joins
S; a closed table gives the hypothesis: state i = S[i], δ(i, a) = the state whose row is
that of S[i]·a, accepting iff S[i] ∈ L (Angluin 1987).

A counterexample w (a word on which the hypothesis and L differ) is processed as Rivest and
Schapire (1993) do: with u_i the access word of the hypothesis's state after w[:i],
α(i) = [u_i · w[i:] ∈ L]; α(0) = [w ∈ L] ≠ α(|w|) = [the hypothesis accepts w], so some i has
α(i) ≠ α(i+1), found by binary search (log |w| queries; a short w is asked whole, in one
batch); the suffix w[i+1:] then separates u_i·w[i] from u_{i+1}, a new state.  Each
counterexample adds exactly one suffix and at least one state, so a target with n states is
learned in at most n − 1 counterexamples, and every hypothesis is the minimal DFA of its
table: it never has more states than the target's minimal DFA.

The oracles are callables: ``member(words) -> answers`` answers a batch of words (tuples
of letter indices), ``counterexample(dfa) -> word | None`` returns a word on which ``dfa``
and the target differ, or None.  Either may raise :class:`LearningStopped` (a budget spent);
the learner then returns what it has, with the reason.  Nothing here knows where the answers
come from: :mod:`attnlogic.testing.extract` answers with a model and checks hypotheses with
the checking engine; the tests answer with a DFA.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from attnlogic.kernel.validate import integer
from attnlogic.kernel.limits import LEARNING_STATES

from .dfa import DFA

__all__ = ["LearningStopped", "Learned", "learn_dfa", "WHOLE_COUNTEREXAMPLE"]

#: a counterexample of at most this many letters is processed with all its |w|+1 queries in
#: one batch (one forward pass of a model); a longer one by binary search
WHOLE_COUNTEREXAMPLE = 64


class LearningStopped(Exception):
    """Raised by an oracle (or the learner) when a budget is spent: ``reason`` is one of
    ``"queries"``, ``"time"``, ``"max-states"``, ``"context"``; ``detail`` says more."""

    def __init__(self, reason: str, detail: str):
        self.reason, self.detail = reason, detail
        super().__init__(f"{reason}: {detail}")


@dataclass(frozen=True)
class Learned:
    """What :func:`learn_dfa` found: the last hypothesis (None when the learning stopped
    before the first), whether the equivalence oracle accepted it (``complete``), why it
    stopped otherwise, the counterexamples processed (``rounds``) and the distinct words
    the learner asked (``queries``)."""

    dfa: DFA | None
    complete: bool
    reason: str
    detail: str
    rounds: int
    queries: int
    counterexamples: tuple[tuple[int, ...], ...]


class _Table:
    """The observation table (see the module docstring)."""

    def __init__(self, k: int, member: Callable):
        self.k, self.member = k, member
        self.S: list[tuple[int, ...]] = [()]
        self.E: list[tuple[int, ...]] = [()]
        self.rows: dict[tuple[int, ...], list[bool]] = {}     # u → row over E[:len(row)]
        self.asked: set[tuple[int, ...]] = set()

    def ask(self, words) -> dict:
        """Answers for ``words`` (one batch to the oracle)."""
        words = list(dict.fromkeys(words))
        self.asked.update(words)
        return dict(zip(words, (bool(x) for x in self.member(words)))) if words else {}

    def fill(self) -> None:
        """Every row of S ∪ S·Σ complete over E (the missing cells in one batch)."""
        need = [u for s in self.S for u in (s, *(s + (a,) for a in range(self.k)))]
        cells = [(u, j) for u in dict.fromkeys(need) for j in range(len(self.rows.get(u, ())), len(self.E))]
        answers = self.ask(u + self.E[j] for u, j in cells)
        for u, j in cells:
            self.rows.setdefault(u, []).append(answers[u + self.E[j]])

    def close(self, max_states: int) -> None:
        """Add the words of S·Σ whose row is no row of S until the table is closed."""
        while True:
            self.fill()
            known = {tuple(self.rows[s]) for s in self.S}
            fresh = []
            for s in self.S:
                for a in range(self.k):
                    r = tuple(self.rows[s + (a,)])
                    if r not in known:
                        known.add(r)
                        fresh.append(s + (a,))
            if not fresh:
                return
            self.S.extend(fresh)
            if len(self.S) > max_states:
                raise LearningStopped("max-states", f"the table has {len(self.S)} distinct rows, over the "
                                                    f"bound of {max_states} states")

    def hypothesis(self, alphabet) -> DFA:
        index = {tuple(self.rows[s]): i for i, s in enumerate(self.S)}
        table = np.array([[index[tuple(self.rows[s + (a,)])] for a in range(self.k)] for s in self.S],
                         dtype=np.int64).reshape(len(self.S), self.k)
        return DFA(alphabet, table, 0, np.array([self.rows[s][0] for s in self.S], dtype=bool))

    def process(self, hyp: DFA, w: tuple[int, ...]) -> None:
        """Rivest–Schapire: add the suffix w[i+1:] where α changes (module docstring)."""
        rows = hyp.transitions.tolist()
        states = [hyp.initial]
        for a in w:
            states.append(rows[states[-1]][a])

        def word(i):
            return self.S[states[i]] + w[i:]

        n = len(w)
        if n <= WHOLE_COUNTEREXAMPLE:
            answers = self.ask(word(i) for i in range(n + 1))
            alpha = [answers[word(i)] for i in range(n + 1)]
            i = next(i for i in range(n) if alpha[i] != alpha[i + 1])
        else:
            lo, hi = 0, n                       # α(lo) = α(0) ≠ α(hi)
            a_lo = self.ask([word(0)])[word(0)]
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if self.ask([word(mid)])[word(mid)] == a_lo:
                    lo = mid
                else:
                    hi = mid
            i = lo
        suffix = tuple(w[i + 1:])
        if suffix not in self.E:
            self.E.append(suffix)


def learn_dfa(alphabet: Sequence[str], member: Callable, counterexample: Callable, *,
              max_states: int = LEARNING_STATES, deadline: float | None = None,
              on_round: Callable | None = None) -> Learned:
    """L* with Rivest–Schapire counterexample processing (module docstring) over
    ``alphabet``.  ``member(words)``: answers (bools) for a list of words (tuples of letter
    indices); ``counterexample(dfa)``: a word on which ``dfa`` is wrong, or None.  Stops with
    the last hypothesis when a hypothesis would exceed ``max_states`` states, past
    ``deadline`` (``time.monotonic()``), or when an oracle raises :class:`LearningStopped`.
    ``on_round(round, hypothesis)`` is called with each hypothesis."""
    alphabet = tuple(alphabet)
    integer("max_states", max_states, 1)
    table = _Table(len(alphabet), member)
    hyp, rounds, cexs = None, 0, []
    try:
        while True:
            table.close(max_states)
            hyp = table.hypothesis(alphabet)
            if on_round is not None:
                on_round(rounds, hyp)
            if deadline is not None and time.monotonic() > deadline:
                raise LearningStopped("time", "the time budget was spent before the hypothesis was checked")
            w = counterexample(hyp)
            if w is None:
                return Learned(hyp, True, "complete", "the equivalence oracle found no counterexample",
                               rounds, len(table.asked), tuple(cexs))
            w = tuple(int(a) for a in w)
            cexs.append(w)
            rounds += 1
            if bool(table.ask([w])[w]) == hyp.accepts(np.asarray(w, dtype=np.int64)):
                raise LearningStopped("oracle", f"the counterexample {w} is not one: the membership oracle "
                                                "agrees with the hypothesis on it")
            table.process(hyp, w)
    except LearningStopped as stop:
        return Learned(hyp, False, stop.reason, stop.detail, rounds, len(table.asked), tuple(cexs))
