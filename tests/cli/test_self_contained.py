"""The repository is self-contained: the tests read nothing outside it, and every path to a
repository file named in README.md and docs/*.md exists.

* Tests: no file under tests/ climbs above the repository root — no relative path through
  ``../``, no ``ROOT.parent``, no ``Path(__file__)`` parent chain longer than the file's
  depth in the repository, no absolute path into a home or work folder, and no mention of
  the project's background folder beside the repository (not even in a comment).  The test data
  (the language cases) live in tests/data/.
* Docs: every word of README.md and docs/*.md that starts with a top-level entry of the
  repository and contains a ``/`` (``tests/cli/test_docs.py``, ``automata/``) names an
  existing file or folder.  Files move into subfolders; the paths that name them must move
  too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))

_TEXT = (".py", ".json", ".md", ".txt", ".toml", ".cfg", ".ini", ".yml", ".yaml", ".ipynb")
_CLIMB = re.compile(r"""["'](?:[^"'\n]*/)?\.\./[\w.-]""")           # "../x", "a/../x"
_ROOT_PARENT = re.compile(r"\bROOT\s*\.\s*parent\b")
_PARENTS = re.compile(r"__file__\)\s*\.resolve\(\)\s*\.parents\[(\d+)\]")
_PARENT_CHAIN = re.compile(r"__file__\)\s*\.resolve\(\)((?:\s*\.parent\b)+)")
_ABSOLUTE = re.compile(r"""["'](?:/work|/home|/Users|~)/""")
#: the project's background folder beside the repository, named anywhere (comments too)
_SIBLING = re.compile(r"\.\./shared\b|ATTNLOGIC_SHARED")


def outside_reads(path: Path, text: str) -> list[str]:
    """The places in a test file's ``text`` that name a path outside the repository."""
    depth = len(path.relative_to(ROOT).parts) - 1     # tests/cli/x.py: parents[2] is the root
    found = [m.group(0) for rx in (_CLIMB, _ROOT_PARENT, _ABSOLUTE, _SIBLING) for m in rx.finditer(text)]
    found += [m.group(0) for m in _PARENTS.finditer(text) if int(m.group(1)) > depth]
    found += [m.group(0) for m in _PARENT_CHAIN.finditer(text) if m.group(1).count("parent") > depth + 1]
    return found


def test_no_test_file_reads_outside_the_repository():
    files = [p for p in TESTS.rglob("*") if p.is_file() and p.suffix in _TEXT
             and "__pycache__" not in p.parts and p != Path(__file__).resolve()]   # not its examples
    assert len(files) > 50
    bad = {str(p.relative_to(ROOT)): hits for p in files
           if (hits := outside_reads(p, p.read_text(encoding="utf-8", errors="replace")))}
    assert not bad, f"test files naming paths outside the repository: {bad}"


def test_the_guard_sees_each_way_out():
    """The patterns above catch what they are for (and not the repository's own paths)."""
    here = TESTS / "cli" / "x.py"
    assert outside_reads(here, 'ROOT / ".." / "x"') == []          # not a path climb by itself
    for text in ('p = "../cases/languages.json"', "d = ROOT.parent / 'cases'",
                 "Path(__file__).resolve().parents[3] / 'x'",
                 "Path(__file__).resolve().parent.parent.parent.parent",
                 "open('/work/cases/x.json')",
                 "# see ../" "shared/cases for the facts",      # split: this file names no such path
                 "os.environ['ATTNLOGIC_SHARED']"):
        assert outside_reads(here, text), text
    assert outside_reads(here, "Path(__file__).resolve().parents[2] / 'docs'") == []
    assert outside_reads(here, "Path(__file__).resolve().parent.parent / 'data'") == []


def test_the_language_cases_live_in_the_repository(language_cases):
    path = TESTS / "data" / "languages.json"
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    assert language_cases == cases and len(cases) >= 15
    for c in cases:
        assert {"name", "alphabet", "regex", "minimal_dfa_states", "expected"} <= set(c), c.get("name")


def _ignored_top_level() -> set[str]:
    """The top-level folders .gitignore names (``out/``, ``build/``, …): what the commands
    write there (``attnlogic demo`` writes ``out/demo``) is output, not a repository path."""
    path = ROOT / ".gitignore"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return {ln.strip().strip("/") for ln in lines if ln.strip().endswith("/") and "*" not in ln}


_TOP = sorted(p.name for p in ROOT.iterdir()
              if not p.name.startswith(".") and p.name not in _ignored_top_level())
_PATH = re.compile(r"(?<![\w./:-])((?:[\w-]+/)+[\w.-]*)")


def named_paths(text: str) -> list[str]:
    """The repository paths a document names: words with a ``/`` whose first part is a
    top-level entry of the repository (trailing sentence dots dropped)."""
    out = []
    for m in _PATH.finditer(text):
        p = m.group(1).rstrip(".")
        if p.split("/")[0] in _TOP:
            out.append(p)
    return out


def test_every_repository_path_in_readme_and_docs_exists():
    seen, missing = 0, []
    for doc in DOCS:
        for i, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for p in named_paths(line):
                seen += 1
                if not (ROOT / p).exists():
                    missing.append(f"{doc.relative_to(ROOT)}:{i}: {p}")
    assert seen > 100                      # the docs do name files; the pattern finds them
    assert not missing, "paths in the docs that do not exist:\n" + "\n".join(missing)


def test_the_path_finder_reads_the_usual_spellings():
    text = ("see `tests/cli/test_docs.py::test_x`, automata/io.py. and docs/logic.md §2; "
            "not https://example.org/tests/x.py nor foo/bar.py")
    assert named_paths(text) == ["tests/cli/test_docs.py", "automata/io.py", "docs/logic.md"]
