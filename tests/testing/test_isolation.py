"""A user's model runs isolated (issue 29): model files written here exit at import, call
sys.exit(0) or os._exit(0) in forward, raise, do not parse, loop forever or allocate without
bound; each is a ModelFailed naming the model (exit status 3 on the command line), never a
report, never exit 0.  The models are numpy callables (``tensors="numpy"``), so the child
process does not import torch; the command-line cases use one torch model each way."""

from __future__ import annotations

import json
import sys
import textwrap

import pytest

from attnlogic.automata.sources import load_language
from attnlogic.cli import main
from attnlogic.kernel.errors import InputError
from attnlogic.testing import ModelFailed, check_isolated

#: ends-in-a over a = 0, b = 1, EOS = 2: score > 0 at a position iff the token before it is a
HEADER = '''
import os, sys
import numpy as np

def ends_in_a(tokens):
    before = np.concatenate([np.full((tokens.shape[0], 1), 2), tokens[:, :-1]], axis=1)
    return np.where(before == 0, 1.0, -1.0)
'''

MODELS = {
    "good": "def make():\n    return ends_in_a",
    "talks": "def make():\n    def model(t):\n        print('hello from the model')\n        return ends_in_a(t)\n"
             "    return model",
    "exit_at_import": "sys.exit(0)\ndef make():\n    return ends_in_a",
    "sys_exit": "def make():\n    def model(t):\n        sys.exit(0)\n    return model",
    "os_exit": "def make():\n    def model(t):\n        os._exit(0)\n    return model",
    "raises": "def make():\n    def model(t):\n        raise ValueError('the model broke')\n    return model",
    "syntax": "def make(:\n    return ends_in_a",
    "loops": "def make():\n    def model(t):\n        while True:\n            pass\n    return model",
    "allocates": "def make():\n    def model(t):\n        return np.ones(10 ** 11)\n    return model",
    "wrong_shape": "def make():\n    return lambda t: np.zeros((t.shape[0], t.shape[1], 2))",
}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("models")
    for name, body in MODELS.items():
        (folder / f"{name}.py").write_text(HEADER + "\n" + textwrap.dedent(body) + "\n")
    return folder


@pytest.fixture(scope="module")
def ends_a():
    return load_language(regex="(a|b)*a", alphabet="ab")


SMALL = dict(readout="eos", tensors="numpy", exhaustive_length=4, contexts=8, boundary=8, random=8,
             long_count=2, long_length=20)


def run(files, name, language, **budgets):
    return check_isolated(f"{files / name}.py:make", language=language, **SMALL, **budgets)


def test_an_agreeing_model_gives_a_complete_report(files, ends_a, capsys):
    report = run(files, "good", ends_a)
    assert report.completed and report.agrees and report.words > 0
    assert report.model.endswith("good.py:make")
    # the model's prints are kept apart: on stderr, under a heading, never on stdout
    report = run(files, "talks", ends_a)
    out, err = capsys.readouterr()
    assert report.agrees and out == ""
    assert "kept apart" in err and "hello from the model" in err


@pytest.mark.parametrize("name,how,needle", [
    ("exit_at_import", "exit", "sys.exit(0)"),
    ("sys_exit", "exit", "sys.exit(0)"),
    ("os_exit", "exit", "exited with status 0"),
    ("raises", "exception", "ValueError: the model broke"),
    ("syntax", "exception", "SyntaxError"),
])
def test_a_failing_model_is_a_model_failure_never_a_report(files, ends_a, name, how, needle):
    with pytest.raises(ModelFailed) as info:
        run(files, name, ends_a)
    err = info.value
    assert err.how == how and needle in str(err) and f"{name}.py:make" in str(err)
    assert "\n" not in str(err)


def test_a_model_that_never_returns_is_stopped_at_its_time_budget(files, ends_a):
    with pytest.raises(ModelFailed) as info:
        run(files, "loops", ends_a, time_budget=3)
    assert info.value.how == "timeout" and "3 s" in str(info.value)


def test_a_huge_allocation_fails_within_the_memory_budget(files, ends_a):
    with pytest.raises(ModelFailed) as info:
        run(files, "allocates", ends_a, model_memory=2 ** 30)
    assert info.value.how == "memory" and "1.0 GiB" in str(info.value)


def test_bad_input_from_the_child_is_the_input_error_naming_the_parameter(files, ends_a):
    with pytest.raises(InputError) as info:
        run(files, "wrong_shape", ends_a, class_index=5)
    assert info.value.parameters == ("class_index",) and "2 class scores" in str(info.value)


@pytest.mark.parametrize("budget", [0, -1, float("nan"), float("inf"), True])
def test_budgets_are_validated_naming_the_parameter(files, ends_a, budget):
    with pytest.raises(InputError) as info:
        run(files, "good", ends_a, time_budget=budget)
    assert info.value.parameters == ("time_budget",)


# -- a model that starts processes of its own (issue 38) --------------------------------------
SPAWNS = '''
import os, subprocess, sys, time
import numpy as np

def _record(pid):
    with open(os.environ["ATTNLOGIC_TEST_PIDS"], "a") as fh:
        fh.write(f"{pid}\\n")

def _sleeper(**kw):
    _record(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], **kw).pid)

def _fork_sleeper():
    pid = os.fork()
    if pid == 0:                         # holds the result pipe and the model's stdout
        time.sleep(600)
        os._exit(0)
    _record(pid)

def ends_in_a(tokens):
    before = np.concatenate([np.full((tokens.shape[0], 1), 2), tokens[:, :-1]], axis=1)
    return np.where(before == 0, 1.0, -1.0)

def loops(tokens):
    while True:
        pass

def spawns():
    _sleeper()
    return ends_in_a

def forks():
    _fork_sleeper()
    return ends_in_a

def daemon_and_loops():
    _sleeper(start_new_session=True)     # out of the process group, in a session of its own
    _fork_sleeper()
    return loops
'''


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, killed and not yet reaped by its new parent, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the process table is read from /proc")
@pytest.mark.parametrize("factory,answers", [("spawns", True), ("forks", True), ("daemon_and_loops", False)])
def test_the_processes_a_model_starts_end_with_the_check(tmp_path, monkeypatch, ends_a, factory, answers):
    """Issue 38: a model's own child outlived the check (and a forked copy holding the result
    pipe made it wait past its budget).  Whatever it starts — a subprocess, a fork, a
    process in a session of its own — is gone when check_isolated returns, and a model that
    answered is read as answering."""
    (tmp_path / "spawn.py").write_text(SPAWNS)
    pids = tmp_path / "pids"
    monkeypatch.setenv("ATTNLOGIC_TEST_PIDS", str(pids))
    spec = f"{tmp_path / 'spawn.py'}:{factory}"
    if answers:
        report = check_isolated(spec, language=ends_a, **SMALL, time_budget=60)
        assert report.completed and report.agrees
    else:
        with pytest.raises(ModelFailed) as info:
            check_isolated(spec, language=ends_a, **SMALL, time_budget=3)
        assert info.value.how == "timeout"
    started = [int(x) for x in pids.read_text().split()]
    assert started and not [p for p in started if _alive(p)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the process table is read from /proc")
def test_the_command_line_check_leaves_no_process_of_the_model(tmp_path, capsys, monkeypatch):
    (tmp_path / "spawn.py").write_text(SPAWNS)
    pids = tmp_path / "pids"
    monkeypatch.setenv("ATTNLOGIC_TEST_PIDS", str(pids))
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--model", "spawn.py:daemon_and_loops", "--regex", "(a|b)*a", "--alphabet", "ab",
                 "--exhaustive", "2", "--max-length", "5", "--samples", "1", "--time-budget", "5"]) == 3
    assert "(timeout)" in capsys.readouterr().err
    started = [int(x) for x in pids.read_text().split()]
    assert started and not [p for p in started if _alive(p)]


# -- the command line: exit statuses 0, 1, 3 and the last line --------------------------------
TORCH_MODEL = '''
import os, sys
import torch

class EndsInA(torch.nn.Module):
    def __init__(self, flip=False, die=False):
        super().__init__()
        self.flip, self.die = flip, die
    def forward(self, tokens):
        if self.die:
            os._exit(0)
        before = torch.nn.functional.pad(tokens, (1, 0), value=2)[:, :-1]
        score = (before == 0).float() * 2 - 1
        print("a line the model prints")
        return -score if self.flip and tokens.shape[1] > 5 else score

def good():
    return EndsInA()

def wrong():
    return EndsInA(flip=True)

def dies():
    return EndsInA(die=True)
'''


def test_the_command_line_exit_statuses_and_last_line(tmp_path, capsys, monkeypatch):
    (tmp_path / "mine.py").write_text(TORCH_MODEL)
    monkeypatch.chdir(tmp_path)
    common = ["--regex", "(a|b)*a", "--alphabet", "ab", "--readout", "eos", "--exhaustive", "6",
              "--max-length", "30", "--samples", "2"]
    assert main(["check", "--model", "mine.py:good", *common]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1].startswith("check complete: the model agrees")
    assert "a line the model prints" not in out and "a line the model prints" in err
    assert main(["check", "--model", "mine.py:wrong", *common, "--json"]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["completed"] is True and obj["agrees"] is False and obj["counterexample_length"] == 5
    assert obj["counterexample_shortest"] is True
    assert main(["check", "--model", "mine.py:dies", *common, "--json"]) == 3
    out, err = capsys.readouterr()
    obj = json.loads(out)
    assert obj["completed"] is False and obj["failure"] == "exit"
    assert err.strip().splitlines()[-1].startswith("attnlogic check: error: the model mine.py:dies failed (exit)")


@pytest.mark.parametrize("argv,flag", [
    (["--bos", "100000000000000000000"], "--bos"),
    (["--eos", "-1"], "--eos"),
    (["--threshold", "nan"], "--threshold"),
    (["--threshold", "inf"], "--threshold"),
    (["--class-index", "-2"], "--class-index"),
    (["--threads", "1000000"], "--threads"),
    (["--time-budget", "0"], "--time-budget"),
    (["--time-budget", "nan"], "--time-budget"),
    (["--time-budget", "inf"], "--time-budget"),
    (["--time-budget=-inf"], "--time-budget"),
])
def test_bad_reading_options_are_refused_with_one_line(argv, flag, capsys):
    assert main(["check", "P a", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and flag in err and "Traceback" not in err


def test_class_index_beyond_the_scores_is_refused_with_one_line(tmp_path, capsys, monkeypatch):
    (tmp_path / "two.py").write_text("import torch\ndef make():\n    return lambda t: torch.zeros(*t.shape, 2)\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--model", "two.py:make", "--regex", "(a|b)*a", "--alphabet", "ab",
                 "--class-index", "5", "--exhaustive", "2", "--max-length", "5", "--samples", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "class_index 5 is out of range" in err[0] and "--class-index" in err[0]
