"""``attnlogic extract`` (issue 44): the extracted DFA of a compiled model file, its JSON, its
--out file read back by --dfa, the exit statuses, and bad input refused in one line with exit
status 2 (a missing model, a bad alphabet, non-finite or empty budgets)."""

from __future__ import annotations

import json

import pytest

import attnlogic as al
from attnlogic.cli import main

SMALL = ["--exhaustive", "5", "--max-length", "40", "--samples", "2", "--window", "1", "--no-progress"]


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("extract") / "m.safetensors"
    al.compile_formula("P (b & Y a)", "ab").save(path)
    return str(path)


def _run(capsys, *argv):
    status = main(["extract", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_of_a_compiled_model_file_and_its_dfa_file(capsys, tmp_path, model_file):
    out_file = tmp_path / "learned.json"
    status, out, err = _run(capsys, "--model", model_file, "--json", "--out", str(out_file), *SMALL)
    assert status == 0, err
    obj = json.loads(out)
    source = al.formula_to_dfa(al.parse("P (b & Y a)"), "ab").minimal()
    assert obj["completed"] and obj["states"] == source.n_states
    assert obj["classification"]["fragments"]["LTL[P,Y]"]["member"] is True
    assert obj["validation"]["text"].startswith("agrees with the model on")
    assert al.read_dfa_file(str(out_file)).minimal() == source
    status, dfa_out, _ = _run_dfa(capsys, str(out_file))
    assert status == 0 and json.loads(dfa_out) == json.loads(al.automata.io.dfa_to_json(source))


def _run_dfa(capsys, path):
    status = main(["dfa", "--dfa", path, "--json"])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_different_target_exits_1_with_confirmed_words(capsys, model_file):
    status, out, err = _run(capsys, "--model", model_file, "--regex", "(a|b)*a(a|b)*b", *SMALL)
    assert status == 1, err
    assert "confirmed: the model accepts it, the target rejects it" in out
    assert out.rstrip().splitlines()[-1].startswith("extract complete:") and "DIFFERS" in out


@pytest.mark.parametrize("argv,needle", [
    ([], "give the model"),
    (["--model", "/nonexistent/mine.py:make", "--alphabet", "ab"], "no file"),
    (["--model", "MODEL", "--alphabet", "a,,b"], "--alphabet"),
    (["--model", "MODEL", "--alphabet", "xyz"], "--alphabet"),
    (["--model", "MODEL", "--time-budget", "inf"], "--time-budget"),
    (["--model", "MODEL", "--time-budget", "nan"], "--time-budget"),
    (["--model", "MODEL", "--max-queries", "0"], "--max-queries"),
    (["--model", "MODEL", "--max-states", "0"], "--max-states"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, model_file, argv, needle):
    argv = [model_file if a == "MODEL" else a for a in argv]
    status, out, err = _run(capsys, *argv, *SMALL)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err and "Traceback" not in err


def test_a_failing_model_is_exit_3_and_one_line(capsys, tmp_path):
    (tmp_path / "broken.py").write_text("def make():\n    def model(tokens):\n        raise ValueError('broken')\n"
                                        "    return model\n")
    status, out, err = _run(capsys, "--model", f"{tmp_path / 'broken.py'}:make", "--alphabet", "ab", *SMALL)
    assert status == 3 and out == ""
    assert len(err.strip().splitlines()) == 1 and "ValueError: broken" in err and "nothing is claimed" in err
