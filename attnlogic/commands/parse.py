"""``attnlogic parse F``: the canonical form and syntactic facts of a formula."""

from __future__ import annotations

from ._common import SYNTAX_CHOICES, SYNTAX_HELP, add_output_arguments

HELP = "parse a formula: canonical text, fragment, temporal depth, size, atoms"
DESCRIPTION = """Parse a formula of past-time LTL and print its canonical form and syntactic facts.

examples:
  attnlogic parse 'P (b & Y a)'
  attnlogic parse 'a & Y[<=3] !b' --json
  attnlogic parse 'O a -> H b' --format latex
  attnlogic parse 'MOD[2,1] & Y[<=2] a'
  attnlogic parse $'$x := Y a | b\n$x & P $x'      (shared definitions, one per line)
"""


def add_arguments(p):
    p.add_argument("formula", help="the formula (syntax: docs/syntax.md)")
    p.add_argument("--syntax", choices=SYNTAX_CHOICES, default="attnlogic",
                   help=SYNTAX_HELP)
    add_output_arguments(p)
    p.add_argument("--format", choices=["text", "unicode", "latex"], default="text",
                   help="dialect of the printed formula (text output only; JSON is always text)")
    p.add_argument("--simplify", action="store_true",
                   help="simplify the formula (language-preserving) before printing")


def run(args) -> int:
    from attnlogic.ltl import facts, format_formula, parse, simplify
    from attnlogic.ltl.definitions import certificate

    from ._common import print_json, warn_formula

    f = parse(args.formula, syntax=args.syntax)
    if args.simplify and args.syntax != "attnlogic":
        from attnlogic.kernel.errors import InputError
        raise InputError(f"--simplify reads the atoms as letters, one per position; in --syntax {args.syntax} "
                         "they are propositions, which may hold together, so it would be wrong: leave --simplify out")
    warn_formula(args, f)
    if args.simplify:
        f = simplify(f)
    info = facts(f)
    cert = certificate(f)
    if args.json:
        out = {"formula": cert.text, "fragment": info.fragment_text if info.fragment is None else str(info.fragment),
               "depth": info.depth,
               "size": info.size, "atoms": list(info.atoms)}
        if info.moduli:
            out["moduli"] = list(info.moduli)
        if cert.definitions:
            out["definitions"] = [list(p) for p in cert.definitions]
        print_json(out)
        return 0
    print(cert.text if args.format == "text" else format_formula(f, args.format))
    print(f"fragment: {info.fragment_text}")
    print(f"temporal depth: {info.depth}")
    print(f"size: {info.size}")
    print(f"atoms: {', '.join(info.atoms) if info.atoms else '(none)'}")
    print(f"operators: {' '.join(info.operators) if info.operators else '(none)'}")
    return 0
