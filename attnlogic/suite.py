"""The built-in language catalogue: the regression languages of the specification.

Each entry is a regular language with a name, an alphabet, a regex (the syntax of
``attnlogic dfa --regex``) and a description.  This is the one catalogue: ``attnlogic demo``
runs on it, the experiments take their languages from it (adding how to build negatives and
the periodic pairs, :mod:`attnlogic.experiments.languages`; aⁿbⁿ, not regular, is theirs
alone), and the tests check that it agrees with the regression cases of
tests/data/languages.json (docs/languages.md).  The memberships are *not* stored here: they
are computed by the classifier and compared with the published expectations by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from .automata.sources import load_language

__all__ = ["NamedLanguage", "SUITE", "by_name"]


@dataclass(frozen=True)
class NamedLanguage:
    """An entry of the catalogue (not to be confused with
    :class:`attnlogic.automata.sources.Language`, a loaded language with its minimal DFA:
    :meth:`load` gives that)."""

    name: str
    alphabet: tuple[str, ...]
    regex: str
    description: str

    def load(self):
        """The :class:`~attnlogic.automata.sources.Language` of the regex over the alphabet."""
        return load_language(regex=self.regex, alphabet=list(self.alphabet))


SUITE: tuple[NamedLanguage, ...] = (
    NamedLanguage("PARITY", ("a", "b"), "a*(ba*ba*)*", "even number of b"),
    NamedLanguage("DYCK-(1,2)", ("a", "b"), "(a(ab)*b)*", "bounded Dyck, depth 2"),
    NamedLanguage("DYCK-(1,1)", ("a", "b"), "(ab)*", "bounded Dyck, depth 1"),
    NamedLanguage("LT-2", ("a", "b", "c"), "(a|b|c)*ab(a|b|c)*", "contains the factor ab"),
    NamedLanguage("RDP-1", ("a", "x", "y"), "(a|y)*ax*", "right-deterministic monomial"),
    NamedLanguage("RDP-S", ("a", "b", "c"), "(a|b|c)*ac*", "after the last a only c"),
    NamedLanguage("LAST", ("a", "b"), "(a|b)*b", "ends with b"),
    NamedLanguage("PT-2", ("a", "b", "c"), "(a|b|c)*a(a|b|c)*b(a|b|c)*", "contains the subsequence ab"),
    NamedLanguage("LT-1", ("a", "b", "c"), "(a|b|c)*a(a|b|c)*", "contains a"),
    NamedLanguage("LDP-1", ("a", "x", "y"), "y*a(a|x)*", "left-deterministic monomial"),
    NamedLanguage("LDP-2", ("p", "q", "x", "y", "z"), "(q|y|z)*p(p|x|z)*q(p|q|x|y)*",
             "left-deterministic monomial of two letters"),
    NamedLanguage("FIRST", ("a", "b"), "b(a|b)*", "begins with b"),
    NamedLanguage("ENDS-A", ("a", "b", "c"), "(a|b|c)*a", "ends with a"),
    NamedLanguage("ENDS-AB", ("a", "b", "c"), "(a|b|c)*ab", "ends with ab"),
    NamedLanguage("STARTS-A", ("a", "b", "c"), "a(a|b|c)*", "begins with a"),
)


def by_name(name: str) -> NamedLanguage:
    for lang in SUITE:
        if lang.name == name:
            return lang
    raise KeyError(name)
