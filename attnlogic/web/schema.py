"""The fields each request of the page may carry, checked before any work: an unknown field,
a wrong type, a value out of range or text over its size is refused with one line naming
the field (:class:`BadRequest`, answered as HTTP 400).

A request is one JSON object.  ``separate_languages`` takes two languages (``source1``,
``text1``, ``source2``, ``text2``: a formula or a regex each), ``alphabet`` and ``by`` (the
class).  The language fields (every job but ``separate``, ``separate_languages`` and
``census``): ``source`` (``formula``, ``regex`` or ``file``), ``text`` (the formula, the
regex, or the file's contents), ``alphabet``, ``filename`` (only shown), ``one_hot`` (a
file over atomic propositions: the propositions are the letters), ``windows`` (the
k of LTL[Y<=k], LTL[P,Y<=k]), ``classes`` (registered classes asked beyond the default
ones).  Budgets any request may lower (never raise): ``time_budget`` (seconds, a finite
number) and ``max_states`` (states of the language's automaton).  Text anywhere in a request
(an ``answer`` object's included) must be Unicode: a lone surrogate (``"\\ud800"``) is
refused naming the field.
"""

from __future__ import annotations

import json
import math

__all__ = ["BadRequest", "FIELDS", "check_request", "MAX_TEXT", "MAX_FILE"]

#: characters of a formula, a regex or a word
MAX_TEXT = 20_000
#: characters of an uploaded file's text
MAX_FILE = 1_000_000
#: letters of a witness word
MAX_WITNESS = 100_000
#: characters of an uploaded model's weights, as base64 (the server's --max-body caps the request)
MAX_WEIGHTS = 1 << 30


class BadRequest(ValueError):
    """A malformed request: one line naming the field."""


def _text(limit: int, choices=None):
    def check(name, value):
        if not isinstance(value, str):
            raise BadRequest(f"field '{name}': expected text, got {_kind(value)}")
        if len(value) > limit:
            raise BadRequest(f"field '{name}': at most {limit:,} characters, got {len(value):,}")
        if "\x00" in value:
            raise BadRequest(f"field '{name}': contains a NUL character (binary data?)")
        if choices is not None and value not in choices:
            raise BadRequest(f"field '{name}': expected one of {', '.join(choices)}, got {value!r}"[:300])
        return value
    return check


def _surrogate(value) -> str | None:
    """Where ``value`` (text, or a list/object of them, keys included) holds a lone UTF-16
    surrogate (JSON's ``"\\ud800"``): text that is no Unicode and cannot be encoded, else
    None."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError as exc:
                return f"U+{ord(v[exc.start]):04X} at character {exc.start + 1}"
    return None


def _integer(lo: int, hi: int, optional: bool = False):
    def check(name, value):
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRequest(f"field '{name}': expected a whole number, got {_kind(value)}")
        if not lo <= value <= hi:
            raise BadRequest(f"field '{name}': must be between {lo} and {hi}, got {value}")
        return value
    return check


def _number(lo: float, hi: float, unit: str = ""):
    """A finite number in [lo, hi] (JSON's NaN and ±Infinity, which Python's reader accepts,
    are refused as what they are)."""
    what = f"a finite number{' of ' + unit if unit else ''} between {lo:g} and {hi:g}"

    def check(name, value):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadRequest(f"field '{name}': expected {what}, got {_kind(value)}")
        if not math.isfinite(value) or not lo <= value <= hi:
            raise BadRequest(f"field '{name}': must be {what}, got {json.dumps(value)}")
        return float(value)
    return check


def _list(item, most: int, exactly: int | None = None):
    def check(name, value):
        if not isinstance(value, list):
            raise BadRequest(f"field '{name}': expected a list, got {_kind(value)}")
        if len(value) > most or (exactly is not None and len(value) != exactly):
            raise BadRequest(f"field '{name}': expected {exactly if exactly is not None else f'at most {most}'} "
                             f"items, got {len(value)}")
        return [item(f"{name}[{i}]", v) for i, v in enumerate(value)]
    return check


def _flag(name, value):
    if not isinstance(value, bool):
        raise BadRequest(f"field '{name}': expected true or false, got {_kind(value)}")
    return value


def _object(name, value):
    if not isinstance(value, dict):
        raise BadRequest(f"field '{name}': expected an object, got {_kind(value)}")
    return value


def _kind(value) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false",
            type(None): "null"}.get(type(value), "a number")


_LANGUAGE = {"source": _text(10, ("formula", "regex", "file")), "text": _text(MAX_FILE),
             "alphabet": _text(400), "filename": _text(200), "one_hot": _flag,
             "windows": _list(_integer(1, 8), 4), "classes": _list(_text(80), 128)}
_BUDGETS = {"time_budget": _number(0.05, 3600, "seconds"), "max_states": _integer(1, 10 ** 7)}
_FRAGMENT = _text(40)

#: job → {field: checker}; the fields every job of that kind must have
FIELDS = {
    "language": {**_LANGUAGE, **_BUDGETS},
    "verify": {**_LANGUAGE, **_BUDGETS, "fragment": _FRAGMENT, "formula": _text(MAX_FILE),
               "witness": _list(_text(MAX_WITNESS), 2, exactly=2), "depth": _integer(0, 1000, optional=True),
               "family": _flag, "answer": _object, "identity": _text(2000), "semigroup": _flag, "member": _flag},
    "separate": {"a": _FRAGMENT, "b": _FRAGMENT, **_BUDGETS},
    "separate_languages": {"source1": _text(10, ("formula", "regex")), "text1": _text(MAX_TEXT),
                           "source2": _text(10, ("formula", "regex")), "text2": _text(MAX_TEXT),
                           "alphabet": _text(400), "by": _FRAGMENT, **_BUDGETS},
    "compile": {**_LANGUAGE, **_BUDGETS, "word": _text(MAX_TEXT)},
    "download": {**_LANGUAGE, **_BUDGETS, "what": _text(20, ("safetensors", "json"))},
    "census": {"states": _integer(1, 6), "alphabet": _text(40), "windows": _list(_integer(1, 8), 4),
               "in": _list(_FRAGMENT, 12), "out": _list(_FRAGMENT, 12), **_BUDGETS},
    # the Extract tab (attnlogic.web.extract_job): a compiled model of the language, or an upload
    "extract": {**_LANGUAGE, **_BUDGETS, "model": _text(10, ("compiled", "upload")),
                "weights": _text(MAX_WEIGHTS), "sidecar": _text(MAX_FILE), "model_name": _text(200),
                "model_alphabet": _text(400), "target": _flag, "readout": _text(10, ("auto", "prefix", "eos")),
                "hypothesis_states": _integer(1, 10_000), "max_queries": _integer(1, 1_000_000)},
}
REQUIRED = {"language": ("source", "text"), "verify": ("source", "text"),
            "separate": ("a", "b"), "separate_languages": ("source1", "text1", "source2", "text2", "by"),
            "compile": ("source", "text"), "download": ("source", "text", "what"),
            "census": ("states", "alphabet"), "extract": ("model",)}


def check_request(kind: str, body) -> dict:
    """The checked fields of a request of job ``kind`` (BadRequest otherwise)."""
    if not isinstance(body, dict):
        raise BadRequest(f"the request must be a JSON object, got {_kind(body)}")
    fields = FIELDS[kind]
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r} (the fields of {kind}: {', '.join(sorted(fields))})"[:400])
    for name in REQUIRED[kind]:
        if name not in body:
            raise BadRequest(f"field '{name}' is missing")
    for name, value in body.items():
        where = _surrogate(value)
        if where is not None:
            raise BadRequest(f"field '{name}': not Unicode text (a lone surrogate, {where})")
    out = {name: fields[name](name, value) for name, value in body.items()}
    if "source" in out and out["source"] != "file" and len(out["text"]) > MAX_TEXT:
        raise BadRequest(f"field 'text': a {out['source']} of at most {MAX_TEXT:,} characters, "
                         f"got {len(out['text']):,}")
    if kind == "extract":
        _check_extract(out)
    if kind == "verify":
        given = [f for f in ("formula", "witness", "answer", "identity") if f in out]
        if len(given) != 1:
            raise BadRequest("give exactly one thing to check: field 'formula' or 'witness' (with "
                             "'fragment'), 'answer' (with 'fragment': a subregular class) or 'identity'")
        if given[0] != "identity" and "fragment" not in out:
            raise BadRequest(f"field 'fragment' is missing (it goes with field '{given[0]}')")
        if "depth" in out and "witness" not in out:
            raise BadRequest("field 'depth' goes with field 'witness'")
        if out.get("family") and ("witness" not in out or out.get("depth") is not None):
            raise BadRequest("field 'family' goes with field 'witness', without 'depth'")
        if ("semigroup" in out or "member" in out) and "identity" not in out:
            raise BadRequest("fields 'semigroup' and 'member' go with field 'identity'")
    return out


def _check_extract(out: dict) -> None:
    """The fields an extraction needs together: a compiled model needs its language
    (``source``, ``text``); an upload its two files (``weights``, ``sidecar``) and no
    language unless it is the ``target``."""
    language = "source" in out or "text" in out
    if language and not ("source" in out and "text" in out):
        raise BadRequest(f"field '{'text' if 'source' in out else 'source'}' is missing (it goes with "
                         f"field '{'source' if 'source' in out else 'text'}')")
    if out["model"] == "compiled":
        if not language:
            raise BadRequest("field 'source' is missing (a compiled model is compiled from a language)")
        for name in ("weights", "sidecar", "model_name", "model_alphabet"):
            if name in out:
                raise BadRequest(f"field '{name}' goes with an uploaded model (field 'model': upload)")
    else:
        for name in ("weights", "sidecar"):
            if name not in out:
                raise BadRequest(f"field '{name}' is missing (an uploaded model is its .safetensors file "
                                 "and its JSON)")
        if language and not out.get("target"):
            raise BadRequest("field 'source' goes with field 'target' for an uploaded model")
    if out.get("target") and not language:
        raise BadRequest("field 'target' needs the language: fields 'source' and 'text'")
    if out.get("target") and (out.get("model_alphabet") or "").strip() and (out.get("alphabet") or "").strip() \
            and out["model_alphabet"].strip() != out["alphabet"].strip():
        raise BadRequest("fields 'alphabet' and 'model_alphabet' differ: the model is read over one alphabet")
