"""``attnlogic demo``: the whole pipeline on the built-in language suite."""

from __future__ import annotations

from ._common import add_output_arguments

HELP = "classify the built-in language suite, compile each compilable language and check it on long words"
DESCRIPTION = """The main job on built-in inputs, in well under a minute on a 2-core CPU:

  1. every language of the built-in suite (the regression languages of the specification)
     becomes a minimal DFA and is classified for LTL[P], LTL[Y], LTL[P,Y], LTL[S],
     LTL[Y<=2] and LTL[P,Y<=2], with a verified formula for each member and a witness for
     each non-member;
  2. each language with a certificate the compiler handles goes through the one pipeline of
     `attnlogic compile` (attnlogic.pipeline): the certificate of the smallest compilable
     fragment (e.g. LTL[P] or LTL[Y<=2] rather than LTL[P,Y]) is compiled into a
     fixed-precision transformer and checked against the language's DFA on every prefix of
     long words, all short words, its distinguishing contexts and words near its boundary;
  3. one table is printed, and a JSON report and PNG plots are written (default: out/demo).

examples:
  attnlogic demo
  attnlogic demo --max-length 100000 --samples 8 --out results/
  attnlogic demo --json
"""


def add_arguments(p):
    from ._common import add_progress_arguments

    p.add_argument("--out", default="out/demo", metavar="DIR", help="where the report and plots go (default out/demo)")
    p.add_argument("--max-length", type=int, default=10_000, metavar="N",
                   help="length of the long words for the checks (default 10000)")
    p.add_argument("--samples", type=int, default=4, metavar="M", help="long words per check (default 4)")
    p.add_argument("--window", type=int, action="append", metavar="K",
                   help="window fragments LTL[Y<=K], LTL[P,Y<=K] (repeatable; default 2)")
    p.add_argument("--no-compile", action="store_true", help="classify only")
    add_output_arguments(p, "print the JSON report instead of the table")
    add_progress_arguments(p, force=True)


def run(args) -> int:
    import time
    from dataclasses import replace

    from ._common import print_json, starting

    with starting(args, "demo", "loading the library (torch)"):
        from attnlogic.demo import run_demo, render_table, write_outputs
    from attnlogic.kernel.errors import InputError
    from attnlogic.kernel.progress import StatusLine, wanted

    if args.max_length < 1 or args.samples < 0:
        raise InputError("--max-length must be >= 1 and --samples >= 0")
    windows = tuple(args.window or (2,))
    if any(k < 1 for k in windows):
        raise InputError("--window K needs K >= 1")
    t0 = time.perf_counter()
    # the counters are their own status lines; this one only records the step, for a Ctrl-C message
    with StatusLine("demo", False) as status:
        report = run_demo(windows=windows, max_length=args.max_length, samples=args.samples,
                          compile_models=not args.no_compile, progress=wanted(args), on_stage=status)
    report = replace(report, seconds=round(time.perf_counter() - t0, 2))
    paths = write_outputs(report, args.out)
    if args.json:
        print_json(report.to_json())
        return 0
    render_table(report)
    print(f"report: {paths['json']}  ({report.seconds} s)")
    print(f"plots:  {', '.join(paths['png'])}")
    return 0 if report.all_checks_clean else 1
