"""Fixtures for every test: the language cases (tests/data/languages.json) and the
hypothesis profiles."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

#: pytester runs the user-facing examples of attnlogic's pytest plugin (tests/testing)
pytest_plugins = ["pytester"]

#: the test data kept with the tests (nothing a test reads lies outside the repository)
DATA = Path(__file__).resolve().parent / "data"

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def language_cases() -> list[dict]:
    """The regression languages with their published memberships (docs/languages.md):
    name, alphabet, regex, minimal DFA size and ``expected[fragment]`` (true, false or null
    where no published result settles it)."""
    return json.loads((DATA / "languages.json").read_text(encoding="utf-8"))["cases"]
