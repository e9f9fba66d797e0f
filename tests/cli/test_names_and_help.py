"""Names the commands share and what their help says (issue 39): ``separate`` reads the
attention patterns ``classify --pattern`` reads, ``check --model`` names a missing model
file itself, and the ``--class`` help lists every registered class, taken from the registry."""

from __future__ import annotations

import dataclasses
import re

import pytest

from attnlogic.cli import build_parser, main
from attnlogic.definability.engine import registry
from attnlogic.ltl.fragments import Fragment


def _help(*command) -> str:
    """The help text of a command, white space collapsed (argparse wraps at any space)."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    text = sub.choices[command[0]].format_help()
    return re.sub(r"\s+", " ", text)


def _one_line_error(capsys, *argv) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    return lines[0]


# -- separate: fragments by their attention patterns -------------------------------------------

@pytest.mark.parametrize("pattern, name", [("global", "LTL[P]"), ("local:2", "LTL[Y<=2]"),
                                           ("local:1", "LTL[Y]"), ("hybrid:3", "LTL[P,Y<=3]"),
                                           ("masked_hard", "LTL[S]"), (" global ", "LTL[P]")])
def test_a_pattern_names_the_fragment_it_characterises(pattern, name):
    assert Fragment.named(pattern) == Fragment.parse(name) == Fragment.from_pattern(pattern.strip())
    assert Fragment.named(name) == Fragment.parse(name)


def test_separate_by_patterns_is_separate_by_fragments(capsys):
    assert main(["separate", "global", "local:2", "--json"]) == 0
    by_pattern = capsys.readouterr().out
    assert main(["separate", "P", "Y<=2", "--json"]) == 0
    assert capsys.readouterr().out == by_pattern
    assert main(["separate", "hybrid:2", "masked_hard"]) == 0      # an inclusion, with its reason
    assert capsys.readouterr().out.startswith("LTL[P,Y<=2] ⊆ LTL[S]: ")


@pytest.mark.parametrize("argv, needle", [
    (["separate", "local", "P"], "the pattern 'local' needs a window, e.g. local:2"),
    (["separate", "global", "local:0"], "the window of 'local:0' must be ≥ 1"),
    (["separate", "causal", "P"], "no fragment of the toolkit is characterised by the global_nonstrict"),
    (["separate", "Global", "P"], "unknown fragment 'Global' (use LTL[P], LTL[Y], LTL[P,Y], LTL[S], "
                                  "LTL[Y<=k], LTL[P,Y<=k] or an attention pattern: global, local:k, "
                                  "hybrid:k, masked_hard)"),
    (["separate", "P", "globl"], "unknown fragment 'globl'"),
    (["separate", "Y<=0", "P"], "the window k must be at least 1"),
])
def test_separate_refuses_what_classify_pattern_refuses(capsys, argv, needle):
    assert needle in _one_line_error(capsys, *argv)


def test_classify_pattern_refuses_the_same_spellings(capsys):
    for text in ("local", "Global", "causal"):
        separate = _one_line_error(capsys, "separate", text, "P")
        classify = _one_line_error(capsys, "classify", "P a", "--pattern", text)
        if text != "Global":                    # the same error, from the same parser
            assert separate.split("error: ", 1)[1] == classify.split("error: ", 1)[1]


# -- check --model: the missing file is the model ----------------------------------------------

@pytest.mark.parametrize("name", ["nonexist.safetensors", "nonexist", "nonexist.pt"])
def test_check_names_a_missing_model_file(capsys, tmp_path, name):
    missing = tmp_path / name
    for argv in (["--model", str(missing)], ["--model", str(missing), "--regex", "a", "--alphabet", "a"]):
        line = _one_line_error(capsys, "check", *argv)
        assert line.startswith(f"attnlogic check: error: {missing}: no such model file or folder")
        assert "sidecar" not in line


def test_loading_a_missing_model_names_the_model_not_its_sidecar(tmp_path):
    from attnlogic.kernel.errors import FileFormatError
    from attnlogic.transformer.io import read_sidecar

    missing = tmp_path / "m.safetensors"
    with pytest.raises(FileFormatError) as err:
        read_sidecar(missing)
    assert str(err.value) == f"{missing}: field '(file)': not found"


def test_check_still_names_a_missing_sidecar(capsys, tmp_path):
    model = tmp_path / "m.safetensors"
    model.write_bytes(b"weights without their sidecar")
    line = _one_line_error(capsys, "check", "--model", str(model))
    assert line.endswith(f"{tmp_path / 'm.json'}: field '(file)': the JSON sidecar of the model is missing")


# -- help texts ----------------------------------------------------------------------------------

def test_every_registered_class_appears_in_classify_help():
    text = _help("classify")
    for cls in registry.CLASSES:       # the windows' k is the help's --window K
        assert (cls.name if not cls.default else cls.name.replace("k", "K")) in text, cls.name
    for group in registry.GROUPS:
        assert f"or {group} for" in text
    census = _help("census")
    for cls in registry.CLASSES:
        if not cls.default:
            assert cls.name in census, cls.name


def test_the_class_help_is_read_from_the_registry(monkeypatch):
    extra = dataclasses.replace(registry.language_class("TSL"), name="XYZ-TEST-CLASS", groups=(),
                                summary="a class of the test")
    monkeypatch.setattr(registry, "CLASSES", [*registry.CLASSES, extra])
    text = _help("classify").replace("- ", "-")       # argparse wraps after hyphens too
    mod = ", ".join(c.name for c in registry.CLASSES if "mod" in c.groups)
    named = [c for c in registry.CLASSES[:-1] if not c.default]
    tier = [c.name for c in named if "subregular" in c.groups][-1]
    others = ", ".join(c.name for c in named if "subregular" not in c.groups)    # after the last subregular one
    groups = list(registry.GROUPS)                     # the groups after mod, each with its classes
    rest = "".join(f", or {g} for {', '.join(registry.GROUPS[g])}" for g in groups[groups.index("mod") + 1:])

    def subregular(left_out: str) -> str:
        """The subregular group as the help words it: by the classes it leaves out while they
        are fewer than its own, else by its own."""
        members = registry.GROUPS["subregular"]
        return (f"all of them but {left_out}" if len(left_out.split(", ")) < len(members)
                else ", ".join(members))

    assert (f"{tier}, {others}, XYZ-TEST-CLASS, or subregular for {subregular(others + ', XYZ-TEST-CLASS')}, "
            f"or mod for {mod}{rest};") in text
    assert "XYZ-TEST-CLASS [tier,k] = a class of the test" in text
    # its group is read from its declaration too
    monkeypatch.setattr(registry, "CLASSES", [*registry.CLASSES[:-1], dataclasses.replace(extra, groups=("subregular",))])
    assert (f"{tier}, {others}, XYZ-TEST-CLASS, or subregular for {subregular(others)}, or mod for {mod}{rest};"
            in _help("classify").replace("- ", "-"))


@pytest.mark.parametrize("command", ["parse", "eval", "dfa", "classify", "separate", "census",
                                     "compile", "check", "experiment", "demo", "serve"])
def test_help_has_no_article_slips_and_names_graphml(command):
    text = _help(command)
    assert not re.search(r"\b(no|one) (a|an) ", text), re.search(r".{40}\b(no|one) (a|an) .{20}", text)
    if "--dfa FILE" in text and command != "experiment":
        assert "GraphML" in text
