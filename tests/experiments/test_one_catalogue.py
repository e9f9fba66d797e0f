"""One language catalogue (attnlogic.suite.SUITE) for the demo, the experiments and the
tests: the experiments read their languages' alphabets, regexes and descriptions from it,
and the kinds of source languages from attnlogic.automata.sources."""

from __future__ import annotations

from attnlogic.automata import sources
from attnlogic.experiments import languages
from attnlogic.suite import SUITE, NamedLanguage, by_name


def test_the_experiments_read_the_catalogue():
    assert list(languages.LANGUAGES) == ["CNT"] + [lang.name for lang in SUITE]
    for lang in SUITE:
        spec = languages.LANGUAGES[lang.name]
        assert (spec.alphabet, spec.regex, spec.description) == (lang.alphabet, lang.regex,
                                                                 lang.description)
        # the same language: the experiments' DFA is the catalogue entry's minimal DFA
        assert spec.dfa().n_states == lang.load().dfa.n_states
    assert languages.SOURCE_KINDS is sources.SOURCE_KINDS


def test_one_class_of_catalogue_entries():
    assert all(type(lang) is NamedLanguage for lang in SUITE)
    assert NamedLanguage is not sources.Language
    assert by_name("LDP-2").description == languages.get_language("LDP-2").description
