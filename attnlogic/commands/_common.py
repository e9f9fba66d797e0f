"""Helpers shared by the subcommands: JSON output and reading a language source."""

from __future__ import annotations

import json
import re
import sys

from ..display import WORD_DISPLAY_LIMIT, show_word  # noqa: F401  (used by the commands)
from ..errors import InputError


def print_json(obj) -> None:
    """One JSON object on stdout, keys in a stable order."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def split_alphabet(text: str | None) -> list[str] | None:
    """``--alphabet abc`` (each character a letter), or letters separated by commas and/or
    whitespace: ``a,b,c``, ``a b c``, ``foo, bar``.  Whitespace is never a letter; leading and
    trailing whitespace is ignored."""
    if text is None:
        return None
    stripped = text.strip()
    if re.search(r"[,\s]", stripped):
        letters = re.split(r"\s*,\s*|\s+", stripped)
    else:
        letters = list(stripped)
    if not letters or any(not t for t in letters):
        raise InputError(f"--alphabet: empty letter in {text!r}")
    if len(set(letters)) != len(letters):
        raise InputError(f"--alphabet: duplicate letter in {text!r}")
    return letters


def split_word(word: str, alphabet_multichar: bool = False) -> list[str]:
    """A word on the command line: single characters, or comma-separated letters."""
    if alphabet_multichar or "," in word:
        return [t for t in word.split(",") if t != ""]
    return list(word)


def load_source(args):
    """The :class:`attnlogic.automata.sources.Language` of the source arguments."""
    from attnlogic.automata.sources import load_language

    formulas = [x for x in (args.formula_pos, args.formula) if x is not None]
    if len(formulas) > 1 or (formulas and (args.regex is not None or args.dfa is not None)):
        raise InputError("give exactly one source: a formula (F or --formula), --regex or --dfa")
    if not formulas and args.regex is None and args.dfa is None:
        raise InputError("give exactly one source: a formula (F or --formula), --regex or --dfa")
    language = load_language(formula=formulas[0] if formulas else None, regex=args.regex, dfa=args.dfa,
                             alphabet=split_alphabet(args.alphabet))
    warn(args, language.warnings())
    return language


def warn_formula(args, formula, alphabet=None) -> None:
    """The warnings of a formula's language (empty or universal), when its DFA is small to
    build (at most 10 000 states; otherwise nothing is said)."""
    from attnlogic.automata.sources import language_from_formula
    from attnlogic.errors import LimitExceeded

    try:
        warn(args, language_from_formula(formula, alphabet, state_limit=10_000).warnings())
    except LimitExceeded:
        pass


def warn(args, messages) -> None:
    """Each message as ``attnlogic COMMAND: warning: …`` on stderr."""
    for message in messages:
        print(f"attnlogic {getattr(args, 'command', None) or 'attnlogic'}: warning: {message}", file=sys.stderr)


def add_window_argument(parser) -> None:
    """``--window K`` (repeatable): the window fragments LTL[Y<=K], LTL[P,Y<=K] asked for."""
    parser.add_argument("--window", "-k", metavar="K", type=int, action="append",
                        help="window size k for LTL[Y<=k] and LTL[P,Y<=k] (repeatable; default 2)")


def check_classifier_arguments(args) -> None:
    """InputError unless every ``--window`` K, ``--max-depth`` and ``--limit`` is at least 1
    (the options a classification takes)."""
    for k in args.window or ():
        if k < 1:
            raise InputError(f"--window: k must be >= 1, got {k}")
    if args.max_depth < 1:
        raise InputError(f"--max-depth must be >= 1, got {args.max_depth}")
    if args.limit < 1:
        raise InputError(f"--limit must be >= 1, got {args.limit}")


def add_progress_arguments(parser, what: str = "progress bars", force: bool = False) -> None:
    """``--no-progress`` (and, with ``force``, ``--progress``): progress is shown on stderr
    by default when stderr is a terminal (:func:`attnlogic.progress.wanted`)."""
    if force:
        parser.add_argument("--progress", action="store_true",
                            help=f"show {what} on stderr even when it is not a terminal")
    parser.add_argument("--no-progress", action="store_true",
                        help=f"no {what} on stderr (default: shown when stderr is a terminal)")


def add_source_arguments(parser, windows: bool = False) -> None:
    """The language sources: F (or --formula F), --regex R, --dfa FILE, and --alphabet
    (read by :func:`load_source`); with ``windows``, also :func:`add_window_argument`."""
    if windows:
        add_window_argument(parser)
    parser.add_argument("formula_pos", nargs="?", metavar="F", help="formula (same as --formula)")
    src = parser.add_mutually_exclusive_group()
    src.add_argument("--formula", "-f", metavar="F", help="past-time temporal formula")
    src.add_argument("--regex", "-r", metavar="R", help="regular expression")
    src.add_argument("--dfa", metavar="FILE",
                     help="DFA file: JSON, HOA, DOT, MONA DOT or AT&T text, detected ('-' = stdin)")
    parser.add_argument("--alphabet", "-a", metavar="A",
                        help="letters: abc, or separated by commas or spaces (a,b,c / 'a b c')")
