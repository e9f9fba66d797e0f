"""Subregular gallery: for each class (SL, SP, RD, GD, LT, LTT, PT, TSL) one language inside
it, printed with its least order and certificate (and the witness that one order less fails),
and one outside it, printed with its witness and pumped family.  Every answer is re-checked
by its class's independent check (the registry's) before it is printed.

    python examples/subregular_gallery.py
"""

from __future__ import annotations

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.engine.registry import language_class

#: (class, a language in it, a language outside it), over {a, b}
GALLERY = [
    ("SL", "a(a|b)*b", "(a|b)*a(a|b)*"),          # ⋊a …b⋉ / "contains an a" is not SL
    ("SP", "a*b*", "(a|b)*b"),                      # no "ba" subsequence / not subsequence-closed
    ("RD", "ab(a|b)*|b", "(a|b)*b"),                # first two letters / the last letter matters
    ("GD", "a(a|b)*b", "a*"),                       # first and last letter / b in the middle matters
    ("LT", "(a|b)*ab(a|b)*", "(aa)*"),              # a 2-factor / parity
    ("LTT", "b*ab*", "a*(ba*ba*)*"),                # exactly one a (counts up to 2) / parity of b
    ("PT", "(a|b)*a(a|b)*b(a|b)*", "a(a|b)*"),      # subsequence ab / the first letter
    ("TSL", "b*|b*ab*", "(a|b)*ab(a|b)*"),          # no aa on the tier {a} (b never acts) / a factor
]


def main() -> int:
    for name, yes, no in GALLERY:
        for regex, want in ((yes, True), (no, False)):
            dfa = regex_to_dfa(regex, "ab")
            r = classify(dfa, windows=(), classes=[name], search_budget=0)[name]
            assert r.member is want, (name, regex)
            check = language_class(name).check(dfa, r.to_json())
            assert check.valid, check.reason
            print(f"{name:<4} {regex:<24} {'yes' if r.member else 'no '}  ", end="")
            if r.member:
                print(r.certificate.text("", " " * 35))
            else:
                print(r.witness.text("", " " * 35))
            print(f"{'':<35}{r.method}")
            print(f"{'':<35}verified: {check.reason[:100]}…")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
