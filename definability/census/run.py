"""Running a census: its shards (:func:`.census.census_shards`) classified in this process
or as Ray tasks, each written to a file as it finishes, a stopped run resumed from those
files, the results merged in shard order.

With ``out`` (a folder): ``out/request.json`` records what is asked (alphabet, sizes,
fragments, budgets: :meth:`.census.CensusRequest.to_json`), ``out/shards/<shard>.npz`` each
classified shard (:meth:`.census.ShardResult.to_bytes`, written atomically, so a file is
either whole or absent), ``out/census.json`` the merged counts at the end.  A run started
again on the same folder with the same request reads the shards already there and
classifies only the others; another request on that folder is refused.

The merge takes the shards in their fixed order whichever order they finished in, and a
shard's result depends on the shard alone (the orbit representatives of the window
questions are computed from each language, :func:`.census.representative`), so the census
is the same value — and its tables the same bytes — from one process, from any number of
Ray workers, and from a run resumed any number of times.

``backend="ray"``: every pending shard is one Ray task (one CPU; ``max_retries`` =
:data:`RAY_RETRIES`, so a task whose worker died runs again), on a local Ray started here
with ``jobs`` CPUs (default: all) or on the cluster at ``address``; the driver writes each
shard's file as its task returns, so the workers need no shared file system.  Workers know
the classes registered when :mod:`.registry` is imported (not those added at run time by
:func:`.registry.register` in this process).

Fault injection for the tests: with ``ATTNLOGIC_CENSUS_CRASH_ONCE`` set to a path in the
environment of the workers, the first task to start creates that file and kills its own
worker process (``os._exit``), as a crashed machine would.
"""

from __future__ import annotations

import gzip
import itertools
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Iterable, Iterator

from ...automata.census import canonical_extensions
from ...kernel.cluster import ray_session
from ...kernel.errors import InputError
from ...kernel.fileio import check_output_path, read_text_capped, write_bytes_atomic, write_json_atomic
from .morphisms import MorphismAnswers
from .shards import Census, CensusRequest, Shard, ShardResult, census_shards, classify_shard

__all__ = ["run_census", "write_dataset", "dataset_rows", "RAY_RETRIES", "BACKENDS"]

#: how often Ray runs a shard again after its worker died
RAY_RETRIES = 3
#: Ray tasks kept in flight per CPU of the cluster (the others wait in the driver)
IN_FLIGHT_PER_CPU = 4
BACKENDS = ("local", "ray")
#: the environment variable of the fault injection (module docstring)
CRASH_ONCE = "ATTNLOGIC_CENSUS_CRASH_ONCE"


def _shard_task(request: CensusRequest, shard: Shard) -> bytes:
    """One shard, classified in a Ray worker, as the bytes of its file."""
    marker = os.environ.get(CRASH_ONCE)
    if marker:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            pass
        else:
            os.close(fd)
            os._exit(1)                       # a worker dying mid-run
    return classify_shard(request, shard).to_bytes()


def _ray_results(request: CensusRequest, pending: list[Shard], jobs: int | None,
                 address: str | None) -> Iterator[tuple[Shard, ShardResult]]:
    """Every pending shard as a Ray task; results in the order they finish."""
    k, F = len(request.alphabet), len(request.fragments)
    with ray_session(jobs, address) as ray:
        task = ray.remote(_shard_task)
        refs = {}
        # at most a few tasks per CPU in flight (a seven-state census has 388,425 shards)
        window = max(IN_FLIGHT_PER_CPU, IN_FLIGHT_PER_CPU * int(ray.cluster_resources().get("CPU", 1)))
        queue = iter(pending)
        try:
            for shard in itertools.islice(queue, window):
                refs[task.options(num_cpus=1, max_retries=RAY_RETRIES).remote(request, shard)] = shard
            while refs:
                ready, _ = ray.wait(list(refs), num_returns=1)
                for ref in ready:
                    shard = refs.pop(ref)
                    result = ShardResult.from_bytes(ray.get(ref), shard, k, F)
                    for more in itertools.islice(queue, 1):
                        refs[task.options(num_cpus=1, max_retries=RAY_RETRIES).remote(request, more)] = more
                    yield shard, result
        finally:
            for ref in refs:
                ray.cancel(ref, force=True)


def _local_results(request: CensusRequest, pending: list[Shard], on_stage
                   ) -> Iterator[tuple[Shard, ShardResult]]:
    cache: dict = {}                      # orbit representatives, shared between shards
    morphisms = MorphismAnswers()         # answers per syntactic morphism, shared likewise
    for shard in pending:
        yield shard, classify_shard(request, shard, cache, on_stage, morphisms)


def _prepare_out(out, request: CensusRequest) -> Path:
    """The folder of a run: its request recorded, or checked against the recorded one."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"out: {str(out)!r} is not a folder", parameters=("out",))
    recorded = check_output_path(folder / "request.json")
    want = request.to_json()
    if recorded.exists():
        try:
            have = json.loads(read_text_capped(recorded, 1 << 20))
        except (ValueError, OSError) as exc:
            raise InputError(f"out: {recorded}: not a census request ({exc})", parameters=("out",)) from None
        if have != want:
            diff = sorted(key for key in set(have) | set(want) if have.get(key) != want.get(key))
            raise InputError(f"out: {str(out)!r} holds a census of another request (differs in "
                             f"{', '.join(diff)}); use another folder", parameters=("out",))
    else:
        write_json_atomic(recorded, want)
    (folder / "shards").mkdir(parents=True, exist_ok=True)
    return folder


def _done_shards(folder: Path, shards) -> set[Shard]:
    """The shards whose file is in the run's folder (read, and checked, when merged: a
    census of millions of languages is never held in memory at once)."""
    return {shard for shard in shards if (folder / "shards" / f"{shard.name}.npz").exists()}


def _read_shard(folder: Path, request: CensusRequest, shard: Shard) -> ShardResult:
    """The classified shard from its file in the run's folder (InputError when it is not a
    shard of this census)."""
    path = folder / "shards" / f"{shard.name}.npz"
    try:
        return ShardResult.from_bytes(path.read_bytes(), shard, len(request.alphabet), len(request.fragments))
    except (ValueError, OSError, KeyError) as exc:
        raise InputError(f"out: {path}: not a shard of this census ({exc}); delete it to "
                         "classify that shard again", parameters=("out",)) from None


def run_census(request: CensusRequest, out=None, backend: str = "local", address: str | None = None,
               jobs: int | None = None, on_stage=None, keep_entries: bool = False,
               dataset=None, on_shard=None, partial: bool = False, on_result=None) -> Census:
    """The census of ``request`` (module docstring): shards classified by ``backend``
    (``"local"``: this process; ``"ray"``: Ray tasks, ``jobs`` local CPUs or the cluster at
    ``address``), written under ``out`` when given (and read back from there when a run
    stopped), merged in shard order.  ``dataset``: also write every language with its
    verdicts to that file (:func:`write_dataset`).  ``on_stage(text)``: progress;
    ``on_shard(shard)``: told each shard classified in this run, as it finishes;
    ``on_result(result)``: given every shard's :class:`.census.ShardResult` in shard order
    as the merge takes it (those read back from ``out`` too).
    ``partial``: classify nothing, merge the shards already under ``out`` (a stopped or
    running census so far: its counts are those of the languages of those shards; nothing
    is written)."""
    if backend not in BACKENDS:
        raise InputError(f"backend: one of {', '.join(BACKENDS)}, got {backend!r}", parameters=("backend",))
    if address is not None and backend != "ray":
        raise InputError("address: only with backend 'ray'", parameters=("address",))
    shards = census_shards(request.max_states, len(request.alphabet))
    folder = _prepare_out(out, request) if out is not None else None
    done = _done_shards(folder, shards) if folder is not None else set()
    if partial:
        if folder is None:
            raise InputError("partial: merges the shards of a run, give its folder (out)",
                             parameters=("out",))
        shards = tuple(s for s in shards if s in done)
    pending = [s for s in shards if s not in done]
    total = len(shards)
    if on_stage is not None:
        on_stage(f"classifying {total} shards ({len(done)} done already, backend {backend})")
    if not pending:
        finished: Iterable = iter(())
    elif backend == "ray":
        finished = _ray_results(request, pending, jobs, address)
    else:
        finished = _local_results(request, pending, on_stage)

    def in_order() -> Iterator[ShardResult]:
        """The results in shard order, each written to its file as it arrives.  With a
        folder, a shard done (before or out of order) is held as its file and read back in
        its turn, so memory holds one shard at a time whatever the order of completion."""
        buffer: dict = dict.fromkeys(done)
        count = len(done)
        started, tables_done = time.monotonic(), 0
        nxt = 0

        def take(shard):
            held = buffer.pop(shard)
            return _read_shard(folder, request, shard) if held is None else held

        while nxt < total and shards[nxt] in buffer:
            yield take(shards[nxt])
            nxt += 1
        started = time.monotonic()            # the time left: from this run's own shards
        for shard, result in finished:
            if folder is not None:
                write_bytes_atomic(folder / "shards" / f"{shard.name}.npz", result.to_bytes())
            count += 1
            if on_shard is not None:
                on_shard(shard)
            if on_stage is not None:
                tables_done += weights[shard]
                on_stage(f"{count}/{total} shards ({shard.name} done){_eta(started, tables_done, left_weight - tables_done)}")
            buffer[shard] = result if folder is None or shard == shards[nxt] else None
            while nxt < total and shards[nxt] in buffer:
                yield take(shards[nxt])
                nxt += 1
        if nxt != total:                                  # pragma: no cover - a backend bug
            raise RuntimeError(f"census: {total - nxt} shards never came back")

    weights = ({} if on_stage is None else
               {s: canonical_extensions(s.n, len(request.alphabet), s.prefix) for s in pending})
    left_weight = sum(weights.values())
    results: Iterable[ShardResult] = in_order()
    if on_result is not None:
        results = _tapped(results, on_result)
    if dataset is not None:
        results = _tee_dataset(results, request, dataset)
    result = Census.merge(request, results, keep_entries=keep_entries)
    if folder is not None and not partial:
        write_json_atomic(folder / "census.json", result.to_json())
    return result


def _tapped(results: Iterable[ShardResult], tap) -> Iterator[ShardResult]:
    for result in results:
        tap(result)
        yield result


def _eta(started: float, done: int, left: int) -> str:
    """``; about 12 min left`` from the work done in this run (shards weighed by their
    canonical tables), or nothing before the first second."""
    elapsed = time.monotonic() - started
    if done <= 0 or elapsed < 1:
        return ""
    seconds = elapsed * left / done
    when = (f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min" if seconds < 7200
            else f"{seconds / 3600:.1f} h")
    return f"; about {when} left"


def dataset_rows(request: CensusRequest, result: ShardResult) -> Iterator[dict]:
    """One row per language of a shard: ``states``, ``transitions`` (row q: the successors
    of state q by each letter, in the alphabet's order; initial state 0), ``accepting``
    (the accepting states), then the verdict per fragment name (true, false, null:
    undecided)."""
    n, k = result.shard.n, result.k
    names = [str(f) for f in request.fragments]
    rows = result.rows.tolist()
    accs = result.accepting.tolist()
    verdicts = result.verdicts.tolist()
    for r, bits, v in zip(rows, accs, verdicts):
        row = {"states": n, "transitions": [r[q * k:(q + 1) * k] for q in range(n)],
               "accepting": [q for q in range(n) if (bits >> q) & 1]}
        row.update((name, None if x < 0 else x == 1) for name, x in zip(names, v))
        yield row


def _tee_dataset(results: Iterable[ShardResult], request: CensusRequest, path) -> Iterator[ShardResult]:
    """Pass the results on, writing their rows to ``path`` (gzip-compressed JSON lines,
    byte for byte the same for the same census).  The rows stream into a temporary file
    beside ``path``, renamed onto it at the end (atomic: a stopped run leaves no partial
    dataset)."""
    target = check_output_path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=6) as gz:
                for result in results:
                    lines = [json.dumps(row, separators=(",", ":"))
                             for row in dataset_rows(request, result)]
                    if lines:
                        gz.write(("\n".join(lines) + "\n").encode("utf-8"))
                    yield result
            raw.flush()
            os.fsync(raw.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_dataset(request: CensusRequest, results: Iterable[ShardResult], path) -> Path:
    """Write the per-language dataset of ``results`` (in shard order) to ``path``
    (:func:`dataset_rows`, gzip-compressed JSON lines)."""
    for _ in _tee_dataset(results, request, path):
        pass
    return check_output_path(path)
