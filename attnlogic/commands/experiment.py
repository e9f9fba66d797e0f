"""``attnlogic experiment``: train global / local / hybrid transformers (and the LSTM baseline)
on formal languages and measure length generalisation; or (``--lm``) train them as next-token
language models."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

from ..kernel.errors import InputError
from ._common import add_output_arguments, add_progress_arguments, print_json, split_alphabet

HELP = "train global/local/hybrid transformers on formal languages, measure length generalisation"
DESCRIPTION = """\
Runs a grid languages x attention patterns x positional encodings x seeds x learning rates:
each cell trains a recogniser (class read at EOS) on lengths <= --train-max and evaluates it on
every length of --test-min..--test-max, on a random balanced set, an adversarial set (the
negatives of Li & Cotterell 2025) and the theory's periodic pairs.  Writes results.json,
results.md and per-length PNG plots to --out; each cell is written to OUT/cells/ when it ends,
and the cells already there are skipped (a grid resumes where it stopped).  Every result
records its configuration, code revision, library versions, device, dtype and threads; on CPU
a rerun gives the same numbers bit for bit.

Presets (--quick alone is --preset quick; --quick with another preset: its CPU-sized variant):
  quick   ENDS-A, STARTS-A, LT-2, DYCK-(1,1) x global, local:1, hybrid:1; small model
          (2 layers, width 32, 2 heads), 300 steps, train <= 20, test 21-100 (CPU, minutes)
  table1  the 12 languages of Li & Cotterell 2025 Table 1, global and the LSTM baseline,
          5 seeds x 3 lrs, 5 layers x 64, train <= 40, test 41-500, 512 words per length (GPU)
  local   the 8 languages of Li & Cotterell 2026 x global, local:{1,2,4}, hybrid:{1,2,4}
  pe      ENDS-A, STARTS-A, LT-2, DYCK-(1,1) x global, local:1, hybrid:1 x NoPE, learned,
          SiPE (sinusoidal), RoPE
  gpt2-small  (with --lm) 12 layers, d = 768, 12 heads, context 1024, BPE learned on the
          training file

Extraction: after training, each cell's model is extracted (the DFA it computes, learned by
L* with the model as membership oracle and the checking engine as equivalence oracle, as
`attnlogic extract` does) within --extract-states, --extract-queries and --extract-seconds;
the report shows its size and least fragments next to the target's, whether the cell's
pattern can express each, and the shortest words where they differ, each confirmed by the
model (results.md, results.json, extracted_automata.png).

Languages: built-in names (--list), or a regex / formula / DFA file (--regex, --formula,
--dfa, with --alphabet): labels from the minimal DFA, the same length splits.

Backends: --backend local (default; --jobs processes) or --backend ray (every cell a Ray task;
a local Ray started on demand with --jobs CPUs, or an existing cluster with --address;
pip install 'attnlogic[cluster]').

Language modelling: --lm FILE|FOLDER|ZIP (WikiText-2 raw: wiki.train.raw, its folder or
wikitext-2-raw-v1.zip as distributed), --lm sample (a small shipped corpus) or --lm builtin.

Examples:
  attnlogic experiment --quick --json
  attnlogic experiment --preset table1 --device cuda --steps 20000 --out results/table1
  attnlogic experiment --preset local --languages ENDS-A,STARTS-A --seeds 0 --steps 5000
  attnlogic experiment --regex '(a|b)*aba(a|b)*' --alphabet ab --patterns global,hybrid:1
  attnlogic experiment --preset pe --quick --backend ray --out results/pe-quick
  attnlogic experiment --lm wikitext-2-raw-v1.zip --preset gpt2-small --device cuda
"""

_PE_ALIASES = {"nope": "none", "sipe": "sinusoidal", "ape": "learned", "absolute": "learned"}
_GRID_PRESETS = ("quick", "table1", "local", "pe")
_LM_PRESETS = ("gpt2-small",)


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


def _positionals(text: str | None) -> tuple[str, ...] | None:
    from ..transformer.config import POSITIONAL_KINDS

    items = _csv(text)
    if items is None:
        return None
    out = tuple(_PE_ALIASES.get(p.lower(), p.lower()) for p in items)
    for p in out:
        if p not in POSITIONAL_KINDS:
            raise InputError(f"--positional: unknown encoding {p!r}; known: none (NoPE), learned, "
                             "sinusoidal (SiPE), rope")
    return out


def add_arguments(p) -> None:
    g = p.add_argument_group("grid")
    g.add_argument("--quick", action="store_true",
                   help="the quick CPU preset, or with --preset the CPU-sized variant of that preset")
    g.add_argument("--preset", choices=_GRID_PRESETS + _LM_PRESETS, help="a predefined grid (gpt2-small: with --lm)")
    g.add_argument("--languages", help="comma-separated language names (see --list); DYCK-(1,1) stays whole")
    g.add_argument("--regex", "-r", metavar="R", help="train on the language of a regular expression")
    g.add_argument("--formula", "-f", metavar="F", help="train on the language of a past-time formula")
    g.add_argument("--dfa", metavar="FILE",
                   help="train on the language of a DFA file (any format --dfa reads: JSON, HOA, DOT, "
                        "GraphML, AT&T, pleb)")
    g.add_argument("--alphabet", "-a", metavar="A", help="letters of --regex/--formula: abc or a,b,c")
    g.add_argument("--patterns", help="comma-separated patterns: global, local:K, hybrid:K, lstm")
    g.add_argument("--seeds", help="comma-separated seeds")
    g.add_argument("--lrs", help="comma-separated learning rates")
    g.add_argument("--list", action="store_true", help="list the languages and exit")
    m = p.add_argument_group("model and training")
    m.add_argument("--positional", help="positional encodings, comma-separated: none, learned, sinusoidal "
                                        "(SiPE), rope")
    m.add_argument("--d-model", type=int, help="width of the transformer (default: the preset's)")
    m.add_argument("--layers", type=int, help="transformer layers (default: the preset's)")
    m.add_argument("--heads", type=int, help="attention heads per layer (default: the preset's)")
    m.add_argument("--lstm-hidden", type=int, help="hidden size of the LSTM baseline (default 256, the paper's)")
    m.add_argument("--steps", type=int, help="training steps (default: the preset's)")
    m.add_argument("--batch-size", type=int, help="words per training batch (default: the preset's)")
    m.add_argument("--train-max", type=int, help="longest training length")
    m.add_argument("--adversarial-fraction", type=float,
                   help="share of adversarial positives/negatives in training batches (default 0.5)")
    m.add_argument("--device", default=None, help="cpu, cuda or auto (default cpu)")
    m.add_argument("--threads", type=int, help="torch CPU threads per run")
    m.add_argument("--checkpoints", action="store_true",
                   help="save resumable checkpoints (safetensors + JSON) under OUT/checkpoints")
    m.add_argument("--checkpoint-every", type=int,
                   help="with --checkpoints: save every N steps (default: the preset's; 0: only at the end)")
    b = p.add_argument_group("backend")
    b.add_argument("--backend", choices=("local", "ray"), default=None,
                   help="local processes (default) or Ray tasks (pip install 'attnlogic[cluster]')")
    b.add_argument("--jobs", type=int,
                   help="cells at once: local processes (default 2 for --quick, else 1), or the CPUs "
                        "of a local Ray (default all)")
    b.add_argument("--address", help="with --backend ray: an existing Ray cluster (e.g. auto or ray://HOST:10001)")
    e = p.add_argument_group("evaluation")
    e.add_argument("--test-min", type=int, help="shortest test length (default: the preset's)")
    e.add_argument("--test-max", type=int, help="longest test length (default: the preset's)")
    e.add_argument("--samples", type=int, help="words per test length (half positive)")
    e.add_argument("--test-stride", type=int,
                   help="evaluate every S-th test length only (default 1: every length; to scale a run down)")
    e.add_argument("--extract-states", type=int, metavar="N",
                   help="extract the DFA each trained model computes (L*, as attnlogic extract) with hypotheses "
                        "of at most N states (default 20; 0: no extraction)")
    e.add_argument("--extract-queries", type=int, metavar="N",
                   help="most words run through each model by its extraction (default 20,000)")
    e.add_argument("--extract-seconds", type=float, metavar="S",
                   help="seconds each extraction may take (default 30)")
    o = p.add_argument_group("output")
    o.add_argument("--out", help="output folder (results.json, results.md, PNGs, cells/)")
    o.add_argument("--no-plots", action="store_true", help="write no PNG plots")
    add_progress_arguments(o, force=True)
    add_output_arguments(o, "print one JSON object on stdout")
    lm = p.add_argument_group("language modelling")
    lm.add_argument("--lm", metavar="CORPUS",
                    help="train next-token models: a text file, a WikiText folder or zip, 'sample' or 'builtin'")
    lm.add_argument("--context", type=int, help="LM context length (default 64; gpt2-small 1024)")
    lm.add_argument("--tokenizer", choices=("char", "bpe"), help="LM tokens: characters or BPE learned on "
                                                                 "the training file")
    lm.add_argument("--vocab-size", type=int, help="largest BPE vocabulary (default 50257)")
    p.set_defaults(_flags=tuple((a.dest, a.option_strings[-1] if a.option_strings[-1].startswith("--")
                                 else a.option_strings[0], a.nargs == 0)
                                for a in p._actions if a.option_strings and a.dest != "help"))


def command_line(args) -> str:
    """The canonical command that reruns ``args`` (every option given, in a fixed order)."""
    parts = ["attnlogic", "experiment"]
    for dest, flag, is_switch in getattr(args, "_flags", ()):
        value = getattr(args, dest, None)
        if is_switch:
            if value:
                parts.append(flag)
        elif value is not None:
            parts += [flag, str(value)]
    return " ".join(shlex.quote(x) for x in parts)


def _source_languages(args) -> tuple[str, ...]:
    from ..experiments.languages import source_language_name

    alphabet = split_alphabet(args.alphabet)
    out = []
    if args.regex is not None:
        out.append(source_language_name("regex", args.regex, alphabet))
    if args.formula is not None:
        out.append(source_language_name("formula", args.formula, alphabet))
    if args.dfa is not None:
        from ..automata.io import dfa_to_json
        from ..automata.sources import load_language
        out.append(source_language_name("dfa", dfa_to_json(load_language(dfa=args.dfa, alphabet=alphabet).dfa)))
    if alphabet is not None and args.regex is None and args.formula is None and args.dfa is None:
        raise InputError("--alphabet needs --regex, --formula or --dfa")
    return tuple(out)


def _grid_from_args(args):
    from dataclasses import replace

    from ..experiments.grid import preset
    from ..experiments.languages import split_language_list

    if args.preset in _LM_PRESETS:
        raise InputError(f"--preset {args.preset} is a language-modelling preset: give --lm CORPUS")
    name = args.preset or "quick"
    spec = preset(name, quick=args.quick)
    t = spec.template
    overrides = {k: v for k, v in {
        "d_model": args.d_model, "n_layers": args.layers, "lstm_hidden": args.lstm_hidden,
        "n_heads": args.heads, "steps": args.steps, "batch_size": args.batch_size,
        "train_max_length": args.train_max, "device": args.device, "threads": args.threads,
        "adversarial_fraction": args.adversarial_fraction, "checkpoint_every": args.checkpoint_every,
    }.items() if v is not None}
    for key in ("d_model", "n_layers", "n_heads", "train_max_length", "threads", "lstm_hidden"):
        if key in overrides and overrides[key] < 1:
            raise InputError(f"--{key.replace('_', '-')} must be ≥ 1")
    positionals = _positionals(args.positional)
    if positionals is not None and len(positionals) == 1:
        overrides["positional"] = positionals[0]
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
    named = split_language_list(args.languages) if args.languages is not None else ()
    if args.languages is not None and not named:
        raise InputError(f"--languages: empty list {args.languages!r}")
    sources = _source_languages(args)
    languages = (named + sources) or spec.languages
    spec = replace(spec, template=template, evaluation=ev, languages=languages,
                   patterns=_csv(args.patterns) or spec.patterns,
                   seeds=_csv(args.seeds, int) or spec.seeds,
                   lrs=_csv(args.lrs, float) or spec.lrs,
                   positionals=positionals if positionals is not None and len(positionals) > 1
                   else (() if positionals is not None else spec.positionals))
    _check_patterns(spec.patterns, template.n_heads, allow_lstm=True)
    return spec


def _check_patterns(patterns, n_heads: int, allow_lstm: bool = False) -> None:
    from ..experiments.train import LSTM
    from ..kernel.patterns import AttentionPattern

    for p in patterns:
        if allow_lstm and p == LSTM:
            continue
        try:
            AttentionPattern.parse(p).heads(n_heads)
        except ValueError as exc:
            raise InputError(f"--patterns: {exc}") from None


def _run_lm(args) -> int:
    from dataclasses import replace

    from ._common import starting

    with starting(args, "experiment", "loading torch"):      # seconds: a line at once on a terminal
        from ..experiments.lm import LM_PRESETS, load_corpus, run_lm_patterns
        from ..experiments.provenance import environment
        from ..experiments.train import resolve_device

    if args.preset is not None and args.preset not in _LM_PRESETS:
        raise InputError(f"--preset {args.preset} is a recognition grid; with --lm use "
                         f"{', '.join(_LM_PRESETS)} or no preset")
    base = LM_PRESETS[args.preset or "char"]
    positionals = _positionals(args.positional)
    if positionals is not None and len(positionals) > 1:
        raise InputError("--lm takes one --positional encoding per run")
    over = {k: v for k, v in {
        "positional": positionals[0] if positionals else None, "d_model": args.d_model, "n_layers": args.layers,
        "n_heads": args.heads, "steps": args.steps, "batch_size": args.batch_size, "context": args.context,
        "threads": args.threads, "tokenizer": args.tokenizer, "vocab_size": args.vocab_size,
        "device": args.device}.items() if v is not None}
    cfg = replace(base, **over)
    cfg = replace(cfg, device=resolve_device(cfg.device))
    patterns = _csv(args.patterns) or ("global", "local:1", "hybrid:1")
    _check_patterns(patterns, cfg.n_heads)
    corpus = load_corpus(args.lm)
    from ..kernel.progress import wanted

    t0 = time.perf_counter()
    rows = run_lm_patterns(corpus, patterns, cfg, progress=wanted(args),
                           seeds=_csv(args.seeds, int), lrs=_csv(args.lrs, float))
    out = {"command": command_line(args), "source": corpus.source, "preset": args.preset or "char",
           "config": cfg.to_dict(), "environment": environment(cfg.device, cfg.threads), "results": rows,
           "seconds": round(time.perf_counter() - t0, 1)}
    if args.out:
        from ..experiments.lm import write_lm_report
        write_lm_report(Path(args.out), out)
    if args.json:
        print_json(out)
    else:
        print(f"{'pattern':<12} {'seed':>4} {'lr':>8} {'val ppl':>10} {'train ppl':>10}")
        for r in rows:
            print(f"{r['pattern']:<12} {r['seed']:>4} {r['lr']:>8g} {r['perplexity']:>10.3f} "
                  f"{r['train_perplexity']:>10.3f}")
    return 0


def _list() -> int:
    from ..experiments.languages import LANGUAGES
    from ..kernel.words import separator

    for spec in LANGUAGES.values():
        letters = "".join(spec.alphabet) if separator(spec.alphabet) == "" else spec.alphabet
        print(f"{spec.name:<12} {letters}  {spec.regex or 'a^n b^n'}  "
              f"({spec.description}; negatives: {spec.adversarial})")
    print("or any language given by --regex, --formula or --dfa (negatives: flip)")
    return 0


def _extraction(args):
    """The extraction of each trained cell (:func:`attnlogic.extraction.extract_cell` with the
    budget of --extract-states/--extract-queries/--extract-seconds), or None with
    --extract-states 0."""
    import functools
    import math

    from ..extraction import CellBudget, extract_cell

    budget = CellBudget()
    if args.extract_states is not None and args.extract_states < 0:
        raise InputError(f"--extract-states must be >= 0, got {args.extract_states}")
    if args.extract_states == 0:
        return None
    if args.extract_queries is not None and args.extract_queries < 1:
        raise InputError(f"--extract-queries must be >= 1, got {args.extract_queries}")
    if args.extract_seconds is not None and not (math.isfinite(args.extract_seconds) and args.extract_seconds > 0):
        raise InputError(f"--extract-seconds must be a finite number > 0, got {args.extract_seconds}")
    from dataclasses import replace

    budget = replace(budget, **{k: v for k, v in {"max_states": args.extract_states,
                                                  "max_queries": args.extract_queries,
                                                  "time_budget": args.extract_seconds}.items() if v is not None})
    return functools.partial(extract_cell, budget=budget)


def run(args) -> int:
    if args.list:
        return _list()
    if args.lm:
        return _run_lm(args)
    from ._common import starting

    with starting(args, "experiment", "loading torch"):      # seconds: a line at once on a terminal
        from ..experiments.grid import aggregate, run_grid
        from ..experiments.report import markdown_tables, write_report
        from ..experiments.train import resolve_device

        spec = _grid_from_args(args)
        resolve_device(spec.template.device)
    backend = args.backend or "local"
    if args.address is not None and backend != "ray":
        raise InputError("--address needs --backend ray")
    if args.jobs is not None and args.jobs < 1:
        raise InputError("--jobs must be ≥ 1")
    jobs = args.jobs if args.jobs is not None else (
        None if backend == "ray" else (2 if spec.name.endswith("quick") else 1))
    from ..kernel.progress import wanted

    extraction = _extraction(args)
    t0 = time.perf_counter()
    records = run_grid(spec, Path(args.out) if args.out else None, progress=wanted(args),
                       checkpoints=args.checkpoints, jobs=jobs, backend=backend, address=args.address,
                       extraction=extraction)
    rows = aggregate(records)
    seconds = round(time.perf_counter() - t0, 1)
    files = []
    if args.out:
        files = [str(p) for p in write_report(Path(args.out), spec.to_dict(), rows, records,
                                              title=f"attnlogic experiment: {spec.name}",
                                              plots=not args.no_plots, command=command_line(args))]
    if args.json:
        print_json({"preset": spec.name, "results": rows, "seconds": seconds, "files": files})
    else:
        sys.stdout.write(markdown_tables(rows, records, f"attnlogic experiment: {spec.name}") + "\n")
        print(f"{len(records)} runs in {seconds} s" + (f"; files in {args.out}" if args.out else ""))
    return 0
