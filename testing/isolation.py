"""A user's model checked in a child process, under a time and a memory budget:
:func:`check_isolated` and :class:`ModelFailed`.

A model named as ``FILE.py:FACTORY`` or ``package.module:FACTORY`` is the user's code: it may
print, exit (``sys.exit``, ``os._exit``), raise, loop forever or allocate without bound.  It is
imported and run in a fresh Python (``python -m attnlogic.testing.isolation``), which runs
:func:`attnlogic.testing.check` and sends back the :class:`~.report.ModelReport` (pickled,
on a pipe of its own).  So:

* a report comes back only when the check ran to its end; anything else — an exception (a
  syntax error in the file included), ``sys.exit``/``os._exit`` at import or in ``forward``,
  death by a signal, more than ``time_budget`` seconds, more than ``model_memory`` bytes —
  raises :class:`ModelFailed`, one line naming the model and what happened;
* the child's address space is limited to ``model_memory`` (formerly ``memory_budget``) (``RLIMIT_AS``: an allocation
  beyond it fails at once; with ``device="cuda"``, whose driver reserves address space, the
  parent watches the child's resident memory instead and stops it past the budget);
* the model's standard output is kept apart from ours (the child's stdout goes to a file;
  what it printed is passed on to our standard error, under a heading), so ``--json``
  output stays one JSON object;
* errors of the check itself that name a parameter (an :class:`~attnlogic.kernel.errors.InputError`,
  e.g. scores of the wrong shape) come back as that error;
* Ctrl-C: the child ignores SIGINT; the parent stops it and re-raises KeyboardInterrupt;
* the model's processes: whatever the model starts (``subprocess``, ``os.fork``,
  ``multiprocessing``, a daemon in a session of its own) is stopped with it.  The child
  leads a process group of its own and carries a random token in its environment, which
  its descendants inherit; when the check ends (an answer, a failure, the time budget,
  Ctrl-C) the parent kills the group and every process of ours whose environment holds the
  token (Linux ``/proc``; a few rounds, until none is left), so the whole tree is bounded
  by the time budget and gone when :func:`check_isolated` returns.  The answer is read
  when the child exits, even if a descendant still holds the result pipe open.  (A
  process that both leaves the group and clears its environment escapes; without cgroups
  nothing else names it.)

Compiled models (ours) are checked in the caller's process (no process boundary, which would
cost the throughput of words of 10^5–10^6 letters); :func:`attnlogic.testing.check` runs any
model object in the caller's process as well.
"""

from __future__ import annotations

import os
import pickle
import secrets
import select
import signal
import subprocess
import sys
import tempfile
import time

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.limits import DEFAULT_MODEL_MEMORY, MODEL_SECONDS, renamed_parameters
from attnlogic.kernel.validate import integer, number

__all__ = ["ModelFailed", "check_isolated", "run_isolated", "TASKS", "DEFAULT_TIME_BUDGET"]

#: seconds a user's model may take for a whole check (loading included)
DEFAULT_TIME_BUDGET = MODEL_SECONDS
#: how much of the model's own output is passed on
_OUTPUT_TAIL = 1000


class ModelFailed(RuntimeError):
    """The model failed during a check: ``model`` (its name), ``how`` (``exception``,
    ``exit``, ``signal``, ``timeout``, ``memory``) and ``detail``; ``str()`` is one line."""

    def __init__(self, model: str, how: str, detail: str):
        self.model, self.how, self.detail = model, how, detail
        super().__init__(f"the model {model} failed ({how}): {detail}")


def _positive(name: str, value, whole: bool) -> None:
    """None, or a number > 0 (an integer ≥ 1 when ``whole``); else InputError naming ``name``."""
    if value is not None:
        if whole:
            integer(name, value, 1)
        else:
            number(name, value, above=0)


@renamed_parameters(memory_budget="model_memory")
def check_isolated(spec: str, *, device: str = "cpu", time_budget: float | None = DEFAULT_TIME_BUDGET,
                   model_memory: int | None = DEFAULT_MODEL_MEMORY, threads: int | None = None,
                   **check_options):
    """:func:`attnlogic.testing.check` of the model that ``spec`` names
    (:func:`attnlogic.testing.load_model`: ``FILE.py:FACTORY``, ``package.module:FACTORY``, …),
    run in a child process; see the module docstring.  ``check_options`` go to ``check``
    (the language as ``language=``, a :class:`~attnlogic.automata.sources.Language`);
    ``threads``: torch's CPU threads in the child.  Returns the :class:`~.report.ModelReport`;
    raises :class:`ModelFailed` when the model failed, ``InputError`` for bad input."""
    return run_isolated(spec, "check", check_options, device=device, time_budget=time_budget,
                        model_memory=model_memory, threads=threads)


#: what a child process may run on the model: the check, or the extraction of its automaton
#: (:func:`attnlogic.testing.extract.extract_dfa`, which returns an ``Extraction``)
TASKS = ("check", "extract")


@renamed_parameters(memory_budget="model_memory")
def run_isolated(spec: str, task: str, options: dict, *, device: str = "cpu",
                 time_budget: float | None = DEFAULT_TIME_BUDGET, model_memory: int | None = DEFAULT_MODEL_MEMORY,
                 threads: int | None = None):
    """The ``task`` (:data:`TASKS`) on the model that ``spec`` names, in a child process
    under the budgets (module docstring); ``options`` (keyword arguments) go to the task's
    function."""
    if task not in TASKS:
        raise InputError(f"task {task!r}: expected one of {', '.join(TASKS)}", parameters=("task",))
    _positive("time_budget", time_budget, whole=False)
    _positive("model_memory", model_memory, whole=True)
    _positive("threads", threads, whole=True)
    if not isinstance(spec, str):
        raise InputError(f"model: expected a name such as FILE.py:FACTORY, got {type(spec).__name__}",
                         parameters=("model",))
    job = {"spec": spec, "task": task, "device": device, "options": options, "threads": threads,
           "memory_budget": None if device == "cuda" else model_memory}
    read_fd, write_fd = os.pipe()
    token = secrets.token_hex(16)
    with tempfile.TemporaryFile() as out:
        try:
            proc = subprocess.Popen([sys.executable, "-m", "attnlogic.testing.isolation", str(write_fd)],
                                    stdin=subprocess.PIPE, stdout=out, pass_fds=(write_fd,),
                                    start_new_session=True,
                                    env={**os.environ, "PYTHONUNBUFFERED": "1", _TOKEN: token})
        finally:
            os.close(write_fd)
        try:
            try:
                proc.stdin.write(pickle.dumps(job))
                proc.stdin.close()
            except BrokenPipeError:          # the child died before reading the job
                pass
            data = _collect(proc, read_fd, spec, time_budget, model_memory)
        finally:
            os.close(read_fd)
            _stop_tree(proc, token)         # before the wait: the group's id is not reused yet
            proc.wait()
            _pass_on(out)
    return _result(spec, data, proc.returncode)


#: the environment variable that marks the processes of one isolated check
_TOKEN = "ATTNLOGIC_ISOLATION_TOKEN"


def _stop_tree(proc, token: str, rounds: int = 50) -> None:
    """Kill the child, its process group and every process whose environment holds
    ``token`` (its descendants, wherever they moved), in rounds until none is left."""
    _kill(proc)
    for _ in range(rounds):
        with_token = _members(token, proc.pid)
        if not with_token:
            try:                               # where /proc cannot tell: the group at least
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            return
        for pid in with_token:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.01)


def _kill(proc) -> None:
    """SIGKILL to the child, not reaped (Popen.kill would reap an ended child, and its id,
    also its group's, could then be another process's)."""
    try:
        os.kill(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _ended(proc) -> bool:
    """Whether the child has ended, leaving it unreaped (its id stays ours until wait)."""
    if not hasattr(os, "waitid"):
        return proc.poll() is not None
    try:
        return os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _members(token: str, group: int) -> list[int]:
    """The live processes (Linux /proc; none elsewhere) in the process group ``group`` or
    whose environment holds ``token`` in :data:`_TOKEN`, ours excepted.  Zombies (killed,
    not reaped yet) are not listed: they run nothing."""
    want = f"{_TOKEN}={token}".encode()
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    me = os.getpid()
    out = []
    for entry in entries:
        if not entry.isdigit() or int(entry) == me:
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                stat = fh.read()
            fields = stat[stat.rindex(b")") + 2:].split()
            if fields[0] in (b"Z", b"X"):
                continue
            if int(fields[2]) == group:
                out.append(int(entry))
                continue
            with open(f"/proc/{entry}/environ", "rb") as fh:
                if want in fh.read().split(b"\0"):
                    out.append(int(entry))
        except (OSError, ValueError, IndexError):
            continue
    return out


def _collect(proc, fd: int, spec: str, time_budget, memory_budget) -> bytes:
    """Everything the child writes on its result pipe, until it closes it or ends; stops
    the child past the time budget or (resident memory) past the memory budget."""
    deadline = None if time_budget is None else time.monotonic() + time_budget
    chunks = []
    while True:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            continue
        if _ended(proc):                   # it ended: what it wrote is in the pipe (a process
            while select.select([fd], [], [], 0)[0]:  # it started may hold the pipe open)
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
            return b"".join(chunks)
        if deadline is not None and time.monotonic() > deadline:
            _kill(proc)
            raise ModelFailed(spec, "timeout", f"no answer within the time budget of {time_budget:g} s")
        rss = _resident(proc.pid)
        if memory_budget is not None and rss is not None and rss > memory_budget:
            _kill(proc)
            raise ModelFailed(spec, "memory", f"it used {rss / 2 ** 30:.1f} GiB, over the memory budget "
                                              f"of {memory_budget / 2 ** 30:.1f} GiB")


def _resident(pid: int) -> int | None:
    """Resident memory of a process in bytes (Linux /proc; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        return None
    return None


def _pass_on(out) -> None:
    """The model's own standard output, on our standard error under a heading."""
    out.seek(0, os.SEEK_END)
    size = out.tell()
    if not size:
        return
    out.seek(max(0, size - _OUTPUT_TAIL))
    text = out.read().decode("utf-8", "replace")
    cut = " (its last characters)" if size > _OUTPUT_TAIL else ""
    print(f"[the model's standard output{cut}, kept apart]\n{text.rstrip()}", file=sys.stderr)


def _result(spec: str, data: bytes, status: int):
    """The report, or the exception the child's message or exit status stands for."""
    message = None
    if data:
        try:
            message = pickle.loads(data)
        except Exception:                    # a truncated message: the child died while sending
            message = None
    if message is None:
        if status is not None and status < 0:
            name = signal.Signals(-status).name if -status in signal.valid_signals() else str(-status)
            hint = " (the system's memory killer?)" if -status == signal.SIGKILL else ""
            raise ModelFailed(spec, "signal", f"its process was killed by {name}{hint} before the check ended")
        raise ModelFailed(spec, "exit", f"its process exited with status {status} before the check ended "
                                        "(os._exit, or a crash)")
    kind = message[0]
    if kind == "ok":
        return message[1]
    if kind == "input":
        raise InputError(message[1], parameters=tuple(message[2]))
    raise ModelFailed(spec, kind, message[1])


# -- the child --------------------------------------------------------------------------------
def _child(result_fd: int) -> None:
    """Read the job from stdin, run the check, write ("ok", report) or (kind, detail) on
    ``result_fd``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)          # the parent stops us on Ctrl-C
    job = pickle.loads(sys.stdin.buffer.read())
    if job["memory_budget"] is not None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (job["memory_budget"], job["memory_budget"]))
    try:
        message = ("ok", _run(job))
    except SystemExit as exc:
        message = ("exit", f"it called sys.exit({exc.code!r})")
    except MemoryError:
        message = ("memory", f"out of memory (the memory budget is {_budget(job)})")
    except InputError as exc:
        message = ("input", str(exc), tuple(exc.parameters))
    except BaseException as exc:     # the model's exception, whatever it is: one line
        text = " ".join(str(exc).split())[:500]
        if "alloc" in text.lower() and "memory" in text.lower():
            message = ("memory", f"{type(exc).__name__}: {text} (the memory budget is {_budget(job)})")
        else:
            where = _where(exc)
            message = ("exception", f"{type(exc).__name__}: {text}{where}")
    data = pickle.dumps(message)
    with os.fdopen(result_fd, "wb") as fh:
        fh.write(data)


def _budget(job) -> str:
    b = job["memory_budget"]
    return "not set" if b is None else f"{b / 2 ** 30:.1f} GiB"


def _where(exc: BaseException) -> str:
    """`` (at FILE:LINE)``: the innermost frame of the traceback outside attnlogic and torch."""
    tb, last = exc.__traceback__, None
    while tb is not None:
        module = str(tb.tb_frame.f_globals.get("__name__", ""))
        if not module.startswith(("attnlogic.", "torch", "importlib", "<frozen")):
            last = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    if isinstance(exc, SyntaxError) and exc.filename:
        last = f"{exc.filename}:{exc.lineno}"
    return f" (at {last})" if last else ""


def _run(job):
    from . import extract, models, recognition

    if job["threads"]:
        import torch

        torch.set_num_threads(job["threads"])
    loaded = models.load_model(job["spec"], device=job["device"])
    options = dict(job["options"])
    options.setdefault("label", loaded.label)
    if options.get("alphabet") is None and loaded.alphabet is not None:
        options["alphabet"] = loaded.alphabet
    return (extract.extract_dfa if job["task"] == "extract" else recognition.check)(loaded.model, **options)


if __name__ == "__main__":
    _child(int(sys.argv[1]))
