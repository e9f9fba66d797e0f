"""Letters and output paths on the command line: a one-letter alphabet whose letter has
several characters (``--alphabet '"nil"'``), words with empty letters refused (never
dropped), and single-file outputs into a missing folder refused without creating it."""

from __future__ import annotations

import json
import os

import pytest

from attnlogic.cli import main
from attnlogic.kernel.words import join_word, separator, split_alphabet, split_word
from attnlogic.kernel.errors import InputError


@pytest.mark.parametrize("text, letters", [
    ("abc", ["a", "b", "c"]), ("a,b", ["a", "b"]), ("foo bar", ["foo", "bar"]),
    ('"nil"', ["nil"]), ('"a b", c', ["a b", "c"]), ('"x" "y,z"', ["x", "y,z"]), ('"q\\"r"', ['q"r']),
    ("nil", ["n", "i", "l"]),
])
def test_alphabet_spellings(text, letters):
    assert split_alphabet(text) == letters


@pytest.mark.parametrize("text", ['"nil', '"nil",', '""', 'a,,b', 'a,', '"n"i', '"a" "a"'])
def test_alphabet_mistakes_are_refused(text):
    with pytest.raises(InputError):
        split_alphabet(text)


def test_words_keep_or_refuse_every_letter():
    assert split_word("go,stop,go", commas=True) == ["go", "stop", "go"]
    assert split_word("", commas=True) == [] and split_word("ab") == ["a", "b"]
    for bad in ("go,,go", "go,", ",go", ","):
        with pytest.raises(InputError, match="empty letter"):
            split_word(bad, commas=True)


@pytest.mark.parametrize("alphabet, word", [
    (("a", "b"), ("a", "b", "b")), (("go", "stop"), ("go", "stop", "go")), (("a", "bc"), ("bc", "a")),
    (("a", ","), ("a", ",", "a")), (("go", "x"), ()), (("a", "b"), ()), (("nil",), ("nil", "nil")),
])
def test_one_rule_writes_and_reads_every_word(alphabet, word):
    """The separator rule (letters joined when every letter is one character, else commas)
    written once: a word written by it reads back as itself, a comma that is a letter
    included; the command line's reading (no alphabet known) splits on commas too."""
    text = join_word(word, alphabet)
    assert separator(alphabet) == ("" if all(len(a) == 1 for a in alphabet) else ",")
    assert text == (",".join(word) if any(len(a) > 1 for a in alphabet) else "".join(word))
    assert split_word(text, alphabet) == list(word)
    assert split_word(text, commas=separator(alphabet) == ",") == list(word)
    assert split_word("a,b") == ["a", "b"] and split_word("a,b", ("a", "b", ",")) == ["a", ",", "b"]


def test_the_separator_rule_is_written_once():
    """No module of ours spells the word-separator rule again (``"" if all(len(a) == 1 …``):
    :mod:`attnlogic.kernel.words` is its one home."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    rule = re.compile(r"""all\(len\(\w+\) == 1 for \w+ in|any\(len\(\w+\) > 1 for \w+ in [\w.]*alphabet\)""")
    found = [f"{path.relative_to(root)}" for folder in ("attnlogic", "kernel", "ltl", "automata", "definability",
                                                        "testing", "compiler", "transformer", "experiments")
             for path in sorted((root / folder).rglob("*.py"))
             if path.name != "words.py" and rule.search(path.read_text(encoding="utf-8"))]
    assert found == []


def test_one_letter_alphabet_of_a_multi_character_letter(capsys):
    assert main(["dfa", "Y nil", "--alphabet", '"nil"']) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["alphabet"] == ["nil"] and d["accepting"] == [1]
    assert main(["eval", "Y nil", "nil,nil", "", "--alphabet", '"nil"', "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r["accepted"] for r in results] == [True, False]


def test_empty_letters_of_a_word_are_an_error_not_dropped(capsys):
    assert main(["eval", "Y go", "go,,go", "go,", "--alphabet", "go,stop"]) == 2
    err = capsys.readouterr().err
    assert "empty letter" in err and "accept" not in err


@pytest.mark.parametrize("argv", [["compile", "Y a", "--alphabet", "ab", "--out"],
                                  ["dfa", "Y a", "--out"]])
def test_an_output_into_a_missing_folder_is_refused_and_nothing_created(tmp_path, capsys, argv):
    target = tmp_path / "missing" / "deeper" / "m.safetensors"
    assert main(argv + [str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "does not exist" in err[0]
    assert os.listdir(tmp_path) == []
    assert main(argv + [str(tmp_path / "m.safetensors")]) == 0      # an existing folder is fine
    assert (tmp_path / "m.safetensors").exists()


VALUATIONS = "!a&!b,a&!b,!a&b,a&b"


def test_propositions_are_atoms_over_valuation_letters(tmp_path, capsys):
    # P (a & b) over the four valuations of a, b: some letter had a and b both true
    assert main(["eval", "P (a & b)", "a&b,!a&!b", "!a&b,a&!b", "--alphabet", VALUATIONS, "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [r["accepted"] for r in results] == [True, False]
    hoa = tmp_path / "both.hoa"
    hoa.write_text('HOA: v1\nStates: 2\nStart: 0\nAP: 2 "a" "b"\nAcceptance: 1 Inf(0)\n--BODY--\n'
                   'State: 0\n[!0&!1] 0\n[0&!1] 0\n[!0&1] 0\n[0&1] 1\nState: 1 {0}\n[t] 1\n--END--\n')
    assert main(["verify", "--dfa", str(hoa), "--fragment", "LTL[P]", "--formula", "P (a & b)"]) == 0
    assert capsys.readouterr().out.startswith("valid")
    assert main(["verify", "--dfa", str(hoa), "--fragment", "LTL[P]", "--formula", "P a"]) == 1
    assert capsys.readouterr().out.startswith("NOT valid")
