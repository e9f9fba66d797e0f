"""``attnlogic census``: every minimal DFA with at most N states, classified in every fragment."""

from __future__ import annotations

from ._common import add_output_arguments

HELP = "classify every minimal DFA with at most N states over an alphabet (counts per fragment)"
DESCRIPTION = """\
Enumerate every minimal complete DFA with at most N states over the alphabet — one per
regular language, up to isomorphism — and classify each in LTL[P], LTL[Y], LTL[P,Y],
LTL[S] and LTL[Y<=K], LTL[P,Y<=K] for each --window K (default 2).  Prints, per fragment
(and its attention pattern) and number of states, how many languages are in it; the
profiles (which set of fragments a language lies in) with their counts; and every
undecided answer with its DFA.  The verdicts are the classifier's, computed without
certificates (use classify on one language for its formula or witness).

The count grows fast (2, 24, 1028, 56014 languages over two letters for N = 1 … 4):
--max-dfas bounds the upper bound checked before enumerating (default 100000).

Examples:
  attnlogic census --max-states 3 --alphabet ab
  attnlogic census --max-states 2 --alphabet abc --json --each
"""


def add_arguments(parser) -> None:
    from ._common import add_budget_arguments, add_progress_arguments, add_window_argument

    parser.add_argument("--max-states", "-n", type=int, required=True, metavar="N",
                        help="largest number of states of the minimal DFAs")
    parser.add_argument("--alphabet", "-a", metavar="A", required=True,
                        help="letters: abc, or separated by commas or spaces (a,b,c / 'a b c')")
    add_window_argument(parser)
    add_budget_arguments(parser)
    parser.add_argument("--max-dfas", type=int, default=None, metavar="N",
                        help="refuse a census that may hold more DFAs than this, decided before "
                             "enumerating (default 100000, at most 10^12)")
    add_output_arguments(parser)
    parser.add_argument("--each", action="store_true",
                        help="with --json: also every DFA with its verdict per fragment")
    add_progress_arguments(parser, "a status line", force=True)


def run(args) -> int:
    from attnlogic.definability.census import DEFAULT_MAX_DFAS, census
    from attnlogic.errors import InputError
    from attnlogic.progress import StatusLine, wanted

    from ._common import check_classifier_arguments, limits_from_args, print_json, split_alphabet

    if args.max_states < 1:
        raise InputError(f"--max-states must be >= 1, got {args.max_states}")
    check_classifier_arguments(args)
    limits = limits_from_args(args)
    if args.max_dfas is not None and args.max_dfas < 1:
        raise InputError(f"--max-dfas must be >= 1, got {args.max_dfas}")
    if args.each and not args.json:
        raise InputError("--each lists the DFAs in the JSON output: use it with --json")
    letters = split_alphabet(args.alphabet)
    windows = tuple(dict.fromkeys(args.window or [2]))
    with StatusLine("census", wanted(args)) as status:
        result = census(args.max_states, letters, windows=windows, limits=limits, on_stage=status,
                        max_dfas=DEFAULT_MAX_DFAS if args.max_dfas is None else args.max_dfas)
    if args.json:
        print_json(result.to_json(each=args.each))
        return 0
    render(result)
    return 0


def render(result) -> None:
    """The census as text tables: languages per fragment and number of states, the profiles,
    the undecided answers."""
    for line in result.lines():
        print(line)
