"""The one request layer under the command line and the page (attnlogic/request.py): the page
keeps no copy of a command's logic and imports nothing from the command line; the command
line the page prints asks the same question under the same budgets (parsed back by the
command line's own parser, its budgets are the page's); classify's JSON names what its
answers are (schema 2: fragments and classes), and verify reads both schemas."""

from __future__ import annotations

import io
import json
import shlex
import sys

import pytest

from test_import_graph import import_graph, modules

from attnlogic.kernel.limits import DEFAULT_LIMIT, Limits
from attnlogic.request import (BUDGET_FLAGS, CensusRequest, ClassifyRequest, SeparateRequest, Source,
                               VerifyRequest, budget_arguments)


def wrong_layer_imports(graph: dict[str, set[str]]) -> list[str]:
    """``M imports D`` for each module of the page (``attnlogic.web``) or of the request layer
    that imports the command line (``attnlogic.cli``, ``attnlogic.commands``), and each module
    of the request layer that imports the page."""
    out = []
    for m, deps in sorted(graph.items()):
        banned = (("attnlogic.commands", "attnlogic.cli") if m.startswith("attnlogic.web") else
                  ("attnlogic.commands", "attnlogic.cli", "attnlogic.web") if m == "attnlogic.request" else ())
        out += [f"{m} imports {d}" for d in sorted(deps) if banned and d.startswith(banned)]
    return out


def test_the_page_imports_nothing_from_the_command_line():
    graph = import_graph(modules(), everywhere=True)
    assert "attnlogic.request" in graph["attnlogic.web.jobs"]        # the page asks through the layer
    assert wrong_layer_imports(graph) == []


def test_the_layer_check_fires():
    graph = {"attnlogic.web.jobs": {"attnlogic.commands._common", "attnlogic.request"},
             "attnlogic.request": {"attnlogic.web.app", "attnlogic.kernel.words"},
             "attnlogic.commands.verify": {"attnlogic.request"}}
    assert wrong_layer_imports(graph) == ["attnlogic.request imports attnlogic.web.app",
                                          "attnlogic.web.jobs imports attnlogic.commands._common"]


def _parsed(line: str):
    """The command line's own reading of ``line`` (``printf … | attnlogic …``)."""
    from attnlogic.cli import build_parser

    words = shlex.split(line)
    if words[0] == "printf":
        words = words[4:]
    assert words[0] == "attnlogic"
    return build_parser().parse_args(words[1:])


SERVER = Limits.of(limit=7_000, state_limit=20_000, memory_budget=3 * 2 ** 29, max_depth=2,
                   search_budget=1_000, certificate_factor=3, certificate_seconds=0.25)


@pytest.mark.parametrize("limits", [SERVER, Limits(), Limits.of(memory_budget=123_457)])
def test_the_command_line_of_a_classification_carries_its_budgets(limits):
    """Parsed back by the command line, the budgets of the line are the request's, field by
    field (those a classification reads: the defaults where the line has no flag)."""
    from attnlogic.commands._common import limits_from_args

    request = ClassifyRequest(Source("regex", "(a|b)*ab", alphabet="ab"), classes=("LT",))
    args = _parsed(request.command_line(limits))
    back = limits_from_args(args)
    for name in ("semigroup_elements", "type_states", "synthesis_states", "max_depth", "search_budget",
                 "certificate_factor", "certificate_seconds", "memory_budget", "state_limit"):
        assert getattr(back, name) == getattr(limits, name), name
    assert args.classes == ["LT"] and args.regex == "(a|b)*ab" and args.alphabet == "ab"


def test_budget_flags_name_only_what_differs_from_the_defaults():
    assert budget_arguments(None, BUDGET_FLAGS) == [] and budget_arguments(Limits(), BUDGET_FLAGS) == []
    assert budget_arguments(Limits.of(limit=DEFAULT_LIMIT + 1), ["--limit"]) == ["--limit", str(DEFAULT_LIMIT + 1)]
    assert budget_arguments(Limits.of(memory_budget=3 * 2 ** 29), ["--memory-budget"]) == ["--memory-budget", "1536M"]
    mixed = Limits.of(Limits(), semigroup_elements=5)            # no one --limit says this
    assert budget_arguments(mixed, ["--limit"]) == []
    assert "--limit" not in SeparateRequest("LTL[P]", "LTL[Y]").command_line(Limits())
    assert SeparateRequest("LTL[P]", "LTL[Y]").command_line(SERVER).endswith("--max-depth 2 --limit 7000")
    assert "--max-dfas 50" in CensusRequest(2, "ab", max_dfas=50).command_line(SERVER)


def test_a_file_given_as_text_goes_on_standard_input():
    src = Source("dfa", text='{"x": 1}', alphabet="ab", one_hot=True)
    assert src.arguments() == (["--dfa", "-", "--alphabet", "ab", "--one-hot"], '{"x": 1}')
    line = ClassifyRequest(src).command_line(None)
    assert line.startswith("printf '%s' '{\"x\": 1}' | attnlogic classify --dfa - ")


def _cli(line: str, capsys, monkeypatch) -> tuple[int, dict]:
    from attnlogic.cli import main

    words = shlex.split(line)
    stdin = ""
    if words[0] == "printf":
        stdin, words = words[2], words[4:]
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    capsys.readouterr()
    status = main(words[1:] + ["--json"])
    return status, json.loads(capsys.readouterr().out)


def test_the_page_and_the_command_line_answer_alike(capsys, monkeypatch):
    """The page's answers (its jobs, run here in the test process) are the command line's:
    the line each names, run, gives the same verdicts and checks."""
    from attnlogic.web.jobs import run_job

    params = {"source": "regex", "text": "(a|b)*ab", "alphabet": "ab", "classes": ["LT", "TSL"]}
    page = run_job("language", params, SERVER)
    assert "--max-states 20000" in page["cli"] and "--limit 7000" in page["cli"]
    status, cli = _cli(page["cli"], capsys, monkeypatch)
    assert status == 0 and cli["schema"] == page["schema"] == 2
    assert {r["fragment"]: r["member"] for r in page["results"]} == \
           {name: a["member"] for name, a in cli["fragments"].items()}
    assert [r["fragment"] for r in page["results"] if r["kind"] == "class"] == list(cli["classes"]) == ["LT", "TSL"]
    for row in page["results"]:
        if row["recheck"] == {"kind": "answer"}:
            answer = {k: row[k] for k in ("member", "certificate", "witness") if k in row}
            checked = run_job("verify", {**params, "fragment": row["fragment"], "answer": answer}, SERVER)
            assert checked["valid"] is True and "--max-states 20000" in checked["cli"]
            status, again = _cli(checked["cli"], capsys, monkeypatch)
            assert (status, again["valid"], again["reason"]) == (0, True, checked["reason"])
    wrong = run_job("verify", {**params, "fragment": "LTL[Y]", "formula": "Y b"}, SERVER)
    status, again = _cli(wrong["cli"], capsys, monkeypatch)
    assert wrong["valid"] is False and (status, again["valid"], again["reason"]) == (1, False, wrong["reason"])


def test_classify_json_names_fragments_and_classes(capsys, tmp_path):
    """Schema 2: ``fragments`` the LTL fragments (and, deprecated for one version, the
    classes too), ``classes`` the classes asked by name; verify --answer reads schema 2 and
    schema 1 (every answer under ``fragments``, no ``schema`` key)."""
    from attnlogic.cli import main

    argv = ["--regex", "a*b*", "--alphabet", "ab", "--class", "LT"]
    assert main(["classify", *argv, "--json", "--no-progress", "--search-budget", "0"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["schema"] == 2 and list(out["classes"]) == ["LT"]
    assert [n for n in out["fragments"] if n.startswith("LTL[")] == [n for n in out["fragments"] if n != "LT"]
    assert out["fragments"]["LT"] == out["classes"]["LT"]            # deprecated until schema 3
    for obj in (out, {"states": out["states"], "alphabet": out["alphabet"], "fragments": out["fragments"]},
                {"schema": 2, "fragments": {}, "classes": out["classes"]}):
        path = tmp_path / "answer.json"
        path.write_text(json.dumps(obj))
        assert main(["verify", *argv, "--answer", str(path), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["valid"] is True
    path.write_text(json.dumps({"schema": 2, "fragments": out["fragments"], "classes": {}}))
    assert main(["verify", *argv, "--answer", str(path), "--json"]) == 0      # schema 1's place still read
    capsys.readouterr()
    path.write_text(json.dumps({"schema": 2, "fragments": {}, "classes": {}}))
    assert main(["verify", *argv, "--answer", str(path)]) == 2
    assert "no answer for LT" in capsys.readouterr().err


def test_verify_request_refuses_a_class_without_a_check():
    """Every class of the package has a check (its own, its identities, its parts, an LTL
    fragment's formula or witness); one registered from outside without any is refused."""
    from dataclasses import replace

    from attnlogic.definability.engine.registry import language_class, register, unregister
    from attnlogic.kernel.errors import InputError

    register(replace(language_class("SL"), name="BARE", check=None, bulk=None, groups=(), inclusions=()))
    try:
        with pytest.raises(InputError, match="no answer check of its own") as exc:
            VerifyRequest(Source("regex", "a*"), class_name="BARE", class_answer={}).answer()
        assert exc.value.parameters == ("classes",)
    finally:
        unregister("BARE")


def test_verify_class_reads_an_ltl_fragment_s_answer(tmp_path, capsys):
    """`verify --class 'LTL[P]' --answer FILE` with classify's JSON: a "yes" by its formula, a
    "no" by the instantiation of the fragment's identity it carries; the same "no" claimed as
    a "yes" (no formula) is refused with exit 1."""
    from attnlogic.cli import main

    argv = ["--regex", "(a|b)*a(a|b)", "--alphabet", "ab"]
    assert main(["classify", *argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    path = tmp_path / "c.json"
    path.write_text(json.dumps(out))
    for name, how in (("LTL[P]", "instantiation"), ("LTL[Y]", "formula")):
        assert main(["verify", *argv, "--class", name, "--answer", str(path), "--json"]) == 0
        got = json.loads(capsys.readouterr().out)
        assert got["valid"] is True and how in got["reason"], got
    path.write_text(json.dumps({**out["fragments"]["LTL[P]"], "member": True}))
    assert main(["verify", *argv, "--class", "LTL[P]", "--answer", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["valid"] is False
