"""Executable documentation: every ``console`` and ``pycon`` block of README.md and docs/*.md runs.

* A ``console`` block holds commands (lines starting with ``$ ``) each followed by its
  expected output (stdout and stderr together).  Commands of one file run in order, in one
  temporary directory, through bash; ``attnlogic`` is this interpreter's ``-m attnlogic``.
  An expected line ``...`` matches any run of lines; timings and rates are normalised.
* A ``pycon`` block is a doctest (``>>>`` prompts and expected output), one namespace per file.

Blocks of other languages (``sh`` set-up commands, ``python`` sketches that need a GPU or
long training) are not run.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))

_FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```", re.S | re.M)
_TIMING = [
    (re.compile(r'("(?:tokens_per_second|seconds|elapsed|time_s|wall_s)": )[0-9.eE+-]+'), r"\1<num>"),
    (re.compile(r"\b\d+(\.\d+)?( ?(s|ms|µs|seconds|tokens/s))\b"), r"<num>\2"),
    (re.compile(r"(tokens per second\s+)[0-9.]+"), r"\1<num>"),
]


def _blocks(path: Path, lang: str) -> list[str]:
    return [m.group(2) for m in _FENCE.finditer(path.read_text(encoding="utf-8")) if m.group(1) == lang]


def _normalise(text: str) -> list[str]:
    for pattern, repl in _TIMING:
        text = pattern.sub(repl, text)
    return [line.rstrip() for line in text.strip("\n").splitlines()]


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Line match where an expected ``...`` line stands for any run of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and _matches(expected[1:], actual[1:])


def _console_steps(block: str):
    steps, cmd, out = [], None, []
    for line in block.splitlines():
        if line.startswith("$ "):
            if cmd is not None:
                steps.append((cmd, out))
            cmd, out = line[2:], []
        elif cmd is not None:
            out.append(line)
    if cmd is not None:
        steps.append((cmd, out))
    return steps


CONSOLE = [(p, i, b) for p in DOCS if p.exists() for i, b in enumerate(_blocks(p, "console"))]
PYCON = [(p, b) for p in DOCS if p.exists() for b in _blocks(p, "pycon")]


@pytest.fixture(scope="module")
def workdirs():
    """Per file: (working directory, number of its console blocks already run there)."""
    return {}


def _shell_env(cwd: Path) -> dict:
    env = dict(os.environ, COLUMNS="100", PYTHONHASHSEED="0")
    bindir = cwd / "_bin"
    bindir.mkdir(exist_ok=True)
    shim = bindir / "attnlogic"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m attnlogic "$@"\n')
    shim.chmod(0o755)
    env["PATH"] = f"{bindir}{os.pathsep}{env['PATH']}"
    return env


def _run_console_block(path: Path, block: str, cwd: Path) -> None:
    env = _shell_env(cwd)
    for cmd, expected in _console_steps(block):
        proc = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=600)
        actual = _normalise(proc.stdout + proc.stderr)
        want = _normalise("\n".join(expected))
        assert _matches(want, actual), (f"{path.name}: `{cmd}`\n--- expected\n" + "\n".join(want)
                                        + "\n--- actual\n" + "\n".join(actual))


@pytest.mark.parametrize("path, index, block", CONSOLE,
                         ids=[f"{p.name}-console{i}" for p, i, _ in CONSOLE])
def test_console_block(path, index, block, workdirs, tmp_path_factory):
    """Blocks of one file share a directory and may use each other's files, so the blocks
    before this one that this worker has not run yet (xdist may hand them to another
    worker, or ``-k`` may deselect them) are replayed first, each checked too."""
    cwd, done = workdirs.get(path) or (tmp_path_factory.mktemp(path.stem), 0)
    if done > index:  # pragma: no cover - pytest runs each block once per session
        cwd, done = tmp_path_factory.mktemp(path.stem), 0
    blocks = [b for p, _, b in CONSOLE if p == path]
    for earlier in range(done, index):
        _run_console_block(path, blocks[earlier], cwd)
    workdirs[path] = (cwd, index + 1)
    _run_console_block(path, block, cwd)


@pytest.mark.parametrize("path, block", PYCON, ids=[f"{p.name}-pycon{i}" for i, (p, _) in enumerate(PYCON)])
def test_pycon_block(path, block, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {"__name__": "__docs__"}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {path.name}"


def test_docs_have_runnable_blocks():
    assert CONSOLE, "README.md has no console block"
