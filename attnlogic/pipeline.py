"""Language → model, the one pipeline: classify, choose the certificate, compile, check.

``attnlogic compile`` of a language, the demo and any page that turns a language into a
model call :func:`compile_language`; nothing else chooses which certificate is compiled.

1. **classify** the language's minimal DFA (:func:`attnlogic.definability.classify.classify`),
   unless a classification is given;
2. **choose** the certificate (:func:`choose_certificate`): among the fragments the compiler
   handles (those whose attention pattern has softmax heads, ``AttentionPattern.has_heads``:
   LTL[P], LTL[Y], LTL[P,Y], LTL[Y<=k], LTL[P,Y<=k]; not LTL[S]) that the language is in,
   those minimal for the known inclusions, and of them the one with the smallest formula;
3. **compile** it (:func:`attnlogic.compiler.compile_formula`);
4. **check** that very model against the language's own DFA
   (:func:`attnlogic.compiler.check_compiled`, the engine of :mod:`attnlogic.testing`).

A language in no softmax fragment but star-free (LTL[S]) is compiled into a masked
hard-attention model (B-RASP heads, Yang, Chiang and Angluin 2024) from the LTL[S]
certificate; ``pattern`` asks for one target (:func:`choose_target`).  A language in none is
refused with :class:`NotCompilable`, which names the fragment it fails and its witness pair
(or why it is undecided).
"""

from __future__ import annotations

from attnlogic.compiler.check import check_compiled
from attnlogic.compiler.compile import CompileResult, compile_formula
from attnlogic.definability.engine.classify import classify
from attnlogic.kernel.errors import InputError
from attnlogic.kernel.patterns import AttentionPattern

__all__ = ["NotCompilable", "choose_certificate", "choose_target", "compile_language"]


#: the certificate factor of the second classification when a target language's
#: certificate formula did not fit the default budget (a member needs a formula to compile)
CERTIFICATE_RETRY_FACTOR = 1000


class NotCompilable(InputError):
    """The language is in no fragment the compiler handles (or that is undecided); ``reason``
    says which fragment fails and the witness pair."""

    def __init__(self, language: str, reason: str):
        self.reason = reason
        super().__init__(f"cannot compile {language}: {reason}")


def choose_certificate(classification):
    """The certificate to compile (step 2 of the module docstring), as ``(FragmentResult,
    None)``; when there is none: ``(None, reason)``, the reason naming the largest compilable
    fragment classified (LTL[P,Y], which contains every LTL[P,Y<=k]) and its witness pair, or
    why it is undecided."""
    rs = [r for r in classification.results                 # those the compiler builds heads for
          if getattr(r.fragment, "pattern", None) is not None and r.fragment.pattern.has_heads]
    members = [r for r in rs if r.member and r.formula is not None]
    if members:
        minimal = [r for r in members
                   if not any(o.fragment != r.fragment and r.fragment.includes(o.fragment) for o in members)]
        return min(minimal, key=lambda r: (r.formula.size, str(r.fragment))), None
    top = next((r for r in rs if not any(o.fragment != r.fragment and o.fragment.includes(r.fragment)
                                         for o in rs)), rs[-1])
    sep = classification.separator
    if top.witness is not None:
        w = top.witness
        depth = "every depth" if w.depth is None else f"depth <= {w.depth}"
        return None, (f"not in {top.fragment}, the largest fragment the compiler handles: "
                      f"{sep.join(w.accepted) or 'ε'!r} is in the language, {sep.join(w.rejected) or 'ε'!r} "
                      f"is not, and no formula of {top.fragment} tells them apart (at {depth})")
    return None, f"membership in {top.fragment} is undecided ({top.method})"


def _refusal(r, separator: str, what: str) -> str:
    """Why the language is not in ``r``'s fragment: its witness pair, or that it is undecided
    (or in it without a certificate formula)."""
    if r.member:
        return f"in {r.fragment} ({what}) but its certificate formula was not built ({r.method})"
    if r.witness is None:
        return f"membership in {r.fragment} ({what}) is undecided ({r.method})"
    w = r.witness
    depth = "every depth" if w.depth is None else f"depth <= {w.depth}"
    return (f"not in {r.fragment} ({what}): {separator.join(w.accepted) or 'ε'!r} is in the language, "
            f"{separator.join(w.rejected) or 'ε'!r} is not, and no formula of {r.fragment} tells them "
            f"apart (at {depth})")


def choose_target(classification, pattern=None):
    """``(FragmentResult, hard)`` of the certificate to compile for the attention pattern
    ``pattern`` (an :class:`~attnlogic.kernel.patterns.AttentionPattern` or its name), or
    ``(None, reason)``.  None: the smallest target that has the language — a softmax fragment
    (:func:`choose_certificate`), else LTL[S] in a masked hard-attention model (B-RASP heads:
    every star-free language).  ``masked_hard`` (or ``hard``): LTL[S]'s certificate;
    ``global``, ``local:k``, ``hybrid:k``: that pattern's fragment."""
    sep = classification.separator
    if pattern is None:
        chosen, reason = choose_certificate(classification)
        if chosen is not None:
            return chosen, False
        star_free = next((r for r in classification.results if str(r.fragment) == "LTL[S]"), None)
        if star_free is not None and star_free.member and star_free.formula is not None:
            return star_free, True
        if star_free is not None:
            reason += "; and " + _refusal(star_free, sep, "masked hard attention")
        return None, reason
    p = AttentionPattern.parse(pattern)
    if p.kind == "hard":
        p = AttentionPattern("masked_hard")
    rs = [r for r in classification.results if getattr(r.fragment, "pattern", None) == p]
    if not rs:
        raise InputError(f"pattern {p}: no fragment of that pattern was classified (local:k and hybrid:k "
                         f"need k among the windows)", parameters=("pattern",))
    r = rs[0]
    if r.member and r.formula is not None:
        return r, p.kind == "masked_hard"
    return None, _refusal(r, sep, f"pattern {p}")


def compile_language(language, windows=(2,), dtype: str = "float32", device: str = "cpu",
                     check_length: int = 1000, check_samples: int = 4, seed: int = 0,
                     classification=None, pattern=None, **options) -> CompileResult:
    """Compile any regular language (an :class:`attnlogic.automata.sources.Language`) and
    check the model: the four steps of the module docstring.  ``classification``: the
    language's, when the caller already has it (else it is classified with ``windows``).
    The check: every prefix of ``check_samples`` words of ``check_length`` letters and all
    short words (``seed``).  ``pattern``: the attention pattern to compile for
    (:func:`choose_target`; None: the smallest that has the language).  ``options`` go to :func:`~attnlogic.compiler.compile_formula`.
    :class:`NotCompilable` when the language is in no compilable fragment."""
    if pattern is not None:
        k = AttentionPattern.parse(pattern).k
        windows = tuple(windows) + ((k,) if k is not None and k not in windows else ())
    if classification is None:
        hints = () if language.formula is None else (language.formula,)
        classification = classify(language.dfa, windows=tuple(windows), minimal=True, hints=hints)
    chosen, hard = choose_target(classification, pattern)
    if chosen is None and any(r.member and r.formula is None for r in classification.results):
        # a member whose certificate did not fit the default budget: once more, with room
        classification = classify(language.dfa, windows=tuple(windows), minimal=True,
                                  hints=() if language.formula is None else (language.formula,),
                                  certificate_factor=CERTIFICATE_RETRY_FACTOR)
        chosen, hard = choose_target(classification, pattern)
    if chosen is None:
        raise NotCompilable(language.describe(), hard)
    if hard:
        options = dict(options, hard=True)
    compiled = compile_formula(chosen.formula, language.alphabet, dtype=dtype, device=device, **options)
    report = check_compiled(compiled, language=language, max_length=check_length, samples=check_samples,
                            seed=seed)
    return CompileResult(compiled, language=language.describe(), fragment=str(chosen.fragment), check=report)
