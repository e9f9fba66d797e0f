"""``attnlogic experiment``: train global / local / hybrid transformers on formal languages and
measure length generalisation; or (``--lm``) train them as next-token language models."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ..errors import InputError
from ..progress import wanted
from ._common import print_json

HELP = "train global/local/hybrid transformers on formal languages, measure length generalisation"
DESCRIPTION = """\
Runs a grid languages × attention patterns × seeds × learning rates: each cell trains a
transformer recogniser (class read at EOS) on lengths ≤ --train-max and evaluates it on every
length of --test-min..--test-max, on a random balanced set, an adversarial set (the negatives
of Li & Cotterell 2025) and the theory's periodic pairs.  Writes results.json, results.md and
per-length PNG plots to --out; cells already written there are skipped (resumable).

Presets:
  quick   ENDS-A, STARTS-A, LT-2, DYCK-(1,1) x global, local:1, hybrid:1; small model
          (2 layers, width 32, 2 heads), 300 steps, train <= 20, test 21-100 (CPU, < 5 min)
  table1  the 12 languages of Li & Cotterell 2025 Table 1, global, 5 seeds x 3 lrs,
          5 layers x 64, train <= 40, test 41-500, 512 words per length (GPU)
  local   the 8 languages of Li & Cotterell 2026 x global, local:{1,2,4}, hybrid:{1,2,4}

Language modelling: --lm FILE (WikiText-2 raw format accepted) or --lm builtin trains the
patterns as next-token models and reports perplexity per pattern.

Examples:
  attnlogic experiment --quick --json
  attnlogic experiment --preset table1 --device cuda --steps 20000 --out results/table1
  attnlogic experiment --preset local --languages ENDS-A,STARTS-A --seeds 0 --steps 5000
  attnlogic experiment --lm wiki.train.raw --patterns global,local:1,hybrid:1 --json
"""


def _csv(text: str | None, kind=str) -> tuple | None:
    if text is None:
        return None
    try:
        items = tuple(kind(t.strip()) for t in text.split(",") if t.strip())
    except ValueError:
        raise InputError(f"cannot read {text!r} as a comma-separated list") from None
    if not items:
        raise InputError(f"empty list {text!r}")
    return items


def add_arguments(p) -> None:
    g = p.add_argument_group("grid")
    g.add_argument("--quick", action="store_true", help="the quick CPU preset (same as --preset quick)")
    g.add_argument("--preset", choices=("quick", "table1", "local"), help="a predefined grid")
    g.add_argument("--languages", help="comma-separated language names (see --list)")
    g.add_argument("--patterns", help="comma-separated patterns: global, local:K, hybrid:K")
    g.add_argument("--seeds", help="comma-separated seeds")
    g.add_argument("--lrs", help="comma-separated learning rates")
    g.add_argument("--list", action="store_true", help="list the languages and exit")
    m = p.add_argument_group("model and training")
    m.add_argument("--positional", choices=("none", "learned", "sinusoidal", "rope"))
    m.add_argument("--d-model", type=int)
    m.add_argument("--layers", type=int)
    m.add_argument("--heads", type=int)
    m.add_argument("--steps", type=int)
    m.add_argument("--batch-size", type=int)
    m.add_argument("--train-max", type=int, help="longest training length")
    m.add_argument("--adversarial-fraction", type=float,
                   help="share of adversarial positives/negatives in training batches (default 0.5)")
    m.add_argument("--device", default=None, help="cpu, cuda or auto (default cpu)")
    m.add_argument("--threads", type=int, help="torch CPU threads per run")
    m.add_argument("--jobs", type=int,
                   help="runs at once, in separate processes (default: 2 for --quick, else 1)")
    m.add_argument("--checkpoints", action="store_true",
                   help="save resumable checkpoints (safetensors + JSON) under OUT/checkpoints")
    m.add_argument("--checkpoint-every", type=int)
    e = p.add_argument_group("evaluation")
    e.add_argument("--test-min", type=int)
    e.add_argument("--test-max", type=int)
    e.add_argument("--samples", type=int, help="words per test length (half positive)")
    e.add_argument("--test-stride", type=int,
                   help="evaluate every S-th test length only (default 1: every length; to scale a run down)")
    o = p.add_argument_group("output")
    o.add_argument("--out", help="output folder (results.json, results.md, PNGs, cells/)")
    o.add_argument("--no-plots", action="store_true")
    o.add_argument("--no-progress", action="store_true",
                   help="no progress bars on stderr (default: shown when stderr is a terminal)")
    o.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    lm = p.add_argument_group("language modelling")
    lm.add_argument("--lm", metavar="FILE", help="train next-token models on FILE ('builtin': a generated corpus)")
    lm.add_argument("--context", type=int, help="LM context length (default 64)")


def _grid_from_args(args):
    from dataclasses import replace

    from ..experiments.grid import preset

    name = "quick" if args.quick else (args.preset or "quick")
    if args.quick and args.preset and args.preset != "quick":
        raise InputError("--quick contradicts --preset " + args.preset)
    spec = preset(name)
    t = spec.template
    overrides = {k: v for k, v in {
        "positional": args.positional, "d_model": args.d_model, "n_layers": args.layers,
        "n_heads": args.heads, "steps": args.steps, "batch_size": args.batch_size,
        "train_max_length": args.train_max, "device": args.device, "threads": args.threads,
        "adversarial_fraction": args.adversarial_fraction, "checkpoint_every": args.checkpoint_every,
    }.items() if v is not None}
    for key in ("d_model", "n_layers", "n_heads", "train_max_length", "threads"):
        if key in overrides and overrides[key] < 1:
            raise InputError(f"--{key.replace('_', '-')} must be ≥ 1")
    template = replace(t, **overrides)
    ev = spec.evaluation
    ev_over = {k: v for k, v in {"test_min": args.test_min, "test_max": args.test_max,
                                 "samples": args.samples, "test_stride": args.test_stride}.items()
               if v is not None}
    ev = replace(ev, train_max=template.train_max_length, **ev_over)
    if ev.test_min > ev.test_max:
        raise InputError(f"--test-min {ev.test_min} exceeds --test-max {ev.test_max}")
    if ev.samples < 2:
        raise InputError("--samples must be ≥ 2")
    if ev.test_stride < 1:
        raise InputError("--test-stride must be ≥ 1")
    if ev.test_min < 1:
        raise InputError("--test-min must be ≥ 1")
    spec = replace(spec, template=template, evaluation=ev,
                   languages=_csv(args.languages) or spec.languages,
                   patterns=_csv(args.patterns) or spec.patterns,
                   seeds=_csv(args.seeds, int) or spec.seeds,
                   lrs=_csv(args.lrs, float) or spec.lrs)
    _check_patterns(spec.patterns, template.n_heads)
    return spec


def _check_patterns(patterns, n_heads: int) -> None:
    from ..patterns import AttentionPattern

    for p in patterns:
        try:
            AttentionPattern.parse(p).heads(n_heads)
        except ValueError as exc:
            raise InputError(f"--patterns: {exc}") from None


def _run_lm(args) -> int:
    from ..experiments.lm import LMConfig, builtin_corpus, read_corpus, run_lm_patterns
    from ..experiments.train import resolve_device

    patterns = _csv(args.patterns) or ("global", "local:1", "hybrid:1")
    path = None
    if args.lm == "builtin":
        text, source = builtin_corpus(), "builtin"
    else:
        path = Path(args.lm)
        if not path.is_file():
            raise InputError(f"--lm: no such file {args.lm!r}")
        text, source = read_corpus(path), str(path)
    cfg = LMConfig(
        positional=args.positional or "learned", d_model=args.d_model or 64, n_layers=args.layers or 2,
        n_heads=args.heads or 2, steps=args.steps if args.steps is not None else 300,
        batch_size=args.batch_size or 32, context=args.context or 64,
        device=resolve_device(args.device or "cpu"), threads=args.threads or 1,
        seed=(_csv(args.seeds, int) or (0,))[0])
    _check_patterns(patterns, cfg.n_heads)
    t0 = time.perf_counter()
    rows = run_lm_patterns(text, patterns, cfg, path=path, progress=wanted(args))
    out = {"source": source, "config": cfg.to_dict(), "results": rows,
           "seconds": round(time.perf_counter() - t0, 1)}
    if args.out:
        from ..experiments.lm import write_lm_report
        write_lm_report(Path(args.out), out)
    if args.json:
        print_json(out)
    else:
        print(f"{'pattern':<12} {'val ppl':>10} {'train ppl':>10}")
        for r in rows:
            print(f"{r['pattern']:<12} {r['perplexity']:>10.3f} {r['train_perplexity']:>10.3f}")
    return 0


def run(args) -> int:
    if args.list:
        from ..experiments.languages import LANGUAGES
        for spec in LANGUAGES.values():
            print(f"{spec.name:<12} {''.join(spec.alphabet) if all(len(a) == 1 for a in spec.alphabet) else spec.alphabet}"
                  f"  {spec.regex or 'a^n b^n'}  ({spec.description}; negatives: {spec.adversarial})")
        return 0
    if args.lm:
        return _run_lm(args)
    from ..experiments.grid import aggregate, run_grid
    from ..experiments.report import markdown_tables, write_report
    from ..experiments.train import resolve_device

    spec = _grid_from_args(args)
    resolve_device(spec.template.device)
    t0 = time.perf_counter()
    jobs = args.jobs if args.jobs is not None else (2 if spec.name == "quick" else 1)
    if jobs < 1:
        raise InputError("--jobs must be ≥ 1")
    records = run_grid(spec, Path(args.out) if args.out else None, progress=wanted(args),
                       checkpoints=args.checkpoints, jobs=jobs)
    rows = aggregate(records)
    seconds = round(time.perf_counter() - t0, 1)
    files = []
    if args.out:
        files = [str(p) for p in write_report(Path(args.out), spec.to_dict(), rows, records,
                                              title=f"attnlogic experiment: {spec.name}",
                                              plots=not args.no_plots)]
    if args.json:
        print_json({"preset": spec.name, "results": rows, "seconds": seconds, "files": files})
    else:
        sys.stdout.write(markdown_tables(rows, records, f"attnlogic experiment: {spec.name}") + "\n")
        print(f"{len(records)} runs in {seconds} s" + (f"; files in {args.out}" if args.out else ""))
    return 0
