"""Progress that moves (issue 25, item 9): on a terminal a status line that keeps ticking
inside a long step; anywhere else plain lines, with no carriage return and no escape codes;
per-cell, per-step progress in ``attnlogic experiment``.  Tested on in-memory streams that
say they are (or are not) a terminal, on a real pseudo-terminal and on a pipe."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time

import pytest

from attnlogic.kernel.progress import Counter, StatusLine, counted, elapsed_text

_ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _wait_for(predicate, timeout: float = 20.0) -> bool:
    """Poll ``predicate`` until it holds (the timeout only stops a broken test hanging)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _frames(text: str) -> list[str]:
    """The successive contents of a live status line."""
    return [f for f in _ESCAPE.sub("", text).split("\r") if f]


def test_on_a_terminal_the_status_keeps_ticking_inside_one_stage():
    term = _Terminal()
    status = StatusLine("classify", True, term, interval=0.01)
    status("deciding LTL[P]")            # one stage, then no call at all
    # the shown elapsed time moves on its own: several different frames of the same stage
    assert _wait_for(lambda: len(set(_frames(term.getvalue()))) >= 3), term.getvalue()
    status.close()
    text = term.getvalue()
    assert text.endswith("\r\x1b[K")                                   # erased at the end
    frames = _frames(text)
    assert all(f.startswith("classify: deciding LTL[P] (") for f in frames)
    n = len(text)
    time.sleep(0.05)
    assert len(term.getvalue()) == n                                   # no redraw after close


def test_into_a_file_each_stage_is_one_plain_line():
    log = io.StringIO()
    with StatusLine("classify", True, log, interval=0.01) as status:
        status("building the semigroup")
        time.sleep(0.05)                                               # a ticker would draw here
        status("deciding LTL[P]\nwith a newline")
    text = log.getvalue()
    assert "\r" not in text and "\x1b" not in text
    lines = text.splitlines()
    assert [line.rsplit(" (", 1)[0] for line in lines] == [
        "classify: building the semigroup", "classify: deciding LTL[P] with a newline"]
    assert text.endswith("\n")


def test_disabled_it_writes_nothing_but_remembers_the_stage():
    out = _Terminal()
    with pytest.raises(KeyboardInterrupt):
        with StatusLine("census", False, out) as status:
            status("classifying")
            raise KeyboardInterrupt
    assert status.stage == "classifying"
    assert out.getvalue().startswith("census: Ctrl-C while classifying (")


def test_a_counter_counts_and_throttles_its_notes_in_a_log():
    log = io.StringIO()
    with Counter("grid quick", True, total=3, unit="cells", stream=log, plain_every=3600) as bar:
        bar.update(0, "starting")
        for step in range(1, 50):
            bar.note(f"PARITY global s0: step {step}/50")               # at most one line per hour
        bar.update(1, "PARITY global s0 done")
    lines = [line.rsplit(" (", 1)[0] for line in log.getvalue().splitlines()]
    assert lines == ["grid quick: 0/3 cells — starting", "grid quick: 1/3 cells — PARITY global s0 done"]
    log = io.StringIO()
    with Counter("grid quick", True, total=3, unit="cells", stream=log, plain_every=0) as bar:
        bar.note("PARITY global s0: step 7/50")
    assert log.getvalue().startswith("grid quick: 0/3 cells — PARITY global s0: step 7/50 (")
    assert list(counted("ab", "x", enabled=False)) == ["a", "b"]


def test_elapsed_text():
    assert [elapsed_text(s) for s in (0.04, 59.9, 60, 187, 3723)] == ["0.0 s", "59.9 s", "1:00", "3:07", "1:02:03"]


def _cells():
    from attnlogic.experiments.evaluate import EvalConfig
    from attnlogic.experiments.grid import GridSpec
    from attnlogic.experiments.train import TrainConfig

    spec = GridSpec(name="tiny", languages=("ENDS-A", "STARTS-A"), patterns=("global",), seeds=(0,),
                    lrs=(1e-2,), template=TrainConfig("ENDS-A", d_model=8, n_layers=1, n_heads=2, batch_size=8,
                                                      steps=3, train_max_length=6, threads=1),
                    evaluation=EvalConfig(test_min=7, test_max=8, samples=2, train_max=6))
    return [(i, (cfg, spec.evaluation, 8, None, None)) for i, cfg in enumerate(spec.cells())]     # no extraction


def _cell_progress(jobs: int) -> str:
    from attnlogic.experiments.grid import _local_cells

    log = io.StringIO()
    with Counter("grid tiny", True, total=2, unit="cells", stream=log, plain_every=0) as bar:
        for _ in _local_cells(_cells(), jobs, bar):
            bar.update(1)
    return log.getvalue()


def test_experiment_cells_report_their_training_steps():
    """The grid's counter hears each running cell's steps (notes written as they come:
    plain_every=0)."""
    text = _cell_progress(1)
    for lang in ("ENDS-A", "STARTS-A"):
        assert f"{lang} global s0: step 1/3" in text and f"{lang} global s0: step 3/3" in text, text
    assert "grid tiny: 2/2 cells" in text and "\r" not in text


@pytest.mark.slow
def test_parallel_experiment_cells_report_their_training_steps():
    """The same from two spawned workers (jobs=2), through the workers' queue (a minute:
    each worker imports torch)."""
    text = _cell_progress(2)
    for lang in ("ENDS-A", "STARTS-A"):
        assert f"{lang} global s0: step 3/3" in text, text
    assert "grid tiny: 2/2 cells" in text and "\r" not in text


# -- the command line on a pseudo-terminal and on a pipe -----------------------------------
_CLASSIFY = [sys.executable, "-m", "attnlogic", "classify", "--regex", "(a|b)*a(a|b)", "--alphabet", "ab",
             "--progress"]


def test_progress_into_a_pipe_is_plain_lines():
    proc = subprocess.run(_CLASSIFY, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "\r" not in proc.stderr and "\x1b" not in proc.stderr
    stages = [line for line in proc.stderr.splitlines() if line.startswith("classify: ")]
    assert len(stages) >= 3 and any("deciding" in s for s in stages)
    assert all(re.search(r" \((\d+\.\d s|\d+:\d\d)\)$", s) for s in stages), stages


def test_check_progress_into_a_pipe_counts_words_in_plain_lines():
    pytest.importorskip("torch")
    proc = subprocess.run([sys.executable, "-m", "attnlogic", "check", "P (b & Y a)", "--alphabet", "abc",
                           "--max-length", "40", "--samples", "3", "--progress"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "\r" not in proc.stderr and "\x1b" not in proc.stderr
    counts = [line.rsplit(" (", 1)[0] for line in proc.stderr.splitlines() if line.startswith("check N=40: ")]
    assert counts[0] == "check N=40: 0/3 words" and counts[-1] == "check N=40: 3/3 words", proc.stderr


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_progress_on_a_pseudo_terminal_is_a_line_rewritten_in_place():
    main, sub = os.openpty()
    try:
        proc = subprocess.Popen([a for a in _CLASSIFY if a != "--progress"], stdout=subprocess.PIPE,
                                stderr=sub, stdin=subprocess.DEVNULL)
        os.close(sub)
        chunks = []
        while True:
            try:
                data = os.read(main, 4096)
            except OSError:                  # the terminal is closed when the command exits
                break
            if not data:
                break
            chunks.append(data)
        proc.communicate(timeout=300)
    finally:
        os.close(main)
    err = b"".join(chunks).decode("utf-8", "replace")
    assert proc.returncode == 0
    assert "\r\x1b[K" in err                                   # shown by default on a terminal
    frames = _frames(err.replace("\r\n", "\n"))
    assert any(f.startswith("classify: deciding") for f in frames)
    assert err.endswith("\r\x1b[K")                            # and erased before the answer
