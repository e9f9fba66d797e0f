"""Ray, for the commands that spread work over a cluster (``experiment --backend ray``,
``census --backend ray``): one way to start or join it.

:func:`ray_session` yields the ``ray`` module with Ray running: the one already initialised
in this process, else a local Ray started here with ``jobs`` CPUs (None: all), or the
cluster at ``address``; a Ray started here is shut down on leaving (also on an error or
Ctrl-C).  Ray is the optional extra ``attnlogic[cluster]``: without it, InputError naming
``backend``.
"""

from __future__ import annotations

from contextlib import contextmanager

from .errors import InputError

__all__ = ["ray_session"]


@contextmanager
def ray_session(jobs: int | None = None, address: str | None = None):
    try:
        import ray
    except ImportError:
        raise InputError("backend 'ray' needs Ray: pip install 'attnlogic[cluster]'",
                         parameters=("backend",)) from None
    started = False
    if not ray.is_initialized():
        kwargs = {"address": address} if address else {"num_cpus": jobs}
        ray.init(include_dashboard=False, logging_level="ERROR", **kwargs)
        started = True
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()
