"""The one report of checking a model against a language: :class:`ModelReport`.

Every entry point — :func:`attnlogic.testing.check`, :func:`attnlogic.testing.assert_recognises`,
:func:`attnlogic.compiler.check_compiled`, ``attnlogic check`` and ``attnlogic compile`` of a
language — returns (or renders) this value.  It says what was compared (``words`` fed to the
model, ``decisions`` compared: every prefix, or each whole word), how many disagreed, and the
shortest disagreeing word found with both answers on it.

The counterexample is worded honestly: every word of length ≤ ``exhaustive_length`` was
checked (for the prefix readout, all words of that length, whose prefixes are the shorter
ones), so a counterexample no longer than that is a shortest one; a longer one is the
shortest *found*, and none shorter exists up to ``exhaustive_length``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from attnlogic.kernel.display import lines_html, show_word
from attnlogic.kernel.words import join_word

__all__ = ["ModelReport"]


def _answer(accepts: bool | None) -> str:
    return {True: "accept", False: "reject", None: "?"}[accepts]


def _show(text: str) -> str:

    return show_word(text) if text else "ε (empty word)"


@dataclass(frozen=True)
class ModelReport:
    """What a check found (see the module docstring).

    ``words``/``decisions``: words fed to the model and decisions compared; ``disagreements``
    counts decisions; ``counterexample``: the shortest disagreeing word found (a tuple of
    letters, shrunk when the check shrinks; None when the model agreed everywhere), with the
    model's and the language's answer on it; ``found_length``: its length before shrinking;
    ``exhaustive_length``: every word up to this length was checked; ``max_length``: the
    longest word checked; ``kinds``: words and disagreements per word source; ``completed``:
    every word the check planned was checked (a report whose model failed is never made:
    :class:`attnlogic.testing.ModelFailed` is raised instead); ``tokens``/``seconds``: tokens
    fed to the model and seconds spent in it; ``context``: the model's position limit
    (tokens) when it has one, and ``shortened``: words cut to fit it; ``details``: facts about
    the model for its report (a compiled model's formula, dtype, device, kernel, exactness
    bound)."""

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
    completed: bool = True
    model: str = "model"
    oracle: str = ""
    tokens: int = 0
    seconds: float = field(default=0.0, compare=False)
    context: int | None = None
    shortened: int = 0
    details: dict = field(default_factory=dict, compare=False)

    # -- verdicts ---------------------------------------------------------------------------
    @property
    def ok(self) -> bool:
        """No decision disagreed."""
        return self.disagreements == 0

    @property
    def agrees(self) -> bool:
        """Every planned word was checked and no decision disagreed (exit status 0)."""
        return self.completed and self.ok

    @property
    def exhaustive_words(self) -> int:
        return self.kinds.get("exhaustive", {}).get("words", 0)

    @property
    def tokens_per_second(self) -> float:
        return self.tokens / self.seconds if self.seconds > 0 else 0.0

    @property
    def shortest(self) -> bool:
        """The counterexample is a shortest one: every shorter word was checked."""
        return self.counterexample is not None and len(self.counterexample) <= self.exhaustive_length

    @property
    def counterexample_text(self) -> str | None:
        """The counterexample as text: letters joined (commas for multi-character letters),
        ``ε`` for the empty word."""
        if self.counterexample is None:
            return None
        return join_word(self.counterexample, self.alphabet) or "ε"

    def counterexample_claim(self) -> str:
        """How short the counterexample is known to be, in words."""
        if self.shortest:
            return f"a shortest one (every word up to length {self.exhaustive_length} was checked)"
        return f"shortest found; none shorter up to length {self.exhaustive_length}"

    # -- output -----------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The JSON object of ``attnlogic check --json``."""
        ce = self.counterexample
        return {
            "completed": self.completed, "agrees": self.agrees,
            "model": self.model, "language": self.language, "oracle": self.oracle,
            "alphabet": list(self.alphabet), "readout": self.readout,
            "words": self.words, "decisions": self.decisions, "disagreements": self.disagreements,
            "counterexample": None if ce is None else ("" if not ce else self.counterexample_text),
            "counterexample_length": None if ce is None else len(ce),
            "counterexample_shortest": None if ce is None else self.shortest,
            "model_answer": self.model_answer, "language_answer": self.language_answer,
            "found_length": self.found_length,
            "exhaustive": {"length": self.exhaustive_length, "words": self.exhaustive_words},
            "max_length": self.max_length, "context": self.context, "shortened": self.shortened,
            "kinds": {k: dict(v) for k, v in self.kinds.items()},
            "tokens": self.tokens, "seconds": round(self.seconds, 3),
            "tokens_per_second": round(self.tokens_per_second, 1),
            **self.details,
        }

    def verdict(self) -> str:
        """The last line of ``attnlogic check``: whether the check ran to the end and agreed."""
        what = "prefixes" if self.readout == "prefix" else "words"
        done = "complete" if self.completed else "INCOMPLETE"
        if self.agrees:
            return (f"check {done}: the model agrees with the language on all {self.decisions} {what} "
                    f"of {self.words} words")
        return (f"check {done}: the model DISAGREES with the language on {self.disagreements} of "
                f"{self.decisions} {what} ({self.words} words)")

    def lines(self) -> list[str]:
        """The text of ``attnlogic check`` (one string per line; the last is :meth:`verdict`)."""
        d = self.details
        facts = ", ".join(f"{k} {d[k]}" for k in ("dtype", "device", "kernel", "exact_up_to") if k in d)
        out = [f"model              {self.model}" + (f"  ({facts})" if facts else "")]
        if d.get("formula") is not None:
            out.append(f"formula            {d['formula']}")
        out.append(f"language           {self.language}")
        if self.oracle:
            out.append(f"oracle             {self.oracle}")
        out.append(f"readout            {self.readout}")
        every = "of length" if self.readout == "prefix" else "up to length"
        sources = ", ".join(f"{k} {v['words']}" for k, v in self.kinds.items() if k != "exhaustive")
        out.append(f"words              {self.words}: all {self.exhaustive_words} {every} {self.exhaustive_length}"
                   + (f"; {sources}" if sources else "") + f"; the longest {self.max_length} letters")
        if self.context is not None:
            cut = f"; {self.shortened} long words shortened to fit" if self.shortened else ""
            out.append(f"context            the model reads at most {self.context} tokens{cut}")
        what = "prefixes" if self.readout == "prefix" else "words"
        out.append(f"{what + ' checked':<19}{self.decisions}")
        out.append(f"disagreements      {self.disagreements}")
        if self.counterexample is None:
            out.append("counterexample     none")
        else:
            out.append(f"counterexample     {_show(self.counterexample_text if self.counterexample else '')} "
                       f"({len(self.counterexample)} letters; model {_answer(self.model_answer)}s, "
                       f"language {_answer(self.language_answer)}s); {self.counterexample_claim()}")
        if self.seconds > 0:
            out.append(f"tokens per second  {self.tokens_per_second:.0f}")
        out.append(self.verdict())
        return out

    def __str__(self) -> str:
        if self.ok:
            return (f"the model agrees with {self.language} on all {self.decisions} decisions "
                    f"({self.words} words, readout {self.readout})")
        return (f"the model disagrees with {self.language} on {self.disagreements} of {self.decisions} "
                f"decisions ({self.words} words, readout {self.readout}); shortest counterexample"
                f"{'' if self.shortest else ' found'}: {self.counterexample_text!r} "
                f"({len(self.counterexample)} letters{'' if self.shortest else f'; none shorter up to length {self.exhaustive_length}'})"
                f" — the model {_answer(self.model_answer)}s it, the language {_answer(self.language_answer)}s it")

    def __repr__(self) -> str:
        verdict = "agrees" if self.agrees else f"{self.disagreements} disagreements"
        what = "prefixes" if self.readout == "prefix" else "words"
        return (f"ModelReport({verdict}; {self.decisions} {what} of {self.words} words, the longest "
                f"{self.max_length} letters; model {self.model!r}, language {self.language!r})")

    def _repr_html_(self) -> str:
        """For notebooks: the lines of :meth:`lines` as a table (a compiled model's formula as
        text that parses again), the verdict as its caption."""

        formula = self.details.get("formula")
        return lines_html(self.lines()[:-1], self.verdict(), formulas=() if formula is None else (formula,))
