"""The budgets of every potentially exponential step, as one immutable value.

A :class:`Limits` is built once (by the caller, or from a function's keyword arguments by
:meth:`Limits.of`), validated once when built (each field an integer in its range; a bad
value raises :class:`~attnlogic.kernel.errors.InputError` naming the parameter), and passed down:
classification, the census, separations and the command line all read their bounds from
it.  Each field has one meaning:

``max_depth``
    the deepest level of type refinement (temporal depth of the formulas compared), ≥ 1;
``semigroup_elements``
    elements of the syntactic semigroup enumerated (LTL[S] = aperiodic);
``type_states``
    states of a type automaton or a window-type occurrence automaton (the window fragments);
``synthesis_states``
    states built while synthesising a certificate formula (suffix classes, subsets in an
    SCC, star-free constructions);
``check_states``
    product states (formula × DFA) of the exact check of a certificate, and states of the
    formula's DFA when the product is checked that way;
``search_budget``
    candidate formulas evaluated in the search for small certificates, over a whole
    classification (0: no search);
``certificate_factor``
    the certificates of a classification (synthesis, simplification, exact checks,
    shrinking, the search) may do at most this many times the work of its decisions, plus
    :data:`CERTIFICATE_FLOOR` steps (:mod:`attnlogic.kernel.work`); past it a member answer
    stands without a formula and says so;
``certificate_seconds``
    wall-clock seconds each answer's certificate may take when the step budget above refused
    it (and the whole budget of a subregular class's certificate, which is not counted in
    steps: it may also take ``certificate_factor`` × its decision's time): a certificate is
    built whenever it fits either budget; 0 turns this off.  The clock decides only
    *whether* a certificate is built, never which one, nor any verdict
    (:func:`attnlogic.kernel.work.deadline`);
``memory_budget``
    bytes for every table quadratic or worse in the number of states (pair graphs,
    semigroup elements × states, type tables): refused before allocating;
``instantiations``
    assignments of elements to the variables of identities checked on a syntactic monoid
    or semigroup (|M|^variables; ``definability/identities.py``);
``automaton_states``
    states of the automata built from a formula or regex, and of a DFA file (None: each
    construction's own default; 200,000 for a file; ``--max-states`` on the command line).

``limit`` is the documented alias of the library functions and of the command line's
``--limit``: it sets ``semigroup_elements``, ``type_states`` and ``synthesis_states`` together
(the bounds of deciding); the exact check of a certificate keeps its own ``check_states``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .errors import DEFAULT_MEMORY_BUDGET, InputError
from .validate import integer, number

__all__ = ["Limits", "DEFAULT_LIMIT", "DEFAULT_MAX_DEPTH", "DEFAULT_SEARCH_BUDGET",
           "SEARCH_PER_FRAGMENT", "LIMIT_ALIAS", "DEFAULT_INSTANTIATIONS",
           "DEFAULT_CERTIFICATE_FACTOR", "CERTIFICATE_FLOOR", "DEFAULT_CERTIFICATE_SECONDS"]

#: the default bound of every exponential step of deciding (elements, states)
DEFAULT_LIMIT = 50_000
#: the default depth of type refinement
DEFAULT_MAX_DEPTH = 3
#: candidate formulas per classification in the search for small certificates
DEFAULT_SEARCH_BUDGET = 900_000
#: ... and at most this many for one fragment
SEARCH_PER_FRAGMENT = 300_000

#: certificates may cost at most this many times the decisions (steps, :mod:`.work`) ...
DEFAULT_CERTIFICATE_FACTOR = 10
#: ... plus this many steps (about 50 ms: the exact checks, tidying and a short search of the small
#: certificates of a 3-state language, whose decisions take a few hundred steps)
CERTIFICATE_FLOOR = 5 * 10 ** 4
#: wall-clock seconds an answer's certificate may take beyond the step budget (issue 38: the
#: step budget refused formulas built in tens of milliseconds)
DEFAULT_CERTIFICATE_SECONDS = 1.0

#: the default bound on the instantiations of identities checked (|M|^variables)
DEFAULT_INSTANTIATIONS = 5_000_000

#: the fields that the alias ``limit`` sets
LIMIT_ALIAS = ("semigroup_elements", "type_states", "synthesis_states")

#: the least value of each field (``automaton_states`` may also be None)
_MINIMUM = {"max_depth": 1, "semigroup_elements": 1, "type_states": 1, "synthesis_states": 1,
            "check_states": 1, "search_budget": 0, "certificate_factor": 0, "memory_budget": 1, "automaton_states": 1,
            "instantiations": 1, "certificate_seconds": 0}
#: the fields that are seconds (finite numbers, not integers), with their largest value
_NUMBERS = {"certificate_seconds": 86_400.0}


@dataclass(frozen=True)
class Limits:
    """Every budget of a computation (module docstring); immutable, validated when built."""

    max_depth: int = DEFAULT_MAX_DEPTH
    semigroup_elements: int = DEFAULT_LIMIT
    type_states: int = DEFAULT_LIMIT
    synthesis_states: int = DEFAULT_LIMIT
    check_states: int = DEFAULT_LIMIT
    search_budget: int = DEFAULT_SEARCH_BUDGET
    certificate_factor: int = DEFAULT_CERTIFICATE_FACTOR
    certificate_seconds: float = DEFAULT_CERTIFICATE_SECONDS
    memory_budget: int = DEFAULT_MEMORY_BUDGET
    automaton_states: int | None = None
    instantiations: int = DEFAULT_INSTANTIATIONS

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "automaton_states" and value is None:
                continue
            if f.name in _NUMBERS:
                object.__setattr__(self, f.name, number(f.name, value, _MINIMUM[f.name], _NUMBERS[f.name]))
                continue
            object.__setattr__(self, f.name, integer(f.name, value, _MINIMUM[f.name]))

    @classmethod
    def of(cls, limits: "Limits | None" = None, *, limit: int | None = None,
           **given) -> "Limits":
        """``limits`` (default: the defaults) with the keyword arguments that were given
        (not None) replacing its fields; ``limit`` sets the fields of :data:`LIMIT_ALIAS`.
        Each value is validated under the name it was given by: ``Limits.of(limit=0)``
        raises InputError naming ``limit``, ``Limits.of(max_depth=-5)`` naming
        ``max_depth``."""
        if limits is not None and not isinstance(limits, Limits):
            raise InputError(f"limits: a Limits value, got {type(limits).__name__}",
                             parameters=("limits",))
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(given) - names)
        if unknown:
            raise TypeError(f"Limits has no field {unknown[0]!r}")
        changes = {}
        if limit is not None:
            value = integer("limit", limit, 1)
            changes.update({name: value for name in LIMIT_ALIAS})
        for name, value in given.items():
            if value is not None:
                changes[name] = (number(name, value, _MINIMUM[name], _NUMBERS[name]) if name in _NUMBERS
                                 else integer(name, value, _MINIMUM[name]))
        return replace(limits or cls(), **changes) if changes else (limits or cls())

    def to_json(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}
