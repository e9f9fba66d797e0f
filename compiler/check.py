"""``check_compiled``: a compiled (or saved) model against a language, through the one checking
engine, :func:`attnlogic.testing.check`.

This module only loads: a :class:`~.compile.CompiledModel` as it is, a model saved by
:meth:`~.compile.CompiledModel.save` (its sidecar names its formula and alphabet, validated
against its vocabulary), or a formula compiled here; it sets the global heads' kernel (and
restores it), or wraps the fixed-point simulation, and says what the model claims (the dtype,
the length up to which that dtype is proved exact).  The words, the oracle, the tally and the
report (:class:`~attnlogic.testing.ModelReport`) are the engine's: compiled models enter
through the same :class:`~attnlogic.testing.Adapter` as users' models, with the prefix
readout (``w + EOS``; the output at 0-based index n is > 0 iff w[:n] is in the language).
It runs in this process (no process boundary: compiled models are ours, and the long words
of 10^5–10^6 letters are streamed through them a batch at a time).
"""

from __future__ import annotations

import copy

from attnlogic.automata.sources import load_language
from attnlogic.kernel.errors import FileFormatError, InputError
from attnlogic.ltl import parse
from attnlogic.testing.recognition import check
from attnlogic.testing.report import ModelReport
from attnlogic.transformer.io import load_model
from attnlogic.kernel.validate import integer

from .compile import CompiledModel, compile_formula, dtype_of
from .plan import plan_formula
from .precision import exact_up_to, fixed_point_exact_up_to

__all__ = ["CheckResult", "check_compiled", "load_checked_model", "check_ranges", "TOKEN_BUDGET",
           "MAX_CHECK_LENGTH", "MAX_SAMPLES", "MAX_SEED"]

#: tokens per forward batch of a compiled model
TOKEN_BUDGET = 1 << 17
#: the random and boundary words of a compiled model's check are at most this long
SHORT_LENGTH = 40

#: the one report type, under the name this module's callers knew
CheckResult = ModelReport

#: range of the numeric arguments of :func:`check_compiled` (and of the demo): the long words
#: are materialised a batch at a time, with the model's activations, so their length bounds memory
MAX_CHECK_LENGTH = 10_000_000
MAX_SAMPLES = 1_000_000
MAX_SEED = 2**63 - 1


def check_ranges(max_length: int, samples: int, seed: int) -> None:
    """InputError naming the parameter when one of them is out of its range."""
    for name, value, hi in (("max_length", max_length, MAX_CHECK_LENGTH),
                            ("samples", samples, MAX_SAMPLES), ("seed", seed, MAX_SEED)):
        integer(name, value, 0, hi)


def _fp_bound(f, letters, fmt, fp_meta: dict):
    """exact_up_to of a saved model on the machine ``fmt`` (re-planned from its formula)."""
    if not fp_meta:
        return 0
    plan = plan_formula(f, letters, cleanup=True, span_fix=bool(fp_meta.get("span_fix")))
    return fixed_point_exact_up_to(plan, fmt)


def load_checked_model(path, alphabet=None, dtype: str | None = None, device: str = "cpu"):
    """A saved model, its alphabet, its sidecar metadata and its run dtype, validated:
    the sidecar's alphabet (or ``alphabet`` when it names none) must match the model's
    vocabulary (letters + EOS), and a given ``alphabet`` must be a prefix of it."""
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


def check_compiled(model=None, *, formula=None, language=None, alphabet=None, max_length: int = 1000,
                   samples: int = 16, exhaustive: int | None = None, dtype: str | None = None,
                   device: str = "cpu", seed: int = 0, progress: bool = False, oracle: str = "dfa",
                   kernel: str = "auto", fixed_point=None, span_fix: bool = True) -> ModelReport:
    """Check a compiled model against a language; the whole ``attnlogic check`` of a formula
    or a saved model.

    ``model``: a :class:`~.compile.CompiledModel` (checked as it is, against its own formula
    unless ``formula`` or ``language`` is given), the path of a model saved by
    :meth:`CompiledModel.save`, or None: ``formula`` is compiled (with ``dtype``,
    ``fixed_point``, ``span_fix``) and checked.  The language is ``language`` (an
    :class:`attnlogic.automata.sources.Language`) or the formula's (its minimal DFA,
    independent of the compiler); ``oracle="evaluator"`` compares with the reference
    evaluator instead (to cross-check the DFA path).  Words (:func:`attnlogic.testing.check`):
    every word of length ``exhaustive`` (default: the engine's budget), the DFA's
    distinguishing contexts, words near the boundary and random words of at most
    :data:`SHORT_LENGTH` letters, and ``samples`` long words of ``max_length`` letters.
    ``kernel="auto"`` runs global heads whose query is constant (every compiled head) with
    the O(N) prefix kernel and the rest with SDPA; ``"sdpa"`` forces the quadratic kernel
    plain PyTorch uses.  The report's ``details``: formula, dtype, device, kernel and
    ``exact_up_to`` (None: every length; 0: no claim, for a model the compiler did not make).
    """
    check_ranges(max_length, samples, seed)
    if exhaustive is not None:
        integer("exhaustive", exhaustive, 0, 16)
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
        if formula is None and own is None and language is None:
            raise InputError(f"{model}: the sidecar names no formula; give the formula to check against",
                             parameters=("formula",))
        # a model the compiler did not make claims nothing (0); null would mean "every length"
        # the length its proof reaches for the stored dtype (re-checked by verify --model),
        # else the older claim
        bound = meta.get("exact_up_to") if "proof" in meta and dtype is None else \
            (exact_up_to(net, dtype_of(run_dtype)) if meta.get("compiler") else 0)
        label = str(model)
        fp_meta = (meta.get("fixed_point") or {}) if meta.get("compiler") else None
    f = own if formula is None else (parse(formula) if isinstance(formula, str) else formula)
    if language is None:
        language = load_language(formula=f, alphabet=letters)
    elif language.formula is not None:
        f = language.formula
    forward = net
    if fixed_point is not None:
        from attnlogic.transformer.fixed_point import fixed_point_forward
        run_dtype = f"fixed-point {fixed_point}"
        # re-planned from the model's own formula; a model compiled for floating point (or
        # not by the compiler) makes no claim on a fixed-point machine
        bound = _fp_bound(own, letters, fixed_point, fp_meta) if fp_meta else 0

        def forward(tokens):
            return fixed_point_forward(net, tokens, fixed_point)
        kernel = "fixed-point simulation"
    heads = [b.attn for b in net.blocks if b.attn is not None]
    previous = [h.kernel for h in heads]
    if fixed_point is None:
        net.set_kernel(kernel)
    details = {"formula": None if own is None else str(own), "dtype": run_dtype, "device": device,
               "kernel": kernel, "exact_up_to": bound}
    try:
        # right padding (with EOS) is safe for the causal compiled heads, and lets the short
        # words of many lengths share one forward pass
        return check(forward, language=language, alphabet=tuple(letters), readout="prefix", eos=len(letters),
                     pad=len(letters), batch_tokens=TOKEN_BUDGET, exhaustive_length=exhaustive, max_length=min(SHORT_LENGTH, max_length),
                     long_length=max_length, long_count=samples, seed=seed, oracle=oracle, label=label,
                     details=details, progress=progress)
    finally:
        for h, kern in zip(heads, previous):
            h.kernel = kern
