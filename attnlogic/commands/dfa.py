"""``attnlogic dfa``: the minimal DFA of a formula, a regex or a DFA file."""

from __future__ import annotations

from ._common import add_output_arguments

HELP = "minimal canonical DFA of a formula, regex or DFA file (JSON, DOT or HOA)"
DESCRIPTION = """\
Print the minimal DFA of a language, canonically numbered (breadth-first from the
initial state, letters in alphabet order): equal languages print byte-identical JSON.

Sources (exactly one):
  F | --formula F   past-time formula, read at position N+1 (docs/syntax.md)
  --regex R         regex: letters, |, *, +, ?, {n}, {n,}, {n,m}, ( ), ., [abc], [^ab], () or ε
  --dfa FILE        DFA file: JSON, HOA, DOT, MONA DOT, GraphML or AT&T text, or a pleb program
                    (.pleb, .plebby) (- = standard input)

Alphabet (--alphabet abc, or a,b,c / a b c for multi-character letters; whitespace is
never a letter):
  formula: the given letters, in order, followed by the formula's other atoms (sorted);
           without --alphabet, the atoms sorted
  regex:   required for . and [^...]; otherwise the letters that occur, sorted;
           multi-character letters are read greedily (longest letter first)
  dfa:     must be the file's letters (possibly reordered; the output follows it); a
           pleb program: any letters that include its universe

Formats (docs/file-formats.md): json, dot (graphviz), hoa (HOA v1, finite-word
convention: final states carry {0} under Inf(0), one AP per letter), graphml (graph
editors, networkx, igraph).  --dfa FILE reads these and MONA DOT and AT&T/OpenFst text,
detected from the contents, and the Language Toolkit's pleb programs (.pleb, .plebby).

Examples:
  attnlogic dfa 'P a & !Y b'
  attnlogic dfa --regex '(ab)*' --format dot | dot -Tsvg > ab.svg
  attnlogic dfa --dfa lang.json --alphabet ba
"""


def add_arguments(parser) -> None:
    from ._common import add_source_arguments

    add_source_arguments(parser)
    # the names of automata.io.WRITE_FORMATS, spelled here so that building the parser imports no
    # library module (tests/automata/test_write_dfa.py checks they are the same)
    parser.add_argument("--format", choices=("json", "dot", "hoa", "graphml"), default="json",
                        help="output format (default json)")
    add_output_arguments(parser, "same as --format json")
    parser.add_argument("--out", "-o", metavar="FILE", help="write to FILE (atomically) instead of stdout")


def run(args) -> int:
    import sys

    from attnlogic.automata.io import dfa_text, write_dfa

    from ._common import load_source

    if args.out is not None:          # refuse a bad path before the work
        from attnlogic.kernel.fileio import check_output_path
        check_output_path(args.out, new_folders=False)
    dfa = load_source(args).dfa
    fmt = "json" if args.json else args.format
    if args.out is not None:
        write_dfa(dfa, args.out, fmt)
    else:
        sys.stdout.write(dfa_text(dfa, fmt))
    return 0
