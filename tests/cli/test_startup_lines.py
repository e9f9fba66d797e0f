"""No waiting without a word (issue 39): a command whose start-up takes seconds (torch, the
web stack) says so on a terminal before it imports them, and checks its arguments first.

The order is asserted, never a time: the commands run under ``python -X importtime``,
which writes one line per module imported to the same pseudo-terminal, so the start-up
line must come before the first line naming torch (compile, check) or the web stack
(serve)."""

from __future__ import annotations

import importlib.util
import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")

CLI = [sys.executable, "-X", "importtime", "-m", "attnlogic"]


def _on_a_terminal(args: list[str], until: str, cwd) -> str:
    """Run ``attnlogic ARGS`` (with ``-X importtime``) on a pseudo-terminal until its output
    contains ``until`` (a regular expression) or it exits; the text it wrote, the process
    group killed at the end."""
    main, sub = os.openpty()
    proc = subprocess.Popen([*CLI, *args], stdin=sub, stdout=sub, stderr=sub, cwd=cwd,
                            start_new_session=True, env={**os.environ, "PYTHONPATH": ""})
    os.close(sub)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 180                  # a hang guard, not a measurement
    try:
        while not re.search(until, b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")):
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {until!r} in: {b''.join(chunks)[-2000:]!r}")
            ready, _, _ = select.select([main], [], [], 1.0)
            if not ready:
                continue
            try:
                data = os.read(main, 65536)
            except OSError:                           # closed: the command exited
                break
            if not data:
                break
            chunks.append(data)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)       # the server, its fork server and workers
        proc.wait()
        os.close(main)
    return b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")


def _first(text: str, pattern: str) -> int:
    match = re.search(pattern, text, re.MULTILINE)
    assert match is not None, f"no {pattern!r} in the output:\n{text[-3000:]}"
    return match.start()


def test_compile_says_it_is_starting_before_it_imports_torch(tmp_path):
    out = _on_a_terminal(["compile", "P (b & Y a)"], r"layer 2 ", tmp_path)
    start = _first(out, r"attnlogic compile: starting")
    assert start < _first(out, r"^import time:.*\| +torch(\.|$)")
    assert "global     P (b & Y a)" in out                       # and then the answer


def test_check_says_it_is_starting_before_it_imports_torch(tmp_path):
    out = _on_a_terminal(["check", "P (b & Y a)", "--max-length", "20", "--samples", "2",
                          "--exhaustive", "3"], r"check complete", tmp_path)
    assert _first(out, r"attnlogic check: starting") < _first(out, r"^import time:.*\| +torch(\.|$)")


def test_experiment_says_it_is_starting_before_it_imports_torch(tmp_path):
    out = _on_a_terminal(["experiment", "--quick", "--out", str(tmp_path / "grid")],
                         r"(?m)^import time:.*\| +torch$", tmp_path)
    assert _first(out, r"attnlogic experiment: starting") < _first(out, r"^import time:.*\| +torch(\.|$)")


def test_compile_refuses_a_bad_out_before_loading_torch(tmp_path):
    proc = subprocess.run([*CLI, "compile", "P (b & Y a)", "--out", str(tmp_path / "no" / "m.safetensors")],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2
    assert "does not exist" in proc.stderr and "[command line: --out]" in proc.stderr
    assert not re.search(r"\| +torch(\.|$)", proc.stderr, re.MULTILINE)      # torch never imported


def test_compile_into_a_pipe_writes_no_status_line(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "attnlogic", "compile", "P (b & Y a)"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.startswith("formula   P (b & Y a)")


@pytest.mark.skipif(importlib.util.find_spec("uvicorn") is None or importlib.util.find_spec("starlette") is None,
                    reason="the web extra is not installed")
def test_serve_prints_its_first_line_before_importing_the_web_stack(tmp_path):
    out = _on_a_terminal(["serve", "--port", "0", "--workers", "1"],
                         r"(?m)^import time:.*\| +uvicorn$", tmp_path)
    start = _first(out, r"^attnlogic serve: starting on 127\.0\.0\.1:0")
    assert start < _first(out, r"^import time:.*\| +(starlette|uvicorn)(\.|$)")


def test_extract_says_it_is_starting_before_it_imports_torch(tmp_path):
    model = tmp_path / "m.py"
    model.write_text("def make():\n    raise SystemExit('never reached in this test')\n")
    out = _on_a_terminal(["extract", "--model", f"{model}:make", "--alphabet", "ab"],
                         r"(?m)^import time:.*\| +torch$", tmp_path)
    assert _first(out, r"attnlogic extract: starting") < _first(out, r"^import time:.*\| +torch(\.|$)")
