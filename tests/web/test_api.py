"""The page's API against the library and the command line: every answer is the library's
(computed here in the test process), re-checked by independent means (verify.py, the
reference evaluator), reproduced by the command line it names; malformed requests get one
clear 4xx line; budgets refuse clearly; nothing is written to disk."""

from __future__ import annotations

import io
import json
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from attnlogic.automata.io import dfa_text
from attnlogic.automata.sources import load_language
from attnlogic.definability.engine.classify import classify

REGEX = {"source": "regex", "text": "(a|b)*ab", "alphabet": "ab"}
FORMULA = {"source": "formula", "text": "P (b & Y a)", "alphabet": "ab"}


def _run_cli(line: str, capsys, monkeypatch) -> dict:
    """The JSON output of the command line ``line`` (``printf '%s' TEXT | attnlogic …``)."""
    from attnlogic.cli import main

    words = shlex.split(line)
    stdin = ""
    if words[0] == "printf":
        stdin, words = words[2], words[4:]
    assert words[0] == "attnlogic"
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    capsys.readouterr()
    status = main(words[1:] + ["--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == (0 if out.get("valid", True) else 1), (line, status, out)   # verify: 0 valid, 1 not
    return out


def _file(fmt: str) -> dict:
    d = load_language(regex="(a|b)*b(a|b)", alphabet="ab").dfa
    return {"source": "file", "text": dfa_text(d, fmt), "filename": f"lang.{fmt}"}


#: a Spot-style HOA file over the propositions a, b (last letter a, b never with a)
SPOT_HOA = (Path(__file__).resolve().parents[1] / "data" / "hoa" / "spot_last_a.hoa").read_text(encoding="utf-8")


def _optional_classes() -> list[str]:
    from attnlogic.definability.engine.registry import CLASSES

    return [c.name for c in CLASSES if not c.default]


@pytest.mark.parametrize("request_", [REGEX, FORMULA, _file("hoa"), _file("dot"), _file("json"),
                                      {**REGEX, "classes": _optional_classes()},
                                      {"source": "file", "text": SPOT_HOA},
                                      {"source": "file", "text": SPOT_HOA, "one_hot": True}],
                         ids=["regex", "formula", "hoa", "dot", "json", "classes", "valuations", "one-hot"])
def test_the_classification_is_the_librarys_and_its_command_lines(client, request_, capsys, monkeypatch):
    answer = client.post("/api/language", json=request_)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    if request_["source"] == "file":
        from attnlogic.automata.io import read_dfa_text
        dfa = read_dfa_text(request_["text"], one_hot=request_.get("one_hot")).minimal()
    else:
        dfa = load_language(**{request_["source"]: request_["text"]}, alphabet=request_["alphabet"]).dfa
    here = classify(dfa, windows=(2,), classes=tuple(request_.get("classes", ())))
    assert {r["fragment"]: r["member"] for r in data["results"]} == \
           {str(r.fragment): r.member for r in here.results}
    assert data["language"]["states"] == dfa.n_states
    from attnlogic.definability.algebra.semigroup import transition_semigroup
    assert data["semigroup"]["size"] == len(transition_semigroup(dfa, backend="numpy"))
    assert data["svg"].lstrip().startswith(("<?xml", "<svg", "<!DOCTYPE"))
    cli = _run_cli(data["cli"], capsys, monkeypatch)
    assert {f: v["member"] for f, v in cli["fragments"].items()} == \
           {r["fragment"]: r["member"] for r in data["results"]}
    assert {f: v["formula"] for f, v in cli["fragments"].items()} == \
           {r["fragment"]: r["formula"] for r in data["results"]}


def test_every_certificate_and_witness_verifies_and_a_wrong_one_does_not(client, capsys, monkeypatch):
    """Every answer of every class (the LTL fragments and the classes asked by name) is
    re-checked as the page's verify button does, and by the command line it names."""
    data = client.post("/api/language", json={**REGEX, "classes": _optional_classes()}).json()
    checked = 0
    for r in data["results"]:
        how = r["recheck"]
        body = dict(REGEX)
        if how is None:
            continue
        if how["kind"] == "formula":
            body.update(fragment=r["fragment"], formula=r["formula"])
        elif how["kind"] == "witness":
            body.update(fragment=r["fragment"], witness=[r["witness"]["accepted"], r["witness"]["rejected"]])
            # as the page does: a pair printed for every depth is checked as its family
            body.update(family=True) if r["witness"]["depth"] is None else body.update(depth=r["witness"]["depth"])
        elif how["kind"] == "answer":
            body.update(fragment=r["fragment"], answer={k: r[k] for k in ("member", "certificate", "witness") if k in r})
        else:
            body.update(identity=how["identity"], semigroup=how["semigroup"], member=r["member"])
        answer = client.post("/api/verify", json=body).json()
        assert answer["valid"] is True, (r["fragment"], answer)
        cli = _run_cli(answer["cli"], capsys, monkeypatch)
        # the command line it names re-checks the same claim (an identity's with --member)
        assert cli["valid"] is True, (r["fragment"], answer["cli"], cli)
        checked += 1
    # every answer is decided (LTL[P,MOD] too: docs/decision-procedures.md §12.4)
    assert all(r["member"] is not None for r in data["results"])
    assert checked == len(data["results"]) >= 6
    wrong = client.post("/api/verify", json={**REGEX, "fragment": "LTL[Y]", "formula": "Y b"}).json()
    assert wrong["valid"] is False
    swapped = client.post("/api/verify", json={**REGEX, "fragment": "LTL[Y]", "witness": ["ab", "aab"]}).json()
    assert swapped["valid"] is False
    if "FO2[<]" in _optional_classes():        # (a|b)*ab is in FO2[<]: a claimed "no" disagrees
        fo2 = next(r for r in data["results"] if r["fragment"] == "FO2[<]")
        claim = client.post("/api/verify", json={**REGEX, "identity": fo2["recheck"]["identity"],
                                                 "member": not fo2["member"]}).json()
        assert claim["valid"] is False and claim["reason"].startswith("DISAGREES")
        assert _run_cli(claim["cli"], capsys, monkeypatch)["valid"] is False
    both = client.post("/api/verify", json={**REGEX, "identity": "[x=x]", "fragment": "LTL[P]"})
    assert both.status_code >= 400 and "identity goes alone" in both.text


def test_the_compiled_model_reads_a_word_as_the_formula_says(client):
    from attnlogic import ltl

    word = "abbaab"
    data = client.post("/api/compile", json={**FORMULA, "word": word}).json()
    truth = [bool(x) for x in ltl.prefix_acceptance(ltl.parse("P (b & Y a)"), list(word))]
    assert [p["dfa"] for p in data["prefixes"]] == truth
    assert [p["model"] for p in data["prefixes"]] == truth
    assert [p["prefix"] for p in data["prefixes"]] == [word[:n] for n in range(len(word) + 1)]
    assert (data["layers"], data["heads"]) == (2, 2) and data["check"]["disagreements"] == 0
    if shutil.which("dot"):                        # the plan drawn by graphviz, or no drawing without it
        assert "<svg" in data["diagram"] and data["diagram"].count("head") >= 2
    else:
        assert data["diagram"] is None
    # a regex goes through the one pipeline: classified, its smallest certificate compiled
    regex = client.post("/api/compile", json={**REGEX, "word": "abab"}).json()
    assert regex["fragment"] == "LTL[Y]"
    assert [p["model"] for p in regex["prefixes"]] == [p["dfa"] for p in regex["prefixes"]] \
        == [False, False, True, False, True]


def test_the_downloads_are_the_compiled_model(client, tmp_path, capsys, monkeypatch):
    from safetensors.torch import load

    from attnlogic.compiler import compile_formula
    from attnlogic.transformer.io import load_model

    weights = client.post("/api/download", json={**FORMULA, "what": "safetensors"})
    side = client.post("/api/download", json={**FORMULA, "what": "json"})
    assert weights.status_code == side.status_code == 200
    assert "attachment" in weights.headers["content-disposition"]
    here = compile_formula("P (b & Y a)", ["a", "b"]).model.state_dict()
    got = load(weights.content)
    assert sorted(got) == sorted(here) and all(bool((got[k] == here[k]).all()) for k in here)
    (tmp_path / "m.safetensors").write_bytes(weights.content)
    (tmp_path / "m.json").write_bytes(side.content)
    model, _ = load_model(tmp_path / "m.safetensors")
    assert json.loads(side.content)["format"] == "attnlogic-transformer" and model is not None
    # the command line the page names writes the same two files, byte for byte
    cli = client.post("/api/compile", json={**FORMULA, "word": ""}).json()["cli"]
    monkeypatch.chdir(tmp_path)
    _run_cli(cli, capsys, monkeypatch)
    assert (tmp_path / "model.safetensors").read_bytes() == weights.content
    assert (tmp_path / "model.json").read_bytes() == side.content


def test_separate_answers_a_verified_language_or_the_inclusion(client, capsys, monkeypatch):
    data = client.post("/api/separate", json={"a": "LTL[P]", "b": "LTL[Y]"}).json()
    sep = data["separation"]
    assert _run_cli(data["cli"], capsys, monkeypatch) == sep
    lang = client.post("/api/language", json={"source": "formula", "text": sep["formula"],
                                              "alphabet": "".join(sep["alphabet"])}).json()
    verdict = {r["fragment"]: r["member"] for r in lang["results"]}
    assert verdict["LTL[P]"] is True and verdict["LTL[Y]"] is False
    inc = client.post("/api/separate", json={"a": "LTL[Y]", "b": "LTL[P,Y]"}).json()
    assert inc["inclusion"]["fragment_out"] == "LTL[P,Y]"


def test_the_census_filter_is_the_censuss_and_opens_each_language(client, capsys, monkeypatch):
    from attnlogic.definability.census import census

    data = client.post("/api/census", json={"states": 2, "alphabet": "ab", "in": ["LTL[P]"],
                                            "out": ["LTL[Y]"]}).json()
    cli = _run_cli(data["cli"], capsys, monkeypatch)
    assert (cli["counts"], cli["profiles"]) == (data["counts"], data["profiles"])
    here = census(2, "ab")
    i, j = here.fragments.index(here.fragments[0]), [str(f) for f in here.fragments].index("LTL[Y]")
    expected = [e for e in here.entries if e.verdicts[i] is True and e.verdicts[j] is False]
    assert data["matching"] == len(expected) == len(data["listed"]) > 0
    for entry in data["listed"][:2]:
        lang = client.post("/api/language", json={"source": "file", "text": entry["dfa_json"]}).json()
        verdict = {r["fragment"]: r["member"] for r in lang["results"]}
        assert verdict["LTL[P]"] is True and verdict["LTL[Y]"] is False


_HUGE = b'{"source": "regex", "text": "' + b"a" * (3 * 2 ** 20) + b'"}'
MALFORMED = [
    ("huge body", "/api/language", _HUGE, 413),
    ("binary body", "/api/language", bytes(range(256)) * 4, 400),
    ("bad UTF-8", "/api/language", b'{"source": "regex", "text": "\xc3\x28"}', 400),
    ("not JSON", "/api/language", b"source=regex&text=a", 400),
    ("a list", "/api/language", b"[1, 2]", 400),
    ("unknown field", "/api/language", json.dumps({**REGEX, "model": "m.py:factory"}).encode(), 400),
    ("wrong type", "/api/language", json.dumps({**REGEX, "windows": "2"}).encode(), 400),
    ("missing field", "/api/verify", json.dumps(REGEX).encode(), 400),
    ("NUL in text", "/api/language", json.dumps({"source": "file", "text": "\x7fELF\x00\x01"}).encode(), 400),
    ("binary file", "/api/language", json.dumps({"source": "file", "text": "\ufffd\ufffdPK\x03\x04"}).encode(), 400),
    ("pickle file", "/api/language", json.dumps({"source": "file", "text": "\x80\x04\x95cos\nsystem\n"}).encode(), 400),
    ("bad formula", "/api/language", json.dumps({"source": "formula", "text": "P (a &"}).encode(), 400),
    ("pleb import", "/api/language",
     json.dumps({"source": "file", "text": ':import "/etc/hostname"\n= a {/a}\n<a>\n'}).encode(), 400),
    ("unknown question", "/api/nothing", b"{}", 404),
    ("a path out of the page", "/static/..%2f..%2fweb%2fpool.py", b"", 404),
    ("deep JSON", "/api/language", b"[" * 100_000 + b"]" * 100_000, 400),
    # issue 38: a JSON lone surrogate was answered 500 (UnicodeEncodeError)
    ("surrogate in text", "/api/language", b'{"source": "regex", "text": "a\\ud800"}', 400),
    ("surrogate in file name", "/api/language",
     b'{"source": "regex", "text": "a", "alphabet": "a", "filename": "\\udfff.dot"}', 400),
    ("surrogate in census alphabet", "/api/census", b'{"states": 1, "alphabet": "a\\ud800"}', 400),
    ("surrogate in an answer", "/api/verify",
     b'{"source": "regex", "text": "a", "fragment": "LT", "answer": {"w": ["\\ud83d"]}}', 400),
    # issue 38: NaN was answered "expected a number, got a number"
    ("NaN budget", "/api/language", b'{"source": "regex", "text": "a", "time_budget": NaN}', 400),
    ("infinite budget", "/api/census", b'{"states": 1, "alphabet": "a", "time_budget": Infinity}', 400),
    ("negative budget", "/api/language", b'{"source": "regex", "text": "a", "time_budget": -Infinity}', 400),
]


@pytest.mark.parametrize("path,body,status", [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_a_malformed_request_gets_one_clear_4xx_line(client, path, body, status):
    if path.startswith("/static/"):
        answer = client.get(path)
        assert answer.status_code == status and "import" not in answer.text
        return
    answer = client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    assert message and "\n" not in message and "Traceback" not in answer.text


def test_every_field_of_every_question_refuses_a_lone_surrogate_and_a_non_finite_number():
    """Each field of each job, given a lone surrogate as text, in a list or in an object,
    or NaN/±Infinity, is refused with one BadRequest line naming it (never another error:
    the server answered those with 500); text fields say why."""
    from attnlogic.web.schema import FIELDS, BadRequest, check_request

    base = {"language": REGEX, "verify": {**REGEX, "identity": "[x=x]"}, "separate": {"a": "LT", "b": "SL"},
            "compile": REGEX, "download": {**REGEX, "what": "json"}, "census": {"states": 1, "alphabet": "ab"},
            "extract": {**REGEX, "model": "compiled"},
            "separate_languages": {"source1": "regex", "text1": "a", "source2": "regex", "text2": "b",
                                   "by": "PT"}}
    assert set(base) == set(FIELDS)
    for kind, fields in FIELDS.items():
        check_request(kind, base[kind])
        for name in fields:
            said = []
            for value in ("a\ud800", ["\udc00", "a"], {"k": "\ud800"}, {"\ud800": 1},
                          float("nan"), float("inf"), float("-inf")):
                with pytest.raises(BadRequest) as err:
                    check_request(kind, {**base[kind], name: value})
                message = str(err.value)
                assert "\n" not in message and f"'{name}'" in message, message
                said.append(message)
            assert any("lone surrogate" in m for m in said), (kind, name)
    # a surrogate pair is one character (JSON's escape of 😀): text like any other
    assert check_request("language", json.loads('{"source": "regex", "text": "\\ud83d\\ude00"}'))["text"] == "😀"
    with pytest.raises(BadRequest, match="finite number of seconds between 0.05 and 3600, got NaN"):
        check_request("language", {**REGEX, "time_budget": float("nan")})


@pytest.mark.parametrize("argv", [["--time-budget", "nan"], ["--time-budget", "inf"], ["--time-budget", "-1"],
                                  ["--time-budget", "1e400"], ["--worker-memory", "inf"]])
def test_serve_refuses_a_budget_that_is_no_finite_positive_number(argv, capsys):
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    from attnlogic.cli import main

    try:
        status = main(["serve", "--port", "0", *argv])
    except SystemExit as exc:             # argparse's own refusal (a byte size)
        status = exc.code
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and argv[0] in err and "finite" in err, err


def test_a_budget_hit_is_refused_in_one_line_and_the_workers_come_back(client):
    import time

    states = client.post("/api/language", json={**REGEX, "text": "(a|b)*a(a|b){16}", "max_states": 500})
    assert states.status_code == 422 and states.json()["budget"] == "states"
    slow = client.post("/api/census", json={"states": 4, "alphabet": "ab", "time_budget": 0.5})
    assert slow.status_code == 422 and slow.json()["budget"] == "time"
    assert "stopped" in slow.json()["error"]
    # each names the server's option that sets its budget and the command line without it
    assert "`attnlogic serve --max-states 20000`" in states.json()["error"]
    assert states.json()["error"].endswith(
        "or run the command line: attnlogic classify --regex '(a|b)*a(a|b){16}' --alphabet ab")
    assert "`attnlogic serve --time-budget 30`" in slow.json()["error"]
    assert slow.json()["error"].endswith(
        "or run the command line: attnlogic census --max-states 4 --alphabet ab --json --each")
    deadline = time.monotonic() + 60             # a hang guard: the killed worker is replaced
    while client.get("/api/health").json()["workers"] < 2:
        if time.monotonic() > deadline:
            raise AssertionError("the killed worker was not replaced")
        time.sleep(0.1)
    assert client.post("/api/language", json=REGEX).status_code == 200


def test_nothing_is_written_to_disk(server, client):
    for path, body in (("/api/language", REGEX), ("/api/language", _file("hoa")),
                       ("/api/compile", {**FORMULA, "word": "ab"}),
                       ("/api/download", {**FORMULA, "what": "safetensors"}),
                       ("/api/census", {"states": 1, "alphabet": "ab"})):
        assert client.post(path, json=body).status_code == 200
    assert sorted(p.name for p in server.cwd.iterdir()) == []


def test_the_server_listens_on_this_machine_only_unless_told(server):
    from attnlogic.cli import build_parser

    assert build_parser().parse_args(["serve"]).host == "127.0.0.1"
    assert server.announce.startswith("attnlogic serve: http://127.0.0.1:")


def test_without_the_extra_serve_says_how_to_install_it(monkeypatch, capsys):
    import importlib.util

    from attnlogic.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("starlette", "uvicorn") else real(name, *a))
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "pip install 'attnlogic[web]'" in err


def test_the_page_ships_in_the_package_and_fetches_nothing_outside():
    import re

    from attnlogic.web.app import STATIC

    names = sorted(p.name for p in STATIC.iterdir())
    assert names == ["app.js", "extract.js", "index.html", "style.css"]
    for p in STATIC.iterdir():
        text = p.read_text(encoding="utf-8")
        assert not re.search(r"(src|href)\s*=\s*[\"']?(https?:)?//", text), p.name
        assert not re.search(r"fetch\(\s*[\"']https?://", text) and "@import" not in text, p.name


def test_a_refusal_of_an_uploaded_file_names_the_file_not_its_text():
    from attnlogic.web.app import Settings, raise_hint

    hint = raise_hint("states", Settings(max_states=500), "language",
                      {"source": "file", "text": "line 1\nline 2", "alphabet": "ab"})
    assert "`attnlogic serve --max-states 500`" in hint and "\n" not in hint
    assert hint.endswith("or run the command line: attnlogic classify --dfa FILE --alphabet ab")
    assert raise_hint("limit", Settings(limit=7), "verify", {}).endswith(
        "restart it with a larger --limit")                      # verify: no one command line


def test_the_classifiers_budgets_are_serve_options(client):
    import subprocess
    import sys

    from attnlogic.kernel.limits import DEFAULT_CERTIFICATE_FACTOR, DEFAULT_MAX_DEPTH, DEFAULT_SEARCH_BUDGET
    from attnlogic.web.app import Settings

    budgets = client.get("/api/info").json()["budgets"]
    assert (budgets["max_depth"], budgets["search_budget"], budgets["certificate_factor"]) == \
        (DEFAULT_MAX_DEPTH, DEFAULT_SEARCH_BUDGET, DEFAULT_CERTIFICATE_FACTOR)
    limits = Settings(max_depth=5, search_budget=0, certificate_factor=2).limits({})
    assert (limits.max_depth, limits.search_budget, limits.certificate_factor) == (5, 0, 2)
    for flag, value in (("--certificate-factor", "-1"), ("--max-depth", "0"), ("--search-budget", "-3")):
        proc = subprocess.run([sys.executable, "-m", "attnlogic", "serve", flag, value],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2 and proc.stdout == ""              # refused before starting
        assert proc.stderr.count("\n") == 1 and f"[command line: {flag}]" in proc.stderr

def test_verify_a_pair_as_the_command_line_does(client, capsys, monkeypatch):
    """The page's verify of a witness pair answers as ``attnlogic verify``: the pair alone is
    NOT valid when a formula separates it (with the depth and the formula), its family valid
    with ``family``; the command line it names exits 1 and 0 (checked by _run_cli)."""
    body = {"source": "regex", "text": "(a|b)*b", "alphabet": "ab", "fragment": "LTL[P]",
            "witness": ["abab", "aba"]}
    alone = client.post("/api/verify", json=body).json()
    assert alone["valid"] is False and alone["pair"]["separable_at_depth"] == 2
    assert alone["family"]["valid"] is True
    assert _run_cli(alone["cli"], capsys, monkeypatch)["valid"] is False
    fam = client.post("/api/verify", json={**body, "family": True}).json()
    assert fam["valid"] is True and "--family" in fam["cli"]
    assert _run_cli(fam["cli"], capsys, monkeypatch)["valid"] is True
    bad = client.post("/api/verify", json={**body, "family": True, "depth": 2})
    assert bad.status_code == 400


def test_separate_languages_answers_as_the_command_line(client, capsys, monkeypatch):
    """Two languages and --by: the page's JSON is the command line's (the line it names), the
    separator exact on DFAs, the proof re-checked by verify_proof; bad input one 400 line."""
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.definability.separation.separate_languages import SuffixFamily, verify_proof

    body = {"source1": "regex", "text1": "(a|b)*abb", "source2": "regex", "text2": "(a|b)*bbb",
            "alphabet": "ab", "by": "LTL[Y]"}
    data = client.post("/api/separate_languages", json=body).json()
    assert data["separable"] is True and data["text"].startswith("separable by LTL[Y]")
    assert _run_cli(data["cli"], capsys, monkeypatch) == {k: v for k, v in data.items() if k not in ("text", "cli")}
    sep = data["separator"]
    assert sep["kind"] == "suffix"
    # K from the printed certificate: the words whose last k letters are a printed profile
    from itertools import product
    k, allowed = sep["k"], set(sep["profiles"])
    l1, l2 = regex_to_dfa("(a|b)*abb", "ab"), regex_to_dfa("(a|b)*bbb", "ab")
    for n in range(8):
        for w in product("ab", repeat=n):
            key = "".join(w[-k:]) or "ε"
            if l1.accepts(list(w)):
                assert key in allowed
            if l2.accepts(list(w)):
                assert key not in allowed
    # not separable: the pumped family, re-checked
    body = {**body, "text1": "(ab)*", "text2": "(a|b)*aa(a|b)*", "source2": "regex", "by": "local:1"}
    data = client.post("/api/separate_languages", json=body).json()
    assert data["separable"] is False and data["proof"]["kind"] == "suffix family"
    assert _run_cli(data["cli"], capsys, monkeypatch) == {k: v for k, v in data.items() if k not in ("text", "cli")}
    p = data["proof"]
    idx = lambda s: tuple("ab".index(c) for c in s)                         # noqa: E731
    assert verify_proof(SuffixFamily(idx(p["l1"]), idx(p["l2"]), idx(p["z"]), idx(p["y"])),
                        regex_to_dfa("(ab)*", "ab"), regex_to_dfa("(a|b)*aa(a|b)*", "ab"))
    # a formula and PT: the common pattern (every PT[k] confuses two words)
    data = client.post("/api/separate_languages", json={"source1": "formula", "text1": "Y a & Y Y b",
                                                         "source2": "formula", "text2": "Y b & Y Y a",
                                                         "alphabet": "ab", "by": "PT"}).json()
    assert data["separable"] is False and data["proof"]["kind"] == "common pattern"
    assert _run_cli(data["cli"], capsys, monkeypatch) == {k: v for k, v in data.items() if k not in ("text", "cli")}
    # bad input: one line, 400
    for bad in ({**body, "by": "XX"}, {**body, "text1": "(a|"}, {**body, "source1": "file"}):
        r = client.post("/api/separate_languages", json=bad)
        assert r.status_code == 400 and "\n" not in r.json()["error"].strip().split("\n")[0]
    assert client.post("/api/separate_languages", json={"by": "PT"}).status_code == 400


def test_the_separation_classes_offered_are_those_separate_reads():
    """Every class the page suggests for two languages is read by ``separate``'s parser, and
    every class at every order that ``separate`` answers is suggested."""
    import re
    from html import unescape

    from attnlogic.definability.separation.separate_languages import UNBOUNDED_CLASSES, parse_class
    from attnlogic.web.app import STATIC

    page = (STATIC / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<datalist id="seplang-classes">(.*?)</datalist>', page, re.S).group(1)
    offered = [unescape(v) for v in re.findall(r'<option value="([^"]*)">', block)]
    for name in offered:
        parse_class(name)                                 # raises InputError on a class it does not read
    assert set(UNBOUNDED_CLASSES) <= set(offered), set(UNBOUNDED_CLASSES) - set(offered)
