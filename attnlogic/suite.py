"""The built-in language suite: the regression languages of the specification.

Each entry is a regular language with a name, an alphabet, a regex (the syntax of
``attnlogic dfa --regex``) and a description.  The suite mirrors
the regression cases listed in docs/languages.md (the tests check that it agrees with
tests/data/languages.json), so that ``attnlogic demo`` runs on built-in inputs alone.  The
memberships are *not* stored here: they are computed by the classifier and compared with the
published expectations of tests/data/languages.json by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Language", "SUITE", "by_name"]


@dataclass(frozen=True)
class Language:
    name: str
    alphabet: tuple[str, ...]
    regex: str
    description: str


SUITE: tuple[Language, ...] = (
    Language("PARITY", ("a", "b"), "a*(ba*ba*)*", "even number of b"),
    Language("DYCK-(1,2)", ("a", "b"), "(a(ab)*b)*", "bounded Dyck, depth 2"),
    Language("DYCK-(1,1)", ("a", "b"), "(ab)*", "bounded Dyck, depth 1"),
    Language("LT-2", ("a", "b", "c"), "(a|b|c)*ab(a|b|c)*", "contains the factor ab"),
    Language("RDP-1", ("a", "x", "y"), "(a|y)*ax*", "right-deterministic monomial"),
    Language("RDP-S", ("a", "b", "c"), "(a|b|c)*ac*", "after the last a only c"),
    Language("LAST", ("a", "b"), "(a|b)*b", "ends with b"),
    Language("PT-2", ("a", "b", "c"), "(a|b|c)*a(a|b|c)*b(a|b|c)*", "contains the subsequence ab"),
    Language("LT-1", ("a", "b", "c"), "(a|b|c)*a(a|b|c)*", "contains a"),
    Language("LDP-1", ("a", "x", "y"), "y*a(a|x)*", "left-deterministic monomial"),
    Language("LDP-2", ("p", "q", "x", "y", "z"), "(q|y|z)*p(p|x|z)*q(p|q|x|y)*",
             "left-deterministic monomial of two letters"),
    Language("FIRST", ("a", "b"), "b(a|b)*", "begins with b"),
    Language("ENDS-A", ("a", "b", "c"), "(a|b|c)*a", "ends with a"),
    Language("ENDS-AB", ("a", "b", "c"), "(a|b|c)*ab", "ends with ab"),
    Language("STARTS-A", ("a", "b", "c"), "a(a|b|c)*", "begins with a"),
)


def by_name(name: str) -> Language:
    for lang in SUITE:
        if lang.name == name:
            return lang
    raise KeyError(name)
