"""Check a model against an oracle on every prefix of many words, in one forward pass each.

The model reads ``w + EOS`` and its output at 0-based index n (n = 0…N) is the acceptance
of the prefix w[:n] (see :mod:`.plan`); the oracle's ``prefix_acceptance(w)`` gives the same
N+1 values.  Words:

1. **exhaustive**: every word of one length L (its prefixes are every word of length ≤ L);
2. **long words** of length ``max_length``, cycling through generators: periodic words
   (a b^{k−1})^r and u^r for short blocks u (the separating families of spec/theory.md),
   DFA-guided pumps l·z^r·s (l reaches a state q, z is a cycle through q, s separates q from
   another state: words near the DFA's distinguishing contexts), and uniform random words.

Reports words, prefixes checked, disagreements, the shortest counterexample found (a prefix
on which model and oracle differ) and tokens per second of the model's forward passes.
"""

from __future__ import annotations

import copy
import itertools
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np
import torch

from attnlogic.testing.words import long_words

__all__ = ["CheckResult", "check_compiled", "run_check", "load_checked_model", "CheckReport", "check_model", "dfa_oracle", "exhaustive_length", "long_words", "TOKEN_BUDGET"]

#: tokens per forward batch
TOKEN_BUDGET = 1 << 17


@dataclass(frozen=True)
class CheckReport:
    """What :func:`check_model` found: ``words`` long words of length ``max_length``, every
    prefix of them and of all ``exhaustive_words`` words of length ``exhaustive_length``
    (``prefixes_checked`` in all); ``disagreements`` (prefixes); ``counterexample`` the
    shortest disagreeing prefix found (letter indices) and the oracle's answer on it;
    ``tokens``/``seconds`` of the model's forward passes; ``kinds`` per word generator."""

    words: int = 0
    max_length: int = 0
    prefixes_checked: int = 0
    disagreements: int = 0
    counterexample: tuple[int, ...] | None = None
    counterexample_expected: bool | None = None
    tokens: int = 0
    seconds: float = 0.0
    exhaustive_length: int = 0
    exhaustive_words: int = 0
    kinds: dict = field(default_factory=dict, compare=False)

    @property
    def tokens_per_second(self) -> float:
        return self.tokens / self.seconds if self.seconds > 0 else 0.0

    def _repr_html_(self) -> str:
        from attnlogic.display import html_table

        ce = "none" if self.counterexample is None else (f"{len(self.counterexample)} letters"
                                                         if self.counterexample else "ε")
        rows = [["exhaustive", f"all {self.exhaustive_words} words of length {self.exhaustive_length}"],
                ["long words", f"{self.words} of length {self.max_length}"],
                ["prefixes checked", self.prefixes_checked], ["disagreements", self.disagreements],
                ["counterexample", ce], ["tokens per second", f"{self.tokens_per_second:.0f}"]]
        return html_table(["", ""], rows, caption="model against the DFA, every prefix")


class _Tally:
    """The running counts of one check (private; frozen into a :class:`CheckReport`)."""

    def __init__(self):
        self.prefixes = self.disagreements = self.tokens = 0
        self.seconds = 0.0
        self.counterexample: tuple[int, ...] | None = None
        self.expected: bool | None = None
        self.kinds: dict[str, dict[str, int]] = {}

    def note(self, agree: np.ndarray, codes: np.ndarray, expected: np.ndarray, kind: str) -> None:
        """Record one word's comparison (``agree``, ``expected`` of length N+1)."""
        self.prefixes += agree.size
        bad = np.flatnonzero(~agree)
        self.disagreements += bad.size
        d = self.kinds.setdefault(kind, {"words": 0, "disagreements": 0})
        d["words"] += 1
        d["disagreements"] += int(bad.size)
        if bad.size:
            n = int(bad[0])
            if self.counterexample is None or n < len(self.counterexample):
                self.counterexample = tuple(int(c) for c in codes[:n])
                self.expected = bool(expected[n])

    def report(self, words: int, max_length: int, exhaustive_length: int, exhaustive_words: int) -> CheckReport:
        return CheckReport(words, max_length, self.prefixes, self.disagreements, self.counterexample,
                           self.expected, self.tokens, self.seconds, exhaustive_length, exhaustive_words,
                           self.kinds)


def dfa_oracle(dfa, alphabet) -> Callable[[np.ndarray], np.ndarray]:
    """Prefix acceptance of a batch of words given as letter indices of ``alphabet``:
    [B, N] → [B, N+1], all words advanced in lock step through the DFA's table."""
    missing = [a for a in alphabet if a not in dfa.alphabet]
    if missing:
        from attnlogic.errors import InputError
        raise InputError(f"letters {missing} are not in the DFA's alphabet {list(dfa.alphabet)}")
    remap = np.array([dfa.letter_index(a) for a in alphabet], dtype=np.int64)
    table = np.asarray(dfa.transitions, dtype=np.int64)
    acc = np.asarray(dfa.accepting, dtype=bool)

    def run(codes: np.ndarray) -> np.ndarray:
        codes = remap[codes]
        B, N = codes.shape
        states = np.empty((B, N + 1), dtype=np.int64)
        q = np.full(B, dfa.initial, dtype=np.int64)
        states[:, 0] = q
        for j in range(N):
            q = table[q, codes[:, j]]
            states[:, j + 1] = q
        return acc[states]

    return run


def exhaustive_length(n_letters: int, budget: int = 1 << 13, cap: int = 12) -> int:
    """The largest L ≤ cap with n_letters^L ≤ budget."""
    L = 0
    while L < cap and n_letters ** (L + 1) <= budget:
        L += 1
    return L


def _forward(model, codes: np.ndarray, eos: int, device, forward=None) -> np.ndarray:
    tokens = torch.as_tensor(np.concatenate([codes, np.full((codes.shape[0], 1), eos)], axis=1), device=device)
    with torch.no_grad():
        out = (forward or model)(tokens)[..., 0]
    return (out > 0).cpu().numpy()


def check_model(model, alphabet, oracle: Callable[[np.ndarray], np.ndarray], max_length: int,
                samples: int, seed: int = 0, exhaustive: int | None = None, dfa=None,
                progress: bool = False, stop_at_first: bool = False, kernel: str | None = None,
                forward=None) -> CheckReport:
    """Compare ``model`` (tokens = letter indices of ``alphabet``, EOS = len(alphabet)) with
    ``oracle`` on every prefix: all words of length ``exhaustive`` (default
    :func:`exhaustive_length`), then ``samples`` long words of length ``max_length``.
    ``forward(tokens)`` replaces ``model(tokens)`` (e.g. the fixed-point simulation).
    ``kernel`` is set for the check and the model's previous kernels restored after."""
    device = next(model.parameters()).device
    model.eval()
    previous = [b.attn.kernel for b in model.blocks if b.attn is not None]
    if kernel is not None:
        model.set_kernel(kernel)
    try:
        return _check(model, alphabet, oracle, max_length, samples, seed, exhaustive, dfa, progress,
                      stop_at_first, forward, device)
    finally:
        for b, kern in zip((b for b in model.blocks if b.attn is not None), previous):
            b.attn.kernel = kern


def _check(model, alphabet, oracle, max_length, samples, seed, exhaustive, dfa, progress, stop_at_first,
           forward, device) -> CheckReport:
    k = len(alphabet)
    eos = k
    tally = _Tally()
    L = exhaustive_length(k) if exhaustive is None else exhaustive
    L = min(L, max_length) if max_length else L

    def run(codes: np.ndarray, kind: str):
        if device.type == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        got = _forward(model, codes, eos, device, forward)
        if device.type == "cuda":
            torch.cuda.synchronize()
        tally.seconds += time.perf_counter() - t0
        tally.tokens += codes.size + codes.shape[0]
        want = oracle(codes)
        for b in range(codes.shape[0]):
            tally.note(got[b] == want[b], codes[b], want[b], kind)

    # 1. exhaustive: all words of length exactly L
    n_exhaustive = 0
    if k and L >= 0:
        all_codes = np.array(list(itertools.product(range(k), repeat=L)), dtype=np.int64).reshape(k ** L, L)
        step = max(1, TOKEN_BUDGET // (L + 1))
        for s in range(0, len(all_codes), step):
            run(all_codes[s:s + step], "exhaustive")
        n_exhaustive = len(all_codes)
    # 2. long words
    batch = max(1, TOKEN_BUDGET // (max_length + 1))
    it = long_words(alphabet, max_length, samples, seed, dfa)
    bar = None
    if progress:
        from attnlogic.progress import Counter
        bar = Counter(f"check N={max_length}", True, samples, "words")
        bar.update(0)
    buf: list[np.ndarray] = []
    kinds: list[str] = []
    try:
        for kind, w in it:
            buf.append(w)
            kinds.append(kind)
            if len(buf) == batch:
                _run_group(run, buf, kinds)
                if bar:
                    bar.update(len(buf))
                buf, kinds = [], []
                if stop_at_first and tally.disagreements:
                    break
        if buf:
            _run_group(run, buf, kinds)
            if bar:
                bar.update(len(buf))
    finally:
        if bar:
            bar.close()
    return tally.report(samples, max_length, L, n_exhaustive)


def _run_group(run, words: list[np.ndarray], kinds: list[str]) -> None:
    if len(set(kinds)) == 1:
        run(np.stack(words), kinds[0])
    else:
        for w, kind in zip(words, kinds):
            run(w[None, :], kind)


# -- the check API: a compiled (or saved) model against the language of a formula --------------
@dataclass(frozen=True)
class CheckResult:
    """The outcome of ``attnlogic check``: a model compared with the minimal DFA of a language
    on every prefix of the checked words (see the module docstring).

    ``counterexample`` is the shortest disagreeing prefix found, as text (letters joined, or
    with commas for multi-character letters), ``counterexample_expected`` the language's
    answer on it; ``exact_up_to`` the length up to which the model's dtype is proved exact
    (None: every length; 0: no claim, for a model the compiler did not make)."""

    words: int
    max_length: int
    prefixes_checked: int
    disagreements: int
    counterexample: str | None
    tokens_per_second: float
    counterexample_expected: bool | None
    exhaustive_length: int
    exhaustive_words: int
    kinds: dict = field(compare=False)
    formula: str | None
    alphabet: tuple[str, ...]
    dtype: str
    device: str
    exact_up_to: int | None
    model: str
    oracle: str
    seconds: float
    kernel: str

    @property
    def exact(self) -> bool:
        """No disagreement was found."""
        return self.disagreements == 0

    def to_json(self) -> dict:
        """The JSON object of ``attnlogic check --json``."""
        return {
            "words": self.words, "max_length": self.max_length, "prefixes_checked": self.prefixes_checked,
            "disagreements": self.disagreements, "counterexample": self.counterexample,
            "tokens_per_second": round(self.tokens_per_second, 1),
            "counterexample_expected": self.counterexample_expected,
            "exhaustive": {"length": self.exhaustive_length, "words": self.exhaustive_words},
            "kinds": {k: dict(v) for k, v in self.kinds.items()}, "formula": self.formula,
            "alphabet": list(self.alphabet), "dtype": self.dtype, "device": self.device,
            "exact_up_to": self.exact_up_to, "model": self.model, "oracle": self.oracle,
            "seconds": round(self.seconds, 3), "kernel": self.kernel,
        }

    def lines(self) -> list[str]:
        """The text of ``attnlogic check`` (one string per line)."""
        from attnlogic.display import show_word

        ce = self.counterexample
        return ([f"formula            {self.formula}"] if self.formula is not None else []) + [
            f"model              {self.model}  ({self.dtype}, {self.device}, kernel {self.kernel}, "
            f"exact_up_to {self.exact_up_to})",
            f"oracle             {self.oracle}",
            f"exhaustive         all {self.exhaustive_words} words of length {self.exhaustive_length}",
            f"long words         {self.words} of length {self.max_length}",
            f"prefixes checked   {self.prefixes_checked}",
            f"disagreements      {self.disagreements}",
            f"counterexample     {'none' if ce is None else (show_word(ce) if ce else 'ε (empty word)')}",
            f"tokens per second  {self.tokens_per_second:.0f}",
        ]

    def __repr__(self) -> str:
        verdict = "exact" if self.exact else f"{self.disagreements} disagreements"
        return (f"CheckResult({verdict}; {self.prefixes_checked} prefixes of {self.words} long words of "
                f"{self.max_length} letters and {self.exhaustive_words} of length {self.exhaustive_length}; "
                f"formula {self.formula!r}, {self.dtype}, {self.device})")

    def _repr_html_(self) -> str:
        """For notebooks: the lines of :meth:`lines` as a table, the formula as text that
        parses again."""
        from attnlogic.display import lines_html

        return lines_html(self.lines(), "check: " + ("exact" if self.exact else
                                                     f"{self.disagreements} disagreements"),
                          formulas=() if self.formula is None else (self.formula,))


def _fp_bound(f, letters, fmt, fp_meta: dict):
    """exact_up_to of a saved model on the machine ``fmt`` (re-planned from its formula)."""
    from .plan import plan_formula
    from .precision import fixed_point_exact_up_to
    if not fp_meta:
        return 0
    plan = plan_formula(f, letters, cleanup=True, span_fix=bool(fp_meta.get("span_fix")))
    return fixed_point_exact_up_to(plan, fmt)


def _word_text(codes, alphabet) -> str:
    from attnlogic.definability.results import word_text
    return word_text(alphabet, codes)


#: range of the numeric arguments of :func:`check_compiled` (and of the demo): the long words
#: are materialised, with the model's activations, so their length bounds memory
MAX_CHECK_LENGTH = 10_000_000
MAX_SAMPLES = 1_000_000
MAX_SEED = 2**63 - 1


def check_ranges(max_length: int, samples: int, seed: int) -> None:
    """InputError naming the parameter when one of them is out of its range."""
    from attnlogic.errors import InputError

    for name, value, hi in (("max_length", max_length, MAX_CHECK_LENGTH),
                            ("samples", samples, MAX_SAMPLES), ("seed", seed, MAX_SEED)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= hi:
            raise InputError(f"{name} must be an integer in 0..{hi}, got {value!r}", parameters=(name,))


def load_checked_model(path, alphabet=None, dtype: str | None = None, device: str = "cpu"):
    """A saved model, its alphabet, its sidecar metadata and its run dtype, validated:
    the sidecar's alphabet (or ``alphabet`` when it names none) must match the model's
    vocabulary (letters + EOS), and a given ``alphabet`` must be a prefix of it."""
    from attnlogic.errors import FileFormatError, InputError
    from attnlogic.transformer.io import load_model

    from .compile import dtype_of

    model, side = load_model(path, device=device)
    meta = side.get("metadata", {})
    model_alpha = meta.get("alphabet")
    if model_alpha is None:
        if alphabet is None:
            raise InputError(f"{path}: the sidecar names no alphabet; give the alphabet",
                             parameters=("alphabet",))
        model_alpha = list(alphabet)
    if not isinstance(model_alpha, list) or len(model_alpha) + 1 != model.config.vocab_size:
        raise FileFormatError(str(path), "metadata.alphabet",
                              "does not match the model's vocabulary size (letters + EOS)")
    letters = tuple(model_alpha)
    if alphabet is not None and list(alphabet) != list(letters)[:len(alphabet)]:
        raise InputError(f"the alphabet {list(alphabet)} differs from the model's {list(letters)}",
                         parameters=("alphabet",))
    if dtype is not None:
        model = model.to(dtype_of(dtype))
    return model, letters, meta, dtype or side["dtype"]


def check_compiled(model=None, *, formula=None, language=None, alphabet=None, max_length: int = 1000, samples: int = 16,
          exhaustive: int | None = None, dtype: str | None = None, device: str = "cpu", seed: int = 0,
          progress: bool = False, oracle: str = "dfa", kernel: str = "auto", fixed_point=None,
          span_fix: bool = True) -> CheckResult:
    """Check a model against the language of a formula; the whole ``attnlogic check``.

    ``model``: a :class:`~.compile.CompiledModel` (checked as it is, against its own formula
    unless ``formula`` is given), the path of a model saved by :meth:`CompiledModel.save`
    (its sidecar names its formula and alphabet), or None: ``formula`` is compiled (with
    ``dtype``, ``fixed_point``, ``span_fix``) and checked.  The oracle is the minimal DFA of
    ``language`` (an :class:`attnlogic.automata.sources.Language`) or, when none is given, of
    the formula's language (:func:`~attnlogic.automata.sources.load_language`, independent of
    the compiler), or with ``oracle="evaluator"`` the reference evaluator
    :func:`attnlogic.ltl.prefix_acceptance` (to cross-check the DFA path).  ``kernel="auto"``
    runs global heads whose query is constant (every compiled head) with the O(N) prefix
    kernel and the rest with SDPA; ``"sdpa"`` forces the quadratic kernel plain PyTorch uses.
    """
    from attnlogic.automata.sources import load_language
    from attnlogic.errors import InputError
    from attnlogic.ltl import parse

    check_ranges(max_length, samples, seed)
    from .compile import CompiledModel, compile_formula, dtype_of
    from .precision import exact_up_to

    own = None                               # the formula the model was compiled from
    if model is None:
        if formula is None:
            raise InputError("give a formula or a model", parameters=("formula", "model"))
        model = compile_formula(formula, alphabet, dtype=dtype or "float32", device=device,
                                fixed_point=fixed_point, span_fix=span_fix)
        formula = None
    if isinstance(model, CompiledModel):
        compiled = model
        net, letters, run_dtype, bound = compiled.model, compiled.vocab.alphabet, compiled.dtype, compiled.exact_up_to
        own = parse(compiled.formula)
        if dtype is not None and dtype != compiled.dtype:
            net = copy.deepcopy(net).to(dtype_of(dtype))   # the compiled model stays as it is
            run_dtype, bound = dtype, exact_up_to(net, dtype_of(dtype))
        label = f"compiled ({compiled.layers} layers, {compiled.heads} heads, width {compiled.width})"
        fp_meta = compiled.metadata.get("fixed_point") if fixed_point is not None else None
    else:
        net, letters, meta, run_dtype = load_checked_model(model, alphabet, dtype, device)
        own = parse(meta["formula"]) if meta.get("formula") else None
        if formula is None and own is None:
            raise InputError(f"{model}: the sidecar names no formula; give the formula to check against",
                             parameters=("formula",))
        # a model the compiler did not make claims nothing (0); null would mean "every length"
        bound = exact_up_to(net, dtype_of(run_dtype)) if meta.get("compiler") else 0
        label = str(model)
        fp_meta = (meta.get("fixed_point") or {}) if meta.get("compiler") else None
    f = own if formula is None else (parse(formula) if isinstance(formula, str) else formula)
    if language is not None:
        f = language.formula
    dfa = None
    if oracle == "dfa":
        if language is None:
            language = load_language(formula=f, alphabet=letters)
        dfa = language.dfa
        fn = dfa_oracle(dfa, letters)
        oracle_name = f"minimal DFA of the {language.kind} ({dfa.n_states} states)"
        if language.kind != "formula":
            oracle_name = f"minimal DFA of the {language.describe()} ({dfa.n_states} states)"
    elif f is None:
        raise InputError("the reference evaluator needs a formula", parameters=("oracle",))
    else:  # the reference evaluator (used by tests to cross-check the DFA path)
        from attnlogic.ltl import prefix_acceptance

        def fn(codes):
            return np.stack([prefix_acceptance(f, [letters[i] for i in w]) for w in codes])
        oracle_name = "reference evaluator"
    forward = None
    if fixed_point is not None:
        from attnlogic.transformer.fixed_point import fixed_point_forward
        run_dtype = f"fixed-point {fixed_point}"
        # re-planned from the model's own formula; a model compiled for floating point (or
        # not by the compiler) makes no claim on a fixed-point machine
        bound = _fp_bound(own, letters, fixed_point, fp_meta) if fp_meta else 0

        def forward(tokens):
            return fixed_point_forward(net, tokens, fixed_point)
        kernel = "fixed-point simulation"
    rep = check_model(net, letters, fn, max_length, samples, seed=seed, exhaustive=exhaustive,
                      dfa=dfa, progress=progress, kernel=None if forward else kernel, forward=forward)
    return CheckResult(
        rep.words, rep.max_length, rep.prefixes_checked, rep.disagreements,
        None if rep.counterexample is None else _word_text(rep.counterexample, letters),
        rep.tokens_per_second, rep.counterexample_expected, rep.exhaustive_length, rep.exhaustive_words,
        rep.kinds, None if f is None else str(f), tuple(letters), run_dtype, device, bound, label, oracle_name, rep.seconds, kernel)


def run_check(formula=None, model_path=None, alphabet=None, **options) -> dict:
    """``check_compiled(model_path, formula=formula, alphabet=alphabet, **options).to_json()``: the
    JSON dict of ``attnlogic check`` (kept for scripts; new code uses :func:`check_compiled`)."""
    return check_compiled(model_path, formula=formula, alphabet=alphabet, **options).to_json()
