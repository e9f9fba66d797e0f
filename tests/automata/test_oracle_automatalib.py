"""Cross-check of minimisation and set operations against automata-lib (caleb531/automata)."""

from __future__ import annotations

import numpy as np
import pytest

automata = pytest.importorskip("automata")
try:
    from automata.fa.dfa import DFA as LibDFA
except ImportError:  # pragma: no cover - 'automata' resolved to something else
    pytest.skip("the imported 'automata' module is not automata-lib", allow_module_level=True)

from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize
from attnlogic.automata.operations import equivalent, intersection, union

pytestmark = pytest.mark.oracle


def to_lib(d: DFA) -> LibDFA:
    return LibDFA(states=set(range(d.n_states)), input_symbols=set(d.alphabet),
                  transitions={q: {a: int(d.transitions[q, i]) for i, a in enumerate(d.alphabet)}
                               for q in range(d.n_states)},
                  initial_state=d.initial, final_states=set(np.flatnonzero(d.accepting).tolist()))


def from_lib(m: LibDFA, alphabet) -> DFA:
    names = {s: i for i, s in enumerate(sorted(m.states, key=repr))}
    table = [[names[m.transitions[s][a]] for a in alphabet] for s in sorted(m.states, key=repr)]
    return DFA(alphabet, table, names[m.initial_state], [names[s] for s in m.final_states])


def random_dfa(rng, n, k, density):
    return DFA("abc"[:k], rng.integers(0, n, size=(n, k)), int(rng.integers(0, n)),
               rng.random(n) < density)


def test_minimisation_agrees_with_minify():
    rng = np.random.default_rng(11)
    for trial in range(150):
        n, k = int(rng.integers(1, 80)), int(rng.integers(1, 4))
        d = random_dfa(rng, n, k, rng.random())
        ours = minimize(d)
        theirs = to_lib(d).minify(retain_names=False)
        assert ours.n_states == len(theirs.states), trial
        # same language: their minimal DFA, canonicalised by us, is identical to ours
        assert minimize(from_lib(theirs, d.alphabet)) == ours, trial


def test_set_operations_and_equality_agree():
    rng = np.random.default_rng(12)
    for trial in range(60):
        a = random_dfa(rng, int(rng.integers(1, 12)), 2, 0.4)
        b = random_dfa(rng, int(rng.integers(1, 12)), 2, 0.4)
        la, lb = to_lib(a), to_lib(b)
        assert minimize(from_lib(la & lb, a.alphabet)) == intersection(a, b)
        assert minimize(from_lib(la | lb, a.alphabet)) == union(a, b)
        assert (la == lb) == equivalent(a, b)
