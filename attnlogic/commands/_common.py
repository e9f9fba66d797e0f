"""Helpers shared by the subcommands: JSON output and reading a language source."""

from __future__ import annotations

import argparse
import sys

from ..kernel.errors import InputError
from ..kernel.limits import DEFAULT_MEMORY_BUDGET
from ..kernel.words import split_alphabet  # noqa: F401  (the commands read it here)


class _LazyHelpAppend(argparse._AppendAction):
    """``action="append"`` whose help text is ``describe()``, computed by
    :class:`HelpFormatter` when help is printed (so that building the parser, and parsing a
    command line, imports nothing heavy: argparse reads ``help`` itself while it parses, to
    format the usage of error messages)."""

    def __init__(self, option_strings, dest, describe=None, **kwargs):
        self.describe = describe
        super().__init__(option_strings, dest, **kwargs)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """The commands' help: descriptions as written, and the help of an option with a
    ``describe`` (:class:`_LazyHelpAppend`) computed now."""

    def _get_help_string(self, action):
        describe = getattr(action, "describe", None)
        return describe() if describe is not None else super()._get_help_string(action)


def registered_classes_text() -> str:
    """The classes a ``--class NAME`` may name, from the registry itself
    (:data:`attnlogic.definability.registry.CLASSES` and its ``GROUPS``): every class asked
    only when named, then each group with its members."""
    from ..definability.engine.registry import CLASSES, GROUPS

    named = [c.name for c in CLASSES if not c.default]
    groups = []
    for group, members in GROUPS.items():
        left_out = [n for n in named if n not in members]
        if all(m in named for m in members) and len(left_out) < len(members):
            which = "all of them" + (f" but {', '.join(left_out)}" if left_out else "")
        else:
            which = ", ".join(members)
        groups.append(f"{group} for {which}")
    return ", ".join(named) + "".join(f", or {g}" for g in groups)


def registered_classes_lines() -> str:
    """Each class asked only when named with its parameters and its one-line summary, from
    its declaration (:func:`attnlogic.definability.registry.class_rows`)."""
    from ..definability.engine.registry import class_rows

    return "; ".join(f"{name}{'' if params == 'none' else f' [{params}]'} = {summary}"
                     for name, _, params, _, _, _, summary in class_rows() if summary)


def add_class_argument(parser, help_text: str) -> None:
    """``--class NAME`` (repeatable, into ``args.classes``), its help ``help_text`` with
    ``{classes}`` replaced by :func:`registered_classes_text` when help is printed, then the
    classes' help lines (:func:`registered_classes_lines`)."""
    def describe():
        lines = registered_classes_lines()
        return help_text.format(classes=registered_classes_text()) + (f". The classes: {lines}" if lines else "")

    parser.add_argument("--class", dest="classes", metavar="NAME", action=_LazyHelpAppend, describe=describe,
                        help=help_text)


#: the formula syntaxes of --syntax (attnlogic.ltl.foreign.SYNTAXES; kept here so that building
#: the command line imports nothing heavy)
SYNTAX_CHOICES = ("attnlogic", "ltlf2dfa", "pylogics", "spot")
SYNTAX_HELP = ("formula syntax: ours (past-time, read after the last letter), or another tool's with its "
               "semantics: ltlf2dfa (LTLf X WX F G U R last, strong X; or PPLTL Y WY O H S P start), "
               "pylogics (X weak, X[!] strong, W M, >>), spot (LTLf: X weak, X[!] strong, F G U R W M; "
               "no empty word); in these the atoms are propositions and the letters every valuation, "
               "unless --one-hot (docs/logic.md)")


def print_json(obj) -> None:
    """One JSON object on stdout, keys in a stable order."""
    import json

    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def source_of(args, formula=None):
    """The :class:`attnlogic.request.Source` of the source arguments (F or --formula, or
    ``formula``; --regex, --dfa; --alphabet, --one-hot, --syntax): exactly one, else an
    InputError."""
    from ..request import Source

    formulas = [x for x in (getattr(args, "formula_pos", None), getattr(args, "formula", None), formula)
                if x is not None]
    if len(formulas) + (args.regex is not None) + (args.dfa is not None) != 1:
        raise InputError("give exactly one source: a formula (F or --formula), --regex or --dfa")
    return Source.of(formula=formulas[0] if formulas else None, regex=args.regex, dfa=args.dfa,
                     alphabet=args.alphabet, one_hot=getattr(args, "one_hot", False),
                     syntax=getattr(args, "syntax", "attnlogic"))


def load_source(args):
    """The :class:`attnlogic.automata.sources.Language` of the source arguments (its warnings
    printed), bounded by ``--max-states``."""
    from ..kernel.limits import Limits

    language = source_of(args).load(Limits.of(state_limit=getattr(args, "state_limit", None)))
    warn(args, language.warnings())
    return language


def warn_formula(args, formula, alphabet=None) -> None:
    """The warnings of a formula's language (empty or universal), when its DFA is small to
    build (at most :data:`~attnlogic.kernel.limits.WARNING_STATE_LIMIT` states; otherwise nothing is said) and has letters (a formula of
    another syntax without propositions, or with one that names no valuation, has none
    until they are given: nothing is said)."""
    from attnlogic.automata.sources import language_from_formula
    from attnlogic.kernel.errors import InputError, LimitExceeded
    from attnlogic.kernel.limits import WARNING_STATE_LIMIT

    syntax = getattr(args, "syntax", "attnlogic")
    try:
        warn(args, language_from_formula(formula, alphabet, state_limit=WARNING_STATE_LIMIT, syntax=syntax).warnings())
    except LimitExceeded:
        pass
    except InputError:
        if syntax == "attnlogic":
            raise


def warn(args, messages) -> None:
    """Each message as ``attnlogic COMMAND: warning: …`` on stderr."""
    for message in messages:
        print(f"attnlogic {getattr(args, 'command', None) or 'attnlogic'}: warning: {message}", file=sys.stderr)


def add_window_argument(parser) -> None:
    """``--window K`` (repeatable): the window fragments LTL[Y<=K], LTL[P,Y<=K] asked for."""
    parser.add_argument("--window", "-k", metavar="K", type=int, action="append",
                        help="window size k for LTL[Y<=k] and LTL[P,Y<=k] (repeatable; default 2)")


def check_classifier_arguments(args) -> None:
    """InputError unless every ``--window`` K is at least 1 (the budgets are validated by
    :func:`limits_from_args`, in the library)."""
    for k in args.window or ():
        if k < 1:
            raise InputError(f"--window: k must be >= 1, got {k}")


def add_budget_arguments(parser, search: bool = False, memory: bool = False) -> None:
    """The budgets, one option group shared by every command that classifies: ``--max-depth``
    and ``--limit``, and with ``search`` / ``memory`` also ``--search-budget`` /
    ``--memory-budget``.  :func:`limits_from_args` maps them onto one
    :class:`~attnlogic.kernel.limits.Limits` (an option not given keeps the library's default)."""
    from ..kernel.limits import (CERTIFICATE_FLOOR, DEFAULT_CERTIFICATE_FACTOR, DEFAULT_CERTIFICATE_SECONDS,
                                 DEFAULT_LIMIT, DEFAULT_MAX_DEPTH, DEFAULT_SEARCH_BUDGET, SEARCH_PER_FRAGMENT)

    group = parser.add_argument_group("budgets")
    group.add_argument("--max-depth", type=int, default=None, metavar="D",
                       help="deepest type refinement tried for the window fragments "
                            f"(default {DEFAULT_MAX_DEPTH})")
    group.add_argument("--limit", type=int, default=None, metavar="N",
                       help="bound on semigroup elements, type-automaton states and the states of "
                            f"a synthesis (default {DEFAULT_LIMIT})")
    if search:
        group.add_argument("--search-budget", type=int, default=None, metavar="N",
                           help="candidate formulas tried in the search for small certificates "
                                f"(default {DEFAULT_SEARCH_BUDGET}, at most {SEARCH_PER_FRAGMENT} "
                                "per fragment; 0: no search)")
        group.add_argument("--certificate-factor", type=int, default=None, metavar="F",
                           help="the certificates (synthesis, exact checks, shrinking, the search) may "
                                "do at most F times the work of the decisions, plus "
                                f"{CERTIFICATE_FLOOR:,} steps; past it an answer is printed with its "
                                f"proof and without a formula (default {DEFAULT_CERTIFICATE_FACTOR})")
        group.add_argument("--certificate-seconds", type=float, default=None, metavar="S",
                           help="seconds of CPU time an answer's certificate may take when the step "
                                "budget of --certificate-factor refused it (a subregular class's: in "
                                "all); the clock decides only whether a certificate is built, never "
                                f"which one nor a verdict; 0: steps only (default {DEFAULT_CERTIFICATE_SECONDS:g})")
    if memory:
        group.add_argument("--memory-budget", type=byte_size, default=None, metavar="BYTES",
                           help="bound on the memory of every quadratic or exponential step "
                                "(internal pair graphs, semigroup, type automata), e.g. 6G or "
                                "500M; beyond it the step is refused before allocating "
                                f"(default {DEFAULT_MEMORY_BUDGET // 2 ** 30}G)")


def add_model_budget_arguments(parser) -> None:
    """The budgets of a user's model run in its own process (``check --model FILE.py:FACTORY``):
    ``--time-budget`` for the whole check and ``--model-memory`` for that process's address
    space: a quantity of its own, not the ``--memory-budget`` of the classifying commands (the
    tables of one deciding step), which was its name before and still reads as it."""
    from ..kernel.limits import DEFAULT_MODEL_MEMORY

    group = parser.add_argument_group("model budgets")
    group.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                       help="seconds a FILE.py:FACTORY model may take for the whole check (default 600)")
    group.add_argument("--model-memory", "--memory-budget", type=byte_size, default=None, metavar="BYTES",
                       dest="model_memory", action=FormerNames,
                       help="memory of a FILE.py:FACTORY model's process, e.g. 8G, 500M (default "
                            f"{DEFAULT_MODEL_MEMORY // 2 ** 30}G; --memory-budget: its former name)")


def add_server_budget_arguments(parser) -> None:
    """The budgets of each request of ``attnlogic serve``, in the "budgets" group: those of
    classify (``--max-depth``, ``--limit``, ``--search-budget``, ``--certificate-factor``,
    :func:`add_budget_arguments`), ``--time-budget`` (seconds, the wait for a worker
    included), ``--worker-memory`` (each worker process's address space; formerly
    ``--memory-budget``), ``--max-states`` (a language's automaton) and ``--workers``."""
    from ..kernel.limits import DEFAULT_WORKER_MEMORY, SERVER_STATE_LIMIT

    add_budget_arguments(parser, search=True)
    group = next(g for g in parser._action_groups if g.title == "budgets")
    group.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                       help="seconds per request, the wait for a worker included (default 30)")
    group.add_argument("--worker-memory", "--memory-budget", type=byte_size, default=None, metavar="BYTES",
                       dest="worker_memory", action=FormerNames,
                       help="address space of each worker process, e.g. 3G (default "
                            f"{DEFAULT_WORKER_MEMORY // 2 ** 30}G; half of it bounds each step's tables; "
                            "--memory-budget: its former name)")
    group.add_argument("--max-states", type=int, default=None, metavar="N",
                       help=f"states of a language's automaton (default {SERVER_STATE_LIMIT:,})")
    group.add_argument("--workers", type=int, default=None, metavar="N",
                       help="worker processes (default: one per core)")


class FormerNames(argparse.Action):
    """An option that keeps its former spelling (its second option string) working, with a
    line on stderr saying the new one: ``--memory-budget`` was the name of three quantities,
    now ``--memory-budget`` (a deciding step's tables), ``--model-memory`` and
    ``--worker-memory``."""

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string != self.option_strings[0]:
            print(f"attnlogic: {option_string} here is the former name of {self.option_strings[0]}; "
                  f"say {self.option_strings[0]}", file=sys.stderr)
        setattr(namespace, self.dest, values)


def limits_from_args(args):
    """The :class:`~attnlogic.kernel.limits.Limits` of the budget options (validated by the library:
    a bad value is an InputError naming the parameter, which the command line maps back to
    its flag)."""
    from ..kernel.limits import Limits

    return Limits.of(limit=args.limit, max_depth=args.max_depth,
                     search_budget=getattr(args, "search_budget", None),
                     certificate_factor=getattr(args, "certificate_factor", None),
                     certificate_seconds=getattr(args, "certificate_seconds", None),
                     memory_budget=getattr(args, "memory_budget", None),
                     state_limit=getattr(args, "state_limit", None))


def byte_size(text: str) -> int:
    """``500M``, ``6G``, ``123456`` (bytes; K, M, G are powers of 1024) → bytes."""
    import argparse

    units = {"K": 2 ** 10, "M": 2 ** 20, "G": 2 ** 30}
    t = text.strip().upper().removesuffix("B")
    scale = units.get(t[-1:], 1)
    number = t[:-1] if t[-1:] in units else t
    try:
        value = float(number) * scale
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size in bytes: {text!r} (e.g. 6G, 500M)") from None
    if not value >= 1 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite size of at least 1 byte: {text!r}")
    return int(value)


def add_precision_arguments(parser, dtype_default: str | None, fixed_point_help: str,
                            span_fix_help: str) -> None:
    """The precision group of ``compile`` and ``check``, declared once: ``--dtype``,
    ``--fixed-point P``, ``--int-bits I`` and ``--no-span-fix`` (each command says in its
    help what the fixed-point machine is for it)."""
    group = parser.add_argument_group("precision")
    default = dtype_default or "float32, or the model's own"
    group.add_argument("--dtype", default=dtype_default, choices=["float32", "bfloat16", "float16"],
                       help=f"floating-point type of the model's arithmetic (default: {default})")
    group.add_argument("--fixed-point", type=int, metavar="P", help=fixed_point_help)
    group.add_argument("--int-bits", type=int, default=16, metavar="I",
                       help="integer bits of --fixed-point (default 16)")
    group.add_argument("--no-span-fix", action="store_true", help=span_fix_help)


def add_output_arguments(parser, help: str = "print one JSON object") -> None:
    """The output group: ``--json`` (one JSON object on stdout instead of the text), declared
    here once for every command (into ``parser``'s "output" group; ``parser`` may be that
    group itself)."""
    import argparse

    group = parser if isinstance(parser, argparse._ArgumentGroup) else parser.add_argument_group("output")
    group.add_argument("--json", action="store_true", help=help)


def starting(args, command: str, what: str):
    """For a command whose start-up takes seconds (torch, the web stack): a status line
    ``attnlogic COMMAND: starting: WHAT (0.1 s)`` shown at once on a terminal (not with
    --no-progress; never in a pipe or a log) and kept ticking until the command closes it
    (a ``with`` block, or ``close()`` when its own output begins).  Call it after the
    cheap argument checks and before the heavy imports."""
    from ..kernel.progress import StatusLine, is_terminal, wanted

    status = StatusLine(f"attnlogic {command}", wanted(args) and is_terminal(sys.stderr))
    status(f"starting: {what}")
    return status


def add_progress_arguments(parser, what: str = "progress bars", force: bool = False) -> None:
    """``--no-progress`` (and, with ``force``, ``--progress``): progress is shown on stderr
    by default when stderr is a terminal (:func:`attnlogic.kernel.progress.wanted`)."""
    if force:
        parser.add_argument("--progress", action="store_true",
                            help=f"show {what} on stderr even when it is not a terminal")
    parser.add_argument("--no-progress", action="store_true",
                        help=f"do not show {what} on stderr (default: shown when stderr is a terminal)")


def add_source_arguments(parser, windows: bool = False) -> None:
    """The language sources: F (or --formula F), --regex R, --dfa FILE, and --alphabet
    (read by :func:`load_source`); with ``windows``, also :func:`add_window_argument`."""
    if windows:
        add_window_argument(parser)
    parser.add_argument("formula_pos", nargs="?", metavar="F", help="formula (same as --formula)")
    src = parser.add_mutually_exclusive_group()
    src.add_argument("--formula", "-f", metavar="F",
                     help="past-time temporal formula (its DFA: at most 400 distinct temporal "
                          "subformulas and 2,000,000 states per step, docs/automata.md)")
    src.add_argument("--regex", "-r", metavar="R", help="regular expression")
    src.add_argument("--dfa", metavar="FILE",
                     help="DFA file: JSON, HOA, DOT, MONA DOT, GraphML or AT&T text, detected, or a pleb "
                          "program (.pleb, .plebby: the Language Toolkit's, MLRegTest's) ('-' = stdin)")
    parser.add_argument("--alphabet", "-a", metavar="A",
                        help="letters: abc, or separated by commas or spaces (a,b,c / 'a b c'); "
                             "'\"nil\"' is the one letter nil")
    parser.add_argument("--syntax", choices=SYNTAX_CHOICES, default="attnlogic",
                        help=SYNTAX_HELP)
    parser.add_argument("--one-hot", action="store_true",
                        help="--dfa over atomic propositions (HOA, Spot or MONA DOT), or a formula in "
                             "another tool's --syntax: the propositions are the letters, one true per "
                             "position (default: one letter per valuation, a&!b ...); an edge this "
                             "reading would lose is an error, the valuations a formula loses are named")
    parser.add_argument("--max-states", type=int, default=None, metavar="N", dest="state_limit",
                        help="most states of the language's automaton: those a --dfa file declares "
                             "(default 200,000) and those built from F or --regex (default: each "
                             "construction's own)")
