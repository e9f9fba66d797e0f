"""The issue's evidence for ``attnlogic experiment --quick --json`` (about 1.5 min on 2 cores).

Slow, but it fits in the suite's budget, so it runs by default (and in CI); set
ATTNLOGIC_SKIP_QUICK=1 to leave it out of a local run.  It asserts the theory's predictions as
stated in the issue; if one fails, that is a measured result to report, not a test to tune.
"""

from __future__ import annotations

import json
import os

import pytest

from attnlogic.cli import main

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(os.environ.get("ATTNLOGIC_SKIP_QUICK") == "1",
                                 reason="ATTNLOGIC_SKIP_QUICK=1 leaves the quick experiment out")]


def test_quick_run_shows_the_theorys_pattern(capsys):
    assert main(["experiment", "--quick", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    acc = {(r["language"], r["pattern"]): r["accuracy"] for r in out["results"]}
    assert len(acc) == 12
    for lang in ("ENDS-A", "STARTS-A", "LT-2", "DYCK-(1,1)"):
        assert acc[(lang, "hybrid:1")] >= 0.95, lang
    assert acc[("ENDS-A", "global")] < 0.8
    assert acc[("STARTS-A", "local:1")] < 0.8
