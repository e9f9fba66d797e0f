"""``attnlogic separate A B``: a language in fragment A and not in fragment B, verified."""

from __future__ import annotations

from ._common import add_output_arguments

HELP = "a language in fragment A and not in fragment B, with both certificates"
DESCRIPTION = """\
Pick a language from the built-in catalogue and prove that it separates two fragments:
classify it, check that it is a member of A (a formula of A, checked against its DFA)
and not a member of B (a witness pair that no formula of B distinguishes).

Fragments: LTL[P], LTL[Y], LTL[P,Y], LTL[S], LTL[Y<=k], LTL[P,Y<=k] (or P, Y, P,Y, S,
Y<=k, P,Y<=k), or the attention patterns of classify --pattern that characterise them:
global (LTL[P]), local:k (LTL[Y<=k]), hybrid:k (LTL[P,Y<=k]), masked_hard (LTL[S]).
When A is included in B by a known rule the command prints the inclusion and its
rewriting (e.g. Y[<=4] φ = Y[<=2] (φ | Y[<=2] φ) for LTL[Y<=4] ⊆ LTL[Y<=2]);
when no catalogue language is verified (pairs whose inclusion is open) it exits with
status 2 and says so.

Examples:
  attnlogic separate 'LTL[Y]' 'LTL[Y<=2]' --json
  attnlogic separate P 'Y<=3'
  attnlogic separate global local:2
"""


def add_arguments(parser) -> None:
    from ._common import add_budget_arguments

    parser.add_argument("fragment_in", metavar="A", help="fragment (or attention pattern) that contains the language")
    parser.add_argument("fragment_out", metavar="B", help="fragment (or attention pattern) that does not")
    add_budget_arguments(parser)
    add_output_arguments(parser)


def run(args) -> int:
    from attnlogic.definability.separations import inclusion, separation
    from ._common import limits_from_args, print_json

    limits = limits_from_args(args)
    inc = inclusion(args.fragment_in, args.fragment_out)
    if inc is not None:
        if args.json:
            print_json(inc.to_json())
        else:
            print(f"{inc.fragment_in} ⊆ {inc.fragment_out}: {inc.reason}")
            if inc.rewriting is not None and inc.rewriting not in inc.reason:
                print(f"  rewriting: {inc.rewriting}")
        return 0
    sep = separation(args.fragment_in, args.fragment_out, limits=limits)
    if args.json:
        print_json(sep.to_json())
        return 0
    e = sep.entry
    print(f"{e.formula}    (regex {e.regex}, alphabet {e.alphabet}: {e.note})")
    print(f"  in {sep.fragment_in}: {sep.formula_certificate.method}")
    print(f"  not in {sep.fragment_out}: {sep.witness_result.witness.text(indent='    ')}")
    print(f"    {sep.witness_result.method}")
    return 0
