"""Progress on stderr: a live status line on a terminal, plain lines anywhere else.

Commands that can run past a few seconds show progress by default when stderr is a
terminal, and nothing when it is not (a pipe, a file, a test) unless forced with
``--progress``; ``--no-progress`` turns it off (``wanted``).  Library functions take an
``on_stage(text)`` callback (or ``on_step(done, total, detail)``) and stay silent without
one; :class:`StatusLine` and :class:`Counter` are such callbacks.

* On a terminal the status is one line rewritten in place (``\\r`` and "erase line"), and a
  background thread redraws it every ``interval`` seconds, so the elapsed time keeps
  moving inside a long step; ``close()`` erases it.
* Anywhere else (``--progress 2> log``) every stage is one plain line ending in ``\\n``,
  with no ``\\r`` and no escape codes; a :class:`Counter`'s details between two counted
  steps are written at most every ``plain_every`` seconds.

A status remembers the last stage even when disabled, so that a Ctrl-C can say what the
command was doing when it stopped.
"""

from __future__ import annotations

import shutil
import sys
import threading
import time

from .signals import interruption

__all__ = ["StatusLine", "Counter", "counted", "wanted", "is_terminal", "elapsed_text"]


def wanted(args, stream=None) -> bool:
    """Progress for these command-line arguments: forced on by ``--progress`` (where a
    command has it), off with ``--no-progress``, otherwise on exactly when stderr is a
    terminal."""
    if getattr(args, "progress", False):
        return True
    if getattr(args, "no_progress", False):
        return False
    return is_terminal(sys.stderr if stream is None else stream)


def is_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal (False for anything without a working ``isatty``)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def elapsed_text(seconds: float) -> str:
    """``4.2 s`` below a minute, ``3:07`` (minutes:seconds) below an hour, ``1:02:03``."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}" if s < 3600 else f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class StatusLine:
    """``StatusLine("classify", enabled)("deciding LTL[P]")`` shows
    ``classify: deciding LTL[P] (1.2 s)`` — rewritten in place and kept ticking on a
    terminal, one plain line per stage elsewhere (module docstring).  Disabled, it writes
    nothing but still records the stage.  Left by a Ctrl-C (``KeyboardInterrupt``), it
    writes one line saying which stage was interrupted."""

    def __init__(self, command: str, enabled: bool, stream=None, interval: float = 0.5):
        self.command = command
        self.enabled = enabled
        self.stream = sys.stderr if stream is None else stream
        self.live = enabled and is_terminal(self.stream)
        self.interval = interval
        self.start = time.monotonic()
        self.stage: str | None = None
        self._shown = False
        self._closed = False
        self._lock = threading.Lock()
        self._wake: threading.Event | None = None        # made with the ticker (terminal only)
        self._ticker: threading.Thread | None = None

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def line(self) -> str:
        """The status as one line of text (no control characters)."""
        stage = " ".join(str(self.stage or "").split())
        return f"{self.command}: {stage} ({elapsed_text(self.elapsed)})"

    def __call__(self, text: str) -> None:
        self.stage = text
        if not self.enabled or self._closed:
            return
        if self.live:
            self._draw()
            if self._ticker is None:
                self._wake = threading.Event()
                self._ticker = threading.Thread(target=self._tick, name=f"{self.command} status",
                                                daemon=True)
                self._ticker.start()
        else:
            self._plain()

    def _plain(self) -> None:
        with self._lock:
            if not self._closed:
                self.stream.write(self.line() + "\n")
                self.stream.flush()

    def _draw(self) -> None:
        width = max(20, shutil.get_terminal_size((100, 24)).columns - 1)
        with self._lock:
            if self._closed:
                return
            self.stream.write("\r\x1b[K" + self.line()[:width])
            self.stream.flush()
            self._shown = True

    def _tick(self) -> None:
        while not self._wake.wait(self.interval):
            self._draw()

    def close(self) -> None:
        """Stop the ticking and erase the live line (a plain log keeps its lines)."""
        if self._ticker is not None:
            self._wake.set()
            if self._ticker is not threading.current_thread():
                self._ticker.join()
        with self._lock:
            if self.live and self._shown and not self._closed:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
            self._shown = False
            self._closed = True

    def __enter__(self) -> "StatusLine":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.close()
        if exc_type is not None and issubclass(exc_type, KeyboardInterrupt) and self.stage:
            self.stream.write(f"{self.command}: {interruption(exc)} while {self.stage} "
                              f"({elapsed_text(self.elapsed)} in)\n")
            self.stream.flush()


class Counter(StatusLine):
    """A status that counts: ``Counter("grid quick", on, total=12, unit="cells")`` shows
    ``grid quick: 3/12 cells — PARITY global s0: step 120/400 (1:02)``.  ``update(n)``
    counts n more steps done (always written), ``note(detail)`` says what is happening
    inside the current step (on a terminal at once; in a plain log at most every
    ``plain_every`` seconds)."""

    def __init__(self, command: str, enabled: bool, total: int, unit: str = "", initial: int = 0,
                 stream=None, interval: float = 0.5, plain_every: float = 10.0):
        super().__init__(command, enabled, stream, interval)
        self.total = total
        self.unit = unit
        self.done = initial
        self.detail = ""
        self.plain_every = plain_every
        self._last_plain = -float("inf")

    def _text(self) -> str:
        count = f"{self.done}/{self.total}" + (f" {self.unit}" if self.unit else "")
        return f"{count} — {self.detail}" if self.detail else count

    def update(self, n: int = 1, detail: str = "") -> None:
        self.done += n
        self.detail = detail
        self._last_plain = time.monotonic()
        self(self._text())

    def note(self, detail: str, done: int | None = None) -> None:
        """Say what is happening inside the current step (``done``: set the count, without
        writing a counted line).  Cheap to call often: on a terminal the ticker draws it
        within ``interval`` seconds, in a plain log it is written every ``plain_every``."""
        self.detail = detail
        if done is not None:
            self.done = done
        if self.live and self._ticker is not None:
            self.stage = self._text()
        elif self.live or time.monotonic() - self._last_plain >= self.plain_every:
            self._last_plain = time.monotonic()
            self(self._text())
        else:
            self.stage = self._text()


def counted(items, command: str, enabled: bool = True, unit: str = ""):
    """``items`` one by one, counted on a :class:`Counter` (closed when the loop ends or is
    left)."""
    items = list(items)
    if not enabled:
        yield from items
        return
    with Counter(command, True, len(items), unit) as bar:
        bar.update(0)
        for item in items:
            yield item
            bar.update(1)
