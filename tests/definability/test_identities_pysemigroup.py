"""pysemigroup (PyPI, Cyril Nicaud's group's transition-semigroup package) as an external
oracle for the identities of aperiodic, J-trivial and DA monoids, on minimal DFAs with ≤ 3
states over two letters.  Skipped when pysemigroup is not installed (the ``oracles``
extra).

pysemigroup 0.3b3 calls ``ndarray.tostring``, which numpy 2 removed; the test aliases it to
``tobytes`` (the same bytes) on pysemigroup's own matrix class before use.  Its ``is_J``
tests H-classes (it is aperiodicity again), so J-triviality and DA are read from its
Green's relations (``J_class_of_element``, ``idempotents``) here.
"""

from __future__ import annotations

import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.definability.varieties.identities import check_identities, structure_of

pysemigroup = pytest.importorskip("pysemigroup")
pytestmark = pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")  # its numpy.matrix use

APERIODIC = "[x*x=x*]"
J_TRIVIAL = "[(xy)*x = (xy)* = y(xy)*]"
DA = "[(xy)*y(xy)*=(xy)*]"


def _oracle_monoid(d):
    from pysemigroup import ring
    if not hasattr(ring.hash_matrix, "tostring"):
        ring.hash_matrix.tostring = lambda self: self.tobytes()
    from pysemigroup import Automaton, TransitionSemiGroup
    t = d.transitions
    trans = {(q, d.alphabet[a]): [int(t[q, a])] for q in range(d.n_states) for a in range(len(d.alphabet))}
    A = Automaton(trans, [int(d.initial)], [q for q in range(d.n_states) if d.accepting[q]],
                  states=list(range(d.n_states)), alphabet=list(d.alphabet))
    return TransitionSemiGroup(A, monoid=True)


def test_against_pysemigroup():
    dfas = list(minimal_dfas(3, "ab"))[::6]
    seen = {k: set() for k in ("ap", "j", "da")}
    for d in dfas:
        M = _oracle_monoid(d)
        elements = list(M)
        idem = set(M.idempotents())
        classes = [frozenset(M.J_class_of_element(x)) for x in elements]
        j_trivial = all(len(c) == 1 for c in classes)
        da = all(x in idem for c in classes if c & idem for x in c)
        st = structure_of(d, True)
        for key, text, oracle in (("ap", APERIODIC, M.is_Ap()), ("j", J_TRIVIAL, j_trivial), ("da", DA, da)):
            ans = check_identities(d, text, True, structure=st)
            assert ans.holds == oracle, (text, d)
            seen[key].add(oracle)
    assert all(v == {True, False} for v in seen.values())
