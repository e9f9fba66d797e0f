"""Writing a DFA by format name is a library function (automata.io.dfa_text / write_dfa);
``attnlogic dfa --format`` offers the same names and writes the same bytes."""

from __future__ import annotations

import argparse

import pytest

from attnlogic.automata.io import WRITE_FORMATS, dfa_text, read_dfa_file, write_dfa
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.automata.operations import equivalent
from attnlogic.cli import build_parser, main
from attnlogic.kernel.errors import InputError


def test_each_format_is_written_atomically_and_read_back(tmp_path):
    d = regex_to_dfa("(a|b)*ab", "ab")
    for fmt in WRITE_FORMATS:
        path = tmp_path / f"d.{fmt}"
        write_dfa(d, str(path), fmt)
        assert path.read_text(encoding="utf-8") == dfa_text(d, fmt)
        assert equivalent(read_dfa_file(str(path), alphabet=["a", "b"]), d), fmt
    with pytest.raises(InputError) as exc:
        dfa_text(d, "svg")
    assert exc.value.parameters == ("fmt",)


def test_the_command_offers_the_library_formats_and_writes_its_bytes(tmp_path, capsys):
    dfa_parser = next(a for a in build_parser()._actions
                      if isinstance(a, argparse._SubParsersAction)).choices["dfa"]
    fmt_action = next(a for a in dfa_parser._actions if "--format" in a.option_strings)
    assert tuple(fmt_action.choices) == WRITE_FORMATS
    d = regex_to_dfa("(a|b)*ab", "ab")
    for fmt in WRITE_FORMATS:
        assert main(["dfa", "--regex", "(a|b)*ab", "--alphabet", "ab", "--format", fmt]) == 0
        assert capsys.readouterr().out == dfa_text(d, fmt)
