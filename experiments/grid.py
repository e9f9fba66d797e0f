"""A grid of runs (languages × attention patterns × seeds × learning rates) and its presets.

Each cell trains one model (:func:`attnlogic.experiments.train.train`) and evaluates it
(:func:`attnlogic.experiments.evaluate.evaluate_model`); its result is written to
``<out>/cells/<cell>.json`` as soon as it is done, so an interrupted grid resumes by skipping
the cells already written (and, with checkpoints on, the cell in progress resumes from its
last checkpoint).  Runs are aggregated per (language, pattern) as in Li & Cotterell's
Table 1: the best run's accuracy (their success criterion is 100 % in at least one run) and
the mean ± std over all runs.

Presets:

* ``quick``: the four languages ENDS-A, STARTS-A, LT-2, DYCK-(1,1) × global, local:1,
  hybrid:1, one seed; a SMALL model (2 layers, width 32, 2 heads: one global and one local
  head for hybrid), 300 Adam steps of batch 64 at lr 3e-3, training lengths 1–20, test
  lengths 21–100 with 64 words per length, ONE torch thread (for a model this small, 2 threads
  on a loaded 2-core machine were measured 10–50× slower per step: OpenMP threads spin against
  the other processes).  Sized for a 2-core CPU in under 5 minutes.
* ``table1``: the 12 languages of Li & Cotterell (NeurIPS 2025) Table 1, global attention,
  5 seeds × lr ∈ {1e-4, 3e-4, 5e-4}, 5 layers × width 64, 8 heads, batch 128, train ≤ 40,
  test 41–500 with 512 words per length.  The paper trains 1,000,000 steps; the preset's
  default is 1,000,000 too (``--steps`` scales it down).  Sized for a GPU.
* ``local``: the eight languages of Li & Cotterell (2026) (docs/languages.md) × global, local:k, hybrid:k for k ∈ {1, 2, 4}; otherwise as table1.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable

import numpy as np

from ..errors import InputError
from .data import LanguageData
from .evaluate import EvalConfig, evaluate_model
from .languages import LOCAL_GRID, QUICK, TABLE1, get_language
from attnlogic.fileio import write_bytes_atomic as write_atomic

from .train import TrainConfig, train

__all__ = ["GridSpec", "PRESETS", "preset", "cell_name", "run_grid", "aggregate"]


@dataclass(frozen=True)
class GridSpec:
    """The cells are ``replace(template, language=l, pattern=p, seed=s, lr=r)`` for every
    combination; every cell is evaluated with ``evaluation``."""

    name: str
    languages: tuple[str, ...]
    patterns: tuple[str, ...]
    seeds: tuple[int, ...]
    lrs: tuple[float, ...]
    template: TrainConfig
    evaluation: EvalConfig

    def __post_init__(self):
        for lang in self.languages:
            get_language(lang)
        if not (self.languages and self.patterns and self.seeds and self.lrs):
            raise InputError("a grid needs at least one language, pattern, seed and learning rate")
        if self.evaluation.test_min <= self.template.train_max_length:
            raise InputError("test lengths must start above the training lengths")

    def cells(self) -> list[TrainConfig]:
        return [replace(self.template, language=lang, pattern=p, seed=s, lr=lr)
                for lang in self.languages for p in self.patterns for s in self.seeds for lr in self.lrs]

    def to_dict(self) -> dict:
        d = asdict(self)
        d["template"] = {k: v for k, v in d["template"].items() if k not in ("language", "pattern", "seed", "lr")}
        return d


_QUICK_TRAIN = TrainConfig("ENDS-A", d_model=32, n_layers=2, n_heads=2, steps=300, batch_size=64,
                           lr=3e-3, train_max_length=20, threads=1)
_PAPER_TRAIN = TrainConfig("ENDS-A", d_model=64, n_layers=5, n_heads=8, steps=1_000_000, batch_size=128,
                           lr=3e-4, train_max_length=40, checkpoint_every=10_000)
_PAPER_EVAL = EvalConfig(test_min=41, test_max=500, samples=512, train_max=40)

PRESETS: dict[str, GridSpec] = {
    "quick": GridSpec("quick", QUICK, ("global", "local:1", "hybrid:1"), (0,), (3e-3,), _QUICK_TRAIN,
                      EvalConfig(test_min=21, test_max=100, samples=64, train_max=20)),
    "table1": GridSpec("table1", TABLE1, ("global",), (0, 1, 2, 3, 4), (1e-4, 3e-4, 5e-4), _PAPER_TRAIN,
                       _PAPER_EVAL),
    "local": GridSpec("local", LOCAL_GRID,
                      ("global", "local:1", "local:2", "local:4", "hybrid:1", "hybrid:2", "hybrid:4"),
                      (0, 1, 2, 3, 4), (1e-4, 3e-4, 5e-4), _PAPER_TRAIN, _PAPER_EVAL),
}


def preset(name: str) -> GridSpec:
    try:
        return PRESETS[name]
    except KeyError:
        raise InputError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None


def cell_name(cfg: TrainConfig) -> str:
    """A file-name-safe id of a cell, e.g. ``DYCK-(1,1)__hybrid1__s0__lr0.003``."""
    pat = cfg.pattern.replace(":", "")
    safe = cfg.language.replace("(", "").replace(")", "").replace(",", "-")
    return f"{safe}__{pat}__{cfg.positional}__s{cfg.seed}__lr{cfg.lr:g}"


def run_cell(cfg: TrainConfig, data: LanguageData, evaluation: EvalConfig,
             checkpoint_dir: Path | None, progress: bool) -> dict:
    result = train(cfg, data=data, checkpoint_dir=checkpoint_dir, progress=progress)
    t0 = time.perf_counter()
    sets = evaluate_model(result.model, data, evaluation)
    tail = result.losses[-50:]
    return {
        "language": cfg.language, "pattern": cfg.pattern, "positional": cfg.positional,
        "seed": cfg.seed, "lr": cfg.lr,
        "train_config": cfg.to_dict(), "eval_config": asdict(evaluation),
        "final_loss": float(np.mean(tail)) if tail else None,
        "train_seconds": round(result.seconds, 2), "eval_seconds": round(time.perf_counter() - t0, 2),
        "sets": {k: v.to_dict() for k, v in sets.items()},
    }


@lru_cache(maxsize=4)
def _language_data(language: str, max_length: int) -> LanguageData:
    """Samplers of a language, built once per process."""
    return LanguageData(get_language(language), max_length)


def _run_and_store(cfg: TrainConfig, evaluation: EvalConfig, max_length: int, checkpoint_dir: Path | None,
                   path: Path | None, progress: bool) -> dict:
    """One cell: train, evaluate, write ``path`` (atomically).  Runs in a worker with --jobs."""
    record = run_cell(cfg, _language_data(cfg.language, max_length), evaluation, checkpoint_dir, progress)
    if path is not None:
        write_atomic(path, json.dumps(record, indent=1).encode())
    return record


def _worker_signals() -> None:
    """In a worker: Ctrl-C is for the parent, which stops the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool, cells_dir: Path | None, grace: float = 2.0) -> None:
    """Cancel the queued cells, terminate the running workers (SIGTERM, then SIGKILL after
    ``grace`` seconds); finished cells stay in ``cells_dir`` for a resumed run, and the
    temporary file of a worker killed while writing (``.NAME.*.tmp``, see attnlogic.fileio)
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
             on_cell: Callable[[dict], None] | None = None, jobs: int = 1) -> list[dict]:
    """Run (or resume) every cell; returns the cell records in grid order.

    ``jobs`` > 1 runs that many cells at once in separate processes (each cell is a pure
    function of its config, so the records do not depend on ``jobs``)."""
    cells_dir = Path(out_dir) / "cells" if out_dir is not None else None
    max_len = max(spec.evaluation.test_max, spec.template.train_max_length)
    cells = spec.cells()
    records: list[dict | None] = [None] * len(cells)
    pending = []
    for i, cfg in enumerate(cells):
        name = cell_name(cfg)
        path = cells_dir / f"{name}.json" if cells_dir is not None else None
        if path is not None and path.exists():
            record = json.loads(path.read_text())
            if record.get("train_config") != cfg.to_dict() or record.get("eval_config") != asdict(spec.evaluation):
                raise InputError(f"{path}: holds the result of a different configuration; "
                                 "use another output folder", parameters=("out_dir",))
            records[i] = record
        else:
            ckpt = Path(out_dir) / "checkpoints" / name if (checkpoints and out_dir is not None) else None
            pending.append((i, (cfg, spec.evaluation, max_len, ckpt, path)))
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=len(cells), initial=len(cells) - len(pending), desc=f"grid {spec.name}",
                   file=sys.stderr, dynamic_ncols=True)

    def done(i: int, record: dict) -> None:
        records[i] = record
        if on_cell is not None:
            on_cell(record)
        if bar is not None:
            bar.update(1)

    if jobs > 1 and len(pending) > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        ctx = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(pending)), mp_context=ctx,
                                   initializer=_worker_signals)
        try:
            futures = {pool.submit(_run_and_store, *job, False): i for i, job in pending}
            for fut in as_completed(futures):
                done(futures[fut], fut.result())
        except BaseException:            # Ctrl-C (or a failed cell): stop the workers now
            if bar is not None:
                bar.close()
            _stop_workers(pool, cells_dir)
            raise
        pool.shutdown()
    else:
        for i, job in pending:
            done(i, _run_and_store(*job, progress))
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
    ``adversarial_accuracy`` and ``periodic_accuracy`` are the best run's, with means."""
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
        })
    return rows
