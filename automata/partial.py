"""A complete DFA from the partial transitions a file lists: the one constructor every
reader of automata files (JSON, HOA, DOT, AT&T, GraphML, networkx, automata-lib) ends in.

A missing transition goes to a new rejecting sink state (added only when some transition is
missing), which does not change the language; two different targets for one (state,
letter) make the automaton nondeterministic and are refused, naming where the file says so.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from attnlogic.kernel.errors import FileFormatError
from attnlogic.kernel.limits import FILE_TABLE_ENTRIES

from .dfa import DFA

__all__ = ["complete_partial", "MAX_TABLE_ENTRIES"]

#: most entries of a transition table built from a file (states × letters): checked before
#: the table is allocated
MAX_TABLE_ENTRIES = FILE_TABLE_ENTRIES


def complete_partial(alphabet: Sequence[str], n: int, edges, initial: int, finals, source: str) -> DFA:
    """The complete DFA of partial ``edges`` (source, letter index, target) over states
    0..n-1: a missing transition goes to a new rejecting sink (added only when needed);
    two different targets for one (state, letter) are refused."""
    k = len(alphabet)
    if n * k > MAX_TABLE_ENTRIES:
        raise FileFormatError(source, "States", f"{n} states × {k} letters: more than {MAX_TABLE_ENTRIES} "
                                                "transitions")
    table = np.full((n, k), -1, dtype=np.int64)
    for q, i, t, where in edges:
        if table[q, i] not in (-1, t):
            raise FileFormatError(source, where, f"two transitions on letter {alphabet[i]!r} from the "
                                                 f"same state (a nondeterministic automaton; determinise it first)")
        table[q, i] = t
    acc = np.zeros(n, dtype=bool)
    acc[list(finals)] = True
    if (table < 0).any():
        table = np.vstack([table, np.full((1, k), n, dtype=np.int64)])
        table[table < 0] = n
        acc = np.append(acc, False)
    return DFA(tuple(alphabet), table, initial, acc)
