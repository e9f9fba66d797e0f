"""Determinism: the same inputs and seed give byte-identical JSON across processes.

Each command runs twice in fresh interpreters with different hash seeds (set iteration
order changes between them).  Keys that measure time (``tokens_per_second``,
``seconds``) are the only ones removed before comparing, and only where present.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

TIMING_KEYS = {"tokens_per_second", "seconds"}

COMMANDS = [
    ["parse", "P (b & Y a) | O c -> H !a", "--json"],
    ["eval", "P (b & Y a)", "cab", "abc", "ba", "", "--json"],
    ["dfa", "P (b & Y[<=2] a) & !Y c", "--format", "json"],
    ["dfa", "--regex", "(a|b)*ab(a|b)*|c*", "--format", "json"],
    ["dfa", "--regex", "(ab)*", "--format", "hoa"],
    ["classify", "--regex", "(a|b|c)*ab", "--json"],
    ["classify", "P (b & Y a)", "--window", "2", "--window", "3", "--json"],
    ["separate", "LTL[P,Y]", "LTL[P]", "--json"],
    ["census", "--max-states", "2", "--alphabet", "abc", "--json", "--each"],
    ["compile", "P (b & Y a) | Y[<=3] c", "--json"],
    ["check", "P (b & Y a)", "--max-length", "500", "--samples", "3", "--seed", "7", "--json"],
]


def _strip(obj):
    if isinstance(obj, dict):
        return {k: _strip(v) for k, v in obj.items() if k not in TIMING_KEYS}
    if isinstance(obj, list):
        return [_strip(v) for v in obj]
    return obj


def _run(argv, hashseed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    proc = subprocess.run([sys.executable, "-m", "attnlogic", *argv], capture_output=True, text=True,
                          env=env, cwd="/", timeout=600)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_same_input_same_bytes(argv):
    first, second = _run(argv, "1"), _run(argv, "12345")
    if "--json" in argv and any(k in first for k in TIMING_KEYS):
        first = json.dumps(_strip(json.loads(first)))
        second = json.dumps(_strip(json.loads(second)))
    assert first == second
