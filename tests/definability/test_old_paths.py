"""The old flat paths of attnlogic.definability's modules keep working after the move into
rooms: each is an alias (definability/__init__.py, ``MOVED``) of the module in its room — the
same object, not a copy or a shim file — imported with a DeprecationWarning naming the new path."""

from __future__ import annotations

import importlib
import subprocess
from contextlib import nullcontext
import sys
from pathlib import Path

import pytest

import attnlogic.definability as definability
from attnlogic.definability import MOVED

FOLDER = Path(definability.__file__).resolve().parent


def test_every_old_name_is_the_module_of_its_room():
    for old, new in MOVED.items():
        with pytest.warns(DeprecationWarning) if f"attnlogic.definability.{old}" not in sys.modules \
                else nullcontext():
            module = importlib.import_module(f"attnlogic.definability.{old}")
        assert module is importlib.import_module(f"attnlogic.definability.{new}"), old
        assert module.__name__ == module.__spec__.name == f"attnlogic.definability.{new}", old


def test_the_aliases_cover_the_rooms_and_leave_no_file_behind():
    """Every module of a room is reached from its old name; the flat folder keeps only the
    package's __init__.py (no shim at an old path); the names are the former flat modules."""
    rooms = sorted(p.name for p in FOLDER.iterdir() if (p / "__init__.py").is_file())
    in_rooms = {f"{r}.{p.stem}" for r in rooms for p in (FOLDER / r).glob("*.py") if p.stem != "__init__"}
    assert set(MOVED.values()) == in_rooms
    assert sorted(p.name for p in FOLDER.glob("*.py")) == ["__init__.py"]
    assert not set(MOVED) & set(rooms)          # an old name that is a room is that room itself
    assert {"census", "subregular"} <= set(rooms)


def test_old_imports_in_a_fresh_interpreter():
    """The spellings users wrote: ``import …``, ``from … import``, attribute access on the
    package; a DeprecationWarning for the old path, none for the new one."""
    code = """
import warnings
warnings.simplefilter("error", DeprecationWarning)
from attnlogic.definability.engine.classify import classify as new
from attnlogic.definability.census import run as census_run_new
warnings.simplefilter("always", DeprecationWarning)
with warnings.catch_warnings(record=True) as caught:
    import attnlogic.definability.certificates
    from attnlogic.definability.classify import classify
    from attnlogic.definability import census_run, registry
import attnlogic.definability.certify.certificates as cert
assert attnlogic.definability.certificates is cert
assert classify is new and census_run is census_run_new
assert registry.CLASSES
print(sorted(str(w.message).split()[0] for w in caught if w.category is DeprecationWarning))
print(sorted({w.filename for w in caught}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[0] == str(sorted(["attnlogic.definability.certificates", "attnlogic.definability.classify",
                                   "attnlogic.definability.census_run", "attnlogic.definability.registry"]))
    assert lines[1] == "['<string>']"           # the warning points at the importing line

