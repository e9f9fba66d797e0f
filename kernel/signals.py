"""SIGTERM and SIGHUP handled like Ctrl-C.

Python turns SIGINT into :class:`KeyboardInterrupt` in the main thread, and every cleanup of
the project is written for it: training workers stopped (``experiments.grid``), temporary
files of atomic writes removed (:mod:`attnlogic.kernel.fileio`), status lines closed with the step
they were at (:mod:`attnlogic.kernel.progress`).  By default SIGTERM and SIGHUP kill the process at
once, and none of that runs: spawned workers and multiprocessing's resource tracker outlive
the command.  :func:`stop_signals_raise` makes them raise :class:`Terminated`, a
KeyboardInterrupt, so the same cleanups run, and the command line exits with 128 + the
signal's number (143 for SIGTERM, 129 for SIGHUP), as a shell reports a process killed by it.

Stopping is bounded: the first Ctrl-C or stop signal within :func:`stop_signals_raise` also
starts a watchdog.  If the process is still alive ``grace`` seconds later (a cleanup that
waits on something that never comes: a worker pool's manager thread at exit, a lock), the
watchdog kills the process's multiprocessing children and ends the process with the same
status; a second signal while stopping does so at once, as a user pressing Ctrl-C again
expects.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from contextlib import contextmanager

__all__ = ["Terminated", "stop_signals_raise", "signals_held", "interruption", "exit_status",
           "forget_unhandled_interrupt", "interrupt_cause", "STOP_SIGNALS", "STOP_GRACE"]

#: the signals that stop a command like Ctrl-C (SIGHUP where the platform has it)
STOP_SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
                     if s is not None)


class Terminated(KeyboardInterrupt):
    """Raised in the main thread when a stop signal (SIGTERM, SIGHUP) arrives."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = int(signum)

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


#: seconds a stopping process may take to clean up before the watchdog ends it
STOP_GRACE = 60.0


class _Stopping:
    """The watchdog of one :func:`stop_signals_raise` block: armed by the first signal."""

    def __init__(self, grace: float):
        self.grace = float(grace)
        self.status: int | None = None

    def signal(self, status: int) -> None:
        """A Ctrl-C or stop signal came (exit status ``status``): the first arms the watchdog,
        a second ends the process now."""
        if self.status is not None:
            self.end(f"{_name(status)} again while stopping")
        self.status = status
        threading.Thread(target=self._watch, name="attnlogic-stop-watchdog", daemon=True).start()

    def _watch(self) -> None:
        time.sleep(self.grace)
        self.end(f"still stopping after {self.grace:g} s")

    def end(self, why: str) -> None:
        """Kill the multiprocessing children and end the process with the stop's status."""
        mp = sys.modules.get("multiprocessing")      # never imported: no children to kill
        for child in (mp.active_children() if mp is not None else ()):
            child.kill()
        try:
            print(f"\nattnlogic: {why}: ending now", file=sys.stderr, flush=True)
        except (OSError, ValueError):     # stderr closed or broken: end all the same
            pass
        os._exit(self.status)


def _name(status: int) -> str:
    return "Ctrl-C" if status == 130 else signal.Signals(status - 128).name


@contextmanager
def stop_signals_raise(grace: float = STOP_GRACE):
    """Within the block, SIGTERM and SIGHUP raise :class:`Terminated` in the main thread and
    Ctrl-C raises KeyboardInterrupt as usual; each also arms the stop watchdog (module
    docstring: the process ends ``grace`` seconds later if it has not, and at once on a second
    signal).  The previous handlers are restored after the block.  A signal that was ignored
    when the block began (``nohup`` ignores SIGHUP) stays ignored, and a SIGINT handler other
    than Python's default is left alone; outside the main thread nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    stopping = _Stopping(grace)

    def stop(signum, frame):
        stopping.signal(128 + signum)
        raise Terminated(signum)

    def ctrl_c(signum, frame):
        stopping.signal(130)
        raise KeyboardInterrupt

    main = threading.get_ident()
    hook = sys.unraisablehook

    def lost(unraisable):
        # Ctrl-C's KeyboardInterrupt raised inside a callback whose exceptions Python ignores
        # (a weakref's, a collector's) is lost: raise it again in this thread at its next
        # instruction (not through the handler, which would count a second Ctrl-C)
        if unraisable.exc_type is KeyboardInterrupt and threading.get_ident() == main:
            import ctypes

            def again():
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(main),
                                                           ctypes.py_object(KeyboardInterrupt))

            timer = threading.Timer(0.01, again)     # after this hook has returned
            timer.daemon = True
            timer.start()
            return
        hook(unraisable)

    sys.unraisablehook = lost
    previous = {}
    for sig in STOP_SIGNALS + (signal.SIGINT,):
        old = signal.getsignal(sig)
        if old is signal.SIG_IGN or (sig == signal.SIGINT and old is not signal.default_int_handler):
            continue
        previous[sig] = old
        signal.signal(sig, ctrl_c if sig == signal.SIGINT else stop)
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old if old is not None else signal.SIG_DFL)
        if sys.unraisablehook is lost:
            sys.unraisablehook = hook


@contextmanager
def signals_held():
    """Within the block, Ctrl-C and the stop signals are held, then handled as usual (their
    KeyboardInterrupt or :class:`Terminated` raised) when it ends.

    For C code that calls back into Python and turns any exception raised there into an error
    of its own: matplotlib's renderer reads a transformation through Python, and a Ctrl-C
    whose KeyboardInterrupt was raised at that moment came out as "ValueError: Invalid affine
    transformation matrix", a traceback instead of a clean stop.  Hold only short blocks (one
    figure's rendering): the stop waits for the block.  Outside the main thread, or for a
    signal ignored when the block begins, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held, previous = [], {}

    def hold(signum, frame):
        held.append(signum)

    for sig in STOP_SIGNALS + (signal.SIGINT,):
        old = signal.getsignal(sig)
        if old is signal.SIG_IGN or old is None:
            continue
        previous[sig] = old
        signal.signal(sig, hold)
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
        for signum in dict.fromkeys(held):             # each signal once, in the order it came
            handler = previous[signum]
            if handler is signal.SIG_DFL:               # what the signal would have done
                signal.raise_signal(signum)
            else:
                handler(signum, None)


def interruption(exc: BaseException) -> str:
    """How a KeyboardInterrupt came: ``Ctrl-C``, or the name of the stop signal."""
    return exc.name if isinstance(exc, Terminated) else "Ctrl-C"


def interrupt_cause(exc: BaseException) -> KeyboardInterrupt | None:
    """The KeyboardInterrupt (Ctrl-C or a stop signal) that ``exc`` was raised from, directly
    or through its chain of causes and contexts (at most 20 links), or None."""
    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, KeyboardInterrupt):
            return exc
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None


def exit_status(exc: BaseException) -> int:
    """130 for Ctrl-C, 128 + the signal's number for a stop signal."""
    return 128 + exc.signum if isinstance(exc, Terminated) else 130


def forget_unhandled_interrupt() -> None:
    """Tell the interpreter that the KeyboardInterrupt just caught was handled.

    CPython marks a KeyboardInterrupt as *unhandled* when it escapes code run from a string
    (``exec("...")``, as scipy and numpy do while being imported), even when an outer
    ``except`` catches it later; ``python -m`` then ends the process by SIGINT after it has
    exited with our status (the shell sees 130 from the console script but a signal death from
    ``python -m attnlogic``).  Every evaluation of a string clears that mark, so one empty
    ``exec`` after the interrupt is handled makes the exit status ours.
    """
    exec("")
