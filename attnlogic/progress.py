"""Progress on a terminal: one status line on stderr, rewritten in place.

Commands that can run past a few seconds show progress by default when stderr is a
terminal, and nothing when it is not (a pipe, a file, a test) or with ``--no-progress``
(``wanted``).  Library functions take an ``on_stage(text)`` callback and stay silent
without one; :class:`StatusLine` is such a callback.  It remembers the last stage even when
disabled, so that a Ctrl-C can say what the command was doing when it stopped.
"""

from __future__ import annotations

import sys
import time

__all__ = ["StatusLine", "wanted"]


def wanted(args, stream=None) -> bool:
    """Progress for these command-line arguments: forced on by ``--progress`` (where a
    command has it), off with ``--no-progress``, otherwise on exactly when stderr is a
    terminal."""
    if getattr(args, "progress", False):
        return True
    if getattr(args, "no_progress", False):
        return False
    stream = sys.stderr if stream is None else stream
    return bool(getattr(stream, "isatty", lambda: False)())


class StatusLine:
    """``StatusLine("classify", enabled)("deciding LTL[P]")`` writes
    ``classify: deciding LTL[P] (1.2 s)`` over the previous status; ``close()`` erases it.
    Disabled, it writes nothing but still records the stage.  Left by a Ctrl-C
    (``KeyboardInterrupt``), it writes one line saying which stage was interrupted."""

    def __init__(self, command: str, enabled: bool, stream=None):
        self.command = command
        self.enabled = enabled
        self.stream = sys.stderr if stream is None else stream
        self.start = time.monotonic()
        self._shown = False
        self.stage: str | None = None

    def __call__(self, text: str) -> None:
        self.stage = text
        if not self.enabled:
            return
        line = f"{self.command}: {text} ({time.monotonic() - self.start:.1f} s)"
        self.stream.write("\r\x1b[K" + line[:200])
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        if self.enabled and self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._shown = False

    def __enter__(self) -> "StatusLine":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.close()
        if exc_type is not None and issubclass(exc_type, KeyboardInterrupt) and self.stage:
            self.stream.write(f"{self.command}: Ctrl-C while {self.stage} "
                              f"({time.monotonic() - self.start:.1f} s in)\n")
            self.stream.flush()
