"""Hypothesis strategies for formulas and words, shared by every test suite.

``formulas(atoms, max_size, fragment=None)`` draws formulas of a fragment (or of the whole
logic) that shrink towards small formulas; ``words(alphabet, max_len)`` draws words as
strings (when every letter is one character) or tuples of letters.
Requires hypothesis (a test dependency), imported only by tests.
"""

from __future__ import annotations

from hypothesis import strategies as st

from ..kernel.words import separator
from .formula import (FALSE, TRUE, And, Atom, Formula, Historically, Iff, Implies, Not, Once, Or,
                      Past, Since, Xor, Yesterday)
from .fragments import Fragment

__all__ = ["formulas", "words", "FRAGMENTS"]

FRAGMENTS = ("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]", "all")


def _fragment_ops(fragment: str | None, windows) -> tuple[tuple[str, ...], tuple[int, ...]]:
    if fragment in (None, "all"):
        return ("P", "Y", "O", "H", "S"), tuple(windows)
    f = Fragment.parse(fragment)
    ops = (("P",) if f.past else ()) + (("Y",) if f.window is not None else ()) + (("S",) if f.since else ())
    return ops, (() if f.window is None else (f.window,))


def formulas(atoms=("a", "b"), max_size: int = 12, fragment: str | None = None,
             windows=(1, 2, 3), constants: bool = True) -> st.SearchStrategy[Formula]:
    """Formulas over ``atoms`` in ``fragment`` (``None``/``"all"``: every operator)."""
    ops, ks = _fragment_ops(fragment, windows)
    leaf_options = [st.sampled_from([Atom(a) for a in atoms])]
    if constants:
        leaf_options.append(st.sampled_from([TRUE, FALSE]))
    leaves = st.one_of(*leaf_options)

    def extend(children):
        unary = [children.map(Not)]
        if "P" in ops:
            unary.append(children.map(Past))
        if "Y" in ops and ks:
            unary.append(st.tuples(children, st.sampled_from(ks)).map(lambda t: Yesterday(*t)))
        if "O" in ops:
            unary.append(children.map(Once))
        if "H" in ops:
            unary.append(children.map(Historically))
        binary_ops = [And, Or, Implies, Iff, Xor] + ([Since] if "S" in ops else [])
        binary = st.tuples(st.sampled_from(binary_ops), children, children).map(lambda t: t[0](t[1], t[2]))
        return st.one_of(*unary, binary)

    return st.recursive(leaves, extend, max_leaves=max(1, max_size // 2)).filter(
        lambda f: f.size <= max_size)


def words(alphabet=("a", "b"), min_len: int = 0, max_len: int = 8):
    """Words over ``alphabet``: ``str`` when all letters are single characters, else tuples."""
    alphabet = tuple(alphabet)
    letters = st.lists(st.sampled_from(alphabet), min_size=min_len, max_size=max_len)
    if separator(alphabet) == "":
        return letters.map("".join)
    return letters.map(tuple)
