"""The architecture's rules, checked on the source: imports run ltl/ → automata/ →
definability/, and library modules name parameters, never command-line flags."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ("kernel", "ltl", "automata", "definability", "transformer", "compiler", "rmt", "experiments", "testing")


def _imports(path: Path, package: str) -> set[str]:
    """The attnlogic sub-packages a module imports (absolute or relative), at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:                      # relative: resolve against attnlogic.<package>
                parts = ["attnlogic", package][:max(0, 2 - (node.level - 1))]
                name = ".".join(parts + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            names = [name] + [f"{name}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for n in names:
            m = re.match(r"attnlogic\.(\w+)", n)
            if m:
                out.add(m.group(1))
    return out


def _modules(folder: str):
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("folder,forbidden", [("ltl", {"automata", "definability"}),
                                              ("automata", {"definability"})])
def test_imports_run_one_way(folder, forbidden):
    bad = {str(p.relative_to(ROOT)): sorted(_imports(p, folder) & forbidden) for p in _modules(folder)}
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_import_checker_sees_relative_imports(tmp_path):
    probe = tmp_path / "m.py"
    probe.write_text("from ..definability.classify import classify\nfrom . import dfa\n")
    assert _imports(probe, "automata") == {"definability", "automata"}


FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]+")


def _string_constants(path: Path):
    """String literals that are not docstrings (messages, not documentation)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def test_library_messages_name_no_command_line_flag():
    """Outside the CLI (attnlogic/cli.py, attnlogic/commands/) and a module's own
    ``python -m`` argument parser (or the pytest plugin's own options), no string constant of
    the library spells a flag."""
    found = []
    # request.py writes each request's equivalent command line: its flags are its output
    top = [p for p in sorted((ROOT / "attnlogic").glob("*.py")) if p.name not in ("cli.py", "__main__.py", "request.py")]
    for path in [p for folder in LIBRARY for p in _modules(folder)] + top:
        if True:
            text = path.read_text(encoding="utf-8")
            # a module's own command-line entry (python -m …, or the pytest plugin's options)
            if "argparse" in text or "def pytest_addoption" in text:
                continue
            found += [f"{path.relative_to(ROOT)}:{line}: {s!r}" for line, s in _string_constants(path)
                      if FLAG.search(s)]
    assert found == []


def test_the_flag_checker_fires(tmp_path):
    probe = tmp_path / "m.py"
    probe.write_text('def f():\n    """Docs may say --limit."""\n    raise ValueError("raise --limit")\n')
    assert [s for _, s in _string_constants(probe) if FLAG.search(s)] == ["raise --limit"]
