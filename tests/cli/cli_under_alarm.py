"""Running the command line in-process under a wall-clock alarm (shared by the corpora)."""

from __future__ import annotations

import signal

from attnlogic.cli import main


class Hang(Exception):
    """The command ran past its alarm."""


def _alarm(signum, frame):
    raise Hang()


def run_main(argv, seconds: int) -> int:
    """``main(argv)``'s exit status (argparse's usage errors included), raising
    :class:`Hang` after ``seconds``."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        try:
            return main(argv)
        except SystemExit as exc:
            return exc.code
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
