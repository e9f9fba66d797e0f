"""``attnlogic verify``: re-check a certificate (a formula, or a witness pair) independently."""

from __future__ import annotations

from ._common import add_output_arguments

HELP = "re-check a certificate (formula or witness pair) by code independent of the deciders"
DESCRIPTION = """\
Re-check an answer of classify or separate for a language, by code paths independent of
the decision procedures that produced it:

  --formula F      membership: F is a formula of the fragment and its DFA (built from F)
                   is equivalent to the language's (F may use shared definitions
                   '$NAME := formula', one per line or separated by ';')
  --class NAME --answer FILE
                   a registered class with an answer check of its own (its declaration's
                   check: the subregular classes, SL, SP, LT, PT, …): FILE ('-' = stdin) is
                   the JSON of classify --json (or its answer for NAME); its certificate
                   (forbidden factors / subsequences, accepted profiles of order k) is
                   compared with the language by a product search, its witness words'
                   profiles are computed directly, its pumped family checked on the DFA;
                   its verdict ("member") must be the one these prove (a "yes" without
                   a built certificate that checks, or whose witness checks, or a "no"
                   whose certificate checks, is NOT valid).
                   An answer settled by a declared inclusion ("carried", any class or
                   LTL fragment): the answer it carries is checked by its own class's
                   check and the inclusion against the registry's declarations.
                   A class given by identities (GR, AMT, COM, GR+, AMT+, FO2[<], DD1,
                   TL(DD)): a "no" by the failing instantiation it carries (checked on
                   the DFA's runs), else its verdict re-decided from scratch, as
                   --identity does;
                   an intersection (JOrb(C)): part by part; an LTL fragment (LTL[P],
                   LTL[P,Y], LTL[Y<=2], LTL[P,Y<=3], …): its formula exactly, its "no"
                   by its pumped family or by the failing
                   instantiation of its identity it carries (else the identity
                   re-decided, else the pair's lasso)
  --witness U V    non-membership: one word is in the language and the other not, and
                   with --depth D no formula of depth <= D separates them (equal depth-D
                   types, by direct recursion on the words; for LTL[S] the closest-pair
                   S-types, exact); without --depth, the pair itself agrees at
                   every depth (types refined to their fixed point); a separable pair is
                   NOT valid, with the depth where it becomes separable and a separating
                   formula (evaluated on both words), and it is said separately whether
                   its pumped family proves non-membership
  --witness U V --family
                   the pumped family of the pair proves non-membership at every depth: a
                   lasso l·p^M·x / l·p^M·y (or a common suffix x^K·v or two periods
                   without P; or, for LTL[S], a non-aperiodic pumping u·x^n·v) found in the
                   pair, with its theorem and its bound on M for each depth
  --identity IDS   a verdict of classify --identity (or of FO2[<], DD1), re-decided from
                   scratch: the syntactic monoid (--semigroup: semigroup) re-enumerated
                   as tuples and every instantiation evaluated in plain Python (small
                   structures only); "valid" means the identities hold

  --model FILE     a compiled model: the proof in its sidecar (interval arithmetic over
                   the stored weights, no words run) re-checked; exit 1 when it fails

The language is a formula (L), --regex R or --dfa FILE, with --alphabet A.

Prints {"valid": true|false, "reason": ...} with --json (a witness adds "pair": the depth
where it becomes separable and the formula, and "family": whether its pumped family is a
proof). Exit status: 0 valid, 1 NOT valid (a fault found, named), 2 bad input, or a check
that stopped at its own bound or a budget (nothing verified either way: the bound is named).

Examples:
  attnlogic verify --regex '(a|b)*b' --fragment 'LTL[Y]' --formula 'Y b' --json
  attnlogic verify --regex '(a|b)*b' --fragment 'LTL[P]' --witness abab aba
  attnlogic verify --regex '(a|b)*b' --fragment 'LTL[P]' --witness abab aba --family
  attnlogic verify --regex '(a|b)*b' --fragment 'LTL[P]' --witness abab aba --depth 1
  attnlogic verify --regex 'a*b*' --identity '[(xy)*x=(xy)*]'
  attnlogic classify --regex 'a*b*' --class LT --json > lt.json
  attnlogic verify --regex 'a*b*' --class LT --answer lt.json
"""


def add_arguments(parser) -> None:
    parser.add_argument("language", nargs="?", metavar="L", help="the language as a formula")
    src = parser.add_mutually_exclusive_group()
    src.add_argument("--regex", "-r", metavar="R", help="the language as a regular expression")
    src.add_argument("--dfa", metavar="FILE", help="the language as a DFA file: JSON, HOA, DOT, MONA DOT, GraphML or AT&T "
                          "text, detected, or a pleb program ('-' = stdin)")
    parser.add_argument("--alphabet", "-a", metavar="A", help="letters: abc or a,b,c")
    parser.add_argument("--one-hot", action="store_true",
                        help="--dfa over atomic propositions: the propositions are the letters")
    parser.add_argument("--max-states", type=int, default=None, metavar="N", dest="state_limit",
                        help="most states of the language's automaton (default: as classify's)")
    parser.add_argument("--fragment", metavar="FR",
                        help="LTL[P], LTL[Y], LTL[P,Y], LTL[S], LTL[Y<=k], LTL[P,Y<=k] "
                             "(with --formula or --witness)")
    parser.add_argument("--class", dest="cls", metavar="NAME",
                        help="a registered class with an answer check (the subregular classes: SL, SP, LT, PT, …), or one at a fixed "
                           "order as classify asked it, SL[2] (with --answer)")
    cert = parser.add_mutually_exclusive_group(required=True)
    cert.add_argument("--answer", metavar="FILE",
                      help="with --class: the JSON of classify --json ('-' = stdin)")
    cert.add_argument("--formula", "-f", metavar="F", help="a membership certificate")
    cert.add_argument("--witness", nargs=2, metavar=("U", "V"),
                      help="a non-membership witness pair (letters joined, or comma-separated)")
    cert.add_argument("--identity", metavar="IDS",
                      help="re-decide whether the syntactic monoid satisfies these identities "
                           "(classify --identity's notation), from scratch by plain enumeration")
    cert.add_argument("--model", metavar="FILE",
                      help="a compiled model (safetensors + JSON sidecar): re-check the proof in its "
                           "sidecar without running words (exit 1 when it fails)")
    parser.add_argument("--semigroup", action="store_true",
                        help="--identity on the syntactic semigroup instead of the monoid")
    parser.add_argument("--member", choices=("true", "false"),
                        help="--identity: the verdict an answer claims (valid when the identities, "
                             "re-decided, agree with it; without it, valid when they hold)")
    parser.add_argument("--depth", type=int, metavar="D",
                        help="the depth the witness is claimed for (default: every depth)")
    parser.add_argument("--family", action="store_true",
                        help="--witness: claim that the pair's pumped family proves non-membership "
                             "(the pair itself may be separable at some depth)")
    add_output_arguments(parser)


def run(args) -> int:
    if args.model is not None:
        from ._verify_model import run_model
        return run_model(args)

    import argparse

    from attnlogic.kernel.errors import InputError
    from attnlogic.request import VerifyRequest

    from ._common import print_json, source_of, warn

    if args.depth is not None and args.witness is None:
        raise InputError("--depth goes with --witness")
    if args.family and (args.witness is None or args.depth is not None):
        raise InputError("--family goes with --witness, without --depth")
    if (args.cls is None) != (args.answer is None):
        raise InputError("--class goes with --answer (and --answer with --class)")
    if args.cls is not None and args.fragment is not None:
        raise InputError("--fragment goes with --formula or --witness, not --class")
    if args.semigroup and args.identity is None:
        raise InputError("--semigroup goes with --identity")
    if args.member is not None and args.identity is None:
        raise InputError("--member goes with --identity")
    if args.cls is None and args.identity is None and args.fragment is None:
        raise InputError("--fragment FR is required with --formula or --witness")
    if args.identity is not None and args.fragment is not None:
        raise InputError("--fragment goes with --formula or --witness, not --identity")
    source = source_of(argparse.Namespace(formula_pos=args.language, regex=args.regex, dfa=args.dfa,
                                          alphabet=args.alphabet, one_hot=args.one_hot))
    request = VerifyRequest(source, fragment=args.fragment, formula=args.formula,
                            witness=None if args.witness is None else tuple(args.witness), depth=args.depth,
                            family=args.family, identities=args.identity, semigroup=args.semigroup,
                            claimed=None if args.member is None else args.member == "true",
                            class_name=args.cls,
                            class_answer=None if args.cls is None else _read_answer(args.answer),
                            answer_file=args.answer)
    answer = request.answer(_limits(args))
    warn(args, answer.language.warnings())
    result = answer.result
    if args.json:
        print_json(result.to_json())
    else:
        print(("valid: " if result.valid else "NOT valid: ") + result.reason)
    return 0 if result.valid else 1


def _limits(args):
    """The budgets of the check: the library's, with ``--max-states`` for the language's
    automaton; None when none is given (each check's own default)."""
    from attnlogic.kernel.limits import Limits

    return None if args.state_limit is None else Limits.of(state_limit=args.state_limit)


def _read_answer(path: str):
    """The JSON value of ``--answer FILE`` (``-``: standard input)."""
    import json
    import sys

    from attnlogic.kernel.errors import InputError

    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
        return json.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"--answer {path}: cannot read it ({exc.__class__.__name__})") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"--answer {path}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
