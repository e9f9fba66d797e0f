"""``attnlogic separate A B``: a language in fragment A and not in fragment B, verified;
``attnlogic separate --regex L1 --regex L2 --by X``: can class X separate two languages."""

from __future__ import annotations

from attnlogic.kernel.errors import InputError

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

Two languages (each source given twice, in order: --regex, --formula, --dfa) and --by X:
is there K in class X with L1 ⊆ K and K ∩ L2 = ∅?  "separable" prints K with its
certificate (profiles, allowed factors), checked on DFAs; "not separable" a proof (two
words with one profile, a word in both, a pumped family); "undecided" says what was tried.
X: SL[k], SP[k], LT[k], PT[k], LTT[k,t], D[k] (depth-k definite), LTL[Y], PT, LTL[S] (masked_hard:
a "no" prints a derivation of an aperiodic pointlike pair), Pol(ST) (or SIGMA1: the upward
closure of L1 with its basis, or a word of L1 and a superword in L2), SP (the dual: the
forbidden subsequences of A* ∖ ↑L2, or a word of L1 and a subword in L2); LTL[P] (global: the
R-pointlike sets, a "no" a word family or a derivation, §11.4c); and SL, LT, LTT, LTL[Y<=k],
LTL[P,Y], FO2[<] (partly: docs/decision-procedures.md §11; FO2[<]'s "no" prints a
word family, its "yes" a separator in DA: a monoid preimage, prefix-suffix profiles or the
rank-n classes met by L1, §11.4b); MOD (the length classes
modulo m: the least m, or a common length / a pumped family); AMT (the letters' counts
modulo m: the least m and the residue vectors, or two words pumped by loops whose counts
satisfy an integer identity); GR (the group languages: a permutation automaton, or two
word families with blocks (v a)^(N-1) v that are equal in every group of order N); COM (the commutative languages: the letters' counts exactly below a
threshold t, modulo m from t on: the least (t, m) and the classes, or two words pumped by loops on
one set of letters with an integer identity); Pol(MOD), Pol(AMT), Pol(GR) (level 1/2 over those
bases: K = ↑_d L1, the words above L1 by insertions of length ≡ 0 mod the least d, or a word of
L1 and a word of L2 made from it by inserting blocks the basis cannot tell from the empty word,
§11.13).

Examples:
  attnlogic separate --regex '(a|b)*ab' --regex '(a|b)*ba' --by 'LTL[Y]'
  attnlogic separate --regex 'a*b' --formula 'P b & b' --by 'PT[2]' --json
  attnlogic separate --regex '(ab)*' --regex '(ab)*a' --by PT --json > answer.json
  attnlogic separate --regex '(ab)*' --regex '(ab)*a' --by PT --check answer.json
  attnlogic separate --regex '(aa)*' --regex 'a(aa)*' --by masked_hard --json
  attnlogic separate --regex '(aa)*' --regex 'a(aa)*' --by MOD
  attnlogic separate --regex 'a(ab)*' --regex 'b(ab)*' --by AMT
  attnlogic separate --regex 'ab' --regex 'ba' --by GR --json
  attnlogic separate --regex 'aa*' --regex 'bb*' --by COM
  attnlogic separate --regex '(aa)*b' --regex '(aa)*ab' --by 'Pol(MOD)'
  attnlogic separate 'LTL[Y]' 'LTL[Y<=2]' --json
  attnlogic separate P 'Y<=3'
  attnlogic separate global local:2
"""


def add_arguments(parser) -> None:
    from ._common import add_budget_arguments

    parser.add_argument("fragment_in", metavar="A", nargs="?",
                        help="fragment (or attention pattern) that contains the language")
    parser.add_argument("fragment_out", metavar="B", nargs="?", help="fragment (or attention pattern) that does not")
    for kind, what in (("regex", "R"), ("formula", "F"), ("dfa", "FILE")):
        parser.add_argument(f"--{kind}", metavar=what, dest="sources", action="append",
                            type=lambda text, kind=kind: (kind, text),
                            help=f"a language to separate ({kind}"
                                 + ("; JSON, HOA, DOT, MONA DOT, GraphML, AT&T text or pleb"
                                    if kind == "dfa" else "") + "); give two sources in all")
    parser.add_argument("--by", metavar="X", help="the class that should separate the two languages")
    parser.add_argument("--check", metavar="FILE",
                        help="re-check a saved answer (the JSON of separate --json; '-' = stdin) from its "
                             "printed certificate or proof alone: exit 0 valid, 1 NOT valid")
    parser.add_argument("--alphabet", "-a", metavar="A", help="letters of both languages (default: the union)")
    add_budget_arguments(parser)
    add_output_arguments(parser)


def run(args) -> int:
    from attnlogic.definability.separation.separations import Inclusion
    from attnlogic.request import SeparateRequest
    from ._common import limits_from_args, print_json

    limits = limits_from_args(args)
    if args.sources or args.by is not None:
        return _two_languages(args, limits)
    if args.fragment_in is None or args.fragment_out is None:
        raise InputError("give two fragments A B, or two languages (--regex/--formula/--dfa) and --by")
    found = SeparateRequest(args.fragment_in, args.fragment_out).answer(limits).result
    if isinstance(found, Inclusion):          # A ⊆ B by a known rule
        inc = found
        if args.json:
            print_json(inc.to_json())
        else:
            print(f"{inc.fragment_in} ⊆ {inc.fragment_out}: {inc.reason}")
            if inc.rewriting is not None and inc.rewriting not in inc.reason:
                print(f"  rewriting: {inc.rewriting}")
        return 0
    sep = found
    if args.json:
        print_json(sep.to_json())
        return 0
    e = sep.entry
    print(f"{e.formula}    (regex {e.regex}, alphabet {e.alphabet}: {e.note})")
    print(f"  in {sep.fragment_in}: {sep.formula_certificate.method}")
    print(f"  not in {sep.fragment_out}: {sep.witness_result.witness.text(indent='    ')}")
    print(f"    {sep.witness_result.method}")
    return 0


def _two_languages(args, limits) -> int:
    from attnlogic.request import LanguageSeparationRequest, Source
    from ._common import print_json

    sources = args.sources or []
    if len(sources) != 2 or args.by is None or args.fragment_in is not None:
        raise InputError("separating two languages takes exactly two sources (--regex, --formula, --dfa) "
                         "and --by X, and no fragments A B")
    first, second = (Source.of(**{kind: text}) for kind, text in sources)
    request = LanguageSeparationRequest(first, second, args.by, args.alphabet)
    langs = request.languages(limits)
    if args.check is not None:
        return _check(args, langs, limits)
    answer = request.answer(limits, languages=langs).result
    if args.json:
        print_json(answer.to_json())
    else:
        print(answer.text())
    return 0


def _check(args, langs, limits) -> int:
    """``--check FILE``: the saved answer re-checked (its ``by`` must be the --by given)."""
    import json
    import sys

    from attnlogic.definability.separation.separate_languages import check_answer
    from ._common import print_json

    try:
        text = sys.stdin.read() if args.check == "-" else open(args.check, encoding="utf-8").read()
        answer = json.loads(text)
    except OSError as exc:
        raise InputError(f"--check {args.check}: cannot read it ({exc.__class__.__name__})") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"--check {args.check}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(answer, dict) or answer.get("by") != args.by:
        raise InputError(f"--check {args.check}: an answer for --by {args.by!r} is expected, got "
                         f"{answer.get('by') if isinstance(answer, dict) else type(answer).__name__!r}")
    valid, reason = check_answer(answer, langs[0], langs[1], limits=limits)
    if args.json:
        print_json({"valid": valid, "reason": reason})
    else:
        print(("valid: " if valid else "NOT valid: ") + reason)
    return 0 if valid else 1
