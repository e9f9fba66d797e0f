"""Errors for bad input: every module raises these; the command line prints them as one line
(plus a caret excerpt for formulas) and exits with status 2."""

from __future__ import annotations


class AttnlogicError(Exception):
    """Bad input the user can fix.  ``str(err)`` is one line saying what and where.

    ``parameters``: the names of the library parameters that would fix it (e.g.
    ``("limit",)``); the message names them as parameters, and the command line adds the
    flags they correspond to.  Library messages never name command-line flags."""

    parameters: tuple[str, ...] = ()

    def details(self) -> list[str]:
        """Extra lines of context shown after the one-line message (e.g. a caret)."""
        return []


class InputError(AttnlogicError, ValueError):
    """A malformed value: a file field, an argument, a word over the wrong alphabet."""

    def __init__(self, *args, parameters: tuple[str, ...] = ()):
        super().__init__(*args)
        self.parameters = tuple(parameters)


class ParseError(InputError):
    """A formula or regex that does not parse.

    ``column`` is 1-based; ``text`` is the whole input.  ``details()`` shows the excerpt of the
    input around the column with a caret under it.
    """

    def __init__(self, kind: str, text: str, column: int, message: str):
        self.kind = kind
        self.text = text
        self.column = column
        self.message = message
        super().__init__(f"{kind}, column {column}: {message}")

    def details(self) -> list[str]:
        text = self.text.replace("\n", " ").replace("\t", " ")
        col = max(1, min(self.column, len(text) + 1))
        start = max(0, col - 1 - 40)
        end = min(len(text), start + 80)
        prefix = "..." if start > 0 else ""
        suffix = "..." if end < len(text) else ""
        excerpt = prefix + text[start:end] + suffix
        caret = " " * (len(prefix) + col - 1 - start) + "^"
        return ["  " + excerpt, "  " + caret]


class FileFormatError(InputError):
    """A malformed file: names the field and the reason."""

    def __init__(self, source: str, field: str, reason: str):
        self.source = source
        self.field = field
        self.reason = reason
        super().__init__(f"{source}: field '{field}': {reason}")


class LimitExceeded(AttnlogicError):
    """A potentially exponential step hit its configured limit."""

    def __init__(self, what: str, limit: int, hint: str = "", parameters: tuple[str, ...] = ()):
        self.what = what
        self.limit = limit
        self.parameters = tuple(parameters)
        msg = f"{what} exceeded the limit of {limit}"
        if hint:
            msg += f" ({hint})"
        super().__init__(msg)


class MemoryBudgetExceeded(LimitExceeded):
    """A step would allocate more than its ``memory_budget``: refused before allocating."""

    def __init__(self, what: str, needed: int, budget: int):
        self.needed = int(needed)
        super().__init__(f"memory for {what}", int(budget),
                         f"it needs about {_bytes(needed)}; raise memory_budget (bytes, now "
                         f"{_bytes(budget)}) or simplify the input", ("memory_budget",))


class CheckBoundExceeded(LimitExceeded):
    """An independent check (``verify``'s, or a decider's re-check of its own answer) that
    stopped at the check's own bound: nothing was verified either way, so it is neither a
    "valid" nor a "NOT valid" (``verify`` refuses, exit 2; a classification leaves the
    answer undecided, saying why).  Raised, never returned as a failed check: the exception
    passes through every check that wraps another, where a reason's text would not."""

    def __init__(self, reason: str, parameters: tuple[str, ...] = ()):
        self.reason = reason
        self.limit = None
        self.parameters = tuple(parameters)
        AttnlogicError.__init__(self, f"its independent check stopped at its own bound ({reason}): "
                                      "nothing was verified")


def _bytes(n: int) -> str:
    for unit, size in (("GiB", 2 ** 30), ("MiB", 2 ** 20), ("KiB", 2 ** 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{int(n)} bytes"
