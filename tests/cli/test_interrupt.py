"""Ctrl-C: a SIGINT to a long ``experiment`` (parallel workers) or ``check`` ends it with exit
status 130, a line saying what happened, and no partial output file.  How fast it stops is
not asserted (no test measures time): a command that does not stop at all is caught by the
hang guard, ``proc.wait(STOP_GUARD)`` raising."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")]


#: the process groups of the commands a test started: killed when the test ends, so that a
#: failed test (a hang guard that fired) leaves no process behind on the machine
_GROUPS: list[int] = []


@pytest.fixture(autouse=True)
def _kill_what_the_test_started():
    yield
    while _GROUPS:
        try:
            os.killpg(_GROUPS.pop(), signal.SIGKILL)
        except OSError:       # the group is gone: every process of it has ended
            pass


def _as_a_terminal_job():
    # a background job may have SIGINT ignored, and a suite run under nohup has SIGHUP ignored
    # (inherited: the command then rightly keeps ignoring it); the command must see Ctrl-C and
    # SIGHUP as a terminal sends them; its own process group holds it and everything it starts
    # (workers, trackers)
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _start(argv, cwd):
    proc = subprocess.Popen([sys.executable, "-m", "attnlogic", *argv], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_as_a_terminal_job)
    _GROUPS.append(proc.pid)
    return proc


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


class _Output:
    """Both pipes of a process, read by threads as they come (not line by line: a status
    line on a terminal is rewritten with '\\r')."""

    def __init__(self, proc):
        self.chunks = {"out": [], "err": []}

        def pump(fd, key):
            while True:
                data = os.read(fd, 4096)
                if not data:
                    return
                self.chunks[key].append(data)

        self.threads = [threading.Thread(target=pump, args=(proc.stdout.fileno(), "out"), daemon=True),
                        threading.Thread(target=pump, args=(proc.stderr.fileno(), "err"), daemon=True)]
        for t in self.threads:
            t.start()

    def text(self, key: str) -> str:
        return b"".join(self.chunks[key]).decode("utf-8", "replace")


#: seconds a command may take to stop before the test calls it hung (a guard, not a speed
#: requirement: on a loaded machine stopping may take long, never this long)
STOP_GUARD = 300


def _interrupt(proc, ready, timeout=240.0, settle=1.0, sig=signal.SIGINT):
    """Wait until ``ready(output)`` (the command is at work), wait ``settle`` seconds, send
    ``sig`` (SIGINT: Ctrl-C); return (stdout, stderr) once it has stopped (TimeoutExpired if
    it hangs)."""
    output = _Output(proc)
    deadline = time.monotonic() + timeout
    while not ready(output):
        assert proc.poll() is None, output.text("err")
        if time.monotonic() > deadline:                 # a hang guard, not a speed requirement
            raise TimeoutError("the command never got to work")
        time.sleep(0.2)
    time.sleep(settle)
    proc.send_signal(sig)
    proc.wait(STOP_GUARD)
    for t in output.threads:
        t.join(5)
    return output.text("out"), output.text("err")


def test_ctrl_c_stops_a_parallel_experiment(tmp_path):
    out_dir = tmp_path / "out"
    proc = _start(["experiment", "--quick", "--languages", "ENDS-A,STARTS-A", "--patterns", "global",
                   "--steps", "200000", "--jobs", "2", "--out", str(out_dir)], tmp_path)
    # at work: both training workers have been spawned (and a moment later are training)
    workers: list[int] = []

    def ready(output):
        workers[:] = [c for c in _children(proc.pid) if "spawn_main" in Path(f"/proc/{c}/cmdline").read_text()]
        return len(workers) >= 2

    out, err = _interrupt(proc, ready)
    assert proc.returncode == 130, err
    assert "stopping 2 training workers" in err and "interrupted (Ctrl-C)" in err
    assert "Traceback" not in err and out == ""
    deadline = time.monotonic() + STOP_GUARD          # a hang guard, not a speed requirement
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(w) for w in workers), "a training worker outlived the command"
    # no partial file: no temporaries, no report, and every cell written is complete JSON
    files = [p for p in out_dir.rglob("*") if p.is_file()] if out_dir.exists() else []
    assert not [p for p in files if p.name.endswith(".tmp")]
    assert not (out_dir / "results.json").exists() and not (out_dir / "results.md").exists()
    for p in files:
        assert p.suffix == ".json" and "language" in json.loads(p.read_text())


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, theirs, …)."""
    out, todo = [], [pid]
    while todo:
        for c in _children(todo.pop()):
            out.append(c)
            todo.append(c)
    return out


@pytest.mark.parametrize("sig, status", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_stop_a_parallel_experiment_and_leave_no_process(tmp_path, sig, status):
    out_dir = tmp_path / "out"
    proc = _start(["experiment", "--quick", "--languages", "ENDS-A,STARTS-A", "--patterns", "global",
                   "--steps", "200000", "--jobs", "2", "--out", str(out_dir)], tmp_path)
    run: list[int] = []       # every process of the run: the workers, the resource tracker

    def ready(output):
        run[:] = _descendants(proc.pid)
        workers = [c for c in run if "spawn_main" in Path(f"/proc/{c}/cmdline").read_text()]
        return len(workers) >= 2

    out, err = _interrupt(proc, ready, sig=sig)
    name = signal.Signals(sig).name
    assert proc.returncode == status, err
    assert "stopping 2 training workers" in err and f"interrupted ({name})" in err
    assert "Traceback" not in err and out == ""
    deadline = time.monotonic() + STOP_GUARD          # a hang guard, not a speed requirement
    while any(_alive(c) for c in run) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [c for c in run if _alive(c)]
    assert not left, f"processes of the run outlived it: {left}"
    files = [p for p in out_dir.rglob("*") if p.is_file()] if out_dir.exists() else []
    assert not [p for p in files if p.name.endswith(".tmp")]
    assert not (out_dir / "results.json").exists()


def test_ctrl_c_stops_a_long_check(tmp_path):
    proc = _start(["check", "P (b & Y a)", "--max-length", "1000000", "--samples", "64", "--json",
                   "--progress"], tmp_path)
    def ready(output):    # the progress bar of the long words has appeared on stderr
        return "check N=1000000" in output.text("err")

    out, err = _interrupt(proc, ready)
    assert proc.returncode == 130, err
    assert "interrupted (Ctrl-C)" in err and "Traceback" not in err
    assert "check: Ctrl-C while checking the compiled formula on 64 words of up to 1,000,000 letters" in err
    assert out == ""                       # no partial JSON on stdout
    assert list(tmp_path.iterdir()) == []  # and nothing written


def _assert_stopped_cleanly(proc, out, err, command):
    assert proc.returncode == 130, err
    assert f"attnlogic {command}: interrupted (Ctrl-C)" in err and "Traceback" not in err
    assert out == ""


def test_ctrl_c_stops_classify_and_says_which_step(tmp_path):
    # the 17th letter from the end is a: 131,072 states. Its deciding takes many seconds where
    # the 15th-from-end's (32,768 states) could finish within the settle time on a quiet machine
    # and exit 0 before the signal came; the signal goes as soon as deciding has begun
    proc = _start(["classify", "--regex", "(a|b)*a(a|b){16}", "--alphabet", "ab", "--progress"], tmp_path)

    def ready(output):    # the status line has reached a decision procedure
        return "classify: deciding" in output.text("err")

    out, err = _interrupt(proc, ready, settle=0.0)
    _assert_stopped_cleanly(proc, out, err, "classify")
    assert "classify: Ctrl-C while deciding" in err
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_stops_the_demo_and_writes_no_report(tmp_path):
    out_dir = tmp_path / "demo"
    proc = _start(["demo", "--out", str(out_dir), "--progress"], tmp_path)

    def ready(output):    # the counter of the classification loop is on stderr
        return "classifying" in output.text("err")

    out, err = _interrupt(proc, ready)
    _assert_stopped_cleanly(proc, out, err, "demo")
    assert "demo: Ctrl-C while classifying " in err or "demo: Ctrl-C while compiling and checking " in err
    # the report and plots are written only at the end, atomically: nothing of them is there
    assert not out_dir.exists() or [p for p in out_dir.rglob("*") if p.is_file()] == []


def test_ctrl_c_stops_rmt_plot_and_leaves_only_complete_files(tmp_path):
    out_dir = tmp_path / "rmt"
    proc = _start(["rmt", "plot", "--out", str(out_dir), "--progress"], tmp_path)

    def ready(output):
        return "rmt plot:" in output.text("err")

    out, err = _interrupt(proc, ready)
    _assert_stopped_cleanly(proc, out, err, "rmt")
    assert "rmt plot: Ctrl-C while " in err
    files = [p for p in out_dir.rglob("*") if p.is_file()] if out_dir.exists() else []
    assert not [p for p in files if ".tmp" in p.name or p.name.startswith(".")], files


@pytest.mark.parametrize("forget", [True, False])
def test_an_interrupt_caught_after_escaping_exec_keeps_our_exit_status(tmp_path, forget):
    # scipy's import runs `exec("from numpy import *")`; a Ctrl-C landing there escapes the exec
    # and CPython then ends `python -m ...` by SIGINT after our handler returned 130, unless
    # the CLI calls forget_unhandled_interrupt() (the demo's Ctrl-C test met exactly this)
    pkg = tmp_path / "interrupted_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "__main__.py").write_text(
        "from attnlogic.kernel.signals import forget_unhandled_interrupt\n"
        "try:\n"
        "    exec('raise KeyboardInterrupt')\n"
        "except KeyboardInterrupt:\n"
        f"    {'forget_unhandled_interrupt()' if forget else 'pass'}\n"
        "    raise SystemExit(130)\n")
    proc = subprocess.run([sys.executable, "-m", "interrupted_pkg"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == (130 if forget else -signal.SIGINT), proc.stderr


def test_a_ctrl_c_inside_an_extensions_initialisation_is_an_interrupt(monkeypatch, capsys):
    """A Ctrl-C that lands while a compiled extension initialises comes back as that
    extension's ImportError ("initialization failed") raised from the KeyboardInterrupt: the
    command says it was interrupted and exits 130, as for any Ctrl-C; an ImportError of
    another cause stays an error."""
    from attnlogic import cli
    from attnlogic.commands import parse as parse_command

    def interrupted_import(args):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise ImportError("initialization failed") from exc

    monkeypatch.setattr(parse_command, "run", interrupted_import)
    assert cli.main(["parse", "P a"]) == 130
    assert "interrupted (Ctrl-C)" in capsys.readouterr().err

    def broken_import(args):
        raise ImportError("no module named nowhere")

    monkeypatch.setattr(parse_command, "run", broken_import)
    with pytest.raises(ImportError):
        cli.main(["parse", "P a"])


_STUCK_CLEANUP = """
import multiprocessing, sys, time
from attnlogic.kernel.signals import stop_signals_raise

def work():
    time.sleep(600)

if __name__ == "__main__":
    child = multiprocessing.get_context("spawn").Process(target=work)
    child.start()
    with stop_signals_raise(grace=float(sys.argv[1])):
        try:
            print(child.pid, flush=True)
            time.sleep(600)
        except KeyboardInterrupt:
            print("stopping", flush=True)
            time.sleep(600)        # a cleanup that never ends (a join on a stuck thread)
"""


@pytest.mark.parametrize("sig, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
@pytest.mark.parametrize("how", ["watchdog", "second signal"])
def test_a_stop_whose_cleanup_hangs_still_ends_and_kills_the_workers(tmp_path, sig, status, how):
    """Stopping is bounded (attnlogic.kernel.signals): a process whose cleanup after Ctrl-C or
    SIGTERM never ends is ended by the watchdog ``grace`` seconds later, or at once by a
    second signal, with the stop's exit status, and its multiprocessing children are killed
    (a hung cleanup once left two training workers running for 45 minutes)."""
    script = tmp_path / "stuck.py"
    script.write_text(_STUCK_CLEANUP)
    grace = 1.0 if how == "watchdog" else STOP_GUARD * 10
    proc = subprocess.Popen([sys.executable, str(script), str(grace)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_as_a_terminal_job)
    _GROUPS.append(proc.pid)
    child = int(proc.stdout.readline())    # printed inside the block
    assert _alive(child)
    proc.send_signal(sig)
    if how == "second signal":
        assert proc.stdout.readline() == "stopping\n"
        proc.send_signal(sig)
    proc.wait(STOP_GUARD)                  # a hang guard: the watchdog fires after 1 s
    err = proc.stderr.read()
    assert proc.returncode == status, err
    assert ("again while stopping" if how == "second signal" else "still stopping after 1 s") in err
    deadline = time.monotonic() + STOP_GUARD
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child), "the worker outlived the process"


def test_a_ctrl_c_lost_in_a_weakref_callback_is_raised_again():
    """A KeyboardInterrupt raised inside a callback whose exceptions Python ignores (here a
    weakref's, as a real Ctrl-C may land) is delivered again in the main thread."""
    import weakref

    from attnlogic.kernel.signals import stop_signals_raise

    class Thing:
        pass

    def callback(ref):
        raise KeyboardInterrupt

    hook = sys.unraisablehook
    with pytest.raises(KeyboardInterrupt):
        with stop_signals_raise():
            thing = Thing()
            ref = weakref.ref(thing, callback)
            del thing
            for _ in range(10 ** 9):     # ends by the KeyboardInterrupt raised again
                pass
    assert ref() is None and sys.unraisablehook is hook


def test_a_ctrl_c_while_matplotlib_renders_is_an_interrupt_and_leaves_no_file(tmp_path):
    """matplotlib's renderer reads a transformation through Python from C++ and turns any
    exception raised there into "ValueError: Invalid affine transformation matrix": a Ctrl-C
    landing at that moment (seen in `rmt plot` on a loaded machine) came out as that traceback.
    Saving a figure holds the signals while it renders: the Ctrl-C is a KeyboardInterrupt once
    the rendering ends, and the atomic write leaves nothing behind; a stop signal likewise."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.artist import Artist
    from matplotlib.path import Path as MplPath

    from attnlogic.kernel.fileio import save_figure_atomic
    from attnlogic.kernel.signals import Terminated

    class Pressing:
        """A matrix that sends ``sig`` to this process while the renderer's C++ code reads it."""
        def __init__(self, sig):
            self.sig = sig

        def __array__(self, dtype=None, copy=None):
            os.kill(os.getpid(), self.sig)
            return np.eye(3)

    class Drawn(Artist):
        def __init__(self, sig):
            super().__init__()
            self.sig = sig

        def draw(self, renderer):
            gc = renderer.new_gc()
            renderer.draw_path(gc, MplPath([[0, 0], [10, 10]]), Pressing(self.sig))
            gc.restore()

    def terminated(signum, frame):     # as stop_signals_raise does, without its watchdog
        raise Terminated(signum)

    handlers = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: terminated}
    previous = {sig: signal.signal(sig, handler) for sig, handler in handlers.items()}
    try:
        for sig, raised in ((signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, Terminated)):
            fig = plt.figure()
            fig.add_artist(Drawn(sig))
            with pytest.raises(raised):
                save_figure_atomic(fig, tmp_path / "figure.png", close=True)
            assert list(tmp_path.iterdir()) == []
            assert signal.getsignal(sig) is handlers[sig]        # the handler is back
        # the renderer itself, signals not held: the Ctrl-C is lost in its ValueError
        fig = plt.figure()
        fig.add_artist(Drawn(signal.SIGINT))
        with pytest.raises(ValueError, match="affine"):
            fig.savefig(tmp_path / "direct.png")
        plt.close(fig)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
