"""What a fragment family's decision procedure is, and the workspace it runs in.

A :class:`Procedure` answers the fragments it :meth:`~Procedure.handles` on one minimal DFA:
``decide(fragment, context, results) -> FragmentResult``, where ``results`` holds the
answers already given in this classification (an earlier fragment's certificate or
witness may settle a later one through a known inclusion).  The procedures are listed in
:mod:`.registry`; :func:`.classify.classify` is the loop over them.

A :class:`Context` is the per-classification workspace: the minimal DFA, its SCCs, the
limits, and the DFA-level verdicts computed so far (each test runs at most once per
classification, whichever procedure asks first).
"""

from __future__ import annotations

from typing import Callable

from ..automata.graphs import SCCs, dfa_sccs
from ..ltl.fragments import Fragment
from .results import FragmentResult, Verdict

__all__ = ["Context", "Procedure"]


class Context:
    """The minimal DFA ``dfa``, ``limit`` (every exponential step: semigroup elements,
    type-automaton states), ``max_depth`` (type refinement), and memoised verdicts."""

    def __init__(self, dfa, limit: int, max_depth: int):
        self.dfa = dfa
        self.limit = limit
        self.max_depth = max_depth
        self._sccs: SCCs | None = None
        self._verdicts: dict = {}

    @property
    def sccs(self) -> SCCs:
        if self._sccs is None:
            self._sccs = dfa_sccs(self.dfa)
        return self._sccs

    def verdict(self, test: Callable[["Context"], Verdict]) -> Verdict:
        """``test(context)``, computed once per classification."""
        if test not in self._verdicts:
            self._verdicts[test] = test(self)
        return self._verdicts[test]


class Procedure:
    """One fragment family's decision procedure (subclasses set ``family``)."""

    family: str = ""

    def handles(self, fragment: Fragment) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def decide(self, fragment: Fragment, context: Context,
               results: dict[Fragment, FragmentResult]) -> FragmentResult:  # pragma: no cover
        raise NotImplementedError
