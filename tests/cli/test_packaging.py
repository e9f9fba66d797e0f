"""Packaging: one distribution whose folders import as attnlogic.*, beside automata-lib."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_subpackages_come_from_the_repository_folders():
    import attnlogic.automata
    import attnlogic.compiler
    import attnlogic.experiments
    import attnlogic.ltl
    import attnlogic.rmt
    import attnlogic.transformer

    for mod, folder in [(attnlogic.ltl, "ltl"), (attnlogic.automata, "automata"),
                        (attnlogic.transformer, "transformer"), (attnlogic.compiler, "compiler"),
                        (attnlogic.rmt, "rmt"), (attnlogic.experiments, "experiments")]:
        assert Path(mod.__file__).resolve().parent == ROOT / folder


def test_automata_lib_imports_beside_us():
    automata_lib = pytest.importorskip("automata.fa.dfa")
    import attnlogic.automata.dfa as ours

    assert "site-packages" in automata_lib.__file__
    assert Path(ours.__file__).resolve().parent == ROOT / "automata"
    # and in a fresh interpreter, in either import order
    code = ("import attnlogic.automata.dfa, automata.fa.dfa, sys;"
            "print(sys.modules['automata'].__file__, attnlogic.automata.__file__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/", check=True).stdout
    lib, mine = out.split()
    assert "site-packages" in lib and Path(mine).resolve().parent == ROOT / "automata"


def test_the_command_is_installed():
    exe = Path(sys.executable).parent / "attnlogic"
    path = str(exe) if exe.exists() else shutil.which("attnlogic")
    assert path, "the attnlogic entry point is not installed"
    proc = subprocess.run([path, "--version"], capture_output=True, text=True, cwd="/")
    assert proc.returncode == 0 and proc.stdout.startswith("attnlogic ")


def test_torch_is_pinned_for_setup_but_not_in_the_metadata():
    constraints = (ROOT / "constraints.txt").read_text()
    assert "torch==2.13.0" in constraints
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"torch>=2.1"' in pyproject
    makefile = (ROOT / "Makefile").read_text()
    assert "-c constraints.txt" in makefile


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    assert "make test" in readme.split("\n\n")[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert ci.rstrip().splitlines()[-1] == "make test"
    assert os.access(ROOT / ".ci" / "run", os.X_OK)
