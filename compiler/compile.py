"""``compile_formula``: a formula of LTL[P,Y<=k] → a :class:`CompiledModel` (plan, weights,
vocabulary, dtype and the length up to which the dtype is proved exact)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import numpy as np
import torch

from attnlogic.kernel.errors import InputError
from attnlogic.ltl.formula import Formula, is_future
from attnlogic.transformer.io import DTYPES, save_model
from attnlogic.transformer.model import Transformer
from attnlogic.transformer.vocab import Vocabulary

from .plan import Plan, plan_formula
from .precision import exact_up_to, proof_claim, proved_bound
from .weights import SCORE_GAP, build_model
from attnlogic.kernel.display import html_table, lines_html
from attnlogic.ltl import parse

__all__ = ["CompiledModel", "CompileResult", "compile_formula", "dtype_of", "READOUT"]

#: how to read the output (stored in the sidecar)
READOUT = "position n+1 (0-based index n) gives w[:n] in L iff output > 0; index N is EOS"


def dtype_of(name: str) -> torch.dtype:
    try:
        return {k: v for k, v in DTYPES.items() if k != "float64"}[name]
    except KeyError:
        raise InputError(f"unknown dtype {name!r}; expected float32, bfloat16 or float16") from None


@dataclass(frozen=True)
class CompiledModel:
    """A compiled formula: ``model(vocab.encode(w))[0, n, 0] > 0`` iff w[:n] ∈ L (n = 0…N)."""

    formula: str
    plan: Plan
    vocab: Vocabulary
    model: Transformer
    dtype: str
    exact_up_to: int | None
    metadata: dict = field(default_factory=dict)

    @property
    def layers(self) -> int:
        return self.plan.n_layers

    @property
    def heads(self) -> int:
        return self.plan.n_heads

    @property
    def width(self) -> int:
        return self.model.config.d_model

    def summary(self) -> "CompileResult":
        """What ``attnlogic compile`` reports about this model (not saved)."""
        return CompileResult(self)

    def _repr_html_(self) -> str:
        """The summary and one row per head (a short table)."""

        exact = "every length" if self.exact_up_to is None else f"lengths ≤ {self.exact_up_to}"
        rows = [[layer, str(h.spec), str(h.formula)] for layer, heads in enumerate(self.plan.heads, 1)
                for h in heads]
        return html_table(["layer", "head", "computes"], rows,
                          caption=f"{self.formula}: {self.layers} layers, {self.heads} heads, width "
                                  f"{self.width}, {self.dtype}, exact at {exact}")

    @torch.no_grad()
    def prefix_acceptance(self, word) -> np.ndarray:
        """Acceptance of every prefix w[:n], n = 0…N, from one forward pass."""
        p = next(self.model.parameters())
        tokens = self.vocab.encode(word).to(p.device).unsqueeze(0)
        return (self.model(tokens)[0, :, 0] > 0).cpu().numpy()

    def accepts(self, word) -> bool:
        return bool(self.prefix_acceptance(word)[-1])

    def save(self, path: str | os.PathLike):
        """Write safetensors + JSON sidecar (see :mod:`attnlogic.transformer.io`)."""
        return save_model(self.model, path, self.metadata)


@dataclass(frozen=True)
class CompileResult:
    """The report of ``attnlogic compile``: the compiled model and, when it was saved, the
    paths of its weights (``out``) and sidecar; when a language was compiled
    (:func:`attnlogic.pipeline.compile_language`), where it came from, the fragment whose
    certificate was compiled, and the check of the model against the language's DFA (an
    :class:`attnlogic.testing.ModelReport`)."""

    compiled: CompiledModel
    out: str | None = None
    sidecar: str | None = None
    language: str | None = None          # when a language was compiled: where it came from,
    fragment: str | None = None          # the fragment whose certificate was compiled,
    check: object = None                 # and the ModelReport of the model against its DFA

    def to_json(self) -> dict:
        """The JSON object of ``attnlogic compile --json``."""
        c = self.compiled
        obj = {"layers": c.layers, "heads": c.heads, "width": c.width, "dtype": c.dtype,
               "exact_up_to": c.exact_up_to}
        if self.language is not None:
            full = self.check.to_json()
            obj.update({"language": self.language, "fragment": self.fragment, "formula": c.formula,
                        "check": {k: full[k] for k in ("completed", "words", "max_length", "decisions",
                                                       "disagreements", "counterexample", "oracle")}})
        if self.out is not None:
            obj["out"], obj["sidecar"] = self.out, self.sidecar
        return obj

    def lines(self) -> list[str]:
        """The text of ``attnlogic compile``: sizes, one line per head, the exactness claim."""
        c = self.compiled
        exact = "every length" if c.exact_up_to is None else f"lengths <= {c.exact_up_to}"
        out = [f"formula   {c.formula}",
               f"alphabet  {','.join(c.vocab.alphabet)} (+ EOS = token {c.vocab.eos})",
               f"layers    {c.layers}   heads {c.heads}   width {c.width}   ffn {c.plan.d_ff}"]
        out += [f"  layer {l}  {str(h.spec):10s} {h.formula}"
                for l, heads in enumerate(c.plan.heads, 1) for h in heads]
        out.append(f"dtype     {c.dtype}: exact at {exact}")
        if self.language is not None:
            chk = self.check
            out.insert(0, f"language  {self.language}: in {self.fragment}, certificate compiled")
            verdict = ("agrees" if chk.agrees else
                       f"{chk.disagreements} disagreements, e.g. {chk.counterexample_text!r}")
            out.append(f"checked   every prefix of {chk.words} words (all {chk.exhaustive_words} of length "
                       f"{chk.exhaustive_length}, the longest {chk.max_length} letters) against the DFA: {verdict}")
        if self.out is not None:
            out.append(f"wrote     {self.out} and {self.sidecar}")
        return out

    def _repr_html_(self) -> str:
        """For notebooks: the lines of :meth:`lines` as a table, the formula as text that
        parses again."""

        return lines_html(self.lines(), "compile", formulas=(self.compiled.formula,))


def compile_formula(formula: Formula | str, alphabet=None, dtype: str = "float32",
                    device: str = "cpu", fixed_point=None, span_fix: bool = True,
                    layernorm: bool = False, hard: bool = False) -> CompiledModel:
    """Compile a formula of LTL[P,Y<=k] (O and H allowed: rewritten into P), or with
    ``hard`` any formula of LTL[S] into a masked hard-attention model (B-RASP heads, see
    :func:`.plan.plan_formula`).

    ``alphabet``: the letters (the formula's atoms are added); S is refused (InputError).
    ``fixed_point``: a :class:`~attnlogic.transformer.fixed_point.FixedPoint` format to
    compile for (head outputs cleaned, plus Li & Cotterell's P(ψ ∧ Pψ) patch when
    ``span_fix``); ``exact_up_to`` is then the bound on that machine.  ``layernorm``: a
    standard post-LN model with mirror coordinates (see :func:`.weights.build_model`).
    """
    if layernorm and fixed_point is not None:
        raise InputError("layernorm and fixed_point cannot be combined (the simulation has no LayerNorm)",
                         parameters=("layernorm", "fixed_point"))
    if isinstance(formula, str):
        formula = parse(formula)
    if is_future(formula):
        raise InputError("an LTLf formula (future operators) is compiled through its language: its heads "
                         "attend to the past, so classify its minimal DFA and compile a past certificate "
                         "(attnlogic.pipeline.compile_language)", parameters=("formula",))
    if fixed_point is not None and any(type(g).__name__ == "Mod" for g in formula.subformulas()):
        raise InputError("fixed_point does not support MOD[m,r] (the simulation has no positional "
                         "encoding)", parameters=("fixed_point",))
    if hard and (fixed_point is not None or layernorm):
        raise InputError("hard heads are compiled for plain float models only (no fixed_point, no layernorm)",
                         parameters=("fixed_point", "layernorm"))
    plan = plan_formula(formula, alphabet, cleanup=fixed_point is not None,
                        span_fix=fixed_point is not None and span_fix, hard=hard)
    if not plan.alphabet:
        raise InputError("the formula has no atoms: give an alphabet")
    vocab = Vocabulary(plan.alphabet)
    tdtype = dtype_of(dtype)
    model = build_model(plan, vocab, layernorm=layernorm).to(device=device, dtype=tdtype)
    proof = None
    if fixed_point is None and not layernorm:
        proof = proof_claim(plan)
        bound = proved_bound(model, dtype, str(formula), vocab, proof) if exact_up_to(model, tdtype) is None else 0
    elif fixed_point is None:
        bound = exact_up_to(model, tdtype)
    else:
        from .precision import fixed_point_exact_up_to
        bound = fixed_point_exact_up_to(plan, fixed_point)
        dtype = f"fixed-point {fixed_point}"
    metadata = {"compiler": "attnlogic.compiler", "formula": str(formula), "alphabet": list(vocab.alphabet),
                "eos": vocab.eos, "readout": READOUT, "score_gap": SCORE_GAP, "exact_up_to": bound,
                "coordinates": list(plan.names)}
    if proof is not None:
        metadata["proof"] = proof
    if fixed_point is not None:
        metadata["fixed_point"] = {"frac_bits": fixed_point.frac_bits, "int_bits": fixed_point.int_bits,
                                   "span_fix": span_fix}
    return CompiledModel(str(formula), plan, vocab, model, dtype, bound, metadata)
