"""``attnlogic census``: every minimal DFA with at most N states, classified in every fragment."""

from __future__ import annotations

import sys
from pathlib import Path

from ._common import add_output_arguments

HELP = "classify every minimal DFA with at most N states over an alphabet (counts per fragment)"
DESCRIPTION = """\
Enumerate every minimal complete DFA with at most N states over the alphabet — one per
regular language, up to isomorphism, generated in order (canonical string
representations) — and classify each in LTL[P], LTL[Y], LTL[P,Y], LTL[S] (in bulk, by a
compiled kernel) and LTL[Y<=K], LTL[P,Y<=K] for each --window K (default 2; none with
--no-windows), and in each registered class named by --class (those with a column of the
census kernel in bulk too, up to 7 states: SL, SP, RD, GD, LT, LTT, PT, FO2[<], DD1, TSL, GR,
AMT, COM, MOD, MOD⁺, GR⁺, AMT⁺, Pol(ST), Pol2(ST), co-Pol2(ST), Pol(DD), the MOD fragments,
FL(ST), FL(DD), TL(DD), TL(MOD), TL(MOD⁺), BPol(MOD), UPol(MOD⁺), FL(MOD), FL(MOD⁺), BPol(GR),
Pol(GR), Pol(MOD), JOrb(DD), JOrb(MOD) and JOrb(MOD⁺); PLT, TLT, TLTT, TPT, TPLT by those
columns on the letters that act; the others one
language at a time; --class subregular, groups, hierarchy, mod, future or kernels names a
group of them).  Prints, per fragment (and
its attention pattern) and number of states, how many languages are in it; the profiles
(which set of fragments a language lies in) with their counts; and every undecided answer
with its DFA.  The verdicts are the classifier's, computed without certificates (use
classify on one language for its formula or witness).

The count grows fast (2, 24, 1028, 56014, 3705306, 286717796 languages over two letters for
N = 1 … 6): --max-dfas bounds the upper bound checked before enumerating (default 100000
when languages are classified one at a time, 400000000 with --no-windows and no --class
but those decided in bulk).
--check-counts compares the number of languages of each size with the published counts.

The census is cut into shards (a size and a prefix of the string representation).
--backend ray runs them as Ray tasks (local Ray with --jobs CPUs, or --address of a
cluster); --out DIR writes each shard to DIR/shards/ as it finishes, so that the same
command resumes a stopped run; the tables are the same bytes with every backend;
--partial prints the counts of the shards DIR holds so far (classifying nothing).
--dataset FILE.jsonl.gz writes one line per language (its DFA and every verdict).

Examples:
  attnlogic census --max-states 3 --alphabet ab
  attnlogic census --max-states 2 --alphabet abc --json --each
  attnlogic census --max-states 5 --alphabet ab --no-windows --check-counts
  attnlogic census -n 5 -a ab --no-windows --backend ray --out runs/census-5ab --dataset census-5ab.jsonl.gz
  attnlogic census -n 6 -a ab --no-windows --class subregular --check-counts --out runs/census-6ab --progress
"""


def add_arguments(parser) -> None:
    from ._common import add_budget_arguments, add_class_argument, add_progress_arguments, add_window_argument

    parser.add_argument("--max-states", "-n", type=int, required=True, metavar="N",
                        help="largest number of states of the minimal DFAs")
    parser.add_argument("--alphabet", "-a", metavar="A", required=True,
                        help="letters: abc, or separated by commas or spaces (a,b,c / 'a b c')")
    add_window_argument(parser)
    parser.add_argument("--no-windows", action="store_true",
                        help="no window fragments: LTL[P], LTL[Y], LTL[P,Y], LTL[S] only (in bulk)")
    add_class_argument(parser, "also a registered class of languages by name (repeatable): "
                               "{classes}")
    add_budget_arguments(parser)
    parser.add_argument("--max-dfas", type=int, default=None, metavar="N",
                        help="refuse a census that may hold more DFAs than this, decided before "
                             "enumerating (default 100000, or 400000000 when every fragment is "
                             "decided in bulk; at most 10^12)")
    parser.add_argument("--check-counts", action="store_true",
                        help="compare the number of languages of each size with the published "
                             "counts (exit 1 on a difference)")
    run = parser.add_argument_group("running")
    run.add_argument("--backend", choices=("local", "ray"), default="local",
                     help="local: this process (default); ray: every shard a Ray task")
    run.add_argument("--address", help="with --backend ray: an existing Ray cluster (e.g. auto "
                                       "or ray://HOST:10001)")
    run.add_argument("--jobs", type=int, default=None, metavar="J",
                     help="with --backend ray and no --address: CPUs of the local Ray (default: all)")
    run.add_argument("--out", metavar="DIR",
                     help="write each shard to DIR/shards/ as it finishes; resume from there")
    run.add_argument("--partial", action="store_true",
                     help="with --out: classify nothing, merge the shards already in DIR (a stopped "
                          "or running census so far) and print their counts")
    run.add_argument("--sample", type=int, default=None, metavar="M",
                     help="decide the window fragments and --class classes on a stratified sample "
                          "of M languages per stratum (size × profile in the four bulk fragments), "
                          "with 95%% intervals, instead of on every language (with --out, its "
                          "answers are recorded there and a stopped sample resumes)")
    run.add_argument("--seed", type=int, default=0, help="with --sample: the sample's seed (default 0)")
    run.add_argument("--dataset", metavar="FILE",
                     help="write every language with its verdicts (gzip-compressed JSON lines)")
    add_output_arguments(parser)
    parser.add_argument("--each", action="store_true",
                        help="with --json: also every DFA with its verdict per fragment")
    add_progress_arguments(parser, "a status line", force=True)


def run(args) -> int:
    from ._common import starting

    with starting(args, "census", "loading the classifiers"):  # a second or more: a line at once
        from attnlogic.definability.census.batch_classes import MAX_STATES as CLASS_MAX_STATES
        from attnlogic.definability.census import DEFAULT_MAX_BULK_DFAS, check_request
        from attnlogic.definability.census.shards import bulk_class_column, tier_base_column
        from attnlogic.definability.engine.registry import expand
        from attnlogic.definability.census.run import run_census
    from attnlogic.kernel.errors import InputError
    from attnlogic.kernel.progress import StatusLine, wanted

    from ._common import check_classifier_arguments, limits_from_args, print_json, split_alphabet

    if args.max_states < 1:
        raise InputError(f"--max-states must be >= 1, got {args.max_states}")
    check_classifier_arguments(args)
    limits = limits_from_args(args)
    if args.max_dfas is not None and args.max_dfas < 1:
        raise InputError(f"--max-dfas must be >= 1, got {args.max_dfas}")
    if args.each and not args.json:
        raise InputError("--each lists the DFAs in the JSON output: use it with --json")
    if args.no_windows and args.window:
        raise InputError("--no-windows and --window ask opposite things: give one")
    if args.address is not None and args.backend != "ray":
        raise InputError("--address needs --backend ray")
    if args.jobs is not None and (args.backend != "ray" or args.jobs < 1):
        raise InputError("--jobs: a number of CPUs >= 1, with --backend ray")
    if args.partial and (args.out is None or args.dataset is not None or args.sample is not None):
        raise InputError("--partial merges the shards of --out DIR: give --out, without --dataset or --sample")
    if args.sample is not None and args.sample < 1:
        raise InputError(f"--sample must be >= 1, got {args.sample}")
    letters = split_alphabet(args.alphabet)
    windows = () if args.no_windows else tuple(dict.fromkeys(args.window or [2]))
    classes = tuple(args.classes or ())
    # with --sample, only the sample is classified one language at a time: the bulk bound;
    # the classes decided in bulk are counted on every language, the others sampled
    asked = check_request(args.max_states, letters, windows, classes, limits=limits,
                          max_dfas=(args.max_dfas if args.max_dfas is not None or args.sample is None
                                    else DEFAULT_MAX_BULK_DFAS))
    if args.sample is not None:
        bulk = tuple(f.name for f in asked.fragments
                     if (bulk_class_column(f) is not None or tier_base_column(f) is not None)
                     and asked.max_states <= CLASS_MAX_STATES)
        request = check_request(args.max_states, letters, (), bulk, max_dfas=args.max_dfas, limits=limits)
        asked = check_request(args.max_states, letters, windows,
                              tuple(c for c in expand(classes) if str(c) not in bulk), limits=limits,
                              max_dfas=args.max_dfas if args.max_dfas is not None else DEFAULT_MAX_BULK_DFAS)
    else:
        request = asked
    strata: dict = {}
    if args.sample is not None:
        from attnlogic.definability.census.sample import result_strata, sample_census

        def count(shard_result):              # the sample's strata, counted by the run itself
            strata[shard_result.shard] = result_strata(request, shard_result)
    with StatusLine("census", wanted(args)) as status:
        result = run_census(request, out=args.out, backend=args.backend, address=args.address,
                            jobs=args.jobs, on_stage=status, keep_entries=args.each,
                            dataset=args.dataset, partial=args.partial,
                            on_result=count if args.sample is not None else None)
        estimates = None
        if args.sample is not None:
            estimates = sample_census(asked, args.sample, args.seed, on_stage=status,
                                      strata=strata, out=args.out)
    if args.partial:
        from attnlogic.definability.census.shards import census_shards

        whole = census_shards(request.max_states, len(request.alphabet))
        merged = sum(1 for s in whole if (Path(args.out) / "shards" / f"{s.name}.npz").exists())
        print(f"partial: {merged} of {len(whole)} shards merged (the counts below are theirs)",
              file=sys.stderr)
    checked = check_counts(result) if args.check_counts else None
    if args.json:
        obj = result.to_json(each=args.each)
        if checked is not None:
            obj["check_counts"] = [{"states": n, "languages": got, "published": want}
                                   for n, got, want in checked]
        if estimates is not None:
            obj["sample"] = {"per_stratum": args.sample, "seed": args.seed,
                             "estimates": [e.to_json() for e in estimates]}
        print_json(obj)
    else:
        render(result)
        if estimates is not None:
            from attnlogic.definability.census.sample import sample_lines

            print()
            if not estimates:
                print("--sample: nothing to sample, every question asked is counted on every language")
            for line in (sample_lines(estimates, args.sample, args.seed) if estimates else ()):
                print(line)
        if checked is not None:
            print()
            for line in count_lines(checked, len(result.alphabet)):
                print(line)
    if checked is not None and any(want is not None and got != want for _, got, want in checked):
        return 1
    return 0


def check_counts(result) -> list[tuple[int, int, int | None]]:
    """(n, languages of n states, the published number or None) for each size."""
    from attnlogic.automata.census import known_count

    k = len(result.alphabet)
    return [(n, result.total(n), known_count(n, k)) for n in result.sizes]


def count_lines(checked, k: int) -> list[str]:
    out = [f"languages of each size against the published counts ({k} letter{'' if k == 1 else 's'}):"]
    for n, got, want in checked:
        verdict = ("no published count" if want is None else
                   "equal" if got == want else f"DIFFERENT: published {want}")
        out.append(f"  n={n}: {got}  {verdict}")
    return out


def render(result) -> None:
    """The census as text tables: languages per fragment and number of states, the profiles,
    the undecided answers."""
    for line in result.lines():
        print(line)
