"""Worker processes with a deadline per job: a runaway computation is stopped by killing
its process, never waited for.

A :class:`WorkerPool` keeps ``size`` worker processes (by default one per core).  Each job
takes an idle worker (waiting for one at most until the job's deadline), sends it the job
on a pipe and waits for the answer until the deadline; past it the worker is killed
(SIGKILL: a computation in numpy, numba or C++ cannot be interrupted otherwise) and a fresh
one replaces it.  So

* an answer, or a refusal saying which budget was hit, comes by the deadline (plus the
  milliseconds of a kill), whatever the job does;
* jobs run in parallel up to ``size``, and the others wait for a worker (their deadline
  counts the wait: a job that waited its whole budget is refused as "busy");
* each worker's address space is bounded (``RLIMIT_AS`` = ``memory`` bytes): an
  allocation beyond it fails in that worker alone (MemoryError, or the worker's death),
  which the job reports as the memory budget hit.

Workers are forked from a fork server that imported the library once (``preload``), so a
replacement starts in milliseconds, warm.  Jobs and answers cross the pipe as pickles of
our own values (dicts of JSON values); the user's input is text inside them, parsed by the
job, never unpickled or executed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import resource
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

__all__ = ["WorkerPool", "Refused", "JobFailed"]


class Refused(Exception):
    """A job stopped by a budget: ``budget`` is ``"time"``, ``"memory"`` or ``"busy"``."""

    def __init__(self, budget: str, message: str):
        self.budget = budget
        super().__init__(message)


class JobFailed(Exception):
    """A job's own error, as the worker reported it: ``kind`` (``"input"``, ``"limit"``,
    ``"internal"``), the one-line ``message``, extra ``details`` lines and the library
    ``parameters`` it names."""

    def __init__(self, kind: str, message: str, details=(), parameters=()):
        self.kind, self.details, self.parameters = kind, list(details), list(parameters)
        super().__init__(message)


def _worker_main(conn, memory: int | None, runner: str) -> None:
    """A worker: read jobs, answer ``("ok", value)`` or ``("error", kind, message, details,
    parameters)``, until the pipe closes."""
    import importlib

    signal.signal(signal.SIGINT, signal.SIG_IGN)        # the server stops its workers itself
    if memory is not None:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = memory if hard == resource.RLIM_INFINITY else min(memory, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    module, _, name = runner.partition(":")
    run = getattr(importlib.import_module(module), name)
    from attnlogic.kernel.errors import AttnlogicError, LimitExceeded

    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = ("ok", run(*job))
        except LimitExceeded as exc:
            answer = ("error", "limit", str(exc), exc.details(), exc.parameters)
        except AttnlogicError as exc:
            answer = ("error", "input", str(exc), exc.details(), exc.parameters)
        except MemoryError:
            answer = ("error", "memory", "", (), ())
        except RecursionError:
            answer = ("error", "input", "input nested too deeply", (), ())
        except Exception as exc:                           # a bug: named, never a traceback
            answer = ("error", "internal", f"{type(exc).__name__}: {exc}"[:500], (), ())
        try:
            conn.send(answer)
        except MemoryError:
            conn.send(("error", "memory", "", (), ()))


@dataclass(eq=False)
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: object


class WorkerPool:
    """``size`` worker processes running ``runner`` (``"module:function"``, called with a
    job's arguments) under a ``memory`` bound each (bytes of address space; None: none).
    ``preload``: modules the fork server imports once (the workers inherit them)."""

    def __init__(self, size: int, runner: str, memory: int | None = None, preload=()):
        self.size, self.runner, self.memory = int(size), runner, memory
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(list(preload))
        self._idle: asyncio.Queue | None = None
        self._threads = ThreadPoolExecutor(max_workers=self.size + 2, thread_name_prefix="attnlogic-pool")
        self._lock = threading.Lock()
        self._all: set = set()
        self.started = 0            # workers started (replacements included)
        self.killed = 0             # workers killed past a deadline
        self._closing = False

    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_worker_main, args=(child, self.memory, self.runner),
                                    daemon=True, name="attnlogic-web-worker")
        process.start()
        child.close()
        worker = _Worker(process, parent)
        with self._lock:
            self._all.add(worker)
            self.started += 1
        return worker

    async def start(self) -> None:
        """Start the workers (in threads: the first start also starts the fork server)."""
        loop = asyncio.get_running_loop()
        self._idle = asyncio.Queue()
        workers = await asyncio.gather(*[loop.run_in_executor(self._threads, self._spawn)
                                         for _ in range(self.size)])
        for w in workers:
            self._idle.put_nowait(w)

    def _discard(self, worker: _Worker) -> None:
        try:
            worker.process.kill()
        except (OSError, ValueError):
            pass
        worker.process.join(timeout=5)
        worker.conn.close()
        with self._lock:
            self._all.discard(worker)

    async def _replace(self, worker: _Worker) -> None:
        """Kill ``worker`` and, unless the pool is closing, start a fresh one."""
        try:
            worker.process.kill()               # at once: the computation stops now
        except (OSError, ValueError):
            pass
        if self._closing:
            self._discard(worker)
            return
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._threads, self._discard, worker)
            fresh = await loop.run_in_executor(self._threads, self._spawn)
        except RuntimeError:                    # the pool closed meanwhile (no new threads)
            return
        if self._closing:
            self._discard(fresh)
            return
        self._idle.put_nowait(fresh)

    async def run(self, args: tuple, deadline: float):
        """The value the runner returns for ``args``, by ``deadline`` (the event loop's
        clock); :class:`Refused` past it or when the worker runs out of memory,
        :class:`JobFailed` for the job's own errors."""
        loop = asyncio.get_running_loop()
        try:
            worker = await asyncio.wait_for(self._idle.get(), max(0.0, deadline - loop.time()))
        except asyncio.TimeoutError:
            raise Refused("busy", "every worker was busy for the whole time budget") from None
        try:
            worker.conn.send(args)
            ready = loop.create_future()
            fd = worker.conn.fileno()
            loop.add_reader(fd, lambda: ready.done() or ready.set_result(None))
            try:
                await asyncio.wait_for(ready, max(0.0, deadline - loop.time()))
            finally:
                loop.remove_reader(fd)
            answer = await loop.run_in_executor(self._threads, worker.conn.recv)
        except asyncio.TimeoutError:
            self.killed += 1
            asyncio.ensure_future(self._replace(worker))
            raise Refused("time", "the time budget ran out: the computation was stopped") from None
        except (EOFError, OSError, BrokenPipeError):
            asyncio.ensure_future(self._replace(worker))
            raise Refused("memory", "the computation's process died (most likely out of its "
                                    "memory budget)") from None
        except BaseException:                   # cancelled: the server stops (no replacement)
            self.killed += 1
            self._discard(worker)
            raise
        self._idle.put_nowait(worker)
        if answer[0] == "ok":
            return answer[1]
        _, kind, message, details, parameters = answer
        if kind == "memory":
            raise Refused("memory", "the memory budget ran out: the computation was stopped")
        raise JobFailed(kind, message, details, parameters)

    def close(self) -> None:
        """Kill every worker (the server is stopping); no replacement starts after this."""
        self._closing = True
        with self._lock:
            workers = list(self._all)
        for w in workers:
            self._discard(w)
        self._threads.shutdown(wait=False, cancel_futures=True)
        from multiprocessing import forkserver

        server = forkserver._forkserver             # the fork server goes with us, at once: it
        pid = getattr(server, "_forkserver_pid", None)      # holds nothing (a clean exit of an
        if pid is not None:                         # interpreter with torch loaded takes seconds)
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        stop = getattr(server, "_stop", None)       # reap it, close its socket
        if stop is not None:
            stop()

    def alive(self) -> int:
        """Workers whose process is running."""
        with self._lock:
            return sum(1 for w in self._all if w.process.is_alive())


def default_size() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)
