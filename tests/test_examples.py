"""The example scripts run, and say what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(script: str, *args: str) -> str:
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / script), *args], capture_output=True,
                          text=True, timeout=600, cwd="/")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_classification_gallery(tmp_path):
    out = _run("classification_gallery.py", str(tmp_path))
    assert "formula: Y a" in out                      # Σ*a is Y a
    assert "formula: P (b & Y a)" in out              # Σ*abΣ* needs both P and Y
    table = (tmp_path / "gallery.md").read_text()
    assert table.count("\n") == 2 + 7
    assert "| even number of b | `a*(ba*ba*)*` | 2 | no | no | no | no | no | no |" in table


def test_separations_cover_every_ordered_pair():
    out = _run("separations.py", "LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]")
    lines = [ln for ln in out.splitlines() if "\\" in ln]
    assert len(lines) == 12
    assert out.strip().endswith("0 without a verified separation")
    assert "7 separated, 5 inclusions" in out
