"""The page's extraction (``attnlogic extract``, issue 44): which automaton does a model
compute?  :func:`job_extract` answers a request of the Extract tab through
:func:`attnlogic.extract`, in a worker process of the server (:mod:`.pool`).

The model is either

* ``"compiled"`` — the language of the source fields compiled as the Compile tab compiles it
  (the same memoised model), or
* ``"upload"`` — a model file and its JSON: the two files of ``attnlogic compile --out``
  (``FILE.safetensors`` + its sidecar ``FILE.json``) or of an experiment checkpoint
  (``checkpoint.safetensors`` + ``checkpoint.json``), told apart by the JSON.  They are read
  by the library's loaders from a temporary folder that is removed when the job ends
  (safetensors: no pickle, no code is run); the JSON's sizes are checked before any tensor
  is allocated, and the worker's memory bound holds for the rest.

With ``target`` the source language is the target: the answer carries the minimal DFA of
the symmetric difference and the shortest word on each side, each confirmed by a fresh
forward pass of the model.

Budgets: the hypotheses' states are at most ``hypothesis_states`` (default
:data:`PAGE_STATES`) and never more than the server's ``--max-states``; the words run
through the model at most ``max_queries`` (default :data:`PAGE_QUERIES`); the learning
has :data:`LEARNING_SHARE` of the time left to the request (the rest is for the
classification and the drawing).  A learning stopped by one of them is answered, not
refused: the last hypothesis, marked NOT validated, and a note naming the budget that
stopped it and the command line without the page's budgets (:func:`extract_cli_line`).
"""

from __future__ import annotations

import base64
import binascii
import json
import shlex
import tempfile
import time
from pathlib import Path

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.limits import PAGE_EXTRACTION_QUERIES, PAGE_EXTRACTION_STATES, Limits

from .jobs import _compiled, _pattern, _recheck, draw, load

__all__ = ["job_extract", "extract_cli_line", "PAGE_STATES", "PAGE_QUERIES", "LEARNING_SHARE"]

#: states of a hypothesis, unless the request asks fewer (the command line's default too)
PAGE_STATES = PAGE_EXTRACTION_STATES
#: words run through the model, unless the request asks fewer
PAGE_QUERIES = PAGE_EXTRACTION_QUERIES
#: the share of the request's remaining time the learning may take
LEARNING_SHARE = 0.6
#: the learning gets at least this many seconds (a request with less is stopped by the server)
LEAST_LEARNING = 0.05


def _model_kind(side: dict) -> str:
    """``"file"`` (a compiled model's sidecar) or ``"checkpoint"`` (an experiment's
    checkpoint.json), from the JSON's own keys."""
    if isinstance(side, dict) and side.get("format") == "attnlogic-transformer":
        return "file"
    if isinstance(side, dict) and "train_config" in side and "model_config" in side:
        return "checkpoint"
    raise InputError("field 'sidecar': neither the JSON sidecar of a model file (attnlogic compile --out: "
                     "\"format\": \"attnlogic-transformer\") nor an experiment's checkpoint.json "
                     "(\"train_config\", \"model_config\")", parameters=("sidecar",))


def _uploaded(params, folder: Path) -> tuple[str, str]:
    """Write the uploaded files into ``folder``; (the model's path for
    :func:`attnlogic.testing.load_model`, its kind)."""
    try:
        weights = base64.b64decode(params["weights"], validate=True)
    except (binascii.Error, ValueError):
        raise InputError("field 'weights': not base64 text (the page sends the file's bytes as base64)",
                         parameters=("weights",)) from None
    try:
        side = json.loads(params["sidecar"])
    except ValueError as exc:
        raise InputError(f"field 'sidecar': not JSON: {exc}"[:300], parameters=("sidecar",)) from None
    kind = _model_kind(side)
    if kind == "file":
        (folder / "model.safetensors").write_bytes(weights)
        (folder / "model.json").write_text(params["sidecar"], encoding="utf-8")
        return str(folder / "model.safetensors"), kind
    (folder / "checkpoint.safetensors").write_bytes(weights)
    (folder / "checkpoint.json").write_text(params["sidecar"], encoding="utf-8")
    return str(folder), kind


def _budgets(params, limits: Limits) -> dict:
    states = params.get("hypothesis_states") or PAGE_STATES
    if limits.state_limit is not None:
        states = min(states, limits.state_limit)
    left = params["deadline"] - time.time() if params.get("deadline") is not None else 30.0
    return {"max_states": states, "max_queries": params.get("max_queries") or PAGE_QUERIES,
            "time_budget": max(LEAST_LEARNING, LEARNING_SHARE * left)}


def job_extract(params, limits: Limits) -> dict:
    """The answer of the Extract tab (module docstring)."""
    from attnlogic.extraction import extract

    budgets = _budgets(params, limits)
    readout = None if params.get("readout", "auto") == "auto" else params["readout"]
    windows = tuple(params.get("windows") or (2,))
    target = load(params, limits) if params.get("target") else None
    common = dict(language=target, readout=readout, windows=windows, limits=limits, model_memory=None,
                  **budgets)
    if params["model"] == "compiled":
        lang, compiled, _ = _compiled(params, limits)
        result = extract(compiled.compiled, label=f"the compiled model of {lang.describe()}", **common)
        name = f"the compiled model of {lang.describe()}"
    else:
        with tempfile.TemporaryDirectory(prefix="attnlogic-extract-") as folder:
            path, kind = _uploaded(params, Path(folder))
            result = extract(path, alphabet=_alphabet(params), **common)
        shown = params.get("model_name") or ("model.safetensors" if kind == "file" else "checkpoint")
        name = f"{shown} ({'a model file' if kind == 'file' else 'an experiment checkpoint'})"
    return _answer(result, name, params, budgets)


def _alphabet_text(params) -> str:
    """The alphabet an uploaded model is read over: ``model_alphabet``, else the target's
    ``alphabet`` (as ``--alphabet`` of the command line, checked against the model's files)."""
    text = (params.get("model_alphabet") or "").strip()
    if not text and params.get("target"):
        text = (params.get("alphabet") or "").strip()
    return text


def _alphabet(params):
    from attnlogic.kernel.words import split_alphabet

    text = _alphabet_text(params)
    return split_alphabet(text) if text else None


def _answer(result, name: str, params, budgets: dict) -> dict:
    from attnlogic.automata.io import dfa_text

    x = result.extraction
    out = {"model": name, "completed": x.complete, "lines": result.lines()[1:], "verdict": result.verdict(),
           "validation": x.validation_text(), "learning": result.to_json()["learning"],
           "readout": x.readout, "alphabet": list(x.alphabet), "budgets": budgets,
           "stopped": None if x.complete else _stopped(x, budgets, params), "cli": extract_cli_line(params)}
    if x.dfa is not None:
        d = x.dfa
        out["dfa"] = {"states": int(d.n_states), "svg": draw(d), "dfa_json": dfa_text(d, "json"),
                      "initial": int(d.initial), "transitions": [[int(q) for q in row] for row in d.transitions],
                      "accepting": [q for q in range(d.n_states) if d.accepting[q]]}
        c = result.classification
        out["separator"] = c.separator
        out["results"] = [{"fragment": str(r.fragment), "pattern": _pattern(r.fragment), **r.to_json(c.separator),
                           "recheck": _recheck(r)} for r in c.results]
        out["patterns"] = [{"pattern": str(p.pattern), **p.to_json(c.separator)} for p in result.patterns]
    if x.target is not None:
        sep = x.separator
        diff = x.difference
        out["target"] = {"language": x.target, "states": None if x.target_dfa is None else int(x.target_dfa.n_states),
                         "same_language": x.same_as_target,
                         "difference_states": None if diff is None else int(diff.n_states),
                         "difference_svg": None if diff is None or x.same_as_target else draw(diff),
                         "words": [d.to_json(sep) for d in x.differences]}
    return out


def _stopped(x, budgets: dict, params) -> str:
    """Which budget stopped the learning, the page's setting of it, and the command line
    that has its own (larger) budgets."""
    why = {"time": f"the page's time budget: the learning had {budgets['time_budget']:.1f} s of this request "
                   "(a share of `attnlogic serve --time-budget`; the command line's --time-budget is 600 s)",
           "queries": f"the page's query budget of {budgets['max_queries']:,} words run through the model "
                      "(field max queries; the command line's --max-queries is 1,000,000)",
           "max-states": f"the page's bound of {budgets['max_states']} states per hypothesis (field max states, "
                         "at most `attnlogic serve --max-states`; the command line's --max-states)",
           }.get(x.reason, x.detail)
    return f"the learning stopped ({x.reason}): {why}; run the command line: {extract_cli_line(params)}"


def _target_flags(params) -> list[str]:
    source, text = params["source"], params["text"]
    alphabet = (params.get("alphabet") or "").strip()
    extra = ["--alphabet", alphabet] if alphabet else []
    if source == "formula":
        return [text] + extra
    if source == "regex":
        return ["--regex", text] + extra
    return ["--dfa", params.get("filename") or "FILE"] + extra + (["--one-hot"] if params.get("one_hot") else [])


def extract_cli_line(params) -> str:
    """The command line that asks what the request asks, with the command line's own time
    budget (the hypothesis and query bounds of the request when it lowered them): for a
    compiled model, ``attnlogic compile … --out model.safetensors && attnlogic extract …``.
    A file's text is named FILE (the file the user has), never inlined."""
    words = ["extract"]
    first = ""
    if params["model"] == "compiled":
        flags = _target_flags(params)
        windows = [w for k in params.get("windows") or () for w in ("--window", str(k))]
        if tuple(params.get("windows") or (2,)) == (2,):
            windows = []
        first = " ".join(shlex.quote(w) for w in ["attnlogic", "compile", *flags, *windows,
                                                  "--out", "model.safetensors"]) + " && "
        words += ["--model", "model.safetensors"]
    else:
        name = params.get("model_name") or "model.safetensors"
        try:
            checkpoint = _model_kind(json.loads(params.get("sidecar") or "null")) == "checkpoint"
        except (InputError, ValueError):
            checkpoint = False
        words += ["--model", "CHECKPOINT_DIR" if checkpoint else name]
    if params.get("target"):
        words += _target_flags(params)
        if params["model"] == "upload" and (params.get("model_alphabet") or "").strip() \
                and not (params.get("alphabet") or "").strip():
            words += ["--alphabet", params["model_alphabet"].strip()]
    elif params["model"] == "upload" and _alphabet_text(params):
        words += ["--alphabet", _alphabet_text(params)]
    if params.get("readout", "auto") != "auto":
        words += ["--readout", params["readout"]]
    if params.get("hypothesis_states") is not None:
        words += ["--max-states", str(params["hypothesis_states"])]
    if params.get("max_queries") is not None:
        words += ["--max-queries", str(params["max_queries"])]
    return first + " ".join(shlex.quote(w) for w in ["attnlogic", *words])
