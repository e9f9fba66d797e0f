"""Helpers shared by the subcommands: JSON output and reading a language source."""

from __future__ import annotations

import json
import sys

from ..errors import InputError


def print_json(obj) -> None:
    """One JSON object on stdout, keys in a stable order."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def split_alphabet(text: str | None) -> list[str] | None:
    """``--alphabet abc`` (single characters) or ``--alphabet a,b,c``."""
    if text is None:
        return None
    if "," in text:
        letters = [t.strip() for t in text.split(",")]
    else:
        letters = list(text)
    if not letters or any(not t for t in letters):
        raise InputError(f"--alphabet: empty letter in {text!r}")
    if len(set(letters)) != len(letters):
        raise InputError(f"--alphabet: duplicate letter in {text!r}")
    return letters


def witness_text(witness, sep: str = "", indent: str = "") -> str:
    """``'u' in, 'v' out, indistinguishable at depth <= r`` — r as checked for these two
    words (:mod:`attnlogic.definability.attest`) — and, on a second line after ``indent``,
    the pumped family the pair belongs to, if any."""
    depth = "(unchecked)" if witness.depth is None else f"at depth <= {witness.depth}"
    text = (f"{sep.join(witness.accepted) or 'ε'!r} in, {sep.join(witness.rejected) or 'ε'!r} out, "
            f"indistinguishable {depth}")
    if witness.family is not None:
        text += f"\n{indent}pumped family: {witness.family.text(sep)}"
    return text


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
    return load_language(formula=formulas[0] if formulas else None, regex=args.regex, dfa=args.dfa,
                         alphabet=split_alphabet(args.alphabet))


def add_source_arguments(parser) -> None:
    """The language sources: F (or --formula F), --regex R, --dfa FILE, and --alphabet
    (read by :func:`load_source`)."""
    parser.add_argument("formula_pos", nargs="?", metavar="F", help="formula (same as --formula)")
    src = parser.add_mutually_exclusive_group()
    src.add_argument("--formula", "-f", metavar="F", help="past-time temporal formula")
    src.add_argument("--regex", "-r", metavar="R", help="regular expression")
    src.add_argument("--dfa", metavar="FILE", help="DFA JSON file ('-' = stdin)")
    parser.add_argument("--alphabet", "-a", metavar="A", help="letters: abc or a,b,c")
