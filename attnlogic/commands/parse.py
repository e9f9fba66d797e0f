"""``attnlogic parse F``: the canonical form and syntactic facts of a formula."""

from __future__ import annotations

HELP = "parse a formula: canonical text, fragment, temporal depth, size, atoms"
DESCRIPTION = """Parse a formula of past-time LTL and print its canonical form and syntactic facts.

examples:
  attnlogic parse 'P (b & Y a)'
  attnlogic parse 'a & Y[<=3] !b' --json
  attnlogic parse 'O a -> H b' --format latex
"""


def add_arguments(p):
    p.add_argument("formula", help="the formula (syntax: docs/syntax.md)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--format", choices=["text", "unicode", "latex"], default="text",
                   help="dialect of the printed formula (text output only; JSON is always text)")
    p.add_argument("--simplify", action="store_true",
                   help="simplify the formula (language-preserving) before printing")


def run(args) -> int:
    from attnlogic.ltl import facts, format_formula, parse, simplify

    from ._common import print_json, warn_formula

    f = parse(args.formula)
    warn_formula(args, f)
    if args.simplify:
        f = simplify(f)
    info = facts(f)
    if args.json:
        print_json({"formula": info.formula, "fragment": str(info.fragment), "depth": info.depth,
                    "size": info.size, "atoms": list(info.atoms)})
        return 0
    print(format_formula(f, args.format))
    print(f"fragment: {info.fragment}")
    print(f"temporal depth: {info.depth}")
    print(f"size: {info.size}")
    print(f"atoms: {', '.join(info.atoms) if info.atoms else '(none)'}")
    print(f"operators: {' '.join(info.operators) if info.operators else '(none)'}")
    return 0
