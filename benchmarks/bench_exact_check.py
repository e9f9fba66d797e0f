"""Why the exact formula checker keeps its own evaluation automaton (definability/synthesis.py).

Records every ``check_formula`` call the classifier makes on the built-in suite (windows 2),
then times each call two ways: ``check_formula`` (the formula's evaluation automaton in
product with the DFA, breadth-first) and the route through the formula → DFA construction
(``formula_to_dfa`` then ``shortest_distinguishing_word``), and checks that both give a
counterexample of the same length (or both none).

    python -m benchmarks exact_check
"""

from __future__ import annotations

import time


def main() -> None:
    import attnlogic.definability.certify.certificates as certificates
    import attnlogic.definability.certify.smallest as smallest
    import attnlogic.definability.certify.synthesis as synthesis
    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.automata.operations import shortest_distinguishing_word
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.definability.engine.classify import classify
    from attnlogic.suite import SUITE

    real = synthesis.check_formula
    calls = []

    def recording(f, dfa, limit=synthesis.DEFAULT_CHECK_LIMIT):
        calls.append((f, dfa, limit))
        return real(f, dfa, limit)

    modules = (synthesis, certificates, smallest)
    for m in modules:
        m.check_formula = recording
    try:
        for lang in SUITE:
            classify(regex_to_dfa(lang.regex, lang.alphabet), windows=(2,))
    finally:
        for m in modules:
            m.check_formula = real
    t_auto = t_dfa = 0.0
    agree = 0
    slow = []
    for f, d, limit in calls:
        t = time.perf_counter()
        a = real(f, d, limit)
        ta = time.perf_counter() - t
        t = time.perf_counter()
        b = shortest_distinguishing_word(formula_to_dfa(f, d.alphabet, extend=True), d)
        tb = time.perf_counter() - t
        t_auto, t_dfa = t_auto + ta, t_dfa + tb
        agree += (a is None) == (b is None) and (a is None or len(a) == len(b))
        slow.append((ta, tb, f.size))
    slow.sort(reverse=True)
    print(f"{len(calls)} check_formula calls while classifying the suite; same answer on {agree}")
    print(f"evaluation automaton x DFA: {t_auto:.2f} s;  formula_to_dfa + distinguishing word: {t_dfa:.2f} s")
    print("slowest calls of the first (s, s, formula size):",
          ", ".join(f"({a:.3f}, {b:.3f}, {n})" for a, b, n in slow[:3]))
