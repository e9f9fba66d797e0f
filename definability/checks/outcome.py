"""The outcome of an independent check (:class:`Check`), shared by every module of
``checks/``; re-exported by :mod:`.verify`."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Check"]


@dataclass(frozen=True)
class Check:
    """The outcome of a check that ran to its end: ``valid`` and the argument, or the fault it
    found, in words (a check stopped at its own bound raises
    :class:`~attnlogic.kernel.errors.CheckBoundExceeded` instead: it found nothing)."""

    valid: bool
    reason: str
    #: structured parts of the argument (a witness's ``pair`` and ``family``), merged into the JSON
    details: "dict | None" = None

    def to_json(self) -> dict:
        return {"valid": self.valid, "reason": self.reason, **(self.details or {})}
