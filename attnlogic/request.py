"""One request layer under the command line and the page: a request (a language source, a
question, the budgets) → an answer and its equivalent command line.

The command line (``attnlogic/commands/*``) reads its arguments into a request and prints
the answer; the page (``attnlogic/web/jobs.py``) reads its JSON into the same request and
returns the answer as JSON with the request's :meth:`command_line`, which names the
budgets the answer was computed under (the server's: ``--max-states``, ``--limit``, …),
so that the line reproduces the page's answer.  Neither keeps its own copy of a
question's logic; the page imports nothing from ``attnlogic.commands``.

The questions (each a frozen request with ``answer(limits) -> Answer`` and
``command_line(limits) -> str``):
``ClassifyRequest``  the fragments and classes a language is in (``attnlogic classify``);
``VerifyRequest``    a certificate, witness pair, answer of a class or verdict on
                     identities re-checked (``attnlogic verify``);
``SeparateRequest``  a language in fragment A and not in B, or the inclusion
                     (``attnlogic separate A B``);
``CensusRequest``    the small languages by fragment (``attnlogic census``);
``CompileRequest``   the model of a language (``attnlogic compile``).

The command line imports this module when a command runs (not while it builds its
parsers); the compiler (torch) is imported only when a model is compiled.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field, replace

from .automata.operations import DEFAULT_STATE_LIMIT
from .automata.sources import Language, load_language
from .definability.engine.classify import classify
from .definability.engine.registry import ASCII_SPELLINGS, CLASSES, encoded_pattern_class, language_class
from .definability.values.results import PatternResult
from .kernel.limits import (DEFAULT_CERTIFICATE_FACTOR, DEFAULT_CERTIFICATE_SECONDS, DEFAULT_LIMIT,
                            DEFAULT_MAX_DEPTH, DEFAULT_MEMORY_BUDGET, DEFAULT_SEARCH_BUDGET)
from .kernel.errors import CheckBoundExceeded, InputError, LimitExceeded
from .kernel.patterns import AttentionPattern
from .kernel.words import separator, split_alphabet, split_word
from .ltl.fragments import Fragment

# imported where used (tests/cli/test_layers.py STARTUP_DEFERRED): the DFA-file readers, the
# formula parser, the identities, the census, the separations and the independent checks, so
# that a small classification loads none of them

__all__ = ["Source", "Answer", "ClassifyRequest", "VerifyRequest", "SeparateRequest", "LanguageSeparationRequest", "CensusRequest",
           "CompileRequest", "command_line", "budget_arguments", "BUDGET_FLAGS"]


# -- command lines --------------------------------------------------------------------
def command_line(words: list[str], stdin: str = "") -> str:
    """``attnlogic …`` as a shell line (with ``printf '%s' TEXT |`` for standard input)."""
    line = " ".join(shlex.quote(w) for w in ["attnlogic"] + words)
    return f"printf '%s' {shlex.quote(stdin)} | {line}" if stdin else line


def _bytes_text(n: int) -> str:
    """Bytes as ``--memory-budget`` reads them back exactly: ``3G``, ``1536M``, or the number."""
    for unit, size in (("G", 2 ** 30), ("M", 2 ** 20), ("K", 2 ** 10)):
        if n % size == 0:
            return f"{n // size}{unit}"
    return str(n)


#: each budget flag of the command line → how it is read off a
#: :class:`~attnlogic.kernel.limits.Limits` (None: at the library's default, so not written)
BUDGET_FLAGS = {
    "--max-states": lambda lim: lim.state_limit,
    "--max-depth": lambda lim: _unless(lim.max_depth, DEFAULT_MAX_DEPTH),
    "--limit": lambda lim: (_unless(lim.semigroup_elements, DEFAULT_LIMIT)
                            if lim.semigroup_elements == lim.type_states == lim.synthesis_states else None),
    "--search-budget": lambda lim: _unless(lim.search_budget, DEFAULT_SEARCH_BUDGET),
    "--certificate-factor": lambda lim: _unless(lim.certificate_factor, DEFAULT_CERTIFICATE_FACTOR),
    "--certificate-seconds": lambda lim: _unless(lim.certificate_seconds, DEFAULT_CERTIFICATE_SECONDS),
    "--memory-budget": lambda lim: _unless(lim.memory_budget, DEFAULT_MEMORY_BUDGET, _bytes_text),
}


def _unless(value, default, text=lambda v: v):
    """None when ``value`` is the library's ``default`` (no flag needed), else ``text(value)``."""
    return None if value == default else text(value)


def budget_arguments(limits, flags) -> list[str]:
    """The budget flags among ``flags`` (keys of :data:`BUDGET_FLAGS`) that set ``limits``
    where it differs from the library's defaults (none for ``limits`` None): what a command
    line adds to ask under the same budgets."""
    if limits is None:
        return []
    out: list[str] = []
    for flag in flags:
        value = BUDGET_FLAGS[flag](limits)
        if value is not None:
            out += [flag, repr(value) if isinstance(value, float) else str(value)]
    return out


# -- the language ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """A language as the user gave it: ``kind`` ``"formula"``, ``"regex"`` or ``"dfa"``;
    ``text`` (the formula, the regex, or a DFA file's text, e.g. the page's upload) or, for a
    DFA file on disk, ``path`` (``-``: standard input); ``alphabet`` as typed
    (:func:`split_alphabet`); ``one_hot`` and ``syntax`` as the command line's flags;
    ``filename``: the name shown for a file's text."""

    kind: str
    text: str | None = None
    path: str | None = None
    alphabet: str | None = None
    one_hot: bool = False
    syntax: str = "attnlogic"
    filename: str | None = None

    def __post_init__(self):
        if self.kind not in ("formula", "regex", "dfa"):
            raise InputError(f"source: one of formula, regex, dfa, got {self.kind!r}", parameters=("source",))

    @classmethod
    def of(cls, *, formula=None, regex=None, dfa=None, alphabet=None, one_hot=False,
           syntax="attnlogic") -> "Source":
        """The source of exactly one of ``formula``, ``regex`` and ``dfa`` (a file's path, the
        command line's arguments); InputError otherwise."""
        given = [(k, v) for k, v in (("formula", formula), ("regex", regex), ("dfa", dfa)) if v is not None]
        if len(given) != 1:
            raise InputError("give exactly one source: a formula, a regex or a DFA file",
                             parameters=("formula", "regex", "dfa"))
        kind, value = given[0]
        return cls(kind, text=None if kind == "dfa" else value, path=value if kind == "dfa" else None,
                   alphabet=alphabet, one_hot=bool(one_hot), syntax=syntax or "attnlogic")

    def letters(self) -> list[str] | None:
        """The alphabet's letters (None: not given)."""
        text = self.alphabet
        return split_alphabet(text) if text is not None and text.strip() else None

    def load(self, limits=None):
        """The :class:`~attnlogic.automata.sources.Language` (``limits.state_limit``
        bounds its automaton).  A file's text is parsed, never executed."""
        alphabet = self.letters()
        states = None if limits is None else limits.state_limit
        one_hot = True if self.one_hot else None
        if self.kind == "dfa" and self.path is None:
            name = self.filename or "upload"
            from .automata.io import MAX_DFA_STATES, read_dfa_text
            dfa = read_dfa_text(self.text, name, alphabet, state_limit=states or MAX_DFA_STATES, one_hot=one_hot)
            if alphabet is not None and sorted(alphabet) != sorted(dfa.alphabet):
                raise InputError(f"{name}: field 'alphabet': {list(dfa.alphabet)} does not match the given "
                                 f"alphabet {list(alphabet)}", parameters=("alphabet",))
            if alphabet is not None:
                dfa = dfa.with_alphabet_order(alphabet)
            return Language(dfa.minimal(), "dfa", name)
        return load_language(**{self.kind: self.path if self.kind == "dfa" else self.text}, alphabet=alphabet,
                             state_limit=states, one_hot=one_hot, syntax=self.syntax)

    def arguments(self) -> tuple[list[str], str]:
        """The command line's source arguments, and what to pipe into it (a file's text goes
        on standard input: ``--dfa -``)."""
        extra = ["--alphabet", self.alphabet.strip()] if self.alphabet and self.alphabet.strip() else []
        extra += ["--one-hot"] if self.one_hot else []
        extra += ["--syntax", self.syntax] if self.syntax != "attnlogic" else []
        if self.kind == "formula":
            return [self.text] + extra, ""
        if self.kind == "regex":
            return ["--regex", self.text] + extra, ""
        if self.path is not None:
            return ["--dfa", self.path] + extra, ""
        return ["--dfa", "-"] + extra, self.text


@dataclass(frozen=True)
class Answer:
    """What a request answered: ``result`` (the library's value: a Classification, a Check,
    …) and ``command_line``, the ``attnlogic …`` line that asks the same under the same
    budgets; ``language`` when the request had one."""

    result: object
    command_line: str
    language: object = None


def _windows_arguments(windows) -> list[str]:
    return [] if tuple(windows) == (2,) else [w for k in windows for w in ("--window", str(k))]


# -- classify ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ClassifyRequest:
    """``attnlogic classify``: the fragments for ``windows``, the classes named in
    ``classes``, the varieties of ``identities`` (on the semigroup with ``semigroup``) and the
    attention ``patterns`` asked (their windows added)."""

    source: Source
    windows: tuple[int, ...] = (2,)
    classes: tuple[str, ...] = ()
    identities: tuple[str, ...] = ()
    semigroup: bool = False
    patterns: tuple[str, ...] = ()

    FLAGS = ("--max-states", "--max-depth", "--limit", "--search-budget", "--certificate-factor",
             "--certificate-seconds", "--memory-budget")

    def answer(self, limits=None, on_stage=None, language=None) -> Answer:
        """``result``: a :class:`ClassifyAnswer`, the
        :class:`~attnlogic.definability.results.Classification` of the source's minimal DFA
        (``language``: already loaded) with the :class:`PatternResult` of each pattern asked;
        ``on_stage``: told each stage (a status line)."""
        if self.semigroup and not self.identities:
            raise InputError("semigroup: goes with identities", parameters=("semigroup",))
        encoded = {p: encoded_pattern_class(p) for p in dict.fromkeys(self.patterns)}   # PATTERN+pe
        patterns = [AttentionPattern.parse(p) for p, c in encoded.items() if c is None]
        for p in patterns:
            Fragment.from_pattern(p)                 # refuses patterns no fragment characterises
        windows = list(self.windows) + [p.k for p in patterns if p.k is not None and p.k > 1]
        asked = list(self.classes) + [c for c in encoded.values() if c is not None]
        if self.identities:
            from .definability.varieties.identities import identity_class     # only when asked
            asked += [identity_class(text, monoid=not self.semigroup) for text in dict.fromkeys(self.identities)]
        language = language if language is not None else self.source.load(limits)
        hints = () if language.formula is None else (language.formula,)
        result = classify(language.dfa, windows=tuple(dict.fromkeys(windows)), limits=limits, minimal=True,
                          classes=tuple(asked), hints=hints, on_stage=on_stage)
        answers = [result.for_pattern(p) if c is None else PatternResult(p, result[c]) for p, c in encoded.items()]
        return Answer(ClassifyAnswer(result, tuple(answers)),
                      self.command_line(limits), language)

    def command_line(self, limits=None) -> str:
        flags, stdin = self.source.arguments()
        words = ["classify"] + flags + _windows_arguments(self.windows)
        words += [w for c in self.classes for w in ("--class", c)]
        words += [w for i in self.identities for w in ("--identity", i)] + (["--semigroup"] if self.semigroup else [])
        words += [w for p in self.patterns for w in ("--pattern", p)]
        return command_line(words + budget_arguments(limits, self.FLAGS), stdin)


@dataclass(frozen=True)
class ClassifyAnswer:
    """A classification and the answers by attention pattern that were asked."""

    classification: object
    patterns: tuple = ()

    def to_json(self) -> dict:
        """``attnlogic classify --json``'s object."""
        obj = self.classification.to_json()
        if self.patterns:
            sep = self.classification.separator
            obj["patterns"] = {str(a.pattern): a.to_json(sep) for a in self.patterns}
        return obj


# -- verify ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class VerifyRequest:
    """``attnlogic verify``: exactly one of a membership ``formula`` of ``fragment``, a
    ``witness`` pair (with ``depth``, or the pumped ``family``), the verdict of
    ``identities`` (``semigroup``: on the semigroup; ``claimed``: the verdict it must agree
    with), or the ``answer`` of the class ``class_name`` (classify's JSON or the answer
    itself, ``class_answer``; ``answer_file``: where the command line reads it)."""

    source: Source
    fragment: str | None = None
    formula: str | None = None
    witness: tuple[str, str] | None = None
    depth: int | None = None
    family: bool = False
    identities: str | None = None
    semigroup: bool = False
    claimed: bool | None = None
    class_name: str | None = None
    class_answer: object = field(default=None, compare=False)
    answer_file: str | None = None

    FLAGS = ("--max-states",)

    def answer(self, limits=None) -> Answer:
        """The :class:`~attnlogic.definability.verify.Check` of what is claimed (``result``:
        ``valid`` and ``reason``); with ``claimed``, valid when the identities' verdict
        re-decided is the claimed one.  A check stopped by a bound or budget verified nothing:
        :class:`~attnlogic.kernel.errors.CheckBoundExceeded`, naming it."""
        language = self.source.load(limits)
        try:
            check = self._check(language.dfa, limits)
        except CheckBoundExceeded:
            raise
        except LimitExceeded as exc:
            raise CheckBoundExceeded(str(exc), exc.parameters) from None
        return Answer(check, self.command_line(limits), language)

    def _check(self, dfa, limits):
        """The check of what is claimed on the language's DFA (:meth:`answer`)."""
        if self.identities is not None:
            from .definability.checks.verify import verify_identity_check
            check = verify_identity_check(dfa, self.identities, monoid=not self.semigroup)
            if self.claimed is not None:       # the answer re-decided: does it agree?
                agrees = check.valid == self.claimed
                check = replace(check, valid=agrees, reason=("agrees with the answer: " if agrees else
                                                             "DISAGREES with the answer: ") + check.reason)
        elif self.class_name is not None:
            check = self._class_check(dfa, separator(dfa.alphabet))
        elif self.formula is not None:
            from .automata.propositions import over_valuations
            from .definability.checks.verify import verify_formula
            from .ltl import parse
            check = verify_formula(dfa, self._fragment(), over_valuations(parse(self.formula), dfa.alphabet),
                                   state_limit=DEFAULT_STATE_LIMIT if limits is None else limits.check_states)
        else:
            u, v = (split_word(w, dfa.alphabet) for w in self.witness)
            from .definability.checks.verify import verify_witness
            check = verify_witness(dfa, self._fragment(), u, v, self.depth, family=self.family)
        return check

    def _fragment(self):
        if self.fragment is None:
            raise InputError("fragment: required with a formula or a witness pair", parameters=("fragment",))
        return Fragment.parse(self.fragment)

    def _class_check(self, dfa, sep: str):
        """The answer for the class checked by the ``check`` its declaration names (the
        registry's); a JSON of classify (its ``classes`` or, before schema 2, ``fragments``)
        gives the answer for the class."""
        from .definability.engine.verify_carried import _check_own as check_own, class_key, verify_carried

        name = ASCII_SPELLINGS.get(self.class_name.strip(), self.class_name)     # FL(MOD+): FL(MOD⁺)
        key = class_key(name)                           # a name no class answers: refused first
        where = f"answer {self.answer_file}" if self.answer_file is not None else "answer"
        obj = self.class_answer
        if isinstance(obj, dict):
            answers = _class_answers(obj, name, where)
            if answers is not None:
                if name not in answers:
                    raise InputError(f"{where}: no answer for {name} (classify --class {name})",
                                     parameters=("answer",))
                obj = answers[name]
        if not isinstance(obj, dict):
            raise InputError(f"{where}: a JSON object is expected", parameters=("answer",))
        carried = obj.get("carried") is not None        # settled by a declared inclusion
        if carried:
            check = lambda d, o, s: verify_carried(d, name, o, s)      # noqa: E731
        elif isinstance(key, Fragment):                 # LTL[P], LTL[Y<=2], LTL[P,Y<=3], …
            check = lambda d, o, s: check_own(d, key, o, s, 0)         # noqa: E731
        else:
            check = language_class(name).check
        procedure = None if isinstance(key, Fragment) else language_class(name).procedure
        if check is None and (getattr(procedure, "identities", None) is not None
                              or getattr(procedure, "parts", None) is not None):     # GR, FO2[<], JOrb(C), …
            check = lambda d, o, s: check_own(d, key, o, s, 0)     # noqa: E731
        if check is None:                               # SL[2]: the class at a fixed order has one
            raise InputError(f"class {name} has no answer check of its own (those with one: "
                             f"{', '.join(c.name for c in CLASSES if c.check is not None)}, or one at a "
                             "fixed order, SL[2]; an LTL fragment's answers are checked by its formula "
                             "or its witness pair; any class's answer settled by a declared inclusion, "
                             "by the answer it carries)", parameters=("classes",))
        try:
            return check(dfa, obj, sep)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as exc:
            if isinstance(exc, InputError):
                raise
            raise InputError(f"{where}: malformed answer ({exc.__class__.__name__}: {exc})"[:300],
                             parameters=("answer",)) from None

    def command_line(self, limits=None) -> str:
        flags, stdin = self.source.arguments()
        words = ["verify"] + flags
        if self.identities is not None:
            words += ["--identity", self.identities] + (["--semigroup"] if self.semigroup else [])
            if self.claimed is not None:
                words += ["--member", "true" if self.claimed else "false"]
        elif self.class_name is not None:
            words += ["--class", self.class_name]
            if self.answer_file is not None:
                words += ["--answer", self.answer_file]
            elif stdin:               # the file's text is on standard input: the answer goes in a file
                words += ["--answer", "answer.json"]
            else:
                words += ["--answer", "-"]
                import json

                stdin = json.dumps(self.class_answer, ensure_ascii=False)
        else:
            words += ["--fragment", str(self._fragment())]
            if self.formula is not None:
                words += ["--formula", self.formula]
            else:
                words += ["--witness", *self.witness]
                words += ["--depth", str(self.depth)] if self.depth is not None else []
                words += ["--family"] if self.family else []
        return command_line(words + budget_arguments(limits, self.FLAGS), stdin)

    def note(self) -> str | None:
        """What the command line needs besides itself (the answer's file), or None."""
        if self.class_name is not None and self.answer_file is None and self.source.kind == "dfa" \
                and self.source.path is None:
            import json

            return f"answer.json holds {json.dumps(self.class_answer, ensure_ascii=False)}"
        return None


def _class_answers(obj: dict, name: str, where: str) -> dict | None:
    """The answers by class name of a JSON of classify: its ``classes`` (schema 2) merged
    over its ``fragments`` (schema 1, and the LTL fragments of schema 2); None when ``obj``
    is not one.  Schema 2 keeps a class's answer under ``fragments`` too (deprecated): the
    two copies of the answer for ``name`` must agree (InputError otherwise: which one was
    meant?)."""
    if "classes" not in obj and "fragments" not in obj:
        return None
    parts = [obj.get(key) if isinstance(obj.get(key), dict) else {} for key in ("fragments", "classes")]
    if name in parts[0] and name in parts[1] and parts[0][name] != parts[1][name]:
        raise InputError(f"{where}: the answers for {name} under 'classes' and under 'fragments' (deprecated) "
                         "differ: give one", parameters=("answer",))
    return {**parts[0], **parts[1]}


# -- separate ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeparateRequest:
    """``attnlogic separate A B``: the inclusion of fragment ``a`` in ``b`` when a rule
    gives it, else a catalogue language in ``a`` and not in ``b``, verified."""

    a: str
    b: str

    FLAGS = ("--max-depth", "--limit")

    def answer(self, limits=None, memo=None) -> Answer:
        """``result``: an :class:`~attnlogic.definability.inclusions.Inclusion` or a
        separation (``memo(key, compute)``, when given, memoises the separation)."""
        from .definability.separation.separations import inclusion, separation
        inc = inclusion(self.a, self.b)
        if inc is not None:
            return Answer(inc, self.command_line(limits))
        compute = lambda: separation(self.a, self.b, limits=limits)      # noqa: E731
        sep = compute() if memo is None else memo((self.a, self.b, limits), compute)
        return Answer(sep, self.command_line(limits))

    def command_line(self, limits=None) -> str:
        return command_line(["separate", self.a, self.b] + budget_arguments(limits, self.FLAGS))


@dataclass(frozen=True)
class LanguageSeparationRequest:
    """``attnlogic separate --regex L1 --regex L2 --by X``: can class (or fragment, or
    attention pattern) ``by`` separate the language of ``first`` from that of ``second``
    (:func:`attnlogic.definability.separation.separate_languages.separate`).  ``alphabet``
    (text, as typed) is the alphabet of both; without it, two languages whose own alphabets
    differ are read over the union of both, as the command line does."""

    first: Source
    second: Source
    by: str
    alphabet: str | None = None

    FLAGS = ("--max-depth", "--limit")          # the budgets `separate` reads

    def languages(self, limits=None) -> list:
        """Both languages, over one alphabet."""
        sources = [replace(s, alphabet=self.alphabet) for s in (self.first, self.second)]
        langs = [s.load(limits) for s in sources]
        if not (self.alphabet and self.alphabet.strip()) and langs[0].alphabet != langs[1].alphabet:
            union = ",".join(dict.fromkeys(list(langs[0].alphabet) + list(langs[1].alphabet)))
            langs = [replace(s, alphabet=union).load(limits) for s in sources]
        return langs

    def answer(self, limits=None, languages=None) -> Answer:
        """``result``: the :class:`LanguageSeparation` (separable with a checked separator,
        not separable with a proof, or undecided)."""
        from .definability.separation.separate_languages import separate
        langs = self.languages(limits) if languages is None else languages
        return Answer(separate(langs[0], langs[1], self.by, limits=limits), self.command_line(limits))

    def command_line(self, limits=None) -> str:
        flag = {"formula": "--formula", "regex": "--regex", "dfa": "--dfa"}
        words = ["separate"]
        for s in (self.first, self.second):
            words += [flag[s.kind], s.path if s.kind == "dfa" and s.path is not None else s.text]
        alphabet = (self.alphabet or "").strip()
        words += (["--alphabet", alphabet] if alphabet else []) + ["--by", self.by]
        return command_line(words + budget_arguments(limits, self.FLAGS))


# -- census ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CensusRequest:
    """``attnlogic census``: every minimal DFA of at most ``states`` states over
    ``alphabet`` in the fragments of ``windows``, at most ``max_dfas`` of them, each listed
    (``--json --each``)."""

    states: int
    alphabet: str
    windows: tuple[int, ...] = (2,)
    max_dfas: int | None = None

    FLAGS = ("--max-depth", "--limit")

    def answer(self, limits=None, memo=None) -> Answer:
        letters = split_alphabet(self.alphabet)
        from .definability.census import census
        compute = lambda: census(self.states, letters, windows=tuple(self.windows), limits=limits,  # noqa: E731
                                 max_dfas=self.max_dfas)
        key = (self.states, tuple(letters), tuple(self.windows), self.max_dfas, limits)
        return Answer(compute() if memo is None else memo(key, compute), self.command_line(limits))

    def command_line(self, limits=None) -> str:
        words = ["census", "--max-states", str(self.states), "--alphabet", self.alphabet]
        words += _windows_arguments(self.windows)
        words += ["--max-dfas", str(self.max_dfas)] if self.max_dfas is not None and limits is not None else []
        return command_line(words + ["--json", "--each"] + budget_arguments(limits, self.FLAGS))


# -- compile ----------------------------------------------------------------------------------------
#: the command line's defaults of ``compile --check-length`` and ``--check-samples``
COMPILE_CHECK_LENGTH, COMPILE_CHECK_SAMPLES = 1000, 4


@dataclass(frozen=True)
class CompileRequest:
    """``attnlogic compile``: the model of the language, a formula of ours without S (and no
    ``pattern``) compiled as given, any other language through its classification for
    ``windows`` (or for the attention ``pattern``), checked against the DFA on every word up
    to ``check_length`` letters and ``check_samples`` longer ones (a formula compiled as
    given: only with ``check_as_given``); ``dtype`` and ``options`` (``fixed_point``,
    ``span_fix``, ``layernorm``) as :func:`attnlogic.compiler.compile_formula` takes them."""

    source: Source
    windows: tuple[int, ...] = (2,)
    check_length: int = COMPILE_CHECK_LENGTH
    check_samples: int = COMPILE_CHECK_SAMPLES
    out: str | None = None
    pattern: str | None = None
    dtype: str = "float32"
    options: tuple = ()
    check_as_given: bool = True

    FLAGS = ("--max-states",)

    def formula_as_given(self):
        """The source's own formula when it is compiled as given (a formula of ours without
        S, no pattern asked), else None; parsed, no automaton built."""
        if self.source.kind != "formula" or self.source.syntax != "attnlogic" or self.pattern is not None:
            return None
        from .ltl import parse
        f = parse(self.source.text)
        return None if any(type(g).__name__ == "Since" for g in f.subformulas()) else f

    def answer(self, limits=None, language=None) -> Answer:
        """``result``: the :class:`~attnlogic.compiler.compile.CompileResult` (with its check,
        but for a formula compiled as given without ``check_as_given``); ``language``: the
        language loaded (None when it was not needed)."""
        from .compiler import check_compiled, compile_formula       # torch: only when compiling
        from .compiler.compile import CompileResult
        from .pipeline import compile_language

        options = dict(self.options)
        f = self.formula_as_given()
        if f is not None:
            compiled = compile_formula(f, self.source.letters(), dtype=self.dtype, **options)
            if not self.check_as_given:
                return Answer(compiled.summary(), self.command_line(limits), language)
            lang = language if language is not None else self.source.load(limits)
            report = check_compiled(compiled, language=lang, max_length=self.check_length,
                                    samples=self.check_samples)
            return Answer(CompileResult(compiled, language=lang.describe(), fragment="the formula as given",
                                        check=report), self.command_line(limits), lang)
        lang = language if language is not None else self.source.load(limits)
        windows = tuple(dict.fromkeys(self.windows))
        classification = None if limits is None else classify(
            lang.dfa, windows=windows, limits=limits, minimal=True, hints=() if lang.formula is None else (lang.formula,))
        result = compile_language(lang, windows=windows, dtype=self.dtype, check_length=self.check_length,
                                  check_samples=self.check_samples, pattern=self.pattern,
                                  classification=classification, **options)
        return Answer(result, self.command_line(limits), lang)

    def command_line(self, limits=None) -> str:
        flags, stdin = self.source.arguments()
        words = ["compile"] + flags + _windows_arguments(self.windows)
        words += ["--pattern", self.pattern] if self.pattern is not None else []
        words += ["--check-length", str(self.check_length)] if self.check_length != COMPILE_CHECK_LENGTH else []
        words += ["--check-samples", str(self.check_samples)] if self.check_samples != COMPILE_CHECK_SAMPLES else []
        words += ["--out", self.out] if self.out is not None else []
        return command_line(words + budget_arguments(limits, self.FLAGS), stdin)
