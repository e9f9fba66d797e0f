"""Every potentially exponential step stops at its configured limit with a clear message.

Subset construction (regex → DFA), the formula automaton, the transition semigroup
(Froidure–Pin), and the type automaton of the window fragments: each is given a language
whose object provably exceeds a small limit, and must raise LimitExceeded (exit 2 on the
command line) instead of running on.
"""

from __future__ import annotations

import pytest

import json

from attnlogic.automata.dfa import DFA
from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.algebra.semigroup import transition_semigroup
from attnlogic.definability.algebra.types import type_automaton
from attnlogic.cli import main
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.ltl import parse


def test_subset_construction_limit():
    # the n-th letter from the end is a: the minimal DFA needs 2^n states
    with pytest.raises(LimitExceeded) as info:
        regex_to_dfa("(a|b)*a" + "(a|b)" * 12, state_limit=1000)
    assert "1000" in str(info.value) and "regex" in str(info.value)
    assert regex_to_dfa("(a|b)*a" + "(a|b)" * 6, state_limit=1000).n_states == 2 ** 7


def test_formula_automaton_limit():
    f = parse("Y" * 12 + " a")  # remembers the last 12 letters: 2^12 states before minimisation
    with pytest.raises(LimitExceeded) as info:
        formula_to_dfa(f, ["a", "b"], state_limit=500)
    assert "500" in str(info.value)
    assert formula_to_dfa(parse("Y Y Y a"), ["a", "b"]).n_states == 2 ** 3


def test_a_cached_formula_automaton_keeps_its_limit():
    """The subformulas' automata are cached across calls; one built under a larger limit is
    refused under a smaller one exactly as building it again would be (the refusal does not
    depend on what ran before: the test above failed when another test built this formula
    first in the same process)."""
    f = parse("Y" * 11 + " b")
    assert formula_to_dfa(f, ["a", "b"], state_limit=100_000).n_states == 2 ** 11
    with pytest.raises(LimitExceeded) as info:
        formula_to_dfa(f, ["a", "b"], state_limit=500)
    assert "500" in str(info.value)
    assert formula_to_dfa(f, ["a", "b"], state_limit=2 ** 12).n_states == 2 ** 11


def full_transformation_dfa(n: int = 5) -> DFA:
    """Letters: a cycle, a transposition and a merge; they generate all n^n maps of Q."""
    cycle = [(q + 1) % n for q in range(n)]
    swap = [1, 0] + list(range(2, n))
    merge = [0, 0] + list(range(2, n))
    return DFA("abc", [[cycle[q], swap[q], merge[q]] for q in range(n)], 0, [0])


def test_semigroup_limit():
    dfa = full_transformation_dfa(5)
    with pytest.raises(LimitExceeded) as info:
        transition_semigroup(dfa, limit=100)
    assert "semigroup" in str(info.value) and "100" in str(info.value)
    assert len(transition_semigroup(dfa, limit=100_000)) == 5 ** 5


def test_type_automaton_limit():
    dfa = regex_to_dfa("(a|b|c)*ab(a|b|c)*")
    with pytest.raises(LimitExceeded) as info:
        type_automaton(dfa, 2, True, 2, limit=50)
    assert "type automaton" in str(info.value)


def saturating_counter(n: int = 8) -> DFA:
    """a: q+1, b: q-1, both saturating at 0 and n-1; counter-free (aperiodic), one strongly
    connected component whose monoid has 147 elements for n = 8, so no shortcut decides it."""
    return DFA("ab", [[min(q + 1, n - 1), max(q - 1, 0)] for q in range(n)], 0,
               [q == 0 for q in range(n)])


def test_limits_on_the_command_line(tmp_path, capsys):
    d = saturating_counter(8)
    path = tmp_path / "t5.json"
    path.write_text(json.dumps({"alphabet": list(d.alphabet), "initial": 0, "accepting": [0],
                                "transitions": d.transitions.tolist()}))
    # classify reports a step that hit its limit as undecided (member null), with the reason
    assert main(["classify", "--dfa", str(path), "--limit", "100", "--json"]) == 0
    star_free = json.loads(capsys.readouterr().out)["fragments"]["LTL[S]"]
    assert star_free["member"] is None
    assert "semigroup enumeration exceeded the limit of 100" in star_free["method"]
    assert "no counter among" in star_free["method"]          # and says what was tried
    assert main(["classify", "--dfa", str(path), "--limit", "10000", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["fragments"]["LTL[S]"]["member"] is True


def _sink_file(path, n: int):
    """A DFA file declaring n states (all going to state 0, which accepts)."""
    path.write_text('{"alphabet": ["a", "b"], "initial": 0, "accepting": [0], "transitions": ['
                    + ",".join(["[0,0]"] * n) + "]}")
    return str(path)


def test_max_states_raises_the_dfa_file_bound(tmp_path, capsys):
    from attnlogic.automata.io import MAX_DFA_STATES
    from attnlogic.automata.sources import load_language
    from attnlogic.kernel.errors import FileFormatError, InputError

    big = _sink_file(tmp_path / "big.json", MAX_DFA_STATES + 1)
    # refused by default, with the parameter named (the command line adds its flag)
    with pytest.raises(FileFormatError, match="state_limit") as info:
        load_language(dfa=big)
    assert info.value.parameters == ("state_limit",)
    assert main(["dfa", "--dfa", big]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--max-states" in err and "Traceback" not in err
    # read when raised: the library's state_limit, the command line's --max-states
    assert load_language(dfa=big, state_limit=MAX_DFA_STATES + 1).dfa.n_states == 1
    assert main(["classify", "--dfa", big, "--max-states", str(MAX_DFA_STATES + 1), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["fragments"]["LTL[P]"]["member"] is True
    # and lowered
    small = _sink_file(tmp_path / "small.json", 5)
    assert main(["dfa", "--dfa", small, "--max-states", "4"]) == 2
    assert "5 states: more than state_limit = 4" in capsys.readouterr().err
    assert main(["dfa", "--dfa", small, "--max-states", "0"]) == 2
    assert "[command line: --max-states]" in capsys.readouterr().err
    with pytest.raises(InputError, match="state_limit"):
        load_language(dfa=small, state_limit=0)
