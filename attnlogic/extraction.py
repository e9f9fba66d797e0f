"""What did the model learn? :func:`extract` — the automaton a model computes, learned,
validated, classified, and compared with a target.

1. **learn** the minimal DFA with the model as membership oracle and the checking engine as
   equivalence oracle (:func:`attnlogic.testing.extract.extract_dfa`: L* with
   Rivest–Schapire counterexample processing, batched and memoised forward passes), within
   ``max_states``, ``max_queries`` and ``time_budget``; a model named ``FILE.py:FACTORY``
   (your code) is learned in a child process under ``time_budget`` (plus a grace for loading)
   and ``model_memory`` (:func:`attnlogic.testing.isolation.run_isolated`), a checkpoint
   directory or a model file in this process (:func:`attnlogic.testing.load_model`, as
   ``attnlogic check`` loads them);
2. **classify** the extracted DFA (:func:`attnlogic.classify`): every fragment, with its
   certificate (a formula) or its witness pair, and the attention patterns they stand for;
3. with a **target**, the symmetric difference and the shortest word on each side, each
   confirmed by a fresh forward pass of the model.

The result, :class:`ExtractionResult`, is immutable; ``lines()`` is the text of
``attnlogic extract`` (the classification is rendered as ``attnlogic classify`` renders it),
``to_json()`` its ``--json``, ``save_dfa(path)`` writes the extracted DFA in the DFA JSON
format every ``--dfa`` reads (atomically).  Its validation is worded honestly: the DFA agrees
with the model on the words checked, which a finite test cannot turn into equivalence.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from attnlogic.automata.io import dfa_to_dict, write_dfa
from attnlogic.automata.sources import load_language
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.values.results import Classification, PatternResult, word_text
from attnlogic.experiments.languages import get_language
from attnlogic.kernel.errors import InputError, LimitExceeded
from attnlogic.kernel.limits import (CELL_EXTRACTION_QUERIES, CELL_EXTRACTION_SECONDS, CELL_EXTRACTION_STATES,
                                     DEFAULT_MODEL_MEMORY, renamed_parameters)
from attnlogic.kernel.limits import Limits
from attnlogic.kernel.patterns import AttentionPattern
from attnlogic.ltl.fragments import Fragment
from attnlogic.kernel.validate import number
from attnlogic.testing.extract import (DEFAULT_MAX_QUERIES, DEFAULT_MAX_STATES, DEFAULT_TIME_BUDGET, Extraction,
                                       extract_dfa)
from attnlogic.testing.isolation import run_isolated
from attnlogic.testing.models import load_model

__all__ = ["ExtractionResult", "extract", "LOADING_GRACE", "TABLE_STATES", "CellBudget", "extract_cell",
           "least_fragments"]

#: seconds a FILE.py:FACTORY model's process gets beyond the time budget, to start and load
LOADING_GRACE = 60.0
#: the text shows the transition table of DFAs of at most this many states
TABLE_STATES = 24


@dataclass(frozen=True)
class ExtractionResult:
    """The extraction (:class:`attnlogic.testing.extract.Extraction`: the DFA, how it was
    learned and validated, the difference from the target) and the classification of the
    extracted DFA (None when no DFA was learned)."""

    extraction: Extraction
    classification: Classification | None
    patterns: tuple[PatternResult, ...] = ()

    @property
    def dfa(self):
        return self.extraction.dfa

    @property
    def complete(self) -> bool:
        return self.extraction.complete

    @property
    def agrees_with_target(self) -> bool | None:
        return self.extraction.same_as_target

    def save_dfa(self, path) -> Path:
        """Write the extracted DFA as DFA JSON, atomically; InputError when none was learned."""
        if self.dfa is None:
            raise InputError("no DFA was learned, so none is written", parameters=("out",))
        write_dfa(self.dfa, path, "json")
        return Path(path)

    # -- output -----------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The JSON object of ``attnlogic extract --json``."""
        x = self.extraction
        sep = x.separator
        v = x.validation
        out = {"completed": x.complete, "model": x.model, "alphabet": list(x.alphabet), "readout": x.readout,
               "learning": {"complete": x.complete, "reason": x.reason, "detail": x.detail, "rounds": x.rounds,
                            "queries": x.queries, "model_words": x.model_words, "tokens": x.tokens,
                            "model_seconds": round(x.model_seconds, 3), "seconds": round(x.seconds, 3)},
               "states": None if x.dfa is None else int(x.dfa.n_states),
               "dfa": None if x.dfa is None else dfa_to_dict(x.dfa),
               "validation": {"text": x.validation_text(), "memoised_answers": x.memo,
                              **({} if v is None else {"words": v.words, "decisions": v.decisions,
                                                        "exhaustive_length": v.exhaustive_length,
                                                        "max_length": v.max_length,
                                                        "kinds": {k: dict(c) for k, c in v.kinds.items()}})},
               "classification": None if self.classification is None else self.classification.to_json(),
               "patterns": {str(p.pattern): p.to_json(sep) for p in self.patterns}}
        if x.target is not None:
            out["target"] = {"language": x.target,
                             "states": None if x.target_dfa is None else int(x.target_dfa.n_states),
                             "same_language": x.same_as_target,
                             "difference": None if x.difference is None else dfa_to_dict(x.difference),
                             "words": [d.to_json(sep) for d in x.differences]}
        return out

    def lines(self) -> list[str]:
        """The text of ``attnlogic extract`` before the classification (one string a line)."""
        x = self.extraction
        how = "complete" if x.complete else f"STOPPED ({x.reason}: {x.detail})"
        out = [f"model              {x.model}",
               f"alphabet           {{{', '.join(x.alphabet)}}}, readout {x.readout}",
               f"learning           {how}; {x.rounds} counterexamples, {x.queries} membership queries; "
               f"{x.model_words} words ({x.tokens} tokens) run through the model in {x.model_seconds:.1f} s, "
               f"{x.seconds:.1f} s in all"]
        if x.dfa is None:
            out.append("extracted DFA      none (the learning stopped before a first hypothesis)")
        else:
            out.append(f"extracted DFA      {x.dfa.n_states} states (minimal)"
                       + ("" if x.complete else ", the last hypothesis"))
            out += _table(x.dfa)
        out.append(f"validation         {x.validation_text()}")
        if x.target is not None:
            out.append(f"target             {x.target}"
                       + ("" if x.target_dfa is None else f" ({x.target_dfa.n_states} states)"))
            if x.difference is not None:
                if x.same_as_target:
                    out.append("difference         none: the extracted DFA recognises the target language")
                else:
                    out.append(f"difference         the symmetric difference has a minimal DFA of "
                               f"{x.difference.n_states} states; its shortest words:")
                for d in x.differences:
                    where = ("in the extracted language, not the target" if d.side == "extracted"
                             else "in the target, not the extracted language")
                    seen = ("confirmed: the model " + ("accepts" if d.model_accepts else "rejects")
                            + " it, the target " + ("accepts" if d.target_accepts else "rejects") + " it"
                            if d.confirmed else "NOT confirmed: the model agrees with the target on it")
                    text = word_text(x.alphabet, [x.alphabet.index(a) for a in d.word])
                    out.append(f"  {repr(text) if text else 'ε':<18}"
                               f"{where} ({len(d.word)} letter{'' if len(d.word) == 1 else 's'}); {seen} "
                               "(a fresh forward pass)")
        return out

    def verdict(self) -> str:
        """The last line of ``attnlogic extract``."""
        x = self.extraction
        if not x.complete:
            return (f"extract INCOMPLETE: the learning stopped ({x.reason}); the DFA above, if any, is not "
                    "validated")
        size = f"a minimal DFA of {x.dfa.n_states} states"
        if x.target is None:
            return f"extract complete: {size}, validated as above (not a proof of equivalence)"
        if x.same_as_target:
            return f"extract complete: {size}, the target's language, validated as above"
        return f"extract complete: {size} that DIFFERS from the target (words above)"


def _table(dfa) -> list[str]:
    """The transition table (initial state →, accepting *), when it is small."""
    if dfa.n_states > TABLE_STATES:
        return [f"                   ({dfa.n_states} states: write it with an output file)"]
    width = max(4, *(len(a) for a in dfa.alphabet))
    head = "                   state " + " ".join(f"{a:>{width}}" for a in dfa.alphabet)
    rows = [head]
    for q in range(dfa.n_states):
        mark = ("→" if q == dfa.initial else " ") + ("*" if dfa.accepting[q] else " ")
        rows.append(f"                   {mark}{q:>3} " + " ".join(f"{int(t):>{width}}" for t in dfa.transitions[q]))
    return rows


def _is_user_code(spec: str) -> bool:
    return ":" in spec and not Path(spec).exists()


@renamed_parameters(memory_budget="model_memory")
def extract(model, *, alphabet=None, formula=None, regex=None, dfa=None, language=None,
            readout: str | None = None, windows=(2,), limits: Limits | None = None,
            max_states: int = DEFAULT_MAX_STATES, max_queries: int = DEFAULT_MAX_QUERIES,
            time_budget: float = DEFAULT_TIME_BUDGET, model_memory: int | None = DEFAULT_MODEL_MEMORY,
            device: str = "cpu", threads: int | None = None, progress: bool = False,
            **options) -> ExtractionResult:
    """Extract, classify and compare (module docstring).

    ``model``: a model object (an ``nn.Module``, a Hugging Face model, any callable from token
    ids to scores, a compiled model) or its name: ``FILE.py:FACTORY`` /
    ``package.module:FACTORY`` (run isolated, under ``time_budget`` + :data:`LOADING_GRACE`
    and ``model_memory``, formerly ``memory_budget``), a checkpoint directory of ``attnlogic experiment --checkpoints``
    or a model file of ``attnlogic compile --out``.  The target (optional): ``formula``,
    ``regex``, ``dfa`` or ``language`` over ``alphabet``.  ``readout`` and ``options`` (the
    adapter's: ``bos``, ``eos``, ``threshold``, ``class_index``, ``argmax``, …; the
    equivalence queries': ``exhaustive_length``, ``max_length``, ``long_length``,
    ``long_count``, ``seed``) as for :func:`attnlogic.testing.extract.extract_dfa`.
    ``windows`` and ``limits``: the classification's (:func:`attnlogic.classify`)."""
    number("time_budget", time_budget, above=0)
    learn = dict(alphabet=alphabet, formula=formula, regex=regex, dfa=dfa, language=language, readout=readout,
                 max_states=max_states, max_queries=max_queries, time_budget=time_budget, **options)
    if isinstance(model, str) and _is_user_code(model):
        if any(x is not None for x in (formula, regex, dfa)):
            learn.update(formula=None, regex=None, dfa=None,
                         language=load_language(formula=formula, regex=regex, dfa=dfa, alphabet=alphabet))
        learn.update(readout=readout or "prefix", alphabet=None if alphabet is None else tuple(alphabet))
        extraction = run_isolated(model, "extract", dict(learn, progress=progress), device=device,
                                  threads=threads, time_budget=time_budget + LOADING_GRACE,
                                  model_memory=model_memory)
    else:
        if isinstance(model, str):
            loaded = load_model(model, device=device)
            learn.update(readout=readout or loaded.readout or "prefix", label=loaded.label)
            if loaded.alphabet is not None:
                if alphabet is not None and tuple(alphabet) != tuple(loaded.alphabet):
                    raise InputError(f"the alphabet {list(alphabet)} differs from the model's "
                                     f"{list(loaded.alphabet)}", parameters=("alphabet",))
                learn["alphabet"] = loaded.alphabet
            model = loaded.model
        extraction = extract_dfa(model, progress=progress, **learn)
    if extraction.dfa is None:
        return ExtractionResult(extraction, None)
    result = classify(extraction.dfa, windows=tuple(windows), minimal=True, limits=limits)
    patterns = tuple(result.for_pattern(p) for p in _patterns(windows))
    return ExtractionResult(extraction, result, patterns)


def _patterns(windows) -> list[str]:
    """The attention patterns answered: global, local and hybrid at k = 1 and each window,
    and unique hard attention."""
    ks = sorted({1, *windows})
    return ["global", *(f"local:{k}" for k in ks), *(f"hybrid:{k}" for k in ks), "masked_hard"]


# -- the experiments' cells ----------------------------------------------------------------------
@dataclass(frozen=True)
class CellBudget:
    """The bounds of the extraction of one trained cell (``attnlogic experiment``): states of a
    hypothesis, words run through the model, seconds of learning; the equivalence queries'
    words: all words up to ``exhaustive_length``, random words of at most ``max_length``
    letters and ``long_count`` words of the cell's longest test length, per round.  Small by
    default, so that a quick grid stays quick: a cell stopped by a bound reports its last
    hypothesis, marked not validated."""

    max_states: int = CELL_EXTRACTION_STATES
    max_queries: int = CELL_EXTRACTION_QUERIES
    time_budget: float = CELL_EXTRACTION_SECONDS
    exhaustive_length: int = 6
    max_length: int = 20
    long_count: int = 4

    def to_dict(self) -> dict:
        return asdict(self)


def least_fragments(classification: Classification) -> list[str]:
    """The fragments of the classification that contain the language and include none of the
    others that do (by :meth:`attnlogic.ltl.fragments.Fragment.includes`): its tightest
    descriptions, e.g. ``["LTL[Y]"]`` (= LTL[Y<=1]) for (a|b|c)*a; ``[]`` when it is in none (not
    star-free)."""
    members = [r.fragment for r in classification.results if isinstance(r.fragment, Fragment) and r.member]
    return [str(f) for f in members if not any(g != f and f.includes(g) is not None and g.includes(f) is None
                                               for g in members)]


def _described(dfa, pattern: str, windows) -> dict:
    """States, least fragments, whether ``pattern`` (None: an LSTM) can express it, and
    whether it is star-free (LTL[S]); past a bound of the classification (the default
    :class:`~attnlogic.kernel.limits.Limits`) its states and the bound's message only."""
    try:
        c = classify(dfa, windows=tuple(windows), minimal=True)
    except LimitExceeded as exc:
        return {"states": int(dfa.n_states), "fragments": [], "pattern_can": None, "star_free": None,
                "note": str(exc)}
    can = None if pattern is None else c.for_pattern(pattern).can
    return {"states": int(dfa.n_states), "fragments": least_fragments(c), "pattern_can": can,
            "star_free": c["LTL[S]"].member}


def extract_cell(model, language: str, pattern: str, eos: int, long_length: int,
                 budget: CellBudget = CellBudget()) -> dict:
    """What a trained cell of ``attnlogic experiment`` computes, for its record: the
    extraction of ``model`` (read at ``eos``, the experiments' readout) over the alphabet of
    ``language`` (an experiments' name) within ``budget``, its size and least fragments next
    to those of the language's minimal DFA, whether the cell's ``pattern`` can express each
    (the theory's answer; None for the LSTM), and the shortest word on each side of the
    difference, each confirmed by a fresh forward pass.  CNT (not regular) has no target."""
    spec = get_language(language)
    windows, own = (2,), None
    try:
        p = AttentionPattern.parse(pattern)
    except ValueError:             # the LSTM baseline: no attention pattern
        p = None
    if p is not None:
        own = str(p)
        if (getattr(p, "k", None) or 1) >= 2:      # LTL[Y<=1] is LTL[Y], always classified
            windows = (p.k,)
    target = None if spec.regex is None and spec.source is None else spec.dfa()
    x = extract_dfa(model, alphabet=spec.alphabet, dfa=target, readout="eos", eos=eos,
                    max_states=budget.max_states, max_queries=budget.max_queries,
                    time_budget=budget.time_budget, exhaustive_length=budget.exhaustive_length,
                    max_length=budget.max_length, long_length=long_length, long_count=budget.long_count,
                    label=f"{language} {pattern}")
    sep = x.separator
    out = {"budget": budget.to_dict(), "complete": x.complete, "reason": x.reason, "detail": x.detail,
           "validation": x.validation_text(), "rounds": x.rounds, "queries": x.queries,
           "model_words": x.model_words, "extracted": None if x.dfa is None else _described(x.dfa, own, windows),
           "target": None if x.target_dfa is None else _described(x.target_dfa, own, windows),
           "same_as_target": x.same_as_target,
           "difference_states": None if x.difference is None else int(x.difference.n_states),
           "differences": [d.to_json(sep) for d in x.differences]}
    return out
