"""The tests themselves: no assertion on elapsed time (speed is measured in benchmarks/ as
ratios against a peer, never asserted in a test, where a loaded machine makes it fail), and
no assertion that cannot fail (``x in (True, False)`` for a bool).

A clock read (``time.time``, ``perf_counter``, ``monotonic``, ``process_time``) may serve a
hang guard that raises; an ``assert`` whose condition depends on one (directly or through a
variable computed from one) is a timed assertion."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
CLOCKS = {"time", "perf_counter", "monotonic", "process_time", "perf_counter_ns", "monotonic_ns",
          "time_ns"}


def _reads_clock(node: ast.AST, timed: set[str]) -> bool:
    for n in ast.walk(node):
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                and n.func.attr in CLOCKS and isinstance(n.func.value, ast.Name)
                and n.func.value.id == "time"):
            return True
        if isinstance(n, ast.Name) and n.id in timed:
            return True
    return False


def timed_assertions(source: str) -> list[int]:
    """Line numbers of the asserts whose condition depends on a clock read."""
    tree = ast.parse(source)
    timed: set[str] = set()
    changed = True
    while changed:                     # names computed from a clock, transitively
        changed = False
        for n in ast.walk(tree):
            if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and n.value is not None:
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                if _reads_clock(n.value, timed):
                    for t in targets:
                        for name in ast.walk(t):
                            if isinstance(name, ast.Name) and name.id not in timed:
                                timed.add(name.id)
                                changed = True
    return [n.lineno for n in ast.walk(tree)
            if isinstance(n, ast.Assert) and _reads_clock(n.test, timed)]


def vacuous_assertions(source: str) -> list[int]:
    """Line numbers of ``assert <x> in (True, False)`` (any order): true of every bool."""
    out = []
    for n in ast.walk(ast.parse(source)):
        if (isinstance(n, ast.Assert) and isinstance(n.test, ast.Compare)
                and len(n.test.ops) == 1 and isinstance(n.test.ops[0], ast.In)
                and isinstance(n.test.comparators[0], (ast.Tuple, ast.List, ast.Set))):
            values = {e.value for e in n.test.comparators[0].elts if isinstance(e, ast.Constant)}
            if {True, False} <= values:
                out.append(n.lineno)
    return out


def _sources():
    for path in sorted(TESTS.rglob("*.py")):
        yield path.relative_to(TESTS), path.read_text(encoding="utf-8")


def test_no_test_asserts_on_elapsed_time():
    found = [f"{p}:{line}" for p, text in _sources() for line in timed_assertions(text)]
    assert found == []


def test_no_test_asserts_what_cannot_fail():
    found = [f"{p}:{line}" for p, text in _sources() for line in vacuous_assertions(text)]
    assert found == []


def test_the_checks_find_what_they_look_for():
    timed = ("import time\n"
             "def test_a():\n    t = time.monotonic()\n    work()\n    s = time.monotonic() - t\n"
             "    assert s < 5\n"
             "def test_b():\n    t0 = time.perf_counter()\n    assert time.perf_counter() - t0 < 1\n"
             "def test_guard():\n    deadline = time.monotonic() + 9\n"
             "    if time.monotonic() > deadline:\n        raise TimeoutError\n    assert ok()\n")
    assert timed_assertions(timed) == [6, 9]
    vacuous = "def test_c():\n    assert d.accepts(w) in (True, False)\n    assert x in (1, 2)\n"
    assert vacuous_assertions(vacuous) == [2]
