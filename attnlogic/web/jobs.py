"""The page's questions as pure functions: a request's parameters (a dict of JSON values,
already checked by :mod:`.schema`) → a JSON-able answer.  Each job reads its parameters into
the request of :mod:`attnlogic.request` that the command line asks too, and names that
command (``"cli"``: the request's equivalent ``attnlogic …`` line, with the budgets the
answer was computed under); what is left here is the page's presentation (drawings, rows,
filters).  Nothing here imports :mod:`attnlogic.commands`:

``language``  the language (formula, regex, or the text of a DFA file in any format the
              command line reads), its minimal DFA drawn as SVG, its size and its syntactic
              semigroup's size, and the classification by fragment and attention pattern with
              each certificate or witness pair (``attnlogic classify``);
``verify``    a certificate (formula) or witness pair re-checked by
              :mod:`attnlogic.definability.verify`, a subregular class's answer by
              :mod:`attnlogic.definability.verify_subregular`, a verdict on identities
              (FO2[<], DD1) re-decided from scratch (``attnlogic verify``);
``separate``  a language in fragment A and not in B, or the inclusion (``attnlogic separate``);
``separate_languages``  can class X separate two languages: a separator checked on DFAs, a
              proof that none exists, or undecided (``attnlogic separate --regex L1 --regex
              L2 --by X``; the same JSON);
``compile``   the model of the language (a formula without S as given; any other language
              through :func:`attnlogic.pipeline.compile_language`), its plan as a diagram,
              its check against the DFA, and per prefix of a word the DFA's state and
              acceptance and the model's acceptance (``attnlogic compile``);
``download``  the compiled model's safetensors weights or JSON sidecar, as bytes (nothing is
              written to disk);
``census``    the small languages by profile: in every fragment of A, in none of B
              (``attnlogic census``).

These run in the server's worker processes (:mod:`.pool`) under the request's budgets:
``limits`` (a :class:`~attnlogic.kernel.limits.Limits`) bounds every exponential step, the worker
bounds the time and the address space.  Results of the slower steps are memoised per
worker (a small LRU keyed by the parameters).
"""

from __future__ import annotations

import base64
from collections import OrderedDict

from attnlogic.automata.dfa import DFA
from attnlogic.automata.drawing import graphviz_svg, to_svg
from attnlogic.automata.io import dfa_text, to_dot
from attnlogic.automata.sources import Language
from attnlogic.definability.engine.classify import questions
from attnlogic.definability.engine.registry import CLASSES
from attnlogic.definability.values.results import SCHEMA
from attnlogic.definability.algebra.semigroup import transition_semigroup
from attnlogic.kernel.errors import InputError, LimitExceeded
from attnlogic.kernel.limits import Limits
from attnlogic.kernel.words import join_word, split_word
from attnlogic.ltl.fragments import Fragment
from attnlogic.request import (CensusRequest, ClassifyRequest, CompileRequest, LanguageSeparationRequest,
                               SeparateRequest, Source, VerifyRequest)

__all__ = ["JOBS", "run_job", "fragment_choices", "optional_classes", "request_of", "cli_line"]

#: the most states drawn (graphviz's SVG; beyond it the answer says so)
MAX_DRAWN = 200
#: census entries listed in one answer (the counts cover all of them)
MAX_LISTED = 200
#: letters of a word stepped through a compiled model
MAX_WORD = 2000
#: a compiled model's check on the page: every word up to this length, and this many longer ones
CHECK_LENGTH, CHECK_SAMPLES = 200, 2
#: memoised results per worker and kind
_CACHE_SIZE = 32
_CACHES: dict[str, OrderedDict] = {}


def _memo(kind: str, key, compute):
    cache = _CACHES.setdefault(kind, OrderedDict())
    if key in cache:
        cache.move_to_end(key)
        return cache[key]
    value = compute()
    cache[key] = value
    while len(cache) > _CACHE_SIZE:
        cache.popitem(last=False)
    return value


def optional_classes() -> list[str]:
    """The registered classes a classification asks only when named (``default=False``)."""
    return [c.name for c in CLASSES if not c.default]


def fragment_choices(windows=(2, 3)) -> list[dict]:
    """The fragments of a classification with these windows, with their attention patterns
    (for the page's menus)."""
    return [{"fragment": str(f), "pattern": None if f.pattern is None else str(f.pattern)}
            for f in questions(tuple(windows))]


# -- requests -----------------------------------------------------------------------------------
def _source(params) -> Source:
    """The :class:`~attnlogic.request.Source` of ``params``: ``source`` (formula, regex or
    file: its text, the upload), ``text``, ``alphabet``, ``one_hot`` (a file), ``filename``."""
    kind = "dfa" if params["source"] == "file" else params["source"]
    return Source(kind, text=params["text"], alphabet=params.get("alphabet") or None,
                  one_hot=kind == "dfa" and bool(params.get("one_hot")), filename=params.get("filename"))


def load(params, limits: Limits) -> Language:
    """The language of ``params`` (:func:`_source`).  A file is parsed from its text (the
    upload), never executed; its name is only shown."""
    return _source(params).load(limits)


def _windows(params) -> tuple[int, ...]:
    return tuple(params.get("windows") or (2,))


def request_of(kind: str, params):
    """The :mod:`attnlogic.request` request that job ``kind`` asks with ``params``."""
    if kind == "language":
        return ClassifyRequest(_source(params), windows=_windows(params), classes=tuple(params.get("classes") or ()))
    if kind in ("compile", "download"):
        return CompileRequest(_source(params), windows=_windows(params), check_length=CHECK_LENGTH,
                              check_samples=CHECK_SAMPLES, out="model.safetensors")
    if kind == "separate":
        return SeparateRequest(str(Fragment.parse(params["a"])), str(Fragment.parse(params["b"])))
    if kind == "separate_languages":
        first, second = (Source(params["source" + i], text=params["text" + i]) for i in ("1", "2"))
        return LanguageSeparationRequest(first, second, params["by"], params.get("alphabet"))
    if kind == "census":
        return CensusRequest(params["states"], params["alphabet"], _windows(params), params.get("max_dfas"))
    if kind == "verify":
        if params.get("identity") is not None:
            extra = [k for k in ("fragment", "formula", "witness", "answer") if params.get(k) is not None]
            if extra:
                raise InputError(f"identity goes alone, not with {', '.join(extra)}", parameters=tuple(extra))
            return VerifyRequest(_source(params), identities=params["identity"],
                                 semigroup=bool(params.get("semigroup")), claimed=params.get("member"))
        if params.get("answer") is not None:
            return VerifyRequest(_source(params), class_name=params["fragment"], class_answer=params["answer"])
        witness = params.get("witness")
        return VerifyRequest(_source(params), fragment=str(Fragment.parse(params["fragment"])),
                             formula=params.get("formula"), witness=None if witness is None else tuple(witness),
                             depth=params.get("depth"), family=bool(params.get("family")))
    raise KeyError(kind)


def cli_line(kind: str, params, limits: Limits | None = None) -> str | None:
    """The command line that asks what request ``kind`` asks, under ``limits`` (None: the
    command line's own budgets), computed before any work so that a refusal can name it
    too; None for ``verify``, whose command depends on the row."""
    if kind == "verify":
        return None
    return request_of(kind, params).command_line(limits)


# -- language -----------------------------------------------------------------------------------
def draw(dfa: DFA) -> str | None:
    """graphviz's SVG of the DFA (matplotlib's without graphviz), None above MAX_DRAWN states."""
    if dfa.n_states > MAX_DRAWN:
        return None
    return graphviz_svg(to_dot(dfa)) or (to_svg(dfa) if dfa.n_states <= 60 else None)


def _semigroup(dfa: DFA, limits: Limits) -> dict:
    try:
        sg = transition_semigroup(dfa, limit=limits.semigroup_elements, memory_budget=limits.memory_budget)
    except LimitExceeded as exc:
        return {"size": None, "note": str(exc)}
    return {"size": len(sg), "note": None}


def job_language(params, limits: Limits) -> dict:
    request = request_of("language", params)
    lang = request.source.load(limits)
    key = (params["source"], params["text"], params.get("alphabet"), request.windows, request.classes, limits)
    result = _memo("classify", key, lambda: request.answer(limits, language=lang).result.classification)
    sep = result.separator
    rows = []
    for r in result.results:
        row = {"fragment": str(r.fragment), "kind": "fragment" if isinstance(r.fragment, Fragment) else "class",
               "pattern": _pattern(r.fragment), **r.to_json(sep), "recheck": _recheck(r)}
        rows.append(row)
    d = lang.dfa
    return {"language": {**lang.to_json(), "description": lang.describe(),
                         "transitions": [[int(q) for q in row] for row in d.transitions],
                         "initial": int(d.initial),
                         "accepting": [q for q in range(d.n_states) if d.accepting[q]]},
            "warnings": list(lang.warnings()), "svg": draw(d),
            "dfa_json": dfa_text(d, "json"),
            "semigroup": _semigroup(d, limits), "separator": sep, "schema": SCHEMA, "results": rows,
            "cli": request.command_line(limits)}


def _pattern(fragment) -> str | None:
    pattern = getattr(fragment, "pattern", None)
    return None if pattern is None else str(pattern)


# -- verify -------------------------------------------------------------------------------------
def _recheck(r) -> dict | None:
    """How the page re-checks the answer ``r`` (a FragmentResult), or None: an LTL fragment's
    formula or witness pair (:mod:`~attnlogic.definability.verify`), a subregular class's
    answer (:mod:`~attnlogic.definability.verify_subregular`; an intersection of classes, JOrb(C),
    part by part), or a verdict on identities re-decided from scratch (``verify_identity_check``:
    FO2[<], DD1)."""
    if isinstance(r.fragment, Fragment):
        return {"kind": "formula"} if r.formula is not None else ({"kind": "witness"} if r.witness else None)
    if r.member is not None and (getattr(r.fragment, "check", None) is not None
                                 or getattr(getattr(r.fragment, "procedure", None), "parts", None) is not None):
        return {"kind": "answer"}       # a class whose declaration checks its answers, or an intersection
    data = r.certificate if r.member else r.witness
    data = data.to_json() if hasattr(data, "to_json") else data
    if r.member is not None and isinstance(data, dict) and data.get("identities"):
        return {"kind": "identity", "identity": data["identities"],
                "semigroup": data.get("structure") == "semigroup"}
    return None


def job_verify(params, limits: Limits) -> dict:
    request = request_of("verify", params)
    answer = request.answer(limits)
    out = {**answer.result.to_json(), "cli": answer.command_line}
    if request.class_name is not None:
        out["fragment"] = request.class_name
    elif request.identities is None:
        out["fragment"] = request.fragment
    note = request.note()
    return out if note is None else {**out, "note": note}


# -- separate -----------------------------------------------------------------------------------
def job_separate(params, limits: Limits) -> dict:
    answer = request_of("separate", params).answer(limits, memo=lambda key, compute: _memo("separate", key, compute))
    what = "inclusion" if type(answer.result).__name__ == "Inclusion" else "separation"
    return {what: answer.result.to_json(), "cli": answer.command_line}


def job_separate_languages(params, limits: Limits) -> dict:
    """What ``attnlogic separate --regex L1 --regex L2 --by X --json`` prints, and that
    command line (the request layer's)."""
    answer = request_of("separate_languages", params).answer(limits)
    return {**answer.result.to_json(), "text": answer.result.text(), "cli": answer.command_line}


# -- compile ------------------------------------------------------------------------------------
def _compiled(params, limits: Limits):
    """(language, compile result with its check, the request) of the request, memoised."""
    request = request_of("compile", params)
    lang = request.source.load(limits)
    key = (params["source"], params["text"], params.get("alphabet"), _windows(params), limits)
    return lang, _memo("compile", key, lambda: request.answer(limits, language=lang).result), request


def job_compile(params, limits: Limits) -> dict:
    from attnlogic.compiler.diagram import plan_dot

    lang, result, request = _compiled(params, limits)
    c = result.compiled
    word = split_word(params.get("word") or "", lang.alphabet)
    if len(word) > MAX_WORD:
        raise InputError(f"word: at most {MAX_WORD} letters, got {len(word)}", parameters=("word",))
    bad = [a for a in word if a not in lang.alphabet]
    if bad:
        raise InputError(f"word: letter {bad[0]!r} is not in the alphabet {{{', '.join(lang.alphabet)}}}",
                         parameters=("word",))
    states = [int(q) for q in lang.dfa.state_trace(word)]
    model_says = [bool(x) for x in c.prefix_acceptance(word)]
    prefixes = [{"n": n, "prefix": join_word(word[:n], lang.alphabet), "state": states[n],
                 "dfa": bool(lang.dfa.accepting[states[n]]), "model": model_says[n]}
                for n in range(len(word) + 1)]
    heads = [{"layer": layer, "pattern": str(h.spec), "computes": str(h.formula)}
             for layer, hs in enumerate(c.plan.heads, 1) for h in hs]
    return {**result.to_json(), "formula": c.formula, "alphabet": list(c.vocab.alphabet),
            "lines": result.lines(), "heads_detail": heads,
            "diagram": graphviz_svg(plan_dot(c.plan)), "dfa_svg": draw(lang.dfa), "prefixes": prefixes,
            "cli": request.command_line(limits)}


def job_download(params, limits: Limits) -> dict:
    from attnlogic.transformer.io import model_bytes

    _, result, _ = _compiled(params, limits)
    c = result.compiled
    weights, side = model_bytes(c.model, c.metadata)
    data = weights if params["what"] == "safetensors" else side
    return {"filename": f"model.{'safetensors' if params['what'] == 'safetensors' else 'json'}",
            "media_type": "application/octet-stream" if params["what"] == "safetensors" else "application/json",
            "data": base64.b64encode(data).decode("ascii")}


# -- census -------------------------------------------------------------------------------------
def job_census(params, limits: Limits) -> dict:
    answer = request_of("census", params).answer(limits, memo=lambda key, compute: _memo("census", key, compute))
    result = answer.result
    names = [str(f) for f in result.fragments]
    wanted_in = [str(Fragment.parse(x)) for x in params.get("in") or ()]
    wanted_out = [str(Fragment.parse(x)) for x in params.get("out") or ()]
    for name in wanted_in + wanted_out:
        if name not in names:
            raise InputError(f"{name} is not in this census (its fragments: {', '.join(names)})",
                             parameters=("windows",))
    index = {name: i for i, name in enumerate(names)}
    matching = [(i, e) for i, e in enumerate(result.entries)
                if all(e.verdicts[index[x]] is True for x in wanted_in)
                and all(e.verdicts[index[x]] is False for x in wanted_out)]
    listed = [{"index": i, "states": int(e.dfa.n_states), "dfa_json": dfa_text(e.dfa, "json"),
               "transitions": [[int(q) for q in row] for row in e.dfa.transitions],
               "accepting": [q for q in range(e.dfa.n_states) if e.dfa.accepting[q]],
               "member": dict(zip(names, e.verdicts))} for i, e in matching[:MAX_LISTED]]
    summary = result.to_json()
    return {"fragments": names, "languages": summary["languages"], "counts": summary["counts"],
            "profiles": summary["profiles"], "undecided": len(summary["undecided"]),
            "matching": len(matching), "listed": listed,
            "cli": answer.command_line}


JOBS = {"language": job_language, "verify": job_verify, "separate": job_separate,
        "separate_languages": job_separate_languages,
        "compile": job_compile, "download": job_download, "census": job_census}


def run_job(kind: str, params: dict, limits: Limits) -> dict:
    """The answer of job ``kind`` (a key of :data:`JOBS`) to ``params`` under ``limits``."""
    return JOBS[kind](params, limits)
