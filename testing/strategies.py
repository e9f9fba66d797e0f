"""Hypothesis strategies for property-based tests of models and of the toolkit (public;
``pip install 'attnlogic[testing]'`` installs hypothesis).

* :func:`formulas` — formulas of a fragment (``"LTL[P]"``, ``"LTL[P,Y<=2]"``, … or None for
  every operator), shrinking towards small formulas;
* :func:`regexes` — regular expressions over an alphabet (letters, ``|``, concatenation, ``*``,
  ``+``, ``?``, parentheses), in the syntax of :func:`attnlogic.regex_to_dfa`;
* :func:`dfas` — complete DFAs;
* :func:`words` — words over an alphabet;
* :func:`words_in` / :func:`words_not_in` — words of a language / of its complement, drawn
  by walking the minimal DFA (each letter choice keeps an accepting, resp. rejecting, state
  reachable within the remaining length), so no word is rejected by a filter.

Words are ``str`` when every letter is one character, tuples of letters otherwise.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from attnlogic.automata.strategies import dfas
from attnlogic.kernel.words import separator
from attnlogic.ltl.strategies import formulas, words
from .recognition import resolve_language

__all__ = ["formulas", "regexes", "dfas", "words", "words_in", "words_not_in"]


def regexes(alphabet="ab", max_leaves: int = 8) -> st.SearchStrategy[str]:
    """Regular expressions over ``alphabet``: a letter, or e1e2, (e1|e2), (e)*, (e)+, (e)?."""
    leaves = st.sampled_from([a for a in alphabet])

    def extend(inner):
        return st.one_of(st.tuples(inner, inner).map(lambda t: t[0] + t[1]),
                         st.tuples(inner, inner).map(lambda t: f"({t[0]}|{t[1]})"),
                         inner.map(lambda e: f"({e})*"), inner.map(lambda e: f"({e})+"),
                         inner.map(lambda e: f"({e})?"))

    return st.recursive(leaves, extend, max_leaves=max_leaves)


def _language_dfa(language=None, *, formula=None, regex=None, dfa=None, alphabet=None):

    return resolve_language(formula, regex, dfa, language, alphabet).dfa


def _walk(d, max_len: int, accept: bool):
    """A strategy of words w, |w| ≤ max_len, with w ∈ L(d) iff ``accept``."""
    table = np.asarray(d.transitions)
    target = np.asarray(d.accepting, dtype=bool) == accept
    n = table.shape[0]
    # can[r][q]: from q a target state is reachable in exactly r letters
    can = [target.copy()]
    for _ in range(max_len):
        can.append(np.array([can[-1][table[q]].any() for q in range(n)]))
    ok_lengths = [m for m in range(max_len + 1) if can[m][d.initial]]
    if not ok_lengths:
        return st.nothing()
    sep = "" if separator(d.alphabet) == "" else None

    @st.composite
    def draw_word(draw):
        m = draw(st.sampled_from(ok_lengths))
        q, out = d.initial, []
        for r in range(m, 0, -1):
            choices = [a for a in range(table.shape[1]) if can[r - 1][table[q, a]]]
            a = draw(st.sampled_from(choices))
            out.append(d.alphabet[a])
            q = int(table[q, a])
        return sep.join(out) if sep is not None else tuple(out)

    return draw_word()


def words_in(language=None, max_len: int = 12, **source) -> st.SearchStrategy:
    """Words of length ≤ ``max_len`` in the language (a Language, or ``formula=``/``regex=``/
    ``dfa=`` with ``alphabet=``)."""
    return _walk(_language_dfa(language, **source), max_len, True)


def words_not_in(language=None, max_len: int = 12, **source) -> st.SearchStrategy:
    """Words of length ≤ ``max_len`` outside the language (same sources as :func:`words_in`)."""
    return _walk(_language_dfa(language, **source), max_len, False)
