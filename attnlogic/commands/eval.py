"""``attnlogic eval F WORD…``: acceptance of words by the reference semantics."""

from __future__ import annotations

from ._common import SYNTAX_CHOICES, SYNTAX_HELP, add_output_arguments

HELP = "evaluate a formula on words (reference semantics, readout just after the last letter)"
DESCRIPTION = """Evaluate a formula on words; a word is accepted iff the formula holds at position N+1
(an LTLf formula of another tool's --syntax: at position 1, the first letter).

Letters are single characters; with --alphabet a,b,c (commas) they may be longer and
words are then written with commas (ab,cd,ab).  "" is the empty word.

examples:
  attnlogic eval 'P (b & Y a)' cab abc ba ""
  attnlogic eval 'Y a' aba --positions
  attnlogic eval 'Y go' go,stop --alphabet go,stop --json
  attnlogic eval --syntax ltlf2dfa 'G(a -> F b)' ab a,b 'a&b,!a&!b'   (letters: a proposition alone, or a valuation)
"""


def add_arguments(p):
    p.add_argument("formula")
    p.add_argument("words", nargs="*", metavar="WORD", help='words to evaluate ("" = empty word)')
    p.add_argument("--alphabet", help="the alphabet: abc, or a,b,c for multi-character letters; "
                                      "words and atoms are checked against it")
    p.add_argument("--syntax", choices=SYNTAX_CHOICES, default="attnlogic",
                   help=SYNTAX_HELP)
    add_output_arguments(p)
    p.add_argument("--positions", action="store_true",
                   help="also print the truth value at every position 1..N+1")


def run(args) -> int:
    from attnlogic.kernel.errors import InputError
    from attnlogic.ltl import parse, truth_values
    from attnlogic.ltl.formula import is_future

    from attnlogic.kernel.words import split_word

    from ._common import print_json, split_alphabet

    f = parse(args.formula, syntax=args.syntax)
    alphabet = split_alphabet(args.alphabet)
    if alphabet is not None:              # over valuation letters (a&!b ...) propositions are atoms
        from attnlogic.automata.propositions import over_valuations
        f = over_valuations(f, tuple(alphabet))
    elif args.syntax != "attnlogic":      # letters: a proposition alone, or any minterm (a&b,!a&!b)
        from attnlogic.automata.propositions import over_letters_and_valuations
        f = over_letters_and_valuations(f)
    readout = 0 if is_future(f) else -1   # LTLf: the first position; ours: N+1
    if alphabet is not None:
        missing = sorted(set(f.atoms) - set(alphabet))
        if missing:
            raise InputError(f"atom(s) {', '.join(missing)} of the formula are not in the alphabet "
                             f"{','.join(alphabet)}")
    results = []
    for text in args.words:
        minterms = alphabet is None and args.syntax != "attnlogic" and any(c in text for c in "&!")
        word = split_word(text, alphabet, commas=True if minterms else None)   # a&b,!a&!b: letters that are minterms
        if alphabet is not None:
            bad = [a for a in word if a not in alphabet]
            if bad:
                raise InputError(f"word {text!r}: letter {bad[0]!r} is not in the alphabet "
                                 f"{','.join(alphabet)}")
        values = truth_values(f, word)
        entry = {"word": text, "accepted": bool(values[readout])}
        if args.positions:
            entry["positions"] = [bool(v) for v in values]
        results.append(entry)
    if args.json:
        print_json({"results": results})
        return 0
    width = max([len(r["word"]) for r in results] + [4])
    for r in results:
        shown = r["word"] if r["word"] else "ε"
        line = f"{shown:<{width}}  {'accept' if r['accepted'] else 'reject'}"
        if args.positions:
            line += "  " + "".join("1" if v else "0" for v in r["positions"])
        print(line)
    return 0
