"""Every step whose cost can explode has a budget: a parameter with a default, a refusal
(LimitExceeded / InputError) naming the parameter, and — where the step is cheap once done
right — the large input computed exactly (a hang guard, never a timed assertion).  Each budget is fired here with a small value."""

from __future__ import annotations

import signal

import pytest

from attnlogic.kernel.errors import InputError, LimitExceeded
from attnlogic.ltl import parse


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang()


#: seconds after which a call counts as hung: a guard against an exponential construction
#: (2^k states for a window k of 10^5 would never end), not a speed requirement (speed is
#: measured in benchmarks/, never asserted in a test); generous for a loaded machine
HANG_GUARD = 600


def _guarded(fn, *args, **kw):
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_GUARD)
    try:
        return fn(*args, **kw)
    except _Hang:
        pytest.fail(f"{fn.__name__} ran past {HANG_GUARD} s: hung")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_parse_length_and_height_budgets():
    with pytest.raises(LimitExceeded) as e:
        parse("a & b & c", max_length=5)
    assert e.value.parameters == ("max_formula_length",)
    with pytest.raises(LimitExceeded) as e:
        parse("!!!!a", max_height=3)
    assert e.value.parameters == ("max_height",)
    assert parse("!!!!a", max_height=5).height == 5


def test_window_digits_are_refused_before_conversion():
    from attnlogic.kernel.errors import ParseError

    with pytest.raises(ParseError, match="digits"):
        parse("Y[<=" + "9" * 100_000 + "] a")


def test_formula_to_dfa_state_and_temporal_budgets():
    from attnlogic.automata.from_formula import formula_to_dfa

    with pytest.raises(LimitExceeded) as e:
        _guarded(formula_to_dfa, parse("Y[<=300] a & Y[<=299] b"), state_limit=100)
    assert "states" in str(e.value)
    with pytest.raises(LimitExceeded) as e:
        formula_to_dfa(parse("P " * 30 + "a"), temporal_limit=20)
    assert e.value.parameters == ("temporal_limit",)
    d = formula_to_dfa(parse("P " * 30 + "a"), temporal_limit=30)   # over {a}: length >= 30
    assert d.n_states == 31 and d.accepts(["a"] * 30) and not d.accepts(["a"] * 29)


def test_large_windows_are_built_exactly_without_hanging():
    """Y[<=k] is built without a k² table: over {a} (the issue's `dfa 'Y[<=1000000] a'`)
    it is "non-empty" (2 states); over {a, b}, 'an a among the last k letters', k + 1 states."""
    from attnlogic.automata.from_formula import formula_to_dfa

    d = _guarded(formula_to_dfa, parse("Y[<=1000000] a"))
    assert d.n_states == 2 and d.accepts(["a"]) and not d.accepts([])
    k = 20_000
    d = _guarded(formula_to_dfa, parse(f"Y[<={k}] a"), ["a", "b"])
    assert d.n_states == k + 1
    assert d.accepts(["a"] + ["b"] * (k - 1)) and not d.accepts(["a"] + ["b"] * k)


@pytest.mark.slow
def test_a_conjunction_of_large_windows_is_built_exactly_without_hanging():
    """The issue's `dfa 'Y[<=99999] a & Y[<=99998] b'` (over 30 s before: the leaf counters
    refined by Hopcroft and a quadratic hand-back in its refinement).  The reachable
    distances (since the last a, since the last b, capped at the windows) are the start and
    (0, j), (j, 0): 1 + K2 + K1 states, all told apart (a run of one letter long enough
    to leave a window).  Membership on long words agrees with the reference evaluator."""
    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.ltl import accepts

    k1, k2 = 99_999, 99_998
    f = parse(f"Y[<={k1}] a & Y[<={k2}] b")
    d = _guarded(formula_to_dfa, f)
    assert d.n_states == 1 + k1 + k2
    for w in (["a"] + ["b"] * (k1 - 1), ["a"] + ["b"] * k1, ["b"] + ["a"] * (k2 - 1),
              ["b"] + ["a"] * k2, ["a", "b"], ["a"] * 5):
        assert d.accepts(w) == accepts(f, w), len(w)


def test_classify_of_a_large_window_answers():
    from attnlogic.automata.sources import load_language
    from attnlogic.definability.engine.classify import classify

    lang = load_language(formula="Y[<=10000] a")
    cl = _guarded(classify, lang.dfa, minimal=True, hints=(lang.formula,), search_budget=0)
    assert cl["LTL[Y]"].member is True


def test_compile_width_budget():
    from attnlogic.compiler.plan import plan_formula

    f = parse(" & ".join(f"P a{i}" for i in range(30)))
    with pytest.raises(LimitExceeded) as e:
        plan_formula(f, max_width=20)
    assert e.value.parameters == ("max_width",)
    assert plan_formula(f, max_width=200).width <= 200


def test_decided_windows_are_bounded():
    from attnlogic.definability.engine.classify import MAX_DECIDED_WINDOW, questions

    assert questions((MAX_DECIDED_WINDOW,))
    with pytest.raises(InputError) as e:
        questions((MAX_DECIDED_WINDOW + 1,))
    assert e.value.parameters == ("windows",)


def test_dfa_file_size_and_state_budgets(tmp_path):
    from attnlogic.automata.io import read_dfa_file
    from attnlogic.kernel.errors import FileFormatError

    p = tmp_path / "d.json"
    p.write_text('{"alphabet": ["a"], "initial": 0, "accepting": [0], "transitions": [[0], [1]]}')
    assert read_dfa_file(str(p)).n_states == 2
    with pytest.raises(InputError, match="max_bytes"):
        read_dfa_file(str(p), max_bytes=10)
    with pytest.raises(FileFormatError, match="state_limit") as e:
        read_dfa_file(str(p), state_limit=1)
    assert e.value.parameters == ("state_limit",)
    # the former name keeps working, with a DeprecationWarning
    with pytest.warns(DeprecationWarning, match="max_states"), pytest.raises(FileFormatError, match="state_limit"):
        read_dfa_file(str(p), max_states=1)
    with pytest.raises(InputError, match="max_bytes"):
        _guarded(read_dfa_file, "/dev/zero", max_bytes=1_000_000)


def test_check_ranges_name_the_parameter():
    from attnlogic.compiler.check import MAX_CHECK_LENGTH, check_ranges

    check_ranges(MAX_CHECK_LENGTH, 0, 0)
    for kw, name in (({"max_length": MAX_CHECK_LENGTH + 1}, "max_length"), ({"seed": -1}, "seed"),
                     ({"samples": -1}, "samples"), ({"max_length": True}, "max_length")):
        args = {"max_length": 10, "samples": 1, "seed": 0, **kw}
        with pytest.raises(InputError) as e:
            check_ranges(**args)
        assert e.value.parameters == (name,)
