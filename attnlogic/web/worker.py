"""What a worker process of the server runs (:mod:`.pool`): a job of :mod:`.jobs` under the
request's :class:`~attnlogic.kernel.limits.Limits`.

One thread per worker (the pool runs one worker per core).  :func:`warm` loads every lazily
compiled kernel; the fork server runs it once (:mod:`.preload`), so that every worker, the
replacements of killed ones too, starts warm.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import torch  # noqa: E402

from attnlogic.kernel.limits import Limits  # noqa: E402

from .extract_job import job_extract  # noqa: E402
from .jobs import run_job  # noqa: E402

torch.set_num_threads(1)

__all__ = ["run", "warm"]


def run(kind: str, params: dict, limits: dict) -> dict:
    """The answer of job ``kind`` to ``params`` under ``Limits(**limits)`` (the Extract tab's
    in :mod:`.extract_job`, the others in :mod:`.jobs`)."""
    if kind == "extract":
        return job_extract(params, Limits(**limits))
    return run_job(kind, params, Limits(**limits))


def warm() -> None:
    """Classify and compile one small language (loads every lazily compiled kernel)."""
    params = {"source": "formula", "text": "P (b & Y a)", "alphabet": "ab", "word": "ab"}
    try:
        run_job("language", params, Limits())
        run_job("compile", params, Limits())
    except Exception:       # a warm-up only: the jobs report their own errors later
        pass

