"""The command line's shared option groups are declared once (attnlogic/commands/_common.py)
and used by every command: output (--json), budgets (--max-depth, --limit, --search-budget,
--memory-budget), precision (--dtype, --fixed-point, --int-bits, --no-span-fix), progress
(--progress, --no-progress)."""

from __future__ import annotations

import argparse
from pathlib import Path

from attnlogic.cli import build_parser

COMMANDS = Path(__file__).resolve().parents[2] / "attnlogic" / "commands"
SHARED = ("--json", "--max-depth", "--limit", "--search-budget", "--memory-budget",
          "--no-progress", "--dtype", "--fixed-point", "--int-bits", "--no-span-fix")


def test_each_shared_flag_is_spelled_in_one_file():
    for flag in SHARED:
        files = sorted(p.name for p in COMMANDS.glob("*.py")
                       if f'"{flag}"' in p.read_text(encoding="utf-8"))
        assert files == ["_common.py"], (flag, files)


def _subparsers(parser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield name, sub
                yield from _subparsers(sub)


def test_the_commands_share_the_groups():
    seen = {}
    for name, sub in _subparsers(build_parser()):
        for group in sub._action_groups:
            for action in group._group_actions:
                for flag in action.option_strings:
                    if flag in ("--json", "--limit", "--max-depth", "--fixed-point"):
                        seen.setdefault(flag, set()).add((name, group.title))
    assert {title for _, title in seen["--json"]} == {"output"}
    assert {title for _, title in seen["--limit"] | seen["--max-depth"]} == {"budgets"}
    assert {"classify", "census", "separate"} <= {name for name, _ in seen["--limit"]}
    assert len(seen["--json"]) >= 12
    assert seen["--fixed-point"] == {("compile", "precision"), ("check", "precision")}
