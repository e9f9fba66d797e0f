"""Every default budget lives in kernel/limits.py (issue 40): the syntax trees of the library's
modules hold no numeric default of a budget anywhere else — no parameter default, no field
default, no module constant, no keyword argument in a call and no ``x or N`` — other than the
named constants below, which are not budgets, each with its reason.  A name says "budget"
when it contains one of the words of :data:`BUDGET_WORDS`; a value is numeric when it is a
number or arithmetic of numbers.  Also: one name for the state bound (``state_limit``) with
its former names as deprecated aliases, and ``--memory-budget`` untangled into one flag per
meaning."""

from __future__ import annotations

import ast
import re
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("kernel", "automata", "ltl", "compiler", "transformer", "testing", "attnlogic",
           "experiments", "definability")
BUDGET_WORDS = ("limit", "budget", "states", "elements", "instantiations", "work", "candidates",
                "checks", "memory", "capacity", "entries", "cells", "steps", "queries", "dfas")
_BUDGET = re.compile("|".join(BUDGET_WORDS), re.I)

#: named numbers whose names sound like budgets but that are not (file:name → why)
NOT_BUDGETS = {
    "kernel/display.py:LATEX_LIMIT": "display: characters of a formula shown as LaTeX",
    "kernel/display.py:WORD_DISPLAY_LIMIT": "display: letters of a word shown",
    "ltl/definitions.py:TREE_PRINT_LIMIT": "display: nodes of a formula tree printed",
    "ltl/render.py:TREE_TEXT_LIMIT": "display: characters of a tree drawing",
    "automata/drawing.py:MAX_DRAWN_STATES": "display: a drawing larger than this is unreadable",
    "attnlogic/extraction.py:TABLE_STATES": "display: the text shows the table of DFAs this small",
    "kernel/work.py:DECISION_STEPS": "a unit cost of the step count, not a bound",
    "kernel/work.py:CELL_STEPS": "a unit cost of the step count",
    "kernel/work.py:TYPE_STATE_STEPS": "a unit cost of the step count",
    "kernel/work.py:MONOID_ELEMENT_STEPS": "a unit cost of the step count",
    "kernel/work.py:CHECK_STEPS": "a unit cost of the step count",
    "kernel/work.py:CHECK_NODE_STEPS": "a unit cost of the step count",
    "kernel/work.py:CANDIDATE_STEPS": "a unit cost of the step count",
    "kernel/work.py:FORMULA_NODE_STEPS": "a unit cost of the step count",
    "kernel/work.py:SINCE_STATE_STEPS": "a unit cost of the step count",
    "kernel/work.py:SYMPY_PAIR_STEPS": "a unit cost of the step count",
    "kernel/work.py:STEPS_PER_SECOND": "the rate that turns seconds into steps (measured)",
    "automata/_compiled.py:MIN_CELLS": "which route: the compiled kernel pays off from this size",
    "automata/_compiled.py:LOADED_MIN_CELLS": "which route, once the kernel is loaded",
    "automata/graphs.py:PYTHON_SCC_CELLS": "which route: below this the Python SCC search is faster",
    "automata/minimize.py:_SCALAR_WORK": "which route: scalar refinement below this",
    "automata/minimize.py:SMALL_CELLS": "which route: small tables minimised in Python",
    "automata/regex.py:_BRZOZOWSKI_MIRROR_LIMIT": "which route: Brzozowski tried first below this",
    "compiler/plan.py:MINTERM_BUDGET": "which route: a gate from its leaves' minterms below this",
    "automata/census.py:MAX_BATCH_STATES": "what the compiled generator can represent (a machine word)",
    "compiler/check.py:TOKEN_BUDGET": "the size of a forward batch (speed), not a refusal",
    "testing/extract.py:MEMO_ENTRIES": "a cache's size (past it answers are still checked)",
    "testing/recognition.py:EXHAUSTIVE_BUDGET": "how thorough a check is by default (the words of "
                                                 "its exhaustive phase), not a refusal",
    "testing/words.py:context_words.limit": "a sample's size",
    "automata/strategies.py:dfas.max_states": "the sizes hypothesis draws in tests",
    "experiments/lm.py:LMConfig.steps": "a training run's length (a hyperparameter)",
    "experiments/train.py:TrainConfig.steps": "a training run's length (a hyperparameter)",
    "experiments/grid.py:call.steps": "the training runs of the grid (hyperparameters)",
    "experiments/lm.py:call.steps": "a training run's length (a hyperparameter)",
    "definability/certify/certificates.py:FILTER_NODE_STEPS": "a unit cost of the step count",
    "definability/certify/certificates.py:SYNTHESIS_NODE_STEPS": "a unit cost of the step count",
    "definability/fragments/aperiodic.py:LOCAL_DIVISOR_STEPS": "a unit cost of the step count",
    "definability/census/batch.py:MAX_STATES": "what the compiled kernel represents (n^n flags)",
    "definability/census/batch_classes.py:MAX_STATES": "what the compiled kernel represents (n^n entries)",
    "definability/census/batch_classes.py:FIRST_CAPACITY": "the first allocation, doubled on demand "
                                                          "(the bound is BULK_SEMIGROUP_CAPACITY)",
    "definability/census/shards.py:MAX_MAX_DFAS": "the range of the --max-dfas value, not a default",
    "definability/algebra/profiles.py:text.limit": "display: items of a profile shown",
    "definability/separation/separate_languages.py:text.limit": "display: items shown",
    "definability/separation/upward_separation.py:text.limit": "display: basis words shown",
    "definability/separation/fo2_separation.py:text.limit": "display: the separator signature shared with the other separators (unused here)",
    "definability/separation/length_separation.py:text.limit": "display: the separators' common signature (unused here)",
    "definability/separation/parikh_separation.py:text.limit": "display: the residue vectors shown of an AMT separator",
    "definability/separation/group_separation.py:text.limit": "display: the most points of a GR separator whose permutations are printed",
    "definability/separation/commutative_separation.py:text.limit": "display: the classes shown of a COM separator",
    "definability/subregular/local_order.py:text.limit": "display: items shown",
    "definability/subregular/strictly_local.py:text.limit": "display: factors shown",
    "definability/subregular/strictly_piecewise.py:text.limit": "display: subwords shown",
    "definability/subregular/tier_strictly_local.py:text.limit": "display: factors shown",
    "definability/subregular/multi_tier_strictly_local.py:text.limit": "display: permitted factors shown per tier",
    "definability/subregular/tiers.py:text.limit": "display: the text signature of every witness (unused here)",
    "definability/values/results.py:cell.limit": "display: characters of a table cell",
}


def _numeric(node) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, ast.BinOp):
        return _numeric(node.left) and _numeric(node.right)
    if isinstance(node, ast.UnaryOp):
        return _numeric(node.operand)
    return False


def _budget_defaults(path: Path, rel: str):
    """(key, line) of each numeric default of a budget-named thing in one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for st in tree.body:                       # module constants
        targets = (st.targets if isinstance(st, ast.Assign)
                   else [st.target] if isinstance(st, ast.AnnAssign) and st.value is not None else [])
        for t in targets:
            if isinstance(t, ast.Name) and _numeric(st.value) and _BUDGET.search(t.id):
                yield f"{rel}:{t.id}", st.lineno
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):   # parameter defaults
            a = node.args
            positional = a.posonlyargs + a.args
            pairs = list(zip(positional[len(positional) - len(a.defaults):], a.defaults))
            pairs += [(x, d) for x, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None]
            for arg, default in pairs:
                if _numeric(default) and _BUDGET.search(arg.arg):
                    yield f"{rel}:{node.name}.{arg.arg}", node.lineno
        elif isinstance(node, ast.ClassDef):                             # fields
            for st in node.body:
                if (isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
                        and st.value is not None and _numeric(st.value) and _BUDGET.search(st.target.id)):
                    yield f"{rel}:{node.name}.{st.target.id}", st.lineno
        elif isinstance(node, ast.Call):                                 # keyword arguments
            for kw in node.keywords:
                if kw.arg and _numeric(kw.value) and _BUDGET.search(kw.arg):
                    yield f"{rel}:call.{kw.arg}", node.lineno
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):   # `limit or 200_000`
            if any(_numeric(v) for v in node.values) and _BUDGET.search(ast.unparse(node)):
                yield f"{rel}:or", node.lineno


def _all_budget_defaults():
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel != "kernel/limits.py":
                yield from _budget_defaults(path, rel)


def test_no_numeric_budget_default_outside_kernel_limits():
    found = [f"{key} (line {line})" for key, line in _all_budget_defaults() if key not in NOT_BUDGETS]
    assert found == [], "default budgets belong in kernel/limits.py:\n" + "\n".join(found)


def test_the_scan_finds_what_it_forbids(tmp_path):
    """The scan itself: each form of a private default is found (a scan that found nothing
    could pass by being blind)."""
    p = tmp_path / "m.py"
    p.write_text("STATE_LIMIT = 10 ** 6\n"
                 "def f(x, limit: int = 200_000, *, max_states=5): return limit or 200_000\n"
                 "class C:\n    memory: int = 3 * 2 ** 30\n"
                 "g(state_limit=10_000)\n"
                 "PAGE_WIDTH = 80\n", encoding="utf-8")
    keys = {key for key, _ in _budget_defaults(p, "m.py")}
    assert keys == {"m.py:STATE_LIMIT", "m.py:f.limit", "m.py:f.max_states", "m.py:or",
                    "m.py:C.memory", "m.py:call.state_limit"}


def test_each_exception_is_still_there():
    """No stale entry: each named non-budget is still in the code (and so still looked at)."""
    keys = {key for key, _ in _all_budget_defaults()}
    assert sorted(set(NOT_BUDGETS) - keys) == []


def test_the_state_bound_has_one_name_and_the_former_ones_still_work():
    from attnlogic.automata.io import dfa_from_dict
    from attnlogic.automata.operations import shortest_distinguishing_word
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.kernel.errors import FileFormatError, LimitExceeded
    from attnlogic.kernel.limits import DEFAULT_STATE_LIMIT, Limits
    from attnlogic.automata import from_formula, nfa, operations, regex

    # one default for every construction
    assert from_formula.DEFAULT_STATE_LIMIT == nfa.DEFAULT_STATE_LIMIT == operations.DEFAULT_STATE_LIMIT \
        == regex.DEFAULT_STATE_LIMIT == DEFAULT_STATE_LIMIT
    assert Limits.of(state_limit=7).state_limit == 7
    with pytest.warns(DeprecationWarning, match="automaton_states"):
        assert Limits.of(automaton_states=7) == Limits(state_limit=7)
    with pytest.warns(DeprecationWarning, match="automaton_states"):
        assert Limits(automaton_states=7).state_limit == 7
    with pytest.warns(DeprecationWarning, match="automaton_states"):
        assert Limits(state_limit=9).automaton_states == 9
    a = regex_to_dfa("(aaaa)*", "a")          # no difference: every pair (4) is built
    assert shortest_distinguishing_word(a, a, state_limit=4) is None
    with pytest.raises(LimitExceeded):
        shortest_distinguishing_word(a, a, state_limit=2)
    with pytest.warns(DeprecationWarning, match="limit"), pytest.raises(LimitExceeded):
        shortest_distinguishing_word(a, a, limit=2)
    with pytest.raises(TypeError, match="both"):
        shortest_distinguishing_word(a, a, limit=2, state_limit=2)
    obj = {"alphabet": ["a"], "initial": 0, "accepting": [0], "transitions": [[1], [0]]}
    with pytest.raises(FileFormatError, match="state_limit"):
        dfa_from_dict(obj, state_limit=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert dfa_from_dict(obj, state_limit=2).n_states == 2


def test_memory_budget_has_one_meaning_per_flag(capsys):
    """--memory-budget bounds a deciding step's tables (Limits.memory_budget); a model's
    process is --model-memory, a server worker's --worker-memory; the former spelling of
    those two still reads as them, with a line on stderr."""
    from attnlogic.cli import build_parser
    from attnlogic.commands._common import limits_from_args

    parser = build_parser()
    args = parser.parse_args(["classify", "Y a", "--memory-budget", "20M"])
    assert limits_from_args(args).memory_budget == 20 * 2 ** 20
    for command in (["check", "Y a", "--model", "m.py:f"], ["extract", "m.py:f"]):
        args = parser.parse_args(command + ["--model-memory", "2G"])
        assert args.model_memory == 2 * 2 ** 30 and not hasattr(args, "memory_budget")
        assert capsys.readouterr().err == ""
        args = parser.parse_args(command + ["--memory-budget", "3G"])
        assert args.model_memory == 3 * 2 ** 30
        assert "former name of --model-memory" in capsys.readouterr().err
    args = parser.parse_args(["serve", "--worker-memory", "1G"])
    assert args.worker_memory == 2 ** 30
    args = parser.parse_args(["serve", "--memory-budget", "1G"])
    assert args.worker_memory == 2 ** 30 and "former name of --worker-memory" in capsys.readouterr().err
