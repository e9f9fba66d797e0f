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


def test_the_memos_of_a_classification_stay_within_the_budget():
    """Context.once keeps its memos within memory_budget: past it the least recently asked are
    dropped (never the newest), and a dropped memo asked again is computed again."""
    import numpy as np

    from attnlogic.definability.contract.procedure import Context
    from attnlogic.kernel.limits import Limits

    calls = []

    def memo(name, size):
        def make(context):
            calls.append(name)
            return (name, np.zeros(size, dtype=np.uint8))
        return make

    a, b, c, big = memo("a", 40_000), memo("b", 40_000), memo("c", 40_000), memo("big", 200_000)
    context = Context(regex_to_dfa("(a|b)*a"), Limits(memory_budget=100_000))
    context.once(a), context.once(b)
    assert context.dropped == 0 and calls == ["a", "b"]
    context.once(a)                           # a asked again: b is now the least recently asked
    context.once(c)                           # 120,000 bytes: b dropped, a and c kept
    assert context.dropped == 1 and calls == ["a", "b", "c"]
    context.once(a), context.once(c)
    assert calls == ["a", "b", "c"]
    context.once(b)                           # computed again
    assert calls == ["a", "b", "c", "b"]
    got = context.once(big)                   # alone past the budget: kept, everything else dropped
    assert got[0] == "big" and context.dropped == 4
    context.once(big)
    assert calls[-1] == "big" and calls.count("big") == 1


def test_dropping_memos_changes_no_answer(monkeypatch):
    """The symmetric group S6 (a swaps states 0 and 1, b turns the 6 states one step; 720
    elements): at a budget each step fits but the memos together do not (the 720² table, the
    kernels, the orbits), memos are dropped and computed again, and every answer is the one of
    the default budget — verdicts "yes" and "no" alike."""
    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.contract.procedure import Context

    n = 6
    dfa = DFA(("a", "b"), [[{0: 1, 1: 0}.get(q, q), (q + 1) % n] for q in range(n)], 0,
              [q == 0 for q in range(n)])
    names = ["GR", "COM", "PL(GR)", "FL(AMT)", "TL(MOD)", "PL2(MOD)", "TL2(DD)", "PL(AT)", "Pol(GR)",
             "TL(GR)", "Pol2(ST)", "LTT", "LTL[S,MOD]"]
    wide = classify(dfa, windows=(), classes=names, certificates=False)
    dropped = []
    real = Context._within_budget

    def spy(self, newest):
        before = self.dropped
        real(self, newest)
        dropped.append(self.dropped - before)
    monkeypatch.setattr(Context, "_within_budget", spy)
    tight = classify(dfa, windows=(), classes=names, certificates=False, memory_budget=16_000_000)
    assert sum(dropped) > 0
    assert {c: tight[c].member for c in names} == {c: wide[c].member for c in names}
    assert {wide[c].member for c in names} == {True, False}


def test_the_footprint_of_a_memo():
    """footprint counts an array's bytes once (a view and a second reference add nothing), walks
    containers and objects' fields, and estimates a long container from its first items."""
    import sys
    from dataclasses import dataclass

    import numpy as np

    from attnlogic.kernel.footprint import SAMPLED, footprint

    a = np.zeros(100_000, dtype=np.uint8)
    assert 100_000 <= footprint(a) < 100_200
    assert footprint((a, a, a[10:], a.reshape(100, 1000))) - footprint(a) < 200

    @dataclass(frozen=True)
    class Held:
        table: np.ndarray
        rows: dict

    held = Held(np.zeros((100, 100), dtype=np.int64), {i: (i, -i) for i in range(1000, 1000 + 10 * SAMPLED)})
    exact = (80_000 + sys.getsizeof(held.rows)
             + sum(sys.getsizeof(k) + sys.getsizeof(v) + sys.getsizeof(v[1]) for k, v in held.rows.items()))
    got = footprint(held)
    assert 0.95 * exact <= got <= 1.05 * exact + 1_000
    seen: set = set()
    assert footprint(held, seen) == got and footprint(held, seen) == 0      # counted once across values
    # a large array two values hold is reported apart, by identity, so that it is summed once
    from attnlogic.kernel.footprint import SHARED_ARRAY_BYTES, footprint_parts

    table = np.zeros(SHARED_ARRAY_BYTES, dtype=np.uint8)
    (b1, big1), (b2, big2) = footprint_parts(("kernel", table[:10])), footprint_parts(("orbits", table, [1, 2]))
    assert big1 == big2 == {id(table): SHARED_ARRAY_BYTES} and b1 < 1_000 and b2 < 1_000
