"""The page's questions as pure functions: a request's parameters (a dict of JSON values,
already checked by :mod:`.requests`) → a JSON-able answer, through the Python API alone.

Each job is what one command of the command line does, and names that command
(``"cli"``: the equivalent ``attnlogic …`` line):

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
import json
import shlex
from collections import OrderedDict

from attnlogic import ltl
from attnlogic.automata.dfa import DFA
from attnlogic.automata.drawing import graphviz_svg, to_svg
from attnlogic.automata.io import dfa_text, read_dfa_text, to_dot
from attnlogic.automata.sources import Language, load_language
from attnlogic.automata.propositions import over_valuations
from attnlogic.commands._common import split_alphabet, split_word
from attnlogic.definability.census import census
from attnlogic.definability.classify import classify, questions
from attnlogic.definability.registry import CLASSES, language_class
from attnlogic.definability.semigroup import transition_semigroup
from attnlogic.definability.separations import inclusion, separation
from attnlogic.definability.verify import verify_formula, verify_identity_check, verify_witness
from attnlogic.kernel.errors import InputError, LimitExceeded
from attnlogic.kernel.limits import Limits
from attnlogic.ltl.fragments import Fragment

__all__ = ["JOBS", "run_job", "fragment_choices", "optional_classes"]

#: the most states drawn (graphviz's SVG; beyond it the answer says so)
MAX_DRAWN = 200
#: census entries listed in one answer (the counts cover all of them)
MAX_LISTED = 200
#: letters of a word stepped through a compiled model
MAX_WORD = 2000
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


# -- sources ------------------------------------------------------------------------------------
def _alphabet(params) -> list[str] | None:
    text = params.get("alphabet") or ""
    return split_alphabet(text) if text.strip() else None


def load(params, limits: Limits) -> Language:
    """The language of ``params``: ``source`` (formula, regex or file), ``text``, ``alphabet``.
    A file is parsed from its text (the upload), never executed; its name is only shown."""
    source, text = params["source"], params["text"]
    alphabet = _alphabet(params)
    states = limits.automaton_states
    if source == "file":
        name = params.get("filename") or "upload"
        dfa = read_dfa_text(text, name, alphabet, max_states=states or 200_000,
                            one_hot=True if params.get("one_hot") else None)
        if alphabet is not None and sorted(alphabet) != sorted(dfa.alphabet):
            raise InputError(f"{name}: field 'alphabet': {list(dfa.alphabet)} does not match the given "
                             f"alphabet {list(alphabet)}", parameters=("alphabet",))
        if alphabet is not None:
            dfa = dfa.with_alphabet_order(alphabet)
        return Language(dfa.minimal(), "dfa", name)
    if source == "formula":
        return load_language(formula=text, alphabet=alphabet, state_limit=states)
    return load_language(regex=text, alphabet=alphabet, state_limit=states)


def _source_flags(params) -> tuple[list[str], str]:
    """The command line's source arguments for ``params`` and what to pipe into it (a file's
    text is passed on standard input: ``--dfa -``)."""
    source, text = params["source"], params["text"]
    alphabet = (params.get("alphabet") or "").strip()
    extra = ["--alphabet", alphabet] if alphabet else []
    if source == "formula":
        return [text] + extra, ""
    if source == "regex":
        return ["--regex", text] + extra, ""
    return ["--dfa", "-"] + extra + (["--one-hot"] if params.get("one_hot") else []), text


def command(words: list[str], stdin: str = "") -> str:
    """``attnlogic …`` as a shell line (with ``printf '%s' TEXT |`` for standard input)."""
    line = " ".join(shlex.quote(w) for w in ["attnlogic"] + words)
    return f"printf '%s' {shlex.quote(stdin)} | {line}" if stdin else line


def cli_line(kind: str, params) -> str | None:
    """The command line that asks what request ``kind`` asks (computed before any work, so
    that a refusal can name it too); None for ``verify``, whose command depends on the row."""
    if kind in ("language", "compile", "download"):
        flags, stdin = _source_flags(params)
        if kind == "language":
            classes = [w for c in params.get("classes") or () for w in ("--class", c)]
            return command(["classify"] + flags + _window_flags(_windows(params)) + classes, stdin)
        return command(["compile"] + flags + _window_flags(_windows(params)) + ["--out", "model.safetensors"],
                       stdin)
    if kind == "separate":
        return command(["separate", params["a"], params["b"]])
    if kind == "separate_languages":
        words = ["separate"]
        for i in ("1", "2"):
            words += ["--" + params["source" + i], params["text" + i]]          # --regex or --formula
        alphabet = (params.get("alphabet") or "").strip()
        return command(words + (["--alphabet", alphabet] if alphabet else []) + ["--by", params["by"]])
    if kind == "census":
        return command(["census", "--max-states", str(params["states"]), "--alphabet", params["alphabet"]]
                       + _window_flags(_windows(params)) + ["--json", "--each"])
    return None


def _windows(params) -> tuple[int, ...]:
    return tuple(params.get("windows") or (2,))


def _window_flags(windows) -> list[str]:
    return [] if tuple(windows) == (2,) else [w for k in windows for w in ("--window", str(k))]


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
    lang = load(params, limits)
    windows = _windows(params)
    classes = tuple(params.get("classes") or ())
    hints = () if lang.formula is None else (lang.formula,)
    key = (params["source"], params["text"], params.get("alphabet"), windows, classes, limits)
    result = _memo("classify", key, lambda: classify(lang.dfa, windows=windows, limits=limits,
                                                     minimal=True, hints=hints, classes=classes))
    sep = result.separator
    rows = []
    for r in result.results:
        row = {"fragment": str(r.fragment), "pattern": _pattern(r.fragment), **r.to_json(sep),
               "recheck": _recheck(r)}
        rows.append(row)
    d = lang.dfa
    return {"language": {**lang.to_json(), "description": lang.describe(),
                         "transitions": [[int(q) for q in row] for row in d.transitions],
                         "initial": int(d.initial),
                         "accepting": [q for q in range(d.n_states) if d.accepting[q]]},
            "warnings": list(lang.warnings()), "svg": draw(d),
            "dfa_json": dfa_text(d, "json"),
            "semigroup": _semigroup(d, limits), "separator": sep, "results": rows,
            "cli": cli_line("language", params)}


def _pattern(fragment) -> str | None:
    pattern = getattr(fragment, "pattern", None)
    return None if pattern is None else str(pattern)


# -- verify -------------------------------------------------------------------------------------
def _recheck(r) -> dict | None:
    """How the page re-checks the answer ``r`` (a FragmentResult), or None: an LTL fragment's
    formula or witness pair (:mod:`~attnlogic.definability.verify`), a subregular class's
    answer (:mod:`~attnlogic.definability.verify_subregular`), or a verdict on identities
    re-decided from scratch (``verify_identity_check``: FO2[<], DD1)."""
    if isinstance(r.fragment, Fragment):
        return {"kind": "formula"} if r.formula is not None else ({"kind": "witness"} if r.witness else None)
    if getattr(r.fragment, "check", None) is not None and r.member is not None:
        return {"kind": "answer"}       # a class whose declaration checks its answers
    data = r.certificate if r.member else r.witness
    data = data.to_json() if hasattr(data, "to_json") else data
    if r.member is not None and isinstance(data, dict) and data.get("identities"):
        return {"kind": "identity", "identity": data["identities"],
                "semigroup": data.get("structure") == "semigroup"}
    return None


def job_verify(params, limits: Limits) -> dict:
    lang = load(params, limits)
    flags, stdin = _source_flags(params)
    if params.get("identity") is not None:
        check = verify_identity_check(lang.dfa, params["identity"], monoid=not params.get("semigroup"))
        words = ["verify"] + flags + ["--identity", params["identity"]] + (["--semigroup"] if params.get("semigroup") else [])
        out = {**check.to_json(), "cli": command(words, stdin)}
        if params.get("member") is not None:       # the answer re-decided: does it agree?
            agrees = check.valid == params["member"]
            out = {**out, "valid": agrees, "reason": ("agrees with the answer: " if agrees else
                                                      "DISAGREES with the answer: ") + check.reason}
        return out
    if params.get("answer") is not None:
        name = params["fragment"]
        try:
            checker = language_class(name).check
        except InputError:
            checker = None
        if checker is None:
            checked = [c.name for c in CLASSES if c.check is not None]
            raise InputError(f"fragment: a class with an answer check of its own ({', '.join(checked)}) "
                             f"goes with an answer, got {name!r}", parameters=("fragment",))
        sep = "" if all(len(a) == 1 for a in lang.alphabet) else ","
        try:
            check = checker(lang.dfa, params["answer"], sep)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"answer: malformed ({exc.__class__.__name__}: {exc})"[:300],
                             parameters=("answer",)) from None
        answer = json.dumps(params["answer"], ensure_ascii=False)
        if stdin:       # the file's text is on standard input: the answer goes in a file
            words = ["verify"] + flags + ["--class", name, "--answer", "answer.json"]
            return {**check.to_json(), "fragment": name, "cli": command(words, stdin),
                    "note": f"answer.json holds {answer}"}
        words = ["verify"] + flags + ["--class", name, "--answer", "-"]
        return {**check.to_json(), "fragment": name, "cli": command(words, answer)}
    fragment = Fragment.parse(params["fragment"])
    # the language is given as a formula by position: the certificate goes to --formula
    if params.get("formula") is not None:
        formula = ltl.parse(params["formula"])
        check = verify_formula(lang.dfa, fragment, over_valuations(formula, lang.alphabet),
                               state_limit=limits.check_states)
        words = ["verify"] + flags + ["--fragment", str(fragment), "--formula", params["formula"]]
    else:
        u_text, v_text = params["witness"]
        multichar = any(len(a) > 1 for a in lang.alphabet)
        u, v = split_word(u_text, multichar), split_word(v_text, multichar)
        depth = params.get("depth")
        family = bool(params.get("family"))
        check = verify_witness(lang.dfa, fragment, u, v, depth, family=family)
        words = ["verify"] + flags + ["--fragment", str(fragment), "--witness", u_text, v_text]
        if depth is not None:
            words += ["--depth", str(depth)]
        if family:
            words += ["--family"]
    return {**check.to_json(), "fragment": str(fragment), "cli": command(words, stdin)}


# -- separate -----------------------------------------------------------------------------------
def job_separate(params, limits: Limits) -> dict:
    a, b = Fragment.parse(params["a"]), Fragment.parse(params["b"])
    cli = cli_line("separate", {"a": str(a), "b": str(b)})
    inc = inclusion(a, b)
    if inc is not None:
        return {"inclusion": inc.to_json(), "cli": cli}
    sep = _memo("separate", (str(a), str(b), limits), lambda: separation(a, b, limits=limits))
    return {"separation": sep.to_json(), "cli": cli}


def job_separate_languages(params, limits: Limits) -> dict:
    """What ``attnlogic separate L1 L2 --by X --json`` prints, and that command line."""
    from attnlogic.definability.separate_languages import separate

    cli = cli_line("separate_languages", params)
    given = _alphabet(params)
    langs = [load({"source": params["source" + i], "text": params["text" + i],
                   "alphabet": params.get("alphabet")}, limits) for i in ("1", "2")]
    if given is None and langs[0].alphabet != langs[1].alphabet:      # as the command line does
        union = ",".join(dict.fromkeys(langs[0].alphabet + langs[1].alphabet))
        langs = [load({"source": params["source" + i], "text": params["text" + i], "alphabet": union}, limits)
                 for i in ("1", "2")]
    answer = separate(langs[0], langs[1], params["by"], limits=limits)
    return {**answer.to_json(), "text": answer.text(), "cli": cli}


# -- compile ------------------------------------------------------------------------------------
def _compiled(params, limits: Limits):
    """(language, compile result with its check) of the request, memoised."""
    from attnlogic.compiler import check_compiled, compile_formula
    from attnlogic.compiler.compile import CompileResult
    from attnlogic.pipeline import compile_language

    lang = load(params, limits)

    def compute():
        f = lang.formula
        if f is not None and not any(type(g).__name__ == "Since" for g in f.subformulas()):
            compiled = compile_formula(f, _alphabet(params))
            report = check_compiled(compiled, language=lang, max_length=200, samples=2)
            return CompileResult(compiled, language=lang.describe(), fragment="the formula as given",
                                 check=report)
        windows = _windows(params)
        return compile_language(lang, windows=windows, check_length=200, check_samples=2,
                                classification=classify(lang.dfa, windows=windows, limits=limits,
                                                        minimal=True,
                                                        hints=() if f is None else (f,)))

    key = (params["source"], params["text"], params.get("alphabet"), _windows(params), limits)
    return lang, _memo("compile", key, compute)


def job_compile(params, limits: Limits) -> dict:
    from attnlogic.compiler.diagram import plan_dot

    lang, result = _compiled(params, limits)
    c = result.compiled
    word_text = params.get("word") or ""
    multichar = any(len(a) > 1 for a in lang.alphabet)
    word = split_word(word_text, multichar)
    if len(word) > MAX_WORD:
        raise InputError(f"word: at most {MAX_WORD} letters, got {len(word)}", parameters=("word",))
    bad = [a for a in word if a not in lang.alphabet]
    if bad:
        raise InputError(f"word: letter {bad[0]!r} is not in the alphabet {{{', '.join(lang.alphabet)}}}",
                         parameters=("word",))
    states = [int(q) for q in lang.dfa.state_trace(word)]
    model_says = [bool(x) for x in c.prefix_acceptance(word)]
    sep = "," if multichar else ""
    prefixes = [{"n": n, "prefix": sep.join(word[:n]), "state": states[n],
                 "dfa": bool(lang.dfa.accepting[states[n]]), "model": model_says[n]}
                for n in range(len(word) + 1)]
    heads = [{"layer": layer, "pattern": str(h.spec), "computes": str(h.formula)}
             for layer, hs in enumerate(c.plan.heads, 1) for h in hs]
    return {**result.to_json(), "formula": c.formula, "alphabet": list(c.vocab.alphabet),
            "lines": result.lines(), "heads_detail": heads,
            "diagram": graphviz_svg(plan_dot(c.plan)), "dfa_svg": draw(lang.dfa), "prefixes": prefixes,
            "cli": cli_line("compile", params)}


def job_download(params, limits: Limits) -> dict:
    from attnlogic.transformer.io import model_bytes

    _, result = _compiled(params, limits)
    c = result.compiled
    weights, side = model_bytes(c.model, c.metadata)
    data = weights if params["what"] == "safetensors" else side
    return {"filename": f"model.{'safetensors' if params['what'] == 'safetensors' else 'json'}",
            "media_type": "application/octet-stream" if params["what"] == "safetensors" else "application/json",
            "data": base64.b64encode(data).decode("ascii")}


# -- census -------------------------------------------------------------------------------------
def job_census(params, limits: Limits) -> dict:
    n, letters = params["states"], split_alphabet(params["alphabet"])
    windows = _windows(params)
    result = _memo("census", (n, tuple(letters), windows, limits),
                   lambda: census(n, letters, windows=windows, limits=limits, max_dfas=params["max_dfas"]))
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
            "cli": cli_line("census", params)}


JOBS = {"language": job_language, "verify": job_verify, "separate": job_separate,
        "separate_languages": job_separate_languages,
        "compile": job_compile, "download": job_download, "census": job_census}


def run_job(kind: str, params: dict, limits: Limits) -> dict:
    """The answer of job ``kind`` (a key of :data:`JOBS`) to ``params`` under ``limits``."""
    return JOBS[kind](params, limits)
