"""``attnlogic dfa``: the minimal DFA of a formula, a regex or a DFA file."""

from __future__ import annotations

HELP = "minimal canonical DFA of a formula, regex or DFA file (JSON, DOT or HOA)"
DESCRIPTION = """\
Print the minimal DFA of a language, canonically numbered (breadth-first from the
initial state, letters in alphabet order): equal languages print byte-identical JSON.

Sources (exactly one):
  F | --formula F   past-time formula, read at position N+1 (spec/semantics.md)
  --regex R         regex: letters, |, *, +, ?, ( ), ., [abc], [^ab], () or ε
  --dfa FILE        DFA JSON (- = standard input)

Alphabet (--alphabet abc, or a,b,c for multi-character letters):
  formula: the given letters, in order, followed by the formula's other atoms (sorted);
           without --alphabet, the atoms sorted
  regex:   required for . and [^...]; otherwise the letters that occur, sorted;
           multi-character letters are read greedily (longest letter first)
  dfa:     must be the file's letters (possibly reordered; the output follows it)

Formats: json (shared/spec/cli.md), dot (graphviz), hoa (HOA v1, finite-word
convention: final states carry {0} under Inf(0), one AP per letter).

Examples:
  attnlogic dfa 'P a & !Y b'
  attnlogic dfa --regex '(ab)*' --format dot | dot -Tsvg > ab.svg
  attnlogic dfa --dfa lang.json --alphabet ba
"""


def add_arguments(parser) -> None:
    from ._common import add_source_arguments

    add_source_arguments(parser)
    parser.add_argument("--format", choices=("json", "dot", "hoa"), default="json",
                        help="output format (default json)")
    parser.add_argument("--json", action="store_true", help="same as --format json")
    parser.add_argument("--out", "-o", metavar="FILE", help="write to FILE (atomically) instead of stdout")


def build(args):
    """The minimal DFA the arguments describe (shared by tests)."""
    from attnlogic.errors import FileFormatError, InputError

    from ._common import split_alphabet

    alphabet = split_alphabet(args.alphabet)
    sources = [x for x in (args.formula_pos, args.formula, args.regex, args.dfa) if x is not None]
    if len(sources) != 1:
        raise InputError("give exactly one source: a formula (F or --formula), --regex or --dfa")
    if args.regex is not None:
        from attnlogic.automata.regex import regex_to_dfa
        return regex_to_dfa(args.regex, alphabet)
    if args.dfa is not None:
        from attnlogic.automata.io import read_dfa_file
        d = read_dfa_file(args.dfa)
        if alphabet is not None:
            if sorted(alphabet) != sorted(d.alphabet):
                source = "<stdin>" if args.dfa == "-" else args.dfa
                raise FileFormatError(source, "alphabet", f"{list(d.alphabet)} does not match "
                                                          f"--alphabet {alphabet}")
            d = d.with_alphabet_order(alphabet)
        return d.minimal()
    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.ltl import parse
    text = args.formula if args.formula is not None else args.formula_pos
    return formula_to_dfa(parse(text), alphabet, extend=True)


def run(args) -> int:
    import sys

    from attnlogic.automata.io import dfa_to_json, to_dot, to_hoa, write_text_atomic

    dfa = build(args)
    fmt = "json" if args.json else args.format
    if fmt == "json":
        text = dfa_to_json(dfa) + "\n"
    elif fmt == "dot":
        text = to_dot(dfa)
    else:
        text = to_hoa(dfa)
    if args.out:
        write_text_atomic(args.out, text)
    else:
        sys.stdout.write(text)
    return 0
