"""The demo: built-in suite = the language cases of tests/data, expected classifications, clean checks, outputs."""

from __future__ import annotations

import json

import pytest

from attnlogic.cli import main
from attnlogic.demo import run_demo, write_outputs
from attnlogic.suite import SUITE


def test_builtin_suite_mirrors_the_language_cases(language_cases):
    cases = {c["name"]: c for c in language_cases}
    ours = {lang.name: lang for lang in SUITE}
    assert set(ours) == set(cases)
    for name, lang in ours.items():
        assert list(lang.alphabet) == cases[name]["alphabet"]
        assert lang.regex == cases[name]["regex"]


@pytest.fixture(scope="module")
def demo():
    return run_demo(max_length=300, samples=2)


@pytest.fixture(scope="module")
def report(demo):
    return demo.to_json()


def test_demo_classifies_as_expected_and_checks_clean(report, language_cases):
    expected = {c["name"]: c for c in language_cases}
    assert report["all_checks_clean"]
    for row in report["languages"]:
        case = expected[row["name"]]
        assert row["states"] == case["minimal_dfa_states"]
        for frag, want in case["expected"].items():
            if want is not None:
                assert row["fragments"][frag]["member"] is want, (row["name"], frag)
        py = row["fragments"]["LTL[P,Y]"]
        if py["member"]:
            assert py["formula"] is not None, row["name"]
            assert row["check"]["disagreements"] == 0
            assert row["check"]["decisions"] > 0 and row["check"]["completed"] is True
            # the pipeline compiled the smallest compilable certificate: a member fragment
            assert row["fragments"][row["compiled"]["fragment"]]["member"] is True
        elif row["check"] is not None:
            # star-free outside LTL[P,Y]: compiled into hard heads from the LTL[S] certificate
            assert row["compiled"]["fragment"] == "LTL[S]" and row["fragments"]["LTL[S]"]["member"] is True
            assert row["check"]["disagreements"] == 0 and row["check"]["completed"] is True
        else:
            assert row["fragments"]["LTL[S]"]["member"] is not True or \
                row["fragments"]["LTL[S]"]["formula"] is None, row["name"]
    assert report["checked_models"] == sum(1 for row in report["languages"] if row["check"] is not None)
    assert report["checked_models"] >= sum(1 for c in language_cases if c["expected"]["LTL[P,Y]"])


def test_demo_writes_json_and_png(demo, tmp_path):
    paths = write_outputs(demo, tmp_path / "demo")
    assert json.loads(open(paths["json"]).read())["languages"][0]["name"] == SUITE[0].name
    for png in paths["png"]:
        with open(png, "rb") as fh:
            assert fh.read(8) == b"\x89PNG\r\n\x1a\n"
    assert len(paths["png"]) == 2


def test_demo_table_fits_80_columns_and_loses_nothing(demo):
    from rich.console import Console

    from attnlogic.demo import render_table

    import io

    out = io.StringIO()
    render_table(demo, Console(file=out, width=80, color_system=None))
    text = out.getvalue()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "…" not in text.split("certificates")[0]                # nothing cut short in the table
    header = next(line for line in text.splitlines() if line.startswith("┃ language"))
    assert "DFA" in header and "Y≤2" in header and "P,Y≤2" in header
    for row in demo.rows:                                            # each row's state count shown
        line = next(ln for ln in text.splitlines() if ln.startswith(f"│ {row.language.name} "))
        assert f" {row.classification.dfa.n_states} │" in line
    assert text.count("agrees") == sum(1 for r in demo.rows if r.check is not None and r.check.agrees)


def test_demo_command_line(tmp_path, capsys):
    code = main(["demo", "--no-compile", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "which attention pattern recognises which language" in out
    assert f"report: {tmp_path}/report.json" in out
    assert main(["demo", "--max-length", "0"]) == 2


def test_demo_compiles_each_certificate_once_and_checks_that_model(monkeypatch):
    """The demo goes through the one pipeline (attnlogic.pipeline.compile_language): one
    compile per checked language (the check reuses the compiled model), and the check's oracle
    is the language's own regex DFA."""
    import attnlogic.pipeline as pipeline

    compiled, checked = [], []
    real_compile, real_check = pipeline.compile_formula, pipeline.check_compiled

    def counting_compile(*a, **k):
        compiled.append(real_compile(*a, **k))
        return compiled[-1]

    def recording_check(model, **k):
        checked.append((model, k.get("language")))
        return real_check(model, **k)

    monkeypatch.setattr(pipeline, "compile_formula", counting_compile)
    monkeypatch.setattr(pipeline, "check_compiled", recording_check)
    subset = [lang for lang in SUITE if lang.name in ("LT-2", "PARITY", "DYCK-(1,1)")]
    report = run_demo(max_length=50, samples=1, languages=subset)
    assert report.checked_models == len(compiled) == len(checked) >= 1
    assert [m for m, _ in checked] == compiled
    for (_, language), row in zip(checked, [r for r in report.rows if r.check is not None]):
        assert language.kind == "regex" and language.text == row.language.regex
        assert row.check.agrees and row.compiled.compiled is compiled[report.rows.index(row) - sum(
            1 for r in report.rows[:report.rows.index(row)] if r.check is None)]
