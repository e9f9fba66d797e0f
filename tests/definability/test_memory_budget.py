"""Large automata: the linear LTL[P]/LTL[Y] tests and the inclusion shortcuts answer the
n-th-letter-from-the-end family without quadratic memory; the memory budget refuses a
quadratic step before allocating — in the library (MemoryBudgetExceeded), on the command
line (one line, exit 2) and in a process whose address space is capped."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.engine.classify import classify
from attnlogic.kernel.errors import InputError, MemoryBudgetExceeded
from attnlogic.ltl.fragments import LTL_P, LTL_PY, LTL_S, LTL_Y
from attnlogic.ltl.parser import parse

#: P c & "the 10th letter from the end is a": locally R-trivial, neither definite nor
#: partially ordered, with an SCC of about 2^10 states whose internal pair graph is acyclic
#: (so no walk finds a cycle and the quadratic test is needed)
LR_FORMULA = "P c & " + "Y " * 10 + "a"


def test_n_th_from_the_end_is_answered_by_the_linear_tests_and_the_inclusions():
    d = regex_to_dfa("(a|b)*a" + "(a|b)" * 11)          # 4096 states
    res = {r.fragment: r for r in classify(d, windows=(), memory_budget=50_000_000).results}
    assert res[LTL_P].member is False and res[LTL_P].witness is not None
    assert res[LTL_Y].member is True and str(res[LTL_Y].formula) == "Y " * 12 + "a"
    assert res[LTL_PY].member is True and "LTL[Y] ⊆ LTL[P,Y]" in res[LTL_PY].method
    assert res[LTL_S].member is True


def test_an_internal_pair_graph_over_the_budget_is_refused():
    d = formula_to_dfa(parse(LR_FORMULA), ["a", "b", "c"])
    with pytest.raises(MemoryBudgetExceeded, match="internal pair graph of an SCC") as exc:
        classify(d, windows=(), memory_budget=10_000_000)
    assert exc.value.parameters == ("memory_budget",)
    with pytest.raises(InputError, match="memory_budget"):
        classify(d, windows=(), memory_budget=0)


def _run(code: str, limit_bytes: int):
    prog = textwrap.dedent(f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, ({limit_bytes}, {limit_bytes}))
        from attnlogic.cli import main
        sys.exit(main({code!r}.split("\\x00")))
    """)
    env = dict(os.environ, ATTNLOGIC_NO_NUMBA="1")
    return subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True, env=env,
                          timeout=300)


@pytest.mark.slow
def test_the_budget_refuses_cleanly_under_a_capped_address_space():
    # 1.5 GB of address space; the pair graph would need ~80 MB × (27 + 48) / 8 … well past
    # the 20 MB budget: one line on stderr, exit 2, no traceback, no MemoryError
    args = "\x00".join(["classify", LR_FORMULA, "--alphabet", "abc", "--memory-budget", "20M"])
    proc = _run(args, 1_500_000_000)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "memory for the internal pair graph" in lines[0]
    assert "--memory-budget" in lines[0] and "Traceback" not in proc.stderr


def test_a_bad_memory_budget_flag_is_a_usage_error(capsys):
    from attnlogic.cli import main
    with pytest.raises(SystemExit) as exc:
        main(["classify", "Y a", "--memory-budget", "lots"])
    assert exc.value.code == 2
    assert "not a size in bytes" in capsys.readouterr().err


@pytest.mark.parametrize("backend", ["numpy", "libsemigroups"])
def test_a_semigroup_over_the_budget_is_refused(backend):
    from attnlogic.definability.algebra.semigroup import libsemigroups_available, transition_semigroup
    if backend == "libsemigroups" and not libsemigroups_available():
        pytest.skip("libsemigroups is not installed")
    d = regex_to_dfa("(a|b)*a(a|b)(a|b)")
    assert transition_semigroup(d, backend=backend).size > 0      # fits the default budget
    with pytest.raises(MemoryBudgetExceeded, match="semigroup"):
        transition_semigroup(d, backend=backend, memory_budget=1000)


#: "some aa" over three letters: the depth-2 type automaton with P passes 10^5 states
AA3 = "(a|b|c)*aa(a|b|c)*"


def test_a_type_automaton_over_the_budget_is_refused():
    import tracemalloc

    from attnlogic.definability.algebra.types import type_automaton
    # window 5: a type automaton of a few thousand states that completes (with window 2
    # over two letters depth 2 gives a few hundred: at most 519 on a sample of the census)
    d = regex_to_dfa("(a|b)*a(a|b)*")
    tracemalloc.start()
    try:
        res = type_automaton(d, 5, True, 2, build_formula=False)      # the default budget
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert res.definable and res.states > 2048
    with pytest.raises(MemoryBudgetExceeded, match="type automaton at depth 2") as exc:
        type_automaton(d, 5, True, 2, build_formula=False, memory_budget=300_000)
    assert exc.value.parameters == ("memory_budget",)
    # the estimate follows the memory really held: half of the measured peak is refused
    with pytest.raises(MemoryBudgetExceeded):
        type_automaton(d, 5, True, 2, build_formula=False, memory_budget=peak // 2)
    # through classify (the window procedure does not turn it into "undecided")
    with pytest.raises(MemoryBudgetExceeded, match="type automaton"):
        classify(regex_to_dfa(AA3), windows=(2,), memory_budget=300_000)


def test_a_type_automaton_over_the_budget_on_the_command_line(capsys):
    from attnlogic.cli import main
    code = main(["classify", "--regex", AA3, "--window", "2", "--memory-budget", "300K"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1, err
    assert "memory for the type automaton" in err[0] and "--memory-budget" in err[0]
    assert "Traceback" not in err[0]
