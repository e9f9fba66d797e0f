"""A grid of runs (languages × attention patterns × positional encodings × seeds × learning
rates), its presets and the backends that run its cells.

Each cell trains one model (:func:`attnlogic.experiments.train.train`) and evaluates it
(:func:`attnlogic.experiments.evaluate.evaluate_model`); its result, with the environment it
ran in (:func:`attnlogic.experiments.provenance.environment`), is written to
``<out>/cells/<cell>.json`` as soon as it is done, by the process that drives the grid, so an
interrupted grid resumes by skipping the cells already written (and, with checkpoints on, the
cell in progress resumes from its last checkpoint).  Runs are aggregated per (language,
pattern, positional encoding) as in Li & Cotterell's Table 1: the best run's accuracy (their
success criterion is 100 % in at least one run) and the mean ± std over all runs.

Backends (every cell is a pure function of its configuration, so the records do not depend on
the backend or on how many cells run at once):

* ``local``: the cells one after another, or ``jobs`` at a time in separate processes;
* ``ray``: every cell a Ray task (``num_cpus`` = the cell's threads, one GPU for a CUDA cell),
  on a local Ray started on demand (``jobs`` CPUs, default all) or on an existing cluster
  (``address``); the results come back to the driver, which writes them as each task ends.
  Ray is the optional extra ``attnlogic[cluster]``.

Presets (``preset(name, quick=True)`` gives the CPU-sized variant of each):

* ``quick``: the four languages ENDS-A, STARTS-A, LT-2, DYCK-(1,1) × global, local:1,
  hybrid:1, one seed; a SMALL model (2 layers, width 32, 2 heads: one global and one local
  head for hybrid), 300 Adam steps of batch 64 at lr 3e-3, training lengths 1–20, test
  lengths 21–100 with 64 words per length, ONE torch thread (for a model this small, 2 threads
  on a loaded 2-core machine were measured 10–50× slower per step: OpenMP threads spin against
  the other processes).
* ``table1``: the 12 languages of Li & Cotterell (NeurIPS 2025) Table 1, global attention and
  the LSTM baseline (hidden size 256), 5 seeds × lr ∈ {1e-4, 3e-4, 5e-4}, 5 layers × width
  64, 8 heads, batch 128, train ≤ 40, test 41–500 with 512 words per length.  The paper trains
  1,000,000 steps; the preset's default is 1,000,000 too (``--steps`` scales it down).
  Sized for a GPU.
* ``local``: the eight languages of Li & Cotterell (2026) (docs/languages.md) × global, local:k, hybrid:k for
  k ∈ {1, 2, 4}; otherwise as table1 (without the LSTM).
* ``pe``: positional encodings × patterns: ENDS-A, STARTS-A, LT-2, DYCK-(1,1) × global,
  local:1, hybrid:1 × NoPE, learned absolute, sinusoidal (SiPE) and RoPE; otherwise as
  table1.  Its quick variant: ENDS-A and STARTS-A at the quick sizes.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import time
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from ..kernel.errors import InputError
from ..kernel.fileio import write_bytes_atomic as write_atomic
from .data import LanguageData
from .evaluate import EvalConfig, evaluate_model
from .languages import LOCAL_GRID, PE_LANGUAGES, QUICK, SOURCE_KINDS, TABLE1, get_language
from .train import LSTM, TrainConfig, resolve_device, train
from ..kernel.cluster import ray_session
from ..kernel.progress import Counter
from .provenance import environment

__all__ = ["GridSpec", "PRESETS", "QUICK_PRESETS", "BACKENDS", "preset", "cell_name", "run_grid",
           "aggregate", "strip_timing", "TIMING_KEYS"]

#: how the cells of a grid are run (see the module docstring)
BACKENDS = ("local", "ray")
#: the keys of a cell record that measure time (everything else is a pure function of the
#: configuration and the environment; an extraction stopped by its time budget excepted)
TIMING_KEYS = ("train_seconds", "eval_seconds", "extract_seconds")


@dataclass(frozen=True)
class GridSpec:
    """The cells are ``replace(template, language=l, pattern=p, positional=e, seed=s, lr=r)``
    for every combination (``positionals`` empty: the template's encoding only); every cell is
    evaluated with ``evaluation``."""

    name: str
    languages: tuple[str, ...]
    patterns: tuple[str, ...]
    seeds: tuple[int, ...]
    lrs: tuple[float, ...]
    template: TrainConfig
    evaluation: EvalConfig
    positionals: tuple[str, ...] = ()

    def __post_init__(self):
        for lang in self.languages:
            get_language(lang)
        if not (self.languages and self.patterns and self.seeds and self.lrs):
            raise InputError("a grid needs at least one language, pattern, seed and learning rate")
        if self.evaluation.test_min <= self.template.train_max_length:
            raise InputError("test lengths must start above the training lengths")
        for name, axis in (("languages", self.languages), ("patterns", self.patterns), ("seeds", self.seeds),
                           ("lrs", self.lrs), ("positionals", self.positionals)):
            if len(set(axis)) != len(axis):
                raise InputError(f"{name} lists a value twice: {list(axis)}")

    def cells(self) -> list[TrainConfig]:
        pes = self.positionals or (self.template.positional,)
        return [replace(self.template, language=lang, pattern=p, positional=e, seed=s, lr=lr)
                for lang in self.languages for p in self.patterns for e in pes
                for s in self.seeds for lr in self.lrs]

    def to_dict(self) -> dict:
        d = asdict(self)
        d["template"] = {k: v for k, v in d["template"].items() if k not in ("language", "pattern", "seed", "lr")}
        return d


_QUICK_TRAIN = TrainConfig("ENDS-A", d_model=32, n_layers=2, n_heads=2, steps=300, batch_size=64,
                           lr=3e-3, train_max_length=20, threads=1)
_QUICK_EVAL = EvalConfig(test_min=21, test_max=100, samples=64, train_max=20)
_PAPER_TRAIN = TrainConfig("ENDS-A", d_model=64, n_layers=5, n_heads=8, steps=1_000_000, batch_size=128,
                           lr=3e-4, train_max_length=40, checkpoint_every=10_000)
_PAPER_EVAL = EvalConfig(test_min=41, test_max=500, samples=512, train_max=40)
_PAPER_SEEDS, _PAPER_LRS = (0, 1, 2, 3, 4), (1e-4, 3e-4, 5e-4)
_PES = ("none", "learned", "sinusoidal", "rope")
_QP = ("global", "local:1", "hybrid:1")

PRESETS: dict[str, GridSpec] = {
    "quick": GridSpec("quick", QUICK, _QP, (0,), (3e-3,), _QUICK_TRAIN, _QUICK_EVAL),
    "table1": GridSpec("table1", TABLE1, ("global", LSTM), _PAPER_SEEDS, _PAPER_LRS, _PAPER_TRAIN, _PAPER_EVAL),
    "local": GridSpec("local", LOCAL_GRID,
                      ("global", "local:1", "local:2", "local:4", "hybrid:1", "hybrid:2", "hybrid:4"),
                      _PAPER_SEEDS, _PAPER_LRS, _PAPER_TRAIN, _PAPER_EVAL),
    "pe": GridSpec("pe", PE_LANGUAGES, _QP, _PAPER_SEEDS, _PAPER_LRS, _PAPER_TRAIN, _PAPER_EVAL, _PES),
}

#: the CPU-sized variant of every preset (``--quick`` with ``--preset``): the quick model,
#: steps, lengths and one seed at lr 3e-3
QUICK_PRESETS: dict[str, GridSpec] = {
    "quick": PRESETS["quick"],
    "table1": GridSpec("table1-quick", TABLE1, ("global", LSTM), (0,), (3e-3,), _QUICK_TRAIN, _QUICK_EVAL),
    "local": GridSpec("local-quick", LOCAL_GRID, PRESETS["local"].patterns, (0,), (3e-3,), _QUICK_TRAIN,
                      _QUICK_EVAL),
    "pe": GridSpec("pe-quick", ("ENDS-A", "STARTS-A"), _QP, (0,), (3e-3,), _QUICK_TRAIN, _QUICK_EVAL, _PES),
}


def preset(name: str, quick: bool = False) -> GridSpec:
    """A preset by name; ``quick``: its CPU-sized variant."""
    table = QUICK_PRESETS if quick else PRESETS
    try:
        return table[name]
    except KeyError:
        raise InputError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None


def cell_name(cfg: TrainConfig) -> str:
    """A file-name-safe id of a cell, e.g. ``DYCK-1-1__hybrid1__none__s0__lr0.003``; a source
    language (regex, formula, DFA) is named by its kind and a digest of its definition."""
    pat = cfg.pattern.replace(":", "")
    kind = cfg.language.partition(":")[0]
    if kind in SOURCE_KINDS:
        safe = f"{kind}-{hashlib.sha256(cfg.language.encode()).hexdigest()[:12]}"
    else:
        safe = re.sub(r"[^A-Za-z0-9-]", "", cfg.language.replace(",", "-"))
    return f"{safe}__{pat}__{cfg.positional}__s{cfg.seed}__lr{cfg.lr:g}"


def cell_label(cfg: TrainConfig) -> str:
    """A short label of a cell for progress lines: ``PARITY global s0`` (a long source
    language cut at 24 characters)."""
    lang = cfg.language if len(cfg.language) <= 24 else cfg.language[:23] + "…"
    return f"{lang} {cfg.pattern} s{cfg.seed}"


def run_cell(cfg: TrainConfig, data: LanguageData, evaluation: EvalConfig,
             checkpoint_dir: Path | None, progress, extraction: Callable | None = None) -> dict:
    """Train and evaluate one cell: its record (configuration, environment, losses, sets).
    ``progress`` as in :func:`.train.train` (a callable is told every training step).

    ``extraction``: None, or a picklable callable ``(model, language name, pattern, EOS id,
    longest test length) → dict`` (the command line passes
    :func:`attnlogic.extraction.extract_cell` with its budget: this layer does not import
    the learner); its answer is the record's ``"extraction"``, its seconds
    ``"extract_seconds"``."""

    result = train(cfg, data=data, checkpoint_dir=checkpoint_dir, progress=progress)
    t0 = time.perf_counter()
    sets = evaluate_model(result.model, data, evaluation)
    tail = result.losses[-50:]
    extra = {}
    if extraction is not None:
        t1 = time.perf_counter()
        extra["extraction"] = extraction(result.model.eval(), cfg.language, cfg.pattern, data.eos,
                                         max(evaluation.test_max, cfg.train_max_length))
        extra["extract_seconds"] = round(time.perf_counter() - t1, 2)
    return {
        "language": cfg.language, "pattern": cfg.pattern, "positional": cfg.positional,
        "seed": cfg.seed, "lr": cfg.lr,
        "train_config": cfg.to_dict(), "eval_config": asdict(evaluation),
        "environment": environment(resolve_device(cfg.device), cfg.threads),
        "final_loss": float(np.mean(tail)) if tail else None,
        "train_seconds": round(result.seconds, 2), "eval_seconds": round(time.perf_counter() - t0, 2),
        "sets": {k: v.to_dict() for k, v in sets.items()}, **extra,
    }


def strip_timing(record: dict) -> dict:
    """A cell record without its timing keys (what must agree between two runs)."""
    return {k: v for k, v in record.items() if k not in TIMING_KEYS}


@lru_cache(maxsize=4)
def _language_data(language: str, max_length: int) -> LanguageData:
    """Samplers of a language, built once per process."""
    return LanguageData(get_language(language), max_length)


#: in a pool worker with progress: the queue its training steps are reported on
_STEPS = None
#: a pool worker reports a cell's training steps at most this often (seconds)
STEP_REPORT_EVERY = 0.5


def _cell_job(cfg: TrainConfig, evaluation: EvalConfig, max_length: int, checkpoint_dir: Path | None,
              extraction: Callable | None, progress) -> dict:
    """One cell in whatever process runs it (this one, a pool worker or a Ray worker);
    ``progress``: False, a callable for :func:`.train.train`, or ``"queue"`` — report
    ``(cell name, steps done, steps)`` on this worker's queue (:func:`_worker_init`)."""
    if progress == "queue":
        progress = _queue_steps(cell_label(cfg)) if _STEPS is not None else False
    return run_cell(cfg, _language_data(cfg.language, max_length), evaluation, checkpoint_dir, progress,
                    extraction)


def _queue_steps(name: str):
    """A step callback that puts (name, done, total) on the worker's queue, at most every
    :data:`STEP_REPORT_EVERY` seconds and at the last step."""
    last = [0.0]

    def report(done: int, total: int, loss) -> None:
        now = time.monotonic()
        if done == total or now - last[0] >= STEP_REPORT_EVERY:
            last[0] = now
            _STEPS.put((name, done, total))
    return report


def _worker_init(steps=None) -> None:
    """A pool worker: Ctrl-C is for the parent; ``steps``, the queue for step reports."""
    global _STEPS
    _worker_signals()
    _STEPS = steps


def _cell_status(counter, running: dict) -> None:
    """Tell ``counter`` the training step of each running cell."""
    if counter is not None:
        counter.note("; ".join(f"{n}: step {d}/{t}" for n, (d, t) in running.items()) or "starting")


def _local_cells(pending, jobs: int, counter=None, cells_dir: Path | None = None
                 ) -> Iterator[tuple[int, dict]]:
    """Every pending cell, in this process (``jobs`` 1) or in ``jobs`` spawned workers;
    ``counter`` (a :class:`attnlogic.kernel.progress.Counter`, or None) is told the training step
    of every running cell."""
    running: dict[str, tuple[int, int]] = {}

    def step(name, done, total):
        running[name] = (done, total)
        _cell_status(counter, running)

    if jobs > 1 and len(pending) > 1:
        import multiprocessing
        import queue as queues
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        ctx = multiprocessing.get_context("spawn")
        steps = ctx.Queue() if counter is not None else None
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(pending)), mp_context=ctx,
                                   initializer=_worker_init, initargs=(steps,))
        try:
            futures = {pool.submit(_cell_job, *job, "queue" if steps is not None else False): i
                       for i, job in pending}
            names = {i: cell_label(job[0]) for i, job in pending}
            while futures:
                done, _ = wait(futures, timeout=STEP_REPORT_EVERY, return_when=FIRST_COMPLETED)
                while steps is not None:
                    try:
                        step(*steps.get_nowait())
                    except queues.Empty:
                        break
                for fut in done:
                    i = futures.pop(fut)
                    running.pop(names[i], None)
                    yield i, fut.result()
        except BaseException:           # Ctrl-C (or a failed cell): stop the workers now
            _stop_workers(pool, cells_dir)
            raise
        pool.shutdown(wait=True, cancel_futures=True)
    else:
        for i, job in pending:
            name = cell_label(job[0])
            on_step = (lambda done, total, loss, name=name: step(name, done, total)) if counter else False
            result = _cell_job(*job, on_step)
            running.pop(name, None)
            yield i, result


def _ray_cells(pending, jobs: int | None, address: str | None) -> Iterator[tuple[int, dict]]:
    """Every pending cell as a Ray task; results in the order they finish."""

    with ray_session(jobs, address) as ray:
        task = ray.remote(_cell_job)
        refs = {}
        try:
            for i, (cfg, *rest) in pending:
                options = {"num_cpus": cfg.threads, "num_gpus": 1 if cfg.device.startswith("cuda") else 0,
                           "max_retries": 2}
                refs[task.options(**options).remote(cfg, *rest, False)] = i
            while refs:
                ready, _ = ray.wait(list(refs), num_returns=1)
                for ref in ready:
                    yield refs.pop(ref), ray.get(ref)
        finally:
            for ref in refs:
                ray.cancel(ref, force=True)


def _worker_signals() -> None:
    """In a worker: Ctrl-C is for the parent, which stops the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool, cells_dir: Path | None, grace: float = 2.0) -> None:
    """Cancel the queued cells, terminate the running workers (SIGTERM, then SIGKILL after
    ``grace`` seconds); finished cells stay in ``cells_dir`` for a resumed run, and the
    temporary file of a worker killed while writing (``.NAME.*.tmp``, see attnlogic.kernel.fileio)
    is removed from the output folder."""
    where = f"; finished cells stay in {cells_dir} (run again to resume)" if cells_dir is not None else ""
    print(f"\nstopping {len(pool._processes or {})} training workers{where}", file=sys.stderr, flush=True)
    procs = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    deadline = time.monotonic() + grace
    for p in procs:
        p.join(max(0.0, deadline - time.monotonic()))
        if p.is_alive():
            p.kill()
            p.join(1.0)
    if cells_dir is not None and cells_dir.parent.is_dir():
        for tmp in cells_dir.parent.rglob(".*.tmp"):
            tmp.unlink(missing_ok=True)


def run_grid(spec: GridSpec, out_dir: Path | None = None, progress: bool = True, checkpoints: bool = False,
             on_cell: Callable[[dict], None] | None = None, jobs: int = 1, backend: str = "local",
             address: str | None = None, extraction: Callable | None = None) -> list[dict]:
    """Run (or resume) every cell; returns the cell records in grid order.

    ``jobs`` > 1 runs that many cells at once in separate processes (``local``) or starts a
    local Ray with that many CPUs (``ray``, default all CPUs); ``address`` connects to an
    existing Ray cluster instead.  Each finished cell is written to ``out_dir/cells/`` before
    ``on_cell`` is called with it; an exception from ``on_cell`` stops the grid (the cells
    written so far stay, and a rerun trains only the others).  ``extraction``: what each
    trained model computes, as :func:`run_cell` says (a resumed cell keeps the record it has)."""
    if backend not in BACKENDS:
        raise InputError(f"backend must be one of {BACKENDS}, got {backend!r}")
    if jobs is not None and jobs < 1:
        raise InputError(f"jobs must be ≥ 1, got {jobs}")
    cells_dir = Path(out_dir) / "cells" if out_dir is not None else None
    max_len = max(spec.evaluation.test_max, spec.template.train_max_length)
    cells = spec.cells()
    records: list[dict | None] = [None] * len(cells)
    pending, paths = [], {}
    for i, cfg in enumerate(cells):
        name = cell_name(cfg)
        path = cells_dir / f"{name}.json" if cells_dir is not None else None
        paths[i] = path
        if path is not None and path.exists():
            record = json.loads(path.read_text())
            if record.get("train_config") != cfg.to_dict() or record.get("eval_config") != asdict(spec.evaluation):
                raise InputError(f"{path}: holds the result of a different configuration; "
                                 "use another output folder", parameters=("out_dir",))
            records[i] = record
        else:
            # absolute: a Ray worker may run in another working directory
            ckpt = Path(out_dir).resolve() / "checkpoints" / name if (checkpoints and out_dir is not None) else None
            pending.append((i, (cfg, spec.evaluation, max_len, ckpt, extraction)))
    bar = None
    if progress:
        bar = Counter(f"grid {spec.name}", True, len(cells), "cells", initial=len(cells) - len(pending))
        bar.update(0, "starting")
    if backend == "ray":
        finished = _ray_cells(pending, jobs, address) if pending else iter(())
    else:
        finished = _local_cells(pending, jobs or 1, bar, cells_dir)
    try:
        for i, record in finished:
            if paths[i] is not None:
                write_atomic(paths[i], json.dumps(record, indent=1).encode())
            records[i] = record
            if on_cell is not None:
                on_cell(record)
            if bar is not None:
                bar.update(1, f"{cell_label(cells[i])} done")
    finally:
        close = getattr(finished, "close", None)
        if close is not None:       # stops a pool or Ray run that was left early
            close()
        if bar is not None:
            bar.close()
    return records


def _acc(record: dict, kind: str):
    s = record["sets"].get(kind)
    return None if s is None else s["accuracy"]


def aggregate(records: list[dict]) -> list[dict]:
    """One row per (language, pattern, positional), in first-seen order.

    ``accuracy`` and ``longest_perfect_length`` are those of the best run (highest random-set
    accuracy, ties to the longer N*), ``accuracy_mean``/``accuracy_std`` over all runs;
    ``adversarial_accuracy`` and ``periodic_accuracy`` are the best run's, with means;
    ``extraction`` the best run's, when it was extracted."""
    groups: dict[tuple, list[dict]] = {}
    for r in records:
        groups.setdefault((r["language"], r["pattern"], r.get("positional", "none")), []).append(r)
    rows = []
    for (lang, pat, pos), runs in groups.items():
        accs = [_acc(r, "random") for r in runs]
        valid = [a for a in accs if a is not None]
        best = max(runs, key=lambda r: (_acc(r, "random") or 0.0,
                                        r["sets"].get("random", {}).get("longest_perfect_length", 0)))

        def mean_of(kind):
            vals = [_acc(r, kind) for r in runs if _acc(r, kind) is not None]
            return float(np.mean(vals)) if vals else None

        rows.append({
            "language": lang, "pattern": pat, "positional": pos,
            "accuracy": _acc(best, "random"),
            "longest_perfect_length": best["sets"]["random"]["longest_perfect_length"],
            "adversarial_accuracy": _acc(best, "adversarial"),
            "periodic_accuracy": _acc(best, "periodic"),
            "accuracy_mean": float(np.mean(valid)) if valid else None,
            "accuracy_std": float(np.std(valid)) if valid else None,
            "adversarial_accuracy_mean": mean_of("adversarial"),
            "runs": len(runs),
            "best_run": {"seed": best["seed"], "lr": best["lr"]},
            **({"extraction": best["extraction"]} if best.get("extraction") is not None else {}),
        })
    return rows
