"""Shared fixtures: paths to the shared specification and language cases."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

#: pytester runs the user-facing examples of attnlogic's pytest plugin (tests/testing)
pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("ATTNLOGIC_SHARED", ROOT.parent / "shared"))

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def language_cases() -> list[dict]:
    path = SHARED / "cases" / "languages.json"
    if not path.exists():
        pytest.skip(f"{path} not found")
    return json.loads(path.read_text())["cases"]
